"""Dummy in words, Thai first: cards, seats and melds by name (shared with the site's pages), and
the drills' questions, nudges and explanations (:mod:`engine.dummy.drill`)."""

from __future__ import annotations

import re

from .bot_words import action_words as plain_action_words
from .bot_words import card_text

RANK_WORDS = {"th": {"T": "10", "J": "แจ็ค", "Q": "แหม่ม", "K": "คิง", "A": "เอซ"},
              "en": {"T": "10", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}}
SUIT_WORDS = {"th": {"S": "โพดำ", "H": "โพแดง", "D": "ข้าวหลามตัด", "C": "ดอกจิก"},
              "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}}
SEAT = {"th": "ขา {n}", "en": "P{n}"}
MELD_OF = {"th": "ชุดที่ {n} ของ{seat}", "en": "{seat}'s meld {n}"}


def seat(pid: str, lang: str) -> str:
    """``P3`` -> 'ขา 3' / 'P3'."""
    return SEAT[lang].format(n=pid[1:])


def card_name(card: str, lang: str) -> str:
    """``QS`` -> 'แหม่มโพดำ' / 'queen of spades'; ``7D`` -> '7 ข้าวหลามตัด' / '7 of diamonds'."""
    rank = RANK_WORDS[lang].get(card[0], card[0])
    suit = SUIT_WORDS[lang][card[1]]
    if lang == "th":
        return f"{rank}{suit}" if not rank.isdigit() else f"{rank} {suit}"
    return f"{rank} of {suit}"


def meld_name(meld_id: str, lang: str) -> str:
    """``P1.0`` -> 'ชุดที่ 1 ของขา 1' / "P1's meld 1"."""
    pid, index = meld_id.split(".")
    return MELD_OF[lang].format(n=int(index) + 1, seat=seat(pid, lang))


CARD_CODE = re.compile(r"\b[2-9TJQKA][SHDC]\b")  # a card as the engine quotes it
MELD_ID = re.compile(r"(?:ชุด )?\b(P[1-4]\.\d+)\b")


def said(message: str) -> str:
    """An engine message with its cards as the reader sees them (``QH`` → ``Q♥``): no Latin card codes on a page."""
    return CARD_CODE.sub(lambda found: card_text(found[0]), message)


def action_words(action: str) -> dict[str, str]:
    """An action in words, with meld ids as words ('ชุดที่ 1 ของขา 2' / "P2's meld 1")."""
    plain = plain_action_words(action)
    return {lang: MELD_ID.sub(lambda found: meld_name(found.group(1), lang), text) for lang, text in plain.items()}


def card_giveaways(cards) -> list[str]:
    """Every way a page could name these cards (code, sign, Thai and English name): no hint may use one."""
    return sorted({form for card in cards for form in (card, card_text(card), card_name(card, "th"),
                                                     card_name(card, "en"))})


CANNOT = {"th": "เก็บใบนี้ไม่ได้", "en": "It cannot be collected"}
NUDGES = {
    "fool": {"th": "ทิ้งใบนี้แล้วขาล่างเก็บไปน็อกได้ทันที เท่ากับตีโง่ (§47 §74)",
             "en": "The next player could collect this card and knock at once: you would feed the fool (§47, §74)."},
    "called": {"th": "ใบนี้ต่อชุดบนโต๊ะได้ หรือเต็มกับสองใบบนกอง ทิ้งแล้วถูกทักต้องเสียรอบวง (§32)",
               "en": "This card is a dummy on the table or completes the top two pile cards: a called discard (§32)."},
    "liable": {"th": "ถ้าขาล่างเก็บใบนี้ไปลงชุด คุณต้องเหมาจ่ายแทนขาอื่น (§27–§30)",
               "en": "If the next player collects this card into a meld, you pay for the others (§27–§30)."},
    "no_knock": {"th": "ถ้าคว่ำใบนี้ ไพ่ที่เหลือในมือลงเป็นชุดหรือฝากได้ไม่หมด (§45)",
                 "en": "With this card face down, the rest of the hand cannot all go down as melds or layoffs (§45)."},
    "can_collect": {"th": "ลองอีกครั้ง ใบนี้เก็บได้อย่างน้อยหนึ่งแบบ",
                    "en": "Look again: there is a legal way to collect it."},
}

# The questions ("one": just one right answer, "every": several). {who}: the next seat; {card}: the card asked about.
PROMPTS = {
    "discard_one": {"th": "ทิ้งใบไหนจึงไม่ป้อนให้{who} น็อก ไม่ถูกทัก และไม่ต้องเหมา (มีใบเดียว)",
                    "en": "Which discard feeds {who} no knock, is not called and makes you liable for nothing? "
                          "(just one)"},
    "discard_every": {"th": "ทิ้งใบไหนได้บ้างโดยไม่ป้อนให้{who} น็อก ไม่ถูกทัก และไม่ต้องเหมา เลือกทุกใบ",
                      "en": "Which discards feed {who} no knock, are not called and make you liable for nothing? "
                            "Choose every one."},
    "collect": {"th": "เก็บ {card} จากกองทิ้งได้ไหม ถ้าได้ เก็บแบบไหน (เลือกทุกข้อที่ถูก)",
                "en": "Can you collect {card} from the pile? If so, how? (choose every right answer)"},
    "knock_one": {"th": "น็อกได้ในตานี้ ใบไหนคว่ำน็อกได้ โดยไพ่ที่เหลือลงหรือฝากได้หมด (มีใบเดียว)",
                  "en": "You can knock now. Which card can go face down, with every other card put down? (just one)"},
    "knock_every": {"th": "น็อกได้ในตานี้ ใบไหนบ้างคว่ำน็อกได้ โดยไพ่ที่เหลือลงหรือฝากได้หมด เลือกทุกใบ",
                    "en": "You can knock now. Which cards can go face down, with every other card put down? "
                          "Choose every one."},
}
COMPUTER_AGREES = {"th": "คอมพิวเตอร์ระดับ 3 ก็เลือกแบบนี้: {words}", "en": "The level-3 computer plays: {words}."}
LEGAL = {"th": "ได้", "en": "legal"}
NONE_LEGAL = {"th": "จึงเก็บใบนี้ไม่ได้ในตานี้", "en": "So it cannot be collected this turn."}
FACE_DOWN = {"th": "คว่ำ {card}", "en": "{card} face down"}


def each(template: dict[str, str], **names) -> dict[str, str]:
    """``template`` in both languages with ``names`` filled in (a {th, en} value is taken per language)."""
    return {lang: text.format(**{key: value[lang] if isinstance(value, dict) else value
                                 for key, value in names.items()}) for lang, text in template.items()}
