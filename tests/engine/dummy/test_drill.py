"""The ``prove`` op of game dummy (engine/dummy/drill.py) on small crafted positions: each drill's
right answers checked here by playing every choice out on ``play`` (a discard and every collect
of the next seat after it; every collect asked about; every knock), never by the op's own
reasoning; every NOT_PROVEN reason; the reply's shape; a malformed task; a bounded search.
Runs inside Pyodide too (tests/pyodide)."""

from __future__ import annotations

import copy
import json
import re

import pytest
from contract_data import _HUGE
from door_checks import error_of, is_thai
from dplay import state_with

from engine.api import call
from engine.dummy import play

DREW = {"kind": "draw"}
CARD_CODE = re.compile(r"\b[2-9TJQKA][SHDC]\b")


def prove(state: dict, **task) -> dict:
    return call({"op": "prove", "game": "dummy", "position": state, "task": task})


def quiz_of(state: dict, **task) -> dict:
    """The quiz of a drill that must be proven; the reply's shape checked."""
    before = copy.deepcopy(state)
    reply = prove(state, **task)
    assert reply["ok"], reply
    assert state == before and set(reply) == {"ok", "quiz", "solver"} and reply["solver"] == state["turn"]
    quiz = reply["quiz"]
    json.dumps(quiz)
    assert set(quiz) == {"question", "prompt", "choices", "correct", "explanation", "nudges", "giveaways"}
    assert quiz["question"] == "drill"
    ids = [choice["id"] for choice in quiz["choices"]]
    assert len(set(ids)) == len(ids) and set(quiz["correct"]) < set(ids) and quiz["correct"]
    assert set(quiz["nudges"]) == set(ids) - set(quiz["correct"])
    for text in [quiz["prompt"], quiz["explanation"], *quiz["nudges"].values(),
                 *(choice["label"] for choice in quiz["choices"])]:
        assert set(text) == {"th", "en"}, text
        assert is_thai(text["th"]) or text["th"] == text["en"], text  # a card's sign is the same in both
        assert not CARD_CODE.search(text["th"]) and not CARD_CODE.search(text["en"]), text
    return quiz


def split(quiz: dict, key: str) -> tuple[set, set]:
    """The right and the wrong choices' ``key`` values."""
    right = {c[key] for c in quiz["choices"] if c["id"] in quiz["correct"]}
    return right, {c[key] for c in quiz["choices"]} - right


# --------------------------------------------------------------------------- which discard?
def discard_position(**changes) -> dict:
    """P1 has drawn. P2 (next) holds 5H 6H QS QD; P3 has 9D TD JD and TC JC QC down. By design: 4H lets
    P2 collect and knock (a fool), KC lies next to P3's clubs (called), QH goes into P2's QH QD QS
    meld (P1 liable for the speto), 9S and 3S harm nothing."""
    hands = {"P1": ["4H", "KC", "QH", "9S", "3S"], "P2": ["5H", "6H", "QS", "QD"], **changes.pop("hands", {})}
    return state_with(hands, pile=[("8S", None, 0), ("2D", "P4", 8)],
                      melds={"P3": [["9D", "TD", "JD"], ["TC", "JC", "QC"]]}, **{"phase": "play", "took": DREW, **changes})


def harms(state: dict, card: str) -> set[str]:
    """What discarding ``card`` brings its discarder, seen in the STATEs after every collect the next seat has."""
    solver = state["turn"]
    after = play.apply(state, f"discard {card}")
    found = set()
    if len(after["events"]["called_discards"]) > len(state["events"]["called_discards"]):
        found.add("called")
    before = len(after["events"]["liabilities"])
    for action in play.legal(after):
        if action.startswith("collect "):
            end = play.apply(after, action)
            if end["knock"] and (end.get("fool") or {}).get("feeder") == solver:
                found.add("fool")
            if any(solver in entry["culprits"] for entry in end["events"]["liabilities"][before:]):
                found.add("liable")
    return found


def test_a_discard_drill_right_answers_are_exactly_the_discards_that_harm_nothing():
    state = discard_position()
    found = {card: harms(state, card) for card in state["players"][0]["hand"]}
    assert found == {"4H": {"fool"}, "KC": {"called"}, "QH": {"liable"}, "9S": set(), "3S": set()}
    quiz = quiz_of(state, kind="dummy-discard", show="P2")
    right, wrong = split(quiz, "card")
    assert right == {"9S", "3S"} and wrong == {"4H", "KC", "QH"}
    nudge = {c["card"]: quiz["nudges"][c["id"]]["en"] for c in quiz["choices"] if c["card"] in wrong}
    assert "knock" in nudge["4H"] and "called" in nudge["KC"] and "pay" in nudge["QH"]
    assert "ขา 2" in quiz["prompt"]["th"] and "P2" in quiz["prompt"]["en"] and "every" in quiz["prompt"]["en"]
    assert {"9S", "9♠", "9 of spades", "3 โพดำ"} <= set(quiz["giveaways"]) and "4H" not in quiz["giveaways"]
    assert all(c["label"]["en"] in quiz["explanation"]["en"] for c in quiz["choices"] if c["card"] in wrong)


def test_a_discard_drill_with_one_safe_card_asks_for_just_one():
    state = discard_position(hands={"P1": ["4H", "KC", "9S"]})
    quiz = quiz_of(state, kind="dummy-discard", show="P2")
    assert split(quiz, "card") == ({"9S"}, {"4H", "KC"}) and "just one" in quiz["prompt"]["en"]


# --------------------------------------------------------------------------- can you collect this?
PII = [("4C", None, 0), ("7D", "P2", 6), ("8D", "P3", 7), ("KC", "P4", 8)]


def test_a_collect_drill_right_ways_are_exactly_the_legal_collects_and_the_wrong_ones_are_refused():
    state = state_with({"P1": ["4D", "5D", "6D", "9D", "3S", "9C", "QH"]}, pile=PII)
    quiz = quiz_of(state, kind="dummy-collect", key="7D")
    right, wrong = split(quiz, "action")
    assert right == {a for a in play.legal(state) if a.startswith("collect 7D ")} and len(right) == 3
    assert "" in wrong and wrong - {""}
    for choice in quiz["choices"]:
        if choice["action"] in wrong - {""}:
            error = error_of({"op": "play", "game": "dummy", "position": state, "moves": [choice["action"]]})
            assert error["code"] == "ILLEGAL_MOVE" and error["rule"] in quiz["nudges"][choice["id"]]["en"]
            assert "ข้อ" in quiz["nudges"][choice["id"]]["th"]
        if choice["action"]:
            cards = choice["action"].split(" ; ")[0].split()[3:]
            assert call({"op": "meld_check", "game": "dummy", "cards": cards})["kind"] in ("set", "run")
    assert "7♦" in quiz["prompt"]["th"] and "7♦" in quiz["prompt"]["en"]


def test_a_card_that_cannot_be_collected_has_that_for_its_right_answer():
    state = state_with({"P1": ["2S", "2H", "9C", "JH", "7S", "5D", "KH"]}, pile=[("4C", None, 0), ("2D", "P4", 8)])
    assert not [a for a in play.legal(state) if a.startswith("collect 2D ")]
    quiz = quiz_of(state, kind="dummy-collect", key="2D")
    right, wrong = split(quiz, "action")
    assert right == {""} and wrong == {"collect 2D meld 2S 2H 2D"}
    assert error_of({"op": "play", "game": "dummy", "position": state, "moves": list(wrong)})["reason"] == "speto_blocker"


# --------------------------------------------------------------------------- which card face down?
def test_a_knock_drill_right_cards_are_exactly_the_face_down_cards_of_the_knocks_that_end_the_hand():
    state = state_with({"P1": ["4D", "5D", "6D", "7D", "8D", "9S"]}, pile=[("4C", None, 0)],
                       melds={"P3": [["TS", "JS", "QS"]]}, phase="play", took=DREW)
    quiz = quiz_of(state, kind="dummy-knock")
    right, wrong = split(quiz, "card")
    assert right | wrong == set(state["players"][0]["hand"])
    knocks = [a for a in play.legal(state) if a.split(" ; ")[-1].startswith("knock ")]
    for card in right:
        end = play.apply(state, next(a for a in knocks if a.endswith(f"knock {card}")))
        assert end["phase"] == "ended" and end["knock"]["face_down"] == card
    assert not [a for a in knocks if a.split()[-1] in wrong]
    assert right == {"4D", "8D", "9S"}
    assert "P3's meld 1" in quiz["explanation"]["en"] and "ชุดที่ 1 ของขา 3" in quiz["explanation"]["th"]


# --------------------------------------------------------------------------- no drill
LIGHT_TWO = dict(melds={"P1": [["4H", "5H", "6H"]], "P3": [["9H", "9D", "9C"]], "P2": [["TS", "JS", "QS"]]},
                 phase="play", took=DREW)
NOT_PROVEN = {
    "wrong_phase": (discard_position(phase="take", took=None), {"kind": "dummy-discard", "show": "P2"}, "position"),
    "show_not_next_seat": (discard_position(), {"kind": "dummy-discard", "show": "P3"}, "task.show"),
    "no_mix": (discard_position(hands={"P1": ["9S", "3S"]}), {"kind": "dummy-discard", "show": "P2"}, "position"),
    "key_not_in_pile": (state_with({"P1": ["4D", "5D"]}, pile=PII), {"kind": "dummy-collect", "key": "AH"}, "task.key"),
    "too_many_ways": (state_with({"P1": ["3D", "4D", "6D", "7D", "5S", "5H", "5C"]}, pile=[("4C", None, 0), ("5D", "P4", 8)]),
                      {"kind": "dummy-collect", "key": "5D"}, "task.key"),
    "every_way_legal": (state_with({"P1": ["4D", "6D", "9S", "KH", "2H", "JC", "7S"]}, pile=[("4C", None, 0), ("5D", "P4", 8)]),
                        {"kind": "dummy-collect", "key": "5D"}, "task.key"),
    "no_way": (state_with({"P1": ["4D", "6D", "9S", "KH", "2H", "JC", "7S"]}, pile=[("4C", None, 0), ("8H", "P4", 8)]),
               {"kind": "dummy-collect", "key": "8H"}, "task.key"),
    "no_knock_mix": (state_with({"P1": ["9S", "KS"]}, pile=[("4C", None, 0)], **LIGHT_TWO), {"kind": "dummy-knock"},
                     "position"),
}


@pytest.mark.parametrize("reason", sorted(NOT_PROVEN))
def test_a_position_with_no_drill_is_not_proven_with_its_reason_and_field(reason):
    state, task, field = NOT_PROVEN[reason]
    error = error_of({"op": "prove", "game": "dummy", "position": state, "task": task})
    assert (error["code"], error["reason"], error["field"]) == ("NOT_PROVEN", reason, field), error


def test_no_knock_mix_also_when_every_card_may_go_face_down_or_none():
    every = NOT_PROVEN["no_knock_mix"][0]
    knocks = {a.split()[-1] for a in play.legal(every) if a.split(" ; ")[-1].startswith("knock ")}
    assert knocks == {"9S", "KS"}  # every card of the hand
    none = state_with({"P1": ["5D", "6D", "9S", "KH", "JC"]}, pile=[("4C", None, 0)], phase="play", took=DREW)
    assert error_of({"op": "prove", "game": "dummy", "position": none, "task": {"kind": "dummy-knock"}})["reason"] == \
        "no_knock_mix"


def test_every_drill_asks_in_its_own_phase():
    taking = state_with({"P1": ["4D", "5D", "6D", "9D", "3S", "9C", "QH"]}, pile=PII)
    playing = discard_position()
    for state, task in ((playing, {"kind": "dummy-collect", "key": "2D"}), (taking, {"kind": "dummy-knock"})):
        error = error_of({"op": "prove", "game": "dummy", "position": state, "task": task})
        assert error["reason"] == "wrong_phase" and state["phase"] in error["message"]


# --------------------------------------------------------------------------- bad requests, bounds
@pytest.mark.parametrize("request_fields, code, field", [
    ({"position": "STATE"}, "BAD_REQUEST", "task"),
    ({"position": "STATE", "task": "dummy-knock"}, "BAD_TYPE", "task"),
    ({"position": "STATE", "task": {"kind": "mate"}}, "BAD_REQUEST", "task.kind"),
    ({"position": "STATE", "task": {"kind": "dummy-collect"}}, "BAD_REQUEST", "task.key"),
    ({"position": "STATE", "task": {"kind": "dummy-collect", "key": "8X"}}, "BAD_REQUEST", "task.key"),
    ({"position": "STATE", "task": {"kind": "dummy-discard", "show": "P5"}}, "BAD_REQUEST", "task.show"),
    ({"task": {"kind": "dummy-knock"}}, "BAD_REQUEST", "position"),
    ({"position": {"game": "dummy"}, "task": {"kind": "dummy-knock"}}, "BAD_POSITION", None),
])
def test_a_malformed_request_names_the_field_at_fault(request_fields, code, field):
    fields = {k: discard_position() if v == "STATE" else v for k, v in request_fields.items()}
    error = error_of({"op": "prove", "game": "dummy", **fields})
    assert error["code"] == code and (field is None or error["field"] == field), error


@pytest.mark.parametrize("task", [{"kind": "dummy-knock"}, {"kind": "dummy-discard", "show": "P2"}])
def test_a_hand_too_big_to_search_is_budget_exceeded_not_a_long_wait(task):
    assert error_of({"op": "prove", "game": "dummy", "position": _HUGE, "task": task})["code"] == "BUDGET_EXCEEDED"
