/**
 * The one door from a page to the Python engine. The module worker is created
 * lazily, once, from <meta name="kradan-pyodide"> and <meta name="kradan-wheel">.
 *   engine.call(request, {timeout, urgent}) -> Promise<reply dict> (typed by the request's op:
 *                           types/engine.d.ts, e.g. a play request gets a Reply<PlayReply>)
 *   engine.ready         -> Promise that settles when loading ends (reading it starts loading)
 *   engine.status        -> "idle" | "loading" | "ready" | "failed"
 *   engine.startedFrom   -> "snapshot" | "fresh" once ready (how Pyodide started), else null
 *   engine.timings       -> when each loading step ended, in ms since the page's navigation start:
 *                           start (the worker created), then the worker's own steps once ready
 *                           (init, module, python, wheel, import, bridge: see engine-worker.js), ready
 *   engine.onStatus(cb)  -> cb(status, detail) on every change; returns an unsubscribe function
 *
 * What a caller can count on (nothing ever hangs):
 * - The worker runs one call at a time, in the order of the calls; an `urgent` call (what a
 *   reader is waiting for, e.g. a move on a board) goes before calls still waiting, never
 *   before the one running.
 * - A call's timeout (default 30 s) starts when the worker starts that call, never while it
 *   waits in the queue: a burst of slow calls cannot time out the calls behind it.
 * - A dead engine — the worker's error or messageerror event, a load that fails or takes
 *   longer than 120 s, a call that overruns its own timeout — stops the engine for good: the
 *   worker is terminated, every pending call and every later call rejects at once with the
 *   reason (err.code "ENGINE_STOPPED"), and onStatus listeners hear "failed".
 * - A reply that cannot be read as JSON rejects its own call only; the next call runs.
 */
/** @import { Engine, EngineStatus } from '../types/engine.js' */
/**
 * A call: queued, then running. `resolve` gets the parsed reply.
 * @typedef {{id: number, text: string, timeout: number, urgent: boolean, resolve: (reply: any) => void,
 *   reject: (err: Error) => void, timer: ReturnType<typeof setTimeout> | undefined}} Job
 */

const LOAD_TIMEOUT_MS = 120_000;
const CALL_TIMEOUT_MS = 30_000;

/** @type {Worker | null} */
let worker = null;
/** @type {EngineStatus} */
let status = 'idle';
/** @type {string | null} */
let startedFrom = null;
/** @type {Record<string, number>} */
const timings = {}; // step -> ms since navigation start (performance.now() of this page)
/** @type {(Error & {code: string}) | null} */
let failure = null; // the Error every call gets once the engine stopped
let nextId = 1;
/** @type {Job[]} */
const queue = []; // calls not sent yet: {id, text, timeout, urgent, resolve, reject}
/** @type {Job | null} */
let running = null; // the call the worker works on now
/** @type {Set<(status: EngineStatus, detail?: string) => void>} */
const listeners = new Set();
/** @type {{resolve: () => void, reject: (err: Error) => void}} */
let settle;
/** @type {Promise<void>} */
const ready = new Promise((resolve, reject) => { settle = { resolve, reject }; });
ready.catch(() => {});

/**
 * @param {EngineStatus} next
 * @param {string} [detail]
 */
function setStatus(next, detail) {
  status = next;
  for (const cb of listeners) cb(next, detail);
}

/**
 * Stop the worker for good and reject everything still waiting (and, from now on, every call).
 * @param {string} message
 */
function fail(message) {
  if (failure) return;
  failure = Object.assign(new Error(message), { code: 'ENGINE_STOPPED' });
  if (worker) worker.terminate();
  settle.reject(failure);
  for (const job of [running, ...queue]) {
    if (!job) continue;
    clearTimeout(job.timer);
    job.reject(/** @type {Error} */ (failure));
  }
  running = null;
  queue.length = 0;
  setStatus('failed', message);
}

/** Send the next waiting call if the worker is free; its timeout starts now. */
function pump() {
  if (running || status !== 'ready' || !queue.length) return;
  const job = /** @type {Job} */ (queue.shift());
  running = job;
  job.timer = setTimeout(() => fail(`the engine did not answer within ${job.timeout / 1000} s`), job.timeout);
  /** @type {Worker} */ (worker).postMessage({ id: job.id, request: job.text });
}

/**
 * The worker answered the running call.
 * @param {{id: number, reply: string} | {id: number, error: string}} data
 */
function finish(data) {
  const job = running;
  if (!job || data.id !== job.id) return;
  running = null;
  clearTimeout(job.timer);
  if ('reply' in data) {
    let reply;
    try {
      reply = JSON.parse(data.reply);
    } catch (err) {
      job.reject(new Error(`the engine's reply could not be read (${/** @type {Error} */ (err).message})`));
    }
    if (reply !== undefined) job.resolve(reply);
  } else {
    job.reject(new Error(data.error));
  }
  pump();
}

/** @param {string} name */
function metaUrl(name) {
  const el = /** @type {HTMLMetaElement | null} */ (document.querySelector(`meta[name="${name}"]`));
  return el && el.content ? new URL(el.content, document.baseURI).href : null;
}

/** @param {MessageEvent} message */
function onMessage({ data }) {
  if (data.type === 'ready') {
    for (const [step, at] of Object.entries(data.marks || {})) timings[step] = Math.round(at - performance.timeOrigin);
    timings.ready = Math.round(performance.now());
    startedFrom = data.from;
    setStatus('ready');
    settle.resolve();
    pump();
  } else if (data.type === 'failed') {
    fail(data.message);
  } else {
    finish(data);
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
  timings.start = Math.round(performance.now());
  const timer = setTimeout(() => fail('the engine took too long to load'), LOAD_TIMEOUT_MS);
  ready.then(() => clearTimeout(timer), () => clearTimeout(timer));
  worker = new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' });
  worker.onmessage = onMessage;
  worker.onerror = (event) => {
    event.preventDefault();
    fail(event.message || 'the engine worker stopped with an error');
  };
  worker.onmessageerror = () => fail('a message from the engine worker could not be read');
  worker.postMessage({ type: 'init', pyodide, wheel });
}

/**
 * Queue one call: urgent calls after the urgent ones already waiting, others at the end.
 * @param {Job} job
 */
function enqueue(job) {
  const at = job.urgent ? queue.findIndex((waiting) => !waiting.urgent) : -1;
  if (at < 0) queue.push(job);
  else queue.splice(at, 0, job);
  pump();
}

/** @type {Engine & {readonly startedFrom: string | null, readonly timings: Record<string, number>}} */
export const engine = {
  /**
   * Run one engine request. Resolves to the engine's reply (which may be {ok: false, error});
   * rejects when the engine stopped or the reply could not be read.
   * Options: timeout (ms, counted from when the worker starts this call), urgent (see above).
   */
  call(request, { timeout = CALL_TIMEOUT_MS, urgent = false } = {}) {
    start();
    if (failure) return Promise.reject(failure);
    let text;
    try {
      text = JSON.stringify(request);
    } catch (err) {
      return Promise.reject(err);
    }
    return new Promise((resolve, reject) => {
      enqueue({ id: nextId++, text, timeout, urgent, resolve, reject, timer: undefined });
    });
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
  get timings() {
    return { ...timings };
  },
  onStatus(cb) {
    listeners.add(cb);
    return () => listeners.delete(cb);
  },
};
