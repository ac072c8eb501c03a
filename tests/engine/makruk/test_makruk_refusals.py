"""Why a move or a counting action is refused: one case per stable reason code (``error.reason``),
each with its short English and Thai sentence. The Thai message is the reason alone, once."""

from __future__ import annotations

import re

import pytest
from door_checks import error_of

from engine.makruk import refusals

START = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"
LONE_RUEA = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"
LEAP = {"kingKnightLeap": True}
DOUBLE = {"metDoubleStep": True}

# reason, position, moves, options, English (after "illegal move '<move>': "), Thai (the whole message)
MOVE_CASES = [
    ("no_piece", START, ["e4e5"], {}, "there is no piece on e4", "ไม่มีหมากอยู่ที่ e4"),
    ("not_your_piece", START, ["e6e5"], {}, "it is White's turn; the Bia on e6 is Black's",
     "ตานี้ฝ่ายขาวเดิน เบี้ยที่ e6 เป็นของฝ่ายดำ"),
    ("own_piece_on_target", LONE_RUEA, ["a1e1"], {}, "White's own Khun stands on e1", "มีขุนฝ่ายขาวเองอยู่ที่ e1"),
    ("piece_cannot_move_there", START, ["e3e5"], {}, "a Bia moves one square straight forward",
     "เบี้ยเดินตรงไปข้างหน้าได้ทีละหนึ่งช่อง"),
    ("king_leap_gone", "4k3/8/8/8/8/8/8/r2K4 w - - 0 1", ["d1f2"], LEAP,
     "the Khun's leap is gone: it has moved or been in check", "ขุนหมดสิทธิ์กระโดดแล้ว เพราะเคยเดินหรือเคยถูกรุก"),
    ("king_leap_no_capture", "4k3/8/8/8/8/8/1m6/3K4 w - - 0 1", ["d1b2"], LEAP, "the Khun's leap never captures",
     "ขุนกระโดดกินหมากไม่ได้"),
    ("met_step_gone", "4k3/8/8/8/8/8/8/K3M3 w - - 0 1", ["e1d2", "e8e7", "d2e1", "e7e8", "e1e3"], DOUBLE,
     "the Met's double step is gone: it has moved", "เม็ดหมดสิทธิ์เดินสองช่องแล้ว เพราะเคยเดิน"),
    ("met_step_no_capture", "4k3/8/8/8/8/4n3/8/K3M3 w - - 0 1", ["e1e3"], DOUBLE,
     "the Met's double step never captures", "เม็ดเดินสองช่องกินหมากไม่ได้"),
    ("promotion_suffix", "4k3/8/8/8/4P3/8/8/R3K3 w - - 0 1", ["e4e5m"], {},
     "the suffix 'm' marks a promotion, and this move does not promote",
     "'m' ท้ายตาเดินใช้กับการหงายเบี้ย แต่ตานี้ไม่ได้หงายเบี้ย"),
    ("king_into_check", "4k3/8/8/8/8/8/3r4/R3K3 w - - 0 1", ["e1e2"], {}, "White's Khun would be in check on e2",
     "ขุนขาวจะถูกรุกที่ e2"),
    ("still_in_check", "4k3/8/8/8/8/8/8/R3K2r w - - 0 1", ["a1a2"], {},
     "White's Khun is in check and this move does not end it", "ขุนขาวถูกรุกอยู่ ตานี้ไม่ได้แก้รุก"),
    ("own_king_in_check", "4k3/8/8/8/4r3/8/4S3/4K3 w - - 0 1", ["e2d3"], {}, "it would leave White's Khun in check",
     "ขุนขาวจะถูกรุก"),
]

# Each piece says how it does move (reason piece_cannot_move_there).
MOVEMENT_CASES = [
    (START, "e3f4", "a Bia moves diagonally only to capture", "เบี้ยเดินเฉียงได้เฉพาะตอนกิน"),
    ("4k3/8/8/8/4p3/4P3/8/4K3 w - - 0 1", "e3e4", "a Bia cannot capture straight ahead, only diagonally forward",
     "เบี้ยกินตรงไปข้างหน้าไม่ได้ กินได้เฉพาะเฉียงไปข้างหน้า"),
    (START, "a1a5", "a Ruea cannot jump: the Bia on a3 is in the way", "เรือข้ามหมากไม่ได้ มีเบี้ยขวางอยู่ที่ a3"),
    (LONE_RUEA, "a1b2", "a Ruea moves in a straight line along a file or a rank",
     "เรือเดินเป็นเส้นตรงตามแถวตั้งหรือแถวนอนเท่านั้น"),
    (START, "b1c2", "a Ma moves in an L: two squares straight, then one to the side",
     "ม้าเดินตรงไปสองช่อง แล้วหักออกข้างหนึ่งช่อง"),
    ("4k3/8/8/8/3S4/8/8/4K3 w - - 0 1", "d4d3", "a Khon steps one square diagonally or one square straight forward",
     "โคนก้าวได้หนึ่งช่องตามแนวทแยง หรือตรงไปข้างหน้าหนึ่งช่อง"),
    ("4k3/8/8/8/3M4/8/8/4K3 w - - 0 1", "d4d5", "a Met steps one square diagonally, nothing else",
     "เม็ดก้าวได้หนึ่งช่องตามแนวทแยงเท่านั้น"),
    ("4k3/8/8/8/3M~4/8/8/4K3 w - - 0 1", "d4d5", "a Bia-ngai steps one square diagonally, like a Met",
     "เบี้ยหงายก้าวได้หนึ่งช่องตามแนวทแยงเท่านั้น เหมือนเม็ด"),
    (LONE_RUEA, "e1e3", "a Khun steps one square in any direction", "ขุนก้าวได้ทีละหนึ่งช่อง ไปทางไหนก็ได้"),
]

WEAKER_BLACK = "4k3/8/8/8/8/8/4m3/R3K3 b - - 0 1"
BARE_BLACK = "4k3/8/8/8/8/8/8/R3K3 b - - 0 1"
# reason, position, moves (the last is refused), options
COUNT_CASES = [
    ("unpromoted_bia", START, ["count-start"], {}),
    ("no_count", WEAKER_BLACK, ["count-stop"], {}),
    ("count_running", WEAKER_BLACK, ["count-start", "e2d3", "count-start"], {}),
    ("not_the_counter", WEAKER_BLACK, ["count-start", "e2d3", "count-stop"], {}),
    ("pieces_count_unstoppable", "8/8/8/4k3/8/8/R7/4K3 b - 32 6 1", ["count-stop"], {}),
    ("opponent_bare", LONE_RUEA, ["count-start"], {}),
    ("pieces_count_automatic", BARE_BLACK, ["count-start"], {}),
    ("not_fewer_material", WEAKER_BLACK.replace(" b ", " w "), ["count-start"], {"boardCountClaimant": "fewerMaterial"}),
    ("count_not_over", START, ["count-draw"], {"countExpiry": "claim"}),
]


def refused(position: str, moves: list, options: dict) -> dict:
    error = error_of({"op": "play", "game": "makruk", "position": position, "moves": moves, "options": options})
    assert error["field"] == f"moves[{len(moves) - 1}]"
    return error


@pytest.mark.parametrize("reason, position, moves, options, english, thai", MOVE_CASES, ids=[c[0] for c in MOVE_CASES])
def test_each_illegal_move_reason(reason, position, moves, options, english, thai):
    error = refused(position, moves, options)
    assert error["code"] == "ILLEGAL_MOVE" and error["reason"] == reason
    assert error["message"] == f"illegal move {moves[-1]!r}: {english}"
    assert error["message_th"] == thai


@pytest.mark.parametrize("position, move, english, thai", MOVEMENT_CASES, ids=[c[1] + c[2][:12] for c in MOVEMENT_CASES])
def test_a_piece_that_cannot_go_there_says_how_it_moves(position, move, english, thai):
    error = refused(position, [move], {})
    assert error["reason"] == "piece_cannot_move_there"
    assert (error["message"], error["message_th"]) == (f"illegal move {move!r}: {english}", thai)


def test_every_documented_reason_has_a_case():
    documented = set(re.findall(r"^``(\w+)``", refusals.__doc__, re.MULTILINE))
    assert documented == {case[0] for case in MOVE_CASES}


@pytest.mark.parametrize("reason, position, moves, options", COUNT_CASES, ids=[c[0] for c in COUNT_CASES])
def test_each_counting_refusal_reason(reason, position, moves, options):
    error = refused(position, moves, options)
    assert error["code"] == "COUNT_NOT_ALLOWED" and error["reason"] == reason


def test_a_malformed_move_has_the_notation_reason():
    assert refused(START, ["e9e5"], {})["reason"] == "notation"


def test_the_thai_message_says_it_once():
    """No 'cannot' twice: the reason is the whole Thai message, without the move text."""
    for reason, position, moves, options, _, thai in MOVE_CASES:
        message = refused(position, moves, options)["message_th"]
        assert message.count("ไม่ได้") <= 1 and moves[-1] not in message, (reason, message)
