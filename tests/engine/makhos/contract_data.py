"""Mak-hot's data for the game-neutral contract tests (tests/engine/core/test_contract.py)."""

from engine import api
from engine.registry import GAMES

START = "W:Wa1,c1,e1,g1,b2,d2,f2,h2:Ba7,c7,e7,g7,b8,d8,f8,h8"

# Where the contract tests start: the start position, a middlegame with kings and multi-captures,
# a man crowned by a capture, a king ending, a king's capture round back to its own square
# (A-H12), two routes over the same pieces (A-H13), and a side about to run out of moves.
SAMPLE_POSITIONS = (
    START,
    "W:Wc3,e3,g3,Kd6,b2:Bd4,f4,b6,f6,Ka7,h8",
    "W:Wb6,d2,f2:Bc7,e7,a3,Kh4",
    "B:WKd4,a1:Bb8,Kh6",
    "W:WKc3,a1:Bd4,f4,f2,d2,h8",
    "W:WKc3,g1:Bd4,b2,h6",
    "B:Wa5,c5,e3:Bb6,h8",
)

# The defaults, and two sets that switch every other value (the draws on, so the history rules run).
OPTION_SETS = (
    {},
    {"captureRule": "claimable", "kingLanding": "any", "repetitionDraw": 3, "noProgressLimit": 10},
    {"kingContinuation": "noReverse", "firstMover": "black", "repetitionDraw": 4, "noProgressLimit": 15},
)

# One request per error code Mak-hot can produce ("game" is added by the test).
ERROR_REQUESTS = {
    "BAD_REQUEST": {"op": "perft", "depth": 99},
    "BAD_TYPE": {"op": "play", "moves": [7]},
    "UNKNOWN_OP": {"op": "jump-please"},
    "UNKNOWN_OPTION": {"op": "start", "options": {"majorityRule": True}},
    "BAD_OPTION_VALUE": {"op": "start", "options": {"captureRule": "optional"}},
    "BAD_POSITION": {"op": "play", "position": "W:Wa1,c1"},
    "ILLEGAL_POSITION": {"op": "play", "position": "W:Wa1,b1:Bb8"},
    "BAD_MOVE": {"op": "play", "moves": ["c3d4"]},
    "ILLEGAL_MOVE": {"op": "play", "moves": ["b2-b3"]},
    "GAME_OVER": {"op": "play", "position": "B:Wa1:B", "moves": ["b8-a7"]},
    "BUDGET_EXCEEDED": {"op": "mate", "position": START, "mate_in": 3, "budget": 100},
    "NOT_PROVEN": {"op": "prove", "position": "W:Wa1:Bh8", "task": {"kind": "mate"}},  # one man each: no forced win
}

# Codes Mak-hot never produces, and why.
NOT_PRODUCED = {
    "BAD_TABLE": "only card games have a table",
    "COUNT_NOT_ALLOWED": "Mak-hot has no counting; a refused capture claim is an ILLEGAL_MOVE",
}

# An op of the door that Mak-hot does not answer exists only once another game brings its own.
_UNANSWERED = sorted(set(api.OPS) - set(GAMES["makhos"].ops) - {"games"})
if _UNANSWERED:
    ERROR_REQUESTS["UNSUPPORTED_OP"] = {"op": _UNANSWERED[0]}
else:
    NOT_PRODUCED["UNSUPPORTED_OP"] = "Mak-hot answers every op of the door"
