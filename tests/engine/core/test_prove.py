"""The ``prove`` op (engine/core/prove.py): a forced win or a best move found and proven for a
teacher's own exercise, on worked positions of the puzzle collection (puzzles/<game>/*.toml) and
on positions with no proof. The same proofs as the builder's pages: tests/engine/core/test_prove_builder.py
(native: it needs the site builder)."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from door_checks import error_of, is_thai

from engine.api import MAX_WIN_DEPTH, call
from engine.core.prove import MAX_ACCEPTED, NO_CLEAR_BEST, NO_GAIN, NO_WIN, NOT_FORCED, SHORTER
from engine.errors import BAD_POSITION, BAD_REQUEST, BUDGET_EXCEEDED, GAME_OVER, ILLEGAL_POSITION, NOT_PROVEN, UNSUPPORTED_OP
from engine.registry import GAMES

ROOT = Path(__file__).resolve().parents[3]
# Worked positions per board game: a win in 1 and a win in 2 (each proves in well under a second).
WORKED = ["makruk/mk-mate1-001", "makruk/mk-mate2-002", "makhos/mh-win1-001", "makhos/mh-win2-001",
          "komayo/ko-tsume1-001"]
BEST = ["makhos/mh-best-001", "makhos/mh-best-006"]  # best moves (a Makruk one takes seconds)


def puzzle(name: str) -> dict:
    """A puzzle file's fields, with ``n``: its claimed length (mate_in, or Mak-hot's win_in)."""
    fields = tomllib.loads((ROOT / "puzzles" / f"{name}.toml").read_text(encoding="utf-8"))
    return {**fields, "n": fields.get("mate_in", fields.get("win_in"))}


def prove(p: dict, **task) -> dict:
    return call({"op": "prove", "game": p["game"], "position": p["position"], "task": {"kind": "mate", **task}})


def prove_best(p: dict, **task) -> dict:
    task = {"kind": "best_move", "depth": p.get("depth", 3), "margin": p.get("margin", 2.0), **task}
    return call({"op": "prove", "game": p["game"], "position": p["position"], "task": task})


def legal(game: str, position: str, moves: list[str]) -> dict:
    return call({"op": "play", "game": game, "position": position, "moves": moves})


def check_tree(game: str, position: str, node: dict, moves: list[str], n: int) -> None:
    """Every legal move of each solver node is a win or refuted; each win mates at once (ends the game
    with the solver's win), is done (a best move: the material won) or goes on after a legal reply;
    no branch is longer than ``n``."""
    assert n >= 1
    here = legal(game, position, moves)
    assert set(node["wins"]) | set(node["refutations"]) == set(here["legal_moves"])
    assert not set(node["wins"]) & set(node["refutations"])
    for move, win in node["wins"].items():
        after = legal(game, position, [*moves, move])
        if "mate" in win:
            assert after["status"]["result"] == f"{here['turn']}_wins", (move, after["status"])
            continue
        if "done" in win:
            assert after["ok"] and move in here["legal_moves"]
            continue
        assert after["status"]["result"] == "ongoing" and win["reply"] in after["legal_moves"]
        check_tree(game, position, win["node"], [*moves, move, win["reply"]], n - 1)


@pytest.mark.parametrize("name", WORKED)
def test_a_worked_position_proves_to_its_line_and_length(name):
    p = puzzle(name)
    reply = prove(p, **{"in": p["n"], "line": p["solution"]})
    assert reply["ok"], reply
    start = legal(p["game"], p["position"], [])
    assert reply["line"] == p["solution"] and reply["mate_in"] == p["n"] and reply["kind"] == "mate"
    assert reply["solver"] == reply["orientation"] == start["turn"]
    assert reply["position"] == start["position"]
    assert reply["keys"] == {key: p["n"] for key in [p["solution"][0], *p.get("alternatives", [])]}
    assert reply["nodes"] > 0
    check_tree(p["game"], p["position"], reply["tree"], [], p["n"])


@pytest.mark.parametrize("name", WORKED)
def test_the_shortest_win_is_found_without_a_claim(name):
    p = puzzle(name)
    shortest, claimed = prove(p, **{"in": None}), prove(p, **{"in": p["n"]})
    assert shortest["ok"] and shortest["mate_in"] == p["n"], shortest
    assert shortest == claimed
    assert len(shortest["line"]) == 2 * p["n"] - 1 and shortest["line"][0] in shortest["keys"]


def test_a_claim_longer_than_the_win_is_refused_with_the_shorter_win():
    p = puzzle("makruk/mk-mate1-001")
    error = error_of({"op": "prove", "game": "makruk", "position": p["position"], "task": {"kind": "mate", "in": 2}})
    assert error["code"] == NOT_PROVEN and error["reason"] == SHORTER and error["field"] == "task"
    key = p["solution"][0]
    assert f"a win in 1 by {key}" in error["message"] and f"1 ตาด้วย {key}" in error["message_th"]
    assert p["position"] in error["message"] and p["position"] in error["message_th"], "the input is quoted"


@pytest.mark.parametrize("name", ["makruk/mk-mate2-002", "makhos/mh-win2-001", "komayo/ko-tsume1-001"])
def test_a_claim_shorter_than_the_win_is_not_forced_and_the_key_is_refuted(name):
    p = puzzle(name)
    key = p["solution"][0]
    error = error_of({"op": "prove", "game": p["game"], "position": p["position"],
                      "task": {"kind": "mate", "in": p["n"] - 1, "line": [key]}})
    assert error["code"] == NOT_PROVEN and error["reason"] == NOT_FORCED, error
    assert f"no forced win in {p['n'] - 1}" in error["message"] and f"after {key}" in error["message"]
    assert f"หลัง {key}" in error["message_th"] and is_thai(error["message_th"])
    bare = error_of({"op": "prove", "game": p["game"], "position": p["position"],
                     "task": {"kind": "mate", "in": p["n"] - 1}})
    assert bare["reason"] == NOT_FORCED and "after" not in bare["message"]


@pytest.mark.parametrize("game, position", [("makhos", "W:Wa1:Bh8"), ("komayo", "4k3/8/8/8/8/8/8/4K3 b - 1")])
def test_a_position_without_a_forced_win_is_not_proven(game, position):
    error = error_of({"op": "prove", "game": game, "position": position, "task": {"kind": "mate", "in": None}})
    assert error["code"] == NOT_PROVEN and error["reason"] == NO_WIN
    assert f"within {MAX_WIN_DEPTH} moves" in error["message"] and position in error["message"]
    assert f"ภายใน {MAX_WIN_DEPTH} ตา" in error["message_th"]


@pytest.mark.parametrize("game, position, code", [
    ("makruk", "8/8/8/3k4/8/8/3K4/8 w - - 0 1 extra", BAD_POSITION),
    ("makruk", "k7/R7/8/8/8/8/8/4K3 w - - 0 1", ILLEGAL_POSITION),  # the side not to move is in check
    ("makhos", "W:Wa1,b1:Bb8", ILLEGAL_POSITION),  # a man on a light square
    ("komayo", "4k3/8/8/8/8/8/8/4K3 b 3R 1", ILLEGAL_POSITION),  # three Rooks in hand
])
def test_an_illegal_position_is_refused_quoting_it(game, position, code):
    error = error_of({"op": "prove", "game": game, "position": position, "task": {"kind": "mate"}})
    assert error["code"] == code, error
    assert position[:20] in error["message"] and is_thai(error["message_th"])


def test_a_finished_game_has_no_win_to_prove():
    p = puzzle("makruk/mk-mate1-001")
    error = error_of({"op": "prove", "game": "makruk", "position": p["position"], "moves": p["solution"],
                      "task": {"kind": "mate"}})
    assert error["code"] == GAME_OVER and error["field"] == "position"
    assert "already over" in error["message"] and "เกมจบแล้ว" in error["message_th"]


def test_the_search_is_bounded_by_its_budget():
    p = puzzle("makruk/mk-mate2-002")
    error = error_of({"op": "prove", "game": "makruk", "position": p["position"], "task": {"kind": "mate", "in": None},
                      "budget": 50})
    assert error["code"] == BUDGET_EXCEEDED and error["nodes"] == 50


@pytest.mark.parametrize("task, field", [
    ({"kind": "stalemate"}, "task.kind"), ({"kind": "mate", "in": 0}, "task.in"),
    ({"kind": "mate", "in": MAX_WIN_DEPTH + 1}, "task.in"), ({"kind": "mate", "in": True}, "task.in"),
    ({"kind": "mate", "line": "e3e4"}, "task.line"), ({"kind": "mate", "line": [3]}, "task.line"),
])
def test_a_bad_task_is_refused_naming_its_field(task, field):
    error = error_of({"op": "prove", "game": "makruk", "task": task})
    assert error["code"] == BAD_REQUEST and error["field"] == field, error


def test_the_task_is_required_and_the_op_is_the_board_games():
    assert error_of({"op": "prove", "game": "makruk"})["field"] == "task"
    board = {gid for gid, spec in GAMES.items() if "prove" in spec.ops}
    assert {"makruk", "makhos", "komayo"} <= board
    for gid in set(GAMES) - board:
        assert error_of({"op": "prove", "game": gid, "task": {"kind": "mate"}})["code"] == UNSUPPORTED_OP


@pytest.mark.parametrize("name", BEST)
def test_a_best_move_proves_to_its_line_and_accepted_moves(name):
    p = puzzle(name)
    for task in ({"line": p["solution"]}, {}):
        reply = prove_best(p, **task)
        assert reply["ok"], reply
        assert reply["kind"] == "best_move" and reply["mate_in"] is None
        assert reply["line"] == p["solution"]
        assert reply["accepted"] == sorted([p["solution"][0], *p.get("alternatives", [])])
        assert reply["solver_moves"] >= (len(p["solution"]) + 1) // 2 and reply["gain"] >= reply["margin"]
    check_tree(p["game"], p["position"], reply["tree"], [], reply["solver_moves"])


def test_a_position_where_no_move_is_clearly_best_is_not_proven():
    start = call({"op": "start", "game": "makhos"})["position"]
    error = error_of({"op": "prove", "game": "makhos", "position": start, "task": {"kind": "best_move"}})
    assert error["code"] == NOT_PROVEN and error["reason"] == NO_CLEAR_BEST
    assert f"moves are within 2 of" in error["message"] and "ไม่มีตาที่ดีกว่าตาอื่นชัดเจน" in error["message_th"]
    assert int(error["message"].split(": ")[1].split()[0]) > MAX_ACCEPTED


def test_a_best_move_that_wins_nothing_is_not_proven():
    error = error_of({"op": "prove", "game": "makhos", "position": "W:Wa1:Bh8", "task": {"kind": "best_move"}})
    assert error["code"] == NOT_PROVEN and error["reason"] == NO_GAIN
    assert "wins +0.0, less than the margin 2" in error["message"] and "น้อยกว่า 2" in error["message_th"]


@pytest.mark.parametrize("task, field", [
    ({"kind": "best_move", "depth": 5}, "task.depth"), ({"kind": "best_move", "depth": 2.5}, "task.depth"),
    ({"kind": "best_move", "margin": 0.1}, "task.margin"), ({"kind": "best_move", "margin": "2"}, "task.margin"),
])
def test_a_bad_best_move_task_is_refused_naming_its_field(task, field):
    error = error_of({"op": "prove", "game": "makhos", "task": task})
    assert error["code"] == BAD_REQUEST and error["field"] == field, error
