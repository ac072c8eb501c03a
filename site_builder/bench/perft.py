"""perft: Makruk perft in CPython, and python-chess's perft from the chess start position in the
same process as a reference (target: Makruk rate >= chess rate). Both use the same bulk-counting
perft: the moves of the last ply are counted, not played."""
from __future__ import annotations

import json
import platform
from collections.abc import Iterable

from engine.api import call

from .core import Bench, Figure, rate, secs, skipped


def chess_perft(board, depth: int) -> int:
    """python-chess perft, bulk-counted like engine.makruk.perft: the last ply is counted."""
    if depth <= 1:
        return board.legal_moves.count() if depth == 1 else 1
    total = 0
    for move in list(board.legal_moves):
        board.push(move)
        total += chess_perft(board, depth - 1)
        board.pop()
    return total


def section_perft(bench: Bench) -> Iterable[Figure | str]:
    depth = bench.depth
    yield (f"bulk-counting perft for both games (the moves of the last ply are counted, not played),"
           f" depth {depth} from the start position, best of {bench.repeat}")

    def makruk():
        reply = call({"op": "perft", "game": "makruk", "depth": depth})
        if not reply.get("ok"):
            raise RuntimeError(json.dumps(reply, ensure_ascii=False))
        return reply["nodes"]

    best, nodes = bench.timeit(makruk)
    py = f"CPython {platform.python_version()}"
    yield bench.add(Figure("perft.makruk.cpython.nps", f"makruk perft {depth} ({py})", nodes / best,
                           rate(nodes / best), f"{nodes:,} nodes in {secs(best)}"))
    try:
        import chess
    except ImportError:
        yield bench.add(skipped("perft.chess.cpython.nps", f"chess perft {depth} (python-chess)",
                                "python-chess is not installed: pip install -e '.[bench]'  (or pip install chess)"))
        return
    best_c, nodes_c = bench.timeit(lambda: chess_perft(chess.Board(), depth))
    chess_rate = nodes_c / best_c
    yield bench.add(Figure("perft.chess.cpython.nps", f"chess perft {depth} (python-chess {chess.__version__}, {py})",
                           chess_rate, rate(chess_rate), f"{nodes_c:,} nodes in {secs(best_c)}"))
    mine = bench.results["perft.makruk.cpython.nps"]
    yield bench.add(Figure("perft.makruk_vs_chess", "makruk rate / chess rate", mine / chess_rate,
                           f"{mine / chess_rate:.2f}x", target=">= 1.00x", ok=mine >= chess_rate))
