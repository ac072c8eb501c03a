"""The registry of puzzle kinds. A new kind is one module here that calls ``register``.

Order of registration is the order the author's guide lists kinds in; the 'next puzzle'
order sorts by kind id (game, kind, difficulty, id).
"""
from __future__ import annotations

from .base import Field, Issue, PuzzleKind

KINDS: dict[str, PuzzleKind] = {}


def register(kind: PuzzleKind) -> PuzzleKind:
    """Add a kind (its ``id`` is what files write in ``kind = "..."``)."""
    if kind.id in KINDS:
        raise ValueError(f"puzzle kind {kind.id!r} is registered twice")
    KINDS[kind.id] = kind
    return kind


from . import mate, best_move, rule_quiz, counting  # noqa: E402,F401  (each registers itself)

__all__ = ["KINDS", "register", "Field", "Issue", "PuzzleKind"]
