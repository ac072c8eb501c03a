"""Komayo in words, Thai and English: moves, drops, captures, the King's privilege, the draw claim.

The engine owns these words so every page and screen reader says a move the same way.
Formats (stable):

* a move: ``เรือฝ่ายเดินก่อน g2 ไป c2`` / ``Sente Rook g2 to c2``; a capture names what it
  takes: ``โคนฝ่ายเดินก่อน b2 กินเบี้ย f6`` / ``Sente Bishop b2 takes Pawn f6``; a promotion
  ends ``เลื่อนขั้น`` / ``, promotes``; the King's privilege ends
  ``เก็บไว้ในมือแบบเลื่อนขั้น (สิทธิ์ของขุน)`` / ``, keeps it promoted (King's privilege)``.
* a drop: ``ฝ่ายเดินก่อนวางเงินที่ e5`` / ``Sente drops Silver on e5``.
"""

from __future__ import annotations

from .pieces import SIDE_NAMES, SIDE_NAMES_TH, name_of

LANGS = ("th", "en")


def move_words(color: int, kind: int, frm: str | None, to: str, taken: int = 0, promotion: bool = False,
               privilege: bool = False) -> dict[str, str]:
    """A move in words, ``{"th", "en"}``: ``kind`` of ``color`` from ``frm`` (None: a drop) to ``to``."""
    name, name_th = name_of(kind)
    side, side_th = SIDE_NAMES[color], SIDE_NAMES_TH[color]
    if frm is None:
        return {"th": f"{side_th}วาง{name_th}ที่ {to}", "en": f"{side} drops {name} on {to}"}
    if taken:
        taken_name, taken_th = name_of(taken)
        th, en = f"{name_th}{side_th} {frm} กิน{taken_th} {to}", f"{side} {name} {frm} takes {taken_name} {to}"
    else:
        th, en = f"{name_th}{side_th} {frm} ไป {to}", f"{side} {name} {frm} to {to}"
    if promotion:
        th, en = th + " เลื่อนขั้น", en + ", promotes"
    if privilege:
        th, en = th + " เก็บไว้ในมือแบบเลื่อนขั้น (สิทธิ์ของขุน)", en + ", keeps it promoted (King's privilege)"
    return {"th": th, "en": en}


def illegal_words(color: int, text: str) -> dict[str, str]:
    """A move that was not legal (it lost the game): ``ฝ่ายเดินก่อนเดิน e3e5 ซึ่งผิดกติกา``."""
    return {"th": f"{SIDE_NAMES_TH[color]}เดิน {text} ซึ่งผิดกติกา", "en": f"{SIDE_NAMES[color]} plays {text}, an illegal move"}


def claim_words(color: int) -> dict[str, str]:
    """The 50-move draw claim."""
    return {"th": f"{SIDE_NAMES_TH[color]}ขอเสมอตามกติกา 50 ตา",
            "en": f"{SIDE_NAMES[color]} claims the draw under the 50-move rule"}
