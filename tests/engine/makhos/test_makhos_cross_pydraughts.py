"""Cross-check of Mak-hot men against pydraughts' English draughts (an independent oracle).

A Mak-hot man moves exactly like an English-draughts man: one step diagonally forward,
captures forward only and compulsory, multi-captures to the end, a man crowned by a capture
stops there. So in positions with men only, under captureRule 'strict', the two must list the
same legal moves. Random men-only positions are compared, and seeded random games from them
and from the start position, ply by ply until a king appears.

Square mapping (worked out here, not taken from either program): English draughts numbers the
32 dark squares 1-32 from Black's side, four a row; with a1 dark (Mak-hot's single corner on
White's left, rules A-H1) square 1 is b8, 4 is h8, 5 is a7, 29 is a1 and 32 is g1. English White
(21-32) starts at the bottom and moves up, as Mak-hot's White does; Black moves down.
"""

from __future__ import annotations

import importlib
import random

import pytest
from makhos_helpers import DARK, START, game, name, placement_text

# pydraughts is not in Pyodide: the engine-in-Pyodide run deselects this file (it is imported on
# first use, so the file still imports there); in CPython a missing pydraughts fails every test.
pytestmark = pytest.mark.native


def english_board(fen: str):
    try:
        draughts = importlib.import_module("draughts")
    except ImportError as exc:
        raise ImportError("pydraughts is not installed; `pip install -e '.[test]'` brings it") from exc
    return draughts.Board(variant="english", fen=fen)

POSITIONS = 300
PLIES = 30


def number(square: tuple[int, int]) -> int:
    file, rank = square
    return (7 - rank) * 4 + file // 2 + 1


SQUARE_OF = {number(sq): name(sq) for sq in DARK}


def english_fen(text: str) -> str:
    """Our position text (men only) as a pydraughts FEN: 'W:W29,30:B1,2'."""
    side, white, black = text.split(":")[:3]
    numbers = [[str(number(("abcdefgh".index(sq[0]), int(sq[1]) - 1))) for sq in field[1:].split(",") if sq]
               for field in (white, black)]
    return f"{side}:W{','.join(numbers[0])}:B{','.join(numbers[1])}"


def english_moves(text: str) -> list[str]:
    board = english_board(english_fen(text))
    out = []
    for move in board.legal_moves():
        squares = [SQUARE_OF[n] for n in move.steps_move]
        out.append("x".join(squares) if move.captures else "-".join(squares))
    return sorted(out)


def men_only(text: str) -> bool:
    return "K" not in text


def compare_along(text: str, rng: random.Random) -> int:
    """Compare moves at every ply of a random game from ``text`` while only men are left; plies compared."""
    record = game(text)
    compared = 0
    for _ in range(PLIES):
        now = record.position_text()
        legal = sorted(m.text for m in record.legal_moves())
        if not legal or not men_only(now):
            break
        assert legal == english_moves(now), now
        compared += 1
        record.play(rng.choice(legal))
    return compared


def random_men(rng: random.Random) -> str:
    counts = {"w": rng.randint(1, 8), "b": rng.randint(1, 8)}
    usable = {"w": [sq for sq in DARK if sq[1] != 7], "b": [sq for sq in DARK if sq[1] != 0]}
    pieces = {}
    for colour in "wb":
        free = [sq for sq in usable[colour] if sq not in pieces]
        for sq in rng.sample(free, counts[colour]):
            pieces[sq] = colour
    return placement_text(pieces, rng.choice("WB"))


def test_the_square_mapping():
    assert english_fen(START) == "W:W29,30,31,32,25,26,27,28:B5,6,7,8,1,2,3,4"
    assert english_moves(START) == sorted(m.text for m in game().legal_moves())


def test_random_men_only_positions_have_the_same_moves():
    rng = random.Random(9)
    captures = 0
    for _ in range(POSITIONS):
        text = random_men(rng)
        ours = sorted(m.text for m in game(text).legal_moves())
        assert ours == english_moves(text), text
        captures += any("x" in m for m in ours)
    assert captures > POSITIONS // 5, "enough positions with captures to compare"


def test_random_games_agree_ply_by_ply_while_only_men_are_on_the_board():
    rng = random.Random(10)
    compared = sum(compare_along(START, rng) for _ in range(20))
    compared += sum(compare_along(random_men(rng), rng) for _ in range(60))
    assert compared > 500
