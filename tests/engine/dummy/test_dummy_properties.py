"""Properties of the settlement over random valid tables from ``dk_tables`` (a generator written
for the tests from the rules alone), under random rule options (hypothesis, derandomized):

* every generated table settles; nets sum to zero and are the ledger summed;
* every amount is a positive multiple of the level's smallest unit (the gcd of its stake row;
  half of it only on a line two culprits share);
* points are melds and layoffs minus hand (§52/§53, counted here again);
* renaming the seats permutes the result; rotating the seats (same turn order) changes nothing;
* the shape of the ledger: one winner per knock, tiers paid loser to winner, k and c as §76.
"""

from __future__ import annotations

import copy
import math
import os
import sys
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from dk_tables import card_points, random_table

from engine.api import call

pytestmark = pytest.mark.hypothesis

SCALE = float(os.environ.get("KRADAN_HYPOTHESIS_SCALE", "0.25" if sys.platform == "emscripten" else "1"))


def props(max_examples: int):
    return settings(max_examples=max(10, int(max_examples * SCALE)), deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


RATES = {"thep": (80, 100, 120), "sian": (100, 200, 300), "khot_sian": (200, 300, 400)}
DECLARED = next(g for g in call({"op": "games"})["games"] if g["id"] == "dummy")["options"]
OPTION_VALUES = {o["name"]: o["choices"] for o in DECLARED if o["name"] != "layoffOnto"}
TABLES = st.integers(0, 2 ** 31)
OPTIONS = st.fixed_dictionaries({name: st.sampled_from(choices) for name, choices in OPTION_VALUES.items()})


def settle(table: dict, options: dict | None = None) -> dict:
    reply = call({"op": "settle", "game": "dummy", "table": table, "options": options or {}})
    assert reply["ok"], (reply, table)
    return reply


@props(300)
@given(TABLES, OPTIONS)
def test_nets_sum_to_zero_and_are_the_ledger_summed(seed, options):
    table = random_table(seed)
    reply = settle(table, options)
    assert sum(reply["net"].values()) == 0
    summed = Counter()
    for line in reply["ledger"]:
        summed[line["to"]] += line["amount"]
        summed[line["from"]] -= line["amount"]
        assert line["from"] != line["to"]
    assert {pid: summed[pid] for pid in reply["net"]} == reply["net"]


@props(300)
@given(TABLES, OPTIONS)
def test_every_amount_is_a_multiple_of_the_levels_smallest_unit(seed, options):
    table = random_table(seed)
    unit = math.gcd(*RATES[table["level"]])
    shared = any(len(l["culprits"]) == 2 for l in table["events"].get("liabilities", ()))
    for line in settle(table, options)["ledger"]:
        step = unit // 2 if shared and "on_behalf_of" in line and options["liabilities"] == "cover" else unit
        assert line["amount"] > 0 and line["amount"] % step == 0, (line, unit)


@props(200)
@given(TABLES)
def test_points_are_melds_and_layoffs_minus_hand(seed):
    table = random_table(seed)
    expected = {p["id"]: sum(card_points(c) for m in p["melds"] for c in m["cards"])
                + sum(card_points(l["card"]) for l in p["layoffs"]) - sum(card_points(c) for c in p["hand"])
                for p in table["players"]}
    assert settle(table)["points"] == expected


def relabel(table: dict, names: dict[str, str]) -> dict:
    """``table`` with every player id renamed by ``names`` (meld ids and references too)."""
    out = copy.deepcopy(table)
    meld = lambda ref: names[ref.rsplit(".", 1)[0]] + "." + ref.rsplit(".", 1)[1]  # noqa: E731
    for p in out["players"]:
        p["id"] = names[p["id"]]
        for layoff in p["layoffs"]:
            layoff["onto"] = meld(layoff["onto"])
    if out["knock"]:
        out["knock"]["player"] = names[out["knock"]["player"]]
    if out["fool"]:
        out["fool"] = {key: names[pid] for key, pid in out["fool"].items()}
    events = out["events"]
    for key in ("two_spetos_shown_by", "called_discards"):
        if key in events:
            events[key] = [names[pid] for pid in events[key]]
    for liability in events.get("liabilities", ()):
        liability["culprits"] = [names[pid] for pid in liability["culprits"]]
        liability["beneficiary"] = names[liability["beneficiary"]]
    if events.get("head_collected_by"):
        events["head_collected_by"] = names[events["head_collected_by"]]
    tie = out["tie_break"]
    tie["dealer"] = names[tie["dealer"]]
    tie["high_cards"] = {names[pid]: card for pid, card in tie["high_cards"].items()}
    return out


def renamed(reply: dict, names: dict[str, str]) -> dict:
    keyed = {key: {names[pid]: value for pid, value in reply[key].items()} for key in ("points", "tiers", "c", "net")}
    ledger = [{**line, "from": names[line["from"]], "to": names[line["to"]],
               **({"on_behalf_of": names[line["on_behalf_of"]]} if "on_behalf_of" in line else {})}
              for line in reply["ledger"]]
    return {**keyed, "k": reply["k"], "ledger": ledger}


def comparable(reply: dict) -> dict:
    return {key: reply[key] for key in ("points", "tiers", "c", "net", "k", "ledger")}


@props(200)
@given(TABLES, OPTIONS, st.permutations(["P1", "P2", "P3", "P4"]), st.booleans())
def test_renaming_the_seats_permutes_the_result(seed, options, order, fancy):
    table = random_table(seed)
    new_ids = order if not fancy else ["ผู้เล่น" + x for x in order]
    names = dict(zip([p["id"] for p in table["players"]], new_ids))
    assert comparable(settle(relabel(table, names), options)) == renamed(comparable(settle(table, options)), names)


@props(200)
@given(TABLES, OPTIONS, st.integers(1, 3))
def test_rotating_the_seats_keeps_the_turn_order_and_the_result(seed, options, shift):
    table = random_table(seed)
    rotated = {**copy.deepcopy(table), "players": table["players"][shift:] + table["players"][:shift]}
    before, after = settle(table, options), settle(rotated, options)
    for key in ("points", "tiers", "c", "net", "k"):
        assert before[key] == after[key], key
    as_bag = lambda reply: Counter(tuple(sorted(line.items())) for line in reply["ledger"])  # noqa: E731
    assert as_bag(before) == as_bag(after)


FACTORS = {"S003": {"normal": 1, "dark": 2, "colour_light": 4, "colour_dark": 8},
           "POP": {"normal": 1, "dark": 2, "colour_light": 2, "colour_dark": 4}}


def by_original_payer(reply: dict, item: str) -> Counter:
    """(payer before any liability moved it, payee) -> amount, for the lines of ``item``."""
    paid = Counter()
    for line in reply["ledger"]:
        if line["item"] == item:
            paid[line.get("on_behalf_of", line["from"]), line["to"]] += line["amount"]
    return paid


@props(300)
@given(TABLES, OPTIONS)
def test_the_ledger_has_the_shape_of_the_rules(seed, options):
    table = random_table(seed)
    reply = settle(table, options)
    tiers, knock, k, c = reply["tiers"], table["knock"], reply["k"], reply["c"]
    winners = [pid for pid, tier in tiers.items() if tier == "win"]
    losers = [pid for pid, tier in tiers.items() if tier != "win"]
    factors = FACTORS[options["multipliers"]]
    assert set(c) == set(losers) and set(c.values()) <= set(factors.values())
    rates = dict(zip(("small", "medium", "large"), RATES[table["level"]]))
    if knock:
        assert winners == [knock["player"]] and k == factors[reply["derived"]["knock_type"]]
        fee = {(loser, knock["player"]): rates["medium"] * k * (c[loser] if options["knockFeeTimesLoserFactor"] else 1)
               for loser in losers}
        assert by_original_payer(reply, "knock_fee") == fee
    else:
        assert k == 1 and 1 <= len(winners) <= 2
        assert not {l["item"] for l in reply["ledger"]} & {"knock_fee", "fool", "fool_round", "knocker_speto",
                                                            "face_down_speto", "face_down_dummy", "speto_collected"}
    assert by_original_payer(reply, "tier") == {(loser, winner): rates[tiers[loser]] * k * c[loser]
                                                for loser in losers for winner in winners}
    for pid, state in reply["derived"]["state"].items():
        if pid in losers and state in ("dark", "colour_dark"):
            assert tiers[pid] == "large"
    assert all(amount % (2 * rates["medium"]) == 0 for amount in by_original_payer(reply, "speto_held").values())


def crosses_another_players_layoff(table: dict) -> bool:
    """Does a layoff sit two places beyond a run's end on a card another player (not the meld's
    owner) laid off? (A-D14, popular pages: only the owner's cards may be extended.)"""
    owners = {f"{p['id']}.{i}": p["id"] for p in table["players"] for i in range(len(p["melds"]))}
    melds = {f"{p['id']}.{i}": m["cards"] for p in table["players"] for i, m in enumerate(p["melds"])}
    ranks = "23456789TJQKA"
    laid = {}
    for p in table["players"]:
        for layoff in p["layoffs"]:
            laid.setdefault(layoff["onto"], []).append((layoff["card"], p["id"]))
    for onto, cards in laid.items():
        values = sorted(ranks.index(c[0]) for c in melds[onto])
        if values[0] == values[-1]:
            continue  # a set: its one layoff touches the meld
        by = {ranks.index(card[0]): pid for card, pid in cards}
        for value in by:
            inner = value + 1 if value < values[0] else value - 1
            if inner in by and by[inner] != owners[onto]:
                return True
    return False


@props(300)
@given(TABLES)
def test_melder_cards_only_refuses_exactly_the_layoffs_over_another_players_layoff(seed):
    table = random_table(seed)
    reply = call({"op": "validate", "game": "dummy", "table": table, "options": {"layoffOnto": "melderCards"}})
    assert reply["ok"] is not crosses_another_players_layoff(table), reply
