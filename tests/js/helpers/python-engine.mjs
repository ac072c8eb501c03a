/**
 * The real engine for node tests: each call runs `python -m engine` (engine/__main__.py) with the
 * request as JSON on stdin and resolves to its JSON reply, as the browser's engine client does
 * (python from KRADAN_PYTHON, else .venv/bin/python, else python3). Shaped like core/engine-client.js
 * (call, ready, status, onStatus) so core/recorded-engine.js can use it as the live engine.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

function python() {
  if (process.env.KRADAN_PYTHON) return process.env.KRADAN_PYTHON;
  const venv = join(ROOT, '.venv', 'bin', 'python');
  return existsSync(venv) ? venv : 'python3';
}

/**
 * The engine's reply to `request` (a failed process rejects, as a dead engine does).
 * @param {object} request
 * @returns {Promise<any>}
 */
export function pythonCall(request) {
  return new Promise((resolve, reject) => {
    const child = spawn(python(), ['-m', 'engine'], { cwd: ROOT });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => { out += chunk; });
    child.stderr.on('data', (chunk) => { err += chunk; });
    child.on('error', reject);
    child.on('close', () => {
      try {
        resolve(JSON.parse(out));
      } catch {
        reject(new Error(`python -m engine answered no JSON: ${out.slice(0, 200)} ${err.slice(0, 400)}`));
      }
    });
    child.stdin.end(JSON.stringify(request));
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
