"""Mak-hot in words, Thai and English: moves and the claim, for move lists and screen readers.

Formats (stable):

* a step or slide: ``เบี้ยขาว c3 ไป d4`` / ``White man c3 to d4``;
* a capture names every piece taken and every landing square, in order (two routes over the
  same pieces differ, A-H13): ``ฮอสขาว c3 กินเบี้ย d4 ลง e5 แล้วกินเบี้ย b2 ลง a1`` /
  ``White king c3 takes man d4 to e5, then man b2 to a1``;
* a crowning ends the words: ``… เข้าฮอส`` / ``…, becomes a king``;
* the claim: ``ดำทักท้วงให้กิน`` / ``Black claims the missed capture``.
"""

from __future__ import annotations

from ..core.protocol import Move

SIDES = {"th": {"white": "ขาว", "black": "ดำ"}, "en": {"white": "White", "black": "Black"}}
PIECES = {"th": {False: "เบี้ย", True: "ฮอส"}, "en": {False: "man", True: "king"}}


def move_words(move: Move, side: str, king: bool, taken_kings: tuple[bool, ...]) -> dict[str, str]:
    """``move`` by ``side`` (a king or a man), ``taken_kings`` saying which pieces taken were kings."""
    th = f"{PIECES['th'][king]}{SIDES['th'][side]} {move.from_square}"
    en = f"{SIDES['en'][side]} {PIECES['en'][king]} {move.from_square}"
    if not move.captures:
        th += f" ไป {move.to_square}"
        en += f" to {move.to_square}"
    for i, (taken, land, was_king) in enumerate(zip(move.captures, move.path, taken_kings)):
        th += f" {'แล้ว' if i else ''}กิน{PIECES['th'][was_king]} {taken} ลง {land}"
        en += f"{', then' if i else ' takes'} {PIECES['en'][was_king]} {taken} to {land}"
    if move.promotion:
        th += " เข้าฮอส"
        en += ", becomes a king"
    return {"th": th, "en": en}


def claim_words(side: str) -> dict[str, str]:
    """The claim of ``side``, who claims the capture its opponent passed up."""
    return {"th": f"{SIDES['th'][side]}ทักท้วงให้กิน", "en": f"{SIDES['en'][side]} claims the missed capture"}
