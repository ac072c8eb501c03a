"""proofs: puzzle proof time per kind without the cache (target: mate-in-3 <= 2 s median), and
the whole collection's phase-1 check time with an empty and with a filled proof cache."""
from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path

from ..puzzles.cache import ProofCache
from ..puzzles.engine_ctx import GameEngine
from ..puzzles.prove import load_puzzles
from .core import Bench, Figure

TARGET_MATE3_S = 2.0


def proof_timings(root: Path, repeat: int = 1) -> dict:
    """Proof times without the cache, and the phase-1 time.

    Returns ``{"by_kind": {"mate-in-1": {"count", "median", "max"}, ..., "best-move": ..., "rule-quiz": ...},
    "puzzles": {id: seconds}, "cold_seconds": float, "warm_seconds": float}``; times in seconds,
    each puzzle's proof timed ``repeat`` times (best of). ``cold`` = load_puzzles with an empty
    cache, ``warm`` = again with the cache it just filled (a temporary folder; the project's
    own cache is not touched).
    """
    with tempfile.TemporaryDirectory(prefix="kradan-bench-") as tmp:
        t0 = time.perf_counter()
        puzzles, problems = load_puzzles(root, ProofCache(Path(tmp)))
        cold = time.perf_counter() - t0
        t0 = time.perf_counter()
        load_puzzles(root, ProofCache(Path(tmp)))
        warm = time.perf_counter() - t0
    if problems:
        raise RuntimeError("the puzzles do not pass the check:\n" + "\n".join(map(str, problems)))
    times: dict[str, float] = {}
    groups: dict[str, list[float]] = {}
    for puzzle in puzzles.puzzles:
        best = None
        for _ in range(repeat):
            t = time.perf_counter()
            puzzle.kind_obj.prove(puzzle, GameEngine(puzzle.site))
            took = time.perf_counter() - t
            best = took if best is None else min(best, took)
        times[puzzle.id] = best
        group = f"mate-in-{puzzle.fields['mate_in']}" if puzzle.kind == "mate" else puzzle.kind
        groups.setdefault(group, []).append(best)
    by_kind = {g: {"count": len(v), "median": statistics.median(v), "max": max(v)} for g, v in sorted(groups.items())}
    return {"by_kind": by_kind, "puzzles": times, "cold_seconds": cold, "warm_seconds": warm}


def section_proofs(bench: Bench) -> Iterable[Figure | str]:
    result = proof_timings(bench.root)
    for group, row in result["by_kind"].items():
        target = f"<= {TARGET_MATE3_S:g} s median" if group == "mate-in-3" else None
        yield bench.add(Figure(f"puzzles.{group}.median_s", f"proof, {group} ({row['count']} puzzles), CPython",
                               row["median"], f"{row['median']:.3f} s median", f"max {row['max']:.3f} s",
                               target=target, ok=row["median"] <= TARGET_MATE3_S if target else None))
    count = len(result["puzzles"])
    yield bench.add(Figure("puzzles.collection.cold_s", f"check all {count} puzzles, empty proof cache",
                           result["cold_seconds"], f"{result['cold_seconds']:.1f} s"))
    yield bench.add(Figure("puzzles.collection.warm_s", f"check all {count} puzzles, proof cache filled",
                           result["warm_seconds"], f"{result['warm_seconds']:.2f} s"))
