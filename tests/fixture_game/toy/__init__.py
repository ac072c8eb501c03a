"""Toy race (a fixture game for the tests): its engine package, registered by ``SPEC``.

It lives only under tests/ and reaches Kradan through the same doors a fifth game would:
``engine.registry.load("toy")`` (or the ``kradan_games`` list in a browser wheel).
"""
from engine.registry import board_game

from .game import ToyGame

SPEC = board_game(ToyGame)

__all__ = ["SPEC", "ToyGame"]
