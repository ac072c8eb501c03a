"""Komayo's pieces: codes, letters, names, and where each one moves (rules A-K §"Moves").

A piece on the board is a signed int: the *kind* code, positive for Sente and negative for
Gote, 0 for an empty square. Kinds: Princess I 1, Rook R 2, Bishop B 3, Silver S 4,
Knight N 5, Lance L 6, Pawn P 7, King K 8; a promoted piece adds :data:`PROMOTED` (16), so
``+R`` is 18. Multiplying a board value by the mover's sign (1 or -1) gives a positive kind
for its own pieces and a negative one for the enemy's, which keeps move generation short.

Colours are indices: 0 Sente (moves up the board, rank 1 to 8) and 1 Gote.
"""

from __future__ import annotations

from ..core.grid import offset

SENTE, GOTE = 0, 1
SIGN = (1, -1)
SIDE_IDS = ("sente", "gote")

I, R, B, S, N, L, P, K = 1, 2, 3, 4, 5, 6, 7, 8
PROMOTED = 16
PROMOTABLE = (I, R, B, S, N, L, P)
# Hand order (A-K16): I R B S N L P, then the promoted ones in the same order.
HAND_ORDER = PROMOTABLE + tuple(k | PROMOTED for k in PROMOTABLE)
KIND_CODES = HAND_ORDER + (K,)

LETTERS = {I: "I", R: "R", B: "B", S: "S", N: "N", L: "L", P: "P", K: "K"}
LETTER_KIND = {letter: kind for kind, letter in LETTERS.items()}

# How many of each (unpromoted) kind the set holds, both sides together.
SET_COUNT = {I: 2, R: 2, B: 2, S: 4, N: 4, L: 4, P: 16, K: 2}

NAMES = {I: "Princess", R: "Rook", B: "Bishop", S: "Silver", N: "Knight", L: "Lance", P: "Pawn", K: "King"}
NAMES_TH = {I: "เจ้าหญิง", R: "เรือ", B: "โคน", S: "เงิน", N: "ม้า", L: "หอก", P: "เบี้ย", K: "ขุน"}
SIDE_NAMES = ("Sente", "Gote")
SIDE_NAMES_TH = ("ฝ่ายเดินก่อน", "ฝ่ายเดินหลัง")


def text_of(kind: int) -> str:
    """``R`` or ``+R`` for a kind code (always uppercase)."""
    return ("+" if kind & PROMOTED else "") + LETTERS[kind & 15]


def name_of(kind: int) -> tuple[str, str]:
    """The piece's name in English and in Thai: ('promoted Rook', 'เรือเลื่อนขั้น')."""
    base = kind & 15
    if kind & PROMOTED:
        return f"promoted {NAMES[base]}", f"{NAMES_TH[base]}เลื่อนขั้น"
    return NAMES[base], NAMES_TH[base]


def board_text(piece: int) -> str:
    """Board letter of a signed piece: ``+R`` for a Sente dragon, ``p`` for a Gote pawn."""
    text = text_of(abs(piece))
    return text if piece > 0 else text.lower()


# --------------------------------------------------------------------------- geometry
ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
KNIGHT_LEAPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
# Relative to the mover: dr > 0 is forward.
SILVER_STEPS = ((0, 1), (1, 1), (-1, 1), (1, -1), (-1, -1))
GOLD_STEPS = ((0, 1), (1, 1), (-1, 1), (1, 0), (-1, 0), (0, -1))
SHOGI_KNIGHT = ((1, 2), (-1, 2))
FORWARD = ((0, 1),)

# kind -> (step vectors, slide directions), from Sente's point of view.
MOVEMENT = {
    K: (ORTHOGONAL + DIAGONAL, ()),
    I: (KNIGHT_LEAPS, DIAGONAL),
    I | PROMOTED: (KNIGHT_LEAPS + ORTHOGONAL, DIAGONAL),
    R: ((), ORTHOGONAL),
    R | PROMOTED: (DIAGONAL, ORTHOGONAL),
    B: ((), DIAGONAL),
    B | PROMOTED: (ORTHOGONAL, DIAGONAL),
    S: (SILVER_STEPS, ()),
    N: (SHOGI_KNIGHT, ()),
    L: ((), FORWARD),
    P: (FORWARD, ()),
    S | PROMOTED: (GOLD_STEPS, ()),
    N | PROMOTED: (GOLD_STEPS, ()),
    L | PROMOTED: (GOLD_STEPS, ()),
    P | PROMOTED: (GOLD_STEPS, ()),
}


def _targets(sq: int, vectors, forward: int) -> tuple[int, ...]:
    found = (offset(sq, df, dr * forward) for df, dr in vectors)
    return tuple(t for t in found if t is not None)


def _rays(sq: int, directions, forward: int) -> tuple[tuple[int, ...], ...]:
    rays = []
    for df, dr in directions:
        ray, cur = [], offset(sq, df, dr * forward)
        while cur is not None:
            ray.append(cur)
            cur = offset(cur, df, dr * forward)
        if ray:
            rays.append(tuple(ray))
    return tuple(rays)


def _movement_table(color: int) -> tuple:
    """``table[kind][sq] = (step targets, rays)`` for one colour; None for unused kind codes."""
    forward = 1 if color == SENTE else -1
    table: list = [None] * (K | PROMOTED)
    for kind, (steps, slides) in MOVEMENT.items():
        table[kind] = tuple((_targets(sq, steps, forward), _rays(sq, slides, forward)) for sq in range(64))
    return tuple(table)


MOVES = (_movement_table(SENTE), _movement_table(GOTE))


# --------------------------------------------------------------------------- ranks
def relative_rank(color: int, sq: int) -> int:
    """0..7: how far up the board ``sq`` is from ``color``'s side (0 = its own back rank)."""
    rank = sq >> 3
    return rank if color == SENTE else 7 - rank


# The promotion zone: the far three ranks (A-K §Promotion).
IN_ZONE = tuple(tuple(relative_rank(c, sq) >= 5 for sq in range(64)) for c in (SENTE, GOTE))


def dead_end(kind: int, color: int, sq: int) -> bool:
    """Would an unpromoted P or L on ``sq`` (the last rank), or N (the last two), never move again?"""
    far = relative_rank(color, sq)
    if kind in (P, L):
        return far == 7
    return kind == N and far >= 6


# DEAD_END[color][kind][sq]: the squares where that unpromoted piece could never move (A-K13).
DEAD_END = tuple(tuple(tuple(dead_end(kind, c, sq) for sq in range(64)) for kind in range(K + 1))
                 for c in (SENTE, GOTE))


# --------------------------------------------------------------------------- attacks
def _attack_tables(by: int) -> tuple[tuple, tuple]:
    """Who of colour ``by`` attacks a square, looked at from that square.

    ``steps[sq]``: (X, pieces) pairs — a piece in ``pieces`` (signed) standing on X attacks
    ``sq`` with a step or leap. ``rays[sq]``: (ray, pieces) pairs — the first piece met along
    ``ray`` (squares going away from ``sq``) attacks it if it is in ``pieces``.
    """
    sign, forward = SIGN[by], (1 if by == SENTE else -1)
    steps = [dict() for _ in range(64)]
    sliders: dict[tuple[int, int], set[int]] = {}
    for kind, (vectors, slides) in MOVEMENT.items():
        for sq in range(64):
            for t in _targets(sq, vectors, forward):
                steps[t].setdefault(sq, set()).add(sign * kind)
        for df, dr in slides:
            sliders.setdefault((-df, -dr * forward), set()).add(sign * kind)
    step_table = tuple(tuple((x, frozenset(found)) for x, found in sorted(steps[sq].items())) for sq in range(64))
    ray_table = tuple(
        tuple((ray, frozenset(found)) for (df, dr), found in sorted(sliders.items())
              for ray in _rays(sq, ((df, dr),), 1))
        for sq in range(64))
    return step_table, ray_table


STEP_ATTACKERS, RAY_ATTACKERS = zip(_attack_tables(SENTE), _attack_tables(GOTE))
# Squares a move must start or end on to attack a king on ``sq`` (for colour ``by``): the step
# attackers' squares and every square of the lines through it.
CHECK_ZONE = tuple(tuple(frozenset(x for x, _ in STEP_ATTACKERS[by][sq]).union(
    *(ray for ray, _ in RAY_ATTACKERS[by][sq])) for sq in range(64)) for by in (SENTE, GOTE))
