"""The registry: game id -> :class:`~engine.core.protocol.GameSpec`. No rules here.

Adding a game is one line below (and its package). Shared modules reach games only
through :data:`GAMES`.
"""

from __future__ import annotations

from .core.protocol import Game, GameSpec
from .dummy import SPEC as DUMMY
from .komayo import KomayoGame
from .makhos import MakhosGame
from .makruk import MakrukGame

BOARD_OPS = ("start", "legal_moves", "play", "perft", "mate", "defend", "bestmove")


def board_game(game: type[Game], ops: tuple[str, ...] = BOARD_OPS) -> GameSpec:
    """The spec of a board game: everything comes from its :class:`Game` class."""
    return GameSpec(game.id, game.name, game.name_th, game.sides, ops, game.options, game)


GAMES: dict[str, GameSpec] = {spec.id: spec for spec in (
    board_game(MakrukGame),
    board_game(MakhosGame),
    board_game(KomayoGame),
    DUMMY,
)}
