"""Komayo notation: position text read and written back, move text, and bad input refused with a
message that quotes it and names what is wrong (issue "Bad input")."""

import pytest
from door_checks import is_thai
from komayo_helpers import error, play

from engine.komayo.notation import parse_position, position_text
from engine.komayo.options import START


@pytest.mark.parametrize("text", [
    START,
    "l2ik2l/1r2s1b1/p1ppp1pp/8/8/2P1PPP1/PP5P/L1SIKSNL w BN2+Psp 30",
    "4k3/3+R+P3/8/8/8/8/8/4K3 w RB 1",
    "8/8/8/8/8/8/8/4K3 w - 40",  # Gote's king was captured: the game is over
])
def test_position_text_reads_back(text):
    assert position_text(parse_position(text)) == text


def test_hands_are_written_in_the_order_of_the_rules_with_counts():
    pos = parse_position("4k3/8/8/8/8/8/8/4K3 b p+Pbs+p2PRI 1")
    assert position_text(pos).split()[2] == "IR2P+Pbsp+p"
    assert play("4k3/8/8/8/8/8/8/4K3 b +P2P 1")["hands"] == {"sente": {"P": 2, "+P": 1}, "gote": {}}
    assert parse_position("4k3/8/8/8/8/8/8/4K3 b - 7").ply == 7
    assert parse_position("4k3/8/8/8/8/8/8/4K3 b -").ply == 1  # the ply may be left out


def test_the_ply_counts_every_move():
    assert play(START, ["e3e4", "e6e5"])["position"].endswith(" b - 3")


BAD_POSITIONS = [
    ("lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/LNSIKSNL b - 1", "BAD_POSITION", "8 ranks"),
    ("lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL", "BAD_POSITION", "4 space-separated"),
    ("lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNX b - 1", "BAD_POSITION", "unknown piece 'X'"),
    ("lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSI+KSNL b - 1", "BAD_POSITION", "never promotes"),
    ("lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSN b - 1", "BAD_POSITION", "has 7 squares"),
    ("lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL x - 1", "BAD_POSITION", "'b' (Sente) or 'w'"),
    ("4k3/8/8/8/8/8/8/4K3 b 1P 1", "BAD_POSITION", "must be a number from 2"),
    ("4k3/8/8/8/8/8/8/4K3 b PP 1", "BAD_POSITION", "written twice"),
    ("4k3/8/8/8/8/8/8/4K3 b P? 1", "BAD_POSITION", "cannot read"),
    ("4k3/8/8/8/8/8/8/4K3 b - 0", "BAD_POSITION", "ply"),
    ("4k3/8/8/8/8/8/8/4K3 b - 9999999", "BAD_POSITION", "ply"),
    # more pieces of a kind than the set holds, board and hands together
    ("4k3/8/8/8/8/8/8/R3K3 b Rr 1", "ILLEGAL_POSITION", "3 pieces of kind R (Rook)"),
    ("4k3/8/8/8/8/8/8/4K3 b 3R 1", "ILLEGAL_POSITION", "3 pieces of kind R"),
    ("4k3/8/8/8/8/8/8/I3K2i b I 1", "ILLEGAL_POSITION", "3 pieces of kind I"),
    ("4k3/8/8/8/8/8/8/+P3K3 b 9P8p 1", "ILLEGAL_POSITION", "18 pieces of kind P"),
    # kings
    ("4k3/8/8/8/8/8/8/K3K3 b - 1", "ILLEGAL_POSITION", "Sente has 2 kings"),
    ("8/8/8/8/8/8/8/4K3 b - 1", "ILLEGAL_POSITION", "Gote has no king"),
    ("8/8/8/8/8/8/8/8 b - 1", "ILLEGAL_POSITION", "no king"),
    ("4k3/8/8/8/8/8/8/4K3 b K 1", "ILLEGAL_POSITION", "never held in hand"),
    # pieces that could never move
    ("P3k3/8/8/8/8/8/8/4K3 b - 1", "ILLEGAL_POSITION", "unpromoted Sente Pawn on a8"),
    ("4k3/8/8/8/8/8/8/4K2l w - 1", "ILLEGAL_POSITION", "unpromoted Gote Lance on h1"),
    ("4k3/N7/8/8/8/8/8/4K3 b - 1", "ILLEGAL_POSITION", "unpromoted Sente Knight on a7"),
    ("4k3/8/8/8/8/8/2n5/4K3 b - 1", "ILLEGAL_POSITION", "Gote Knight on c2"),
]


@pytest.mark.parametrize("text, code, says", BAD_POSITIONS)
def test_bad_positions_are_refused_with_a_clear_message(text, code, says):
    refused = error(text)
    assert refused["code"] == code and refused["field"] == "position"
    assert says in refused["message"], refused
    assert text[:40] in refused["message"] and text[:40] in refused["message_th"]
    assert is_thai(refused["message_th"])


def test_promoted_pieces_that_never_get_stuck_are_fine_anywhere():
    assert play("+P3k3/+N7/8/8/8/8/8/4K2+l b - 1")["status"]["result"] == "ongoing"


@pytest.mark.parametrize("move", ["e3", "e3e4++", "s*e5", "X*e5", "+K*e5", "e3-e4", "S*e9", "", "e3e4 "])
def test_text_that_is_not_a_move_is_bad_move_even_when_illegal_moves_lose(move):
    refused = error(START, [move])
    assert refused["code"] == "BAD_MOVE" and refused["field"] == "moves[0]" and is_thai(refused["message_th"])


def test_a_lowercase_drop_is_told_to_use_uppercase():
    assert "uppercase" in error(START, ["s*e5"])["message"]


def test_a_move_that_is_not_a_string_is_bad_type():
    assert error(START, [["e3e4"]])["code"] == "BAD_TYPE"


def test_moves_drops_and_captures_in_words():
    reply = play("4k3/3+R+P3/8/8/8/8/8/4K3 w RB 1", ["e8d7^"])
    assert reply["last_move_words"] == {
        "th": "ขุนฝ่ายเดินหลัง e8 กินเรือเลื่อนขั้น d7 เก็บไว้ในมือแบบเลื่อนขั้น (สิทธิ์ของขุน)",
        "en": "Gote King e8 takes promoted Rook d7, keeps it promoted (King's privilege)"}
    said = {m["move"]: m["words"] for m in reply["legal"]}
    assert said["B*e5"] == {"th": "ฝ่ายเดินก่อนวางโคนที่ e5", "en": "Sente drops Bishop on e5"}
    assert said["e1e2"] == {"th": "ขุนฝ่ายเดินก่อน e1 ไป e2", "en": "Sente King e1 to e2"}
    promoted = play(START, ["c3c4", "f6f5", "b2f6+"])["last_move_words"]
    assert promoted == {"th": "โคนฝ่ายเดินก่อน b2 ไป f6 เลื่อนขั้น", "en": "Sente Bishop b2 to f6, promotes"}
    assert play(START, ["e3e5"])["last_move_words"]["en"] == "Sente plays e3e5, an illegal move"
