"""Refusals of play (dummy-play.md "Legality"): each has a stable ``reason`` code, the rule it
enforces and English and Thai words. A refusal is an ``ILLEGAL_MOVE`` engine error that also
carries ``rule``; a malformed STATE is ``BAD_POSITION``.
"""

from __future__ import annotations

from .. import errors
from ..errors import EngineError

# reason: (rule, English, Thai). A reason listed under two rules picks one by context (see refuse).
REASONS = {
    "game_over": ("§84", "the hand is over", "เกมนี้จบแล้ว"),
    "not_your_turn": ("§39", "it is not this seat's turn", "ยังไม่ถึงตาของผู้เล่นคนนี้"),
    "bad_action": (None, "this is not an action of Dummy", "ไม่ใช่การเล่นที่ถูกต้องของดัมมี่"),
    "not_canonical": (None, "the action is not written in its one canonical form",
                      "เขียนการเล่นไม่ตรงรูปแบบมาตรฐาน"),
    "must_take_first": ("§26", "draw or collect first", "ต้องจั่วหรือเก็บไพ่ก่อน"),
    "already_took": ("§22", "a card was already taken this turn", "ตานี้ได้จั่วหรือเก็บไพ่ไปแล้ว"),
    "one_collect": ("§34", "only one take per turn: no collect after drawing or collecting",
                    "เก็บไพ่ได้ครั้งเดียวต่อตา และเก็บหลังจากจั่วแล้วไม่ได้"),
    "stock_empty": ("§21", "the stock is empty", "กองจั่วหมดแล้ว"),
    "pass_only_at_stock_end": ("§84", "passing is only for the seat after the last drawer",
                               "ผ่านได้เฉพาะขาที่ต่อจากขาที่จั่วใบสุดท้าย"),
    "stock_out_collect_to_knock": ("§36", "after the last stock card, a collect must knock",
                                   "เมื่อกองจั่วหมดแล้ว จะเก็บไพ่ได้ก็ต่อเมื่อเก็บไปน็อก"),
    "not_in_pile": ("§33", "that card is not in the discard pile", "ไพ่ใบนี้ไม่อยู่ในกองทิ้ง"),
    "key_not_in_meld": ("§33", "the collected card must be in the meld", "ไพ่ที่เก็บต้องอยู่ในชุดที่ลง"),
    "card_not_available": ("§33", "a meld card is neither held nor taken with the collect",
                           "ไพ่ในชุดไม่ได้อยู่ในมือและไม่ได้ถูกเก็บขึ้นมา"),
    "not_a_meld": ("§37", "not a set (3-4 of a rank) or a run (3+ in a row, one suit)",
                   "ไม่ใช่ตอง (เลขเดียวกัน 3-4 ใบ) หรือเรียง (ดอกเดียวกันเรียงกัน 3 ใบขึ้นไป)"),
    "collect_hand_cards": ("§33", "a collect shows 1 or 2 cards from the hand",
                           "การเก็บไพ่ต้องใช้ไพ่ในมือ 1 หรือ 2 ใบ"),
    "pii_one_card": ("§33", "collecting a ปี้ (a paired discard) takes exactly 1 card from the hand",
                     "การเก็บไพ่ปี้ต้องใช้ไพ่ในมือ 1 ใบเท่านั้น"),
    "speto_blocker": ("§40", "this meld would give a speto a place while no speto is down",
                      "ห้ามลงชุดตัวกันสเปโตขณะที่สเปโตยังไม่ลง"),
    "forced_fool": ("§47", "the upper seat fed a card you can knock with: collect that one",
                    "ขาบนตีโง่ให้ ต้องน็อกจากไพ่ใบนั้น เก็บไพ่ที่ลึกกว่าไม่ได้"),
    "keep_one_card": ("§45", "the hand may empty only by a knock", "มือจะหมดได้ด้วยการน็อกเท่านั้น"),
    "card_not_in_hand": ("§37", "that card is not in the hand", "ไม่มีไพ่ใบนี้ในมือ"),
    "dark_cannot_meld": ("§37", "a dark player (not yet born) may not meld or lay off outside a knock",
                         "ผู้เล่นที่ยังมืดลงไพ่หรือฝากไม่ได้ นอกจากตอนน็อก"),
    "unknown_meld": ("A-D14", "there is no such meld to lay off on", "ไม่มีชุดไพ่นี้ให้ฝาก"),
    "not_a_dummy": ("A-D14", "the card is not a dummy of that meld (4th card, or 1-2 places beyond the run)",
                    "ไพ่ใบนี้ไม่ใช่ดัมมี่ของชุดนี้ (ใบที่ 4 ของตอง หรือต่อเรียงได้ 1-2 ตำแหน่ง)"),
    "knock_incomplete": ("§45", "a knock puts down every card but the face-down one",
                         "การน็อกต้องลงไพ่ทุกใบ เหลือไว้คว่ำใบเดียว"),
    "dark_knock_needs_meld": ("§46", "a dark knock needs at least one set or run",
                              "การน็อกมืดต้องมีชุดตองหรือเรียงอย่างน้อย 1 ชุด"),
}


class Refusal(EngineError):
    """An illegal action: ``ILLEGAL_MOVE`` with ``reason`` and ``rule``."""

    def __init__(self, reason: str, rule: str | None, message: str, message_th: str, field: str | None = None):
        super().__init__(errors.ILLEGAL_MOVE, message, message_th, field, reason)
        self.rule = rule

    def to_dict(self) -> dict:
        return {**super().to_dict(), "rule": self.rule}


def refuse(reason: str, detail: str = "", detail_th: str = "", rule: str | None = None) -> Refusal:
    """The refusal ``reason``; ``detail`` names the card or part at fault; ``rule`` overrides
    the default rule where the table lists two (§33/§37, §35/§40, §48/§39, §37/§45)."""
    default, en, th = REASONS[reason]
    chosen = rule or default
    cite, cite_th = (f" ({chosen})", f" (ข้อ {chosen.lstrip('§')})") if chosen else ("", "")
    return Refusal(reason, chosen, f"{en}{': ' + detail if detail else ''}{cite}",
                   f"{th}{' ' + detail_th if detail_th else ''}{cite_th}")


def bad_position(field: str, message: str, message_th: str) -> EngineError:
    return EngineError(errors.BAD_POSITION, f"{field}: {message}", f"{field}: {message_th}", field)
