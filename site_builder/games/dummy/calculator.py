"""The points calculator page (เครื่องคิดแต้ม: Dummy is played for points, never money) (/<lang>/dummy/calculator/): the reader taps cards into each
seat's melds, layoffs and hand, sets the knock, the fool and the events, and the engine's
``settle`` (in the browser) gives the ledger. Its words and the engine's options come in the
page's JSON block; the script is static/js/games/dummy/calculator.js.
"""
from __future__ import annotations

import base64
import json

from markupsafe import Markup

from engine.api import call

from ...errors import BuildProblem
from ...plugin import ExtraPage, NavEntry
from .words import browser_words

GAME = "dummy"
SLUG = "calculator"
TEXTS = {
    "th": {
        "title": "เครื่องคิดแต้มดัมมี่น็อก",
        "nav": "เครื่องคิดแต้ม",
        "summary": "ใส่ไพ่ของทุกขาเมื่อจบเกม แล้วดูแต้มที่แต่ละขาได้และเสีย ทีละบรรทัด พร้อมเลขข้อกติกา",
        "intro": "เลือกช่อง (ไพ่หัว ชุด ดัมมี่ หรือไพ่ในมือ) แล้วแตะไพ่ในสำรับที่ขึ้นใต้ช่องนั้น แตะไพ่ที่ลงแล้วเพื่อเอาออก "
                 "ไม่มีการเดิมพันใด ๆ",
        "noscript": "เครื่องคิดแต้มต้องเปิดใช้จาวาสคริปต์ ถ้าไม่มี ยังอ่านบทเรียนเรื่องการคิดแต้มได้",
        "lesson_hint": "อ่านตัวอย่างการคิดแต้มทีละขั้น",
    },
    "en": {
        "title": "Dummy Knock points calculator",
        "nav": "Points calculator",
        "summary": "Enter every seat's cards at the end of a game and see the points each seat wins or loses, "
                   "line by line, each with its rule number.",
        "intro": "Pick a place (the head card, a meld, a layoff or a hand), then tap cards in the deck that opens "
                 "under it. Tap a placed card to take it back. No money is involved.",
        "noscript": "The points calculator needs JavaScript. Without it you can still read the lesson on settling.",
        "lesson_hint": "Read a worked settlement step by step",
    },
}
UI = {
    "th": {
        "level": "ระดับ", "head": "ไพ่หัว", "knocker": "ผู้น็อก", "nobody": "ไม่มี", "faceDown": "ไพ่คว่ำ",
        "collected": "ไพ่ที่เก็บมาน็อก", "feeder": "ผู้ตีโง่ (ทิ้งให้ผู้น็อกเก็บ)", "noFool": "ไม่มีการตีโง่",
        "shown": "โชว์สเปโตสองตัวในรอบแรก", "called": "ทิ้งไพ่ที่ถูกทัก (ครั้ง)", "dealer": "ผู้ทำไพ่เกมถัดไป",
        "nextHead": "ไพ่หัวเกมถัดไป (ใช้เมื่อแต้มเท่ากัน)", "newMeld": "ชุดใหม่", "meldN": "ชุดที่ {n}",
        "layoffTo": "ฝากบน", "layoffAdd": "ดัมมี่", "hand": "ไพ่ในมือ", "inKnock": "ลงตอนน็อก",
        "deck": "สำรับ: แตะไพ่เพื่อใส่ใน {target}", "target": "ช่องที่กำลังใส่", "pickTarget": "ยังไม่ได้เลือกช่อง",
        "removeCard": "เอา {card} ออก", "used": "{card} อยู่ที่ {where} แล้ว: ไพ่แต่ละใบมีใบเดียว", "usedName": "{card} (อยู่ที่ {where} แล้ว)",
        "notMeld": "{where} ยังไม่ใช่ตองหรือเรียง: {why}", "blocker": "{where} เป็นชุดตัวกันสเปโต",
        "settle": "ผลการคิดแต้ม", "summary": "สรุปของแต่ละขา", "ledger": "บัญชีทีละบรรทัด",
        "colSeat": "ขา", "colPoints": "แต้ม", "colTier": "ขั้น", "colFactor": "ตัวคูณ", "colNet": "สุทธิ",
        "colLine": "ที่", "colFrom": "ผู้จ่าย", "colTo": "ผู้รับ", "colAmount": "จำนวน", "colWhy": "เหตุผล",
        "colRule": "ข้อ", "k": "ตัวคูณการน็อก {k}", "share": "คัดลอกลิงก์ของโต๊ะนี้",
        "shared": "คัดลอกลิงก์แล้ว", "shareText": "ลิงก์ของโต๊ะนี้", "clear": "ล้างโต๊ะ",
        "badLink": "ลิงก์นี้เสียหรือไม่ครบ อ่านโต๊ะไม่ได้ จึงเริ่มโต๊ะว่างให้",
        "linkTooLong": "ลิงก์นี้ยาว {chars} ตัวอักษร เกินกว่าที่โต๊ะใดจะต้องใช้ (ไม่เกิน {max}) จึงไม่ได้เปิด "
                       "และเริ่มโต๊ะว่างให้",
        "tooManyCards": "โต๊ะในลิงก์นี้มีไพ่ {cards} ใบ แต่ไพ่หนึ่งสำรับมี {max} ใบ จึงไม่ได้เปิด และเริ่มโต๊ะว่างให้",
        "loading": "กำลังโหลดเอนจิน…", "engineFailed": "โหลดเอนจินไม่สำเร็จ: {why}",
        "problem": "โต๊ะนี้ยังคิดแต้มไม่ได้", "at": "ที่ {where}", "incomplete": "ใส่ไพ่หัวก่อน แล้วใส่ไพ่ของแต่ละขา",
        "options": "กติกาที่เลือกใช้", "otherCards": "ไพ่ที่เก็บมาน็อก และไพ่หัวเกมถัดไป", "more": "การตีโง่ สเปโต ผู้ทำไพ่ และกติกาที่เลือกใช้", "empty": "ยังไม่มีไพ่", "seatCards": "{seat}: {n} ใบ",
        "delMeld": "ลบชุดนี้", "onMeld": "บน", "chooseMeld": "เลือกชุดที่จะฝาก", "knockerHand":
        "ผู้น็อกไม่มีไพ่ในมือ", "headField": "ไพ่หัว", "fieldPlayer": "{seat}", "fieldMeld": "{seat} ชุดที่ {n}",
        "fieldLayoff": "{seat} ดัมมี่ใบที่ {n}", "fieldHand": "{seat} ไพ่ในมือ", "fieldKnock": "การน็อก",
        "fieldFool": "การตีโง่", "fieldTie": "ข้อมูลตัดสินแต้มเท่ากัน", "fieldEvents": "เหตุการณ์",
        "fieldStock": "จำนวนไพ่",
        "liabilities": "การเหมาจ่ายแทน", "culprit": "ผู้เหมาจ่าย", "culprit2": "ผู้เหมาจ่ายคนที่สอง",
        "coversLabel": "เหมาส่วนใด", "beneficiary": "จ่ายให้", "chooseSeat": "เลือกขา", "and": "และ",
        "addLiability": "เพิ่มการเหมา", "delLiability": "ลบการเหมา", "liabilityText": "{culprits} เหมา{covers} ให้ {beneficiary}",
        "liabilityIncomplete": "เลือกผู้เหมาจ่ายและผู้รับแต้มก่อนเพิ่มการเหมา", "onBehalf": "(จ่ายแทน {seat})",
        "fieldLiability": "การเหมาที่ {n}",
        "covers": {"all": "ทุกรายการที่ผู้เสียคนอื่นต้องจ่ายผู้น็อก (ข้อ 82)", "head": "ค่าหัว (ข้อ 27, 30)",
                   "speto_fee": "ค่าสเปโต (ข้อ 28–31)", "knocker_speto": "สเปโตของผู้น็อก (ข้อ 28)"},
    },
    "en": {
        "level": "Level", "head": "Head card", "knocker": "Knocker", "nobody": "nobody", "faceDown": "Face-down card",
        "collected": "Cards collected to knock", "feeder": "Fool feeder (fed the knocker's card)", "noFool": "no fool",
        "shown": "Two spetos shown in the first round", "called": "Called discards (times)",
        "dealer": "Dealer of the next game", "nextHead": "Next game's head card (for equal points)",
        "newMeld": "New meld", "meldN": "meld {n}", "layoffTo": "Lay off onto", "layoffAdd": "Layoff",
        "hand": "Hand", "inKnock": "put down in the knock", "deck": "Deck: tap a card to put it in {target}",
        "target": "Cards go to", "pickTarget": "no place chosen yet", "removeCard": "Take {card} back",
        "used": "{card} is already at {where}: each card exists once", "usedName": "{card} (already at {where})",
        "notMeld": "{where} is not a set or a run yet: {why}", "blocker": "{where} is a speto-blocker meld",
        "settle": "Settlement", "summary": "Per seat", "ledger": "The ledger, line by line",
        "colSeat": "Seat", "colPoints": "Points", "colTier": "Tier", "colFactor": "Factor", "colNet": "Net",
        "colLine": "#", "colFrom": "From", "colTo": "To", "colAmount": "Amount", "colWhy": "Reason",
        "colRule": "Rule", "k": "knock factor {k}", "share": "Copy a link to this table", "shared": "Link copied",
        "shareText": "Link to this table", "clear": "Clear the table",
        "badLink": "This link is damaged or incomplete and cannot be read, so the calculator starts empty.",
        "linkTooLong": "This link is {chars} characters long, more than any table needs (at most {max}), so it was "
                       "not opened and the calculator starts empty.",
        "tooManyCards": "The table in this link has {cards} cards, but a deck has {max}, so it was not opened and "
                        "the calculator starts empty.",
        "loading": "Loading the engine…", "engineFailed": "The engine failed to load: {why}",
        "problem": "This table cannot be settled yet", "at": "at {where}",
        "incomplete": "Enter the head card first, then each seat's cards.", "options": "Rule options", "otherCards": "Cards collected to knock, next game's head card", "more": "The fool, spetos, dealer and rule options",
        "empty": "no cards yet", "seatCards": "{seat}: {n} cards", "delMeld": "Delete this meld", "onMeld": "on",
        "chooseMeld": "Choose the meld to lay off on", "knockerHand": "The knocker holds no cards",
        "headField": "head card", "fieldPlayer": "{seat}", "fieldMeld": "{seat} meld {n}",
        "fieldLayoff": "{seat} layoff {n}", "fieldHand": "{seat} hand", "fieldKnock": "the knock",
        "fieldFool": "the fool", "fieldTie": "the tie-break data", "fieldEvents": "the events",
        "fieldStock": "the card count",
        "liabilities": "Paying on behalf of others", "culprit": "Culprit who pays", "culprit2": "Second culprit",
        "coversLabel": "Covers", "beneficiary": "Paid to", "chooseSeat": "choose a seat", "and": "and",
        "addLiability": "Add", "delLiability": "Remove", "liabilityText": "{culprits} pays {covers} to {beneficiary}",
        "liabilityIncomplete": "Choose the culprit and the seat paid before adding", "onBehalf": "(for {seat})",
        "fieldLiability": "paying on behalf {n}",
        "covers": {"all": "everything the other losers pay the knocker (§82)", "head": "the head fee (§27, §30)",
                   "speto_fee": "the speto fees (§28–31)", "knocker_speto": "the knocker's spetos (§28)"},
    },
}
# The options' choices in words (the engine gives each option's description in both languages).
CHOICES = {
    "th": {"card": "ต่อใบ", "holder": "ต่อผู้อม", "others": "ผู้เล่นอีก 3 คน", "losers": "เฉพาะผู้เสีย",
           "seed": "ตามกติกา", "seatOrder": "ตามลำดับที่นั่ง", "bornCount": "ตามจำนวนผู้เกิด", "large": "เสียมากเสมอ",
           "anyCard": "ต่อจากดัมมี่ของใครก็ได้", "melderCards": "ต่อได้เฉพาะไพ่เจ้าของชุด",
           "S003": "2 / 4 / 8 ตามกติกา 2025", "POP": "2 / 2 / 4 ตามเว็บทั่วไป", "cover": "คิดการเหมา",
           "ignore": "ไม่คิดการเหมา", "true": "ใช่", "false": "ไม่",
           "noDeeper": "ห้ามเก็บลึกกว่าไพ่ตีโง่", "mustTake": "ต้องเก็บไพ่ตีโง่น็อก"},
    "en": {"card": "per card", "holder": "per holder", "others": "the other 3 players", "losers": "the losers only",
           "seed": "as the rules say", "seatOrder": "by seat order", "bornCount": "by born losers",
           "large": "always large", "anyCard": "over anyone's layoff", "melderCards": "only the melder's cards",
           "S003": "2 / 4 / 8 (rules 2025)", "POP": "2 / 2 / 4 (popular pages)", "cover": "apply",
           "ignore": "ignore", "true": "yes", "false": "no",
           "noDeeper": "no deeper collect", "mustTake": "must collect the fool"},
}


def json_block(data) -> Markup:
    """JSON for a <script type="application/json"> block: no '<', '>' or '&', so it cannot end the block."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return Markup(text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))


def nav(lang: str) -> NavEntry:
    return NavEntry(SLUG, TEXTS[lang]["nav"])


def share_link(lang: str, table: dict) -> str:
    """The calculator URL holding ``table`` (the JSON in base64url after ``#t=``), as its share button makes."""
    raw = json.dumps(table, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return f"/{lang}/{GAME}/{SLUG}/#t={base64.urlsafe_b64encode(raw).decode('ascii').rstrip('=')}"


def load() -> tuple[list[dict], list[BuildProblem]]:
    """The engine's options of Dummy (name, default, choices, descriptions), for the options panel."""
    games = {g["id"]: g for g in call({"op": "games"})["games"]}
    return games[GAME]["options"], []


def page(options: list[dict], lang: str, lessons: list) -> ExtraPage:
    texts = TEXTS[lang]
    described = [{"name": o["name"], "default": o["default"], "choices": [
        {"value": c, "label": CHOICES[lang][str(c).lower() if isinstance(c, bool) else c]} for c in o["choices"]],
        "description": o["description_th"] if lang == "th" else o["description"],
        "source": o["source"] if lang == "en" else ""}  # the spec's ambiguity numbers are for English readers
        for o in options]
    data = {"words": browser_words(lang), "ui": UI[lang], "options": described}
    worked = next((p for p in lessons if p.slug == "worked-settlement"), None)
    return ExtraPage(SLUG, "dummy_calculator.html", "site_builder/games/dummy/templates/dummy_calculator.html",
                     {"title": texts["title"], "summary": texts["summary"], "page": texts,
                      "data": json_block(data),
                      "lesson_url": worked.url if worked else None})
