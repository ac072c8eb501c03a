"""Dummy Knock's data for the game-neutral contract tests (tests/engine/core/test_contract.py).

Dummy has no Game class (no board, no positions): the board-game parts of the contract do not
run for it, so there are no sample positions; the door's shape is checked for every code it
can produce, and the board ops answer UNSUPPORTED_OP.
"""

# One request per error code Dummy can produce ("game" is added by the test).
ERROR_REQUESTS = {
    "BAD_REQUEST": {"op": "settle"},
    "BAD_TYPE": {"op": "settle", "table": ["not", "an", "object"]},
    "UNKNOWN_OP": {"op": "deal-me-in"},
    "UNKNOWN_OPTION": {"op": "settle", "options": {"jokers": True}},
    "BAD_OPTION_VALUE": {"op": "settle", "options": {"multipliers": "double"}},
    "BAD_TABLE": {"op": "settle", "table": {"level": "thep", "head": "4C", "players": []}},
    "UNSUPPORTED_OP": {"op": "play"},
}

# Codes Dummy never produces, and why.
NOT_PRODUCED = {
    "BAD_POSITION": "a card game has no position text",
    "ILLEGAL_POSITION": "a card game has no position text; an impossible table is BAD_TABLE",
    "BAD_MOVE": "the engine settles finished tables; it plays no moves",
    "ILLEGAL_MOVE": "the engine settles finished tables; it plays no moves",
    "GAME_OVER": "the engine settles finished tables; it plays no moves",
    "COUNT_NOT_ALLOWED": "counting is Makruk's",
    "BUDGET_EXCEEDED": "a settlement takes a bounded, small amount of work (no search)",
}
