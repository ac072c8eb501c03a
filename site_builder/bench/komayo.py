"""komayo: Komayo perft nodes/s (drops included) in CPython and in Pyodide beside python-chess's
chess perft at the same depth (target: Komayo >= chess), the tsume solver's proof time per puzzle
by length (target: 5-ply median <= 2 s in CPython), and the computer's bestmove reply time per
level in CPython and in headless Chromium (target: <= 1 s in the browser)."""
from __future__ import annotations

import json
import platform
import statistics
import time
import tomllib
from collections.abc import Iterable

from engine.api import call
from engine.core.computer import LEVELS

from .chromium import BROWSER_TIMER, browser_page
from .core import Bench, Figure, rate, secs, skipped
from .speed import chess_rate, engine_perft, pyodide_perft

GAME = "komayo"
TSUME_TARGET_S = 2.0  # 5-ply median, CPython
BROWSER_TARGET_MS = 1000
PLIES = {1: 1, 2: 3, 3: 5}  # mate_in -> plies of the tsume (the King's capture included)


def _pyodide(bench: Bench, depth: int, chess: float | None) -> Iterable[Figure | str]:
    key, label = "perft.komayo.pyodide.nps", f"komayo perft {depth} (Pyodide, Node)"
    r, why = pyodide_perft(bench, GAME, depth)
    if r is None:
        yield bench.add(skipped(key, label, why))
        return
    yield bench.add(Figure(key, f"komayo perft {depth} (Pyodide {r['pyodide']})", r["nodes_per_second"],
                           rate(r["nodes_per_second"]), f"{r['nodes']:,} nodes in {secs(r['best_seconds'])}"))
    if chess:
        ratio = r["nodes_per_second"] / chess
        yield bench.add(Figure("perft.komayo_pyodide_vs_chess", "komayo Pyodide rate / chess CPython rate", ratio,
                               f"{ratio:.2f}x"))


def _tsume(bench: Bench) -> Iterable[Figure | str]:
    """Every mate puzzle of puzzles/komayo proven from its file, no cache, grouped by length."""
    from ..games import PLUGINS  # the registry, not the plugin package (import contracts)
    from ..puzzles.engine_ctx import GameEngine, known_games
    from ..puzzles.mine import prove_text

    engine, known, times = GameEngine(PLUGINS[GAME]), known_games(), {}
    for path in sorted((bench.root / "puzzles" / GAME).glob("*.toml")):
        text = path.read_text(encoding="utf-8")
        fields = tomllib.loads(text)
        if fields.get("kind") != "mate":
            continue
        began = time.perf_counter()
        problems = prove_text(text, path.stem, GAME, known, engine)
        times.setdefault(fields["mate_in"], []).append(time.perf_counter() - began)
        if problems:
            yield f"{path.name}: {problems[0]}"
    for mate_in in sorted(times):
        plies, spent = PLIES.get(mate_in, 2 * mate_in - 1), times[mate_in]
        median = statistics.median(spent)
        five = plies == 5
        yield bench.add(Figure(f"proofs.komayo.tsume{plies}", f"komayo {plies}-ply tsume proof ({len(spent)} puzzles, "
                               "CPython, no cache)", median, f"median {secs(median)}", f"max {secs(max(spent))}",
                               target=f"<= {TSUME_TARGET_S:.0f} s" if five else None,
                               ok=median <= TSUME_TARGET_S if five else None))


def _positions(bench: Bench) -> list[dict]:
    """The computer's positions: the start, a few self-play plies in, and the puzzle positions."""
    asked = [{"moves": []}]
    moves: list[str] = []
    for _ in range(16):
        reply = call({"op": "bestmove", "game": GAME, "moves": moves, "level": 1})
        if not reply.get("ok"):
            break
        moves.append(reply["move"])
        if len(moves) % 4 == 0:
            asked.append({"moves": list(moves)})
    for path in sorted((bench.root / "puzzles" / GAME).glob("ko-tsume*.toml"))[::3]:
        asked.append({"position": tomllib.loads(path.read_text(encoding="utf-8"))["position"], "moves": []})
    return asked


def _computer(bench: Bench) -> Iterable[Figure | str]:
    asked = _positions(bench)
    requests = {level: [{"op": "bestmove", "game": GAME, "level": level, **a} for a in asked] for level in LEVELS}
    for level, reqs in requests.items():
        millis = []
        for request in reqs:
            began = time.perf_counter()
            reply = call(request)
            millis.append((time.perf_counter() - began) * 1000)
            if not reply.get("ok"):
                raise RuntimeError(json.dumps(reply, ensure_ascii=False))
        yield bench.add(Figure(f"computer.komayo.level{level}.cpython.max_ms",
                               f"komayo bestmove level {level}, {len(reqs)} positions, CPython", max(millis),
                               f"{max(millis):.0f} ms max", f"median {statistics.median(millis):.0f} ms"))
    with browser_page(bench, f"/th/{GAME}/sandbox/") as page:
        if page is None:
            yield "Playwright is missing: no browser figures"
            return
        for level, reqs in requests.items():
            millis = page.evaluate(BROWSER_TIMER, reqs)
            yield bench.add(Figure(f"computer.komayo.level{level}.browser.max_ms",
                                   f"komayo bestmove level {level}, {len(reqs)} positions, Pyodide in Chromium",
                                   max(millis), f"{max(millis):.0f} ms max", f"median {statistics.median(millis):.0f} ms",
                                   target=f"<= {BROWSER_TARGET_MS} ms", ok=max(millis) <= BROWSER_TARGET_MS))


def section_komayo(bench: Bench) -> Iterable[Figure | str]:
    depth = bench.depth
    best, nodes = bench.timeit(lambda: engine_perft(GAME, depth))
    mine = nodes / best
    yield bench.add(Figure("perft.komayo.cpython.nps", f"komayo perft {depth} (CPython {platform.python_version()})",
                           mine, rate(mine), f"{nodes:,} nodes in {secs(best)}, drops and ^ captures included"))
    chess = chess_rate(bench)
    if chess is None:
        yield bench.add(skipped("perft.komayo_vs_chess", "komayo rate / chess rate", "python-chess is not installed"))
    else:
        yield bench.add(Figure("perft.komayo_vs_chess", f"komayo rate / chess rate (perft {depth})", mine / chess,
                               f"{mine / chess:.2f}x", target=">= 1.00x", ok=mine >= chess))
    yield from _pyodide(bench, depth, chess)
    yield from _tsume(bench)
    yield from _computer(bench)
