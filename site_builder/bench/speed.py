"""What a game's speed section needs, for any game of the engine: its perft through the JSON door,
python-chess's rate at the same depth (the reference), and the same perft inside Pyodide under
Node with the wheel the site ships (tests/pyodide/bench_perft.mjs)."""
from __future__ import annotations

import json
import shutil
import subprocess

from engine.api import call

from ..assets import engine_wheel
from .core import Bench
from .perft import chess_perft


def engine_perft(game: str, depth: int) -> int:
    """Leaf nodes of ``game``'s perft from its start position (raises on an engine error)."""
    reply = call({"op": "perft", "game": game, "depth": depth})
    if not reply.get("ok"):
        raise RuntimeError(json.dumps(reply, ensure_ascii=False))
    return reply["nodes"]


def chess_rate(bench: Bench) -> float | None:
    """python-chess's perft rate at the bench depth: the perft section's figure when it ran, else
    measured now; None without python-chess."""
    known = bench.results.get("perft.chess.cpython.nps")
    if known:
        return known
    try:
        import chess
    except ImportError:
        return None
    best, nodes = bench.timeit(lambda: chess_perft(chess.Board(), bench.depth))
    return nodes / best


def pyodide_perft(bench: Bench, game: str, depth: int) -> tuple[dict | None, str]:
    """bench_perft.mjs's result ({nodes, best_seconds, nodes_per_second, pyodide}), or None and why not."""
    node = shutil.which("node")
    if node is None or not (bench.root / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        return None, "needs node and node_modules/pyodide (npm ci)"
    cmd = [node, str(bench.root / "tests" / "pyodide" / "bench_perft.mjs"), "--game", game, "--depth", str(depth),
           "--repeat", str(bench.repeat), "--wheel", str(engine_wheel(bench.root))]
    proc = subprocess.run(cmd, cwd=bench.root, capture_output=True, text=True, timeout=900)
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    if proc.returncode != 0 or not lines:
        return None, f"bench_perft.mjs failed: {proc.stderr.strip()[-300:]}"
    return json.loads(lines[-1]), ""
