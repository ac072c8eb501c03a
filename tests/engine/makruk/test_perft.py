"""Perft from the Makruk start position (issue 2: 23, 529, 12012, 273026)."""

import os

import pytest

from engine.api import call

EXPECTED = {1: 23, 2: 529, 3: 12012, 4: 273026}
# Depth 4 is quick in CPython and Pyodide alike; the variable lets a slow runtime stop earlier.
MAX_DEPTH = int(os.environ.get("KRADAN_PERFT_MAX_DEPTH", "4"))


@pytest.mark.parametrize("depth", [d for d in EXPECTED if d <= MAX_DEPTH])
def test_start_position_perft(depth):
    reply = call({"op": "perft", "game": "makruk", "depth": depth})
    assert reply == {"ok": True, "nodes": EXPECTED[depth]}


def test_perft_from_given_position_matches_moves_listed():
    fen = "8/8/8/4k3/8/8/8/R3K3 w - - 0 1"
    moves = call({"op": "legal_moves", "game": "makruk", "position": fen})["moves"]
    assert call({"op": "perft", "game": "makruk", "position": fen, "depth": 1})["nodes"] == len(moves) == 15
    total = sum(len(call({"op": "legal_moves", "game": "makruk", "position": fen, "moves": [m]})["moves"])
                for m in moves)
    assert call({"op": "perft", "game": "makruk", "position": fen, "depth": 2})["nodes"] == total


def test_perft_depth_zero_is_one():
    assert call({"op": "perft", "game": "makruk", "depth": 0})["nodes"] == 1
