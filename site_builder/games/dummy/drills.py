"""Dummy's drills (issue 20, §5): three puzzle kinds on a hand in play, each a question whose
every right answer the engine computes at build time from the position (drill_position.py).

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

import re
from itertools import combinations

from engine.api import call
from engine.dummy import cards as C
from engine.dummy import melds as M
from engine.dummy.bot_words import action_words as engine_words
from engine.dummy.bot_words import card_text

from ...puzzles.kinds.base import Field, Issue, PuzzleKind
from ...puzzles.kinds.rule_quiz import quiz_data
from .words import card_name, meld_name, seat

CARD_CODE = re.compile(r"\b[2-9TJQKA][SHDC]\b")  # a card as the engine quotes it

GAME = "dummy"
IDS = "abcdefghijklmnop"
MAX_CHOICES = 8
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
    "can_collect": {"th": "ลองอีกครั้ง ใบนี้เก็บได้อย่างน้อยหนึ่งแบบ", "en": "Look again: there is a legal way to collect it."},
}


MELD_ID = re.compile(r"(?:ชุด )?\b(P[1-4]\.\d+)\b")


def _said(message: str) -> str:
    """An engine message with its cards as the reader sees them (``QH`` → ``Q♥``): no Latin card codes on a page."""
    return CARD_CODE.sub(lambda found: card_text(found[0]), message)

def action_words(action: str) -> dict[str, str]:
    """An action in words, with meld ids as words ('ชุดที่ 1 ของขา 2' / "P2's meld 1")."""
    said = engine_words(action)
    return {lang: MELD_ID.sub(lambda found: meld_name(found.group(1), lang), text) for lang, text in said.items()}


def _door(request: dict) -> dict:
    return call({"game": GAME, **request})


def _play(state: dict, action: str) -> dict:
    return _door({"op": "play", "position": state, "moves": [action]})


def canonical(cards) -> list[str]:
    """Cards in the engine's canonical order: rank 2…A, then suit S H D C."""
    return sorted(cards, key=lambda card: (C.rank(card), C.SUITS.index(C.suit(card))))


def _card_giveaways(cards) -> list[str]:
    return sorted({form for card in cards for form in (card, card_text(card), card_name(card, "th"),
                                                     card_name(card, "en"))})


class DrillKind(PuzzleKind):
    """What the three drills share: a question's page data, goal and written solution."""

    def page_data(self, puzzle, proof, lang):
        return {"mate_in": None, "line": [], "tree": None, "quiz": quiz_data(proof, lang)}

    def default_goal(self, puzzle, proof):
        return dict(proof["prompt"])

    def solution_text(self, puzzle, proof, lang):
        labels = {choice["id"]: choice["label"][lang] for choice in proof["choices"]}
        head = "คำตอบ: " if lang == "th" else "Answer: "
        return [head + ", ".join(labels[i] for i in proof["correct"]), proof["explanation"][lang]]

    def _phase(self, puzzle, phase: str, what: str) -> list[Issue]:
        if puzzle.board["state"]["phase"] != phase:
            return [Issue("position", f"{what}, but the seat to act is in phase {puzzle.board['state']['phase']!r}",
                          f"end the actions where {puzzle.solver} is in phase {phase!r}")]
        return []


def _proof(choices, correct, prompt, explanation, nudges, giveaways) -> dict:
    return {"question": "drill", "prompt": prompt, "choices": choices, "correct": correct,
            "explanation": explanation, "nudges": nudges, "giveaways": giveaways}


def _prompt(many: bool, one: dict, every: dict) -> dict:
    return every if many else one


class DiscardDrill(DrillKind):
    def prove(self, puzzle, engine):
        issues = self._phase(puzzle, "play", "a discard drill asks for a discard")
        if issues:
            return None, issues
        state, solver = puzzle.board["state"], puzzle.solver
        ids = [player["id"] for player in state["players"]]
        after = ids[(ids.index(solver) + 1) % len(ids)]
        if puzzle.board["drill"]["show"] != after:
            return None, [Issue("position", f"a discard drill shows the next seat's hand ({after})",
                                f"add the line 'show {after}' to the position")]
        discards = [action.split()[1] for action in puzzle.board["legal"] if action.startswith("discard ")]
        dangers = {card: _danger(state, card, solver) for card in discards}
        safe = [card for card in discards if dangers[card] is None]
        if not safe or len(safe) == len(discards):
            return None, [Issue("position", f"{len(safe)} of {len(discards)} discards are safe; a drill needs both kinds",
                                "choose a position where some discards feed the next seat and some do not")]
        choices = [{"id": IDS[i], "label": {"th": card_text(card), "en": card_text(card)}, "card": card}
                   for i, card in enumerate(discards)]
        correct = [choice["id"] for choice in choices if dangers[choice["card"]] is None]
        nudges = {choice["id"]: NUDGES[dangers[choice["card"]]] for choice in choices if dangers[choice["card"]]}
        computer = _door({"op": "bestmove", "position": puzzle.board["view"], "seat": solver, "level": 3})
        lines = {lang: [f"{card_text(card)}: {NUDGES[dangers[card]][lang]}" for card in discards if dangers[card]]
                 for lang in ("th", "en")}
        if computer.get("ok") and computer["move"].split()[-1] in safe and computer["move"].startswith("discard "):
            lines["th"].append(f"คอมพิวเตอร์ระดับ 3 ก็เลือกแบบนี้: {computer['words']['th']}")
            lines["en"].append(f"The level-3 computer plays: {computer['words']['en']}.")
        many = len(safe) > 1
        who = {lang: seat(after, lang) for lang in ("th", "en")}
        prompt = _prompt(many, {"th": f"ทิ้งใบไหนจึงไม่ป้อนให้{who['th']} น็อก ไม่ถูกทัก และไม่ต้องเหมา (มีใบเดียว)",
                                "en": f"Which discard feeds {who['en']} no knock, is not called and makes you liable "
                                      "for nothing? (just one)"},
                         {"th": f"ทิ้งใบไหนได้บ้างโดยไม่ป้อนให้{who['th']} น็อก ไม่ถูกทัก และไม่ต้องเหมา เลือกทุกใบ",
                          "en": f"Which discards feed {who['en']} no knock, are not called and make you liable for "
                                "nothing? Choose every one."})
        explanation = {lang: " ".join(lines[lang]) for lang in ("th", "en")}
        return _proof(choices, correct, prompt, explanation, nudges, _card_giveaways(safe)), []


def _danger(state: dict, card: str, solver: str) -> str | None:
    """Why discarding ``card`` is unsafe ('called', 'fool', 'liable'), or None: played on the engine."""
    reply = _play(state, f"discard {card}")
    if not reply.get("ok"):
        raise RuntimeError(f"the engine refused its own legal discard {card}: {reply['error']['message']}")
    after = reply["position"]
    if len(after["events"]["called_discards"]) > len(state["events"]["called_discards"]):
        return "called"
    collects = [action for action in reply["legal"] if action.startswith("collect ")
                and card in action.split(" ; ")[0].split()[3:]]
    if any(action.startswith(f"collect {card} ") and "knock" in action for action in collects):
        return "fool"
    before = len(after["events"]["liabilities"])
    for action in collects:
        taken = _play(after, action)
        if taken.get("ok") and any(solver in entry["culprits"]
                                   for entry in taken["position"]["events"]["liabilities"][before:]):
            return "liable"
    return None


class CollectDrill(DrillKind):
    def prove(self, puzzle, engine):
        issues = self._phase(puzzle, "take", "a collect drill asks about collecting")
        if issues:
            return None, issues
        state, key = puzzle.board["state"], puzzle.fields["key"]
        pile = [entry["card"] for entry in state["pile"]]
        if key not in pile:
            return None, [Issue("key", f"{key!r} is not in the discard pile", f"choose one of {' '.join(pile)}")]
        hand = next(player["hand"] for player in state["players"] if player["id"] == puzzle.solver)
        legal = [action for action in puzzle.board["legal"] if action.startswith(f"collect {key} ")]
        tried = {action: _play(state, action) for action in _collect_candidates(key, pile, hand) if action not in legal}
        refused = [(action, reply["error"]) for action, reply in tried.items()
                   if not reply.get("ok") and reply["error"].get("reason") != "not_canonical"]
        if len(legal) > MAX_CHOICES - 1:
            return None, [Issue("key", f"{key} can be collected {len(legal)} ways; a drill lists at most "
                                       f"{MAX_CHOICES - 1}", "choose a card with fewer ways to collect it")]
        wrong = refused[:MAX_CHOICES - 1 - len(legal)]
        options = sorted(legal + [action for action, _ in wrong])
        if not wrong and legal:
            return None, [Issue("key", "every way to collect it that looks like a meld is legal",
                                "choose a card where some tempting way is refused")]
        choices = [{"id": IDS[i], "label": action_words(action), "action": action} for i, action in enumerate(options)]
        choices.append({"id": IDS[len(options)], "label": CANNOT, "action": ""})
        correct = [choice["id"] for choice in choices if choice["action"] in legal] or [choices[-1]["id"]]
        errors = dict(wrong)
        nudges = {}
        for choice in choices:
            if choice["id"] in correct:
                continue
            error = errors.get(choice["action"])
            nudges[choice["id"]] = ({"th": _said(error["message_th"]), "en": _said(error["message"])} if error
                                    else NUDGES["can_collect"])
        lines = {"th": [], "en": []}
        for choice in choices[:-1]:
            error = errors.get(choice["action"])
            for lang in ("th", "en"):
                verdict = ("ได้" if lang == "th" else "legal") if error is None else \
                    _said(error["message_th"] if lang == "th" else error["message"])
                lines[lang].append(f"{choice['label'][lang]}: {verdict}.")
        if not legal:
            lines["th"].append("จึงเก็บใบนี้ไม่ได้ในตานี้")
            lines["en"].append("So it cannot be collected this turn.")
        prompt = {"th": f"เก็บ {card_text(key)} จากกองทิ้งได้ไหม ถ้าได้ เก็บแบบไหน (เลือกทุกข้อที่ถูก)",
                  "en": f"Can you collect {card_text(key)} from the pile? If so, how? (choose every right answer)"}
        giveaways = sorted({form for choice in choices if choice["id"] in correct
                            for form in (choice["label"]["th"], choice["label"]["en"])})
        return _proof(choices, correct, prompt, {lang: " ".join(lines[lang]) for lang in ("th", "en")},
                      nudges, giveaways), []


def _collect_candidates(key: str, pile: list[str], hand: list[str]) -> list[str]:
    """Every ``collect`` of ``key`` with 1–2 hand cards (and up to 2 taken cards) that forms a set or run."""
    taken = pile[pile.index(key) + 1:]
    found = set()
    for size in (1, 2):
        for held in combinations(hand, size):
            for extra_size in range(0, min(2, len(taken)) + 1):
                for extra in combinations(taken, extra_size):
                    cards = [key, *held, *extra]
                    shape, _ = M.shape(cards)
                    if shape is not None:
                        found.add(f"collect {key} meld {' '.join(canonical(cards))}")
    return sorted(found)


class KnockDrill(DrillKind):
    def prove(self, puzzle, engine):
        issues = self._phase(puzzle, "play", "a knock drill asks for a knock")
        if issues:
            return None, issues
        state, solver = puzzle.board["state"], puzzle.solver
        hand = next(player["hand"] for player in state["players"] if player["id"] == solver)
        knocks = [action for action in puzzle.board["legal"] if action.split(" ; ")[-1].startswith("knock ")]
        by_card = {}
        for action in knocks:
            by_card.setdefault(action.split()[-1], []).append(action)
        if not by_card or len(by_card) == len(hand):
            return None, [Issue("position", f"{len(by_card)} of {len(hand)} cards can go face down; a drill needs a "
                                            "hand where some can and some cannot",
                                "choose a position with a knock, where not every card may be the face-down one")]
        computer = _door({"op": "bestmove", "position": puzzle.board["view"], "seat": solver, "level": 3})
        best = computer["move"] if computer.get("ok") else None
        cards = canonical(hand)
        choices = [{"id": IDS[i], "label": {"th": f"คว่ำ {card_text(card)}", "en": f"{card_text(card)} face down"},
                    "card": card} for i, card in enumerate(cards)]
        correct = [choice["id"] for choice in choices if choice["card"] in by_card]
        nudges = {choice["id"]: NUDGES["no_knock"] for choice in choices if choice["card"] not in by_card}
        lines = {"th": [], "en": []}
        for card in canonical(by_card):
            way = best if best in by_card[card] else by_card[card][0]
            words = action_words(way)
            lines["th"].append(f"คว่ำ {card_text(card)}: {words['th']}.")
            lines["en"].append(f"{card_text(card)} face down: {words['en']}.")
        many = len(correct) > 1
        prompt = _prompt(many, {"th": "น็อกได้ในตานี้ ใบไหนคว่ำน็อกได้ โดยไพ่ที่เหลือลงหรือฝากได้หมด (มีใบเดียว)",
                                "en": "You can knock now. Which card can go face down, with every other card put "
                                      "down? (just one)"},
                         {"th": "น็อกได้ในตานี้ ใบไหนบ้างคว่ำน็อกได้ โดยไพ่ที่เหลือลงหรือฝากได้หมด เลือกทุกใบ",
                          "en": "You can knock now. Which cards can go face down, with every other card put down? "
                                "Choose every one."})
        return _proof(choices, correct, prompt, {lang: " ".join(lines[lang]) for lang in ("th", "en")}, nudges,
                      _card_giveaways(by_card)), []


DISCARD = DiscardDrill(
    id="dummy-discard", name_th="ทิ้งใบไหนดี", name_en="Which discard?", games=(GAME,),
    doc_th="มือที่กำลังเล่น (`position`: ไพ่ทั้งสำรับและการเล่นทีละบรรทัด ตาม `site_builder/games/dummy/drill_position.py` "
           "และบรรทัด `show` เปิดไพ่ของขาล่าง) ผู้อ่านเลือกไพ่ที่ทิ้งได้โดยไม่ป้อนให้ขาล่างน็อก ไม่ถูกทัก และไม่ต้องเหมา "
           "เอนจินลองทิ้งทุกใบแล้วหาคำตอบที่ถูกทั้งหมด",
    doc_en="A hand in play (`position`: the deck and the actions one a line, as in "
           "`site_builder/games/dummy/drill_position.py`, with a `show` line for the next seat's hand). The reader "
           "picks the discards that feed the next seat no knock, are not called and make him liable for nothing; "
           "the engine plays every discard to find every right answer.")
COLLECT = CollectDrill(
    id="dummy-collect", name_th="เก็บได้ไหม เก็บอย่างไร", name_en="Can you collect this?", games=(GAME,),
    doc_th="มือที่กำลังเล่น ถึงตาจั่วหรือเก็บ ผู้อ่านเลือกวิธีเก็บไพ่ `key` ที่ถูกกติกาทั้งหมด หรือตอบว่าเก็บไม่ได้ "
           "วิธีที่ผิดอธิบายด้วยเหตุผลและข้อกติกาจากเอนจิน",
    doc_en="A hand in play, at the draw-or-collect step. The reader picks every legal way to collect the `key` card, "
           "or says it cannot be collected; a refused way is explained with the engine's reason and rule.",
    fields=(Field("key", "str", required=True, example='"8D"', doc_th="ไพ่ในกองทิ้งที่ถาม",
                  doc_en="the pile card asked about"),))
KNOCK = KnockDrill(
    id="dummy-knock", name_th="น็อกอย่างไร", name_en="Knock now: which card face down?", games=(GAME,),
    doc_th="มือที่กำลังเล่น ถึงตาลงไพ่และน็อกได้ ผู้อ่านเลือกไพ่ที่คว่ำน็อกได้ทั้งหมด เฉลยบอกว่าไพ่ที่เหลือลงชุดหรือฝากอย่างไร",
    doc_en="A hand in play where a knock is possible. The reader picks every card that can be the face-down one; "
           "the solution shows how the rest go down as melds and layoffs.")

DRILLS = (DISCARD, COLLECT, KNOCK)
DRILL_TAGS = {
    "discarding": {"th": "การทิ้งไพ่", "en": "discarding"},
    "collecting": {"th": "การเก็บไพ่", "en": "collecting"},
    "knocking": {"th": "การน็อก", "en": "knocking"},
}
