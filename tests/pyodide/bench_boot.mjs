// What the Pyodide bench scripts share: their --key value arguments, and an offline Pyodide
// (fetch blocked, Pyodide from node_modules/pyodide) with the engine imported either from a wheel
// or from this checkout's engine/ (mounted with NODEFS; no bytecode written).
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * The command line's `--key value` pairs over `defaults`; an unknown key exits with status 2.
 * @param {Record<string, string | number | null>} defaults
 * @param {string[]} numeric keys whose values are numbers
 */
export function readArgs(defaults, numeric = []) {
  const opts = { ...defaults };
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i].replace(/^--/, "");
    if (!(key in opts)) {
      console.error(`unknown argument ${argv[i]}`);
      process.exit(2);
    }
    const value = argv[++i];
    opts[key] = numeric.includes(key) ? Number(value) : value;
  }
  return opts;
}

/**
 * Pyodide with the engine importable, and no network.
 * @param {string | null} wheel the engine wheel's path, or null for this checkout's engine/
 */
export async function bootEngine(wheel = null) {
  globalThis.fetch = async (url) => {
    throw new Error(`network access blocked: ${url}`);
  };
  const pyodideDir = path.join(projectRoot, "node_modules", "pyodide");
  const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep });
  if (wheel) {
    await pyodide.loadPackage(path.resolve(wheel), { messageCallback: () => {} });
  } else {
    pyodide.mountNodeFS("/project", projectRoot);
    pyodide.runPython("import sys; sys.dont_write_bytecode = True; sys.path.insert(0, '/project')");
  }
  return pyodide;
}
