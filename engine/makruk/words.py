"""Makruk in words, Thai and English: pieces, sides, moves, counting actions, why a move is illegal.

The engine owns these words so every page says a move the same way. Formats (stable):

* a move, Thai: the piece with its side, then the squares, the usual Thai order —
  ``เรือดำ f8 ไป f2``; a capture names what it takes: ``ม้าขาว b1 กินโคน d2``; a promotion is
  spelled out: ``เบี้ยขาว e5 ไป e6 หงายเป็นเบี้ยหงาย``, ``เบี้ยขาว e5 กินม้า f6 หงายเป็นเบี้ยหงาย``.
* a move, English, the same order in words: ``Black Ruea f8 to f2``, ``White Ma b1 takes Khon d2``,
  ``White Bia e5 to e6, promotes to Bia-ngai``.
* without the side (``side=False``), for lines that already name the mover: ``เรือ f8 ไป f2``,
  ``Ruea f8 to f2``.

Check and mate are never part of a move's words (the status says them). Pieces are board
letters: ``KMSNRP`` and ``F`` or ``M~`` for a Bia-ngai, lowercase for Black.
"""

from __future__ import annotations

# Keyed by the board view's letters ("M~" is a promoted Bia, Bia-ngai).
PIECE_WORDS = {
    "th": {"K": "ขุน", "M": "เม็ด", "S": "โคน", "N": "ม้า", "R": "เรือ", "P": "เบี้ย", "M~": "เบี้ยหงาย"},
    "en": {"K": "Khun", "M": "Met", "S": "Khon", "N": "Ma", "R": "Ruea", "P": "Bia", "M~": "Bia-ngai"},
}
SIDE_WORDS = {"th": {"white": "ขาว", "black": "ดำ"}, "en": {"white": "White", "black": "Black"}}
LANGS = ("th", "en")


def piece_key(piece: str) -> str:
    """The PIECE_WORDS key of a board letter: 'R' for 'r', 'M~' for 'F', 'f', 'm~'."""
    upper = piece.upper()
    return "M~" if upper in ("F", "M~") else upper


def piece_word(piece: str, lang: str) -> str:
    """'เรือ' for 'R' or 'r', 'เบี้ยหงาย' for 'F' or 'm~'."""
    return PIECE_WORDS[lang][piece_key(piece)]


def side_of(piece: str) -> str:
    """'white' for an uppercase letter, 'black' for a lowercase one."""
    return "white" if piece[0].isupper() else "black"


def side_word(side: str, lang: str) -> str:
    """'ขาว' / 'White' for the side id 'white'."""
    return SIDE_WORDS[lang][side]


def named_piece(piece: str, lang: str) -> str:
    """The piece with its side: 'เรือดำ' / 'Black Ruea'."""
    if lang == "th":
        return piece_word(piece, "th") + side_word(side_of(piece), "th")
    return f"{side_word(side_of(piece), 'en')} {piece_word(piece, 'en')}"


def move_words(piece: str, frm: str, to: str, taken: str | None = None, promotion: bool = False,
               side: bool = True) -> dict[str, str]:
    """A move in words, ``{"th", "en"}``: ``piece`` goes from ``frm`` to ``to``, taking ``taken``."""
    out = {}
    for lang in LANGS:
        name = named_piece(piece, lang) if side else piece_word(piece, lang)
        if lang == "th":
            text = f"{name} {frm} กิน{piece_word(taken, 'th')} {to}" if taken else f"{name} {frm} ไป {to}"
            out[lang] = text + (" หงายเป็นเบี้ยหงาย" if promotion else "")
        else:
            text = f"{name} {frm} takes {piece_word(taken, 'en')} {to}" if taken else f"{name} {frm} to {to}"
            out[lang] = text + (", promotes to Bia-ngai" if promotion else "")
    return out


def action_words(action: str, side: str, kind: str | None = None) -> dict[str, str]:
    """A counting action in words: ``count-start`` (of ``kind`` 'board' or 'pieces'), ``count-stop``,
    ``count-draw``: 'ขาวขอนับศักดิ์กระดาน' / 'White starts counting board's honour'."""
    th, en = side_word(side, "th"), side_word(side, "en")
    if action == "count-start":
        honour_th, honour_en = ("ศักดิ์หมาก", "pieces' honour") if kind == "pieces" else ("ศักดิ์กระดาน",
                                                                                        "board's honour")
        return {"th": f"{th}ขอนับ{honour_th}", "en": f"{en} starts counting {honour_en}"}
    if action == "count-stop":
        return {"th": f"{th}หยุดนับ", "en": f"{en} stops the count"}
    return {"th": f"{th}ขอเสมอเพราะนับครบแล้ว", "en": f"{en} claims the draw: the count has run out"}


# Why a piece cannot go where it was sent (reason piece_cannot_move_there), by piece key.
MOVEMENT = {
    "K": ("a Khun steps one square in any direction", "ขุนก้าวได้ทีละหนึ่งช่อง ไปทางไหนก็ได้"),
    "M": ("a Met steps one square diagonally, nothing else", "เม็ดก้าวได้หนึ่งช่องตามแนวทแยงเท่านั้น"),
    "M~": ("a Bia-ngai steps one square diagonally, like a Met", "เบี้ยหงายก้าวได้หนึ่งช่องตามแนวทแยงเท่านั้น เหมือนเม็ด"),
    "S": ("a Khon steps one square diagonally or one square straight forward",
          "โคนก้าวได้หนึ่งช่องตามแนวทแยง หรือตรงไปข้างหน้าหนึ่งช่อง"),
    "N": ("a Ma moves in an L: two squares straight, then one to the side",
          "ม้าเดินตรงไปสองช่อง แล้วหักออกข้างหนึ่งช่อง"),
    "R": ("a Ruea moves in a straight line along a file or a rank", "เรือเดินเป็นเส้นตรงตามแถวตั้งหรือแถวนอนเท่านั้น"),
    "P": ("a Bia moves one square straight forward", "เบี้ยเดินตรงไปข้างหน้าได้ทีละหนึ่งช่อง"),
}
BIA_DIAGONAL = ("a Bia moves diagonally only to capture", "เบี้ยเดินเฉียงได้เฉพาะตอนกิน")
BIA_BLOCKED = ("a Bia cannot capture straight ahead, only diagonally forward",
               "เบี้ยกินตรงไปข้างหน้าไม่ได้ กินได้เฉพาะเฉียงไปข้างหน้า")


def ruea_blocked(blocker: str, square: str) -> tuple[str, str]:
    """Why a Ruea cannot pass: the piece in the way."""
    return (f"a Ruea cannot jump: the {piece_word(blocker, 'en')} on {square} is in the way",
            f"เรือข้ามหมากไม่ได้ มี{piece_word(blocker, 'th')}ขวางอยู่ที่ {square}")
