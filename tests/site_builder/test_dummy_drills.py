"""Dummy's drills (issue 20 §5): at least 30 of the three kinds, every answer checked here again
by playing the position out on the engine (the fool, the called discard and the liability seen in
the STATE, not read off action strings), the page a question, and what a bad file is told.

The proofs also stay what they were before the engine's ``prove`` op took the proving over from
the builder: dummy_drill_proofs.json was written ONCE, before the move, by the old
site_builder/games/dummy/drills.py (which proved the drills in the builder through ``play`` and
``bestmove`` door calls), every catalog drill's proof as the build cached it. It is never
regenerated from the new code; a new catalog drill is compared only once added to it by hand."""
from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import pytest
from sb_helpers import PROJECT as ROOT

from engine.api import call
from site_builder.games.dummy import drill_position
from site_builder.games.dummy.drills import COLLECT, DISCARD, KNOCK
from site_builder.puzzles.cache import ProofCache
from site_builder.puzzles.pages import page_data
from site_builder.puzzles.prove import load_puzzles

KINDS = ("dummy-discard", "dummy-collect", "dummy-knock")
RECORDED = Path(__file__).with_name("dummy_drill_proofs.json")


@pytest.fixture(scope="module")
def collection(tmp_path_factory):
    root = tmp_path_factory.mktemp("dummy-drills")
    (root / "puzzles" / "dummy").mkdir(parents=True)
    for path in (ROOT / "puzzles" / "dummy").glob("dk-drill-*.toml"):
        shutil.copy(path, root / "puzzles" / "dummy" / path.name)
    puzzles, problems = load_puzzles(root, ProofCache(None))
    assert problems == []
    return puzzles


@pytest.fixture(scope="module")
def drills(collection):
    return [p for p in collection.puzzles if p.kind in KINDS]


def test_every_catalog_drill_keeps_the_proof_recorded_before_the_engine_proved_it(drills):
    recorded = json.loads(RECORDED.read_text(encoding="utf-8"))
    assert sorted(p.id for p in drills) == sorted(recorded), "a drill was added or removed: record its proof by hand"
    assert len(recorded) >= 30
    assert [p.id for p in drills if p.proof != recorded[p.id]] == []


def play(state: dict, action: str) -> dict:
    return call({"op": "play", "game": "dummy", "position": state, "moves": [action]})


def chosen(puzzle, key: str) -> tuple[set, set]:
    """The right and the wrong choices' ``key`` values."""
    right = {c[key] for c in puzzle.proof["choices"] if c["id"] in puzzle.proof["correct"]}
    wrong = {c[key] for c in puzzle.proof["choices"] if c["id"] not in puzzle.proof["correct"]}
    return right, wrong


def test_at_least_30_drills_of_the_three_kinds(drills):
    kinds = Counter(p.kind for p in drills)
    assert sum(kinds.values()) >= 30
    assert all(kinds[kind] >= 10 for kind in KINDS), kinds


def harm(state: dict, card: str, solver: str) -> list[str]:
    """What discarding ``card`` can bring the solver, found by playing every collect of the next seat."""
    after = play(state, f"discard {card}")
    assert after["ok"], after
    found = []
    if len(after["position"]["events"]["called_discards"]) > len(state["events"]["called_discards"]):
        found.append("called")
    before = len(after["position"]["events"]["liabilities"])
    for action in after["legal"]:
        if not action.startswith("collect "):
            continue
        reply = play(after["position"], action)
        end = reply["position"]
        if (end.get("fool") or {}).get("feeder") == solver and end["knock"]["collected"][0] == card:
            found.append("fool")
        if any(solver in entry["culprits"] for entry in end["events"]["liabilities"][before:]):
            found.append("liable")
    return found


def test_discard_drills_right_answers_harm_nothing_and_wrong_ones_do(drills):
    for puzzle in (p for p in drills if p.kind == "dummy-discard"):
        state, solver = puzzle.board["state"], puzzle.solver
        right, wrong = chosen(puzzle, "card")
        assert right and wrong, puzzle.id
        for card in right:
            assert harm(state, card, solver) == [], (puzzle.id, card)
        for card in wrong:
            assert harm(state, card, solver), (puzzle.id, card)


def test_collect_drills_right_ways_are_accepted_and_wrong_ones_refused(drills):
    for puzzle in (p for p in drills if p.kind == "dummy-collect"):
        state, key = puzzle.board["state"], puzzle.fields["key"]
        right, wrong = chosen(puzzle, "action")
        for action in right - {""}:
            assert play(state, action)["ok"], (puzzle.id, action)
        for action in wrong - {""}:
            reply = play(state, action)
            assert not reply["ok"] and reply["error"]["code"] == "ILLEGAL_MOVE", (puzzle.id, action)
        can = any(action.startswith(f"collect {key} ") for action in puzzle.board["legal"])
        assert ("" in right) == (not can), puzzle.id


def test_knock_drills_right_cards_end_the_hand_face_down_and_wrong_ones_cannot(drills):
    for puzzle in (p for p in drills if p.kind == "dummy-knock"):
        state = puzzle.board["state"]
        right, wrong = chosen(puzzle, "card")
        assert right and wrong, puzzle.id
        knocks = [a for a in puzzle.board["legal"] if a.split(" ; ")[-1].startswith("knock ")]
        for card in right:
            action = next(a for a in knocks if a.endswith(f"knock {card}"))
            end = play(state, action)
            assert end["status"] == {"result": "ended", "reason": "knock"}, puzzle.id
            assert end["position"]["knock"]["face_down"] == card
        assert not any(a.endswith(f"knock {card}") for a in knocks for card in wrong), puzzle.id


def test_the_page_is_a_question_with_its_answers_only_in_the_quiz(collection, drills):
    for puzzle in drills:
        for lang in ("th", "en"):
            data = page_data(collection, puzzle, lang)
            quiz = data["quiz"]
            assert quiz["choices"] and set(quiz["correct"]) <= {c["id"] for c in quiz["choices"]}
            assert set(quiz["nudges"]) == {c["id"] for c in quiz["choices"]} - set(quiz["correct"])
            assert quiz["prompt"] and quiz["explanation"]


def _puzzle(text: str, **fields):
    described = drill_position.describe(text)
    assert described["ok"], described
    return SimpleNamespace(board=described, solver=described["turn"], fields=fields)


DECK = ("deck 2S 3S 5S 2D 2H 4H 6S 3D 4D 7D 6C 5C 7S 7C 8C 9C 9S 9D 9H KS TC QS QH KD AD AH AC KC TS 4C TH "
        "7H 8H 8D 6H TD QC JH 5H AS 2C 6D JD 4S 3C JC KH 8S 3H 5D QD JS")


def test_a_drill_in_the_wrong_phase_or_without_the_next_hand_is_refused():
    taking = _puzzle(DECK)
    proof, issues = DISCARD.prove(taking, None)
    assert proof is None and "phase 'take'" in issues[0].what
    playing = _puzzle(DECK + "\ndraw")
    proof, issues = DISCARD.prove(playing, None)
    assert proof is None and issues[0].fix == "add the line 'show P3' to the position"
    proof, issues = KNOCK.prove(playing, None)
    assert proof is None and issues[0].field == "position"
    proof, issues = COLLECT.prove(_puzzle(DECK, key="9D"), None)
    assert proof is None and issues[0].field == "key" and "not in the discard pile" in issues[0].what


def test_a_position_the_engine_cannot_replay_is_explained():
    described = drill_position.describe(DECK + "\ndiscard 2S")
    assert not described["ok"] and "refuses" in described["error"]["message"]
    described = drill_position.describe("draw")
    assert not described["ok"] and "deck" in described["error"]["message"]
