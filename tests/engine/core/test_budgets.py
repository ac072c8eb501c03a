"""No request runs unbounded: searches and perft spend nodes from a budget and answer
BUDGET_EXCEEDED when it is empty (default budgets in engine.core.budget; ``budget`` in a request)."""

import pytest
from door_checks import error_of

from engine.api import call
from engine.core import budget as budgets
from engine.core.budget import Budget, BudgetExceeded
from engine.errors import BUDGET_EXCEEDED

# Middlegames where a mate in 5 or a defence with horizon 5 used to run for minutes.
MIDDLEGAME = "1nsm1rn1/3rs3/M~1pp1p1p/R3p3/1P2P1kP/2PP4/3NN3/1KS1MS1R w - - 5 16"
CLOSED = "r1sm1s1r/3k4/1ppn1pn1/p2pp1pp/P2PP1PP/1PPN1PN1/3K4/R1SM1S1R w - - 0 12"

DEEP_REQUESTS = [
    {"op": "mate", "game": "makruk", "position": MIDDLEGAME, "mate_in": 5},
    {"op": "defend", "game": "makruk", "position": CLOSED, "horizon": 5},
    {"op": "perft", "game": "makruk", "depth": 8},
]


@pytest.mark.parametrize("request_", DEEP_REQUESTS, ids=lambda r: r["op"])
def test_deep_requests_answer_budget_exceeded(request_):
    error = error_of({**request_, "budget": 3000})
    assert error["code"] == BUDGET_EXCEEDED
    assert "3,000 nodes" in error["message"] and "3,000 โหนด" in error["message_th"]


@pytest.mark.parametrize("request_", DEEP_REQUESTS, ids=lambda r: r["op"])
def test_without_a_budget_the_default_one_applies(request_, monkeypatch):
    # The real defaults take about 10 s each (see engine/core/budget.py); smaller ones show the path.
    monkeypatch.setattr(budgets, "DEFAULT_NODES", 2000)
    monkeypatch.setattr(budgets, "DEFAULT_PERFT_NODES", 2500)
    error = error_of(request_)
    assert error["code"] == BUDGET_EXCEEDED
    assert ("2,500 nodes" if request_["op"] == "perft" else "2,000 nodes") in error["message"]


def test_a_search_within_its_budget_answers():
    reply = call({"op": "mate", "game": "makruk", "position": "k7/8/1K6/8/8/8/8/7R w - - 0 1", "mate_in": 1,
                  "budget": 5000})
    assert reply == {"ok": True, "shortest": 1, "keys": {"h1h8": 1}}
    assert call({"op": "perft", "game": "makruk", "depth": 3, "budget": 500})["ok"] is False  # 23 + 529 charged
    assert call({"op": "perft", "game": "makruk", "depth": 3, "budget": 600})["nodes"] == 12012


@pytest.mark.parametrize("value, code", [
    (0, "BAD_REQUEST"), (-5, "BAD_REQUEST"), (budgets.MAX_NODES + 1, "BAD_REQUEST"),
    pytest.param(10 ** 5000, "BAD_REQUEST", id="5001-digits"),
    (True, "BAD_TYPE"), ("1000", "BAD_TYPE"), (1000.0, "BAD_TYPE"),
])
def test_bad_budgets(value, code):
    error = error_of({"op": "mate", "game": "makruk", "mate_in": 1, "budget": value})
    assert error["code"] == code and error["field"] == "budget"


def test_budget_spends_nodes_and_raises_when_empty():
    budget = Budget(10)
    budget.spend(4)
    assert (budget.spent, budget.left) == (4, 6)
    budget.spend(6)
    with pytest.raises(BudgetExceeded) as raised:
        budget.spend()
    assert raised.value.code == BUDGET_EXCEEDED and "10 nodes" in raised.value.message


def test_budget_with_seconds_checks_the_clock_every_few_thousand_nodes():
    budget = Budget(10 ** 9, seconds=1e-9)  # the deadline has passed before the first clock read
    budget.spend(budgets.CLOCK_EVERY - 1)
    with pytest.raises(BudgetExceeded) as raised:
        budget.spend(1)
    assert "1e-09 s" in raised.value.message
