"""8x8 geometry shared by the board games: square names and neighbour tables.

Squares are numbered 0..63 with a1 = 0, b1 = 1, ..., h8 = 63 (rank * 8 + file).
"""

from __future__ import annotations

FILES = "abcdefgh"
RANKS = "12345678"
SQUARE_NAMES = tuple(f + r for r in RANKS for f in FILES)
SQUARE_INDEX = {name: i for i, name in enumerate(SQUARE_NAMES)}


def file_of(sq: int) -> int:
    """File 0..7 (a..h) of a square."""
    return sq & 7


def rank_of(sq: int) -> int:
    """Rank 0..7 (1..8) of a square."""
    return sq >> 3


def offset(sq: int, df: int, dr: int) -> int | None:
    """The square ``df`` files and ``dr`` ranks away, or None when off the board."""
    f, r = (sq & 7) + df, (sq >> 3) + dr
    if 0 <= f < 8 and 0 <= r < 8:
        return r * 8 + f
    return None


def step_table(steps: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
    """For every square, the squares one of ``steps`` away (off-board ones dropped)."""
    return tuple(
        tuple(t for t in (offset(sq, df, dr) for df, dr in steps) if t is not None)
        for sq in range(64)
    )


def ray_table(directions: tuple[tuple[int, int], ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For every square, one tuple of squares per direction, nearest first."""
    table = []
    for sq in range(64):
        rays = []
        for df, dr in directions:
            ray, cur = [], offset(sq, df, dr)
            while cur is not None:
                ray.append(cur)
                cur = offset(cur, df, dr)
            rays.append(tuple(ray))
        table.append(tuple(rays))
    return tuple(table)


KING_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
DIAGONAL_STEPS = ((1, 1), (1, -1), (-1, 1), (-1, -1))
KNIGHT_STEPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))

KING_TARGETS = step_table(KING_STEPS)
DIAGONAL_TARGETS = step_table(DIAGONAL_STEPS)
KNIGHT_TARGETS = step_table(KNIGHT_STEPS)
ROOK_RAYS = ray_table(ORTHOGONAL)
