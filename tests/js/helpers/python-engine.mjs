/**
 * The real engine for node tests: one `python -m engine lines` process (engine/__main__.py) per
 * test file, started at the first call, answering one JSON request a line in the order asked, as
 * the browser's engine client does (python from KRADAN_PYTHON, else .venv/bin/python, else
 * python3). Shaped like core/engine-client.js (call, ready, status, onStatus) so
 * core/recorded-engine.js can use it as the live engine. The process keeps node alive only while
 * a call waits for its reply.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

function python() {
  if (process.env.KRADAN_PYTHON) return process.env.KRADAN_PYTHON;
  const venv = join(ROOT, '.venv', 'bin', 'python');
  return existsSync(venv) ? venv : 'python3';
}

/** @type {{ child: import('node:child_process').ChildProcessWithoutNullStreams, waiting: Array<{resolve: Function, reject: Function}>, err: string } | null} */
let engineProcess = null;

/** Keep node alive while a reply is awaited, and only then. */
function hold(proc, on) {
  for (const handle of [proc.child, proc.child.stdin, proc.child.stdout, proc.child.stderr]) {
    if (on) handle.ref?.(); else handle.unref?.();
  }
}

function started() {
  if (engineProcess) return engineProcess;
  const child = spawn(python(), ['-m', 'engine', 'lines'], { cwd: ROOT });
  const proc = { child, waiting: [], err: '' };
  child.stderr.on('data', (chunk) => { proc.err = (proc.err + chunk).slice(-2000); });
  createInterface({ input: child.stdout }).on('line', (line) => {
    const next = proc.waiting.shift();
    if (!next) return;
    try {
      next.resolve(JSON.parse(line));
    } catch {
      next.reject(new Error(`python -m engine answered no JSON: ${line.slice(0, 200)} ${proc.err.slice(0, 400)}`));
    }
    if (!proc.waiting.length) hold(proc, false);
  });
  const fail = (/** @type {Error} */ why) => {
    engineProcess = null;
    for (const next of proc.waiting.splice(0)) next.reject(why);
  };
  child.on('error', fail);
  child.on('close', (code) => fail(new Error(`python -m engine lines stopped (exit ${code}): ${proc.err.slice(-400)}`)));
  engineProcess = proc;
  return proc;
}

/**
 * The engine's reply to `request` (a dead process rejects, as a dead engine does).
 * @param {object} request
 * @returns {Promise<any>}
 */
export function pythonCall(request) {
  const proc = started();
  return new Promise((resolve, reject) => {
    if (!proc.waiting.length) hold(proc, true);
    proc.waiting.push({ resolve, reject });
    proc.child.stdin.write(`${JSON.stringify(request)}\n`);
  });
}

/** The real engine as a page's live engine (core/recorded-engine.js `live`), counting its calls. */
export function pythonEngine() {
  const engine = {
    calls: 0, status: 'ready', ready: Promise.resolve(), onStatus() { return () => {}; },
    /** @param {object} request */
    call(request) {
      engine.calls += 1;
      return pythonCall(request);
    },
  };
  return engine;
}
