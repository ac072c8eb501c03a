"""A Dummy ACTION, and the computer player's reason for it, in Thai and English words."""

from __future__ import annotations

SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def card_text(card: str) -> str:
    """``TD`` → ``10♦``."""
    return ("10" if card[0] == "T" else card[0]) + SUIT_SIGNS[card[1]]


def _cards(cards) -> str:
    return " ".join(card_text(card) for card in cards)


def _part_words(text: str) -> tuple[str, str]:
    words = text.split()
    kind, rest = words[0], words[1:]
    if kind == "draw":
        return "จั่วไพ่ 1 ใบ", "draw a card"
    if kind == "pass":
        return "ผ่าน ไม่เก็บไพ่ (ไพ่หมดกองแล้ว)", "pass without collecting (the stock is out)"
    if kind == "discard":
        return f"ทิ้ง {card_text(rest[0])}", f"discard {card_text(rest[0])}"
    if kind == "meld":
        return f"ลงชุด {_cards(rest)}", f"meld {_cards(rest)}"
    if kind == "layoff":
        return f"ฝาก {card_text(rest[0])} ที่ชุด {rest[1]}", f"lay off {card_text(rest[0])} on {rest[1]}"
    if kind == "knock":
        return f"น็อก คว่ำ {card_text(rest[0])}", f"knock with {card_text(rest[0])} face down"
    if kind == "collect":
        return (f"เก็บ {card_text(rest[0])} จากกองทิ้ง ลงชุด {_cards(rest[2:])}",
                f"collect {card_text(rest[0])} from the pile and meld {_cards(rest[2:])}")
    return text, text


def action_words(action: str) -> dict[str, str]:
    """The action in words: ``{"th", "en"}``."""
    said = [_part_words(part) for part in action.split(" ; ")]
    english = ", then ".join(en for _, en in said)
    return {"th": " แล้ว ".join(th for th, _ in said), "en": english[:1].upper() + english[1:]}


# Reasons: key -> (Thai, English); ``{card}`` is filled in.
WHY = {
    "knock": ("น็อกได้ก็น็อกเลย ผู้น็อกชนะทันทีและได้ค่าน็อกจากทุกขา",
              "A knock wins at once and earns the knock fee from every loser"),
    "collect_birth": ("เก็บเพื่อเกิด พ้นจากการเล่นมืดที่ต้องเสียสองเท่า และลงไพ่ได้",
                      "Collect to be born: no longer dark (which pays double) and free to meld"),
    "collect_head": ("เก็บไพ่หัวได้ค่าหัวจากทุกขาทันที", "Collecting the head earns the head fee from everyone at once"),
    "collect_speto": ("ลงชุดที่มีสเปโตได้ค่าสเปโตจากทุกขา", "A meld holding a speto earns the speto fee from everyone"),
    "collect_meld": ("เก็บแล้วได้ลงไพ่ ไพ่บนมือลดลงและไม่ต้องเอาไพ่เสียขึ้นมามาก",
                     "The collect lays cards down without bringing many useless cards into the hand"),
    "draw": ("ไม่มีการเก็บที่คุ้ม จั่วดีกว่าเอาไพ่เสียขึ้นมือ",
             "No collect pays here; drawing is better than taking useless cards"),
    "meld_safe": ("ลงชุดนี้ได้โดยไม่ต้องเหมา (ชุดตัน มีสเปโต หรือไพ่ไม่ถึงรอบ)",
                  "This meld carries no liability (it is ตัน, holds a speto, or the stock is nearly out)"),
    "layoff_safe": ("ฝากใบนี้ได้โดยไม่ต้องเหมา ได้แต้มและมือเบาลง",
                    "This layoff carries no liability: it scores and lightens the hand"),
    "meld": ("ลงชุดได้ก็ลง", "A meld that can go down goes down"),
    "layoff": ("ฝากดัมมี่ได้ก็ฝาก", "A card that can be laid off is laid off"),
    "useless": ("{card} ไม่เข้าชุดกับไพ่ในมือ และทิ้งแล้วไม่ป้อนให้ขาล่าง",
                "{card} fits nothing in the hand and feeds nothing to the next player"),
    "speto": ("{card} เป็นสเปโตที่ยังเข้าชุดไม่ได้ ถือไว้จนจบโดยไม่น็อกต้องเสียค่าอม",
              "{card} is a speto that fits nothing yet; holding it to the end without knocking costs the speto fee"),
    "least_risk": ("{card} ไม่เข้าชุดกับไพ่ในมือ และในบรรดาใบแบบนี้ เป็นใบที่ขาล่างจะใช้ได้น้อยที่สุด",
                   "{card} fits nothing in the hand, and of such cards it is the least use to the next player"),
    "weakest": ("{card} มีโอกาสเข้าชุดน้อยที่สุด และทิ้งแล้วเสี่ยงน้อยที่สุด",
                "{card} has the least chance to make a meld and is the least risky to let go"),
    "pii": ("{card} ดีที่สุดในบรรดาที่เหลือ แม้จะเป็นปี้กับไพ่บนกอง",
            "{card} is the least bad choice, even though it pairs with the top card (ปี้)"),
    "liable": ("{card} เสี่ยงต้องเหมา แต่ใบอื่นเสียหายกว่า", "{card} risks a liability, but every other card costs more"),
    "called": ("{card} เป็นดัมมี่หรือเต็ม แต่ใบอื่นเสียหายกว่า", "{card} is a dummy or completes a set, but every other card costs more"),
    "fool": ("{card} เสี่ยงให้ขาล่างเก็บน็อก แต่ใบอื่นเสียหายกว่า",
             "{card} might let the next player knock, but every other card costs more"),
    "highest": ("ทิ้งไพ่แต้มสูงที่ไม่เข้าชุด", "Discard the highest card that fits nothing"),
    "only": ("ตานี้มีทางเล่นแบบนี้แบบเดียว", "This is the only kind of action open here"),
    "pass": ("เก็บน็อกไม่ได้ จึงผ่าน เกมจบเพราะไพ่หมดกอง", "No collect can knock, so pass: the stock is out"),
}


def why_words(key: str, card: str | None = None) -> dict[str, str]:
    th, en = WHY[key]
    shown = card_text(card) if card else ""
    return {"th": th.format(card=shown), "en": en.format(card=shown)}
