"""ACTION strings of dummy-play.md: parse, and write in the one canonical form.

Single actions: ``draw``, ``pass``, ``discard C``, ``meld C C C…``, ``layoff C P2.1``,
``knock F``, ``collect K meld C C C…``. A compound joins parts with `` ; ``: the collect, the
melds (sorted as strings), the layoffs (sorted), ``knock F``. Cards inside a meld are in the
canonical order (rank 2…A, then suit S H D C).

:func:`parse` reads leniently (any part order, any spacing, any letter case) so that a string
that means an action but is not written canonically is refused as ``not_canonical`` rather
than ``bad_action``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from . import cards as C
from .refusals import refuse

MELD_ID = re.compile(r"^(P[1-4])\.(\d{1,3})$")
MAX_LENGTH = 400  # characters: no legal action is longer


def card_key(card: str) -> tuple[int, int]:
    """Canonical order: rank 2…A, then suit S H D C."""
    return C.rank(card), C.SUITS.index(card[1])


def canonical(cards) -> tuple[str, ...]:
    return tuple(sorted(cards, key=card_key))


@dataclass
class Action:
    """One parsed action. ``kind``: draw, pass, discard, meld, layoff, knock (a compound ending
    in a knock, a collect possibly first), collect (a collect alone, or with the one §35 part)."""

    kind: str
    card: str | None = None                       # discard C
    collect: tuple[str, tuple[str, ...]] | None = None   # (K, meld cards)
    melds: list[tuple[str, ...]] = field(default_factory=list)
    layoffs: list[tuple[str, str]] = field(default_factory=list)  # (card, meld id), as written
    knock: str | None = None

    @property
    def parts(self) -> int:
        return (self.collect is not None) + len(self.melds) + len(self.layoffs) + (self.knock is not None)


def meld_text(cards) -> str:
    return "meld " + " ".join(canonical(cards))


def layoff_text(card: str, onto: str) -> str:
    return f"layoff {card} {onto}"


def collect_text(key: str, cards) -> str:
    return f"collect {key} {meld_text(cards)}"


def compound(collect=None, melds=(), layoffs=(), knock: str | None = None) -> str:
    """The canonical string of a collect and/or melds, layoffs and a knock."""
    parts = [collect_text(*collect)] if collect else []
    parts += sorted(meld_text(m) for m in melds)
    parts += sorted(layoff_text(c, t) for c, t in layoffs)
    if knock is not None:
        parts.append(f"knock {knock}")
    return " ; ".join(parts)


def text_of(action: Action) -> str:
    if action.kind in ("draw", "pass"):
        return action.kind
    if action.kind == "discard":
        return f"discard {action.card}"
    return compound(action.collect, action.melds, action.layoffs, action.knock)


def _card(token: str, detail: str) -> str:
    text = token.upper()
    if not C.is_card(text):
        raise refuse("bad_action", f"{token!r} is not a card (rank 2-9 T J Q K A, then suit S H D C) in {detail!r}",
                     f"{token!r} ไม่ใช่ไพ่ (ตัวเลข 2-9 T J Q K A ตามด้วยดอก S H D C) ใน {detail!r}")
    return text


def _bad(text: str, why: str, why_th: str):
    return refuse("bad_action", f"{why} in {text!r}", f"{why_th} ใน {text!r}")


def _single_card(tokens: list[str], part: str) -> str:
    if len(tokens) != 2:
        raise _bad(part, f"{tokens[0]!r} takes exactly one card", f"{tokens[0]!r} ต้องตามด้วยไพ่ 1 ใบ")
    return _card(tokens[1], part)


def _part(part: str, action: Action) -> None:
    tokens = part.split()
    if not tokens:
        raise _bad(part, "an empty part", "มีส่วนที่ว่าง")
    word = tokens[0].lower()
    if word == "meld":
        if len(tokens) < 2:
            raise _bad(part, "a meld lists its cards", "การลงชุดต้องระบุไพ่")
        action.melds.append(tuple(_card(t, part) for t in tokens[1:]))
    elif word == "layoff":
        if len(tokens) != 3:
            raise _bad(part, "a layoff is 'layoff <card> <meld id>'", "การฝากเขียนว่า 'layoff <ไพ่> <รหัสชุด>'")
        onto = tokens[2][:1].upper() + tokens[2][1:]
        if not MELD_ID.match(onto):
            raise _bad(part, f"{tokens[2]!r} is not a meld id like 'P2.0'", f"{tokens[2]!r} ไม่ใช่รหัสชุดไพ่ เช่น 'P2.0'")
        action.layoffs.append((_card(tokens[1], part), onto))
    elif word == "knock":
        if action.knock is not None:
            raise _bad(part, "two knocks", "มีการน็อก 2 ครั้ง")
        action.knock = _single_card(tokens, part)
    elif word == "collect":
        if action.collect is not None:
            raise _bad(part, "two collects", "มีการเก็บ 2 ครั้ง")
        if len(tokens) < 4 or tokens[2].lower() != "meld":
            raise _bad(part, "a collect is 'collect <card> meld <cards>'", "การเก็บเขียนว่า 'collect <ไพ่> meld <ไพ่ในชุด>'")
        action.collect = (_card(tokens[1], part), tuple(_card(t, part) for t in tokens[3:]))
    else:
        raise _bad(part, f"unknown word {tokens[0]!r}", f"ไม่รู้จักคำ {tokens[0]!r}")


def _no_repeats(text: str, action: Action) -> None:
    listed = [c for m in action.melds for c in m] + [c for c, _ in action.layoffs]
    if action.collect:
        listed += list(action.collect[1])
    if action.knock:
        listed.append(action.knock)
    seen = set()
    for card in listed:
        if card in seen:
            raise _bad(text, f"{card} is listed twice", f"ไพ่ {card} ถูกระบุ 2 ครั้ง")
        seen.add(card)


def parse(text: object) -> Action:
    """The action ``text`` means; ``bad_action`` if none, ``not_canonical`` if it is not written
    in the canonical form."""
    if not isinstance(text, str):
        raise refuse("bad_action", f"an action is a text, got {type(text).__name__}",
                     f"การเล่นต้องเป็นข้อความ แต่ได้ {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        raise _bad(text[:40] + "…", f"too long ({len(text)} characters)", f"ยาวเกินไป ({len(text)} ตัวอักษร)")
    parts = [p.strip() for p in text.split(";")]
    first = parts[0].split()
    word = first[0].lower() if first else ""
    if len(parts) == 1 and word in ("draw", "pass"):
        if len(first) != 1:
            raise _bad(text, f"{word!r} takes nothing after it", f"{word!r} ต้องไม่มีอะไรต่อท้าย")
        action = Action(word)
    elif len(parts) == 1 and word == "discard":
        action = Action("discard", card=_single_card(first, text))
    else:
        action = Action("knock")
        for part in parts:
            _part(part, action)
        _no_repeats(text, action)
        if action.knock is None:
            if action.collect is not None and action.parts <= 2:
                action.kind = "collect"
            elif action.collect is None and action.parts == 1:
                action.kind = "meld" if action.melds else "layoff"
            else:
                raise _bad(text, "a compound action ends in a knock (or is a collect and one more part, §35)",
                           "การเล่นหลายส่วนต้องจบด้วยการน็อก (หรือเป็นการเก็บกับอีกหนึ่งส่วนตามข้อ 35)")
    written = text_of(action)
    if written != text:
        raise refuse("not_canonical", f"{text!r} is written {written!r}", f"{text!r} ต้องเขียนว่า {written!r}")
    return action
