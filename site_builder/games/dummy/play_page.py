"""The practice table page (/<lang>/dummy/play/): a whole hand of Dummy Knock against three
computer players, and the words of the live table that lessons embed (a ```dummy block with
``interactive: true``). The engine (deal, play, bestmove, in the browser) judges every action;
the page's words come in its JSON block; the script is static/js/games/dummy/play-page.js and
the table component static/js/games/dummy/table-view.js.
"""
from __future__ import annotations

from ...plugin import ExtraPage, NavEntry
from .calculator import UI as LEDGER_UI
from .calculator import json_block
from .words import browser_words

GAME = "dummy"
SLUG = "play"
LEDGER_KEYS = ("summary", "ledger", "k", "colSeat", "colPoints", "colTier", "colFactor", "colNet", "colLine",
               "colFrom", "colTo", "colAmount", "colWhy", "colRule", "onBehalf", "covers", "fieldMeld",
               "fieldLayoff", "fieldHand", "fieldPlayer", "fieldKnock", "fieldFool", "fieldTie", "fieldEvents",
               "headField", "fieldStock", "fieldLiability")
TEXTS = {
    "th": {
        "title": "โต๊ะฝึกเล่นดัมมี่น็อก",
        "nav": "ฝึกเล่น",
        "summary": "เล่นดัมมี่น็อกครบหนึ่งเกมกับคอมพิวเตอร์สามขา ทุกการเล่นตรวจตามกติกา 2025 "
                   "ถ้าผิดจะบอกเหตุผลพร้อมเลขข้อ และคิดแต้มได้เสียให้เมื่อจบเกม",
        "intro": "คุณนั่งขา 1 แตะไพ่ในมือ (และไพ่ในกองทิ้งถ้าจะเก็บ) แล้วกดปุ่มของสิ่งที่จะทำ "
                 "ไม่มีการเดิมพันใด ๆ",
        "noscript": "โต๊ะฝึกเล่นต้องเปิดใช้จาวาสคริปต์ ถ้าไม่มี ยังอ่านบทเรียนเรื่องการเล่นได้",
    },
    "en": {
        "title": "Dummy Knock practice table",
        "nav": "Practice table",
        "summary": "Play a whole hand of Dummy Knock against three computer players. Every action is "
                   "checked against the 2025 rules, a wrong one is explained with its rule number, and "
                   "the hand is settled at the end.",
        "intro": "You sit at P1. Tap cards in your hand (and a card of the discard pile to collect it), "
                 "then press the button of what you want to do. There is no betting: only points.",
        "noscript": "The practice table needs JavaScript. Without it you can still read the lessons on play.",
    },
}
# The live table's own words (the page and the lesson fragments).
TABLE_UI = {
    "th": {
        "cards": "{n} ใบ", "stockCount": "กองจั่ว {n} ใบ",
        "pile": "กองทิ้ง", "pileEmpty": "กองทิ้งว่าง", "head": "ไพ่หัว", "melds": "ไพ่ที่ลงบนโต๊ะ",
        "noMelds": "ยังไม่มีใครลงไพ่", "hand": "ไพ่ในมือของคุณ", "handOf": "ไพ่ในมือของ{seat}",
        "sortRank": "เรียงตามแต้ม", "sortSuit": "เรียงตามดอก", "sorted": "เรียงไพ่แล้ว",
        "laidBy": "{card} ฝากโดย{seat}", "turnOf": "ตาของ{seat}", "yourTurn": "ตาของคุณ: {what}",
        "takePhase": "จั่วไพ่หรือเก็บไพ่จากกองทิ้ง",
        "playPhase": "ลงไพ่ ฝากไพ่ แล้วทิ้งหนึ่งใบ หรือน็อก", "lastPhase": "ไพ่หมดกอง: เก็บเพื่อน็อก หรือผ่าน",
        "actions": "สิ่งที่ทำได้กับไพ่ที่เลือก", "noFit": "ไพ่ที่เลือกยังใช้ทำอะไรไม่ได้",
        "pick": "แตะไพ่ในมือเพื่อเลือก",
        "try": "ลอง: {what}", "clear": "ยกเลิกที่เลือก", "refused": "ทำไม่ได้: {why}", "rule": "ข้อ {n}",
        "thinking": "{seat} กำลังคิด…", "ended": "จบเกม", "endKnock": "{seat} น็อก", "endStock": "ไพ่หมดกอง จบเกม",
        "act": {"draw": "จั่ว", "collect": "เก็บ {card} ลงชุด {cards}", "meld": "ลงชุด {cards}",
                "layoff": "ฝาก {card} บน{meld}", "discard": "ทิ้ง {card}", "knock": "น็อก คว่ำ {card}",
                "pass": "ผ่าน"},
        "logLine": "{seat}: {what}", "and": " แล้ว ",
        "goal": "โจทย์: {goal}", "goalDone": "ถูกต้อง ทำได้ตามโจทย์", "goalMissed": "ยังไม่ใช่ ลองใหม่ได้",
        "turnPassed": "ตาผ่านไปที่{seat}แล้ว", "reset": "เริ่มโต๊ะนี้ใหม่",
        "events": {"called": "{seat} ทิ้งไพ่ที่ต่อหรือทำให้ครบชุดได้ ถูกร้องทันที เสียแต้มรอบวง (ข้อ 32)",
                   "head": "{seat} เก็บไพ่หัวได้ ได้ค่าหัวจากทุกขา (ข้อ 20)",
                   "liable": "{culprits} ต้องเหมาจ่ายแทนขาอื่นให้{seat}"},
        "goalKinds": {"draw": "จั่วไพ่", "collect": "เก็บไพ่จากกองทิ้ง", "meld": "ลงชุด", "layoff": "ฝากไพ่",
                      "discard": "ทิ้งไพ่", "knock": "น็อก", "pass": "ผ่าน"},
    },
    "en": {
        "cards": "{n} cards", "stockCount": "Stock: {n} cards",
        "pile": "Discard pile", "pileEmpty": "the discard pile is empty", "head": "head card",
        "melds": "Cards on the table", "noMelds": "nobody has melded yet", "hand": "Your hand",
        "handOf": "{seat}'s hand", "sortRank": "Sort by rank", "sortSuit": "Sort by suit", "sorted": "Hand sorted",
        "laidBy": "{card} laid off by {seat}", "turnOf": "{seat} to play", "yourTurn": "Your turn: {what}",
        "takePhase": "draw, or collect from the pile",
        "playPhase": "meld, lay off, then discard one card, or knock",
        "lastPhase": "the stock is out: collect to knock, or pass",
        "actions": "What you can do with the cards selected", "noFit": "The cards selected cannot be used yet",
        "pick": "Tap cards in your hand to select them",
        "try": "Try: {what}", "clear": "Clear the selection", "refused": "Not allowed: {why}", "rule": "§{n}",
        "thinking": "{seat} is thinking…", "ended": "The hand is over", "endKnock": "{seat} knocks",
        "endStock": "The stock ran out: the hand is over",
        "act": {"draw": "draw", "collect": "collect {card} into {cards}", "meld": "meld {cards}",
                "layoff": "lay off {card} onto {meld}", "discard": "discard {card}", "knock": "knock, {card} face down",
                "pass": "pass"},
        "logLine": "{seat}: {what}", "and": ", then ",
        "goal": "Goal: {goal}", "goalDone": "Right: that meets the goal", "goalMissed": "Not yet: try again",
        "turnPassed": "The turn has passed to {seat}", "reset": "Start this table again",
        "events": {"called": "{seat}'s discard fits or completes a meld: it is called at once and pays every other player (§32)",
                   "head": "{seat} collected the head card and earns the head fee from every player (§20)",
                   "liable": "{culprits} must pay on behalf of the others to {seat}"},
        "goalKinds": {"draw": "draw a card", "collect": "collect from the discard pile", "meld": "meld",
                      "layoff": "lay off", "discard": "discard", "knock": "knock", "pass": "pass"},
    },
}
# The practice page's words around the table.
PAGE_UI = {
    "th": {
        "level": "ฝีมือคอมพิวเตอร์", "levels": {"1": "ระดับ 1 (ง่าย)", "2": "ระดับ 2", "3": "ระดับ 3 (เก่ง)"},
        "dealAgain": "แจกใหม่", "replay": "เล่นมือนี้ใหม่", "hint": "คอมพิวเตอร์จะทำอะไร",
        "makeDrill": "ทำเป็นแบบฝึกให้นักเรียน",
        "drillNotKept": "ส่งตำแหน่งไปหน้าสร้างงานไม่ได้ เพราะเบราว์เซอร์นี้เก็บข้อมูลไม่ได้ (ที่เก็บเต็มหรือถูกปิด)",
        "hintSays": "คอมพิวเตอร์แนะนำ: {what} — {why}", "log": "บันทึกการเล่น", "seedIs": "มือที่ {seed}",
        "link": "ลิงก์ของมือนี้", "badLink": "ลิงก์นี้เสียหรือถูกแก้ไข อ่านมือที่ให้มาไม่ได้ จึงแจกมือใหม่ให้",
        "settlement": "การคิดแต้มได้เสีย", "pending": "แต้มเท่ากัน: ต้องใช้ไพ่หัวเกมถัดไปตัดสิน จึงยังคิดแต้มได้เสียไม่ได้",
        "noEngine": "เอนจินยังเล่นดัมมี่ไม่ได้: {why}",
    },
    "en": {
        "level": "Computer strength", "levels": {"1": "Level 1 (easy)", "2": "Level 2", "3": "Level 3 (strong)"},
        "dealAgain": "Deal again", "replay": "Replay this deal", "hint": "What would the computer do?",
        "makeDrill": "Make this a class exercise",
        "drillNotKept": "The position cannot be handed to the builder: this browser cannot store it (storage full or blocked).",
        "hintSays": "The computer suggests: {what} — {why}", "log": "Log of the hand", "seedIs": "deal {seed}",
        "link": "Link to this deal",
        "badLink": "This link is damaged or was changed and cannot be read, so here is a new deal.",
        "settlement": "Settlement",
        "pending": "Points are tied: the next game's head card decides, so the hand cannot be settled yet.",
        "noEngine": "The engine cannot play Dummy yet: {why}",
    },
}


def nav(lang: str) -> NavEntry:
    return NavEntry(SLUG, TEXTS[lang]["nav"])


def table_words(lang: str) -> dict:
    """Everything the live table needs (page and lesson fragments): card and seat words, table words,
    the ledger's column words."""
    return {"words": browser_words(lang), "ui": {**{k: LEDGER_UI[lang][k] for k in LEDGER_KEYS}, **TABLE_UI[lang]}}


def page(lang: str) -> ExtraPage:
    texts = TEXTS[lang]
    data = {**table_words(lang), "page": PAGE_UI[lang]}
    return ExtraPage(SLUG, "dummy_play.html", "site_builder/games/dummy/templates/dummy_play.html",
                     {"title": texts["title"], "summary": texts["summary"], "page": texts, "data": json_block(data)})
