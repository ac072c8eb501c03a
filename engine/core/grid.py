"""Rectangular board geometry shared by the board games: square names and neighbour tables.

A :class:`Grid` of ``files`` x ``ranks`` numbers its squares 0.. with a1 = 0, b1 = 1, ...
(rank * files + file). The module-level names are those of the 8x8 board most games use.
"""

from __future__ import annotations

from dataclasses import dataclass, field

LETTERS = "abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True)
class Grid:
    """A board of ``files`` columns (a, b, ... left to right) and ``ranks`` rows (1, 2, ... up)."""

    files: int
    ranks: int
    names: tuple[str, ...] = field(init=False, repr=False, compare=False)
    index: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        if not (1 <= self.files <= len(LETTERS) and 1 <= self.ranks <= 99):
            raise ValueError(f"a board has 1..{len(LETTERS)} files and 1..99 ranks, not {self.files}x{self.ranks}")
        names = tuple(LETTERS[f] + str(r + 1) for r in range(self.ranks) for f in range(self.files))
        object.__setattr__(self, "names", names)
        object.__setattr__(self, "index", {name: i for i, name in enumerate(names)})

    @property
    def size(self) -> int:
        """How many squares the board has."""
        return self.files * self.ranks

    def file_of(self, sq: int) -> int:
        """File 0.. (a..) of a square."""
        return sq % self.files

    def rank_of(self, sq: int) -> int:
        """Rank 0.. (1..) of a square."""
        return sq // self.files

    def offset(self, sq: int, df: int, dr: int) -> int | None:
        """The square ``df`` files and ``dr`` ranks away, or None when off the board."""
        f, r = sq % self.files + df, sq // self.files + dr
        if 0 <= f < self.files and 0 <= r < self.ranks:
            return r * self.files + f
        return None

    def step_table(self, steps: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
        """For every square, the squares one of ``steps`` away (off-board ones dropped)."""
        return tuple(
            tuple(t for t in (self.offset(sq, df, dr) for df, dr in steps) if t is not None)
            for sq in range(self.size)
        )

    def ray_table(self, directions: tuple[tuple[int, int], ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """For every square, one tuple of squares per direction, nearest first."""
        table = []
        for sq in range(self.size):
            rays = []
            for df, dr in directions:
                ray, cur = [], self.offset(sq, df, dr)
                while cur is not None:
                    ray.append(cur)
                    cur = self.offset(cur, df, dr)
                rays.append(tuple(ray))
            table.append(tuple(rays))
        return tuple(table)


BOARD = Grid(8, 8)
FILES = LETTERS[:BOARD.files]
RANKS = "".join(str(r + 1) for r in range(BOARD.ranks))
SQUARE_NAMES = BOARD.names
SQUARE_INDEX = BOARD.index


def file_of(sq: int) -> int:
    """File 0..7 (a..h) of a square of the 8x8 board."""
    return sq & 7


def rank_of(sq: int) -> int:
    """Rank 0..7 (1..8) of a square of the 8x8 board."""
    return sq >> 3


offset = BOARD.offset
step_table = BOARD.step_table
ray_table = BOARD.ray_table

KING_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
DIAGONAL_STEPS = ((1, 1), (1, -1), (-1, 1), (-1, -1))
KNIGHT_STEPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))

KING_TARGETS = step_table(KING_STEPS)
DIAGONAL_TARGETS = step_table(DIAGONAL_STEPS)
KNIGHT_TARGETS = step_table(KNIGHT_STEPS)
ROOK_RAYS = ray_table(ORTHOGONAL)
