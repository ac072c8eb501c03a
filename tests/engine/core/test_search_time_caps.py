"""Every search op of the JSON door stops on time, whatever node budget the request asks for:
``perft``, ``mate``, ``defend`` and ``prove`` answer BUDGET_EXCEEDED with reason ``out_of_time`` and the
nodes they searched after engine.core.budget.SEARCH_SECONDS; ``bestmove`` plays the best move
found within its level's time. The clock is read inside the search loop (every
DOOR_CLOCK_EVERY nodes), so the same holds inside Pyodide, which has no threads or signals.

The time limits are made tiny here so that each test is quick; the replies are checked for their
structure (why the search stopped, how many nodes it searched), never for a duration. The real
limits' durations per op and game are measured by ``python -m site_builder bench --only bounds``."""

from __future__ import annotations

import dataclasses

import pytest
from door_checks import error_of, is_thai

from engine.api import MAX_PERFT_DEPTH, MAX_WIN_DEPTH, call
from engine.core import budget as budgets
from engine.core import computer
from engine.errors import BUDGET_EXCEEDED
from engine.registry import GAMES

pytestmark = pytest.mark.time_limits  # these tests are about the wall clock

TINY_SECONDS = 1e-6  # gone by the first clock read: any search longer than DOOR_CLOCK_EVERY nodes stops there
BOARD_GAMES = sorted(gid for gid, spec in GAMES.items() if {"perft", "mate", "defend"} <= set(spec.ops))


def hardest(op: str, game: str) -> dict:
    """The op's deepest request with the largest node budget the door accepts, from the start."""
    depth = {"perft": {"depth": MAX_PERFT_DEPTH}, "mate": {"mate_in": MAX_WIN_DEPTH},
             "defend": {"horizon": MAX_WIN_DEPTH}, "prove": {"task": {"kind": "mate", "in": MAX_WIN_DEPTH}}}[op]
    return {"op": op, "game": game, "budget": budgets.MAX_NODES, **depth}


def test_the_board_games_are_all_checked():
    assert {"makruk", "makhos", "komayo"} <= set(BOARD_GAMES)


@pytest.mark.parametrize("game", BOARD_GAMES)
@pytest.mark.parametrize("op", ["perft", "mate", "defend", "prove"])
def test_the_largest_search_stops_on_time(op, game, monkeypatch):
    monkeypatch.setattr(budgets, "SEARCH_SECONDS", TINY_SECONDS)
    error = error_of(hardest(op, game))
    assert error["code"] == BUDGET_EXCEEDED and error["reason"] == budgets.OUT_OF_TIME, error
    assert 0 < error["nodes"] < budgets.MAX_NODES, error
    assert f"{TINY_SECONDS:g} s" in error["message"] and f"{error['nodes']:,}" in error["message"]
    assert f"{TINY_SECONDS:g} วินาที" in error["message_th"] and is_thai(error["message_th"])


@pytest.mark.parametrize("game", BOARD_GAMES)
def test_running_out_of_nodes_says_so_and_how_many(game):
    error = error_of({**hardest("mate", game), "budget": 100})
    assert error["code"] == BUDGET_EXCEEDED and error["reason"] == budgets.OUT_OF_NODES, error
    assert error["nodes"] == 100 and "100 nodes" in error["message"]


@pytest.mark.parametrize("game", BOARD_GAMES)
def test_the_computer_plays_within_its_time_with_the_largest_budget(game, monkeypatch):
    level = computer.LEVELS[3]
    monkeypatch.setitem(computer.LEVELS, 3, dataclasses.replace(level, seconds=TINY_SECONDS))
    start = call({"op": "start", "game": game})["position"]
    reply = call({"op": "bestmove", "game": game, "position": start, "level": 3, "budget": computer.MAX_NODES})
    assert reply["ok"], reply
    assert reply["move"] in call({"op": "legal_moves", "game": game, "position": start})["moves"]
    assert 0 < reply["nodes"] < computer.MAX_NODES and reply["depth"] < level.depth, reply


def test_a_search_within_its_time_is_not_cut(monkeypatch):
    """The time limit only stops searches that reach it: a short one answers as before."""
    monkeypatch.setattr(budgets, "SEARCH_SECONDS", 60.0)
    reply = call({"op": "mate", "game": "makruk", "position": "k7/8/1K6/8/8/8/8/7R w - - 0 1", "mate_in": 1,
                  "budget": budgets.MAX_NODES})
    assert reply == {"ok": True, "shortest": 1, "keys": {"h1h8": 1}}


def test_the_clock_is_read_inside_the_search_loop(monkeypatch):
    """A door budget reads the clock every few hundred nodes, not only at the start."""
    assert budgets.for_search(10).clock_every == budgets.DOOR_CLOCK_EVERY
    monkeypatch.setattr(budgets, "SEARCH_SECONDS", 1e-9)  # gone before the first clock read
    budget = budgets.for_search(budgets.MAX_NODES)
    budget.spend(budgets.DOOR_CLOCK_EVERY - 1)
    with pytest.raises(budgets.BudgetExceeded) as raised:
        budget.spend()
    assert raised.value.reason == budgets.OUT_OF_TIME and raised.value.to_dict()["nodes"] == budgets.DOOR_CLOCK_EVERY


def test_the_command_line_perft_has_no_time_limit():
    """`python -m engine perft` counts on a developer's machine: only its nodes bound it."""
    with budgets.without_time_limit():
        assert budgets.for_search(10).seconds is None
    assert budgets.for_search(10).seconds == budgets.SEARCH_SECONDS


@pytest.mark.slow
def test_the_real_time_limit_stops_the_largest_mate_search():
    """No patching: the largest perft the door accepts (20 million nodes, far more than any machine
    counts in SEARCH_SECONDS) stops on the real clock."""
    error = error_of(hardest("perft", "makruk"))
    assert error["code"] == BUDGET_EXCEEDED and error["reason"] == budgets.OUT_OF_TIME, error
    assert 0 < error["nodes"] < budgets.MAX_NODES
    assert f"{budgets.SEARCH_SECONDS:g} s" in error["message"]


def test_dummy_knock_searches_share_the_requests_time(monkeypatch):
    """Dummy's ops that search (``play`` and ``bestmove``: every action's knock search) stop on the
    same clock, the whole request's, not each search's: a crafted STATE cannot add them up."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "dummy" / "contract_data.py"
    spec = importlib.util.spec_from_file_location("dummy_contract_data_for_caps", path)
    data = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(data)
    huge = data.ERROR_REQUESTS["BUDGET_EXCEEDED"]["position"]  # a 39-card hand: the search meets its nodes
    assert error_of({"op": "play", "game": "dummy", "position": huge})["reason"] == budgets.OUT_OF_NODES
    monkeypatch.setattr(budgets, "SEARCH_SECONDS", 1e-6)  # gone by the first clock read
    for request in ({"op": "play", "position": huge}, {"op": "bestmove", "position": huge, "seat": "P1"}):
        error = error_of({**request, "game": "dummy"})
        assert error["code"] == BUDGET_EXCEEDED and error["reason"] == budgets.OUT_OF_TIME, error
        assert "1e-06 s" in error["message"] and "1e-06 วินาที" in error["message_th"]
