"""Mak-hot (หมากฮอส, Thai checkers): bitboard moves, position text, move text, and the game on the protocol."""

from .game import MakhosGame, MakhosState

__all__ = ["MakhosGame", "MakhosState"]
