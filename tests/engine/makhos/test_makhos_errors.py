"""Mak-hot's bad input through the JSON door (the issue's "Bad input" list and more): every error
has a stable code, English and Thai messages, quotes the input and names what is wrong."""

from __future__ import annotations

import pytest
from door_checks import error_of

from engine.errors import QUOTE_LIMIT


def position_error(position: object, **options) -> dict:
    return error_of({"op": "play", "game": "makhos", "position": position, "options": options})


def move_error(position: str, *moves: object, **options) -> dict:
    error = error_of({"op": "play", "game": "makhos", "position": position, "moves": list(moves),
                      "options": options})
    assert error["field"] == f"moves[{len(moves) - 1}]"
    return error


# ----------------------------------------------------------------- impossible positions (the list)
@pytest.mark.parametrize("position, needle, needle_th", [
    ("W:Wa1,b1:Bb8", "piece on b1 stands on a light square", "b1 อยู่บนช่องสีอ่อน"),
    ("W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3:Bb8", "White has 9 pieces; a side starts with 8", "มีหมาก 9 ตัว"),
    ("W:Wa1:Bb8,d8,f8,h8,a7,c7,e7,g7,Kb6", "Black has 9 pieces", "ฝ่ายดำมีหมาก 9 ตัว"),
    ("W:Wa1,d8:Bb8", "White man on d8, its own far row", "แถวสุดท้าย"),
    ("W:Wa1:Bb8,c1", "Black man on c1, its own far row", "Kc1"),
    ("W:Wa1,c3,a1:Bb8", "two pieces on a1", "มีหมากสองตัวอยู่ที่ a1"),
    ("W:Wa1,c3:Bb8,Kc3", "two pieces on c3", "c3"),
    ("W:Wa1:B", "Black has no piece, so it cannot have made the last move", "ฝ่ายดำไม่มีหมากเหลือ"),
])
def test_impossible_positions_name_what_is_wrong(position, needle, needle_th):
    error = position_error(position)
    assert error["code"] == "ILLEGAL_POSITION" and error["field"] == "position"
    assert needle in error["message"] and needle_th in error["message_th"]
    assert repr(position) in error["message"] and repr(position) in error["message_th"]


@pytest.mark.parametrize("position, needle", [
    ("", "must start with the side to move"),
    ("X:Wa1:Bb8", "not 'X'"),
    ("W:Wa1", "Black's pieces ('B...') is missing"),
    ("W:Wa1:Bb8:Wc3", "pieces of White are listed twice"),
    ("W:Wa1,z9:Bb8", "'z9' is not a square"),
    ("W:Wa1,,c1:Bb8", "'' is not a square"),
    ("W:Wa1:Bb8:Q", "unknown field 'Q'"),
    ("W:Wa1:Bb8:C", "only under the option captureRule 'claimable'"),
    ("B:Wd4,e3:Bf4,a7:Mc3-d4", "only under the option captureRule 'claimable'"),
])
def test_malformed_position_text(position, needle):
    error = position_error(position)
    assert error["code"] == "BAD_POSITION" and needle in error["message"], error
    assert repr(position) in error["message"]


def test_position_must_be_a_string():
    assert position_error(["W:Wa1:Bb8"])["code"] == "BAD_TYPE"


@pytest.mark.parametrize("position, needle", [
    ("W:Wa1:Bb8:C", "White has no capture"),
    ("B:Wd4,c3:Bf4,a7:Mc3-d4", "d4 must hold a piece of White and c3 must be empty"),
    ("B:Wd4,e3:Bf4,a7:MKc3-d4", "could not have played with a king"),
    ("B:Wd4,e3:Bf4,a7:Mb2-d4", "could not have played"),
    ("B:Wd4,e3:Bh4,a7:Mc3-d4", "there was none to make"),
])
def test_claim_fields_that_cannot_be(position, needle):
    error = position_error(position, captureRule="claimable")
    assert error["code"] == "ILLEGAL_POSITION" and needle in error["message"], error


# ----------------------------------------------------------------- moves (the list)
def test_a_partial_capture_is_refused_and_the_message_names_the_continuation():
    error = move_error("W:Wc3:Bd4,f6,d6", "c3xe5")
    assert error["code"] == "ILLEGAL_MOVE" and error["reason"] == "capture_unfinished"
    assert "c3xe5xc7, c3xe5xg7" in error["message"] and "c3xe5xc7, c3xe5xg7" in error["message_th"]


@pytest.mark.parametrize("position, move, reason, square", [
    ("W:Wc3:Bd4,f6,d6", "c3xe5xa5", "not_on_diagonal", "a5"),
    ("W:Wc3:Bd4,f6,d6,h8", "c3xe5xg3", "man_captures_forward", "g3"),
    ("W:Wc3:Bd4,f6,d6", "c3xg7", "man_jumps_adjacent", "g7"),
    ("W:Wc3:Bd4,e7,h8", "c3xe5xg7", "nothing_to_capture", "g7"),
    ("W:Wc3,f6:Bd4,h8", "c3xe5xg7", "own_piece_in_way", "g7"),
    ("W:Wc3:Bd4,f6,g7,a7", "c3xe5xh8", "man_jumps_adjacent", "h8"),
    ("W:WKa1:Bd4,f6,h8", "a1xh8", "square_occupied", "h8"),
    ("W:WKa1:Bc3,f6,a7", "a1xg7", "two_pieces_in_way", "g7"),
    ("W:WKa1:Be5,a7", "a1xg7", "king_lands_just_beyond", "g7"),
    ("W:Wb6:Bc7,e7,h4", "b6xd8xf6", "crowned_move_ends", "f6"),
])
def test_a_route_through_a_square_it_cannot_reach_names_the_square(position, move, reason, square):
    error = move_error(position, move)
    assert error["code"] == "ILLEGAL_MOVE" and error["reason"] == reason, error
    assert f"capture to {square}" in error["message"] and f"ลง {square} ไม่ได้" in error["message_th"]


def test_a_king_turning_straight_back_is_refused_under_no_reverse():
    error = move_error("W:WKc3:Bd4,b2", "c3xe5xa1", kingContinuation="noReverse")
    assert error["reason"] == "no_turning_back" and "capture to a1" in error["message"]


def test_a_king_landing_where_it_cannot_go_on_is_refused_under_any_landing():
    error = move_error("W:WKa1:Be5,e7,a3", "a1xg7", kingLanding="any")
    assert error["reason"] == "must_land_to_continue" and "capture to g7" in error["message"]


@pytest.mark.parametrize("position, move, reason, needle", [
    ("W:Wc3:Bh8", "c4-d5", "light_square", "c4 is a light square"),
    ("W:Wc3:Bh8", "e3-f4", "no_piece", "there is no piece on e3"),
    ("W:Wc3:Bh8", "h8-g7", "not_your_piece", "it is White's turn; the piece on h8 is Black's"),
    ("W:Wc3,d4:Bh8", "c3-d4", "square_occupied", "d4 is occupied"),
    ("W:Wc3:Bh8", "c3-b2", "piece_cannot_move_there", "a man moves one square diagonally forward"),
    ("W:Wc3:Bh8", "c3-e5", "piece_cannot_move_there", "a man moves one square diagonally forward"),
    ("W:WKc3:Bh8", "c3-c5", "piece_cannot_move_there", "a king moves only along a diagonal"),
    ("W:WKc3,e5:Bh8", "c3-f6", "path_blocked", "the piece on e5 blocks the way"),
    ("W:Wc3:Bd4,h8", "c3-e5", "capture_written_as_step", "c3xe5"),
    ("W:Wb2,d2:Be3,h8", "b2-a3", "capture_compulsory", "capturing is compulsory and a capture is there: d2xf4"),
    ("W:Wc3:Bh8", "c3xd4", "no_capture", "a move that takes nothing is written c3-d4"),
])
def test_refused_moves_give_the_reason(position, move, reason, needle):
    error = move_error(position, move)
    assert error["code"] == "ILLEGAL_MOVE" and error["reason"] == reason, error
    assert needle in error["message"] and repr(move) in error["message"]


@pytest.mark.parametrize("move", ["c3d4", "c3-d4-e5", "c3xd4-e5", "C3-D4", "c3 - d4", "c3:e5", "", "x" * 10_000])
def test_malformed_move_text(move):
    error = move_error("W:Wc3:Bh8", move)
    assert error["code"] == "BAD_MOVE" and "'c3-d4'" in error["message"] and "'c3xe5xg7'" in error["message"]
    assert len(error["message"]) < 2 * QUOTE_LIMIT + 300


def test_huge_position_text_is_quoted_short():
    error = position_error("W:Wa1:B" + "b8," * 5000)
    assert error["code"] in ("BAD_POSITION", "ILLEGAL_POSITION")
    assert len(error["message"]) < 2 * QUOTE_LIMIT + 300 and len(error["message_th"]) < 2 * QUOTE_LIMIT + 300
