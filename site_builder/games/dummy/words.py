"""Dummy's words in Thai and English: seats, cards, levels, tiers, ledger items, knock types,
the options' choices. The browser gets them from the page (a JSON block), so they live here once;
card, seat and meld names are the engine's (engine.dummy.drill_words: its drills speak them too)."""
from __future__ import annotations

from engine.dummy.drill_words import MELD_OF, SEAT, card_name, meld_name, seat

__all__ = ["WORDS", "browser_words", "card_name", "meld_name", "seat"]

WORDS = {
    "th": {
        "seat": SEAT["th"],
        "levels": {"thep": "เทพ", "sian": "เซียน", "khot_sian": "โคตรเซียน"},
        "tiers": {"win": "ชนะ", "small": "เสียน้อย", "medium": "เสียกลาง", "large": "เสียมาก"},
        "knock_types": {"normal": "น็อกธรรมดา", "dark": "น็อกมืด", "colour_light": "น็อกสีสว่าง",
                        "colour_dark": "น็อกสีมืด"},
        "items": {
            "tier": "ค่าเสียตามขั้น", "knock_fee": "ค่าน็อก", "fool": "ค่าตีโง่ จ่ายผู้น็อก",
            "fool_round": "ค่าตีโง่ จ่ายรอบวง", "speto_held": "ค่าอมสเปโต", "knocker_speto": "ผู้น็อกอมสเปโต",
            "face_down_speto": "คว่ำสเปโตน็อก", "face_down_dummy": "คว่ำดัมมี่น็อก", "head": "ค่าหัว",
            "speto_fee": "ค่าลงสเปโต", "speto_collected": "เก็บสเปโตมาน็อก",
            "show_two_spetos": "โชว์สเปโตสองตัว", "called_discard": "ทิ้งไพ่ที่ถูกทัก",
        },
        "meld": "ชุด", "melds": "ชุดที่ลง", "layoffs": "ดัมมี่ที่ฝาก", "hand": "ไพ่ในมือ",
        "head_card": "ไพ่หัว", "face_down": "ไพ่คว่ำ", "knocks": "{seat} น็อก", "no_knock": "ไม่มีผู้น็อก",
        "fool_by": "{seat} ตีโง่", "level": "ระดับ{level}", "in_knock": "ลงในตาที่น็อก",
        "onto": "ฝากบน{meld}", "meld_of": MELD_OF["th"], "empty": "ไม่มี",
        "card_count": "{n} ใบ", "points": "{n} แต้ม", "pays": "{payer} จ่าย {payee}",
        "in_calculator": "เปิดโต๊ะนี้ในเครื่องคิดแต้ม",
        "collected": "เก็บจากกองในตาที่น็อก", "called_by": "{seat} ทิ้งไพ่ที่ถูกทัก (ข้อ 32)",
        "shown_by": "{seat} โชว์สเปโตสองตัวในรอบแรก (ข้อ 81)",
        "liable": "{culprits} เหมาจ่าย{covers}แทนผู้แพ้คนอื่นให้{beneficiary}",
        "covers": {"all": "ทุกรายการ", "head": "ค่าหัว", "speto_fee": "ค่าลงสเปโต", "knocker_speto": "ค่าผู้น็อกอมสเปโต"},
        "high_cards": "ไพ่ที่จับไพ่ใหญ่:", "dealer": "ผู้แจกเกมถัดไป {seat}", "next_head": "ไพ่หัวเกมถัดไป",
    },
    "en": {
        "seat": SEAT["en"],
        "levels": {"thep": "Thep", "sian": "Sian", "khot_sian": "Khot Sian"},
        "tiers": {"win": "wins", "small": "small loss", "medium": "medium loss", "large": "large loss"},
        "knock_types": {"normal": "normal knock", "dark": "dark knock", "colour_light": "colour knock, light",
                        "colour_dark": "colour knock, dark"},
        "items": {
            "tier": "tier payment", "knock_fee": "knock fee", "fool": "fool, to the knocker",
            "fool_round": "fool, round the table", "speto_held": "speto held", "knocker_speto": "knocker's speto",
            "face_down_speto": "speto knocked face down", "face_down_dummy": "dummy knocked face down",
            "head": "head card fee", "speto_fee": "speto put down", "speto_collected": "speto collected to knock",
            "show_two_spetos": "two spetos shown", "called_discard": "called discard",
        },
        "meld": "meld", "melds": "melds", "layoffs": "layoffs", "hand": "hand",
        "head_card": "head card", "face_down": "face down", "knocks": "{seat} knocks", "no_knock": "nobody knocked",
        "fool_by": "{seat} fed the fool", "level": "level {level}", "in_knock": "put down in the knock",
        "onto": "onto {meld}", "meld_of": MELD_OF["en"], "empty": "none",
        "card_count": "{n} cards", "points": "{n} points", "pays": "{payer} pays {payee}",
        "in_calculator": "Open this table in the points calculator",
        "collected": "collected in the knock", "called_by": "{seat}'s discard was called (§32)",
        "shown_by": "{seat} showed two spetos in the first round (§81)",
        "liable": "{culprits} is liable: pays {beneficiary} {covers} for the other losers",
        "covers": {"all": "every line", "head": "the head fee", "speto_fee": "the speto fee",
                   "knocker_speto": "the knocker's speto"},
        "high_cards": "high-card draw:", "dealer": "next dealer {seat}", "next_head": "next head card",
    },
}


def browser_words(lang: str) -> dict:
    """What the calculator and the exercises need, for the page's JSON block."""
    deck = [rank + suit for suit in "SHDC" for rank in "23456789TJQKA"]
    return {**WORDS[lang], "cards": {card: card_name(card, lang) for card in deck}}
