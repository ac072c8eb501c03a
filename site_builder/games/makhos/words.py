"""Mak-hot's words in Thai and English for the site: the engine's (:mod:`engine.makhos.words`).

Lines here name the mover already ("ขาว: ..."), so moves are said without their side:
'เบี้ย c3 กินเบี้ย d4 ลง e5', 'man c3 takes man d4 to e5'.
"""
from __future__ import annotations

import re

from engine.core.protocol import Move, Outcome
from engine.makhos.words import PIECES, SIDES, move_words

from ...plugin import GameWords

__all__ = ["PIECES", "SIDES", "WORDS", "MakhosWords", "piece_word"]

ENDINGS = {
    "no_pieces": {"th": " — อีกฝ่ายไม่เหลือหมาก ชนะ", "en": " — no pieces left to the opponent: a win"},
    "no_moves": {"th": " — อีกฝ่ายไม่มีตาเดิน ชนะ", "en": " — the opponent has no move: a win"},
}
DRAW_REASONS = {
    "repetition": {"th": "ตำแหน่งเดิมเกิดซ้ำครบจำนวน", "en": "the same position occurred too often"},
    "no_progress": {"th": "เดินกันหลายตาโดยไม่มีการกินและไม่มีเบี้ยขยับ",
                    "en": "many moves passed with no capture and no man moved"},
}
STEP = re.compile(r"([a-h][1-8])-([a-h][1-8])\Z")
JUMPS = re.compile(r"([a-h][1-8])((?:x[a-h][1-8])+)\Z")


def side_of(piece: str) -> str:
    return "white" if piece.isupper() else "black"


def piece_word(piece: str, lang: str) -> str:
    """'เบี้ย' / 'man' for 'M' or 'm', 'ฮอส' / 'king' for 'K' or 'k'."""
    return PIECES[lang][piece.upper() == "K"]


def _without_side(text: str, side: str, lang: str) -> str:
    """The engine's words of a move minus the side: 'เบี้ยขาว c3 …' -> 'เบี้ย c3 …'."""
    if lang == "th":
        return text.replace(SIDES["th"][side], "", 1)
    return text.removeprefix(SIDES["en"][side] + " ")


class MakhosWords(GameWords):
    def side(self, side: str, lang: str) -> str:
        return SIDES[lang][side]

    def move(self, board: dict[str, str], move: Move, lang: str) -> str:
        piece = board[move.from_square]
        side = side_of(piece)
        said = move_words(move, side, piece.upper() == "K", tuple(board[sq].upper() == "K" for sq in move.captures))
        return _without_side(said[lang], side, lang)

    def move_label(self, board: dict[str, str], text: str, lang: str) -> str:
        """'เบี้ย c3 ไป d4', 'เบี้ย c3 กินลง e5 แล้วลง g7': the piece and the squares, legal or not."""
        step, jumps = STEP.match(text), JUMPS.match(text)
        frm = (step or jumps)[1] if (step or jumps) else text[:2]
        piece = board.get(frm)
        who = piece_word(piece, lang) if piece else ("ช่องว่าง" if lang == "th" else "empty square")
        if jumps:
            lands = jumps[2].split("x")[1:]
            if lang == "th":
                return f"{who} {frm} กินลง {lands[0]}" + "".join(f" แล้วลง {sq}" for sq in lands[1:])
            return f"{who} {frm} jumps to {lands[0]}" + "".join(f", then {sq}" for sq in lands[1:])
        to = step[2] if step else text[-2:]
        return f"{who} {frm} ไป {to}" if lang == "th" else f"{who} {frm} to {to}"

    def ending(self, outcome: Outcome, mover: str, lang: str) -> str:
        if outcome.winner is None:
            return " — เสมอ" if lang == "th" else " — draw"
        return ENDINGS.get(outcome.reason, ENDINGS["no_moves"])[lang]

    def check(self, lang: str) -> str:
        return ""  # Mak-hot has no check

    def draw_reason(self, reason: str, lang: str) -> str:
        return DRAW_REASONS.get(reason, {}).get(lang, reason)


WORDS = MakhosWords()
