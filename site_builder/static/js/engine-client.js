/**
 * The one door from a page to the Python engine. The module worker is created
 * lazily, once, from <meta name="kradan-pyodide"> and <meta name="kradan-wheel">.
 *   engine.call(request) -> Promise<reply dict> (rejects only if the engine failed)
 *   engine.ready         -> Promise that settles when loading ends (reading it starts loading)
 *   engine.status        -> "idle" | "loading" | "ready" | "failed"
 *   engine.startedFrom   -> "snapshot" | "fresh" once ready (how Pyodide started), else null
 *   engine.onStatus(cb)  -> cb(status, detail) on every change; returns an unsubscribe function
 */

const LOAD_TIMEOUT_MS = 120_000;
const CALL_TIMEOUT_MS = 30_000;

let worker = null;
let status = 'idle';
let startedFrom = null;
let nextId = 1;
const pending = new Map();
const listeners = new Set();
let settle;
const ready = new Promise((resolve, reject) => { settle = { resolve, reject }; });
ready.catch(() => {});

function setStatus(next, detail) {
  status = next;
  for (const cb of listeners) cb(next, detail);
}

/** Stop the worker for good and reject everything still waiting. */
function fail(message) {
  if (status === 'failed') return;
  if (worker) worker.terminate();
  const err = new Error(message);
  settle.reject(err);
  for (const job of pending.values()) {
    clearTimeout(job.timer);
    job.reject(err);
  }
  pending.clear();
  setStatus('failed', message);
}

function metaUrl(name) {
  const el = document.querySelector(`meta[name="${name}"]`);
  return el && el.content ? new URL(el.content, document.baseURI).href : null;
}

function onMessage({ data }) {
  if (data.type === 'ready') {
    startedFrom = data.from;
    setStatus('ready');
    settle.resolve();
  } else if (data.type === 'failed') {
    fail(data.message);
  } else {
    const job = pending.get(data.id);
    if (!job) return;
    pending.delete(data.id);
    clearTimeout(job.timer);
    if ('reply' in data) job.resolve(JSON.parse(data.reply));
    else job.reject(new Error(data.error));
  }
}

/** Create the worker once and send it the init message. */
function start() {
  if (status !== 'idle') return;
  const pyodide = metaUrl('kradan-pyodide');
  const wheel = metaUrl('kradan-wheel');
  if (!pyodide || !wheel) {
    fail('missing <meta name="kradan-pyodide"> or <meta name="kradan-wheel">');
    return;
  }
  setStatus('loading');
  const timer = setTimeout(() => fail('the engine took too long to load'), LOAD_TIMEOUT_MS);
  ready.then(() => clearTimeout(timer), () => clearTimeout(timer));
  worker = new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' });
  worker.onmessage = onMessage;
  worker.onerror = (event) => {
    event.preventDefault();
    fail(event.message || 'the engine worker could not start');
  };
  worker.postMessage({ type: 'init', pyodide, wheel });
}

/** Post one request to the ready worker; a call that never returns fails the engine. */
function send(request) {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    const timer = setTimeout(() => fail('the engine stopped answering'), CALL_TIMEOUT_MS);
    pending.set(id, { resolve, reject, timer });
    worker.postMessage({ id, request: JSON.stringify(request) });
  });
}

export const engine = {
  call(request) {
    start();
    return ready.then(() => send(request));
  },
  get ready() {
    start();
    return ready;
  },
  get status() {
    return status;
  },
  get startedFrom() {
    return startedFrom;
  },
  onStatus(cb) {
    listeners.add(cb);
    return () => listeners.delete(cb);
  },
};
