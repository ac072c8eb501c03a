"""Phase 1 for puzzles: find the files, check them, prove them (or take the proof from the cache),
then check their hints (hints.py: per puzzle and across the collection) and statements (statement.py).

``load_puzzles(root)`` returns a :class:`PuzzleSet` and every problem of every file at once.
All engine work of the puzzle pages happens here: the proofs, the replies each page answers
without Pyodide (replies.py) and the words of each solution. Puzzles the cache does not hold
are proven in one worker process per core (``KRADAN_PROOF_JOBS`` overrides the count; 1: in
this process), results taken in file order, so the output never depends on which finished first.
With a full cache a puzzle costs its file's schema check and its hints: the engine's answers for
an unchanged file under an unchanged engine (its position's reply, proof, solution's words) come
from the cache, the replies its page carries only when the page is rendered (``PuzzleSet.replies``).
"""
from __future__ import annotations

import hashlib
import os
import sys
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path

from engine.errors import EngineError

from ..config import plugin_modules
from ..errors import BuildProblem
from ..games import PLUGINS
from ..i18n import LANGS
from ..replies import page_json, page_table, record
from .cache import CACHE_DIR, ROOT, SOURCES, Cached, ProofCache
from .engine_ctx import GameEngine, known_games
from .hints import collection_problems, puzzle_issues
from .kinds.base import Issue
from .schema import Puzzle, discover, validate
from .statement import statement_issues

CACHE_ENV = "KRADAN_PROOF_CACHE"  # a folder, or "off"
JOBS_ENV = "KRADAN_PROOF_JOBS"  # worker processes for proofs (1: none)


@dataclass
class PuzzleSet:
    """Checked and proven puzzles in 'next puzzle' order, plus what the build reports."""

    puzzles: list[Puzzle] = field(default_factory=list)
    present: bool = False  # the project has a puzzles/ folder (pages are made only then)
    cache_hits: int = 0
    proven: int = 0
    jobs: int = 1  # processes the proofs ran in
    prove_seconds: float = 0.0
    seconds: float = 0.0
    cache: ProofCache = field(default_factory=lambda: ProofCache(None), repr=False)
    _counts: dict[tuple, int] | None = field(default=None, repr=False)

    def summary(self) -> str:
        noun = "puzzle" if len(self.puzzles) == 1 else "puzzles"
        where = f" in {self.jobs} processes" if self.jobs > 1 else ""
        return (f"{len(self.puzzles)} {noun} checked ({self.cache_hits} from the proof cache, "
                f"{self.proven} proven in {self.prove_seconds:.1f} s{where}; {self.seconds:.1f} s in all)")

    def next_of(self, puzzle: Puzzle) -> Puzzle | None:
        i = next(i for i, p in enumerate(self.puzzles) if p is puzzle)  # not ==: that compares every field
        return self.puzzles[i + 1] if i + 1 < len(self.puzzles) else None

    def count(self, game: str, kind: str | None = None, tag: str | None = None) -> int:
        """How many puzzles of ``game`` (of ``kind``, with ``tag``, when given): every page's menu asks."""
        if self._counts is None:
            self._counts = {}
            for p in self.puzzles:
                for key in {(p.game, k, t) for k in (None, p.kind) for t in (None, *p.tags)}:
                    self._counts[key] = self._counts.get(key, 0) + 1
        return self._counts.get((game, kind, tag), 0)

    def goal(self, puzzle: Puzzle) -> dict[str, str]:
        return puzzle.goal or puzzle.kind_obj.default_goal(puzzle, puzzle.proof)

    def replies(self, puzzle: Puzzle) -> list[dict]:
        """The engine replies the puzzle's page carries: from the cache, or recorded again from its
        proof when the cache no longer has them (its folder was emptied since the check)."""
        found = self.cache.replies(puzzle.digest)
        if found is None:
            found = record(puzzle.kind_obj.page_requests(puzzle, puzzle.proof))
            self.cache.put(puzzle.digest, Cached(puzzle.proof, puzzle.solution or {}, puzzle.board), found,
                           puzzle.id, 0.0)
        return found

    def page_table(self, puzzle: Puzzle, lang: str) -> dict:
        """The page's recorded replies packed for ``lang`` (replies.page_table), made once per proof."""
        return self.cache.kept(puzzle.digest, ("table", lang), lambda: page_table(self.replies(puzzle), lang))

    def page_table_json(self, puzzle: Puzzle, lang: str) -> str:
        """:meth:`page_table` as page JSON (replies.page_json), encoded once per proof."""
        return self.cache.kept(puzzle.digest, ("table-json", lang), lambda: page_json(self.page_table(puzzle, lang)))


@dataclass
class Proven:
    """What proving one puzzle gives (in a worker process or in this one)."""

    proof: dict | None
    issues: list[Issue]
    replies: list[dict]
    solution: dict[str, list[str]] | None
    unreplayable: str | None  # the engine's message when it cannot replay the solution's words
    seconds: float


def cache_folder(root: Path) -> Path | None:
    setting = os.environ.get(CACHE_ENV)
    if setting == "off":
        return None
    return Path(setting) if setting else root / CACHE_DIR


def load_puzzles(root: Path, cache: ProofCache | None = None) -> tuple[PuzzleSet, list[BuildProblem]]:
    """Check and prove every puzzle file; problems of all files are returned together, in file order."""
    began = time.perf_counter()
    found = discover(root)
    cache = cache if cache is not None else ProofCache(cache_folder(root))
    cache.reset()
    cache.extra_sources = outside_sources(root)
    result = PuzzleSet(present=(root / "puzzles").is_dir(), cache=cache)
    problems = list(found.problems)
    if not found.files:
        return result, problems
    t0, provers = time.perf_counter(), Provers()  # proofs start while the other files are checked
    checked, file_problems = _check_files(found.files, cache, provers)
    problems += file_problems

    todo = [puzzle for puzzle in checked if not puzzle.cached]
    result.jobs, proven_all = provers.results()
    for puzzle, done in zip(todo, proven_all):
        puzzle.seconds = done.seconds
        result.proven += 1
        if done.issues:
            problems += [puzzle.problem(issue) for issue in done.issues]
            continue
        puzzle.proof, puzzle.solution = done.proof, done.solution
        if done.unreplayable is not None:
            problems.append(BuildProblem(puzzle.rel, puzzle.lines.line("solution") or puzzle.lines.line("kind"),
                                         f"the engine cannot replay the solution: {done.unreplayable}",
                                         "check the solution line; if it is legal, report this engine bug"))
            continue
        cache.put(puzzle.digest, Cached(done.proof, done.solution, puzzle.board), done.replies, puzzle.id,
                  done.seconds)
    result.prove_seconds = time.perf_counter() - t0
    result.cache_hits = cache.hits

    proven = []
    for puzzle in (p for p in checked if p.proof is not None):
        issues = cache.kept(puzzle.digest, "issues",
                            lambda: puzzle_issues(puzzle) + statement_issues(puzzle, result.goal(puzzle)))
        problems += [puzzle.problem(issue) for issue in issues]
        if not issues:
            proven.append(puzzle)
    problems += collection_problems(proven)
    result.puzzles = sorted(proven, key=Puzzle.sort_key)
    result.seconds = time.perf_counter() - began
    return result, problems


def outside_sources(root: Path) -> tuple[Path, ...]:
    """The code of the project's own games (``[tool.kradan.site] plugins``, loaded by loader.py):
    each plugin module's package folder (or file) and its engine package's, for the cache key."""
    found = set()
    for name in plugin_modules(root)[0]:
        module = sys.modules.get(name)
        site = getattr(module, "PLUGIN", None)
        for each in (module, sys.modules.get(getattr(site, "engine_package", None) or "")):
            origin = Path(getattr(each, "__file__", None) or "")
            if origin.suffix == ".py":
                found.add(origin.parent if origin.name == "__init__.py" else origin)
    inside = [ROOT / name for name in SOURCES]
    return tuple(sorted(p for p in found if not any(p.is_relative_to(folder) for folder in inside)))


def _check_files(files, cache: ProofCache, provers: Provers) -> tuple[list[Puzzle], list[BuildProblem]]:
    """The schema and position checks of every file, and ids used twice. A file the cache holds
    gets the engine's answers from there: its position's reply, proof and solution's words
    (``puzzle.cached``); any other valid file is sent to ``provers`` at once."""
    known = known_games()
    engines: dict[str, GameEngine] = {}

    def describe(game: str, fen: str) -> dict:
        if game not in engines:
            engines[game] = GameEngine(PLUGINS[game])
        return engines[game].describe(fen)

    checked: list[Puzzle] = []
    problems: list[BuildProblem] = []
    ids: dict[str, str] = {}
    for path, rel, folder in files:
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        hit = cache.get(digest)
        puzzle, file_problems, written = validate(path, rel, folder, known,
                                                  (lambda game, fen: hit.board) if hit else describe)
        if hit is not None and puzzle is not None and puzzle.digest != digest:  # edited meanwhile
            puzzle, file_problems, written = validate(path, rel, folder, known, describe)
        elif hit is not None and puzzle is not None:
            puzzle.proof, puzzle.solution, puzzle.cached = hit.proof, hit.solution, True
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
            if not puzzle.cached:
                provers.submit(puzzle)
    return checked, problems


def prove_one(puzzle: Puzzle) -> Proven:
    """Prove one puzzle, record the engine replies its page needs and the solution's words (run in
    worker processes too: everything it returns is plain data)."""
    t0 = time.perf_counter()
    kind = puzzle.kind_obj
    proof, issues = kind.prove(puzzle, GameEngine(puzzle.site))
    if proof is None or issues:
        return Proven(None, list(issues), [], None, None, time.perf_counter() - t0)
    replies = record(kind.page_requests(puzzle, proof))
    solution, unreplayable = None, None
    try:
        solution = {lang: kind.solution_text(puzzle, proof, lang) for lang in LANGS}
    except EngineError as error:
        unreplayable = error.message
    return Proven(proof, [], replies, solution, unreplayable, time.perf_counter() - t0)


def proof_jobs() -> int:
    """Worker processes for proofs: KRADAN_PROOF_JOBS, else one per core (``os.cpu_count()``)."""
    setting = os.environ.get(JOBS_ENV, "")
    if setting.isdigit() and int(setting) > 0:
        return int(setting)
    return os.cpu_count() or 1


class Provers:
    """Proofs started while the files are still being checked: one worker process per core
    (``jobs``), each puzzle sent as soon as it is known to need a proof; ``results`` gives them in
    the order sent. The workers start with the second proof: one alone (an author's edit under
    ``serve``) is proven in this process, sooner than processes start. Where this system cannot
    start processes, or a worker dies, the proofs run in this process instead."""

    def __init__(self, jobs: int | None = None):
        self.jobs = jobs or proof_jobs()
        self._pool: ProcessPoolExecutor | None = None
        self._sent: list[tuple[Puzzle, Future | None]] = []

    def submit(self, puzzle: Puzzle) -> None:
        self._sent.append((puzzle, None))
        if self.jobs > 1 and len(self._sent) > 1:
            try:
                self._pool = self._pool or ProcessPoolExecutor(max_workers=self.jobs)
                self._sent = [(sent, future or self._pool.submit(prove_one, sent)) for sent, future in self._sent]
            except (OSError, NotImplementedError, BrokenProcessPool):  # no processes here (a sandbox)
                self.jobs = 1

    def results(self) -> tuple[int, list[Proven]]:
        """``(processes used, results in the order sent)``."""
        done = []
        try:
            for puzzle, future in self._sent:
                try:
                    done.append(future.result() if future is not None else prove_one(puzzle))
                except BrokenProcessPool:
                    self.jobs = 1
                    done.append(prove_one(puzzle))
        finally:
            if self._pool is not None:
                self._pool.shutdown(cancel_futures=True)  # at once when a proof raised
        return (self.jobs if self._pool is not None else 1), done


def prove_all(puzzles: list[Puzzle], jobs: int | None = None) -> tuple[int, list[Proven]]:
    """``(processes used, results in input order)`` of proving ``puzzles`` (see :class:`Provers`)."""
    provers = Provers(jobs)
    for puzzle in puzzles:
        provers.submit(puzzle)
    return provers.results()
