"""Makruk move text: UCI ``e3e4``, a promotion ``e5e6m`` (Fairy-Stockfish's ``makruk``).

Reading checks the notation only (BAD_TYPE / BAD_MOVE); whether the move is legal is the
game's question (:func:`engine.makruk.refusals.legal_handle`).
"""
from __future__ import annotations

from dataclasses import dataclass

from .. import errors
from ..core.grid import SQUARE_INDEX
from ..errors import EngineError, quote


@dataclass(frozen=True, slots=True)
class MoveText:
    """Move text as written: the text, its from- and to-square indexes, and the ``m`` suffix."""

    text: str
    frm: int
    to: int
    promote: bool


def read_move(text: object) -> MoveText:
    """The move ``text`` writes, or BAD_TYPE / BAD_MOVE when it is not UCI move text."""
    if not isinstance(text, str):
        raise EngineError(errors.BAD_TYPE, f"a move must be a string, got {type(text).__name__}",
                          f"ตาเดินต้องเป็นข้อความ แต่ได้ {type(text).__name__}")
    frm, to = SQUARE_INDEX.get(text[0:2]), SQUARE_INDEX.get(text[2:4])
    if frm is None or to is None or len(text) not in (4, 5) or (len(text) == 5 and text[4] != "m"):
        raise EngineError(errors.BAD_MOVE,
                          f"{quote(text)} is not a move; write it as from-square then to-square, like 'e3e4' "
                          "(a promotion ends in 'm', like 'e5e6m')",
                          f"{quote(text)} ไม่ใช่ตาเดิน ให้เขียนช่องต้นทางตามด้วยช่องปลายทาง เช่น 'e3e4' "
                          "(เบี้ยหงายลงท้ายด้วย 'm' เช่น 'e5e6m')", reason="notation")
    return MoveText(text, frm, to, len(text) == 5)
