"""Phase 1 for puzzles: find the files, check them, prove them (or take the proof from the cache),
then check their hints (hints.py: per puzzle and across the collection).

``load_puzzles(root)`` returns a :class:`PuzzleSet` and every problem of every file at once.
All engine work of the puzzle pages happens here: the proofs, the replies each page answers
without Pyodide (replies.py) and the words of each solution.
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path

from engine.errors import EngineError

from ..errors import BuildProblem
from ..games import PLUGINS
from ..i18n import LANGS
from ..replies import record
from .cache import CACHE_DIR, ProofCache
from .engine_ctx import GameEngine, known_games
from .hints import collection_problems, puzzle_issues
from .schema import Puzzle, discover, validate

CACHE_ENV = "KRADAN_PROOF_CACHE"  # a folder, or "off"
JOBS_ENV = "KRADAN_PROOF_JOBS"  # worker processes for proofs (1: none)
MIN_PER_JOB = 4  # below this many proofs per worker a pool costs more than it saves


@dataclass
class PuzzleSet:
    """Checked and proven puzzles in 'next puzzle' order, plus what the build reports."""

    puzzles: list[Puzzle] = field(default_factory=list)
    present: bool = False  # the project has a puzzles/ folder (pages are made only then)
    cache_hits: int = 0
    proven: int = 0
    prove_seconds: float = 0.0
    seconds: float = 0.0

    def summary(self) -> str:
        noun = "puzzle" if len(self.puzzles) == 1 else "puzzles"
        return (f"{len(self.puzzles)} {noun} checked ({self.cache_hits} from the proof cache, "
                f"{self.proven} proven in {self.prove_seconds:.1f} s; {self.seconds:.1f} s in all)")

    def next_of(self, puzzle: Puzzle) -> Puzzle | None:
        i = self.puzzles.index(puzzle)
        return self.puzzles[i + 1] if i + 1 < len(self.puzzles) else None

    def goal(self, puzzle: Puzzle) -> dict[str, str]:
        return puzzle.goal or puzzle.kind_obj.default_goal(puzzle, puzzle.proof)


def cache_folder(root: Path) -> Path | None:
    setting = os.environ.get(CACHE_ENV)
    if setting == "off":
        return None
    return Path(setting) if setting else root / CACHE_DIR


def load_puzzles(root: Path, cache: ProofCache | None = None) -> tuple[PuzzleSet, list[BuildProblem]]:
    """Check and prove every puzzle file; problems of all files are returned together."""
    began = time.perf_counter()
    found = discover(root)
    result = PuzzleSet(present=(root / "puzzles").is_dir())
    problems = list(found.problems)
    if not found.files:
        return result, problems
    cache = cache if cache is not None else ProofCache(cache_folder(root))
    known = known_games()
    engines: dict[str, GameEngine] = {}

    def engine(game: str) -> GameEngine:
        if game not in engines:
            engines[game] = GameEngine(PLUGINS[game])
        return engines[game]

    checked: list[Puzzle] = []
    ids: dict[str, str] = {}
    for path, rel, folder in found.files:
        puzzle, file_problems, written = validate(path, rel, folder, known,
                                                  lambda game, fen: engine(game).describe(fen))
        problems += file_problems
        if written is not None:
            pid, line = written
            if pid in ids:
                problems.append(BuildProblem(rel, line, f"id: {pid!r} is also used by {ids[pid]}",
                                             "give every puzzle its own id (and file name)"))
            else:
                ids[pid] = rel
        if puzzle is not None:
            checked.append(puzzle)

    todo = []
    for puzzle in checked:
        proof = cache.get(puzzle.digest)
        if proof is not None:
            puzzle.proof, puzzle.cached = proof, True
        else:
            todo.append(puzzle)
    t0 = time.perf_counter()
    for puzzle, (proof, issues, seconds) in zip(todo, _prove_all(todo)):
        puzzle.seconds = seconds
        result.proven += 1
        if issues:
            problems += [puzzle.problem(issue) for issue in issues]
            continue
        puzzle.proof = proof
        cache.put(puzzle.digest, proof, puzzle.id, puzzle.seconds)
    result.prove_seconds = time.perf_counter() - t0
    result.cache_hits = cache.hits
    proven = []
    for puzzle in (p for p in checked if p.proof is not None):
        issues = puzzle_issues(puzzle)
        problems += [puzzle.problem(issue) for issue in issues]
        if not issues:
            proven.append(puzzle)
    problems += collection_problems(proven)
    result.puzzles = sorted(proven, key=Puzzle.sort_key)
    for puzzle in result.puzzles:
        try:
            puzzle.solution = {lang: puzzle.kind_obj.solution_text(puzzle, puzzle.proof, lang) for lang in LANGS}
        except EngineError as error:
            problems.append(BuildProblem(puzzle.rel, puzzle.lines.line("solution") or puzzle.lines.line("kind"),
                                         f"the engine cannot replay the solution: {error.message}",
                                         "check the solution line; if it is legal, report this engine bug"))
    result.seconds = time.perf_counter() - began
    return result, problems


def _prove_one(puzzle: Puzzle) -> tuple[dict | None, list, float]:
    """Prove one puzzle and record the engine replies its page needs (also run in worker processes)."""
    t0 = time.perf_counter()
    kind = puzzle.kind_obj
    proof, issues = kind.prove(puzzle, GameEngine(puzzle.site))
    if proof is not None and not issues:
        proof["replies"] = record(kind.page_requests(puzzle, proof))
    return proof, list(issues), time.perf_counter() - t0


def proof_jobs() -> int:
    """Worker processes for proofs: KRADAN_PROOF_JOBS, else the CPU count (at most 8)."""
    setting = os.environ.get(JOBS_ENV, "")
    if setting.isdigit() and int(setting) > 0:
        return int(setting)
    return max(1, min(8, os.cpu_count() or 1))


def _prove_all(puzzles: list[Puzzle]) -> list[tuple]:
    """Proofs in input order; several processes when there is enough work, else in this one."""
    jobs = min(proof_jobs(), len(puzzles) // MIN_PER_JOB)
    if jobs > 1:
        try:
            from concurrent.futures import ProcessPoolExecutor
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                return list(pool.map(_prove_one, puzzles, chunksize=1))
        except (OSError, ImportError, RuntimeError):  # no processes here (sandbox): prove in this one
            pass
    return [_prove_one(p) for p in puzzles]
