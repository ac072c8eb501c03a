/**
 * Real puzzle page data for the tests (tests/js/fixtures.py, made by the real builder): the file
 * named by KRADAN_JS_FIXTURES (tests/site_builder/test_js_units.py makes it once), else made here
 * once per `node --test` run (python from KRADAN_PYTHON, else .venv/bin/python, else python3).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

function python() {
  if (process.env.KRADAN_PYTHON) return process.env.KRADAN_PYTHON;
  const venv = join(ROOT, '.venv', 'bin', 'python');
  return existsSync(venv) ? venv : 'python3';
}

/** Is the process `pid` still running? */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/**
 * Make the fixture file (shared by the test files of one `node --test` run: same parent process);
 * the files of runs that have ended are removed.
 */
function made() {
  const path = join(tmpdir(), `kradan-js-fixtures-${process.ppid}.json`);
  if (existsSync(path)) return path;
  for (const name of readdirSync(tmpdir())) {
    const run = /^kradan-js-fixtures-(\d+)\.json$/.exec(name);
    if (run && !alive(Number(run[1]))) rmSync(join(tmpdir(), name), { force: true });
  }
  const part = `${path}.${process.pid}`;
  const done = spawnSync(python(), [join(ROOT, 'tests', 'js', 'fixtures.py'), part], { cwd: ROOT, encoding: 'utf8' });
  if (done.status !== 0) throw new Error(`tests/js/fixtures.py failed:\n${done.stderr || done.error}`);
  renameSync(part, path);
  return path;
}

let cached = null;

/** The fixtures: {trees, solutions, quizzes, playout, scoring} (see tests/js/fixtures.py). */
export function fixtures() {
  cached ??= JSON.parse(readFileSync(process.env.KRADAN_JS_FIXTURES || made(), 'utf8'));
  return cached;
}
