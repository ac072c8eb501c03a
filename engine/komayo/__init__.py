"""Komayo (หมากรุกโกมาโย, Ōgi): an 8x8 drop game — pieces, position and moves, notation, refusals,
evaluation, and the game on the protocol."""

from .game import KomayoGame, KomayoState

__all__ = ["KomayoGame", "KomayoState"]
