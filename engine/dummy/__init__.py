"""Dummy Knock 2025 (ดัมมี่น็อก): cards, melds and layoffs, playing a hand, and the end-of-game
settlement.

A card game has no board: the registry entry has no Game class and answers its own ops
(``settle``, ``validate``, ``meld_check``, ``deal``, ``play``, ``view``, ``bestmove`` for play, and
``prove`` for its drills, which the door routes here before the board ops of the same names); the
other board ops answer ``UNSUPPORTED_OP``. Its
``sides`` are the four seats in turn order, named as ``dummy-table.md`` names them; a table
may give its players other ids (seat i is ``players[i]``).
"""

from ..core.protocol import GameSpec
from .ops import OPS
from .options import OPTIONS

SEATS = ("P1", "P2", "P3", "P4")

SPEC = GameSpec("dummy", "Dummy Knock 2025", "ดัมมี่น็อก 2025", SEATS, tuple(OPS), OPTIONS, None, OPS)

__all__ = ["SPEC"]
