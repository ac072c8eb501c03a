"""Cards, points (§52), sets and runs, speto-blocker melds (§35/§40) and the places a layoff may
go (S003 glossary "ดัมมี่"), through the module and through the ``meld_check`` op."""

from __future__ import annotations

import pytest
from door_checks import error_of

from engine.api import call
from engine.dummy import cards as C
from engine.dummy import melds as M


def test_the_deck_has_52_distinct_cards_in_4_suits_of_13_ranks():
    assert len(set(C.DECK)) == 52 and {c[1] for c in C.DECK} == set("SHDC") and {c[0] for c in C.DECK} == set(C.RANKS)
    assert all(C.is_card(c) for c in C.DECK)
    assert not any(C.is_card(t) for t in ("10S", "1S", "QX", "qs", "Q", "", None, 12, "QSS"))


@pytest.mark.parametrize("card, points", [
    ("2S", 5), ("2H", 5), ("5D", 5), ("9C", 5), ("2C", 50),           # 52.1
    ("TS", 10), ("JH", 10), ("QH", 10), ("QD", 10), ("QC", 10), ("KC", 10), ("QS", 50),  # 52.2
    ("AS", 15), ("AC", 15),                                           # 52.3
])
def test_card_points_52(card, points):
    assert C.points(card) == points


def test_the_deck_is_worth_what_52_says():
    assert C.total(C.DECK) == 4 * 8 * 5 + 45 + 4 * 4 * 10 + 40 + 4 * 15


def test_spetos_are_the_queen_of_spades_and_the_two_of_clubs():
    assert [c for c in C.DECK if C.is_speto(c)] == ["QS", "2C"]


def test_high_card_order_is_rank_then_spades_hearts_diamonds_clubs():
    order = sorted(["2S", "AC", "AS", "KH", "AH", "AD", "2C"], key=C.high_card_key, reverse=True)
    assert order == ["AS", "AH", "AD", "AC", "KH", "2S", "2C"]


@pytest.mark.parametrize("cards, kind", [
    (["7H", "7S", "7D"], "set"), (["7H", "7S", "7D", "7C"], "set"),
    (["2H", "3H", "4H"], "run"), (["QS", "KS", "AS"], "run"), (["AD", "KD", "QD", "JD"], "run"),
    (["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"], "run"),
    (["KS", "AS", "2S"], None), (["AS", "2S", "3S"], None),  # no wrap-around
    (["2H", "3H"], None), (["7H", "7S"], None), (["2H", "3H", "5H"], None), (["2H", "3H", "4D"], None),
    (["7H", "7S", "8S"], None),
])
def test_sets_and_runs(cards, kind):
    found, (why, why_th) = M.shape(cards)
    assert (found.kind if found else None) == kind
    assert bool(why) == (kind is None) and bool(why_th) == (kind is None)


@pytest.mark.parametrize("cards, blocker", [
    (["2S", "2H", "2D"], True), (["QH", "QD", "QC"], True), (["3C", "4C", "5C"], True), (["9S", "TS", "JS"], True),
    (["3C", "4C", "5C", "6C"], True), (["8S", "9S", "TS", "JS"], True),   # still leave the speto a place
    (["2S", "2H", "2D", "2C"], False), (["QS", "QH", "QD", "QC"], False), (["2C", "3C", "4C", "5C"], False),
    (["9S", "TS", "JS", "QS"], False),                                    # hold the speto itself
    (["2S", "2H", "2C"], False), (["QS", "QH", "QD"], False), (["4C", "5C", "6C"], False), (["8S", "9S", "TS"], False),
])
def test_speto_blocker_melds_35_40(cards, blocker):
    assert M.is_blocker(cards) is blocker


def run(*cards):
    return M.shape(cards)[0]


def test_a_layoff_goes_one_or_two_places_beyond_either_end_of_a_run():
    meld = run("5H", "6H", "7H")
    assert M.fits(meld, "8H", {}, M.LAYOFF_REACH, False) and M.fits(meld, "4H", {}, M.LAYOFF_REACH, False)
    assert not M.fits(meld, "9H", {}, M.LAYOFF_REACH, False), "position 2 needs position 1 first"
    assert M.fits(meld, "9H", {"8H": False}, M.LAYOFF_REACH, False)
    assert not M.fits(meld, "TH", {"8H": False, "9H": False}, M.LAYOFF_REACH, False), "position 3 face up"
    assert M.fits(meld, "TH", {"8H": False, "9H": False}, M.FACE_DOWN_REACH, False), "position 3 face down"
    assert not M.fits(meld, "8D", {}, M.LAYOFF_REACH, False) and not M.fits(meld, "6H", {}, M.LAYOFF_REACH, False)


def test_a_layoff_never_wraps_past_the_ace():
    meld = run("QD", "KD", "AD")
    assert not M.fits(meld, "2D", {}, M.FACE_DOWN_REACH, False)
    assert M.fits(meld, "JD", {}, M.LAYOFF_REACH, False)


def test_a_set_takes_only_its_fourth_card():
    meld = M.shape(["9S", "9H", "9D"])[0]
    assert M.fits(meld, "9C", {}, M.LAYOFF_REACH, False)
    assert not M.fits(M.shape(["9S", "9H", "9D", "9C"])[0], "9C", {}, M.FACE_DOWN_REACH, False)


def test_melder_cards_only_a_d14():
    meld = run("5H", "6H", "7H")
    assert M.fits(meld, "9H", {"8H": True}, M.LAYOFF_REACH, True)
    assert not M.fits(meld, "9H", {"8H": False}, M.LAYOFF_REACH, True)
    assert M.fits(meld, "9H", {"8H": False}, M.LAYOFF_REACH, False)


# --------------------------------------------------------------------------- meld_check op
def meld_check(**request):
    reply = call({"op": "meld_check", "game": "dummy", **request})
    assert reply["ok"], reply
    return reply


def test_meld_check_names_a_run_and_every_card_that_may_be_laid_off_on_it():
    reply = meld_check(cards=["7H", "5H", "6H"])
    assert reply["kind"] == "run" and reply["cards"] == ["5H", "6H", "7H"] and reply["points"] == 15
    assert reply["places"] == [{"card": "4H", "position": 1, "face_down_only": False},
                               {"card": "8H", "position": 1, "face_down_only": False}]


def test_meld_check_follows_the_layoffs_already_made_up_to_the_face_down_third_place():
    reply = meld_check(cards=["5H", "6H", "7H"], layoffs=[{"card": "8H"}, {"card": "9H"}])
    assert reply["places"] == [{"card": "4H", "position": 1, "face_down_only": False},
                               {"card": "TH", "position": 3, "face_down_only": True}]


def test_meld_check_of_a_set_and_a_blocker():
    reply = meld_check(cards=["2S", "2H", "2D"])
    assert reply["kind"] == "set" and reply["speto_blocker"] is True
    assert reply["places"] == [{"card": "2C", "position": 1, "face_down_only": False}]


def test_meld_check_explains_what_is_not_a_meld():
    reply = meld_check(cards=["KS", "AS", "2S"])
    assert reply["kind"] is None and "K-A-2" in reply["reason"] and "คิง-เอซ-สอง" in reply["reason_th"]
    assert reply["places"] == []


@pytest.mark.parametrize("request_, field", [
    ({"cards": ["5H", "6H", "6H"]}, "cards[2]"),
    ({"cards": ["5H", "6H", "7H"], "layoffs": [{"card": "7H"}]}, "layoffs[0]"),
    ({"cards": ["5H", "6H", "XX"]}, "cards[2]"),
    ({"cards": ["5H", "6H", "7H"], "layoffs": [{"card": "9H"}]}, "layoffs[0]"),
    ({"cards": ["5H", "6H", "7H"], "layoffs": [{"card": "8H"}, {"card": "9H"}, {"card": "TH"}]}, "layoffs[2]"),
    ({"cards": ["5H", "6H", "7H"], "layoffs": [{"card": "8H", "by_owner": "yes"}]}, "layoffs[0].by_owner"),
])
def test_meld_check_bad_input_is_bad_table_naming_the_field(request_, field):
    error = error_of({"op": "meld_check", "game": "dummy", **request_})
    assert error["code"] == "BAD_TABLE" and error["field"] == field


def test_meld_check_under_melder_cards_only():
    request = {"cards": ["5H", "6H", "7H"], "layoffs": [{"card": "8H", "by_owner": False}]}
    assert {"card": "9H", "position": 2, "face_down_only": False} in meld_check(**request)["places"]
    reply = meld_check(**request, options={"layoffOnto": "melderCards"})
    assert [p["card"] for p in reply["places"]] == ["4H"]
