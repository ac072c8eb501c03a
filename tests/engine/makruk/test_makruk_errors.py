"""Makruk's bad input through the JSON door: FEN, positions, moves, option values; each error
has a stable code, English and Thai messages and quotes the input."""

import pytest
from door_checks import error_of

from engine.api import call

START = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"


@pytest.mark.parametrize("fen, needle", [
    ("", "field"),
    ("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8 w - - 0 1", "8 ranks"),
    ("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR x - - 0 1", "side to move"),
    ("rnsmksnr/8/ppppxppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1", "unknown piece letter 'x'"),
    ("rnsmksnr/8/ppppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1", "more than 8"),
    ("rnsmksnr/8/ppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1", "7 squares"),
    ("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w KQ - 0 1", "castling"),
    ("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - x 1", "whole number"),
    ("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR", "side to move"),
])
def test_malformed_fen(fen, needle):
    error = error_of({"op": "play", "game": "makruk", "position": fen})
    assert error["code"] == "BAD_POSITION"
    assert error["field"] == "position"
    assert needle in error["message"]
    assert repr(fen) in error["message"], "the message quotes the input"


@pytest.mark.parametrize("fen, needle", [
    ("8/8/8/8/8/8/8/8 w - - 0 1", "exactly one Khun"),
    ("k7/8/8/8/8/8/8/KK6 w - - 0 1", "exactly one Khun"),
    ("k7/8/8/8/8/8/8/4K2P w - - 0 1", "Bia"),
    ("k7/8/8/8/8/8/P7/4K3 w - - 0 1", "Bia"),
    ("k7/p7/8/8/8/8/8/4K3 w - - 0 1", "Bia"),
    ("k7/8/8/8/8/p7/8/4K3 w - - 0 1", "Bia"),
    ("k7/R7/8/8/8/8/8/4K3 w - - 0 1", "not to move"),
])
def test_impossible_position(fen, needle):
    error = error_of({"op": "legal_moves", "game": "makruk", "position": fen})
    assert error["code"] == "ILLEGAL_POSITION"
    assert needle in error["message"]


@pytest.mark.parametrize("moves, code, needle", [
    (["e3e5"], "ILLEGAL_MOVE", "a Bia moves one square straight forward"),
    (["e4e5"], "ILLEGAL_MOVE", "no piece on e4"),
    (["e6e5"], "ILLEGAL_MOVE", "White's turn"),
    (["e3e4", "e6e5", "zz"], "BAD_MOVE", "not a move"),
    (["e3e4", "e6e5", "e3e4x"], "BAD_MOVE", "not a move"),
    ([42], "BAD_TYPE", "string"),
])
def test_bad_moves_name_the_move_index(moves, code, needle):
    error = error_of({"op": "play", "game": "makruk", "moves": moves})
    assert error["code"] == code
    assert needle in error["message"]
    assert error["field"] == f"moves[{len(moves) - 1}]"


def test_move_that_leaves_khun_in_check_is_explained():
    fen = "4k3/8/8/8/4r3/8/4S3/4K3 w - - 0 1"  # the Khon on e2 is pinned by the Ruea on e4
    error = error_of({"op": "play", "game": "makruk", "position": fen, "moves": ["e2d3"]})
    assert error["code"] == "ILLEGAL_MOVE"
    assert "in check" in error["message"] and "ถูกรุก" in error["message_th"]


def test_move_after_the_game_ended():
    fen = "4k3/R7/4K3/8/8/8/8/8 w - - 0 1"
    mate = call({"op": "play", "game": "makruk", "position": fen, "moves": ["a7a8"]})
    assert mate["status"]["reason"] == "checkmate"
    error = error_of({"op": "play", "game": "makruk", "position": fen, "moves": ["a7a8", "e8d8"]})
    assert error["code"] == "GAME_OVER" and error["field"] == "moves[1]"


def test_games_lists_options_with_defaults():
    games = call({"op": "games"})["games"]
    makruk = next(g for g in games if g["id"] == "makruk")
    defaults = {o["name"]: o["default"] for o in makruk["options"]}
    assert defaults["repetitionCount"] == 4
    assert defaults["kingKnightLeap"] is False and defaults["metDoubleStep"] is False
    assert makruk["start_position"] == START
    assert call({"op": "start", "game": "makruk"}) == {"ok": True, "position": START}




@pytest.mark.parametrize("options, field", [
    ({"repetitionCount": 9}, "options.repetitionCount"),
    ({"kingKnightLeap": 1}, "options.kingKnightLeap"),
])
def test_option_values_outside_the_choices(options, field):
    error = error_of({"op": "play", "game": "makruk", "options": options})
    assert error["code"] == "BAD_OPTION_VALUE" and error["field"] == field


@pytest.mark.parametrize("fen, moves, needle", [
    ("4k3/8/8/8/4P3/8/8/R3K3 w - - 0 1", ["e4e5m"], "does not promote"),
    ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", ["a1e1"], "own Khun stands on e1"),
    ("4k3/8/8/8/8/8/8/R3K2r w - - 0 1", ["a1a2"], "White's Khun is in check and this move does not end it"),
    ("4k3/8/8/8/8/8/3r4/R3K3 w - - 0 1", ["e1e2"], "Khun would be in check on e2"),
    ("4k3/8/8/8/4r3/8/4S3/4K3 w - - 0 1", ["e2d3"], "would leave White's Khun in check"),
])
def test_illegal_moves_give_the_real_reason(fen, moves, needle):
    error = error_of({"op": "play", "game": "makruk", "position": fen, "moves": moves})
    assert error["code"] == "ILLEGAL_MOVE" and needle in error["message"], error["message"]
    assert "in check" not in error["message"] or "check" in needle, "no wrong reason"


@pytest.mark.parametrize("fen, moves, options, needle", [
    ("4k3/8/8/8/8/8/1m6/3K4 w - - 0 1", ["d1b2"], {"kingKnightLeap": True}, "leap never captures"),
    ("4k3/8/8/8/8/8/r7/3K4 b - - 0 1", ["a2a1", "d1d2", "a1a2", "d2d1", "a2a3", "d1b2"], {"kingKnightLeap": True},
     "leap is gone"),
    ("4k3/8/8/8/8/8/8/r2K4 w - - 0 1", ["d1f2"], {"kingKnightLeap": True}, "been in check"),
    ("4k3/8/8/8/8/4n3/8/K3M3 w - - 0 1", ["e1e3"], {"metDoubleStep": True}, "double step never captures"),
    ("4k3/8/8/8/8/8/8/K3M3 w - - 0 1", ["e1d2", "e8e7", "d2e1", "e7e8", "e1e3"], {"metDoubleStep": True},
     "double step is gone"),
])
def test_refused_street_moves_say_why(fen, moves, options, needle):
    error = error_of({"op": "play", "game": "makruk", "position": fen, "moves": moves, "options": options})
    assert error["code"] == "ILLEGAL_MOVE" and needle in error["message"], error["message"]
    assert error["field"] == f"moves[{len(moves) - 1}]"
