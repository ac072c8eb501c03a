// Time JSON door requests INSIDE Pyodide under Node (what a visitor's browser runs, minus the
// page). Reads a JSON list of requests from --requests FILE; prints one JSON line per request on
// stdout: {"index":0,"seconds":7.93,"ok":false,"code":"BUDGET_EXCEEDED","reason":"out_of_time","nodes":123456}
//
//   node tests/pyodide/bench_requests.mjs --requests FILE [--wheel kradan-0.1.0-py3-none-any.whl]
//
// --wheel: the engine wheel (site_builder.assets.engine_wheel builds it); without it the engine
// is imported from this checkout's engine/ (mounted with NODEFS; no bytecode written).
// No network: fetch is blocked, Pyodide comes from node_modules/pyodide.
// python -m site_builder bench --only bounds runs it (site_builder/bench/bounds.py).
import fs from "node:fs";
import { bootEngine, readArgs } from "./bench_boot.mjs";

const opts = readArgs({ wheel: null, requests: null });
if (!opts.requests) {
  console.error("--requests FILE is needed");
  process.exit(2);
}
const pyodide = await bootEngine(opts.wheel);
const callJson = pyodide.runPython("from engine.api import call_json\ncall_json");
const requests = JSON.parse(fs.readFileSync(opts.requests, "utf-8"));
for (const [index, request] of requests.entries()) {
  const t0 = performance.now();
  const reply = JSON.parse(callJson(JSON.stringify(request)));
  const seconds = (performance.now() - t0) / 1000;
  const error = reply.error ?? {};
  console.log(JSON.stringify({ index, seconds: Math.round(seconds * 1000) / 1000, ok: reply.ok, code: error.code ?? null,
    reason: error.reason ?? null, nodes: error.nodes ?? reply.nodes ?? null }));
}
