"""The puzzle kind "scoring": settle one thing of a finished Dummy table by hand — a seat's
points, a seat's tier, one fee a seat pays, a seat's net, or every net.

The table is the puzzle's ``position`` (notation.py); the plugin's ``describe`` has the engine
settle it, so every answer is the engine's. The browser settles it again with the same engine
(static/js/games/dummy/scoring.js) to judge an answer; a wrong figure is shown the first line
(of the ledger, or of the points count) where it departs, and only that line.
"""
from __future__ import annotations

from engine.api import call

from ...puzzles.kinds.base import Field, Issue, PuzzleKind
from ...replies import PageRequest
from . import calculator
from .notation import SEATS
from .words import WORDS, browser_words, card_name, meld_name, seat

ASKS = ("points", "tier", "fee", "net", "nets")
ITEMS = tuple(WORDS["en"]["items"])
SCORING_TAGS = {
    "points": {"th": "นับแต้ม", "en": "counting points"},
    "tiers": {"th": "ขั้นการเสีย", "en": "tiers"},
    "knock": {"th": "ชนิดการน็อก", "en": "knock types"},
    "fees": {"th": "ค่าต่าง ๆ", "en": "fees"},
    "fool": {"th": "ตีโง่", "en": "the fool"},
    "speto": {"th": "สเปโต", "en": "speto"},
    "nets": {"th": "แต้มสุทธิ", "en": "net points"},
}
GOALS = {
    "th": {"points": "{seat} ได้กี่แต้ม (ไพ่ที่ลงและฝาก ลบไพ่ในมือ)", "tier": "{seat} เสียขั้นไหน",
           "fee": "{seat} จ่าย{item}รวมเท่าไร", "net": "เมื่อจบเกม {seat} ได้หรือเสียสุทธิเท่าไร (เสียให้ใส่เครื่องหมายลบ)",
           "nets": "แต้มสุทธิของทุกขาเป็นเท่าไร (เสียให้ใส่เครื่องหมายลบ)"},
    "en": {"points": "How many points does {seat} score (melds and layoffs minus the hand)?",
           "tier": "Which tier does {seat} pay?", "fee": "How much does {seat} pay in total as {item}?",
           "net": "What is {seat}'s net at the end (a loss with a minus sign)?",
           "nets": "What is every seat's net (a loss with a minus sign)?"},
}
UI = {
    "th": {"answer": "คำตอบ", "check": "ตรวจคำตอบ", "right": "ถูกต้อง!", "wrong": "ยังไม่ถูก",
           "notNumber": "ใส่เป็นตัวเลข เช่น 250 หรือ -120", "departs": "ตัวเลขของคุณเริ่มต่างจากการคิดของเอนจินที่บรรทัดที่ {n}: {line}",
           "missing": "ดูเหมือนบรรทัดนี้ขาดไป", "reversed": "ดูเหมือนบรรทัดนี้คิดกลับทิศ (ได้เป็นเสีย)",
           "sign": "ตัวเลขทั้งหมดกลับเครื่องหมาย: ได้กับเสียสลับกัน",
           "unknown": "ตัวเลขนี้ไม่ตรงกับการขาดหรือกลับทิศของบรรทัดใด ลองคิดใหม่ตั้งแต่บรรทัดแรก",
           "tierRule": "ลองอ่านกติกา {rule} อีกครั้ง", "yourAnswer": "คำตอบของคุณ: {answer}",
           "showAnswer": "ดูเฉลย", "answerShown": "เฉลย", "tryAgain": "แก้ตัวเลขแล้วตรวจใหม่ได้",
           "loading": "กำลังโหลดเอนจินเพื่อตรวจคำตอบ…", "failed": "โหลดเอนจินไม่สำเร็จ เฉลยอยู่ด้านล่าง",
           "failedLocked": "โหลดเอนจินไม่สำเร็จ จึงตรวจคำตอบไม่ได้ ลองโหลดหน้าใหม่",
           "meldLine": "{name} +{points}", "layoffLine": "ดัมมี่ {card} +{points}", "handLine": "ไพ่ในมือ −{points}"},
    "en": {"answer": "Answer", "check": "Check", "right": "Right!", "wrong": "Not yet",
           "notNumber": "Write a number, like 250 or -120", "departs": "Your figure departs from the engine's at line {n}: {line}",
           "missing": "This line seems to be missing.", "reversed": "This line seems to be counted the wrong way round.",
           "sign": "The whole figure has the wrong sign: paying and receiving are swapped.",
           "unknown": "The figure is not one line missing or reversed; count again from the first line.",
           "tierRule": "Read rule {rule} again.", "yourAnswer": "Your answer: {answer}",
           "showAnswer": "Show the answer", "answerShown": "Answer", "tryAgain": "Change the figure and check again.",
           "loading": "Loading the engine to check answers…", "failed": "The engine failed to load; the answer is below.",
           "failedLocked": "The engine failed to load, so answers cannot be checked: try reloading the page.",
           "meldLine": "{name} +{points}", "layoffLine": "layoff {card} +{points}", "handLine": "hand −{points}"},
}


def points_lines(table: dict, pid: str, lang: str) -> list[tuple[str, int]]:
    """A seat's points count, one line per meld, layoff and the hand: (words, signed points)."""
    player = next(p for p in table["players"] if p["id"] == pid)
    ui = UI[lang]

    def value(cards) -> int:
        return call({"op": "meld_check", "game": "dummy", "cards": list(cards)})["points"]

    lines = [(ui["meldLine"].format(name=meld_name(f"{pid}.{i}", lang), points=value(m["cards"])), value(m["cards"]))
             for i, m in enumerate(player["melds"])]
    lines += [(ui["layoffLine"].format(card=card_name(l["card"], lang), points=value([l["card"]])), value([l["card"]]))
              for l in player["layoffs"]]
    if player["hand"]:
        lines.append((ui["handLine"].format(points=value(player["hand"])), -value(player["hand"])))
    return lines


def ledger_words(line: dict, lang: str) -> str:
    """One ledger line in words: 'ขา 3 จ่าย ขา 1 200 — ค่าน็อก (§79)'."""
    w = WORDS[lang]
    who = w["pays"].format(payer=seat(line["from"], lang), payee=seat(line["to"], lang))
    return f"{who} {line['amount']} — {w['items'][line['item']]} ({line['rule']})"


class Scoring(PuzzleKind):
    def prove(self, puzzle, engine):
        ask, pid, item = (puzzle.fields[name] for name in ("ask", "player", "item"))
        settled = puzzle.board["settlement"]
        if ask in ("points", "tier", "fee", "net") and pid not in SEATS:
            return None, [Issue("player", f"a {ask!r} question names the seat it asks about",
                                f"add player = one of {', '.join(SEATS)}")]
        if ask == "fee" and item not in ITEMS:
            return None, [Issue("item", "a 'fee' question names the ledger item", f"add item = one of {', '.join(ITEMS)}")]
        if ask != "fee" and item:
            return None, [Issue("item", f"only a 'fee' question names an item, this one asks {ask!r}", "remove item")]
        if ask == "points":
            answer = settled["points"][pid]
        elif ask == "tier":
            answer = settled["tiers"][pid]
        elif ask == "fee":
            lines = [line for line in settled["ledger"] if line["from"] == pid and line["item"] == item]
            if not lines:
                return None, [Issue("item", f"{pid} pays no {item} on this table", "ask about a fee the seat pays")]
            answer = sum(line["amount"] for line in lines)
        elif ask == "net":
            answer = settled["net"][pid]
        else:
            answer = settled["net"]
        numbers = answer.values() if isinstance(answer, dict) else [answer] if isinstance(answer, int) else []
        giveaways = sorted({str(abs(n)) for n in numbers if abs(n) >= 10})
        if ask == "tier":
            giveaways = [WORDS["th"]["tiers"][answer], WORDS["en"]["tiers"][answer]]
        return {"answer": answer, "giveaways": giveaways}, []

    def page_data(self, puzzle, proof, lang):
        question = {name: puzzle.fields[name] for name in ("ask", "player", "item")}
        return {"mate_in": None, "line": [], "tree": None, "quiz": None, "table": puzzle.board["table"],
                "question": question, **self.page_words(lang),
                "calculator": calculator.share_link(lang, puzzle.board["table"])}

    def page_words(self, lang):
        return {"words": browser_words(lang), "ui": UI[lang]}

    def page_requests(self, puzzle, proof):
        """The settle the page judges by, and the meld_check of every group a points count lists."""
        table = puzzle.board["table"]
        groups = [meld["cards"] for player in table["players"] for meld in player["melds"]]
        groups += [[layoff["card"]] for player in table["players"] for layoff in player["layoffs"]]
        groups += [player["hand"] for player in table["players"] if player["hand"]]
        return ([PageRequest({"op": "settle", "game": "dummy", "table": table})]
                + [PageRequest({"op": "meld_check", "game": "dummy", "cards": cards}) for cards in groups])

    def default_goal(self, puzzle, proof):
        fields = puzzle.fields
        return {lang: GOALS[lang][fields["ask"]].format(
            seat=seat(fields["player"], lang) if fields["player"] else "",
            item=WORDS[lang]["items"].get(fields["item"], "")) for lang in ("th", "en")}

    def solution_text(self, puzzle, proof, lang):
        ask, pid = puzzle.fields["ask"], puzzle.fields["player"]
        settled = puzzle.board["settlement"]
        w = WORDS[lang]
        if ask == "points":
            lines = [text for text, _ in points_lines(puzzle.board["table"], pid, lang)]
            return lines + [f"= {w['points'].format(n=proof['answer'])}"]
        if ask == "tier":
            return [f"{seat(pid, lang)}: {w['tiers'][proof['answer']]} ({settled['derived']['tier_rules'][pid]})"]
        if ask == "fee":
            item = puzzle.fields["item"]
            lines = [ledger_words(l, lang) for l in settled["ledger"] if l["from"] == pid and l["item"] == item]
            return lines + [f"= {proof['answer']}"]
        if ask == "net":
            lines = [ledger_words(l, lang) for l in settled["ledger"] if pid in (l["from"], l["to"])]
            return lines + [f"= {proof['answer']:+d}".replace("+0", "0")]
        lines = [ledger_words(l, lang) for l in settled["ledger"]]
        return lines + [", ".join(f"{seat(p, lang)} {n:+d}" for p, n in proof["answer"].items())]


SCORING = Scoring(
    id="scoring", name_th="คิดแต้มดัมมี่", name_en="Dummy settlement",
    doc_th="โต๊ะที่จบเกมแล้ว (`position` เขียนทีละบรรทัดตาม `site_builder/games/dummy/notation.py`) "
           "ผู้อ่านคิดสิ่งเดียว: แต้มของขาหนึ่ง ขั้นการเสีย ค่าหนึ่งรายการ แต้มสุทธิของขาหนึ่ง หรือของทุกขา "
           "เอนจินคิดคำตอบตอนสร้างเว็บ",
    doc_en="A finished table (`position`, one fact per line as in `site_builder/games/dummy/notation.py`). The reader "
           "works out one thing: a seat's points, its tier, one fee, its net, or every net. The engine computes "
           "the answer at build time.",
    games=("dummy",),
    fields=(
        Field("ask", "str", required=True, choices=ASKS, example='"net"',
              doc_th="สิ่งที่ถาม: `points` `tier` `fee` `net` หรือ `nets`", doc_en="what is asked: `points`, `tier`, `fee`, `net` or `nets`"),
        Field("player", "str", default="", choices=("", *SEATS), example='"P3"',
              doc_th="ขาที่ถามถึง (ยกเว้น `nets`)", doc_en="the seat asked about (not for nets)"),
        Field("item", "str", default="", choices=("", *ITEMS), example='"knock_fee"',
              doc_th="รายการในบัญชี (เฉพาะ `fee`)", doc_en="the ledger item (fee only)"),
    ),
)
