// Build step (Node 20): a Pyodide memory snapshot taken right after the engine is imported.
// Usage: node scripts/make_snapshot.mjs <pyodide.mjs> <engine wheel> <out file> <key>
//
// It boots the vendored Pyodide with `_makeSnapshot` (experimental), unpacks the engine wheel
// where the page's worker puts it (PyScript "files": the working directory /home/pyodide),
// imports kassen.web.api and every ruleset, stamps `kassen._snapshot_key` (the page checks it after a restore)
// and writes `pyodide.makeMemorySnapshot()`: the whole wasm heap plus Pyodide's header with
// the runtime's build id. Only Python state is kept; the page rewrites the files (stdlib zip,
// wheel) into Pyodide's file system exactly as on a normal boot.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [pyodideMjs, wheelPath, outPath, key] = process.argv.slice(2);
if (!key) {
  console.error("usage: make_snapshot.mjs <pyodide.mjs> <wheel> <out> <key>");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(pyodideMjs).href);
const started = performance.now();
const py = await loadPyodide({ _makeSnapshot: true, stdout: () => {}, stderr: (line) => console.error(line) });
py.unpackArchive(new Uint8Array(readFileSync(wheelPath)), "wheel", { extractDir: "." });
py.runPython(`
import kassen, kassen.web.api
kassen.core.registry.all_rulesets()  # every ruleset imported, so first calls import nothing
kassen._snapshot_key = ${JSON.stringify(key)}
del kassen
`);
const snapshot = py.makeMemorySnapshot();
writeFileSync(outPath, snapshot);
console.log(JSON.stringify({ bytes: snapshot.length, version: py.version,
                             seconds: (performance.now() - started) / 1000 }));
