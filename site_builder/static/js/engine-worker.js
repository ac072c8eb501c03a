/**
 * Module worker: loads self-hosted Pyodide and the engine wheel, then answers
 * {id, request: JSON text} with {id, reply: JSON text} through engine.api.call.
 * Messages in: {type: 'init', pyodide: base URL, wheel: URL}, then requests.
 * Messages out: {type: 'ready'} | {type: 'failed', message} | {id, reply} | {id, error}.
 */

const BRIDGE = `
import json
from engine.api import call

def kradan_call(text):
    return json.dumps(call(json.loads(text)), ensure_ascii=False)

kradan_call
`;

let callEngine = null;

/** Fetch the wheel's bytes (in parallel with Pyodide's own start-up). */
async function fetchWheel(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not load the engine wheel ${url} (HTTP ${response.status})`);
  return response.arrayBuffer();
}

/** Load Pyodide from `base`, unpack the engine wheel into it, return the Python call function. */
async function load(base, wheel) {
  const wheelBytes = fetchWheel(wheel);
  wheelBytes.catch(() => {}); // reported below, once Pyodide is up
  const { loadPyodide } = await import(`${base}pyodide.mjs`);
  const pyodide = await loadPyodide({ indexURL: base, packages: [] });
  pyodide.unpackArchive(await wheelBytes, 'wheel');
  return pyodide.runPython(BRIDGE);
}

const errorMessage = (err) => String((err && err.message) || err);

self.onmessage = async ({ data }) => {
  if (data.type === 'init') {
    try {
      callEngine = await load(data.pyodide, data.wheel);
      self.postMessage({ type: 'ready' });
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
