// The engine wheel's files, written into Pyodide's file system by the engine worker.
// Issue 29: Pyodide's own `unpackArchive` runs Python's zipfile and shutil inside the
// interpreter, one small write after the other through the emulated file system, and then
// `importlib.invalidate_caches()`, which imports importlib.metadata (email, csv, zipfile…):
// over half a second of the worker's time on the 2-core dev box, right when the page makes
// its first calls. The build stores the wheel's files uncompressed (scripts/build_site.py;
// the transfer is gzipped anyway), so each file here is a slice of the wheel written whole.
// Deflated entries (another wheel) are inflated by the browser.

const decoder = new TextDecoder();

/** The bytes of one entry: stored as is (method 0) or raw deflate (method 8). */
async function inflate(method, data, size, name) {
  if (method === 0) return data;
  if (method !== 8) throw new Error(`${name}: zip method ${method} is not supported`);
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  const out = new Uint8Array(await new Response(stream).arrayBuffer());
  if (out.length !== size) throw new Error(`${name}: ${out.length} bytes, expected ${size}`);
  return out;
}

/**
 * The files of the zip archive `bytes` (a Uint8Array), as `[name, contents]` pairs (names
 * relative, "/"-separated; directories left out). Throws on anything that is not a plain zip
 * or on a name that would leave the folder it is unpacked into.
 */
export async function unzip(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;  // the end-of-directory record (after it: a comment, if any)
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error("not a zip archive");
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const files = [];
  for (let i = 0; i < count; i++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("damaged zip directory");
    const method = view.getUint16(at + 10, true);
    const packed = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (name.endsWith("/")) continue;
    if (name.startsWith("/") || name.split("/").includes("..")) throw new Error(`unsafe zip entry ${name}`);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    files.push(inflate(method, bytes.subarray(start, start + packed), size, name)
      .then((contents) => [name, contents]));
  }
  return Promise.all(files);
}

// Python's finders of folders cache their listings: forget them (not the stdlib zip's, whose
// re-reading is slow, and without importlib.invalidate_caches(), which imports a lot).
const FORGET = `
def _forget():
    import sys
    from importlib.machinery import FileFinder
    for finder in list(sys.path_importer_cache.values()):
        if isinstance(finder, FileFinder):
            finder.invalidate_caches()
_forget()
del _forget
`;

/** Write the zip archive `bytes` into Pyodide's file system under `folder` (absolute), then
 * let Python's import system see the new files. */
export async function unpackInto(py, bytes, folder) {
  const made = new Set();  // folders already made
  for (const [name, contents] of await unzip(bytes)) {
    const path = `${folder}/${name}`;
    const parent = path.slice(0, path.lastIndexOf("/"));
    if (!made.has(parent)) {
      py.FS.mkdirTree(parent);
      made.add(parent);
    }
    py.FS.writeFile(path, contents);
  }
  py.runPython(FORGET);
}
