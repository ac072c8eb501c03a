/**
 * Module worker: loads self-hosted Pyodide and the engine wheel, then answers
 * {id, request: JSON text} with {id, reply: JSON text} through engine.api.call_json.
 * engine-client.js sends one request at a time and waits for its answer before the next.
 * Messages in: {type: 'init', pyodide: base URL, wheel: URL}, then requests.
 * Messages out: {type: 'ready', from: 'snapshot' | 'fresh', marks} | {type: 'failed', message} | {id, reply} | {id, error}.
 * `marks`: when each loading step ended, in ms since the epoch (the page turns them into its own
 * clock): init (the message came), module (pyodide.mjs imported, the cached snapshot looked up),
 * python (Pyodide started), wheel (the engine unpacked), bridge (the engine imported).
 */

const BRIDGE = `
from engine.api import call_json

call_json
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

/** After a start without it, fetch the snapshot into the HTTP cache for next time, unless data is scarce. */
function prefetchSnapshot(url) {
  const connection = self.navigator.connection;
  if (connection && (connection.saveData || /2g|3g/.test(connection.effectiveType || ''))) return;
  fetch(url).then((response) => response.arrayBuffer()).catch(() => {});
}

/**
 * Load Pyodide from `base` (from its snapshot when cached) and unpack the engine wheel.
 * Returns [the Python call function, 'snapshot' | 'fresh'].
 */
async function load(base, wheel) {
  const wheelBytes = fetchWheel(wheel);
  wheelBytes.catch(() => {}); // reported below, once Pyodide is up
  const snapshotUrl = `${base}snapshot.bin.gz`;
  const [{ loadPyodide }, snapshot] = await Promise.all([import(`${base}pyodide.mjs`), cachedSnapshot(snapshotUrl)]);
  mark('module');
  let pyodide = null;
  if (snapshot) {
    pyodide = await loadPyodide({ indexURL: base, packages: [], _loadSnapshot: snapshot }).catch(() => null);
  }
  const from = pyodide ? 'snapshot' : 'fresh';
  if (!pyodide) {
    pyodide = await loadPyodide({ indexURL: base, packages: [] });
    prefetchSnapshot(snapshotUrl);
  }
  mark('python');
  pyodide.unpackArchive(await wheelBytes, 'wheel');
  mark('wheel');
  const bridge = pyodide.runPython(BRIDGE);
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
