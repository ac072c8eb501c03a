"""Dummy Knock's data for the game-neutral contract tests (tests/engine/core/test_contract.py).

Dummy has no Game class (no board, no position text): the board-game parts of the contract do
not run for it, so there are no sample positions; the door's shape is checked for every code it
can produce. Its own ``play``, ``bestmove`` and ``prove`` (its drills) answer for dummy; the other
board ops answer UNSUPPORTED_OP.
"""

from engine.dummy.cards import DECK
from engine.dummy.play import deal

# A light seat holding 39 cards (no real hand comes near): the knock search meets its bound.
_HUGE = {**deal(seed=1), "stock": [], "phase": "play", "took": {"kind": "draw"}, "turn": "P1"}
_HUGE["players"] = [{"id": "P1", "hand": [c for c in DECK if c[1] != "C"], "melds": [], "layoffs": []},
                    {"id": "P2", "hand": [], "melds": [{"cards": ["3C", "4C", "5C", "6C"], "turn": 1}], "layoffs": []},
                    {"id": "P3", "hand": [c for c in DECK if c[1] == "C" and c not in ("3C", "4C", "5C", "6C", "2C")],
                     "melds": [], "layoffs": []},
                    {"id": "P4", "hand": [], "melds": [], "layoffs": []}]
_HUGE["pile"] = [{"card": "2C", "by": None, "turn": 0}]
_HUGE["head"] = "2C"

# One request per error code Dummy can produce ("game" is added by the test).
ERROR_REQUESTS = {
    "BAD_REQUEST": {"op": "settle"},
    "BAD_TYPE": {"op": "settle", "table": ["not", "an", "object"]},
    "UNKNOWN_OP": {"op": "deal-me-in"},
    "UNKNOWN_OPTION": {"op": "settle", "options": {"jokers": True}},
    "BAD_OPTION_VALUE": {"op": "settle", "options": {"multipliers": "double"}},
    "BAD_TABLE": {"op": "settle", "table": {"level": "thep", "head": "4C", "players": []}},
    "BAD_POSITION": {"op": "play", "position": {"game": "dummy"}},
    "ILLEGAL_MOVE": {"op": "play", "position": deal(seed=1), "moves": ["pass"]},
    "BUDGET_EXCEEDED": {"op": "play", "position": _HUGE},
    "UNSUPPORTED_OP": {"op": "perft"},
    "NOT_PROVEN": {"op": "prove", "position": deal(seed=1), "task": {"kind": "dummy-knock"}},  # a knock drill at the take
}

# Codes Dummy never produces, and why.
NOT_PRODUCED = {
    "ILLEGAL_POSITION": "a malformed STATE is BAD_POSITION; an impossible table is BAD_TABLE",
    "BAD_MOVE": "an action that does not parse is ILLEGAL_MOVE with reason bad_action (dummy-play.md)",
    "GAME_OVER": "an action after the end is ILLEGAL_MOVE with reason game_over (dummy-play.md)",
    "COUNT_NOT_ALLOWED": "counting is Makruk's",
}
