// Write a memory snapshot (gzip-compressed) of Pyodide started with the engine already imported,
// for faster starts:
//   node site_builder/pyodide_snapshot.mjs <Pyodide dir> <engine wheel> <output .gz file>
// <Pyodide dir> holds the files the site ships (the trimmed ones, site_builder/pyodide_trim.py):
// a snapshot only fits the very standard library zip it was made with.
// The wheel is unpacked and the engine imported as the browser worker does it (core/engine-worker.js),
// and Python's __main__ gets KRADAN_ENGINE_WHEEL = the first 12 hex digits of the wheel's sha256 (the
// name of its folder in the site): the worker restores the snapshot with loadPyodide({_loadSnapshot})
// only for that wheel, unpacks the wheel again (the files are not in the snapshot, only Python's
// memory) and takes call_json from the module already imported.
// Pyodide refuses to snapshot a heap that refers to JavaScript objects it cannot find again by
// name (makeMemorySnapshot throws): the engine imports nothing from JavaScript, and nothing here
// keeps a Python object on the JavaScript side.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [pyodideDir, wheel, out] = process.argv.slice(2);
const base = pyodideDir.endsWith('/') ? pyodideDir : `${pyodideDir}/`;
const wheelBytes = new Uint8Array(readFileSync(wheel));
const wheelId = createHash('sha256').update(wheelBytes).digest('hex').slice(0, 12);
const { loadPyodide } = await import(pathToFileURL(`${base}pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: base, packages: [], _makeSnapshot: true });
pyodide.unpackArchive(wheelBytes, 'wheel');
pyodide.runPython(`import engine.api\nKRADAN_ENGINE_WHEEL = ${JSON.stringify(wheelId)}`);
writeFileSync(out, gzipSync(pyodide.makeMemorySnapshot(), { level: 6 }));
