"""Every puzzle kind by id: the game-neutral kinds, then each game plugin's own kinds.

The order is the order the author's guide lists kinds in; the 'next puzzle' order sorts by
kind id (game, kind, difficulty, id).
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


KINDS: dict[str, PuzzleKind] = _kinds((MATE, BEST_MOVE, RULE_QUIZ,
                                       *(kind for site in PLUGINS.values() for kind in site.puzzle_kinds)))
