"""What the generic search asks of Mak-hot: material in men, and how to order moves."""

from __future__ import annotations

from .board import WHITE, squares_of
from .position import Position

MAN, KING = 1.0, 3.0  # a flying king is worth about three men
ADVANCE = 0.02  # per rank a man has gone forward: the computer's hint, small beside a man


def material(position: Position) -> float:
    """Material of the side to move minus the opponent's, in men."""
    kings = position.kings
    own, other = position.own, position.other
    return (MAN * ((own & ~kings).bit_count() - (other & ~kings).bit_count())
            + KING * ((own & kings).bit_count() - (other & kings).bit_count()))


def gain(position: Position, move: tuple) -> float:
    """Material a move wins at once: the pieces it takes and a crowning."""
    kings = position.kings
    taken = move[2]
    won = MAN * (taken & ~kings).bit_count() + KING * (taken & kings).bit_count()
    return won + (KING - MAN if position.crowns(move) else 0.0)


def _advance(men: int, side: int) -> int:
    """Ranks the men of ``side`` have gone forward, all together."""
    return sum(sq >> 3 if side == WHITE else 7 - (sq >> 3) for sq in squares_of(men))


def estimate(position: Position) -> float:
    """Material plus how far the men have gone forward (the computer's value; proofs use material)."""
    kings, side = position.kings, position.side
    ahead = _advance(position.own & ~kings, side) - _advance(position.other & ~kings, 1 - side)
    return material(position) + ADVANCE * ahead
