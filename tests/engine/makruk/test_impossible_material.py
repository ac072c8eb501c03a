"""Makruk refuses material no game can reach: more Khon, Ma or Ruea than a side starts with (a Bia
is promoted only to a Met), or more promoted Bia (``M~``, or a plain Met beyond the first) than
the side's missing Bia allow. The error is ILLEGAL_POSITION, quotes the position and says why,
in English and in Thai, as Mak-hot refuses a side with more than its starting men."""

import pytest
from door_checks import error_of, is_thai

from engine.api import call

# Each side's material, Khuns on d1 and e8 (no check); only White's part changes.
BLACK_KHUN = "4k3"


def position(white_back_rank: str, white_bia_rank: str = "8") -> str:
    """White's back rank and third rank under a lone black Khun, White to move."""
    return f"{BLACK_KHUN}/8/8/8/8/{white_bia_rank}/8/{white_back_rank} w - - 0 1"


@pytest.mark.parametrize("back_rank, kind, kind_th", [
    ("SSSK4", "3 Khon", "โคน 3 ตัว"),
    ("NNNK4", "3 Ma", "ม้า 3 ตัว"),
    ("RRRK4", "3 Ruea", "เรือ 3 ตัว"),
])
def test_a_third_khon_ma_or_ruea_is_refused(back_rank, kind, kind_th):
    fen = position(back_rank)
    error = error_of({"op": "play", "game": "makruk", "position": fen})
    assert error["code"] == "ILLEGAL_POSITION" and error["field"] == "position"
    assert fen in error["message"] and f"White has {kind}" in error["message"]
    assert fen in error["message_th"] and kind_th in error["message_th"] and is_thai(error["message_th"])


def test_black_is_checked_too():
    fen = "rrrk4/8/8/8/8/8/8/4K3 w - - 0 1"
    assert "Black has 3 Ruea" in error_of({"op": "play", "game": "makruk", "position": fen})["message"]


@pytest.mark.parametrize("back_rank, bia_rank, bia, promoted", [
    ("M~2K4", "PPPPPPPP", 8, 1),  # every Bia still there, yet a promoted one
    ("MM1K4", "PPPPPPPP", 8, 1),  # the same, the second Met written plainly
    ("M~M~M~K4", "PPPPPP2", 6, 3),  # six Bia and three promoted: one too many
])
def test_more_promoted_bia_than_missing_bia_is_refused(back_rank, bia_rank, bia, promoted):
    fen = position(back_rank, bia_rank)
    error = error_of({"op": "play", "game": "makruk", "position": fen})
    assert error["code"] == "ILLEGAL_POSITION" and fen in error["message"]
    assert f"{bia} Bia and {promoted} promoted Bia" in error["message"]
    assert f"at most {8 - bia} promoted" in error["message"]
    assert f"เบี้ยหงาย {promoted} ตัว" in error["message_th"]


@pytest.mark.parametrize("back_rank, bia_rank", [
    ("SSNNRRMK", "PPPPPPPP"),  # the whole starting army
    ("M~M~MK4", "PPPPPP2"),  # six Bia, two promoted, the first Met plain
    ("MMMMMMMK", "PP6"),  # two Bia and six promoted, all written plainly
    ("M~M~M~M~M~M~M~M~", "8"),  # eight promoted and no Bia (the Khun on d2 below)
])
def test_material_promotion_can_reach_is_accepted(back_rank, bia_rank):
    fen = position(back_rank, bia_rank)
    if "K" not in back_rank:
        fen = f"{BLACK_KHUN}/8/8/8/8/8/3K4/{back_rank} w - - 0 1"
    reply = call({"op": "play", "game": "makruk", "position": fen})
    assert reply["ok"], reply


def test_a_refused_position_is_refused_by_every_op():
    fen = position("SSSK4")
    for request in ({"op": "legal_moves"}, {"op": "mate", "mate_in": 1}, {"op": "bestmove"}):
        error = error_of({**request, "game": "makruk", "position": fen})
        assert error["code"] == "ILLEGAL_POSITION", (request, error)
