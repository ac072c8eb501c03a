"""Makruk's words in Thai and English for the site: the engine's (pieces, sides, moves), tags and
the end of a game.

Pieces, sides and moves come from :mod:`engine.makruk.words`, so a page says a move exactly as
the live board's engine does. Lines here name the mover already ("ขาว: ..."), so moves are said
without their side: 'เรือ h1 ไป h8', 'Ma b1 takes Khon d2'.
"""
from __future__ import annotations

from engine.core.protocol import Move, Outcome
from engine.makruk.words import PIECE_WORDS, SIDE_WORDS, move_words, piece_word, side_of

from ...plugin import GameWords

__all__ = ["DRAW_REASONS", "PIECE_TAGS", "PIECE_WORDS", "SIDE_WORDS", "WORDS", "MakrukWords", "piece_word"]

# Tag words for pieces (ASCII, used in data-tags and URL filters).
PIECE_TAGS = {"K": "khun", "M": "met", "S": "khon", "N": "ma", "R": "ruea", "P": "bia", "M~": "bia-ngai"}
DRAW_REASONS = {
    "stalemate": {"th": "อับ: ฝ่ายที่ต้องเดินไม่ถูกรุกแต่ไม่มีตาเดินที่ถูกกติกา",
                  "en": "stalemate: the side to move is not in check but has no legal move"},
    "insufficient_material": {"th": "เหลือขุนต่อขุน ไม่มีฝ่ายใดรุกจนได้",
                              "en": "only the two Khun are left, so nobody can mate"},
    "counting": {"th": "นับศักดิ์ครบแล้ว", "en": "the count has run out"},
    "repetition": {"th": "ตำแหน่งเดิมเกิดซ้ำครบจำนวน", "en": "the same position occurred too often"},
    "mate_while_counting": {"th": "ฝ่ายที่กำลังนับรุกจน ซึ่งกติกาให้เป็นเสมอ",
                            "en": "the counting side gave mate, which the rules count as a draw"},
}


class MakrukWords(GameWords):
    def side(self, side: str, lang: str) -> str:
        return SIDE_WORDS[lang][side]

    def move(self, board: dict[str, str], move: Move, lang: str) -> str:
        """'เรือ h1 ไป h8' / 'Ruea h1 to h8'; a capture names what it takes, a promotion is spelled out."""
        taken = board.get(move.to_square) if move.captures else None
        return move_words(board[move.from_square], move.from_square, move.to_square, taken, move.promotion,
                          side=False)[lang]

    def move_label(self, board: dict[str, str], text: str, lang: str) -> str:
        """'เรือ a1 ไป a5': the piece on the from-square and the squares, legal or not."""
        frm, to = text[:2], text[2:4]
        piece = board.get(frm)
        if piece is None:
            return f"ช่องว่าง {frm} ไป {to}" if lang == "th" else f"empty square {frm} to {to}"
        target = board.get(to)
        taken = target if target is not None and side_of(target) != side_of(piece) else None
        return move_words(piece, frm, to, taken, text.endswith("m"), side=False)[lang]

    def ending(self, outcome: Outcome, mover: str, lang: str) -> str:
        if outcome.winner is None:
            return " — เสมอ" if lang == "th" else " — draw"
        return " — จน" if lang == "th" else " — checkmate"

    def check(self, lang: str) -> str:
        return " รุก" if lang == "th" else " check"

    def draw_reason(self, reason: str, lang: str) -> str:
        return DRAW_REASONS.get(reason, {}).get(lang, reason)


WORDS = MakrukWords()
