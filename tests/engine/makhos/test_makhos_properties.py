"""Property-based tests of Mak-hot over random playouts (hypothesis).

A playout starts from the start position or a random placement (kings included), under one
combination of the movement options, and plays up to PLIES random moves (under 'claimable' it
sometimes claims a missed capture). At every position the properties of the issue are checked,
the independent brute-force generator of makhos_brute.py being the reference where one is needed.
Every test is derandomized, so a failure reproduces.
"""

from __future__ import annotations

import random

import makhos_brute as brute
import pytest
from hypothesis import given
from hypothesis import strategies as st
from makhos_helpers import (
    DEFAULTS, MOVE_RULES, START, game, mirror_move, mirror_position, placements, props, random_placement,
)

from engine.core.budget import unlimited
from engine.core.protocol import perft

pytestmark = pytest.mark.hypothesis

PLIES = 40
CLAIM = "claim-capture"


def steps(seed: int, rules: dict, from_start: bool):
    """(game, what was just played: a Move, CLAIM, or None at the start) at every position of one
    seeded random game, the game ongoing."""
    rng = random.Random(seed)
    record = game(START if from_start else random_placement(rng), **rules)
    step = None
    for _ in range(PLIES):
        if record.outcome() is not None:
            return
        yield record, step
        actions = record.actions()
        legal = record.legal_moves()
        if actions and (not legal or rng.random() < 0.3):
            step = actions[0]
            record.play(step)
        else:
            step = record.play(rng.choice(legal).text)


def playout(seed: int, rules: dict, from_start: bool):
    """The game at every position of one seeded random game, the game ongoing."""
    return (record for record, _ in steps(seed, rules, from_start))


def playouts():
    return st.tuples(st.integers(0, 2 ** 32), st.sampled_from(MOVE_RULES), st.booleans())


def counts(board: dict) -> tuple[int, int]:
    return sum(p in "MK" for p in board.values()), sum(p in "mk" for p in board.values())


def plain_text(record) -> str:
    """The position text without the claim fields (what the brute force and mirroring read)."""
    return ":".join(record.position_text().split(":")[:3])


@props(60)
@given(playouts())
def test_no_piece_is_captured_twice_and_every_capture_takes_an_enemy(example):
    for record in playout(*example):
        board = record.view()["board"]
        enemy = "mk" if record.state.turn == "white" else "MK"
        for move in record.legal_moves():
            assert len(set(move.captures)) == len(move.captures), move
            assert all(board.get(sq, " ") in enemy for sq in move.captures), move
            assert len(move.path) == max(1, len(move.captures))


@props(60)
@given(playouts())
def test_piece_counts_never_rise(example):
    before = None
    for record, step in steps(*example):
        now = counts(record.view()["board"])
        if step == CLAIM:
            assert now == before, "a claim takes back a move that took nothing"
        elif step is not None:
            mover = 0 if record.state.turn == "black" else 1
            assert now[mover] == before[mover] and now[1 - mover] == before[1 - mover] - len(step.captures)
        before = now


def _direction(frm: str, to: str) -> tuple[int, int]:
    return ((ord(to[0]) > ord(frm[0])) * 2 - 1, (to[1] > frm[1]) * 2 - 1)


@props(60)
@given(playouts())
def test_every_capture_sequence_is_maximal(example):
    rules = None
    for record in playout(*example):
        rules = {**DEFAULTS, **{k: record.rules[k] for k in ("kingLanding", "kingContinuation", "captureRule")}}
        for move in record.legal_moves():
            if not move.captures or move.promotion:
                continue
            after = record.copy()
            after.play(move.text)
            board, _ = brute.parse(plain_text(after))
            end = ("abcdefgh".index(move.to_square[0]), int(move.to_square[1]) - 1)
            last_from = move.path[-2] if len(move.path) > 1 else move.from_square
            assert not brute.jumps(board, end, board[end], rules, _direction(last_from, move.to_square)), move.text


@props(60)
@given(playouts())
def test_under_strict_no_non_capture_is_legal_while_a_capture_exists(example):
    seed, rules, from_start = example
    for record in playout(seed, {**rules, "captureRule": "strict"}, from_start):
        legal = record.legal_moves()
        board, side = brute.parse(plain_text(record))
        capture_exists = any("x" in text for text in brute.legal(board, side, {**DEFAULTS, **rules,
                                                                                 "captureRule": "claimable"}))
        assert legal, "an ongoing game under strict rules has a move"
        if capture_exists:
            assert all(m.captures for m in legal), [m.text for m in legal]
        else:
            assert not any(m.captures for m in legal)


@props(60)
@given(playouts())
def test_colour_swap_symmetry(example):
    for record in playout(*example):
        text = plain_text(record)
        options = {k: record.rules[k] for k in ("captureRule", "kingLanding", "kingContinuation")}
        mirrored = game(mirror_position(text), **options)
        plain = game(text, **options)
        seen_mirrored = sorted(mirror_move(m.text) for m in plain.legal_moves())
        assert seen_mirrored == sorted(m.text for m in mirrored.legal_moves())
        assert perft(plain.state, 2, unlimited()) == perft(mirrored.state, 2, unlimited())
        assert mirror_position(mirror_position(text)) == text


@props(80)
@given(placements(), st.sampled_from(MOVE_RULES))
def test_moves_and_the_positions_after_them_match_the_brute_force(text, rules):
    record = game(text, **rules)
    board, side = brute.parse(text)
    expected = brute.legal(board, side, {**DEFAULTS, **rules})
    assert sorted(m.text for m in record.legal_moves()) == sorted(expected)
    other = "b" if side == "w" else "w"
    for move, after_board in expected.items():
        after = record.copy()
        after.play(move)
        assert plain_text(after) == brute.write(after_board, other), move


@props(40)
@given(playouts())
def test_position_text_and_move_text_read_back(example):
    for record in playout(*example):
        text = record.position_text()
        again = game(text, **{k: record.rules[k] for k in ("captureRule", "kingLanding", "kingContinuation")})
        assert again.position_text() == text
        assert again.state.key() == record.state.key()
        for move in record.legal_moves():
            assert record.state.move(next(h for h in record.state.handles()
                                          if record.state.move(h).text == move.text)) == move
