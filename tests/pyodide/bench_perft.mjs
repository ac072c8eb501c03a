// Makruk perft speed INSIDE Pyodide under Node (what a visitor's browser runs, minus the
// page). Prints one JSON line on stdout:
//   {"where":"pyodide","pyodide":"314.0.7","python":"3.14.2","depth":4,"nodes":273026,
//    "seconds":[...each run...],"best_seconds":..,"nodes_per_second":..}
//
//   node tests/pyodide/bench_perft.mjs [--wheel kradan-0.1.0-py3-none-any.whl] [--depth 4]
//        [--repeat 3] [--position FEN] [--game makruk]
//
// --wheel: the engine wheel (site_builder.assets.engine_wheel builds it); without it the
// engine is imported from this checkout's engine/ (mounted with NODEFS; no bytecode written).
// No network: fetch is blocked, Pyodide comes from node_modules/pyodide.
import { bootEngine, readArgs } from "./bench_boot.mjs";

const opts = readArgs({ wheel: null, depth: 4, repeat: 3, position: null, game: "makruk" }, ["depth", "repeat"]);
const pyodide = await bootEngine(opts.wheel);
pyodide.globals.set("REQUEST", pyodide.toPy(JSON.stringify({
  op: "perft", game: opts.game, depth: opts.depth, ...(opts.position ? { position: opts.position } : {}),
})));
const perft = pyodide.runPython(`
import json, platform
from engine.api import call
def perft():
    reply = call(json.loads(REQUEST))
    if not reply.get("ok"):
        raise RuntimeError(json.dumps(reply))
    return reply["nodes"]
perft
`);
const seconds = [];
let nodes = 0;
for (let r = 0; r < opts.repeat; r++) {
  const t0 = performance.now();
  nodes = perft();
  seconds.push((performance.now() - t0) / 1000);
}
const best = Math.min(...seconds);
console.log(JSON.stringify({
  where: "pyodide",
  pyodide: pyodide.version,
  python: pyodide.runPython("import platform; platform.python_version()"),
  game: opts.game,
  depth: opts.depth,
  nodes,
  seconds: seconds.map((s) => Math.round(s * 1000) / 1000),
  best_seconds: Math.round(best * 1000) / 1000,
  nodes_per_second: Math.round(nodes / best),
}));
