"""Makruk rules of §1.1: moves, promotion, check, checkmate, stalemate, draws, street options."""

import pytest

from engine.api import call


def play(position, moves=(), **options):
    reply = call({"op": "play", "game": "makruk", "position": position, "moves": list(moves), "options": options})
    assert reply["ok"], reply
    return reply


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
    fen = "r3k3/8/8/8/8/8/8/3K3R w - - 0 1"
    assert "d1c3" not in play(fen)["legal_moves"]
    leap = play(fen, kingKnightLeap=True)["legal_moves"]
    assert {"d1b2", "d1c3", "d1e3", "d1f2"} <= set(leap)
    # Only on the Khun's first move.
    after = play(fen, ["d1d2", "e8e7", "d2d1", "e7e8"], kingKnightLeap=True)
    assert "d1c3" not in after["legal_moves"]


def test_street_option_met_double_step():
    fen = "4k3/8/8/8/8/8/8/K3M3 w - - 0 1"
    assert "e1e3" not in play(fen)["legal_moves"]
    assert "e1e3" in play(fen, metDoubleStep=True)["legal_moves"]
    blocked = play("4k3/8/8/8/8/8/4N3/K3M3 w - - 0 1", metDoubleStep=True)
    assert "e1e3" not in blocked["legal_moves"]
