"""The puzzle kind "scoring": at least 30 Dummy exercises from point counting to a fool with a
held speto, every answer the engine's, the answer kept out of the page data, and what a file
that asks the impossible is told."""
from __future__ import annotations

import json
import re
import shutil
from collections import Counter

import pytest
from sb_helpers import PROJECT as ROOT

from engine.api import call
from site_builder.games.dummy.notation import read
from site_builder.puzzles.cache import ProofCache
from site_builder.puzzles.pages import page_data
from site_builder.puzzles.prove import load_puzzles


@pytest.fixture(scope="module")
def collection(tmp_path_factory):
    """puzzles/dummy alone (the other games' files are their own tests' business)."""
    root = tmp_path_factory.mktemp("dummy-puzzles")
    shutil.copytree(ROOT / "puzzles" / "dummy", root / "puzzles" / "dummy")
    puzzles, problems = load_puzzles(root, ProofCache(None))
    assert problems == []
    return puzzles


@pytest.fixture(scope="module")
def scoring(collection):
    return [p for p in collection.puzzles if p.kind == "scoring"]


def test_there_are_at_least_30_exercises_from_points_up_to_a_fool_with_a_speto(scoring):
    assert len(scoring) >= 30
    asks = Counter(p.fields["ask"] for p in scoring)
    assert set(asks) == {"points", "tier", "fee", "net", "nets"}
    assert min(p.difficulty for p in scoring if p.fields["ask"] == "points") == 1
    hardest = [p for p in scoring if p.difficulty == 5]
    assert any(p.board["table"]["fool"] and p.board["settlement"]["derived"]["speto_holders"] for p in hardest)


def test_every_answer_is_the_engines_settlement_of_the_table(scoring):
    for puzzle in scoring:
        table = read(puzzle.position)
        settled = call({"op": "settle", "game": "dummy", "table": table})
        ask, pid, item = (puzzle.fields[k] for k in ("ask", "player", "item"))
        want = {"points": lambda: settled["points"][pid], "tier": lambda: settled["tiers"][pid],
                "net": lambda: settled["net"][pid], "nets": lambda: settled["net"],
                "fee": lambda: sum(l["amount"] for l in settled["ledger"] if l["from"] == pid and l["item"] == item)}[ask]()
        assert puzzle.proof["answer"] == want, puzzle.id


def test_the_page_data_has_the_table_and_the_question_but_not_the_answer(collection, scoring):
    for puzzle in scoring:
        for lang in ("th", "en"):
            data = page_data(collection, puzzle, lang)
            assert data["quiz"] is None and data["table"] == puzzle.board["table"]
            assert data["question"] == {k: puzzle.fields[k] for k in ("ask", "player", "item")}
            assert "answer" not in json.dumps(data["question"]) and "settlement" not in data


def test_the_written_solution_gives_each_ledger_line_with_its_rule(scoring):
    puzzle = next(p for p in scoring if p.fields["ask"] == "net" and p.board["table"]["fool"])
    lines = puzzle.solution["th"]
    assert any("ค่าตีโง่ จ่ายผู้น็อก (§74)" in line for line in lines)
    assert re.fullmatch(r"= [+-]?\d+", lines[-1])


def write_exercise(tmp_path, fields: str) -> list:
    folder = tmp_path / "puzzles" / "dummy"
    folder.mkdir(parents=True)
    (folder / "dk-test-001.toml").write_text(f'''id = "dk-test-001"
game = "dummy"
kind = "scoring"
{fields}
difficulty = 1
position = """
level thep
head 2H
P1 meld 2D 3D 4D 5D
P1 meld* KS KH KD
P2 meld AH AC AD
P2 hand 3C 4C 6D 7D
P3 meld 7H 8H 9H
P3 hand TC JC 6H 5C
P4 meld 6C 7C 8C
P4 hand KC JH TH AS
knock P1 9D"""
title = {{ th = "ทดสอบ", en = "Test" }}
hints = {{ th = ["ดูไพ่ในมือของขาที่ถาม", "นับชุดที่ลงไว้ก่อน"], en = ["Look at the seat's hand.", "Count the melds first."] }}
''', encoding="utf-8")
    _, problems = load_puzzles(tmp_path, ProofCache(None))
    return [p.what for p in problems]


@pytest.mark.parametrize("fields, message", [
    ('ask = "net"', "player: a 'net' question names the seat"),
    ('ask = "fee"\nplayer = "P2"', "item: a 'fee' question names the ledger item"),
    ('ask = "fee"\nplayer = "P2"\nitem = "fool"', "item: P2 pays no fool on this table"),
    ('ask = "points"\nplayer = "P2"\nitem = "tier"', "item: only a 'fee' question names an item"),
    ('ask = "score"', "ask: 'score' is not allowed"),
])
def test_an_exercise_asking_the_impossible_is_told_why(tmp_path, fields, message):
    assert any(message in m for m in write_exercise(tmp_path, fields))


def test_a_table_the_rules_forbid_is_refused_with_the_engines_words(tmp_path):
    folder = tmp_path / "puzzles" / "dummy"
    folder.mkdir(parents=True)
    (folder / "dk-test-002.toml").write_text('''id = "dk-test-002"
game = "dummy"
kind = "scoring"
ask = "nets"
difficulty = 1
position = """
level thep
head 2H
P1 hand 2H"""
title = { th = "ทดสอบ", en = "Test" }
''', encoding="utf-8")
    _, problems = load_puzzles(tmp_path, ProofCache(None))
    assert any(p.what.startswith("position: the engine rejects the position:") for p in problems)
