// Build step (Node 20): a Pyodide memory snapshot taken right after the engine is imported.
// Usage: node scripts/make_snapshot.mjs <pyodide.mjs> <engine wheel> <out file> <key> <worker.py>
//
// It boots the vendored Pyodide with `_makeSnapshot` (experimental), unpacks the engine wheel
// where the page's worker puts it (the working directory /home/pyodide, as PyScript's "files" did),
// imports static/py/worker.py as the module `kassen_worker` (the engine worker takes its API
// from there, issue 29), kassen.web.lab and every ruleset, stamps `kassen._snapshot_key` (the page checks it after a restore) and writes `pyodide.makeMemorySnapshot()`: the whole wasm heap plus Pyodide's header with
// the runtime's build id. Only Python state is kept; the page rewrites the files (stdlib zip,
// wheel) into Pyodide's file system exactly as on a normal boot.
//
// Half of the heap is empty pages, so the file leaves them out ("KSN1": magic, the snapshot's
// length, the page size, a bitmap of non-empty pages, then those pages; static/js/snapshot.mjs
// unpacks it). 31 MB become about 16 MB, and unpacking is a plain copy (gzip made 7 MB, but
// inflating it added about 0.5 s to every repeat visit on the 2-core dev box).
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [pyodideMjs, wheelPath, outPath, key, workerPy] = process.argv.slice(2);
if (!workerPy) {
  console.error("usage: make_snapshot.mjs <pyodide.mjs> <wheel> <out> <key> <worker.py>");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(pyodideMjs).href);
const started = performance.now();
const py = await loadPyodide({ _makeSnapshot: true, stdout: () => {}, stderr: (line) => console.error(line) });
py.unpackArchive(new Uint8Array(readFileSync(wheelPath)), "wheel", { extractDir: "." });
py.FS.writeFile("kassen_worker.py", readFileSync(workerPy));  // where engine-worker.mjs puts it
py.runPython(`
import kassen, kassen.web.api, kassen.web.lab, kassen_worker
kassen.core.registry.all_rulesets()  # every ruleset imported, so first calls import nothing
kassen._snapshot_key = ${JSON.stringify(key)}
del kassen
`);
const snapshot = py.makeMemorySnapshot();
const file = pack(snapshot);
writeFileSync(outPath, file);
// bytes: the snapshot's own length; sha256: of the file (the page checks the file as cached)
console.log(JSON.stringify({ bytes: snapshot.length, version: py.version,
                             sha256: createHash("sha256").update(file).digest("hex"),
                             seconds: (performance.now() - started) / 1000 }));

/** The snapshot without its empty pages (format above). */
function pack(bytes, pageSize = 4096) {
  const pages = Math.ceil(bytes.length / pageSize);
  const padded = new Uint8Array(pages * pageSize);  // every kept page is a whole page
  padded.set(bytes);
  const bitmap = new Uint8Array(Math.ceil(pages / 8));
  const kept = [];
  for (let i = 0; i < pages; i++) {
    const page = padded.subarray(i * pageSize, (i + 1) * pageSize);
    if (page.some((b) => b !== 0)) {
      bitmap[i >> 3] |= 1 << (i & 7);
      kept.push(page);
    }
  }
  const header = new Uint32Array([0x314e534b /* "KSN1" */, bytes.length, pageSize, pages]);
  return Buffer.concat([new Uint8Array(header.buffer), bitmap, ...kept]);
}
