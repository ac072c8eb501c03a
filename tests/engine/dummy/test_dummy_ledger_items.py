"""One test per ledger item of dummy-table.md, then paying on behalf of others (A-D25) and each
rule option's effect on the ledger. Tables are the standard one of ``dk`` (P1 knocks; P2 +25,
P3 −15, P4 −30; level thep: 80/100/120, M = 100, S = 200) with one part changed."""

from __future__ import annotations

import pytest
from dk import changed, lines, player, settle, standard, table_error

from engine.dummy.settle import ITEMS

LOSERS = ("P2", "P3", "P4")


def from_each(payers, payee: str, amount: int) -> list[tuple[str, str, int]]:
    return sorted((payer, payee, amount) for payer in payers if payer != payee)


def to_each(payer: str, payees, amount: int) -> list[tuple[str, str, int]]:
    return sorted((payer, payee, amount) for payee in payees if payee != payer)


def items(reply: dict) -> set[str]:
    return {line["item"] for line in reply["ledger"]}


def test_a_plain_knock_has_only_tiers_and_knock_fees():
    reply = settle(standard())
    assert items(reply) == {"tier", "knock_fee"}
    assert all(set(line) == {"from", "to", "amount", "item", "rule"} for line in reply["ledger"])
    assert set(ITEMS) == {"tier", "knock_fee", "fool", "fool_round", "speto_held", "knocker_speto", "face_down_speto",
                          "face_down_dummy", "head", "speto_fee", "speto_collected", "show_two_spetos",
                          "called_discard"}


def test_item_tier_each_loser_pays_the_winner_the_rate_of_his_tier_times_k_and_c():
    reply = settle(standard("dark", dark=("P3",)))  # k = 2; P3 is dark (c = 2), forced large
    assert sorted(lines(reply, "tier")) == [("P2", "P1", 80 * 2), ("P3", "P1", 120 * 2 * 2), ("P4", "P1", 100 * 2)]
    rules = {l["from"]: l["rule"] for l in reply["ledger"] if l["item"] == "tier"}
    assert rules == {"P2": "§59, §76", "P3": "§60, §77", "P4": "§59, §76"}


def test_item_knock_fee_each_loser_pays_m_times_k():
    reply = settle(standard("colour_light"))
    assert sorted(lines(reply, "knock_fee")) == from_each(LOSERS, "P1", 100 * 4)
    assert {l["rule"] for l in reply["ledger"] if l["item"] == "knock_fee"} == {"§79"}


def test_item_fool_the_feeder_pays_the_knocker_2mk():
    reply = settle(standard("dark", fool=True))
    assert lines(reply, "fool") == [("P4", "P1", 2 * 100 * 2)]


def test_item_fool_round_the_feeder_pays_each_other_loser_mk():
    reply = settle(standard("dark", fool=True))
    assert sorted(lines(reply, "fool_round")) == [("P4", "P2", 200), ("P4", "P3", 200)]


def test_item_speto_held_per_speto_to_each_other_player():
    reply = settle(standard(holders={"P3": "2C"}))
    assert sorted(lines(reply, "speto_held")) == to_each("P3", ("P1", "P2", "P4"), 200)
    two = standard()
    player(two, "P3")["hand"] += ["2C", "QS"]
    assert sorted(lines(settle(two), "speto_held")) == sorted(to_each("P3", ("P1", "P2", "P4"), 200) * 2)
    assert sorted(lines(settle(two, spetoHeldPer="holder"), "speto_held")) == to_each("P3", ("P1", "P2", "P4"), 200)


def test_item_knocker_speto_each_loser_pays_s_for_a_speto_he_put_down_in_the_knock():
    reply = settle(standard("dark", knocker_speto=True))  # Q♠Q♥Q♦ in the knock, not multiplied by k (A-D26)
    assert sorted(lines(reply, "knocker_speto")) == from_each(LOSERS, "P1", 200)
    assert reply["derived"]["knocker_spetos"] == ["QS"]


def test_item_knocker_speto_is_3m_when_he_knocks_by_taking_the_head_card_73():
    table = changed(standard(knocker_speto=True), head="QD")
    table["knock"]["collected"] = ["QD"]
    reply = settle(table)
    assert sorted(lines(reply, "knocker_speto")) == from_each(LOSERS, "P1", 300)
    assert sorted(lines(reply, "head")) == from_each(LOSERS, "P1", 100), "A-D24: the head fee is paid as well"
    assert reply["derived"]["head_knock"] is True


def test_item_knocker_speto_not_for_a_speto_melded_before_the_knock_a_d23():
    table = standard()
    player(table, "P1")["melds"].append({"cards": ["QS", "QH", "QD"]})
    reply = settle(table)
    assert lines(reply, "knocker_speto") == []
    assert sorted(lines(reply, "speto_fee")) == from_each(("P2", "P3", "P4"), "P1", 100), "it earned §41 then"


def test_item_face_down_speto_s_and_m_from_each_loser_a_d9():
    reply = settle(changed(standard(), knock={"player": "P1", "face_down": "QS", "collected": []}))
    assert sorted(lines(reply, "knocker_speto")) == from_each(LOSERS, "P1", 200)
    assert sorted(lines(reply, "face_down_speto")) == from_each(LOSERS, "P1", 100)
    assert lines(reply, "face_down_dummy") == []
    off = settle(changed(standard(), knock={"player": "P1", "face_down": "QS", "collected": []}),
                 stackFaceDownSpeto=False)
    assert lines(off, "face_down_speto") == [] and len(lines(off, "knocker_speto")) == 3


def test_item_face_down_speto_that_is_also_a_dummy_earns_the_dummy_value_too():
    table = standard()
    player(table, "P1")["melds"][1] = {"cards": ["9S", "TS", "JS"], "in_knock": True}  # a blocker, in the knock
    table["knock"]["face_down"] = "QS"
    reply = settle(table)
    assert reply["derived"]["face_down_dummy"] == {"onto": "P1.1", "position": 1}
    for item in ("face_down_speto", "face_down_dummy"):
        assert sorted(lines(reply, item)) == from_each(LOSERS, "P1", 100)
    assert sorted(lines(reply, "knocker_speto")) == from_each(LOSERS, "P1", 200)


def test_item_face_down_dummy_m_from_each_loser():
    reply = settle(changed(standard(), knock={"player": "P1", "face_down": "9C", "collected": []}))  # onto P4's 6♣7♣8♣
    assert reply["derived"]["face_down_dummy"] == {"onto": "P4.0", "position": 1}
    assert sorted(lines(reply, "face_down_dummy")) == from_each(LOSERS, "P1", 100)


def test_item_face_down_dummy_at_the_third_place_beyond_a_run():
    table = standard()
    player(table, "P2")["hand"] = ["3C", "4C", "3S", "4S"]
    player(table, "P1")["layoffs"] = [{"card": "6D", "onto": "P1.0", "in_knock": True},
                                      {"card": "7D", "onto": "P1.0", "in_knock": True}]
    table["knock"]["face_down"] = "8D"
    reply = settle(table)
    assert reply["derived"]["face_down_dummy"] == {"onto": "P1.0", "position": 3}
    assert len(lines(reply, "face_down_dummy")) == 3


def test_item_head_the_collector_gets_m_from_each_other_player():
    reply = settle(changed(standard(), head="AD"))  # in P2's A♥A♣A♦
    assert reply["derived"]["head_collector"] == "P2"
    assert sorted(lines(reply, "head")) == from_each(("P1", "P3", "P4"), "P2", 100)


def test_item_speto_fee_for_a_speto_meld_and_for_a_speto_layoff_41():
    table = standard()
    player(table, "P3")["melds"] = [{"cards": ["8S", "9S", "TS"]}]
    player(table, "P3")["layoffs"] = [{"card": "JS", "onto": "P3.0"}]
    player(table, "P2")["layoffs"] = [{"card": "QS", "onto": "P3.0"}]
    player(table, "P4")["melds"].append({"cards": ["2C", "2S", "2D"]})
    player(table, "P1")["melds"][0] = {"cards": ["3D", "4D", "5D", "6D"]}
    player(table, "P2")["hand"] = ["3C", "4C", "7D", "3S"]
    reply = settle(table)
    assert sorted(lines(reply, "speto_fee")) == sorted(from_each(("P1", "P3", "P4"), "P2", 100)
                                                       + from_each(("P1", "P2", "P3"), "P4", 100))
    assert reply["derived"]["speto_fees"] == [{"player": "P2", "card": "QS"}, {"player": "P4", "card": "2C"}]


def test_item_speto_collected_m_from_each_other_player_and_no_holding_fee_a_d23():
    table = standard(knocker_speto=True)
    table["knock"]["collected"] = ["QS"]
    reply = settle(table)
    assert sorted(lines(reply, "speto_collected")) == from_each(LOSERS, "P1", 100)
    assert lines(reply, "knocker_speto") == []


def test_item_show_two_spetos_2m_from_each_other_player_81():
    table = changed(standard(), events={"two_spetos_shown_by": ["P3"]})
    assert sorted(lines(settle(table), "show_two_spetos")) == from_each(("P1", "P2", "P4"), "P3", 200)


def test_item_called_discard_m_to_each_other_player_per_call_32():
    table = changed(standard(), events={"called_discards": ["P2", "P2", "P1"]})
    assert sorted(lines(settle(table), "called_discard")) == sorted(
        to_each("P2", ("P1", "P3", "P4"), 100) * 2 + to_each("P1", LOSERS, 100))


# --------------------------------------------------------------------------- เหมา (A-D25)
def moved(reply: dict) -> list[tuple]:
    return sorted((l["from"], l["to"], l["amount"], l["item"], l["on_behalf_of"]) for l in reply["ledger"]
                  if "on_behalf_of" in l)


def test_liability_head_the_culprit_pays_the_head_fee_of_the_other_two_27():
    table = changed(standard(), head="AD", events={"liabilities": [
        {"culprits": ["P4"], "covers": "head", "beneficiary": "P2"}]})
    reply = settle(table)
    assert sorted(lines(reply, "head")) == [("P4", "P2", 100)] * 3
    assert moved(reply) == [("P4", "P2", 100, "head", "P1"), ("P4", "P2", 100, "head", "P3")]
    assert all(l["rule"] == "§20, §27" for l in reply["ledger"] if "on_behalf_of" in l)


def test_liability_speto_fee_28():
    table = standard()
    player(table, "P3")["melds"].append({"cards": ["QS", "QH", "QD"]})
    table["events"] = {"liabilities": [{"culprits": ["P2"], "covers": "speto_fee", "beneficiary": "P3"}]}
    reply = settle(table)
    assert sorted(lines(reply, "speto_fee")) == [("P2", "P3", 100)] * 3


def test_liability_knocker_speto_moves_the_holding_and_face_down_lines():
    table = changed(standard(), knock={"player": "P1", "face_down": "QS", "collected": []},
                    events={"liabilities": [{"culprits": ["P4"], "covers": "knocker_speto", "beneficiary": "P1"}]})
    reply = settle(table)
    assert sorted(lines(reply, "knocker_speto")) == [("P4", "P1", 200)] * 3
    assert sorted(lines(reply, "face_down_speto")) == [("P4", "P1", 100)] * 3
    assert sorted(lines(reply, "knock_fee")) == from_each(LOSERS, "P1", 100), "not covered"


def test_liability_all_the_culprit_pays_every_post_game_line_of_the_other_losers_82():
    table = changed(standard(holders={"P2": "2C"}), head="AD",
                    events={"liabilities": [{"culprits": ["P4"], "covers": "all", "beneficiary": "P1"}]})
    plain = settle(changed(table, events={}))
    reply = settle(table)
    for item in ("tier", "knock_fee"):
        assert all(payer == "P4" for payer, _, _ in lines(reply, item))
    assert ("P4", "P1", 200) in lines(reply, "speto_held") and ("P2", "P1", 200) not in lines(reply, "speto_held")
    assert sorted(lines(reply, "head")) == sorted(lines(plain, "head")), "the head fee is paid at once, not covered"
    shifted = sum(l["amount"] for l in plain["ledger"] if l["to"] == "P1" and l["from"] in ("P2", "P3")
                  and l["item"] != "head")
    assert reply["net"]["P4"] == plain["net"]["P4"] - shifted
    assert reply["net"]["P1"] == plain["net"]["P1"]


def test_liability_two_culprits_share_equally():
    table = changed(standard(), events={"liabilities": [{"culprits": ["P3", "P4"], "covers": "all",
                                                         "beneficiary": "P1"}]})
    reply = settle(table)
    assert moved(reply) == [("P3", "P1", 40, "tier", "P2"), ("P3", "P1", 50, "knock_fee", "P2"),
                            ("P4", "P1", 40, "tier", "P2"), ("P4", "P1", 50, "knock_fee", "P2")]


def test_liabilities_ignored_by_option():
    table = changed(standard(), events={"liabilities": [{"culprits": ["P4"], "covers": "all", "beneficiary": "P1"}]})
    assert settle(table, liabilities="ignore")["ledger"] == settle(standard())["ledger"]


def test_a_liability_that_covers_nothing_is_bad_table():
    table = changed(standard(), events={"liabilities": [{"culprits": ["P4"], "covers": "head", "beneficiary": "P2"}]})
    assert table_error(table)["field"] == "events.liabilities[0]"


def test_a_liability_for_everything_is_paid_to_the_knocker():
    table = changed(standard(), events={"liabilities": [{"culprits": ["P4"], "covers": "all", "beneficiary": "P2"}]})
    assert table_error(table)["field"] == "events.liabilities[0].beneficiary"


# --------------------------------------------------------------------------- options
def test_option_fee_payers_losers_exempts_the_winner_a_d5():
    reply = settle(changed(standard(), head="AD"), feePayers="losers")
    assert sorted(lines(reply, "head")) == from_each(("P3", "P4"), "P2", 100)


def test_option_knock_fee_times_loser_factor_a_d6():
    table = standard("dark", dark=("P2",))
    assert ("P2", "P1", 200) in lines(settle(table), "knock_fee")
    assert ("P2", "P1", 400) in lines(settle(table, knockFeeTimesLoserFactor=True), "knock_fee")


def test_option_speto_fee_at_knock_a_d10():
    table = standard(knocker_speto=True)
    assert lines(settle(table), "speto_fee") == []
    reply = settle(table, spetoFeeAtKnock=True)
    assert sorted(lines(reply, "speto_fee")) == from_each(LOSERS, "P1", 100)
    assert len(lines(reply, "knocker_speto")) == 3


def test_option_colour_counts_face_down_a_d11():
    table = standard("colour_light")
    assert settle(table)["k"] == 4
    assert settle(table, colourCountsFaceDown=True)["k"] == 1
    table["knock"]["face_down"] = "AS"  # a spade: still colour (P4 gives A♠ up, keeps 9♦)
    player(table, "P4")["hand"] = ["KC", "JH", "TH", "9D"]
    assert settle(table, colourCountsFaceDown=True)["derived"]["knock_type"] == "colour_light"


@pytest.mark.parametrize("multipliers, k_values, dark_c", [("S003", (1, 2, 4, 8), 2), ("POP", (1, 2, 2, 4), 2)])
def test_option_multipliers_a_d17(multipliers, k_values, dark_c):
    found = tuple(settle(standard(knock, dark=("P3",)), multipliers=multipliers)["k"]
                  for knock in ("normal", "dark", "colour_light", "colour_dark"))
    assert found == k_values
    assert settle(standard(dark=("P3",)), multipliers=multipliers)["c"]["P3"] == dark_c
