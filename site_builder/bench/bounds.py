"""bounds: every search op of the engine's JSON door with the largest budget it accepts, from each
board game's start position at the deepest depth the door takes, timed in CPython and inside
Pyodide under Node (tests/pyodide/bench_requests.mjs, the wheel the site ships). Such a request
stops on the door's clock (engine.core.budget.SEARCH_SECONDS; bestmove on its level's): target
every reply within 10 s. The tests check the same requests' structure with a tiny clock
(tests/engine/core/test_search_time_caps.py); only this section times them."""
from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path

from engine.api import MAX_PERFT_DEPTH, MAX_WIN_DEPTH, call
from engine.core import budget as budgets
from engine.core import computer
from engine.registry import GAMES

from ..assets import engine_wheel
from .core import Bench, Figure, secs, skipped

TARGET_SECONDS = 10.0
DEEPEST = {"perft": {"depth": MAX_PERFT_DEPTH}, "mate": {"mate_in": MAX_WIN_DEPTH}, "defend": {"horizon": MAX_WIN_DEPTH},
           "bestmove": {"level": max(computer.LEVELS)}}


def hardest_requests() -> list[tuple[str, dict]]:
    """(key, request) of every search op of every board game, with the largest budget it accepts."""
    found = []
    for gid, spec in GAMES.items():
        for op, depth in DEEPEST.items():
            if op in spec.ops and "perft" in spec.ops:
                most = computer.MAX_NODES if op == "bestmove" else budgets.MAX_NODES
                found.append((f"{gid}.{op}", {"op": op, "game": gid, "budget": most, **depth}))  # from the start
    return found


def _outcome(reply: dict) -> str:
    if reply.get("ok"):
        return f"answered ({reply['nodes']:,} nodes)" if "nodes" in reply else "answered"
    error = reply["error"]
    return f"{error['code']} {error.get('reason', '')} after {error.get('nodes', 0):,} nodes".replace("  ", " ")


def _figure(where: str, key: str, request: dict, seconds: float, outcome: str) -> Figure:
    label = f"{request['game']} {request['op']} (budget {request['budget']:,}), {where}"
    return Figure(f"bounds.{key}.{where}.seconds", label, seconds, secs(seconds), outcome,
                  f"<= {TARGET_SECONDS:g} s", seconds <= TARGET_SECONDS)


def section_bounds(bench: Bench) -> Iterable[Figure | str]:
    requests = hardest_requests()
    yield (f"each request from the start position, the deepest the door takes; the door stops a search after "
           f"{budgets.SEARCH_SECONDS:g} s")
    for key, request in requests:
        started = time.perf_counter()
        reply = call(request)
        yield bench.add(_figure("cpython", key, request, time.perf_counter() - started, _outcome(reply)))
    yield from _in_pyodide(bench, requests)


def _in_pyodide(bench: Bench, requests: list[tuple[str, dict]]) -> Iterable[Figure | str]:
    script = bench.root / "tests" / "pyodide" / "bench_requests.mjs"
    node = shutil.which("node")
    if node is None or not (bench.root / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        yield bench.add(skipped("bounds.pyodide", "search ops inside Pyodide", "needs node and node_modules/pyodide"))
        return
    with tempfile.TemporaryDirectory(prefix="kradan-bounds-") as tmp:
        listed = Path(tmp) / "requests.json"
        listed.write_text(json.dumps([request for _, request in requests]))
        cmd = [node, str(script), "--requests", str(listed)]
        try:
            cmd += ["--wheel", str(engine_wheel(bench.root))]
        except Exception as exc:  # noqa: BLE001 - fall back to the source tree
            yield f"could not build the engine wheel ({exc}); using the source tree"
        proc = subprocess.run(cmd, cwd=bench.root, capture_output=True, text=True, timeout=1800)
    rows = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
    if proc.returncode != 0 or len(rows) != len(requests):
        yield bench.add(skipped("bounds.pyodide", "search ops inside Pyodide",
                                f"bench_requests.mjs failed: {proc.stderr.strip()[-500:]}"))
        return
    for (key, request), row in zip(requests, rows):
        outcome = "answered" if row["ok"] else f"{row['code']} {row['reason'] or ''} after {row['nodes'] or 0:,} nodes"
        yield bench.add(_figure("pyodide", key, request, row["seconds"], outcome))
