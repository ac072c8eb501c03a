"""Makruk diagrams: the sprite symbol of each piece and the spoken description of a board."""
from __future__ import annotations

from ...boards import Board
from ...i18n import strings
from .words import SIDE_WORDS, piece_word

PIECE_ORDER = ("K", "M", "S", "N", "R", "M~", "P")
RESULTS = {
    "th": {"white_wins": "จบเกม ขาวชนะ", "black_wins": "จบเกม ดำชนะ", "draw": "จบเกม เสมอ"},
    "en": {"white_wins": "game over, White wins", "black_wins": "game over, Black wins", "draw": "game over, draw"},
}


def piece_id(letter: str) -> str:
    """FEN letter ('K', 'm', 'M~') -> symbol id in the sprite ('kr-wK', 'kr-bM', 'kr-wMp')."""
    side = "w" if letter[0].isupper() else "b"
    return f"kr-{side}{letter[0].upper()}{'p' if letter.endswith('~') else ''}"


def describe(board: Board, lang: str) -> str:
    """A spoken description: pieces by side, whose move, check, result, marks."""
    t = strings(lang)
    parts = []
    for side, is_side in (("white", str.isupper), ("black", str.islower)):
        groups = []
        for kind in PIECE_ORDER:
            squares = sorted(sq for sq, p in board.pieces.items() if is_side(p[0]) and p.upper() == kind)
            if squares:
                groups.append(f"{piece_word(kind, lang)} {' '.join(squares)}")
        parts.append(f"{SIDE_WORDS[lang][side]}: {', '.join(groups) or '-'}")
    side = SIDE_WORDS[lang][board.turn]
    if board.result != "ongoing":
        parts.append(RESULTS[lang][board.result])
    else:
        parts.append(t["to_move"].format(side=side))
        if board.check:
            parts.append(t["in_check"].format(side=side))
    if board.last_move:
        parts.append(t["last_move"].format(move=board.last_move))
    if board.highlights:
        parts.append(t["marked"].format(squares=" ".join(board.highlights)))
    if board.arrows:
        parts.append(t["arrows"].format(arrows=" ".join(f"{a[:2]}→{a[2:4]}" for a in board.arrows)))
    return "; ".join(parts)
