"""Every error of the JSON door comes back as a stable code with English and Thai messages."""

import json
import subprocess
import sys

import pytest

from engine.api import call
from engine.errors import CODES

START = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"


def error_of(request):
    reply = call(request)
    assert reply["ok"] is False, reply
    error = reply["error"]
    assert error["code"] in CODES
    assert error["message"] and error["message_th"]
    assert any("\u0e00" <= ch <= "\u0e7f" for ch in error["message_th"]), "Thai message must be in Thai"
    return error


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
    (["e3e5"], "ILLEGAL_MOVE", "cannot move from e3 to e5"),
    (["e4e5"], "ILLEGAL_MOVE", "no piece on e4"),
    (["e6e5"], "ILLEGAL_MOVE", "white's turn"),
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


@pytest.mark.parametrize("request_, code, field", [
    ({"op": "play", "game": "chess"}, "UNKNOWN_GAME", "game"),
    ({"op": "dance", "game": "makruk"}, "UNKNOWN_OP", "op"),
    ({"game": "makruk"}, "BAD_REQUEST", "op"),
    ({"op": "play"}, "BAD_REQUEST", "game"),
    ({"op": 3}, "BAD_TYPE", "op"),
    ({"op": "play", "game": ["makruk"]}, "BAD_TYPE", "game"),
    ({"op": "play", "game": "makruk", "position": 5}, "BAD_TYPE", "position"),
    ({"op": "play", "game": "makruk", "moves": "e3e4"}, "BAD_TYPE", "moves"),
    ({"op": "play", "game": "makruk", "options": []}, "BAD_TYPE", "options"),
    ({"op": "play", "game": "makruk", "options": {"castling": True}}, "UNKNOWN_OPTION", "options.castling"),
    ({"op": "play", "game": "makruk", "options": {"repetitionCount": 9}}, "BAD_OPTION_VALUE",
     "options.repetitionCount"),
    ({"op": "play", "game": "makruk", "options": {"kingKnightLeap": 1}}, "BAD_OPTION_VALUE",
     "options.kingKnightLeap"),
    ({"op": "perft", "game": "makruk", "depth": "3"}, "BAD_TYPE", "depth"),
    ({"op": "perft", "game": "makruk", "depth": True}, "BAD_TYPE", "depth"),
    ({"op": "perft", "game": "makruk", "depth": 99}, "BAD_REQUEST", "depth"),
])
def test_request_errors(request_, code, field):
    error = error_of(request_)
    assert error["code"] == code
    assert error["field"] == field


@pytest.mark.parametrize("request_", [None, [], "play", 3, 1.5])
def test_non_object_requests(request_):
    assert error_of(request_)["code"] == "BAD_REQUEST"


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


def test_cli_reads_one_request_and_reports_errors_as_json():
    run = subprocess.run([sys.executable, "-m", "engine", '{"op": "start", "game": "makruk"}'],
                         capture_output=True, text=True, check=True)
    assert json.loads(run.stdout) == {"ok": True, "position": START}
    run = subprocess.run([sys.executable, "-m", "engine"], input="{not json", capture_output=True, text=True)
    assert run.returncode == 1 and json.loads(run.stdout)["error"]["code"] == "BAD_REQUEST"
    run = subprocess.run([sys.executable, "-m", "engine", "perft", "makruk", "3"],
                         capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "12012"
