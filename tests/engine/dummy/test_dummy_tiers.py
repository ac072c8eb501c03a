"""Tiers (§54-§68): forced large (§60), the fool feeder's tier (§61-§64, A-D8, A-D20, A-D21),
ties (§65, §66, A-D22), games nobody knocked (§55-§58, §67, A-D28), colour losers (§78, A-D11,
A-D12) and the tieBreak option (A-D7)."""

from __future__ import annotations

import pytest
from dk import changed, player, settle, standard, table_error

def tiers(reply: dict) -> tuple[str, ...]:
    return tuple(reply["tiers"][pid] for pid in ("P1", "P2", "P3", "P4"))


def test_every_dark_loser_pays_large_60():
    reply = settle(standard(dark=("P2", "P4")))
    assert tiers(reply) == ("win", "large", "small", "large"), "A-D21: the one light loser pays small"
    assert reply["c"] == {"P2": 2, "P3": 1, "P4": 2}
    assert reply["derived"]["tier_rules"] == {"P1": "§54", "P2": "§60", "P3": "§59", "P4": "§60"}


def colour_light_p3(table: dict) -> dict:
    player(table, "P3")["hand"] = ["3H", "4H", "5H", "6H"]  # with 7♥8♥9♥: every card a heart
    return table


def test_a_colour_light_loser_pays_large_times_4_78():
    reply = settle(colour_light_p3(standard()))
    assert reply["derived"]["state"]["P3"] == "colour_light" and reply["c"]["P3"] == 4
    assert tiers(reply) == ("win", "small", "large", "medium")
    assert ("P3", "P1", 120 * 4) in [(l["from"], l["to"], l["amount"]) for l in reply["ledger"] if l["item"] == "tier"]


def test_a_colour_dark_loser_pays_large_times_8_and_64_against_a_colour_dark_knock_77():
    table = standard("colour_dark", dark=("P3",))
    player(table, "P3")["hand"] = ["7H", "8H", "9H", "3H", "4H", "5H", "6H"]
    reply = settle(table)
    assert reply["c"]["P3"] == 8 and reply["k"] == 8
    assert [l["amount"] for l in reply["ledger"] if l["item"] == "tier" and l["from"] == "P3"] == [120 * 64]


def test_colour_needs_a_knock_a_d12():
    table = colour_light_p3(standard())
    table["knock"] = None
    for p in table["players"]:
        p.update({"melds": [{"cards": m["cards"]} for m in p["melds"]]})
    player(table, "P1")["hand"] = ["9D"]
    reply = settle(table)
    assert reply["derived"]["state"]["P3"] == "light" and reply["c"]["P3"] == 1
    assert settle(table, colourWithoutKnock=True)["c"]["P3"] == 4


# --------------------------------------------------------------------------- the fool's feeder
@pytest.mark.parametrize("knock, rule", [("normal", "§62"), ("dark", "§61")])
def test_feeder_pays_small_when_he_is_the_only_born_loser(knock, rule):
    reply = settle(standard(knock, fool=True, dark=("P2", "P3")))
    assert tiers(reply) == ("win", "large", "large", "small")
    assert reply["derived"]["tier_rules"]["P4"] == rule


@pytest.mark.parametrize("knock, rule", [("normal", "§63"), ("dark", "§62")])
def test_feeder_pays_medium_with_two_born_losers(knock, rule):
    reply = settle(standard(knock, fool=True, dark=("P3",)))
    assert tiers(reply) == ("win", "small", "large", "medium")
    assert reply["derived"]["tier_rules"]["P4"] == rule


@pytest.mark.parametrize("knock, rule", [("normal", "§64"), ("dark", "§63"), ("colour_light", "§60")])
def test_feeder_pays_large_with_three_born_losers_the_others_by_points(knock, rule):
    table = standard(knock, fool=True)
    player(table, "P4").update({"melds": [{"cards": ["6C", "7C", "8C"]}, {"cards": ["TD", "JD", "QD"]}],
                                "hand": ["3H"]})  # P4 now +40, the best score: the fool still pays large
    reply = settle(table)
    assert tiers(reply) == ("win", "small", "medium", "large")
    assert reply["derived"]["tier_rules"]["P4"] == rule


def test_feeder_with_two_born_losers_one_of_them_colour_light_a_d20():
    table = colour_light_p3(standard(fool=True, dark=("P2",)))
    reply = settle(table)
    assert tiers(reply) == ("win", "large", "large", "medium"), "n = 2 born losers: the feeder medium"


def test_colour_light_feeder_is_forced_large_whatever_the_count():
    table = standard(fool=True, dark=("P2", "P3"))
    player(table, "P4").update({"melds": [{"cards": ["6C", "7C", "8C"]}], "hand": ["KC", "5C", "4C", "3C"]})
    player(table, "P2")["hand"] = ["AH", "AD", "6D", "7D", "TC", "JC", "9C"]
    player(table, "P3")["hand"] = ["7H", "8H", "9H", "JH", "TH", "6H", "AS"]
    reply = settle(table)
    assert reply["derived"]["state"]["P4"] == "colour_light"
    assert tiers(reply) == ("win", "large", "large", "large") and reply["c"]["P4"] == 4


def test_a_dark_feeder_pays_large_as_a_dark_loser_a_d20():
    reply = settle(standard(fool=True, dark=("P4",)))
    assert tiers(reply) == ("win", "small", "medium", "large") and reply["c"]["P4"] == 2
    assert reply["derived"]["tier_rules"]["P4"] == "§60"


def test_colour_dark_fool_feeder_tier_option_a_d8():
    table = standard("colour_dark", fool=True, dark=("P2",))
    assert settle(table)["tiers"]["P4"] == "medium"
    assert settle(table, colourDarkFoolFeeder="large")["tiers"]["P4"] == "large"


# --------------------------------------------------------------------------- ties with a knock
def tied_p3_p4() -> dict:
    table = standard()
    player(table, "P4")["hand"] = ["KC", "JH", "4H", "5H"]  # −15, as P3
    return table


@pytest.mark.parametrize("next_head, order", [("7S", ("medium", "large")), ("2C", ("medium", "large")),
                                              ("7H", ("large", "medium")), ("AD", ("large", "medium"))])
def test_two_tied_losers_the_next_head_card_colour_decides_65(next_head, order):
    """From the dealer P1: P3 is the first tied player (black), P4 red; the matching colour
    pays the lower tier."""
    table = changed(tied_p3_p4(), tie_break={"dealer": "P1", "next_head": next_head})
    reply = settle(table)
    assert (reply["tiers"]["P3"], reply["tiers"]["P4"]) == order
    assert reply["derived"]["ties"] == [{"players": ["P3", "P4"], "order": ["P3", "P4"] if order[0] == "medium"
                                         else ["P4", "P3"], "rule": "§65"}]


def test_the_dealer_is_the_knocker_when_not_given_and_must_be_him_10():
    table = changed(tied_p3_p4(), tie_break={"next_head": "7S"})
    assert settle(table)["tiers"]["P3"] == "medium"
    assert table_error(changed(table, tie_break={"dealer": "P2", "next_head": "7S"}))["field"] == "tie_break.dealer"


def test_a_two_way_tie_without_the_next_head_card_is_bad_table():
    assert table_error(changed(tied_p3_p4(), tie_break=None))["field"] == "tie_break.next_head"


def three_way_tie() -> dict:
    table = tied_p3_p4()
    player(table, "P2")["hand"] = ["3C", "4C", "6D", "7D", "QC", "JD", "TD", "3H", "8D"]  # −15 too
    return table


def test_three_tied_losers_the_high_cards_decide_66():
    table = changed(three_way_tie(), tie_break={"dealer": "P1", "high_cards": {"P2": "KH", "P3": "KS", "P4": "2D"}})
    reply = settle(table)
    assert tiers(reply) == ("win", "medium", "small", "large")
    assert reply["derived"]["ties"][0]["rule"] == "§66"
    error = table_error(changed(table, tie_break={"high_cards": {"P2": "KH", "P3": "KS"}}))
    assert error["field"] == "tie_break.high_cards" and "'P4'" in error["message"]


def test_tie_break_by_seat_order_option_a_d7():
    table = changed(three_way_tie(), tie_break={"dealer": "P1"})
    assert tiers(settle(table, tieBreak="seatOrder")) == ("win", "small", "medium", "large")
    table = changed(tied_p3_p4(), tie_break=None)
    assert tiers(settle(table, tieBreak="seatOrder")) == ("win", "small", "medium", "large")


def test_tied_dark_losers_need_no_tie_break():
    table = standard(dark=("P3", "P4"))
    player(table, "P3")["hand"] = ["7H", "8H", "9H", "TC", "JC", "6H", "5C"]  # −50
    player(table, "P4")["hand"] = ["6C", "7C", "8C", "KC", "JH", "TH", "4H"]  # −50
    assert tiers(settle(changed(table, tie_break=None))) == ("win", "small", "large", "large")


# --------------------------------------------------------------------------- no knock
def no_knock(*players: tuple[list[list[str]], list[str]], **fields) -> dict:
    """A table nobody knocked: (melds, hand) for P1..P4."""
    return {"level": "thep", "head": "2C", "knock": None, "fool": None, **fields,
            "players": [{"id": f"P{i}", "melds": [{"cards": m} for m in melds], "hand": hand}
                        for i, (melds, hand) in enumerate(players, 1)]}


def test_no_knock_a_dark_player_with_the_top_score_wins_a_d28():
    table = no_knock(([["2S", "3S", "4S"]], ["KS", "KH", "KC", "JD", "JS", "TD"]),         # −45
                     ([["5S", "6S", "7S"]], ["AH", "AC", "AD", "TH"]),                     # −40
                     ([["9C", "TC", "JC"]], ["QH", "QD", "QC", "9S", "TS", "AS", "KD", "9H"]),  # −50
                     ([], ["2D", "3D", "4D", "5D", "6D", "7D", "8D"]))                     # −35, dark
    reply = settle(table)
    assert reply["points"] == {"P1": -45, "P2": -40, "P3": -50, "P4": -35}
    assert tiers(reply) == ("medium", "small", "large", "win") and reply["derived"]["tier_rules"]["P4"] == "§55"
    assert reply["net"] == {"P1": -100, "P2": -80, "P3": -120, "P4": 300}


TWO_TOPS = (([["AH", "AC", "AD"]], ["3C", "4C", "5C", "6C"]),                          # +25
            ([["KH", "KD", "KC"], ["TH", "JH", "QH"]], ["2S", "3S", "4S", "5S", "6S", "7S", "8S"]),  # +25
            ([["7D", "8D", "9D"]], ["TD", "JD", "2H", "3H"]),                           # −15
            ([], ["4H", "5H", "6H", "7H", "8H", "9H", "TS"]))                           # −40, dark


def test_no_knock_two_equal_tops_both_win_in_full_56_and_the_others_pay_medium_and_large_67():
    reply = settle(no_knock(*TWO_TOPS))
    assert tiers(reply) == ("win", "win", "medium", "large")
    assert sorted((l["from"], l["to"], l["amount"]) for l in reply["ledger"]) == [
        ("P3", "P1", 100), ("P3", "P2", 100), ("P4", "P1", 240), ("P4", "P2", 240)]
    assert reply["net"] == {"P1": 340, "P2": 340, "P3": -200, "P4": -480}
    assert reply["c"] == {"P3": 1, "P4": 2}


HIGH_CARDS = {"P1": "5D", "P2": "KD", "P3": "KH", "P4": "AS"}


def test_no_knock_three_equal_tops_the_high_card_wins_and_ranks_the_other_two_57():
    three = list(TWO_TOPS)
    three[2] = ([["7D", "8D", "9D"], ["TD", "JD", "QD"]], ["2H", "3H", "2D", "3D"])   # +25 too
    reply = settle(no_knock(*three, tie_break={"high_cards": HIGH_CARDS}))
    assert tiers(reply) == ("medium", "small", "win", "large")
    assert reply["derived"]["tier_rules"]["P3"] == "§57"
    assert table_error(no_knock(*three))["field"] == "tie_break.high_cards"


def test_no_knock_four_equal_tops_the_high_cards_order_everyone_58():
    four = list(TWO_TOPS)
    four[2] = ([["7D", "8D", "9D"], ["TD", "JD", "QD"]], ["2H", "3H", "2D", "3D"])
    four[3] = ([["4H", "5H", "6H", "7H"], ["9S", "9H", "9C"]], ["TS"])              # +25
    reply = settle(no_knock(*four, tie_break={"high_cards": HIGH_CARDS}))
    assert tiers(reply) == ("large", "medium", "small", "win")
    assert reply["derived"]["tier_rules"]["P4"] == "§58"
