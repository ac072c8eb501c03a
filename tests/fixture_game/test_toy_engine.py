"""Toy race's engine tests, through the JSON door like any game's: registered from outside
engine/ (engine.registry.load), its board size and names in the ``games`` op, its rules, the
shared play plumbing (game over, last-move words) and the shared search. They run in CPython
and inside Pyodide (tests/pyodide/test_fixture_game_in_pyodide.py)."""
from __future__ import annotations

import pytest

from engine import registry
from engine.api import call

START = "ppp/3/3/PPP w"
WON_IN_ONE = "pp1/P1p/3/2P w"  # White's a3 takes b4 and stands on the far rank; c1c2 does not win


@pytest.fixture(autouse=True)
def toy():
    """The toy registered for one test, then gone again (other tests list the real games only)."""
    spec = registry.load("toy")
    yield spec
    del registry.GAMES[spec.id]


def play(*moves, position=START):
    return call({"op": "play", "game": "toy", "position": position, "moves": list(moves)})


def error(*moves, position=START):
    reply = play(*moves, position=position)
    assert reply["ok"] is False, reply
    return reply["error"]


def test_the_games_op_lists_the_toy_with_its_board_size_and_names():
    games = {g["id"]: g for g in call({"op": "games"})["games"]}
    toy = games["toy"]
    assert (toy["files"], toy["ranks"]) == (3, 4)
    assert toy["name"] == "Toy race" and toy["name_th"] == "เกมแข่งเบี้ย"
    assert toy["sides"] == ["white", "black"] and toy["start_position"] == START
    assert (games["makruk"]["files"], games["makruk"]["ranks"]) == (8, 8)


def test_loading_the_same_package_again_changes_nothing(toy):
    assert registry.load("toy") is toy and list(registry.GAMES).count("toy") == 1


def test_pawns_step_straight_forward_onto_empty_squares():
    start = play()
    assert start["board"] == {"a1": "P", "b1": "P", "c1": "P", "a4": "p", "b4": "p", "c4": "p"}
    assert start["legal_moves"] == ["a1a2", "b1b2", "c1c2"] and start["turn"] == "white"
    after = play("a1a2", "b4b3", "a2a3")
    assert after["position"] == "p1p/Pp1/3/1PP b"
    # a4 is blocked by the white pawn on a3; b3 takes nothing on empty diagonals
    assert after["legal_moves"] == ["b3b2", "c4c3"]


def test_a_pawn_takes_diagonally_forward_and_the_move_is_said_in_both_languages():
    before = play("a1a2", "b4b3")
    take = next(m for m in before["legal"] if m["move"] == "a2b3")
    assert take["captures"] == ["b3"] and take["words"]["en"] == "White pawn a2 takes b3"
    after = play("a1a2", "b4b3", "a2b3")
    assert after["board"]["b3"] == "P" and after["last_move"] == "a2b3"
    assert after["last_move_words"] == {"th": "ขาว เบี้ย a2 กิน b3", "en": "White pawn a2 takes b3"}


def test_reaching_the_far_rank_wins_and_then_no_move_is_taken():
    won = play("a3b4", position=WON_IN_ONE)
    assert won["status"] == {"result": "white_wins", "reason": "far_rank"} and won["legal_moves"] == []
    late = error("a3b4", "a4a3", position=WON_IN_ONE)
    assert late["code"] == "GAME_OVER" and late["field"] == "moves[1]"


def test_a_side_without_a_move_loses():
    stuck = play(position="p2/P2/3/3 w")  # White's only pawn is blocked
    assert stuck["status"] == {"result": "black_wins", "reason": "no_moves"}


def test_bad_text_and_illegal_moves_are_refused_with_their_reason():
    bad = error("a1-a2")
    assert bad["code"] == "BAD_MOVE" and "a1a2" in bad["message"] and bad["message_th"]
    illegal = error("a1b2")
    assert illegal["code"] == "ILLEGAL_MOVE" and illegal["reason"] == "piece_cannot_move_there"
    off_board = error("a1d2")  # the board has no d-file
    assert off_board["code"] == "BAD_MOVE"
    position = call({"op": "play", "game": "toy", "position": "ppp/3/PPP w"})["error"]
    assert position["code"] == "BAD_POSITION" and position["field"] == "position"


def test_position_text_reads_back_to_the_same_position():
    for moves in ([], ["a1a2"], ["a1a2", "b4b3", "a2b3"], ["c1c2", "a4a3", "c2c3"]):
        reply = play(*moves)
        again = play(position=reply["position"])
        assert (again["position"], again["board"], again["turn"]) == (reply["position"], reply["board"], reply["turn"])


def test_perft_counts_the_tree_by_hand():
    # 3 first moves; each leaves Black its 3 steps forward: 9
    assert [call({"op": "perft", "game": "toy", "depth": d})["nodes"] for d in (1, 2)] == [3, 9]


def test_the_shared_search_finds_the_win_and_the_computer_plays_it():
    mate = call({"op": "mate", "game": "toy", "position": WON_IN_ONE, "mate_in": 1})
    assert mate["shortest"] == 1 and mate["keys"] == {"a3b4": 1}
    best = call({"op": "bestmove", "game": "toy", "position": WON_IN_ONE, "level": 3})
    assert best["move"] == "a3b4" and best["words"]["th"] == "ขาว เบี้ย a3 กิน b4"
