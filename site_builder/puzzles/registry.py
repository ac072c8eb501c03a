"""Every puzzle kind by id: the game-neutral kinds, then each game plugin's own kinds.

The order is the order the author's guide lists kinds in, and the order of kinds of the same
difficulty in the index and the 'next puzzle' order (game, difficulty, kind, id): questions
about the rules first, then mates, then best moves, then each game's own kinds.
"""
from __future__ import annotations

from ..games import PLUGINS
from .kinds.base import PuzzleKind
from .kinds.best_move import BEST_MOVE
from .kinds.mate import MATE
from .kinds.rule_quiz import RULE_QUIZ


def _kinds(kinds) -> dict[str, PuzzleKind]:
    found: dict[str, PuzzleKind] = {}
    for kind in kinds:
        if kind.id in found:
            raise ValueError(f"puzzle kind {kind.id!r} is registered twice")
        found[kind.id] = kind
    return found


KINDS: dict[str, PuzzleKind] = _kinds((RULE_QUIZ, MATE, BEST_MOVE,
                                       *(kind for site in PLUGINS.values() for kind in site.puzzle_kinds)))
