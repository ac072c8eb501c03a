"""The gradebook's replay (static/js/core/puzzle-replay.js and the games' own replays) on real puzzle data.

Node runs the very modules the gradebook loads over each puzzle's page data block (pages.py
page_data) and its recorded replies (core/recorded-engine.js); where the page holds no reply,
the "live engine" is this repository's engine (engine.api), so off-line moves are judged for
real. Needs node (fails without it).
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engine.api import call
from site_builder.puzzles.pages import page_data

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "site_builder" / "static" / "js"

RUNNER = """
import { spawnSync } from 'node:child_process';
globalThis.document = { documentElement: { lang: 'th' } };  // core/i18n.js reads the page language
const { replayItem } = await import('./js/core/puzzle-replay.js');
const { recordedEngine } = await import('./js/core/recorded-engine.js');
const { loadGame } = await import('./js/games/index.js');  // as teach/gradebook.js hands the game down
const input = JSON.parse(await new Promise((resolve) => {
  let text = ''; process.stdin.on('data', (c) => { text += c; }); process.stdin.on('end', () => resolve(text));
}));
const ENGINE = 'import json, sys\\nfrom engine.api import call\\nprint(json.dumps(call(json.load(sys.stdin))))';
const out = [];
for (const { name, data, events } of input.cases) {
  let liveCalls = 0;
  const live = { status: 'ready', ready: Promise.resolve(), onStatus() {},
    call(request) {
      liveCalls += 1;
      const done = spawnSync(input.python, ['-c', ENGINE], { input: JSON.stringify(request), cwd: input.root, encoding: 'utf8' });
      if (done.status !== 0) return Promise.reject(new Error(done.stderr));
      return Promise.resolve(JSON.parse(done.stdout));
    } };
  const engine = recordedEngine(data.replies, { live });
  out.push({ name, replay: await replayItem(data, events, engine, await loadGame(data.game).catch(() => null)), liveCalls });
}
console.log(JSON.stringify(out));
"""


def run_replays(tmp_path: Path, cases: list[dict]) -> dict[str, dict]:
    node = shutil.which("node")
    assert node, "node is needed to run the gradebook's replay"
    shutil.copytree(JS, tmp_path / "js")
    (tmp_path / "package.json").write_text('{"type": "module"}')
    (tmp_path / "run.js").write_text(RUNNER)
    done = subprocess.run([node, "run.js"], cwd=tmp_path, capture_output=True, text=True, timeout=600,
                          input=json.dumps({"cases": cases, "python": sys.executable, "root": str(ROOT)}))
    assert done.returncode == 0, done.stderr
    return {row["name"]: row for row in json.loads(done.stdout)}


@pytest.fixture(scope="module")
def collection(project_puzzles):
    return project_puzzles  # checked and proven once per session (conftest.py)


def data_of(collection, pid: str) -> dict:
    puzzle = next(p for p in collection.puzzles if p.id == pid)
    return page_data(collection, puzzle, "th")


def first(collection, test) -> dict:
    puzzle = next(p for p in collection.puzzles if test(p))
    return page_data(collection, puzzle, "th")


def right_line(tree: dict) -> list[str]:
    """The solver's moves of one winning line of the tree."""
    moves, node = [], tree
    while True:
        move, win = next(iter(node["wins"].items()))
        moves.append(move)
        if win.get("mate") or win.get("done"):
            return moves
        node = win["node"]


def wrong_move(tree: dict) -> str:
    return next(iter(tree["refutations"]))


def m(*moves: str) -> list[list[str]]:
    return [["m", move] for move in moves]


def result(replay: dict) -> tuple:
    r = replay["replay"]
    return r["result"], r["attempts"], r["hints"], r["mistakes"], r["solution"], r["problems"]


TREE_KINDS = [
    ("mate2", lambda p: p.game == "makruk" and p.kind == "mate" and p.proof.get("mate_in") == 2),
    ("best", lambda p: p.game == "makruk" and p.kind == "best-move"),
    ("makhos", lambda p: p.game == "makhos" and p.kind == "win"),
    ("komayo", lambda p: p.game == "komayo" and p.kind == "mate"),
]


def test_moves_on_a_tree_are_judged_by_the_tree_and_the_recorded_legal_moves(tmp_path, collection):
    cases, want = [], {}
    for label, test in TREE_KINDS:
        data = first(collection, test)
        line, wrong = right_line(data["tree"]), wrong_move(data["tree"])
        scenarios = {
            "right": (m(*line), ("solved", 1, 0, 0, False, [])),
            "retried": (m(wrong) + [["t"]] + m(*line), ("retried", 2, 0, 1, False, [])),
            "seen": ([["s"], ["r"]] + m(*line), ("seen", 1, 0, 0, True, [])),
            "hinted": ([["h"], ["h"]] + m(*line), ("solved", 1, 2, 0, False, [])),
            "failed": (m(wrong), ("failed", 1, 0, 1, False, [])),
            "untried": ([["h"]], ("", 0, 1, 0, False, [])),
            "restart": (m(wrong) + [["r"]] + m(*line), ("retried", 2, 0, 1, False, [])),
            "after-solve": (m(*line) + m("zz99") + [["s"]], ("solved", 1, 0, 0, True, [])),
            "nonsense": (m("zz99"), ("", 0, 0, 0, False, ["ILLEGAL_MOVE"])),
            "no-takeback": (m(wrong) + m(*line), ("failed", 1, 0, 1, False, ["OUT_OF_TURN"])),
            "takeback-of-nothing": ([["t"]], ("", 0, 0, 0, False, ["NO_TAKEBACK"])),
            "answer-on-board": ([["a", ["yes"]]], ("", 0, 0, 0, False, ["WRONG_EVENT"])),
            "after-solution": ([["s"]] + m(*line), ("seen", 0, 0, 0, True, ["OUT_OF_TURN"])),
        }
        if len(line) > 1:  # a wrong second move is taken back to the position after the first one
            second = wrong_move(data["tree"]["wins"][line[0]]["node"])
            scenarios["deep"] = (m(line[0], second) + [["t"]] + m(*line[1:]), ("retried", 2, 0, 1, False, []))
        for name, (events, expect) in scenarios.items():
            cases.append({"name": f"{label}/{name}", "data": data, "events": events})
            want[f"{label}/{name}"] = expect
    got = run_replays(tmp_path, cases)
    for name, expect in want.items():
        assert result(got[name]) == expect, name
        assert got[name]["liveCalls"] == 0, name  # the page's recorded replies judge every move here


def test_every_tree_puzzle_replays_its_solution_from_the_page_alone(tmp_path, collection):
    cases = [{"name": p.id, "data": page_data(collection, p, "th"), "events": m(*right_line(p.proof["tree"]))}
             for p in collection.puzzles if p.proof.get("tree")]
    assert len(cases) > 100
    got = run_replays(tmp_path, cases)
    for case in cases:
        assert result(got[case["name"]]) == ("solved", 1, 0, 0, False, []), case["name"]
        assert got[case["name"]]["liveCalls"] == 0, case["name"]


def test_quiz_answers_are_judged_by_the_quiz(tmp_path, collection):
    choice = first(collection, lambda p: p.kind == "rule-quiz" and p.proof.get("answer_type") != "number"
                   and len(p.proof["correct"]) == 1)
    number = first(collection, lambda p: p.proof.get("answer_type") == "number")
    right = choice["quiz"]["correct"]
    wrong = [next(c["id"] for c in choice["quiz"]["choices"] if c["id"] not in right)]
    n = str(number["quiz"]["correct"])
    cases = {
        "choice/right": (choice, [["a", right]], ("solved", 1, 0, 0, False, [])),
        "choice/retried": (choice, [["h"], ["a", wrong], ["a", right]], ("retried", 2, 1, 1, False, [])),
        "choice/seen": (choice, [["a", wrong], ["s"]], ("seen", 1, 0, 1, True, [])),
        "choice/unknown-id": (choice, [["a", ["no-such-choice"]]], ("", 0, 0, 0, False, ["BAD_ANSWER"])),
        "choice/closed": (choice, [["s"], ["a", right]], ("seen", 0, 0, 0, True, ["OUT_OF_TURN"])),
        "choice/move": (choice, m("a2a3"), ("", 0, 0, 0, False, ["WRONG_EVENT"])),
        "number/right": (number, [["a", n]], ("solved", 1, 0, 0, False, [])),
        "number/retried": (number, [["a", str(int(n) + 1)], ["a", n]], ("retried", 2, 0, 1, False, [])),
        "number/failed": (number, [["a", str(int(n) + 1)]], ("failed", 1, 0, 1, False, [])),
        "number/garbage": (number, [["a", "five"]], ("", 0, 0, 0, False, ["BAD_ANSWER"])),
    }
    got = run_replays(tmp_path, [{"name": k, "data": d, "events": e} for k, (d, e, _) in cases.items()])
    for name, (_, _, expect) in cases.items():
        assert result(got[name]) == expect, name


def drawn_playout(data: dict) -> list[str]:
    """Attacker moves that let the count run out: always the first legal king move (engine.api defends)."""
    p = data["playout"]
    moves: list[str] = []
    while True:
        reply = call({"op": "play", "game": "makruk", "position": p["fen"], "moves": moves})
        if reply["status"]["result"] != "ongoing":
            assert reply["status"]["result"] == "draw", reply["status"]
            return [mv for i, mv in enumerate(moves) if i % 2 == 0]
        if reply["turn"] == p["defender"]:
            moves.append(call({"op": "defend", "game": "makruk", "position": p["fen"], "moves": moves,
                               "horizon": p["horizon"]})["move"])
            continue
        king = next(mv["move"] for mv in reply["legal"] if reply["board"][mv["from"]] in ("K", "k"))
        moves.append(king)


@pytest.mark.slow  # the inner loop (README, Tests) leaves it to the full run
def test_a_counting_play_out_is_replayed_against_the_defend_op(tmp_path, collection):
    data = first(collection, lambda p: p.kind == "counting" and p.proof.get("question") == "play-out")
    line = [mv for i, mv in enumerate(data["line"]) if i % 2 == 0]
    drawn = drawn_playout(data)
    cases = {
        "right": (m(*line), ("solved", 1, 0, 0, False, [])),
        "retried": (m(*drawn) + [["r"]] + m(*line), ("retried", 2, 0, 1, False, [])),
        "failed": (m(*drawn), ("failed", 1, 0, 1, False, [])),
        "no-retry": (m(*drawn) + m(line[0]), ("failed", 1, 0, 1, False, ["OUT_OF_TURN"])),
        "seen": ([["s"], ["r"]] + m(*line), ("seen", 1, 0, 0, True, [])),
        "nonsense": (m(line[0], "zz99"), ("failed", 1, 0, 0, False, ["ILLEGAL_MOVE"])),
        "takeback": (m(line[0]) + [["t"]], ("failed", 1, 0, 0, False, ["NO_TAKEBACK"])),
    }
    got = run_replays(tmp_path, [{"name": k, "data": data, "events": e} for k, (e, _) in cases.items()])
    for name, (_, expect) in cases.items():
        assert result(got[name]) == expect, name
    assert got["right"]["liveCalls"] == 0  # the main line and its defence are recorded in the page
    assert got["retried"]["liveCalls"] > 0  # off the line the engine defends, as on the page


def test_dummy_scoring_answers_are_judged_by_the_recorded_settlement(tmp_path, collection):
    def scoring(ask):
        puzzle = next(p for p in collection.puzzles if p.kind == "scoring" and p.fields["ask"] == ask)
        return page_data(collection, puzzle, "th"), puzzle.proof["answer"], puzzle.fields["player"]

    points, answer, seat = scoring("points")
    tier, tier_answer, tier_seat = scoring("tier")
    nets, nets_answer, _ = scoring("nets")
    other_tier = next(t for t in ("win", "small", "medium", "large") if t != tier_answer)
    off_by_one = {**nets_answer, "P1": nets_answer["P1"] + 1}
    cases = {
        "points/right": (points, [["a", {seat: answer}]], ("solved", 1, 0, 0, False, [])),
        "points/retried": (points, [["a", {seat: answer + 1}], ["a", {seat: answer}]], ("retried", 2, 0, 1, False, [])),
        "points/other-seat": (points, [["a", {"P9": answer}]], ("", 0, 0, 0, False, ["BAD_ANSWER"])),
        "points/not-a-number": (points, [["a", {seat: "12"}]], ("", 0, 0, 0, False, ["BAD_ANSWER"])),
        "tier/right": (tier, [["a", {tier_seat: tier_answer}]], ("solved", 1, 0, 0, False, [])),
        "tier/wrong": (tier, [["a", {tier_seat: other_tier}]], ("failed", 1, 0, 1, False, [])),
        "tier/unknown": (tier, [["a", {tier_seat: "huge"}]], ("", 0, 0, 0, False, ["BAD_ANSWER"])),
        "nets/right": (nets, [["a", nets_answer]], ("solved", 1, 0, 0, False, [])),
        "nets/one-off": (nets, [["a", off_by_one]], ("failed", 1, 0, 1, False, [])),
        "nets/seen": (nets, [["s"], ["a", nets_answer]], ("seen", 0, 0, 0, True, ["OUT_OF_TURN"])),
    }
    got = run_replays(tmp_path, [{"name": k, "data": d, "events": e} for k, (d, e, _) in cases.items()])
    for name, (_, _, expect) in cases.items():
        assert result(got[name]) == expect, name
        assert got[name]["liveCalls"] == 0, name
