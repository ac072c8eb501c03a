"""Makruk's words in Thai and English: sides, pieces, moves, the end of a game."""
from __future__ import annotations

from engine.core.protocol import Move, Outcome

from ...plugin import GameWords

# Piece letters as the engine's board view writes them ("M~" is a promoted Bia, Bia-ngai).
PIECE_WORDS = {
    "th": {"K": "ขุน", "M": "เม็ด", "S": "โคน", "N": "ม้า", "R": "เรือ", "P": "เบี้ย", "M~": "เบี้ยหงาย"},
    "en": {"K": "Khun", "M": "Met", "S": "Khon", "N": "Ma", "R": "Ruea", "P": "Bia", "M~": "Bia-ngai"},
}
# Tag words for pieces (ASCII, used in data-tags and URL filters).
PIECE_TAGS = {"K": "khun", "M": "met", "S": "khon", "N": "ma", "R": "ruea", "P": "bia", "M~": "bia-ngai"}
SIDE_WORDS = {"th": {"white": "ขาว", "black": "ดำ"}, "en": {"white": "White", "black": "Black"}}
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


def piece_word(piece: str, lang: str) -> str:
    """'เรือ' for 'R' or 'r', 'เบี้ยหงาย' for 'M~' or 'm~'."""
    return PIECE_WORDS[lang][piece.upper()]


class MakrukWords(GameWords):
    def side(self, side: str, lang: str) -> str:
        return SIDE_WORDS[lang][side]

    def move(self, board: dict[str, str], move: Move, lang: str) -> str:
        """'เรือ h1-h8' / 'Ruea h1-h8', with 'x' for a capture and the promotion spelled out."""
        text = f"{piece_word(board[move.from_square], lang)} {move.from_square}" \
               f"{'x' if move.captures else '-'}{move.to_square}"
        if move.promotion:
            text += " (เลื่อนเป็นเบี้ยหงาย)" if lang == "th" else " (promotes to Bia-ngai)"
        return text

    def move_label(self, board: dict[str, str], text: str, lang: str) -> str:
        """'เรือ a1-a5': the piece on the from-square and the squares, legal or not."""
        piece = board.get(text[:2])
        name = piece_word(piece, lang) if piece else ("ช่องว่าง" if lang == "th" else "empty square")
        return f"{name} {text[:2]}-{text[2:4]}"

    def ending(self, outcome: Outcome, mover: str, lang: str) -> str:
        if outcome.winner is None:
            return " — เสมอ" if lang == "th" else " — draw"
        return " — จน" if lang == "th" else " — checkmate"

    def check(self, lang: str) -> str:
        return " รุก" if lang == "th" else " check"

    def draw_reason(self, reason: str, lang: str) -> str:
        return DRAW_REASONS.get(reason, {}).get(lang, reason)


WORDS = MakrukWords()
