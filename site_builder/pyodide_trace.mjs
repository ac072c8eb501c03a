// Which files of python_stdlib.zip the engine needs in the browser, by running it:
//   node site_builder/pyodide_trace.mjs <pyodide dir> <engine wheel> <modules.json> <out.json>
// Starts Pyodide as the browser worker does (loadPyodide, unpackArchive of the wheel), imports
// every engine module and every module the engine's source names (modules.json:
// {"engine": [...], "imported": [...]}, from site_builder/pyodide_trim.py), runs every op of every
// game (pyodide_exercise.py: good requests and bad ones, so error paths run too), makes a memory
// snapshot like pyodide_snapshot.mjs, and writes the zip members of every module then loaded:
// {"members": ["json/__init__.py", ...]}.
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [pyodideDir, wheel, modulesFile, out] = process.argv.slice(2);
const base = pyodideDir.endsWith('/') ? pyodideDir : `${pyodideDir}/`;
const { loadPyodide } = await import(pathToFileURL(`${base}pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: base, packages: [], _makeSnapshot: true });
pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), 'wheel');
pyodide.globals.set('MODULES', pyodide.toPy(JSON.parse(readFileSync(modulesFile, 'utf8'))));

pyodide.runPython(readFileSync(new URL('./pyodide_exercise.py', import.meta.url), 'utf8'));
pyodide.runPython('exercise(MODULES["engine"] + MODULES["imported"])');
try {
  pyodide.runPython('raise ValueError("a Python error reaching JavaScript")');
} catch {
  // the worker reports such errors: formatting them may import more (traceback)
}
pyodide.makeMemorySnapshot();

const members = pyodide.runPython(`
import sys
PREFIX = "/lib/python%d%d.zip/" % sys.version_info[:2]
sorted({m.__file__[len(PREFIX):] for m in list(sys.modules.values())
        if isinstance(getattr(m, "__file__", None), str) and m.__file__.startswith(PREFIX)})
`).toJs();
writeFileSync(out, JSON.stringify({ members }, null, 1));
