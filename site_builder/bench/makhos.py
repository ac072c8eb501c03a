"""makhos: Mak-hot perft nodes/s in CPython and in Pyodide beside python-chess's chess perft
(target: makhos >= chess), the `win` proof time per puzzle (each file of puzzles/makhos, no
cache), and the computer's bestmove reply time per level in CPython and in Chromium (bench/computer.py)
on positions of its self-play games where the side to move has a choice."""
from __future__ import annotations

import platform
import statistics
import time
from collections.abc import Iterable

from .computer import computer_figures
from .core import Bench, Figure, rate, secs, skipped
from .speed import chess_rate, engine_perft, pyodide_perft

GAME = "makhos"
EXTRA_DEPTH = 3  # the start has 7 moves: perft 4 is 3,136 nodes, too few to time; 7 plies are ~1M
OPENINGS = ([], ["b2-a3"])  # two self-play games for the computer's reply times; the second starts b2-a3


def _pyodide(bench: Bench, depth: int) -> Iterable[Figure | str]:
    r, why = pyodide_perft(bench, GAME, depth)
    if r is None:
        yield bench.add(skipped("perft.makhos.pyodide.nps", f"makhos perft {depth} (Pyodide, Node)", why))
        return
    yield bench.add(Figure("perft.makhos.pyodide.nps", f"makhos perft {depth} (Pyodide {r['pyodide']})",
                           r["nodes_per_second"], rate(r["nodes_per_second"]),
                           f"{r['nodes']:,} nodes in {secs(r['best_seconds'])}"))


def _win_proofs(bench: Bench) -> Iterable[Figure | str]:
    from ..games.makhos import PLUGIN
    from ..puzzles.engine_ctx import GameEngine, known_games
    from ..puzzles.mine import prove_text

    engine, known, times = GameEngine(PLUGIN), known_games(), []
    for path in sorted((bench.root / "puzzles" / GAME).glob("*.toml")):
        text = path.read_text(encoding="utf-8")
        if 'kind = "win"' not in text:
            continue
        began = time.perf_counter()
        problems = prove_text(text, path.stem, GAME, known, engine)
        times.append(time.perf_counter() - began)
        if problems:
            yield f"{path.name}: {problems[0]}"
    if not times:
        yield bench.add(skipped("proofs.makhos.win", "makhos win proof per puzzle", "no win puzzles"))
        return
    yield bench.add(Figure("proofs.makhos.win", f"makhos win proof per puzzle ({len(times)} puzzles, no cache)",
                           statistics.median(times), f"median {secs(statistics.median(times))}",
                           f"max {secs(max(times))}"))


def section_makhos(bench: Bench) -> Iterable[Figure | str]:
    depth = bench.depth + EXTRA_DEPTH
    best, nodes = bench.timeit(lambda: engine_perft(GAME, depth))
    mine = nodes / best
    yield bench.add(Figure("perft.makhos.cpython.nps", f"makhos perft {depth} (CPython {platform.python_version()})",
                           mine, rate(mine), f"{nodes:,} nodes in {secs(best)}"))
    reference = chess_rate(bench)
    if reference is None:
        yield bench.add(skipped("perft.makhos_vs_chess", "makhos rate / chess rate", "python-chess is not installed"))
    else:
        yield bench.add(Figure("perft.makhos_vs_chess", "makhos rate / chess rate", mine / reference,
                               f"{mine / reference:.2f}x", target=">= 1.00x", ok=mine >= reference))
    yield from _pyodide(bench, depth)
    yield from _win_proofs(bench)
    yield from computer_figures(bench, GAME, OPENINGS, prefix="computer.makhos")
