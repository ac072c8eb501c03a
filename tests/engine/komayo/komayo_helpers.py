"""Shared helpers of the Komayo engine tests: games, the door, and random positions."""

from __future__ import annotations

import random

from engine.api import call
from engine.komayo import KomayoGame
from engine.komayo.options import OPTIONS, START
from engine.options import resolve


def game_of(position: str = START, **options) -> KomayoGame:
    return KomayoGame(position, resolve(OPTIONS, options))


def play(position: str = START, moves: tuple[str, ...] = (), **options) -> dict:
    """The door's ``play`` reply (it must succeed)."""
    reply = call({"op": "play", "game": "komayo", "position": position, "moves": list(moves), "options": options})
    assert reply["ok"], reply
    return reply


def error(position: str = START, moves: tuple[str, ...] = (), **options) -> dict:
    """The door's error for a ``play`` request that must fail."""
    reply = call({"op": "play", "game": "komayo", "position": position, "moves": list(moves), "options": options})
    assert reply["ok"] is False, reply
    return reply["error"]


def random_game(rng: random.Random, plies: int, ruleset: str = "v2", start: str = START) -> KomayoGame:
    """A game of up to ``plies`` random legal moves (captures preferred, so hands fill up)."""
    game = game_of(start, ruleset=ruleset)
    for _ in range(plies):
        moves = game.legal_moves()
        if not moves:
            break
        captures = [m for m in moves if m.captures and m.to_square != _king_square(game)]
        game.play(rng.choice(captures if captures and rng.random() < 0.6 else moves).text)
    return game


def _king_square(game: KomayoGame) -> str | None:
    """Where the side to move's opponent has its king (random games avoid capturing it early)."""
    other = "k" if game.position.turn == 0 else "K"
    return next((sq for sq, piece in game.view()["board"].items() if piece == other), None)
