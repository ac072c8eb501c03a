"""Proof cache: an unchanged puzzle file with an unchanged engine is not proven again.

Key = sha256 of (cache format, hash of the sources a proof runs: every ``*.py`` under
``engine/`` (recursively), ``site_builder/puzzles/``, ``site_builder/games/`` (the plugins: their
kinds and words), ``site_builder/plugin.py`` and ``site_builder/replies.py`` (the recorded
replies); then the file's bytes). Under ``<root>/.cache/kradan-proofs/`` (gitignored), two JSON
files per key: ``<key>.json`` holds the engine's answers the check needs (the position's reply,
the proof, the solution's words),
``<key>.replies.json`` the engine replies the page carries, read only when the page is rendered.
Only successful proofs are stored; a puzzle with problems is checked again on every build.
Answers that depend only on the code (a sandbox's recorded replies) are kept there and in the
machine's cache folder too (user_cache.py), which every project built on the machine shares.
A cache object also keeps what it read or wrote in memory, so that ``serve`` reads each file once.
"""
from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TypeVar

from site_builder.user_cache import user_cache_dir

T = TypeVar("T")

FORMAT = "kradan-proof-2"
CACHE_DIR = Path(".cache") / "kradan-proofs"
COMPUTED_DIR = "computed-replies"  # under the machine's cache folder (user_cache.py)
ROOT = Path(__file__).resolve().parents[2]
# Folders (searched recursively) and files whose Python sources a proof depends on, under ROOT.
SOURCES = ("engine", "site_builder/puzzles", "site_builder/games", "site_builder/plugin.py",
           "site_builder/replies.py")
# Checks that read a proof after it is made, on every build: editing them changes no proof.
AFTER_PROOFS = ("site_builder/puzzles/hints.py", "site_builder/puzzles/answers.py",
                "site_builder/puzzles/statement.py")


def source_files(extra: tuple[Path, ...] = ()) -> list[Path]:
    """Every source file of SOURCES under ROOT, then of ``extra`` (folders or files: a game's code
    from outside the project), in a fixed order; not the checks of AFTER_PROOFS."""
    found: list[Path] = []
    for path in [ROOT / name for name in SOURCES] + list(extra):
        found += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    after = {ROOT / name for name in AFTER_PROOFS}
    return [path for path in found if path not in after]


@lru_cache(maxsize=8)
def code_hash(extra: tuple[Path, ...] = ()) -> str:
    """Hash of the sources a proof depends on (path and bytes of each file), as this process
    first read them: the code it runs (``serve`` restarts when a Python source changes)."""
    digest = hashlib.sha256()
    for path in source_files(extra):
        name = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.as_posix()
        digest.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


@dataclass
class Cached:
    """A cache entry's check part: the proof (without its replies), the solution's words and the
    engine's reply for the file's position (``GameEngine.describe``)."""

    proof: dict
    solution: dict[str, list[str]]
    board: dict


class ProofCache:
    """get/put/replies by puzzle file digest; ``hits``/``misses`` count ``get`` lookups since ``reset``."""

    def __init__(self, folder: Path | None):
        self.folder = folder
        self.extra_sources: tuple[Path, ...] = ()  # game code from outside SOURCES (prove.py sets it)
        self.hits = 0
        self.misses = 0
        self._entries: dict[str, Cached] = {}
        self._replies: dict[str, list[dict]] = {}
        self._kept: dict[tuple[str, object], object] = {}

    def reset(self) -> None:
        """Start counting a new build (what is in memory is kept)."""
        self.hits = self.misses = 0

    def key(self, digest: str) -> str:
        code = code_hash(self.extra_sources) if self.extra_sources else code_hash()
        return hashlib.sha256(f"{FORMAT}\0{code}\0{digest}".encode()).hexdigest()

    def _path(self, digest: str, suffix: str) -> Path:
        return Path(self.folder or ".") / f"{self.key(digest)}{suffix}"

    def get(self, digest: str) -> Cached | None:
        """The stored proof and solution of a puzzle file, or None (a miss: prove it)."""
        key = self.key(digest)
        entry = self._entries.get(key) or self._read(digest)
        if entry is None:
            self.misses += 1
            return None
        self._entries[key] = entry
        self.hits += 1
        return entry

    def _read(self, digest: str) -> Cached | None:
        if self.folder is None:
            return None
        try:
            entry = json.loads(self._path(digest, ".json").read_text(encoding="utf-8"))
            if entry["format"] != FORMAT or not self._path(digest, ".replies.json").is_file():
                return None
            return Cached(entry["proof"], entry["solution"], entry["board"])
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def replies(self, digest: str) -> list[dict] | None:
        """The recorded replies stored with a proof (read from disk once), or None when gone."""
        key = self.key(digest)
        if key not in self._replies:
            found = None if self.folder is None else _read_json(self._path(digest, ".replies.json"))
            if found is None:
                return None
            self._replies[key] = found
        return self._replies[key]

    def kept(self, digest: str, what: object, make: Callable[[], T]) -> T:
        """``make()``'s ``what`` of a puzzle file (its page table, its problems...: anything that
        depends only on the file, its proof and the code), kept in memory: a rebuild in ``serve``
        makes each once per file."""
        key = (self.key(digest), what)
        if key not in self._kept:
            self._kept[key] = make()
        return self._kept[key]

    def computed(self, name: str, make: Callable[[], list[dict]]) -> list[dict]:
        """Engine answers that depend only on the code (e.g. a sandbox's recorded replies), kept
        under ``name`` like a proof's replies and also in the machine's cache (user_cache.py), which
        every project built here shares: ``make()`` runs once per engine version on a machine.
        A cache switched off (no folder) keeps nothing anywhere."""
        key = self.key(f"computed\0{name}")
        if key not in self._replies:
            if self.folder is None:
                self._replies[key] = make()
                return self._replies[key]
            file = f"{key}.computed.json"
            places = (self.folder / file, user_cache_dir() / COMPUTED_DIR / file)
            found = next((data for data in map(_read_json, places) if data is not None), None)
            self._replies[key] = make() if found is None else found
            for path in places:
                if not path.is_file():
                    _keep(path, self._replies[key])
        return self._replies[key]

    def put(self, digest: str, cached: Cached, replies: list[dict], puzzle_id: str, seconds: float) -> None:
        """Store a successful proof: the replies first, so that a check part never lacks its replies."""
        key = self.key(digest)
        self._entries[key] = cached
        self._replies[key] = replies
        if self.folder is None:
            return
        entry = {"format": FORMAT, "id": puzzle_id, "seconds": round(seconds, 3),
                 "proof": cached.proof, "solution": cached.solution, "board": cached.board}
        if _keep(self._path(digest, ".replies.json"), replies):
            _keep(self._path(digest, ".json"), entry)


def _read_json(path: Path) -> list[dict] | None:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _keep(path: Path, data: object) -> bool:
    """Write ``data`` as JSON to ``path`` at once (a reader never sees half a file); False when the
    folder cannot be written (a read-only tree still builds, only slower)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    except OSError:
        return False
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(json.dumps(data, ensure_ascii=False, separators=(",", ":")))
        os.replace(tmp, path)
    except OSError:
        Path(tmp).unlink(missing_ok=True)
        return False
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return True
