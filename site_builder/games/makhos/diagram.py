"""Mak-hot diagrams: the sprite symbol of each piece, the dark squares, the spoken description."""
from __future__ import annotations

from ...boards import Board
from ...diagram import square_xy
from ...i18n import strings
from .words import SIDES, piece_word

FILES = "abcdefgh"
# a1 is dark (rules A-H1): a square is dark when its file index plus its rank index is even.
DARK_SQUARES = tuple(f"{f}{r}" for r in range(1, 9) for i, f in enumerate(FILES) if (i + r - 1) % 2 == 0)
RESULTS = {
    "th": {"white_wins": "จบเกม ขาวชนะ", "black_wins": "จบเกม ดำชนะ", "draw": "จบเกม เสมอ"},
    "en": {"white_wins": "game over, White wins", "black_wins": "game over, Black wins", "draw": "game over, draw"},
}


def piece_id(letter: str) -> str:
    """Piece text ('M', 'K', 'm', 'k') -> symbol id in the sprite ('mh-wM', 'mh-bK')."""
    return f"mh-{'w' if letter.isupper() else 'b'}{letter.upper()}"


def dark_path(flipped: bool) -> str:
    """The dark squares as one <path> over the board's wood (the frame's coordinates stay readable)."""
    d = "".join(f"M{x} {y}h1v1h-1z" for x, y in (square_xy(sq, flipped) for sq in DARK_SQUARES))
    return f'<path class="mh-dark" d="{d}" fill="#8a5a2b" fill-opacity=".42"/>'


def describe(board: Board, lang: str) -> str:
    """A spoken description: men and kings by side, whose move or the result, marks."""
    t = strings(lang)
    parts = []
    for side, is_side in (("white", str.isupper), ("black", str.islower)):
        groups = []
        for kind in ("M", "K"):
            squares = sorted((sq for sq, p in board.pieces.items() if is_side(p) and p.upper() == kind),
                             key=lambda s: (s[1], s[0]))
            if squares:
                groups.append(f"{piece_word(kind, lang)} {' '.join(squares)}")
        parts.append(f"{SIDES[lang][side]}: {', '.join(groups) or '-'}")
    if board.result != "ongoing":
        parts.append(RESULTS[lang][board.result])
    else:
        parts.append(t["to_move"].format(side=SIDES[lang][board.turn]))
    if board.last_move:
        parts.append(t["last_move"].format(move=board.last_move))
    if board.highlights:
        parts.append(t["marked"].format(squares=" ".join(board.highlights)))
    if board.arrows:
        parts.append(t["arrows"].format(arrows=" ".join(f"{a[:2]}→{a[2:4]}" for a in board.arrows)))
    return "; ".join(parts)
