"""Komayo's words in Thai and English for the site: pieces, sides, moves and drops, the end of a game.

Piece and side names come from :mod:`engine.komayo.pieces`, so a page names a piece exactly as
the live board's engine does. Lines here name the mover already ("ฝ่ายเดินก่อน: ..."), so moves
are said without their side: 'เรือ g2 ไป c2', 'Bishop b2 takes Pawn f6', 'วางเงินที่ e5'.
"""
from __future__ import annotations

import re

from engine.core.protocol import Move, Outcome
from engine.komayo.pieces import LETTER_KIND, PROMOTED, SIDE_IDS, SIDE_NAMES, SIDE_NAMES_TH, name_of

from ...plugin import GameWords

LANGS = ("th", "en")
SIDE_WORDS = {"th": dict(zip(SIDE_IDS, SIDE_NAMES_TH)), "en": dict(zip(SIDE_IDS, SIDE_NAMES))}
# Tag words for pieces (ASCII, used in data-tags and URL filters), with their names.
PIECE_TAGS = {"I": "princess", "R": "rook", "B": "bishop", "S": "silver", "N": "knight", "L": "lance",
              "P": "pawn", "K": "king"}
ENDINGS = {
    "king_captured": {"th": " — กินขุนได้ จบเกม", "en": " — the King is captured"},
    "checkmate": {"th": " — หนีการถูกกินขุนไม่พ้นแล้ว", "en": " — the King cannot escape capture"},
    "no_moves": {"th": " — อีกฝ่ายไม่มีตาเดิน", "en": " — the opponent has no move"},
}
DRAW_REASONS = {
    "fifty_moves": {"th": "เดินครบ 50 ตาต่อฝ่ายโดยไม่มีการกินและไม่มีการเดินเบี้ยที่ยังไม่เลื่อนขั้น",
                    "en": "50 moves each without a capture or a move of an unpromoted pawn"},
    "no_moves": {"th": "ฝ่ายที่ถึงตาเดินไม่มีตาเดินเลย", "en": "the side to move has no move at all"},
}
PIECE_TEXT = re.compile(r"(\+?)([A-Za-z])\Z")


def kind_of(text: str) -> int:
    """Board or hand text ('+R', 'p', 'S') -> the engine's kind code."""
    m = PIECE_TEXT.match(text)
    return LETTER_KIND[m[2].upper()] | (PROMOTED if m[1] else 0)


def piece_word(text: str, lang: str) -> str:
    """'เรือเลื่อนขั้น' / 'promoted Rook' for '+R' or '+r'."""
    en, th = name_of(kind_of(text))
    return th if lang == "th" else en


def side_of(text: str) -> str:
    """The side id of board text: uppercase is Sente."""
    return SIDE_IDS[0] if text.lstrip("+")[0].isupper() else SIDE_IDS[1]


def move_words(piece: str | None, frm: str | None, to: str, taken: str | None, promotion: bool,
               privilege: bool, lang: str) -> str:
    """A move without its side: a drop when ``frm`` is None (``piece`` is then the hand text)."""
    name = piece_word(piece, lang) if piece else ("ช่องว่าง" if lang == "th" else "empty square")
    if frm is None:
        return f"วาง{name}ที่ {to}" if lang == "th" else f"drops {name} on {to}"
    if lang == "th":
        text = f"{name} {frm} กิน{piece_word(taken, lang)} {to}" if taken else f"{name} {frm} ไป {to}"
        text += " เลื่อนขั้น" if promotion else ""
        return text + (" เก็บไว้ในมือแบบเลื่อนขั้น (สิทธิ์ของขุน)" if privilege else "")
    text = f"{name} {frm} takes {piece_word(taken, lang)} {to}" if taken else f"{name} {frm} to {to}"
    text += ", promotes" if promotion else ""
    return text + (", keeps it promoted (King's privilege)" if privilege else "")


class KomayoWords(GameWords):
    def side(self, side: str, lang: str) -> str:
        return SIDE_WORDS[lang][side]

    def move(self, board: dict[str, str], move: Move, lang: str) -> str:
        """'เรือ g2 ไป c2' / 'Rook g2 to c2'; a capture names what it takes, a drop what it drops."""
        if move.from_square is None:
            return move_words(move.drop, None, move.to_square, None, False, False, lang)
        taken = board.get(move.to_square) if move.captures else None
        return move_words(board[move.from_square], move.from_square, move.to_square, taken, move.promotion,
                          move.privilege, lang)

    def move_label(self, board: dict[str, str], text: str, lang: str) -> str:
        """Move text that may be illegal ('N*a7', 'a7a8', 'a7a8+') in words, for a choice label."""
        drop = re.fullmatch(r"(\+?[A-Za-z])\*([a-h][1-8])", text)
        if drop:
            return move_words(drop[1].upper(), None, drop[2], None, False, False, lang)
        frm, to = text[:2], text[2:4]
        piece = board.get(frm)
        target = board.get(to)
        taken = target if piece and target and side_of(target) != side_of(piece) else None
        return move_words(piece, frm, to, taken, "+" in text[4:], "^" in text[4:], lang)

    def ending(self, outcome: Outcome, mover: str, lang: str) -> str:
        if outcome.winner is None:
            return " — เสมอ" if lang == "th" else " — draw"
        return ENDINGS.get(outcome.reason, {"th": " — ชนะ", "en": " — wins"})[lang]

    def check(self, lang: str) -> str:
        return " ขู่กินขุน" if lang == "th" else " check"

    def draw_reason(self, reason: str, lang: str) -> str:
        return DRAW_REASONS.get(reason, {}).get(lang, reason)


WORDS = KomayoWords()
