"""Makruk's data for the game-neutral contract tests (tests/engine/core/test_contract.py)."""

START = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"

# Where the contract tests start: the start position, a promotion, counts of both kinds (one
# claimable, one running), seed S001's count, street rights, a bare Khun about to be mated.
SAMPLE_POSITIONS = (
    START,
    "4k3/8/8/3P4/8/8/8/K7 w - - 0 1",
    "4k3/8/3n4/8/8/8/8/R2KS3 b - - 0 1",
    "8/8/8/4k3/8/8/R7/4K3 b - 32 6 1",
    "7k/r7/8/8/8/8/2M~M~4/R2KSN2 w - - 0 1",
    "3mk3/8/8/8/8/8/8/3KM3 w DEde - 0 1",
    "k7/8/2K5/8/8/8/8/7R w - - 0 1",
)

# The options games are played under: the defaults, and two sets that switch every other value.
OPTION_SETS = (
    {},
    {"kingKnightLeap": True, "metDoubleStep": True, "boardCountStart": "automatic", "countExpiry": "claim",
     "bareKingsDraw": False, "shuttleDraw": True, "minAttackerMoves": 1, "boardCountClaimant": "fewerMaterial",
     "repetitionCount": 5},
    {"boardCountStart": "fsf", "piecesCountStart": "claim", "bareKingDuringBoardCount": "defenderChooses",
     "recomputeLimitOnDefenderCapture": True, "limitOrder": "khonBeforeKnights", "repetitionCount": 3,
     "mateWhileCounting": "win", "kingKnightLeap": True},
)

# One request per error code Makruk can produce ("game" is added by the test).
ERROR_REQUESTS = {
    "BAD_REQUEST": {"op": "play", "position": START[:-1] + "9" * 50},
    "BAD_TYPE": {"op": "play", "moves": [7]},
    "UNKNOWN_OP": {"op": "checkmate-please"},
    "UNKNOWN_OPTION": {"op": "start", "options": {"castling": True}},
    "BAD_OPTION_VALUE": {"op": "start", "options": {"limitOrder": "shortest"}},
    "BAD_POSITION": {"op": "play", "position": "rnsmksnr/8 w - - 0 1"},
    "ILLEGAL_POSITION": {"op": "play", "position": "k7/R7/8/8/8/8/8/4K3 w - - 0 1"},
    "BAD_MOVE": {"op": "play", "moves": ["e3"]},
    "ILLEGAL_MOVE": {"op": "play", "moves": ["e3e5"]},
    "GAME_OVER": {"op": "defend", "position": "4k3/R7/4K3/8/8/8/8/8 w - - 0 1", "moves": ["a7a8"], "horizon": 1},
    "COUNT_NOT_ALLOWED": {"op": "play", "moves": ["count-start"]},
    "BUDGET_EXCEEDED": {"op": "mate", "position": START, "mate_in": 3, "budget": 100},
    "NOT_PROVEN": {"op": "prove", "position": "2sm1r2/1n6/p5kp/1p1p2p1/6P1/P1N1m~1RR/6KS/1r6 b - - 1 40",
                   "task": {"kind": "mate", "in": 2}},  # a mate in 1 claimed as one in 2
    "UNSUPPORTED_OP": {"op": "settle"},  # a card game's op
}

# Codes Makruk never produces, and why.
NOT_PRODUCED = {
    "BAD_TABLE": "only card games have a table",
}
