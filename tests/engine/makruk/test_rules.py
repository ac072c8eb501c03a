"""Makruk rules of §1.1: moves, promotion, check, checkmate, stalemate, draws, street options."""

import pytest
from mk_helpers import play

from engine.api import call


def targets(reply, square):
    return sorted(m[2:4] for m in reply["legal_moves"] if m.startswith(square))


@pytest.mark.parametrize("fen, square, expected", [
    # Khun: one step any way.
    ("4k2r/8/8/8/3K4/8/8/8 w - - 0 1", "d4", ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"]),
    # Met: one step diagonally.
    ("4k3/8/8/8/3M4/8/8/K7 w - - 0 1", "d4", ["c3", "c5", "e3", "e5"]),
    # Khon: diagonals plus one straight forward (White forward = up).
    ("4k3/8/8/8/3S4/8/8/K7 w - - 0 1", "d4", ["c3", "c5", "d5", "e3", "e5"]),
    # Black Khon: forward is down.
    ("4k3/8/8/8/3s4/8/8/K7 b - - 0 1", "d4", ["c3", "c5", "d3", "e3", "e5"]),
    # Ma: the chess knight.
    ("4k3/8/8/8/3N4/8/8/K7 w - - 0 1", "d4", ["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"]),
    # Ruea: the chess rook, blocked by pieces.
    ("4k3/8/8/3p4/1P1R4/8/8/K7 w - - 0 1", "d4", ["c4", "d1", "d2", "d3", "d5", "e4", "f4", "g4", "h4"]),
    # Bia: one step forward, no double step.
    ("4k3/8/8/8/8/3P4/8/K7 w - - 0 1", "d3", ["d4"]),
    # Bia captures diagonally forward only (Black's forward is down).
    ("4k3/8/8/8/2p5/1P1P4/8/K7 b - - 0 1", "c4", ["b3", "c3", "d3"]),
    ("4k3/8/8/8/2p5/2P5/8/K7 b - - 0 1", "c4", []),
    # Bia-ngai (promoted) moves like a Met.
    ("4k3/8/3M~4/8/8/8/8/K7 w - - 0 1", "d6", ["c5", "c7", "e5", "e7"]),
])
def test_piece_moves(fen, square, expected):
    assert targets(play(fen), square) == expected


def test_bia_promotes_on_sixth_rank_and_is_drawn_as_promoted():
    reply = play("4k3/8/8/3P4/8/8/8/K7 w - - 0 1", ["d5d6m"])
    assert reply["board"]["d6"] == "M~"
    assert reply["position"].startswith("4k3/8/3M~4/")
    assert reply["last_move"] == "d5d6m"
    # The promotion suffix may be omitted (promotion is forced) and a plain Met stays a Met.
    assert play("4k3/8/8/3P4/8/8/8/K7 w - - 0 1", ["d5d6"])["board"]["d6"] == "M~"
    assert play("4k3/8/3M4/8/8/8/8/K7 w - - 0 1")["board"]["d6"] == "M"


def test_black_bia_promotes_on_third_rank():
    reply = play("4k3/8/8/8/3p4/8/8/K7 b - - 0 1", ["d4d3m"])
    assert reply["board"]["d3"] == "m~"


def test_check_is_reported_and_must_be_answered():
    reply = play("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", ["a1a8"])
    assert reply["status"]["check"] is True
    assert reply["status"]["result"] == "ongoing"
    assert all(m.startswith("e8") for m in reply["legal_moves"])
    assert "e8d8" not in reply["legal_moves"] and "e8e7" in reply["legal_moves"]


def test_checkmate_wins():
    reply = play("4k3/R7/4K3/8/8/8/8/8 w - - 0 1", ["a7a8"])
    assert reply["status"] == {"result": "white_wins", "reason": "checkmate", "check": True,
                               "counting": reply["status"]["counting"]}
    assert reply["legal_moves"] == []


def test_stalemate_is_a_draw():
    # After Met d8-c7 the black Khun on a8 has no move and is not in check.
    reply = play("k2M4/8/1K6/8/8/8/8/8 w - - 0 1", ["d8c7"])
    assert reply["status"]["result"] == "draw" and reply["status"]["reason"] == "stalemate"
    assert reply["status"]["check"] is False


def test_khun_against_khun_is_a_draw_and_option_can_switch_it_off():
    fen = "4k3/8/8/8/8/8/3r4/3K4 w - - 0 1"
    assert play(fen, ["d1d2"])["status"]["reason"] == "insufficient_material"
    assert play(fen, ["d1d2"], bareKingsDraw=False)["status"]["result"] == "ongoing"


SHUFFLE = ["b1d2", "b8d7", "d2b1", "d7b8"]


def test_repetition_draw_defaults_to_four_occurrences():
    start = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"
    # After each SHUFFLE cycle the start position occurs once more: 1 + 3 cycles = 4.
    assert play(start, SHUFFLE * 2)["status"]["result"] == "ongoing"
    reply = play(start, SHUFFLE * 3)
    assert reply["status"] == {**reply["status"], "result": "draw", "reason": "repetition"}
    assert play(start, SHUFFLE * 2, repetitionCount=3)["status"]["reason"] == "repetition"


def test_no_double_step_no_castling_in_standard_rules():
    reply = play("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1")
    assert "e3e5" not in reply["legal_moves"]
    assert len(reply["legal_moves"]) == 23


def test_street_option_khun_knight_leap():
    """A-M13 as Fairy-Stockfish's cambodian: sideways one rank forward only, onto an empty square."""
    fen = "r3k3/8/8/8/8/8/8/3K3R w - - 0 1"
    assert "d1c3" not in play(fen)["legal_moves"] and "d1b2" not in play(fen)["legal_moves"]
    leap = play(fen, kingKnightLeap=True)["legal_moves"]
    assert {"d1b2", "d1f2"} <= set(leap)
    assert not {"d1c3", "d1e3"} & set(leap), "no leap further forward"
    # Only on the Khun's first move.
    after = play(fen, ["d1d2", "e8e7", "d2d1", "e7e8"], kingKnightLeap=True)
    assert "d1c3" not in after["legal_moves"] and "d1b2" not in after["legal_moves"]


def test_khun_leap_never_captures_and_black_leaps_from_e8():
    white = play("4k3/8/8/8/8/8/1m6/3K4 w - - 0 1", kingKnightLeap=True)["legal_moves"]
    assert "d1f2" in white and "d1b2" not in white, "the leap never captures"
    black = play("4k3/8/8/8/8/8/8/R2K4 b - - 0 1", kingKnightLeap=True)["legal_moves"]
    assert {"e8c7", "e8g7"} <= set(black) and not {"e8d6", "e8f6"} & set(black)


def test_khun_loses_the_leap_once_it_has_been_in_check():
    fen = "4k3/8/8/8/8/8/r7/3K4 b - - 0 1"
    assert "d1b2" in play(fen, ["a2a3"], kingKnightLeap=True)["legal_moves"]
    checked = play(fen, ["a2a1"], kingKnightLeap=True)  # Ruea checks on the first rank
    assert checked["status"]["check"] and "d1b2" not in checked["legal_moves"]
    # The Khun steps up and back, the Ruea goes away: the right does not come back.
    later = play(fen, ["a2a1", "d1d2", "a1a3", "d2d1", "a3a4"], kingKnightLeap=True)
    assert "d1b2" not in later["legal_moves"] and "d1f2" not in later["legal_moves"]
    # A check that the Khun survives without moving (the checker is taken) also ends the right.
    taken = "k7/8/8/8/4n3/8/8/2RK4 b - - 0 1"
    assert {"d1b2", "d1f2"} <= set(play(taken, ["e4g5", "c1c3", "a8a7", "c3c1", "a7a8"], kingKnightLeap=True)
                                   ["legal_moves"])
    after = play(taken, ["e4c3", "c1c3", "a8a7", "c3c1", "a7a8"], kingKnightLeap=True)
    assert "d1b2" not in after["legal_moves"] and "d1f2" not in after["legal_moves"]


def test_street_option_met_double_step():
    fen = "4k3/8/8/8/8/8/8/K3M3 w - - 0 1"
    assert "e1e3" not in play(fen)["legal_moves"]
    assert "e1e3" in play(fen, metDoubleStep=True)["legal_moves"]
    # It leaps over a piece on e2, but lands only on an empty square (no capture on e3).
    assert "e1e3" in play("4k3/8/8/8/8/8/4N3/K3M3 w - - 0 1", metDoubleStep=True)["legal_moves"]
    assert "e1e3" not in play("4k3/8/8/8/8/4N3/8/K3M3 w - - 0 1", metDoubleStep=True)["legal_moves"]
    assert "e1e3" not in play("4k3/8/8/8/8/4n3/8/K3M3 w - - 0 1", metDoubleStep=True)["legal_moves"]
    black = play("3mk3/8/8/8/8/8/8/K7 b - - 0 1", metDoubleStep=True)["legal_moves"]
    assert "d8d6" in black
    # Only as the Met's first move.
    assert "e1e3" not in play(fen, ["e1d2", "e8e7", "d2e1", "e7e8"], metDoubleStep=True)["legal_moves"]


@pytest.mark.parametrize("options, fen_field", [
    ({}, "-"),
    ({"kingKnightLeap": True}, "De"),
    ({"metDoubleStep": True}, "Ed"),
    ({"kingKnightLeap": True, "metDoubleStep": True}, "DEde"),
])
def test_street_rights_are_written_in_field_3_as_fairy_stockfish_does(options, fen_field):
    start = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"
    assert play(start, **options)["position"].split()[2] == fen_field


def test_street_rights_read_back_and_lost_rights_are_written_as_zero():
    fen = "3mk3/8/8/8/8/8/8/3KM3 w - - 0 1"  # '-': the pieces on their home squares are unmoved
    both = {"kingKnightLeap": True, "metDoubleStep": True}
    moved = play(fen, ["d1d2", "e8e7", "d2d1", "e7e8"], **both)
    assert moved["position"].split()[2] == "Ed", "the Khuns have moved: only the Met rights remain"
    none = play(fen, ["d1d2", "e8e7", "d2d1", "e7e8", "e1d2", "d8c7", "d2e1", "c7d8"], **both)
    assert none["position"].split()[2] == "0", "pieces at home without rights: '0', not '-'"
    for reply in (moved, none):
        again = play(reply["position"], **both)
        assert again["position"] == reply["position"] and again["legal_moves"] == reply["legal_moves"]
    # Letters must name a Khun or Met standing on its home square.
    error = call({"op": "play", "game": "makruk", "position": "3mk3/8/8/8/8/8/3K4/4M3 w D - 0 1"})["error"]
    assert error["code"] == "BAD_POSITION" and "d1" in error["message"] and "ขุน" in error["message_th"]


# --- shuttle draw (A-M12, opt-in) --------------------------------------------------------
SHUTTLE_FEN = "4k2r/8/8/8/8/8/8/R3K3 w - - 0 1"


def test_shuttle_draw_after_a_sides_fourth_back_and_forth_move():
    white = ["a1a2", "a2a1", "a1a2", "a2a1"]
    black = ["h8h7", "h7h6", "h6h5", "h5h4"]  # Black wanders: only White shuttles
    moves = [m for pair in zip(white, black) for m in pair][:-1]
    reply = play(SHUTTLE_FEN, moves, shuttleDraw=True)
    assert (reply["status"]["result"], reply["status"]["reason"]) == ("draw", "shuttle")
    assert reply["legal_moves"] == [] and reply["actions"] == []
    assert play(SHUTTLE_FEN, moves[:-1], shuttleDraw=True)["status"]["result"] == "ongoing"
    assert play(SHUTTLE_FEN, moves)["status"]["result"] == "ongoing", "off by default"


@pytest.mark.parametrize("white", [
    ["a1a2", "a2a1", "a1a2", "a2a3"],  # the last move goes elsewhere
    ["a1a2", "a2a1", "a1a3", "a3a1"],  # two different squares B
    ["a1a2", "a2a1", "e1d1", "d1e1"],  # another piece moves back and forth
])
def test_no_shuttle_draw_without_four_moves_between_the_same_two_squares(white):
    black = ["h8h7", "h7h6", "h6h5", "h5h4"]
    moves = [m for pair in zip(white, black) for m in pair][:-1]
    assert play(SHUTTLE_FEN, moves, shuttleDraw=True)["status"]["result"] == "ongoing"


def test_checkmate_on_the_fourth_shuttle_move_is_a_mate():
    fen = "k7/2K5/8/p7/1P6/8/8/R7 w - - 0 1"  # the black Bia on a5 shields the a-file until it takes b4
    moves = ["a1b1", "a8a7", "b1a1", "a7a8", "a1b1", "a5b4", "b1a1"]
    reply = play(fen, moves, shuttleDraw=True)
    assert (reply["status"]["result"], reply["status"]["reason"]) == ("white_wins", "checkmate")
