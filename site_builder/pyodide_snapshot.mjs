// Write a memory snapshot of a freshly started Pyodide (gzip-compressed), for faster starts:
//   node site_builder/pyodide_snapshot.mjs <Pyodide dir> <output .gz file>
// <Pyodide dir> holds the files the site ships (the trimmed ones, site_builder/pyodide_trim.py):
// a snapshot only fits the very standard library zip it was made with.
// The browser worker restores it with loadPyodide({_loadSnapshot}) once the file is cached.
import { gzipSync } from 'node:zlib';
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [pyodideDir, out] = process.argv.slice(2);
const base = pyodideDir.endsWith('/') ? pyodideDir : `${pyodideDir}/`;
const { loadPyodide } = await import(pathToFileURL(`${base}pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: base, packages: [], _makeSnapshot: true });
writeFileSync(out, gzipSync(pyodide.makeMemorySnapshot(), { level: 6 }));
