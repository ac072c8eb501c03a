"""Property-based tests of the Komayo engine (hypothesis).

Positions come from seeded random games (from the start position and from random set-ups
with full hands) under both rulesets. The test-only brute-force generator (``brute_force``,
written from the rules alone) is the reference for the legal moves. Every test is
derandomized (the same examples every run, no example database), so a failure reproduces.
"""

from __future__ import annotations

import os
import random
import sys

import brute_force
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from komayo_helpers import game_of, random_game

from engine.api import call
from engine.core.budget import unlimited
from engine.core.protocol import perft as protocol_perft
from engine.errors import EngineError
from engine.komayo.notation import parse_position, position_text
from engine.komayo.refusals import __doc__ as REFUSALS_DOC

pytestmark = pytest.mark.hypothesis

SCALE = float(os.environ.get("KRADAN_HYPOTHESIS_SCALE", "0.25" if sys.platform == "emscripten" else "1"))
REASONS = {word.strip("`,.") for word in REFUSALS_DOC.split() if word.startswith("``")}
SETUP = "lnsik1nl/1r4b1/pp1pp1pp/8/2P5/PP1P1PPP/1B4R1/LN1IK1NL b 2SPs+pp 1"


def props(max_examples: int):
    return settings(max_examples=max(5, int(max_examples * SCALE)), deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


positions = st.builds(
    lambda seed, plies, ruleset, start: random_game(random.Random(seed), plies, ruleset, start),
    st.integers(0, 2 ** 32), st.integers(0, 70), st.sampled_from(["v2", "v1"]),
    st.sampled_from(["lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL b - 1", SETUP]))


@props(120)
@given(positions)
def test_legal_moves_are_those_of_the_brute_force_generator(game):
    state = game.state
    ours = sorted(state.move(h).text for h in state.handles())
    assert ours == sorted(brute_force.moves(brute_force.parse(game.position_text()), game.rules["ruleset"]))


@props(120)
@given(positions)
def test_position_text_reads_back_and_push_pop_restore_the_position(game):
    pos = game.position
    assert parse_position(position_text(pos)).key() == pos.key()
    before = (pos.board[:], pos.turn, [h[:] for h in pos.hands], pos.ply)
    for handle in game.state.handles():
        taken = pos.push(handle)
        pos.pop(handle, taken)
    assert (pos.board, pos.turn, pos.hands, pos.ply) == before


@props(80)
@given(positions)
def test_the_set_is_kept_board_and_hands_together(game):
    pos = game.position
    counts = {}
    for piece in pos.board:
        if piece:
            counts[abs(piece) & 15] = counts.get(abs(piece) & 15, 0) + 1
    for hand in pos.hands:
        for kind, n in enumerate(hand):
            if n:
                counts[kind & 15] = counts.get(kind & 15, 0) + n
    kings = counts.pop(8, 0)
    assert counts == {1: 2, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 16} and kings in (1, 2)


@props(100)
@given(positions)
def test_the_last_move_search_order_is_exactly_the_king_captures(game):
    state = game.state
    handles = list(state.handles())
    king = "k" if state.pos.turn == 0 else "K"
    board = game.view()["board"]
    captures = sorted(h for h in handles if board.get(state.move(h).to_square) == king and state.move(h).from_square)
    fresh = type(state)(state.pos.copy(), state.rules)  # its moves not generated yet
    order = fresh.forcing_order(fresh.handles(), True)
    assert sorted(order[:len(captures)]) == captures
    if not state.pos.king_walled_in(1 - state.pos.turn):  # else a stalemating move may win too (A-K8)
        assert len(order) == len(captures)
    assert sorted(state.forcing_order(handles, False)) == sorted(handles)
    assert bool(captures) == state.pos.king_attacked(1 - state.pos.turn)


@props(60)
@given(positions, st.integers(0, 2 ** 32))
def test_every_other_move_text_is_refused_with_a_reason(game, seed):
    rng = random.Random(seed)
    if game.outcome() is not None:
        return
    legal = {game.state.move(h).text for h in game.state.handles()}  # repetitions are no concern of a fresh game
    squares = [f + r for f in "abcdefgh" for r in "12345678"]
    for _ in range(20):
        text = rng.choice([rng.choice(squares) + rng.choice(squares) + rng.choice(["", "+", "^"]),
                           rng.choice(["", "+"]) + rng.choice("IRBSNLPK") + "*" + rng.choice(squares)])
        if text in legal or text.startswith("+K*"):
            continue
        trial = game_of(game.position_text(), ruleset=game.rules["ruleset"], illegalMovePolicy="reject")
        with pytest.raises(EngineError) as refused:
            trial.play(text)
        assert refused.value.code == "ILLEGAL_MOVE" and refused.value.reason in REASONS, (text, refused.value.message)


@props(40)
@given(positions)
def test_fast_perft_is_the_protocol_perft(game):
    options = {"ruleset": game.rules["ruleset"]}
    fast = call({"op": "perft", "game": "komayo", "position": game.position_text(), "depth": 2, "options": options})
    assert fast["nodes"] == protocol_perft(game.state, 2, unlimited())
