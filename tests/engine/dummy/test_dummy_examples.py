"""The worked examples of dummy.md §3.5 and the §86-§87 formulas (as reconstructed in §3.4),
each formula checked on tables built for it, under every knock type and level.

Worked example 1 lists P3 and P4 with 6 cards each (3 melded, 3 in hand). No game produces
that: 7 cards are dealt and every turn takes at least one card before discarding one, so the
engine refuses it (see test_dummy_bad_table). The table below gives each of them one more 5-point
hand card and one less elsewhere so that every player's points, and so every payment, are
those of the example.
"""

from __future__ import annotations

import pytest
from dk import KNOCK_FACTOR, RATES, lines, settle, standard, table_error

EXAMPLE_1 = {
    "level": "thep", "head": "AD",
    "players": [
        {"id": "P1", "melds": [{"cards": ["4H", "5H", "6H"]}, {"cards": ["6S", "7S", "8S"], "in_knock": True}],
         "layoffs": [{"card": "3H", "onto": "P1.0", "in_knock": True}], "hand": []},
        # 7♥8♥9♥ (15) + 10♠10♦10♣ (30) = 45; K♦ + 3♠ = 15; +30
        {"id": "P2", "melds": [{"cards": ["7H", "8H", "9H"]}, {"cards": ["TS", "TD", "TC"]}], "hand": ["KD", "3S"]},
        # A♠A♥A♦ with the head card A♦ = 45; 4♣ 9♦ 3♦ 5♠ = 20; +25
        {"id": "P3", "melds": [{"cards": ["AS", "AH", "AD"]}], "hand": ["4C", "9D", "3D", "5S"]},
        # 5♣6♣7♣ = 15; Q♠ 8♦ 4♦ 3♣ = 65; −50, holding the speto Q♠
        {"id": "P4", "melds": [{"cards": ["5C", "6C", "7C"]}], "hand": ["QS", "8D", "4D", "3C"]},
    ],
    "knock": {"player": "P1", "face_down": "2S", "collected": []},
    "fool": None, "events": {"head_collected_by": "P3"}, "tie_break": {"dealer": "P1", "next_head": "7S"},
}


def test_worked_example_1_normal_knock_head_fee_and_a_held_speto():
    reply = settle(EXAMPLE_1)
    assert reply["net"] == {"P1": 700, "P2": -80, "P3": 300, "P4": -920}
    assert reply["points"] == {"P1": 35, "P2": 30, "P3": 25, "P4": -50}
    assert reply["tiers"] == {"P1": "win", "P2": "small", "P3": "medium", "P4": "large"}
    assert reply["k"] == 1 and reply["c"] == {"P2": 1, "P3": 1, "P4": 1}
    assert sorted(lines(reply, "tier")) == [("P2", "P1", 80), ("P3", "P1", 100), ("P4", "P1", 120)]
    assert sorted(lines(reply, "knock_fee")) == [("P2", "P1", 100), ("P3", "P1", 100), ("P4", "P1", 100)]
    assert sorted(lines(reply, "head")) == [("P1", "P3", 100), ("P2", "P3", 100), ("P4", "P3", 100)]
    assert sorted(lines(reply, "speto_held")) == [("P4", "P1", 200), ("P4", "P2", 200), ("P4", "P3", 200)]
    assert len(reply["ledger"]) == 12
    paid_by_p4 = sum(amount for payer, _, amount in (lines(reply, "tier") + lines(reply, "knock_fee")
                                                      + lines(reply, "speto_held")) if payer == "P4")
    assert paid_by_p4 == 820, "§87.1: 3·200 + 120 + 100"


def test_worked_example_1_as_printed_has_players_with_six_cards():
    printed = {**EXAMPLE_1, "players": [dict(p) for p in EXAMPLE_1["players"]]}
    printed["players"][2] = {**printed["players"][2], "hand": ["4C", "9D", "JS"]}
    assert table_error(printed)["field"] == "players[2].hand"


BONUS = {
    "level": "thep", "head": "2S",
    "players": [
        {"id": "P1", "melds": [{"cards": ["AH", "AC", "AD"]}, {"cards": ["8H", "9H", "TH"]}], "hand": ["3C"]},  # +60
        {"id": "P2", "melds": [{"cards": ["7D", "8D", "9D"]}, {"cards": ["KS", "KH", "KD"]}],
         "hand": ["5C", "6C", "7C", "8C"]},                                                                 # +25
        {"id": "P3", "melds": [{"cards": ["4S", "5S", "6S"]}], "hand": ["JS", "9C", "2H", "3H"]},           # −10
        {"id": "P4", "melds": [], "hand": ["2D", "3D", "4D", "5D", "6D", "TS", "JD"]},                     # dark −45
    ],
    "knock": None, "fool": None,
}


def test_worked_example_bonus_no_knock_with_a_dark_loser():
    reply = settle(BONUS)
    assert reply["points"] == {"P1": 60, "P2": 25, "P3": -10, "P4": -45}
    assert reply["tiers"] == {"P1": "win", "P2": "small", "P3": "medium", "P4": "large"}
    assert reply["k"] == 1 and reply["c"] == {"P2": 1, "P3": 1, "P4": 2}
    assert sorted(lines(reply, "tier")) == [("P2", "P1", 80), ("P3", "P1", 100), ("P4", "P1", 240)]
    assert reply["net"] == {"P1": 420, "P2": -80, "P3": -100, "P4": -240}
    assert [l["item"] for l in reply["ledger"]] == ["tier"] * 3


# --------------------------------------------------------------------------- §86-§87
KNOCKS = tuple(KNOCK_FACTOR)
LEVELS = tuple(RATES)


def rates(level: str) -> dict:
    small, medium, large = RATES[level]
    return {"small": small, "medium": medium, "large": large, "M": medium, "S": 2 * medium}


def expect(reply: dict, losers: dict[str, int]) -> None:
    """The losers' nets as the formula gives them; the knocker receives the rest."""
    assert {pid: reply["net"][pid] for pid in losers} == losers
    assert reply["net"]["P1"] == -sum(losers.values())


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("knock", KNOCKS)
def test_86_1_fool(knock, level):
    """Feeder: 5Mk + T_F·k. Other losers: T_i·k."""
    r, k = rates(level), KNOCK_FACTOR[knock]
    reply = settle(standard(knock, fool=True, level=level))
    assert reply["tiers"] == {"P1": "win", "P2": "small", "P3": "medium", "P4": "large"}
    expect(reply, {"P4": -(5 * r["M"] * k + r["large"] * k), "P2": -r["small"] * k, "P3": -r["medium"] * k})


@pytest.mark.parametrize("knock", KNOCKS)
def test_86_1_fool_with_a_dark_loser_k_stands_for_k_times_c(knock):
    """"k stands for k·c where §86-87 say หรือค่าชน": the dark P2 pays T·k·2; two born losers
    put the feeder in medium (§62/§63), unless the knock is colour-light (§60)."""
    r, k = rates("sian"), KNOCK_FACTOR[knock]
    reply = settle(standard(knock, fool=True, dark=("P2",), level="sian"))
    feeder_tier = "large" if knock == "colour_light" else "medium"
    assert reply["tiers"] == {"P1": "win", "P2": "large", "P3": "small", "P4": feeder_tier}
    assert reply["c"] == {"P2": 2, "P3": 1, "P4": 1}
    expect(reply, {"P4": -(5 * r["M"] * k + r[feeder_tier] * k), "P2": -r["large"] * k * 2, "P3": -r["small"] * k})


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("knock", KNOCKS)
def test_86_2_fool_and_another_holder(knock, level):
    """Feeder: 5Mk + T_F·k − S. Others: −T_i·k + S. The holder H: T_H·k + 3S."""
    r, k = rates(level), KNOCK_FACTOR[knock]
    reply = settle(standard(knock, fool=True, holders={"P2": "2C"}, level=level))  # P2 −25, P3 −15
    assert reply["tiers"] == {"P1": "win", "P2": "medium", "P3": "small", "P4": "large"}
    expect(reply, {"P4": -(5 * r["M"] * k + r["large"] * k - r["S"]), "P3": -r["small"] * k + r["S"],
                   "P2": -(r["medium"] * k + 3 * r["S"])})


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("knock", KNOCKS)
def test_86_3_the_feeder_holds_a_speto(knock, level):
    """Feeder: 5Mk + T_F·k + 3S. Others: −T_i·k + S."""
    r, k = rates(level), KNOCK_FACTOR[knock]
    reply = settle(standard(knock, fool=True, holders={"P4": "2C"}, level=level))
    expect(reply, {"P4": -(5 * r["M"] * k + r["large"] * k + 3 * r["S"]), "P2": -r["small"] * k + r["S"],
                   "P3": -r["medium"] * k + r["S"]})


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("knock", KNOCKS)
def test_86_4_the_feeder_and_another_hold_one_each(knock, level):
    """Feeder: 5Mk + T_F·k + 2S. H: −(T_H·k + 2S). Others: −T_i·k + 2S."""
    r, k = rates(level), KNOCK_FACTOR[knock]
    reply = settle(standard(knock, fool=True, holders={"P4": "2C", "P3": "QS"}, level=level))  # P3 −65
    assert reply["tiers"] == {"P1": "win", "P2": "small", "P3": "medium", "P4": "large"}
    expect(reply, {"P4": -(5 * r["M"] * k + r["large"] * k + 2 * r["S"]), "P3": -(r["medium"] * k + 2 * r["S"]),
                   "P2": -r["small"] * k + 2 * r["S"]})


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("knock", KNOCKS)
def test_87_1_a_holder_without_a_fool(knock, level):
    """Holder: 3S + T_H·k + Mk. Others: −(T_i·k + Mk) + S."""
    r, k = rates(level), KNOCK_FACTOR[knock]
    reply = settle(standard(knock, holders={"P3": "2C"}, level=level))  # P3 −65
    assert reply["tiers"] == {"P1": "win", "P2": "small", "P3": "large", "P4": "medium"}
    expect(reply, {"P3": -(3 * r["S"] + r["large"] * k + r["M"] * k),
                   "P2": -(r["small"] * k + r["M"] * k) + r["S"], "P4": -(r["medium"] * k + r["M"] * k) + r["S"]})


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("knock", KNOCKS)
def test_87_2_two_holders(knock, level):
    """Each holder: 2S + T·k + Mk. The other: −(T·k + Mk) + 2S."""
    r, k = rates(level), KNOCK_FACTOR[knock]
    reply = settle(standard(knock, holders={"P3": "2C", "P4": "QS"}, level=level))  # P3 −65, P4 −80
    assert reply["tiers"] == {"P1": "win", "P2": "small", "P3": "medium", "P4": "large"}
    expect(reply, {"P3": -(2 * r["S"] + r["medium"] * k + r["M"] * k),
                   "P4": -(2 * r["S"] + r["large"] * k + r["M"] * k),
                   "P2": -(r["small"] * k + r["M"] * k) + 2 * r["S"]})


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("knock", KNOCKS)
def test_87_3_a_holder_against_a_knocker_holding_a_speto(knock, level):
    """Holder: 4S + T_H·k + Mk. Others: −(T_i·k + Mk)."""
    r, k = rates(level), KNOCK_FACTOR[knock]
    reply = settle(standard(knock, knocker_speto=True, holders={"P3": "2C"}, level=level))
    assert reply["tiers"] == {"P1": "win", "P2": "small", "P3": "large", "P4": "medium"}
    expect(reply, {"P3": -(4 * r["S"] + r["large"] * k + r["M"] * k), "P2": -(r["small"] * k + r["M"] * k),
                   "P4": -(r["medium"] * k + r["M"] * k)})


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("knock", KNOCKS)
def test_87_4_a_fool_feeder_helps_a_holder(knock, level):
    """Holder (not the feeder): 3S + T_H·k, no knock fee. Others: −T_i·k + S."""
    r, k = rates(level), KNOCK_FACTOR[knock]
    reply = settle(standard(knock, fool=True, holders={"P3": "2C"}, level=level))  # P3 −65
    assert reply["tiers"] == {"P1": "win", "P2": "small", "P3": "medium", "P4": "large"}
    assert reply["net"]["P3"] == -(3 * r["S"] + r["medium"] * k)
    assert reply["net"]["P2"] == -r["small"] * k + r["S"]
    assert sum(reply["net"].values()) == 0
