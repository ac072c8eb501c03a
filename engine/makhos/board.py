"""Mak-hot geometry: the 32 dark squares as bits of a 64-bit int, diagonal rays, men's steps and jumps.

Squares are numbered as in :mod:`engine.core.grid` (a1 = 0, h8 = 63); a1 is dark (rules A-H1:
the single corner on each player's left), so a square is dark when its file plus its rank is even.
"""

from __future__ import annotations

from ..core.grid import SQUARE_NAMES, offset, ray_table

WHITE, BLACK = 0, 1
SIDE_NAMES = ("white", "black")
SIDE_LETTERS = ("W", "B")

BIT = tuple(1 << sq for sq in range(64))
DARK_SQUARES = tuple(sq for sq in range(64) if ((sq & 7) + (sq >> 3)) % 2 == 0)
DARK = sum(BIT[sq] for sq in DARK_SQUARES)

# The four diagonals, in this order; the opposite of direction d is 3 - d.
NE, NW, SE, SW = range(4)
DIRECTIONS = ((1, 1), (-1, 1), (1, -1), (-1, -1))
RAYS = ray_table(DIRECTIONS)
FORWARD = ((NE, NW), (SE, SW))  # a man's directions, by side

FILE_A = sum(BIT[sq] for sq in range(64) if sq & 7 == 0)
FILE_H = sum(BIT[sq] for sq in range(64) if sq & 7 == 7)
NOT_A = DARK & ~FILE_A
NOT_H = DARK & ~FILE_H
NOT_AB = NOT_A & ~(FILE_A << 1)  # squares two files from the a-file or more: a jump west stays on the board
NOT_GH = NOT_H & ~(FILE_H >> 1)

# The far row of each side: a man of that side is crowned there (and may never stand there).
FAR_ROW = (sum(BIT[sq] for sq in DARK_SQUARES if sq >> 3 == 7), sum(BIT[sq] for sq in DARK_SQUARES if sq >> 3 == 0))


def _man_jumps(side: int) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """For every square: (square jumped over, landing square, direction) of a man's forward captures."""
    table = []
    for sq in range(64):
        jumps = []
        for d in FORWARD[side]:
            df, dr = DIRECTIONS[d]
            over, land = offset(sq, df, dr), offset(sq, 2 * df, 2 * dr)
            if land is not None:
                jumps.append((over, land, d))
        table.append(tuple(jumps))
    return tuple(table)


MAN_JUMPS = (_man_jumps(WHITE), _man_jumps(BLACK))


def squares_of(mask: int) -> list[int]:
    """The squares of the set bits of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def name(sq: int) -> str:
    return SQUARE_NAMES[sq]
