"""Komayo's data for the game-neutral contract tests (tests/engine/core/test_contract.py)."""

from engine import api
from engine.registry import GAMES

START = "lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL b - 1"
OLD_START = "lnsiksnl/1b4r1/pppppppp/8/8/PPPPPPPP/1R4B1/LNSIKSNL b - 1"

# Where the contract tests start: the start position; hands with promoted pieces (King's
# privilege kept them) and dead pawns; a king next to promoted pieces it may capture with
# or without '^'; lances and knights about to be forced to promote; a king hunted by drops;
# a finished game (Gote's king was captured).
SAMPLE_POSITIONS = (
    START,
    "l2ik2l/1r2s1b1/p1ppp1pp/8/8/2P1PPP1/PP5P/L1SIKSNL w BN2+Psp 30",
    "4k3/3+R+P3/8/8/8/8/8/4K3 w RB 1",
    "4k3/L7/7N/1N6/8/8/l7/4K3 b 2P 1",
    "3k4/8/3P4/8/8/8/8/4K3 b RS+P 1",
    "8/8/8/8/8/8/8/4K3 w - 40",
)

# The options games are played under: the defaults, and two sets that switch every other value.
OPTION_SETS = (
    {},
    {"ruleset": "v1", "illegalMovePolicy": "reject", "fiftyMove": "claim", "noLegalMove": "draw",
     "handicap": ["R", "B"], "startFen": OLD_START},
    {"adjudicateTsume": True, "fiftyMove": "off", "handicap": ["I"]},
)

# One request per error code Komayo can produce ("game" is added by the test).
ERROR_REQUESTS = {
    "BAD_REQUEST": {"op": "perft", "depth": 99},
    "BAD_TYPE": {"op": "play", "moves": [7]},
    "UNKNOWN_OP": {"op": "checkmate-please"},
    "UNKNOWN_OPTION": {"op": "start", "options": {"nifu": True}},
    "BAD_OPTION_VALUE": {"op": "start", "options": {"ruleset": "v3"}},
    "BAD_POSITION": {"op": "play", "position": "lnsiksnl/1r4b1 b - 1"},
    "ILLEGAL_POSITION": {"op": "play", "position": "4k3/8/8/8/8/8/8/4K3 b 3R 1"},
    "BAD_MOVE": {"op": "play", "moves": ["e3"]},
    "ILLEGAL_MOVE": {"op": "play", "moves": ["e3e5"], "options": {"illegalMovePolicy": "reject"}},
    "GAME_OVER": {"op": "play", "moves": ["e3e5", "e6e5"]},
    "COUNT_NOT_ALLOWED": {"op": "play", "moves": ["claim-draw"]},
    "BUDGET_EXCEEDED": {"op": "mate", "mate_in": 3, "budget": 100},
    "NOT_PROVEN": {"op": "prove", "position": "4k3/8/8/8/8/8/8/4K3 b - 1", "task": {"kind": "mate"}},  # bare Kings
}

# Codes Komayo never produces, and why.
NOT_PRODUCED = {
    "BAD_TABLE": "only card games have a table",
}

# An op of the door that Komayo does not answer exists only once another game brings its own.
_UNANSWERED = sorted(set(api.OPS) - set(GAMES["komayo"].ops) - {"games"})
if _UNANSWERED:
    ERROR_REQUESTS["UNSUPPORTED_OP"] = {"op": _UNANSWERED[0]}
else:
    NOT_PRODUCED["UNSUPPORTED_OP"] = "Komayo answers every op of the door"
