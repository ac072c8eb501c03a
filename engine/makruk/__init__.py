"""Makruk (หมากรุกไทย): position and moves, counting, evaluation, and the game on the protocol."""

from .game import MakrukGame, MakrukState

__all__ = ["MakrukGame", "MakrukState"]
