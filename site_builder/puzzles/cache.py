"""Proof cache: an unchanged puzzle file with an unchanged engine is not proven again.

Key = sha256 of (cache format, hash of the sources a proof runs: every ``*.py`` under
``engine/`` (recursively), ``site_builder/puzzles/``, ``site_builder/games/`` (the plugins: their
kinds and words) and ``site_builder/plugin.py``; then the file's bytes). One JSON file per key under ``<root>/.cache/kradan-proofs/`` (gitignored).
Only successful proofs are stored; a puzzle with problems is checked again on every build.
"""
from __future__ import annotations

import hashlib
import json
import os
import tempfile
from functools import lru_cache
from pathlib import Path

FORMAT = "kradan-proof-1"
CACHE_DIR = Path(".cache") / "kradan-proofs"
ROOT = Path(__file__).resolve().parents[2]
# Folders (searched recursively) and files whose Python sources a proof depends on, under ROOT.
SOURCES = ("engine", "site_builder/puzzles", "site_builder/games", "site_builder/plugin.py")


def source_files() -> list[Path]:
    """Every source file of SOURCES under ROOT, in a fixed order."""
    found: list[Path] = []
    for name in SOURCES:
        path = ROOT / name
        found += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return found


@lru_cache(maxsize=1)
def code_hash() -> str:
    """Hash of the sources a proof depends on (relative path and bytes of each file)."""
    digest = hashlib.sha256()
    for path in source_files():
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


class ProofCache:
    """get/put by (kind, file digest); ``hits``/``misses`` count lookups of this build."""

    def __init__(self, folder: Path | None):
        self.folder = folder
        self.hits = 0
        self.misses = 0

    def key(self, digest: str) -> str:
        return hashlib.sha256(f"{FORMAT}\0{code_hash()}\0{digest}".encode()).hexdigest()

    def get(self, digest: str) -> dict | None:
        if self.folder is None:
            self.misses += 1
            return None
        path = self.folder / f"{self.key(digest)}.json"
        try:
            entry = json.loads(path.read_text(encoding="utf-8"))
            proof = entry["proof"]
        except (OSError, ValueError, KeyError, TypeError):
            self.misses += 1
            return None
        self.hits += 1
        return proof

    def put(self, digest: str, proof: dict, puzzle_id: str, seconds: float) -> None:
        if self.folder is None:
            return
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            entry = {"format": FORMAT, "id": puzzle_id, "seconds": round(seconds, 3), "proof": proof}
            fd, tmp = tempfile.mkstemp(dir=self.folder, suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(entry, handle, ensure_ascii=False, separators=(",", ":"))
            os.replace(tmp, self.folder / f"{self.key(digest)}.json")
        except OSError:
            pass  # a read-only tree still builds, only slower
