"""dummy: the settle op's time in CPython on every distinct table of puzzles/dummy's scoring
exercises (the calculator settles the whole table again on every tap, so one settle must stay well
under a frame budget; target: the slowest <= 50 ms)."""
from __future__ import annotations

import statistics
import tomllib
from collections.abc import Iterable

from engine.api import call

from ..games.dummy.notation import read
from .core import Bench, Figure, skipped

GAME = "dummy"
SCORING = "scoring"  # the puzzle kind whose position is a table to settle
TARGET_MS = 50.0


def _tables(bench: Bench) -> list[dict]:
    """Every distinct table of the scoring exercises (the drills' positions are hands in play)."""
    seen, tables = set(), []
    for path in sorted((bench.root / "puzzles" / GAME).glob("*.toml")):
        puzzle = tomllib.loads(path.read_text(encoding="utf-8"))
        position = puzzle.get("position", "")
        if puzzle.get("kind") == SCORING and position not in seen:
            seen.add(position)
            tables.append(read(position))
    return tables


def section_dummy(bench: Bench) -> Iterable[Figure | str]:
    tables = _tables(bench)
    label = "dummy settle (CPython), slowest table"
    if not tables:
        yield bench.add(skipped("dummy.settle.cpython.max_ms", label, "no tables in puzzles/dummy"))
        return
    times = []
    for table in tables:
        best, reply = bench.timeit(lambda table=table: call({"op": "settle", "game": GAME, "table": table}),
                                   repeat=max(5, bench.repeat))
        if not reply.get("ok"):
            raise RuntimeError(f"settle refused a puzzle table: {reply['error']['message']}")
        times.append(best * 1000)
    slowest = max(times)
    yield bench.add(Figure("dummy.settle.cpython.max_ms", label, slowest, f"{slowest:.2f} ms",
                           f"{len(tables)} tables, median {statistics.median(times):.2f} ms",
                           f"<= {TARGET_MS:.0f} ms", slowest <= TARGET_MS))
