"""The registry: game id -> :class:`~engine.core.protocol.GameSpec`. No rules here.

Adding a game is one line below (and its package). Shared modules reach games only
through :data:`GAMES`. A game that lives outside ``engine/`` (a site's own game, a test's
fixture game) is a package with a ``SPEC``: :func:`load` registers it by module name, and
every module named in ``ENGINE_GAMES`` of the optional top-level module ``kradan_games`` (the
browser wheel of a site with such games carries one) is loaded when the registry is imported.
"""

from __future__ import annotations

import importlib

from .core.protocol import Game, GameSpec
from .dummy import SPEC as DUMMY
from .komayo import KomayoGame
from .makhos import MakhosGame
from .makruk import MakrukGame

BOARD_OPS = ("start", "legal_moves", "play", "perft", "mate", "defend", "bestmove", "prove")


def board_game(game: type[Game], ops: tuple[str, ...] = BOARD_OPS) -> GameSpec:
    """The spec of a board game: everything comes from its :class:`Game` class."""
    return GameSpec(game.id, game.name, game.name_th, game.sides, ops, game.options, game)


GAMES: dict[str, GameSpec] = {spec.id: spec for spec in (
    board_game(MakrukGame),
    board_game(MakhosGame),
    board_game(KomayoGame),
    DUMMY,
)}

LISTED = "kradan_games"  # the optional module whose ENGINE_GAMES names games from outside engine/


def register(spec: GameSpec) -> GameSpec:
    """Add ``spec`` to :data:`GAMES` (again: no change); another game's id is a ValueError."""
    known = GAMES.setdefault(spec.id, spec)
    if known is not spec:
        raise ValueError(f"the engine already has a game {spec.id!r}")
    return spec


def load(module: str) -> GameSpec:
    """Import the game package ``module`` and register its ``SPEC``."""
    return register(importlib.import_module(module).SPEC)


def _load_listed() -> None:
    """Load the games :data:`LISTED` names, if that module exists."""
    try:
        listed = importlib.import_module(LISTED)
    except ModuleNotFoundError as error:
        if error.name != LISTED:
            raise
        return
    for module in listed.ENGINE_GAMES:
        load(module)


_load_listed()
