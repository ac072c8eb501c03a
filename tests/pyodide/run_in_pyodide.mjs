// Run pytest INSIDE real Pyodide (the npm package, under Node), with no network.
//
//   node tests/pyodide/run_in_pyodide.mjs [--index DIR] [--stdlib ZIP] [--guard-stdlib ZIP]
//                                          [--snapshot FILE] [--wheels DIR] [--engine-wheel FILE] [-- PYTEST_ARGS...]
//
// --index DIR           where pyodide.mjs and friends are (indexURL); default node_modules/pyodide.
//                       Pass a built site's pyodide/v<version>-<hash>/ to prove its files suffice.
// --stdlib ZIP          the standard library zip to load instead of the one in --index (pytest
//                       needs modules the site's trimmed zip leaves out: pass Pyodide's full zip).
// --guard-stdlib ZIP    the trimmed zip the site ships: while engine code runs (an engine frame on
//                       the stack), every module an import statement gives must be a member of
//                       ZIP (or not come from the stdlib zip at all); the run fails otherwise.
// --snapshot FILE       start from this memory snapshot (gzipped, as the site ships it), as the
//                       browser worker does once the snapshot is cached.
// --wheels DIR          folder of pure-Python wheels to install first (pytest and its
//                       dependencies, hypothesis...). test_engine_in_pyodide.py downloads them
//                       with pip into a cache; they are never committed.
// --engine-wheel FILE   the engine wheel the site ships (kradan-0.1.0-py3-none-any.whl); it is
//                       installed the way the browser worker does it: pyodide.unpackArchive(bytes, "wheel").
//                       Without it the engine is imported from the mounted source tree.
// Without "--" no pytest runs: a smoke check runs every op of every game through
// engine.api.call and prints a summary as one JSON line prefixed "[smoke] ".
// PYTEST_ARGS           passed to pytest.main. The project is mounted at /project with NODEFS
//                       (rootdir and config file); arguments naming an existing project path,
//                       like tests/engine or tests/engine/test_x.py::test_y, are rewritten to
//                       /project/... The cwd is / (in-memory), so nothing (no
//                       .hypothesis/, no __pycache__, no .pytest_cache) is written into the
//                       project, and `import engine` finds the installed wheel, not the source.
//
// Pyodide comes from node_modules/pyodide (indexURL = that folder). globalThis.fetch is
// replaced by a function that refuses every request, so the run fails loudly if Pyodide (or
// anything else) tries to reach a CDN. Exit code = pytest's exit code (2 if the runner broke).
import fs from "node:fs";
import { gunzipSync } from "node:zlib";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const projectRoot = path.resolve(here, "..", "..");

function parseArgs(argv) {
  const opts = { index: null, stdlib: null, guardStdlib: null, snapshot: null, wheels: null, engineWheel: null, pytestArgs: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--") {
      opts.pytestArgs = argv.slice(i + 1);
      break;
    } else if (a === "--index") {
      opts.index = path.resolve(argv[++i]);
    } else if (a === "--stdlib") {
      opts.stdlib = path.resolve(argv[++i]);
    } else if (a === "--guard-stdlib") {
      opts.guardStdlib = path.resolve(argv[++i]);
    } else if (a === "--snapshot") {
      opts.snapshot = path.resolve(argv[++i]);
    } else if (a === "--wheels") {
      opts.wheels = argv[++i];
    } else if (a === "--engine-wheel") {
      opts.engineWheel = argv[++i];
    } else {
      throw new Error(`unknown argument ${a}`);
    }
  }
  return opts;
}

const blockedFetches = [];
globalThis.fetch = async (url) => {
  blockedFetches.push(String(url));
  throw new Error(`network access blocked in the Pyodide test runner: ${url}`);
};

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const pyodideDir = opts.index ?? path.join(projectRoot, "node_modules", "pyodide");
  if (!fs.existsSync(path.join(pyodideDir, "pyodide.mjs"))) {
    console.error(`${pyodideDir}/pyodide.mjs is missing: run \`npm ci\` in the project folder`);
    return 2;
  }
  const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);

  const t0 = performance.now();
  const pyodide = await loadPyodide({
    indexURL: pyodideDir + path.sep,
    ...(opts.stdlib ? { stdLibURL: opts.stdlib } : {}),
    ...(opts.snapshot ? { _loadSnapshot: gunzipSync(fs.readFileSync(opts.snapshot)) } : {}),
    // CI=1 selects hypothesis' "ci" profile: no example database, derandomized.
    // KRADAN_* variables (e.g. KRADAN_PERFT_MAX_DEPTH) are passed through.
    env: {
      HOME: "/home/pyodide",
      CI: "1",
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith("KRADAN_"))),
    },
  });
  // Raw writes, so pytest's progress dots stay on one line. Pyodide reuses `buf` for its next
  // write while a write to a pipe is still pending: each chunk is copied before it is handed on.
  pyodide.setStdout({ write: (buf) => (process.stdout.write(Buffer.from(buf)), buf.length) });
  pyodide.setStderr({ write: (buf) => (process.stderr.write(Buffer.from(buf)), buf.length) });
  console.log(`[runner] Pyodide ${pyodide.version} loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const wheels = [];
  if (opts.wheels) {
    for (const f of fs.readdirSync(opts.wheels).sort()) {
      if (f.endsWith(".whl")) wheels.push(path.resolve(opts.wheels, f));
    }
  }
  if (wheels.length) {
    await pyodide.loadPackage(wheels, {
      messageCallback: (m) => console.log(`[runner] ${m}`),
      errorCallback: (m) => console.error(`[runner] ${m}`),
    });
  }

  if (opts.engineWheel) {
    // as the browser worker does it, into site-packages (the worker unpacks into its cwd, on sys.path);
    // over a snapshot, into the cwd as the worker does: the snapshot's engine was imported from there
    const extractDir = opts.snapshot ? undefined
      : pyodide.runPython("import sys; '/lib/python%d.%d/site-packages' % sys.version_info[:2]");
    pyodide.unpackArchive(new Uint8Array(fs.readFileSync(opts.engineWheel)), "wheel", { extractDir });
  }
  if (opts.guardStdlib) {
    pyodide.FS.writeFile("/tmp/guard-stdlib.zip", new Uint8Array(fs.readFileSync(opts.guardStdlib)));
    pyodide.runPython(fs.readFileSync(path.join(here, "stdlib_guard.py"), "utf8"));
  }

  if (opts.pytestArgs === null) {
    pyodide.runPython(fs.readFileSync(path.join(projectRoot, "site_builder", "pyodide_exercise.py"), "utf8"));
    const reply = pyodide.runPython(`
import json, engine
json.dumps({"engine": engine.__file__, "games": exercise([])}, ensure_ascii=False)
`);
    console.log(`[smoke] ${reply}`);
    if (blockedFetches.length) {
      console.error(`[runner] FAIL: something tried to fetch: ${blockedFetches.join(", ")}`);
      return 2;
    }
    return 0;
  }

  pyodide.mountNodeFS("/project", projectRoot);
  const pytestArgs = opts.pytestArgs.map((a) => {
    if (a.startsWith("-") || path.isAbsolute(a)) return a;
    const file = a.split("::")[0];
    return file && fs.existsSync(path.join(projectRoot, file)) ? `/project/${a}` : a;
  });
  pyodide.globals.set("PYTEST_ARGS", pyodide.toPy(pytestArgs));
  pyodide.globals.set("USE_SOURCE_ENGINE", !opts.engineWheel);
  const code = await pyodide.runPythonAsync(`
import os, sys, platform
sys.dont_write_bytecode = True          # never write __pycache__ into the mounted project
os.chdir("/")  # in-memory root: node ids read project/tests/...; nothing written to the project
if USE_SOURCE_ENGINE:
    sys.path.insert(0, "/project")
import engine, engine.api
print(f"[runner] Python {platform.python_version()} on {sys.platform}; engine from {engine.__file__}", flush=True)
import pytest

args = ["--rootdir=/project", "-c", "/project/pyproject.toml", "-p", "no:cacheprovider", *PYTEST_ARGS]
# Tests that need what Pyodide cannot have (pyffish, a subprocess) carry the markers the
# caller deselects (-m "not pyffish and not native"); here they would fail, not skip.
exit_code = int(pytest.main(args))
sys.stdout.flush(); sys.stderr.flush()
exit_code
`);
  if (opts.guardStdlib) {
    const outside = pyodide.runPython("import json; json.dumps(sorted(STDLIB_GUARD_MISSES))");
    console.log(`[guard] engine imports missing from the shipped stdlib zip: ${outside}`);
    if (outside !== "[]") return 3;
  }
  if (blockedFetches.length) {
    console.error(`[runner] FAIL: something tried to fetch: ${blockedFetches.join(", ")}`);
    return 2;
  }
  return code;
}

/** Exit once everything written to stdout and stderr has reached the pipe (process.exit alone drops pending writes). */
function exitAfterFlush(code) {
  process.stdout.write("", () => process.stderr.write("", () => process.exit(code)));
}

main().then(exitAfterFlush, (err) => {
  console.error("[runner] crashed:", err && err.stack ? err.stack : err);
  exitAfterFlush(2);
});
