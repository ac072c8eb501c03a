/**
 * Module worker: loads self-hosted Pyodide and the engine wheel, then answers
 * {id, request: JSON text} with {id, reply: JSON text} through engine.api.call_json.
 * engine-client.js sends one request at a time and waits for its answer before the next.
 * Messages in: {type: 'init', pyodide: base URL, wheel: URL}, then requests.
 * Messages out: {type: 'ready', from: 'snapshot' | 'fresh', marks} | {type: 'failed', message} | {id, reply} | {id, error}.
 * `marks`: when each loading step ended, in ms since the epoch (the page turns them into its own
 * clock): init (the message came), module (pyodide.mjs imported, the cached snapshot looked up),
 * python (Pyodide started), wheel (the engine unpacked), import (the engine imported: a fresh start
 * only), bridge (call_json in hand).
 *
 * Pyodide's memory snapshot (site_builder/pyodide_snapshot.mjs) holds the engine already imported:
 * restored, it still gets the wheel unpacked (the snapshot holds Python's memory, not its files,
 * and a later lazy import needs them) but the engine is not imported again. It is named by the
 * wheel it holds, and says so itself (KRADAN_ENGINE_WHEEL): one made for another wheel is refused.
 */

const IMPORT = `
from engine.api import call_json

call_json
`;
// From a snapshot: the module the snapshot holds (reading sys.modules imports nothing).
const KEPT = `
import sys

sys.modules['engine.api'].call_json
`;

let callEngine = null;
const marks = {};
const mark = (step) => { marks[step] = performance.timeOrigin + performance.now(); };

/** Fetch the wheel's bytes (in parallel with Pyodide's own start-up). */
async function fetchWheel(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not load the engine wheel ${url} (HTTP ${response.status})`);
  return response.arrayBuffer();
}

/**
 * Pyodide's memory snapshot if this browser already has it in its HTTP cache, else null.
 * Restoring it skips Python's own start-up (about a second on a phone).
 */
async function cachedSnapshot(url) {
  try {
    const response = await fetch(url, { cache: 'only-if-cached', mode: 'same-origin' });
    if (!response.ok) return null;
    const bytes = await response.arrayBuffer();
    const gzipped = new Uint8Array(bytes, 0, 2).join() === '31,139'; // a host may have decoded it already
    if (!gzipped) return bytes;
    return await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer();
  } catch {
    return null;
  }
}

/**
 * After a start without it, fetch the snapshot into the HTTP cache for next time, unless data is
 * scarce; `replace`: the cached one was refused, so past the HTTP cache.
 */
function prefetchSnapshot(url, replace) {
  const connection = self.navigator.connection;
  if (connection && (connection.saveData || /2g|3g/.test(connection.effectiveType || ''))) return;
  fetch(url, replace ? { cache: 'reload' } : {}).then((response) => response.arrayBuffer()).catch(() => {});
}

/**
 * The wheel's id: its folder's name, the first 12 hex digits of its sha256 (site_builder/assets.py).
 * @param {string} wheel
 */
const wheelId = (wheel) => new URL(wheel, self.location.href).pathname.split('/').at(-2) || '';

/**
 * Load Pyodide from `base` (from the snapshot of this wheel's engine when cached) and unpack the
 * engine wheel. Returns [the Python call function, 'snapshot' | 'fresh'].
 */
async function load(base, wheel) {
  const wheelBytes = fetchWheel(wheel);
  wheelBytes.catch(() => {}); // reported below, once Pyodide is up
  const id = wheelId(wheel);
  const snapshotUrl = `${base}snapshot-${id}.bin.gz`;
  const [{ loadPyodide }, snapshot] = await Promise.all([import(`${base}pyodide.mjs`), cachedSnapshot(snapshotUrl)]);
  mark('module');
  let pyodide = null;
  let refused = false;
  if (snapshot) {
    pyodide = await loadPyodide({ indexURL: base, packages: [], _loadSnapshot: snapshot }).catch(() => null);
    refused = Boolean(pyodide) && pyodide.globals.get('KRADAN_ENGINE_WHEEL') !== id; // another engine's
    if (refused) pyodide = null;
  }
  const from = pyodide ? 'snapshot' : 'fresh';
  if (!pyodide) {
    pyodide = await loadPyodide({ indexURL: base, packages: [] });
    prefetchSnapshot(snapshotUrl, refused);
  }
  mark('python');
  pyodide.unpackArchive(await wheelBytes, 'wheel');
  mark('wheel');
  let bridge;
  if (from === 'snapshot') {
    bridge = pyodide.runPython(KEPT);
  } else {
    bridge = pyodide.runPython(IMPORT);
    mark('import');
  }
  mark('bridge');
  return [bridge, from];
}

const errorMessage = (err) => String((err && err.message) || err);

self.onmessage = async ({ data }) => {
  if (data.type === 'init') {
    mark('init');
    try {
      let from;
      [callEngine, from] = await load(data.pyodide, data.wheel);
      self.postMessage({ type: 'ready', from, marks });
    } catch (err) {
      self.postMessage({ type: 'failed', message: errorMessage(err) });
    }
    return;
  }
  try {
    self.postMessage({ id: data.id, reply: callEngine(data.request) });
  } catch (err) {
    self.postMessage({ id: data.id, error: errorMessage(err) });
  }
};
