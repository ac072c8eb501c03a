"""A Mak-hot position: the pieces of both sides, the kings among them and the side to move."""

from __future__ import annotations

from typing import NamedTuple

from .board import BIT, BLACK, FAR_ROW, WHITE, name, squares_of
from .moves import apply, capture_moves, has_capture, legal_moves, quiet_moves
from .options import Rules


class Position(NamedTuple):
    """Bitboards of White's and Black's pieces and of the kings (of both sides), and the side to move."""

    white: int
    black: int
    kings: int
    side: int

    @property
    def own(self) -> int:
        return self.black if self.side else self.white

    @property
    def other(self) -> int:
        return self.white if self.side else self.black

    def captures(self, rules: Rules) -> list[tuple]:
        """Every complete capture sequence of the side to move."""
        return capture_moves(self.own, self.other, self.kings, self.side, rules.any_landing, rules.no_reverse)

    def quiet(self) -> list[tuple]:
        """Every move that takes nothing (legal unless a capture is compulsory)."""
        return quiet_moves(self.own, self.other, self.kings, self.side)

    def has_capture(self) -> bool:
        return has_capture(self.own, self.other, self.kings, self.side)

    def legal_moves(self, rules: Rules, forced: bool = False) -> list[tuple]:
        """Captures only while one exists, unless ``rules.claimable`` (and no capture was claimed)."""
        return legal_moves(self.own, self.other, self.kings, self.side, rules, forced)

    def after(self, move: tuple) -> "Position":
        """The position after ``move`` (assumed legal), the other side to move."""
        own, other, kings = apply(self.own, self.other, self.kings, self.side, move)
        if self.side == WHITE:
            return Position(own, other, kings, BLACK)
        return Position(other, own, kings, WHITE)

    def is_king(self, sq: int) -> bool:
        return bool(self.kings & BIT[sq])

    def crowns(self, move: tuple) -> bool:
        """Does ``move`` crown a man?"""
        return not self.kings & BIT[move[0]] and bool(BIT[move[1]] & FAR_ROW[self.side])

    def pieces(self) -> dict[str, str]:
        """Square name -> piece text: ``M``/``K`` a White man/king, ``m``/``k`` a Black one."""
        out = {}
        for side, mask in ((WHITE, self.white), (BLACK, self.black)):
            for sq in squares_of(mask):
                letter = "K" if self.kings & BIT[sq] else "M"
                out[name(sq)] = letter if side == WHITE else letter.lower()
        return out
