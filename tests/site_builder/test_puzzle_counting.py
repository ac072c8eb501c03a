"""Puzzle kind "counting" (site_builder/puzzles/kinds/counting.py): every answer is the engine's,
the project's counting exercises all pass, and bad files are refused with the field at fault."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from engine.api import call
from site_builder.puzzles.cache import ProofCache
from site_builder.puzzles.prove import load_puzzles


@pytest.fixture(scope="module")
def counting_puzzles(project_puzzles):
    """The project's counting exercises (the collection is proven once per session: conftest.py)."""
    return {p.id: p for p in project_puzzles.puzzles if p.kind == "counting"}


def test_at_least_twenty_counting_exercises(counting_puzzles):
    assert len(counting_puzzles) >= 20
    questions = {p.proof["question"] for p in counting_puzzles.values()}
    assert questions == {"start", "limit", "attacker-moves", "draw-now", "which-count", "play-out"}
    for p in counting_puzzles.values():
        assert p.title["th"] and p.title["en"] and len(p.hints["th"]) == len(p.hints["en"]) >= 2


def test_worked_examples_of_the_spec(counting_puzzles):
    # seed S001: K + Khon + Ma + Ruea + 2 Bia-ngai vs K: limit 16, start 8, so 9 attacker moves
    assert counting_puzzles["counting-005"].proof["correct"] == 16
    assert counting_puzzles["counting-006"].proof["correct"] == 9
    # K + Ruea + Khon + Ma + 3 Bia-ngai vs K: 8 pieces, start 9
    assert counting_puzzles["counting-004"].proof["correct"] == 9
    # K + Ma + Khon vs K: start 5; K + Ruea vs K: limit 16; K + 2 Khon vs K: start 5, limit 22, 18 moves
    assert counting_puzzles["counting-001"].proof["correct"] == 5
    assert counting_puzzles["counting-002"].proof["correct"] == 16
    assert counting_puzzles["counting-003"].proof["correct"] == 18


def test_answers_agree_with_the_engine(counting_puzzles):
    for p in counting_puzzles.values():
        proof = p.proof
        reply = call({"op": "play", "game": "makruk", "position": p.position, "moves": list(proof["moves"])})
        count = reply["status"]["counting"]
        q = proof["question"]
        if q == "start":
            assert proof["correct"] == count["start"]
        elif q == "limit":
            assert proof["correct"] == count["limit"]
        elif q == "attacker-moves":
            assert proof["correct"] == proof["facts"]["attacker_moves"]
            if count["count"] == 0 and reply["turn"] == count["counter"]:
                assert proof["correct"] == max(0, count["limit"] - count["start"] + 1)
        elif q == "draw-now":
            assert proof["correct"] == ["yes" if reply["status"]["result"] == "draw" else "no"]
        elif q == "which-count":
            want = count["kind"] or ("board" if "count-start" in reply["actions"] else "none")
            assert proof["correct"] == [want]
        else:
            playout = proof["playout"]
            assert playout["mate_within"] <= playout["attacker_moves"]
            line = call({"op": "play", "game": "makruk", "position": playout["fen"], "moves": proof["line"]})
            assert line["status"]["result"] == f"{playout['attacker']}_wins", p.id


def test_page_data_shapes(counting_puzzles):
    for p in counting_puzzles.values():
        for lang in ("th", "en"):
            data = p.kind_obj.page_data(p, p.proof, lang)
            assert set(data) >= {"mate_in", "line", "tree", "quiz"}
            if p.proof["question"] == "play-out":
                assert data["quiz"] is None and data["playout"]["fen"]
            else:
                quiz = data["quiz"]
                assert quiz["prompt"] and quiz["explanation"]
                assert quiz["answer_type"] in ("number", "choice")
                if quiz["answer_type"] == "choice":
                    assert set(quiz["correct"]) <= {c["id"] for c in quiz["choices"]}
            assert p.kind_obj.solution_text(p, p.proof, lang)


def write(root: Path, name: str, body: str) -> None:
    folder = root / "puzzles" / "makruk"
    folder.mkdir(parents=True, exist_ok=True)
    head = f'id = "{name}"\ngame = "makruk"\nkind = "counting"\ndifficulty = 1\n'
    tail = ('\n[title]\nth = "ท"\nen = "t"\n'
            '\n[hints]\nth = ["นับหมากทุกตัวบนกระดาน", "ขุนทั้งสองฝ่ายก็นับด้วย"]\n'
            'en = ["Count every piece on the board.", "Both Khun count too."]\n')
    (folder / f"{name}.toml").write_text(head + textwrap.dedent(body) + tail, encoding="utf-8")


@pytest.mark.parametrize("body, field, words", [
    ('question = "limit"\nposition = "8/8/8/4k3/8/8/R7/4K3 b - 16 6 1"\n', "position", "table gives 16"),
    ('question = "start"\nposition = "4k3/3s4/8/8/8/8/R5N1/4K3 b - - 0 1"\n', "question", "no count runs"),
    ('question = "limit"\nposition = "8/8/8/4k3/8/8/R7/4K3 b - - 0 1"\n', "position", "bare Khun but no count"),
    ('question = "which-count"\nposition = "8/8/8/4k3/8/8/R7/4K3 b - 32 6 1"\n', "position", "running count"),
    ('question = "start"\nposition = "8/8/8/3k4/8/8/R7/4K3 w - 32 7 1"\n', "question", "already reached 4"),
    ('question = "play-out"\nposition = "8/8/8/3k4/8/8/R7/4K3 w - 32 7 1"\n', "question", "no forced mate"),
    ('question = "play-out"\nposition = "8/8/8/4k3/8/8/R7/4K3 b - 32 6 1"\n', "position", "counting side"),
    ('question = "start"\nposition = "4k3/1s6/8/8/8/8/1R6/4K3 w - - 0 1"\nmoves = ["b2c3"]\n', "moves", "refuses"),
    ('question = "attacker-moves"\nposition = "4k3/8/8/3m4/8/M~M~6/3R4/R1S1K1NM w - - 0 1"\nmoves = ["d2d5"]\n',
     "position", "already over"),
])
def test_bad_files_are_refused(tmp_path, body, field, words):
    write(tmp_path, "counting-bad", body)
    _, problems = load_puzzles(tmp_path, ProofCache(None))
    assert len(problems) == 1, problems
    problem = problems[0]
    assert problem.file == "puzzles/makruk/counting-bad.toml"
    assert problem.what.startswith(field) and words in problem.what, problem
    assert problem.line > 0


def test_moves_are_told_in_words_and_the_answer_is_not(tmp_path):
    write(tmp_path, "counting-ok", 'question = "start"\nposition = "4k3/1s6/8/8/8/8/1R6/4K3 w - - 0 1"\n'
                                   'moves = ["b2b7"]\n')
    puzzles, problems = load_puzzles(tmp_path, ProofCache(None))
    assert not problems
    proof = puzzles.puzzles[0].proof
    assert "b7" in proof["prompt"]["en"] and "b7" in proof["prompt"]["th"] and "b2b7" not in proof["prompt"]["en"]
    assert "4" not in proof["prompt"]["en"] and proof["correct"] == 4
