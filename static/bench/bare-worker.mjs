// Bare Pyodide in a module worker: boots the interpreter, answers one call. Baseline only.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

const py = await loadPyodide();
postMessage(py.runPython("import json, sys; json.dumps({'python': sys.version.split()[0]})"));
