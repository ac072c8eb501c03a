"""Dummy's drills proven: the ``prove`` op of game dummy (a teacher's drill is made in the browser,
the catalog's at build time, by this one code). Three questions on a hand in play, whose every
right answer is found by playing the position on the engine; the seat to act is the solver.

``{"op": "prove", "game": "dummy", "position": STATE, "task": {"kind", "key"?, "show"?}}`` ->
``{"quiz": {"question": "drill", "prompt", "choices", "correct", "explanation", "nudges",
"giveaways"}, "solver": seat}`` (each text ``{th, en}``; a choice has ``id``, ``label`` and ``card``
or ``action``):

* ``dummy-discard`` "Which discard?": every card of the hand is a choice; the right ones feed the
  next seat (``show``: the figure shows his hand) no fool (ตีโง่: he collects it and knocks), are
  not called (§32, A-D41) and make the solver liable for nothing (§27–§30): found by playing each
  discard and then each of the next seat's collects of it.
* ``dummy-collect`` "Can you collect ``key``? How?": the choices are the ways to collect it that
  look like melds, and "it cannot be collected"; the right ones are those ``play`` accepts. A
  refused way is explained with the engine's own refusal and rule.
* ``dummy-knock`` "Knock now: which card face down?": every card of the hand is a choice; the right
  ones are the face-down cards of the legal knocks, and the explanation shows how the rest go down.

No drill: NOT_PROVEN with a ``reason``: ``wrong_phase``, ``show_not_next_seat``, ``no_mix`` (every
or no discard is safe), ``key_not_in_pile``, ``too_many_ways``, ``every_way_legal``, ``no_way`` (no
way to collect ``key`` even looks like a meld: a question of one choice), ``no_knock_mix``. A
malformed task is BAD_REQUEST. The whole request shares the door's time
(engine.core.budget.SEARCH_SECONDS, then BUDGET_EXCEEDED): at most a few dozen ``play`` steps
and one computer choice.
"""

from __future__ import annotations

import string
from itertools import combinations
from typing import NamedTuple

from .. import errors
from ..core import budget as budgets
from ..errors import EngineError, quote
from . import bot
from . import melds as M
from . import play
from .actions import canonical
from .bot_words import card_text
from .cards import is_card
from .drill_words import (CANNOT, COMPUTER_AGREES, FACE_DOWN, LEGAL, NONE_LEGAL, NUDGES, PROMPTS, action_words,
                          card_giveaways, each, said, seat)
from .legal import searching_until
from .position import SEATS, check, next_seat, player_of
from .refusals import Refusal

KINDS = ("dummy-discard", "dummy-collect", "dummy-knock")
IDS = string.ascii_lowercase + string.ascii_uppercase  # choice ids: enough for any hand
MAX_CHOICES = 8  # a collect drill's ways (legal or refused), with "it cannot be collected"
COMPUTER_LEVEL = 3
# The phase each drill asks in, and what it asks about (English, Thai).
ASKS = {"dummy-discard": ("play", "a discard drill asks for a discard", "แบบฝึกการทิ้งไพ่ถามถึงการทิ้ง"),
        "dummy-collect": ("take", "a collect drill asks about collecting", "แบบฝึกการเก็บไพ่ถามถึงการเก็บ"),
        "dummy-knock": ("play", "a knock drill asks for a knock", "แบบฝึกการน็อกถามถึงการน็อก")}
PHASE_TH = {"take": "ขั้นจั่วหรือเก็บไพ่", "play": "ขั้นลงไพ่และทิ้งไพ่",
            "last": "ขั้นหลังไพ่หมดกอง (เก็บไปน็อกหรือผ่าน)", "ended": "เกมจบแล้ว"}


class Task(NamedTuple):
    """What a drill asks: its ``kind``, the pile card ``key`` (collect), the seat ``show`` shows face up ('')."""

    kind: str
    key: str
    show: str


class Drill(NamedTuple):
    """A drill being proven: the STATE (its seat to act is the ``solver``), the task, the door's options."""

    state: dict
    task: Task
    options: dict

    @property
    def solver(self) -> str:
        return self.state["turn"]

    def after(self, state: dict, action: str) -> dict:
        """The STATE after ``action`` (a Refusal when it is illegal)."""
        return play.apply(state, action, None, self.options)

    def legal(self, state: dict | None = None) -> list[str]:
        return play.legal(self.state if state is None else state, self.options)

    def computer(self) -> str | None:
        """The level-3 computer's action for the solver, seeing what he sees (None if it gives none)."""
        view = play.view(self.state, self.solver)
        try:
            move = bot.best_action(view, self.solver, COMPUTER_LEVEL)["move"]
        except EngineError:
            return None
        return move if move in self.legal(view) else None


def _bad(field: str, message: str, message_th: str) -> EngineError:
    return EngineError(errors.BAD_REQUEST, message, message_th, field)


def _not_proven(reason: str, field: str, message: str, message_th: str) -> EngineError:
    return EngineError(errors.NOT_PROVEN, message, message_th, field, reason=reason)


def read_task(request: dict) -> Task:
    """The request's task, checked (BAD_REQUEST or BAD_TYPE naming the field at fault)."""
    if "task" not in request:
        raise _bad("task", "the request needs a 'task' field", "คำขอต้องมีช่อง 'task'")
    task = request["task"]
    if not isinstance(task, dict):
        raise EngineError(errors.BAD_TYPE, f"'task' must be dict, got {type(task).__name__}",
                          f"'task' ต้องเป็นชนิด dict แต่ได้ {type(task).__name__}", "task")
    kind = task.get("kind")
    if kind not in KINDS:
        raise _bad("task.kind", f"unknown task kind {quote(kind, 40)}; known: {', '.join(KINDS)}",
                   f"ไม่รู้จักชนิดโจทย์ {quote(kind, 40)} ที่มี: {', '.join(KINDS)}")
    key = task.get("key")
    if kind == "dummy-collect" and not is_card(key):
        raise _bad("task.key", f"a collect drill names the pile card it asks about ('8D'), got {quote(key, 40)}",
                   f"แบบฝึกการเก็บไพ่ต้องระบุไพ่ในกองทิ้งที่ถาม (เช่น '8D') แต่ได้ {quote(key, 40)}")
    show = task.get("show") or ""
    if show not in ("", *SEATS):
        raise _bad("task.show", f"'task.show' is a seat P1-P4 or empty, got {quote(show, 40)}",
                   f"'task.show' ต้องเป็นที่นั่ง P1-P4 หรือว่าง แต่ได้ {quote(show, 40)}")
    return Task(kind, key if kind == "dummy-collect" else "", show)


def op_prove(request: dict, options: dict) -> dict:
    """The door's ``prove`` for Dummy: the drill's question and every right answer, or NOT_PROVEN."""
    task = read_task(request)
    if "position" not in request:
        raise _bad("position", "the request needs a 'position' field (a STATE)", "คำขอต้องมีช่อง 'position' (STATE)")
    drill = Drill(check(request["position"]), task, options)
    phase, asks, asks_th = ASKS[task.kind]
    now = drill.state["phase"]
    if now != phase:
        raise _not_proven("wrong_phase", "position",
                          f"{asks}, but the seat to act ({drill.solver}) is in phase {now!r}; "
                          f"it needs phase {phase!r}",
                          f"{asks_th} แต่ผู้เล่นที่ถึงตา ({drill.solver}) อยู่ใน{PHASE_TH[now]} "
                          f"ต้องอยู่ใน{PHASE_TH[phase]}")
    with searching_until(budgets.SEARCH_SECONDS):
        return {"quiz": PROVERS[task.kind](drill), "solver": drill.solver}


def _quiz(choices: list, correct: list, prompt_words: dict, explanation: dict, nudges: dict, giveaways: list) -> dict:
    return {"question": "drill", "prompt": prompt_words, "choices": choices, "correct": correct,
            "explanation": explanation, "nudges": nudges, "giveaways": giveaways}


def _joined(lines: dict[str, list[str]]) -> dict[str, str]:
    return {lang: " ".join(said_lines) for lang, said_lines in lines.items()}


# ----------------------------------------------------------------------------- which discard?
def prove_discard(drill: Drill) -> dict:
    after = next_seat(drill.solver)
    if drill.task.show != after:
        raise _not_proven("show_not_next_seat", "task.show",
                          f"a discard drill shows the next seat's hand ({after}), not {drill.task.show or 'none'}",
                          f"แบบฝึกการทิ้งไพ่ต้องเปิดไพ่ของขาล่าง ({after}) ไม่ใช่ {drill.task.show or 'ไม่เปิดเลย'}")
    discards = [action.split()[1] for action in drill.legal() if action.startswith("discard ")]
    dangers = {card: _danger(drill, card) for card in discards}
    safe = [card for card in discards if dangers[card] is None]
    if not safe or len(safe) == len(discards):
        raise _not_proven("no_mix", "position",
                          f"{len(safe)} of {len(discards)} discards are safe; a drill needs both kinds",
                          f"ทิ้งได้ปลอดภัย {len(safe)} จาก {len(discards)} ใบ "
                          "แบบฝึกต้องมีทั้งใบที่ปลอดภัยและใบที่ไม่ปลอดภัย")
    choices = [{"id": IDS[i], "label": {"th": card_text(card), "en": card_text(card)}, "card": card}
               for i, card in enumerate(discards)]
    correct = [choice["id"] for choice in choices if dangers[choice["card"]] is None]
    nudges = {choice["id"]: NUDGES[dangers[choice["card"]]] for choice in choices if dangers[choice["card"]]}
    lines = {lang: [f"{card_text(card)}: {NUDGES[dangers[card]][lang]}" for card in discards if dangers[card]]
             for lang in ("th", "en")}
    best = drill.computer()
    if best is not None and best.startswith("discard ") and best.split()[-1] in safe:
        agrees = each(COMPUTER_AGREES, words=action_words(best))
        for lang in lines:
            lines[lang].append(agrees[lang])
    asked = each(PROMPTS["discard_every" if len(safe) > 1 else "discard_one"],
                 who={lang: seat(after, lang) for lang in lines})
    return _quiz(choices, correct, asked, _joined(lines), nudges, card_giveaways(safe))


def _danger(drill: Drill, card: str) -> str | None:
    """Why discarding ``card`` is unsafe ('called', 'fool', 'liable'), or None: played on the engine."""
    state = drill.state
    after = drill.after(state, f"discard {card}")
    if len(after["events"]["called_discards"]) > len(state["events"]["called_discards"]):
        return "called"
    collects = [action for action in drill.legal(after) if action.startswith("collect ")
                and card in action.split(" ; ")[0].split()[3:]]
    if any(action.startswith(f"collect {card} ") and "knock" in action for action in collects):
        return "fool"
    before = len(after["events"]["liabilities"])
    for action in collects:
        taken = drill.after(after, action)
        if any(drill.solver in entry["culprits"] for entry in taken["events"]["liabilities"][before:]):
            return "liable"
    return None


# ----------------------------------------------------------------------------- can you collect this?
def prove_collect(drill: Drill) -> dict:
    state, key = drill.state, drill.task.key
    pile, shown = [entry["card"] for entry in state["pile"]], card_text(key)
    if key not in pile:
        cards = " ".join(map(card_text, pile))
        raise _not_proven("key_not_in_pile", "task.key", f"{shown} is not in the discard pile ({cards})",
                          f"ไพ่ {shown} ไม่อยู่ในกองทิ้ง ({cards})")
    hand = player_of(state, drill.solver)["hand"]
    legal = [action for action in drill.legal() if action.startswith(f"collect {key} ")]
    if len(legal) > MAX_CHOICES - 1:
        raise _not_proven("too_many_ways", "task.key",
                          f"{shown} can be collected {len(legal)} ways; a drill lists at most {MAX_CHOICES - 1}",
                          f"ไพ่ {shown} เก็บได้ {len(legal)} แบบ แบบฝึกแสดงได้ไม่เกิน {MAX_CHOICES - 1} แบบ")
    refused = []
    for action in _collect_candidates(key, pile, hand):
        if action not in legal and len(refused) < MAX_CHOICES - 1 - len(legal):
            why = _refusal(drill, action)
            if why is not None:
                refused.append((action, why))
    if not refused and legal:
        raise _not_proven("every_way_legal", "task.key",
                          f"every way to collect {shown} that looks like a meld is legal",
                          f"ทุกแบบที่ดูเหมือนเก็บ {shown} ลงชุดได้ ถูกกติกาทั้งหมด")
    if not refused:
        raise _not_proven("no_way", "task.key",
                          f"no way to collect {shown} even looks like a meld: the one answer would be 'it cannot be "
                          "collected'",
                          f"ไม่มีแบบใดที่ดูเหมือนเก็บ {shown} ลงชุดได้เลย คำถามจะมีคำตอบเดียวคือ 'เก็บใบนี้ไม่ได้'")
    options = sorted(legal + [action for action, _ in refused])
    choices = [{"id": IDS[i], "label": action_words(action), "action": action} for i, action in enumerate(options)]
    choices.append({"id": IDS[len(options)], "label": CANNOT, "action": ""})
    correct = [choice["id"] for choice in choices if choice["action"] in legal] or [choices[-1]["id"]]
    errors_of = dict(refused)
    nudges = {choice["id"]: errors_of.get(choice["action"], NUDGES["can_collect"])
              for choice in choices if choice["id"] not in correct}
    lines = {"th": [], "en": []}
    for choice in choices[:-1]:
        verdict = errors_of.get(choice["action"], LEGAL)
        for lang in lines:
            lines[lang].append(f"{choice['label'][lang]}: {verdict[lang]}.")
    if not legal:
        for lang in lines:
            lines[lang].append(NONE_LEGAL[lang])
    giveaways = sorted({form for choice in choices if choice["id"] in correct
                        for form in (choice["label"]["th"], choice["label"]["en"])})
    return _quiz(choices, correct, each(PROMPTS["collect"], card=card_text(key)), _joined(lines), nudges, giveaways)


def _refusal(drill: Drill, action: str) -> dict[str, str] | None:
    """Why ``play`` refuses ``action``, in words ({th, en}); None when it is accepted or only miswritten."""
    try:
        drill.after(drill.state, action)
    except Refusal as refusal:
        if refusal.reason == "not_canonical":
            return None
        return {"th": said(refusal.message_th), "en": said(refusal.message)}
    return None


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


# ----------------------------------------------------------------------------- which card face down?
def prove_knock(drill: Drill) -> dict:
    hand = player_of(drill.state, drill.solver)["hand"]
    by_card: dict[str, list[str]] = {}
    for action in drill.legal():
        if action.split(" ; ")[-1].startswith("knock "):
            by_card.setdefault(action.split()[-1], []).append(action)
    if not by_card or len(by_card) == len(hand):
        raise _not_proven("no_knock_mix", "position",
                          f"{len(by_card)} of {len(hand)} cards can go face down; a drill needs a hand where some "
                          "can and some cannot",
                          f"คว่ำน็อกได้ {len(by_card)} จาก {len(hand)} ใบ "
                          "แบบฝึกต้องมีทั้งใบที่คว่ำน็อกได้และใบที่คว่ำไม่ได้")
    best = drill.computer()
    choices = [{"id": IDS[i], "label": each(FACE_DOWN, card=card_text(card)), "card": card}
               for i, card in enumerate(canonical(hand))]
    correct = [choice["id"] for choice in choices if choice["card"] in by_card]
    nudges = {choice["id"]: NUDGES["no_knock"] for choice in choices if choice["card"] not in by_card}
    lines = {"th": [], "en": []}
    for card in canonical(by_card):
        way = action_words(best if best in by_card[card] else by_card[card][0])
        label = each(FACE_DOWN, card=card_text(card))
        for lang in lines:
            lines[lang].append(f"{label[lang]}: {way[lang]}.")
    asked = PROMPTS["knock_every" if len(correct) > 1 else "knock_one"]
    return _quiz(choices, correct, dict(asked), _joined(lines), nudges, card_giveaways(by_card))


PROVERS = {"dummy-discard": prove_discard, "dummy-collect": prove_collect, "dummy-knock": prove_knock}
