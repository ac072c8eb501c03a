"""Shared helpers of the Makruk engine tests: default options, games and states from FEN."""

from __future__ import annotations

from engine.api import call
from engine.makruk import MakrukGame, MakrukState
from engine.makruk.options import OPTIONS

DEFAULTS = {o.name: o.default for o in OPTIONS}


def new_game(fen: str, moves=(), **options) -> MakrukGame:
    """A game from ``fen`` under the default options changed by ``options``, ``moves`` played."""
    game = MakrukGame(fen, {**DEFAULTS, **options})
    for move in moves:
        game.play(move)
    return game


def state_of(fen: str, **options) -> MakrukState:
    """The search's view of ``fen`` (options bound)."""
    return new_game(fen, **options).state


def play(position: str, moves=(), **options) -> dict:
    """The ``play`` reply of the JSON door; it must succeed."""
    reply = call({"op": "play", "game": "makruk", "position": position, "moves": list(moves), "options": options})
    assert reply["ok"], reply
    return reply


def move_texts(game: MakrukGame) -> list[str]:
    """Sorted text of the game's legal moves."""
    return sorted(m.text for m in game.legal_moves())
