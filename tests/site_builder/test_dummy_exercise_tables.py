"""Every Dummy scoring exercise settles a table of its own (site_builder/games/dummy/repeats.py):
never a lesson's table, whose answer the lesson prints, nor another exercise's; and the set covers
ties, the head-collect knock with a speto (§73), เหมา, called discards and two spetos shown."""
from __future__ import annotations

import json
import shutil

import pytest
from pz_helpers import hints_for
from sb_helpers import PROJECT as ROOT
from sb_helpers import lesson, write_tree

from site_builder.content import load_content
from site_builder.errors import BuildFailed
from site_builder.games import PLUGINS
from site_builder.loader import load_site
from site_builder.puzzles.cache import ProofCache
from site_builder.puzzles.prove import load_puzzles

TABLE = """level thep
head 5C
P1 meld 3S 4S 5S 6S
P1 meld* QD QH QC
P2 meld 9C TC JC
P2 hand 4D 6H 2D 8S
P3 meld 7D 7S 7C
P3 hand TH JH 3C 6D
P4 meld 2H 3H 4H
P4 hand KS KD AC 9D
knock P1 8H"""
# The same cards written in another order, at another level: still the same table.
SAME = """level sian
head 5C
P4 hand 9D AC KD KS
P4 meld 4H 3H 2H
P3 hand 6D 3C JH TH
P3 meld 7C 7S 7D
P2 hand 8S 2D 6H 4D
P2 meld JC TC 9C
P1 meld* QC QH QD
P1 meld 6S 5S 4S 3S
knock P1 8H"""


def exercise(pid: str, table: str) -> str:
    hints = hints_for(pid)
    return (f'id = "{pid}"\ngame = "dummy"\nkind = "scoring"\nask = "points"\nplayer = "P4"\ndifficulty = 1\n'
            f'tags = ["points"]\ncredit = "test"\nposition = """\n{table}"""\n'
            f'title = {{ th = "แต้มของขา 4 {pid}", en = "P4\'s points {pid}" }}\n'
            f'hints = {{ th = {json.dumps(hints["th"], ensure_ascii=False)}, en = {json.dumps(hints["en"])} }}\n')


def project(tmp_path, lesson_table: str | None, exercises: dict[str, str]):
    block = f"```dummy\ntable: {lesson_table.replace(chr(10), '; ')}\n```\n" if lesson_table else "ข้อความ\n"
    files = {"content/th/dummy/01-a.md": lesson("ก", 1, block), "content/en/dummy/01-a.md": lesson("A", 1, block)}
    for pid, table in exercises.items():
        files[f"puzzles/dummy/{pid}.toml"] = exercise(pid, table)
    return write_tree(tmp_path, files)


def collection_problems(root):
    pages, problems = load_content(root, ("dummy",))
    puzzles, puzzle_problems = load_puzzles(root, ProofCache(None))
    assert problems == [] and puzzle_problems == []
    found = PLUGINS["dummy"].check_collection([p for p in pages if p.game == "dummy"], puzzles.puzzles)
    return [(p.file, p.line, p.what, p.fix) for p in found]


def test_an_exercise_may_not_settle_a_lesson_table(tmp_path):
    root = project(tmp_path, TABLE, {"dk-score-a": SAME})
    assert collection_problems(root) == [(
        "puzzles/dummy/dk-score-a.toml", 9,
        "position: the table is the one of the lesson content/en/dummy/01-a.md, whose answer the reader has already seen",
        "deal this exercise its own cards (change the melds, the hands or the knock card)")]


def test_two_exercises_may_not_share_a_table_and_the_later_file_is_told(tmp_path):
    root = project(tmp_path, None, {"dk-score-a": TABLE, "dk-score-b": SAME})
    found = collection_problems(root)
    assert [(f, what) for f, _, what, _ in found] == [
        ("puzzles/dummy/dk-score-b.toml",
         "position: the table is the one of the exercise puzzles/dummy/dk-score-a.toml, whose answer the reader has "
         "already seen")]


def test_one_changed_card_makes_a_table_of_its_own(tmp_path):
    other = TABLE.replace("knock P1 8H", "knock P1 5H")
    assert collection_problems(project(tmp_path, TABLE, {"dk-score-a": other})) == []


def test_the_build_refuses_a_repeated_table_with_every_other_problem(tmp_path):
    root = project(tmp_path, TABLE, {"dk-score-a": SAME})
    with pytest.raises(BuildFailed) as failed:
        load_site(root)
    assert any(p.file == "puzzles/dummy/dk-score-a.toml" and "the table is the one of the lesson" in p.what
               for p in failed.value.problems)


@pytest.fixture(scope="module")
def the_site_exercises(tmp_path_factory):
    """The project's lessons and Dummy exercises."""
    root = tmp_path_factory.mktemp("dummy-tables")
    shutil.copytree(ROOT / "puzzles" / "dummy", root / "puzzles" / "dummy")
    pages, problems = load_content(ROOT, tuple(PLUGINS))
    puzzles, puzzle_problems = load_puzzles(root, ProofCache(None))
    assert [p for p in problems if "/dummy/" in p.file] == [] and puzzle_problems == []
    return [p for p in pages if p.game == "dummy"], [p for p in puzzles.puzzles if p.kind == "scoring"]


def test_every_exercise_of_the_site_has_its_own_table(the_site_exercises):
    lessons, scoring = the_site_exercises
    assert len(scoring) >= 36
    assert PLUGINS["dummy"].check_collection(lessons, scoring) == []


def test_the_exercises_cover_ties_head_collect_with_a_speto_liability_calls_and_shows(the_site_exercises):
    _, scoring = the_site_exercises
    tables = [p.board["table"] for p in scoring]
    ledgers = [p.board["settlement"]["ledger"] for p in scoring]
    assert any((t.get("tie_break") or {}).get("high_cards") for t in tables)  # §57/§58/§66
    assert any(p.board["settlement"]["derived"]["ties"] for p in scoring)
    assert any(line["rule"] == "§73" for ledger in ledgers for line in ledger)
    assert any((t.get("events") or {}).get("liabilities") for t in tables)  # เหมา
    assert any(line["item"] == "called_discard" for ledger in ledgers for line in ledger)  # §32
    assert any(line["item"] == "show_two_spetos" for ledger in ledgers for line in ledger)  # §81


def test_no_exercise_speaks_of_money(the_site_exercises):
    _, scoring = the_site_exercises
    for puzzle in scoring:
        words = [puzzle.title["th"], *puzzle.hints["th"], *(puzzle.goal or {}).values()]
        assert not any("เงิน" in w for w in words), puzzle.id
