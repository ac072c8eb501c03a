"""proofs: puzzle proof time per kind without the cache (target: mate-in-3 <= 2 s median); the
whole collection's check time is the ``collection`` section's."""
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
    """Proof times without the cache.

    Returns ``{"by_kind": {"mate-in-1": {"count", "median", "max"}, ..., "best-move": ..., "rule-quiz": ...},
    "puzzles": {id: seconds}}``; times in seconds, each puzzle's proof timed ``repeat`` times (best of)
    in this process, after one check of the collection with a cache of its own (the project's is
    not touched).
    """
    with tempfile.TemporaryDirectory(prefix="kradan-bench-") as tmp:
        puzzles, problems = load_puzzles(root, ProofCache(Path(tmp)))
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
    return {"by_kind": by_kind, "puzzles": times}


def section_proofs(bench: Bench) -> Iterable[Figure | str]:
    result = proof_timings(bench.root)
    for group, row in result["by_kind"].items():
        target = f"<= {TARGET_MATE3_S:g} s median" if group == "mate-in-3" else None
        yield bench.add(Figure(f"puzzles.{group}.median_s", f"proof, {group} ({row['count']} puzzles), CPython",
                               row["median"], f"{row['median']:.3f} s median", f"max {row['max']:.3f} s",
                               target=target, ok=row["median"] <= TARGET_MATE3_S if target else None))
