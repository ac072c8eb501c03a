"""Dummy's drills (issue 20, §5): three puzzle kinds on a hand in play (drill_position.py), each a
question whose every right answer the engine's ``prove`` op computes (engine/dummy/drill.py: the
very op that proves a teacher's drill in the browser); a position it cannot prove is an Issue.

* ``dummy-discard`` "Which discard?": every card of the solver's hand is a choice; the right ones
  are the discards that feed the next seat (whose hand the drill shows) no fool (ตีโง่: he collects
  it and knocks), are not called (§32, A-D41) and make the solver liable for nothing (§27–§30) —
  found by playing each discard and then each of the next seat's collects on the engine.
* ``dummy-collect`` "Can you collect this? How?": the choices are the ways to collect the
  ``key`` card that look like melds, and "it cannot be collected"; the right ones are those the
  engine accepts. A refused way is explained with the engine's own refusal and rule.
* ``dummy-knock`` "Knock now: which card face down?": every card of the hand is a choice; the
  right ones are the face-down cards of the knocks the engine lists, and the explanation shows
  which cards go down, as melds and layoffs, for each.

The page is a question (the contract's ``quiz``): the puzzle page's choices, judged by
judges/quiz.js, listed and assigned like every other question.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.api import call

from ...puzzles.kinds.base import Field, Issue, PuzzleKind
from ...puzzles.kinds.rule_quiz import quiz_data
from . import drill_position
from .words import browser_words

GAME = "dummy"
# How to mend the position file when the engine finds no drill (its NOT_PROVEN reason).
FIXES = {
    "no_mix": "choose a position where some discards feed the next seat and some do not",
    "too_many_ways": "choose a card with fewer ways to collect it",
    "every_way_legal": "choose a card where some tempting way is refused",
    "no_way": "choose a pile card that some hand cards seem to meld with",
    "no_knock_mix": "choose a position with a knock, where not every card may be the face-down one",
}

PLAYING = "in phase 'play' (after drawing or collecting)"


@dataclass
class DrillKind(PuzzleKind):
    """What the three drills share: the engine's proof (the ``prove`` op), a question's page data,
    goal and written solution. ``step``: where the position must stop, for the fix of a wrong phase."""

    step: str = ""

    def prove(self, puzzle, engine):
        state = puzzle.board["state"]
        task = {"kind": self.id, "key": puzzle.fields.get("key", ""), "show": puzzle.board["drill"]["show"]}
        reply = call({"op": "prove", "game": GAME, "position": state, "task": task})
        if reply["ok"]:
            return reply["quiz"], []
        error = reply["error"]
        field = "key" if error.get("field") == "task.key" else "position"
        return None, [Issue(field, error["message"], self._fix(error.get("reason"), puzzle))]

    def _fix(self, reason: str | None, puzzle) -> str:
        state = puzzle.board["state"]
        if reason == "wrong_phase":
            return f"end the actions where {puzzle.solver} is {self.step}"
        if reason == "show_not_next_seat":
            seats = [player["id"] for player in state["players"]]
            return f"add the line 'show {seats[(seats.index(puzzle.solver) + 1) % len(seats)]}' to the position"
        if reason == "key_not_in_pile":
            return f"choose one of {' '.join(entry['card'] for entry in state['pile'])}"
        return FIXES.get(reason, "choose a position and a task the engine can prove")

    def page_data(self, puzzle, proof, lang):
        return {"mate_in": None, "line": [], "tree": None, "quiz": quiz_data(proof, lang)}

    def page_words(self, lang):
        """Card, seat and meld names and the figure's words: a teacher-made drill draws its own figure."""
        return {"words": browser_words(lang), "drillWords": drill_position.TEXTS[lang]}

    def default_goal(self, puzzle, proof):
        return dict(proof["prompt"])

    def solution_text(self, puzzle, proof, lang):
        labels = {choice["id"]: choice["label"][lang] for choice in proof["choices"]}
        head = "คำตอบ: " if lang == "th" else "Answer: "
        return [head + ", ".join(labels[i] for i in proof["correct"]), proof["explanation"][lang]]


DISCARD = DrillKind(
    id="dummy-discard", name_th="ทิ้งใบไหนดี", name_en="Which discard?", games=(GAME,),
    doc_th="มือที่กำลังเล่น (`position`: ไพ่ทั้งสำรับและการเล่นทีละบรรทัด ตาม `site_builder/games/dummy/drill_position.py` "
           "และบรรทัด `show` เปิดไพ่ของขาล่าง) ผู้อ่านเลือกไพ่ที่ทิ้งได้โดยไม่ป้อนให้ขาล่างน็อก ไม่ถูกทัก และไม่ต้องเหมา "
           "เอนจินลองทิ้งทุกใบแล้วหาคำตอบที่ถูกทั้งหมด",
    step=PLAYING,
    doc_en="A hand in play (`position`: the deck and the actions one a line, as in "
           "`site_builder/games/dummy/drill_position.py`, with a `show` line for the next seat's hand). The reader "
           "picks the discards that feed the next seat no knock, are not called and make him liable for nothing; "
           "the engine plays every discard to find every right answer.")
COLLECT = DrillKind(
    id="dummy-collect", name_th="เก็บได้ไหม เก็บอย่างไร", name_en="Can you collect this?", games=(GAME,),
    doc_th="มือที่กำลังเล่น ถึงตาจั่วหรือเก็บ ผู้อ่านเลือกวิธีเก็บไพ่ `key` ที่ถูกกติกาทั้งหมด หรือตอบว่าเก็บไม่ได้ "
           "วิธีที่ผิดอธิบายด้วยเหตุผลและข้อกติกาจากเอนจิน",
    step="in phase 'take' (before drawing or collecting)",
    doc_en="A hand in play, at the draw-or-collect step. The reader picks every legal way to collect the `key` card, "
           "or says it cannot be collected; a refused way is explained with the engine's reason and rule.",
    fields=(Field("key", "str", required=True, example='"8D"', doc_th="ไพ่ในกองทิ้งที่ถาม",
                  doc_en="the pile card asked about"),))
KNOCK = DrillKind(
    id="dummy-knock", name_th="น็อกอย่างไร", name_en="Knock now: which card face down?", games=(GAME,),
    doc_th="มือที่กำลังเล่น ถึงตาลงไพ่และน็อกได้ ผู้อ่านเลือกไพ่ที่คว่ำน็อกได้ทั้งหมด เฉลยบอกว่าไพ่ที่เหลือลงชุดหรือฝากอย่างไร",
    step=PLAYING,
    doc_en="A hand in play where a knock is possible. The reader picks every card that can be the face-down one; "
           "the solution shows how the rest go down as melds and layoffs.")

DRILLS = (DISCARD, COLLECT, KNOCK)
DRILL_TAGS = {
    "discarding": {"th": "การทิ้งไพ่", "en": "discarding"},
    "collecting": {"th": "การเก็บไพ่", "en": "collecting"},
    "knocking": {"th": "การน็อก", "en": "knocking"},
}
