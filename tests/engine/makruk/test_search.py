"""Mate proofs, cooks, refutations and the best defence (engine.core.search on Makruk states)."""

import pytest
from mk_helpers import state_of

from engine.api import call
from engine.core.budget import unlimited
from engine.core.search import MateSolver, MaterialSearch, longest_defences, proof_tree, text_of


def solver():
    return MateSolver(unlimited())


def test_mate_in_one_keys_are_exactly_the_mating_moves():
    reply = call({"op": "mate", "game": "makruk", "position": "k7/8/1K6/8/8/8/8/7R w - - 0 1", "mate_in": 1})
    assert reply == {"ok": True, "shortest": 1, "keys": {"h1h8": 1}}


def test_mate_in_two_lists_every_key_with_its_length():
    reply = call({"op": "mate", "game": "makruk", "position": "k7/8/2K5/8/8/8/8/7R w - - 0 1", "mate_in": 2})
    assert reply["shortest"] == 2
    assert reply["keys"] == {"c6b6": 2, "c6c7": 2}
    # Each key really mates against every defence: check one line by hand through the door.
    after = call({"op": "play", "game": "makruk", "position": "k7/8/2K5/8/8/8/8/7R w - - 0 1",
                  "moves": ["c6b6", "a8b8", "h1h8"]})
    assert after["status"]["reason"] == "checkmate"


def test_no_mate_and_stalemate_traps_are_not_mates():
    # Ruea to b7?? would stalemate nothing; here White has no mate in 2 at all.
    assert call({"op": "mate", "game": "makruk", "position": "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
                 "mate_in": 2})["shortest"] is None
    # White to move: Met c7 stalemates, it must never count as a mate.
    fen = "k2M4/8/1K6/8/8/8/8/8 w - - 0 1"
    s = solver()
    assert s.shortest_win(state_of(fen), 2) is None


def test_refutation_escapes_the_mate():
    s = solver()
    fen = "k7/8/2K5/8/8/8/8/7R w - - 0 1"
    state = state_of(fen)
    wrong = next(h for h in state.handles() if text_of(state, h) == "h1h7")
    reply = s.refutation(state, wrong, 2)
    assert reply is not None
    after = call({"op": "play", "game": "makruk", "position": fen,
                  "moves": ["h1h7", text_of(state.child(wrong), reply)]})
    assert call({"op": "mate", "game": "makruk", "position": after["position"], "mate_in": 1})["shortest"] is None


def test_proof_tree_covers_every_move_and_follows_longest_defence():
    state = state_of("k7/8/2K5/8/8/8/8/7R w - - 0 1")
    tree = proof_tree(solver(), state, 2, ["c6b6", "a8b8", "h1h8"])
    legal = {text_of(state, h) for h in state.handles()}
    assert set(tree["wins"]) | set(tree["refutations"]) == legal
    assert not set(tree["wins"]) & set(tree["refutations"])
    node = tree["wins"]["c6b6"]
    assert node["reply"] == "a8b8"
    assert node["node"]["wins"] == {"h1h8": {"mate": True}}


def test_longest_defences():
    fen = "k7/8/2K5/8/8/8/8/7R w - - 0 1"
    s = solver()
    after = state_of(call({"op": "play", "game": "makruk", "position": fen, "moves": ["c6b6"]})["position"])
    assert longest_defences(s, after, 1) == {"a8b8"}


def test_defend_avoids_a_mate_in_one():
    # Black to move: Khun b8 must not stay where Ruea h8 mates.
    reply = call({"op": "defend", "game": "makruk", "position": "1k6/8/1K6/8/8/8/8/7R b - - 0 1", "horizon": 2})
    assert reply["ok"]
    follow = call({"op": "mate", "game": "makruk", "position": "1k6/8/1K6/8/8/8/8/7R b - - 0 1",
                   "moves": [reply["move"]], "mate_in": 1})
    assert follow["shortest"] is None


@pytest.mark.parametrize("request_, code", [
    ({"op": "mate", "game": "makruk", "mate_in": 0}, "BAD_REQUEST"),
    ({"op": "mate", "game": "makruk", "mate_in": "2"}, "BAD_TYPE"),
    ({"op": "defend", "game": "makruk", "horizon": 9}, "BAD_REQUEST"),
    ({"op": "defend", "game": "makruk", "position": "k7/8/8/8/8/8/1R6/R3K3 b - - 0 1", "horizon": 1}, "GAME_OVER"),
])
def test_search_request_errors(request_, code):
    reply = call(request_)
    assert reply["ok"] is False and reply["error"]["code"] == code


def test_material_search_finds_the_fork_and_only_at_enough_depth():
    fen = "r3k3/8/8/1N6/8/8/8/3K4 w - - 0 1"  # Ma b5-c7+ forks Khun e8 and Ruea a8
    shallow = MaterialSearch(unlimited()).move_scores(state_of(fen), 1)
    deep = MaterialSearch(unlimited()).move_scores(state_of(fen), 2)
    assert max(shallow, key=shallow.get) != "b5c7"
    ranked = sorted(deep.items(), key=lambda kv: -kv[1])
    assert ranked[0] == ("b5c7", 3.0)
    assert ranked[0][1] - ranked[1][1] >= 5.0


@pytest.mark.parametrize("fen, expected", [
    ("8/8/4K3/8/8/8/1k6/R7 b - 32 8 1", "b2a1"),  # taking the last piece draws at once
    ("6R1/8/4K3/8/8/8/1k6/N7 b - 32 10 1", "b2a1"),  # a free Ma is worth taking
])
def test_defend_prefers_a_draw_and_free_material(fen, expected):
    assert call({"op": "defend", "game": "makruk", "position": fen, "horizon": 2})["move"] == expected
