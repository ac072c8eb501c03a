"""Perft from the Komayo start position (issue 10: 25, 625, 14,850; ``^`` captures are moves of
their own). Depth 4 is 358,253, confirmed here by the test-only brute-force generator
(``brute_force``): 2 of those leaves are King's-privilege captures (the Gote king takes the
promoted bishop on f6 after ...e8e7 or ...e8f7 and b2xf6+), which is why Fairy-Stockfish, which
cannot express the privilege, counts 358,251 (measured with ``komayo_fsf``'s variant, see the
cross-check)."""

import os

import brute_force
import pytest

from engine.api import call
from engine.komayo.options import START

EXPECTED = {1: 25, 2: 625, 3: 14_850, 4: 358_253}
PRIVILEGE_LEAVES_AT_4 = ["e7f6^", "f7f6^"]
# Depth 4 is quick in CPython; the variable lets a slow runtime (Pyodide) stop earlier.
MAX_DEPTH = int(os.environ.get("KRADAN_PERFT_MAX_DEPTH", "4"))


@pytest.mark.parametrize("depth", [d for d in EXPECTED if d <= MAX_DEPTH])
def test_start_position_perft(depth):
    assert call({"op": "perft", "game": "komayo", "depth": depth}) == {"ok": True, "nodes": EXPECTED[depth]}


@pytest.mark.parametrize("depth", [d for d in EXPECTED if d <= MAX_DEPTH])
def test_brute_force_generator_confirms_the_table(depth):
    privileged = []
    leaves = brute_force.perft(brute_force.parse(START), depth,
                               count=lambda text: privileged.append(text) if text.endswith("^") else None)
    assert leaves == EXPECTED[depth]
    assert privileged == (PRIVILEGE_LEAVES_AT_4 if depth == 4 else [])


@pytest.mark.parametrize("position, ruleset", [
    ("l2ik2l/1r2s1b1/p1ppp1pp/8/8/2P1PPP1/PP5P/L1SIKSNL w BN2+Psp 30", "v2"),
    ("4k3/3+R+P3/8/8/8/8/8/4K3 w RB 1", "v2"),
    ("3k4/8/3P4/8/8/8/8/4K3 b RS+P 1", "v1"),
])
def test_perft_from_positions_with_hands_matches_the_brute_force_generator(position, ruleset):
    nodes = call({"op": "perft", "game": "komayo", "position": position, "depth": 3, "options": {"ruleset": ruleset}})
    assert nodes["nodes"] == brute_force.perft(brute_force.parse(position), 3, ruleset)


def test_perft_of_a_finished_game_is_zero_and_depth_zero_is_one():
    assert call({"op": "perft", "game": "komayo", "position": "8/8/8/8/8/8/8/4K3 w - 40", "depth": 2})["nodes"] == 0
    assert call({"op": "perft", "game": "komayo", "depth": 0})["nodes"] == 1


def test_perft_with_the_tsume_adjudication_goes_through_the_protocol():
    mated = "3k4/3+P4/3+P4/8/8/8/8/4K3 w - 1"
    assert call({"op": "perft", "game": "komayo", "position": mated, "depth": 1})["nodes"] == 6
    assert call({"op": "perft", "game": "komayo", "position": mated, "depth": 1,
                 "options": {"adjudicateTsume": True}})["nodes"] == 0
