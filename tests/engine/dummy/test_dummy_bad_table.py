"""Bad tables: ``BAD_TABLE`` naming the first offending field, in English and Thai, quoting the
input; never a crash (a hypothesis fuzz of the door with garbage and with mangled tables)."""

from __future__ import annotations

import copy
import json
import os
import sys

import pytest
from dk import changed, player, settle, standard, table_error
from door_checks import error_of, is_thai
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.api import call
from engine.dummy.cards import DECK
from engine.errors import BAD_REQUEST, BAD_TABLE, BAD_TYPE, QUOTE_LIMIT


def edited(edit, **parts) -> dict:
    """The standard table (with ``parts``) after ``edit(table)``."""
    table = standard(**parts)
    edit(table)
    return table


def set_in(path: str, value):
    """An edit that sets ``table[path]`` (dots and [i] as the field names write it)."""
    def edit(table):
        target, keys = table, path.replace("[", ".").replace("]", "").split(".")
        for key in keys[:-1]:
            target = target[int(key)] if key.isdigit() else target[key]
        last = keys[-1]
        target[int(last) if last.isdigit() else last] = value
    return edit


# --------------------------------------------------------------------------- the list
def test_a_duplicate_card_names_its_second_place():
    error = table_error(edited(set_in("players.2.hand.0", "AH")))
    assert error["field"] == "players[2].hand[0]"
    assert "'AH'" in error["message"] and "players[1].melds[0].cards[0]" in error["message"]
    assert "'AH'" in error["message_th"] and is_thai(error["message_th"])


def test_53_cards_the_visible_cards_and_the_stock_make_more_than_a_deck():
    table = standard()
    shown = {c for p in table["players"] for m in p["melds"] for c in m["cards"]} | \
        {c for p in table["players"] for c in p["hand"]} | {table["knock"]["face_down"]}
    rest = [c for c in DECK if c not in shown and c != table["head"]]
    table["discard_pile"] = [table["head"]] + rest[:52 - len(shown) - 1 - 20]
    table["stock_count"] = 20
    assert settle(table)["net"], "52 cards in all: fine"
    table["stock_count"] = 21
    error = table_error(table)
    assert error["field"] == "stock_count" and "53 cards" in error["message"] and "53" in error["message_th"]
    del table["discard_pile"]
    table["stock_count"] = 23
    assert settle(table)["net"], "without the pile, fewer than 52 is fine"


def dealt_around(melds: list[list[str]]) -> dict:
    """A table nobody knocked: P1 melded ``melds`` and holds 7 more cards, the others are dark."""
    used = [c for meld in melds for c in meld]
    rest = [c for c in DECK if c not in used]
    hands = [rest[i * 7:(i + 1) * 7] for i in range(4)]
    return {"level": "sian", "head": rest[28], "knock": None,
            "players": [{"id": f"P{i + 1}", "melds": [{"cards": m} for m in melds] if i == 0 else [],
                         "hand": hands[i]} for i in range(4)]}


@pytest.mark.parametrize("cards, why", [
    (["KS", "AS", "2S"], "K-A-2"), (["AH", "2H", "3H"], "K-A-2"), (["7H", "8H"], "at least 3"),
    (["7H", "8H", "TH"], "not in a row"), (["7H", "7S", "8S"], "neither"),
    (["7H", "7S", "7D", "7C", "8C"], "neither"),
])
def test_a_meld_that_is_not_a_set_or_run(cards, why):
    assert settle(dealt_around([["4D", "5D", "6D"]]))["ok"]
    error = table_error(dealt_around([["4D", "5D", "6D"], cards]))
    assert error["field"] == "players[0].melds[1]" and why in error["message"], error
    assert is_thai(error["message_th"]) and repr(cards[0]) in error["message_th"]


@pytest.mark.parametrize("layoffs, bad_index, needle", [
    ([{"card": "9C", "onto": "P4.0"}, {"card": "TD", "onto": "P4.0"}], 1, "does not extend"),
    ([{"card": "TD", "onto": "P4.0"}], 0, "does not extend"),
    ([{"card": "9S", "onto": "P4.0"}], 0, "does not extend"),
    ([{"card": "TD", "onto": "P3.0"}], 0, "does not extend"),
    ([{"card": "TC", "onto": "P4.0"}], 0, "needs position 1"),
    ([{"card": "9C", "onto": "P4.0"}, {"card": "QC", "onto": "P4.0"}], 1, "too far"),
    ([{"card": "9C", "onto": "P4.0"}, {"card": "TC", "onto": "P4.0"}, {"card": "JC", "onto": "P4.0"}], 2,
     "only as the face-down knock card"),
    ([{"card": "9C", "onto": "P9.0"}], 0, "no meld"),
])
def test_a_layoff_in_a_place_the_rules_forbid(layoffs, bad_index, needle):
    table = standard()
    player(table, "P3")["hand"] = ["6H", "5H", "4H", "3H"]
    player(table, "P2")["layoffs"] = layoffs
    error = table_error(table)
    assert error["field"].startswith(f"players[1].layoffs[{bad_index}]") and needle in error["message"], error
    assert is_thai(error["message_th"])


def test_a_layoff_onto_another_players_layoff_under_melder_cards_only():
    table = standard()
    player(table, "P2")["layoffs"] = [{"card": "9C", "onto": "P4.0"}]
    player(table, "P3")["hand"] = ["6H", "5H", "4H", "3H"]
    player(table, "P3")["layoffs"] = [{"card": "TC", "onto": "P4.0"}]
    assert settle(table)["ok"]
    assert table_error(table, layoffOnto="melderCards")["field"] == "players[2].layoffs[0]"


def test_a_dark_player_may_not_lay_off_37():
    table = standard(dark=("P2",))
    player(table, "P2")["hand"] = player(table, "P2")["hand"][:6]
    player(table, "P2")["layoffs"] = [{"card": "9C", "onto": "P4.0"}]
    assert table_error(table)["field"] == "players[1].layoffs[0]"


def test_a_knock_without_a_face_down_card():
    for knock in ({"player": "P1", "collected": []}, {"player": "P1", "face_down": None}):
        error = table_error(changed(standard(), knock=knock))
        assert error["field"] == "knock.face_down" and "§45" in error["message"] and is_thai(error["message_th"])


def test_a_knocker_with_cards_in_hand():
    error = table_error(edited(set_in("players.0.hand", ["8D"])))
    assert error["field"] == "players[0].hand" and "'8D'" in error["message"]


@pytest.mark.parametrize("seat, hand, needle", [
    (1, ["3C", "4C", "6D"], "6 cards"),                 # a light player: 3 melded + 3 held
    (3, ["KC"], "4 cards"),
])
def test_a_hand_size_the_rules_cannot_produce(seat, hand, needle):
    error = table_error(edited(set_in(f"players.{seat}.hand", hand)))
    assert error["field"] == f"players[{seat}].hand" and needle in error["message"]


@pytest.mark.parametrize("size", [6, 8])
def test_a_dark_player_without_7_cards(size):
    table = standard(dark=("P3",))
    hand = player(table, "P3")["hand"]
    player(table, "P3")["hand"] = hand[:size] if size < 7 else hand + ["QD"]
    error = table_error(table)
    assert error["field"] == "players[2].hand" and f"not {size}" in error["message"]


@pytest.mark.parametrize("change, needle", [
    (lambda t: player(t, "P1")["melds"][1].update({"cards": ["KS", "KH", "KD", "KC"]}) or
     player(t, "P4")["hand"].remove("KC"), "exactly 8"),                        # dark: 7 dealt + 1 drawn
    (lambda t: player(t, "P1")["melds"][0].update({"cards": ["3D", "4D", "5D"]}), "exactly 8"),
])
def test_a_dark_knocker_has_exactly_the_cards_dealt_and_taken(change, needle):
    table = standard("dark")
    change(table)
    error = table_error(table)
    assert error["field"] == "players[0]" and needle in error["message"]


def test_a_light_knocker_has_at_least_the_cards_dealt_and_taken():
    table = standard()
    player(table, "P1")["melds"][0] = {"cards": ["3D", "4D", "5D"]}
    assert table_error(table)["field"] == "players[0]"


def test_a_knock_that_puts_nothing_down():
    table = standard()
    player(table, "P1")["melds"][1]["in_knock"] = False
    error = table_error(table)
    assert error["field"] == "knock" and "in_knock" in error["message"]


def test_a_dark_knock_needs_a_meld_46():
    table = standard("dark")
    player(table, "P1")["melds"] = []
    player(table, "P1")["layoffs"] = [{"card": "9C", "onto": "P4.0", "in_knock": True}]
    error = table_error(table)
    assert error["field"] == "knock" and "§46" in error["message"]


def test_a_fool_whose_feeder_is_not_the_knockers_previous_seat():
    error = table_error(changed(standard(fool=True), fool={"feeder": "P3", "receiver": "P1"}))
    assert error["field"] == "fool.feeder" and "'P4'" in error["message"]


@pytest.mark.parametrize("fool, knock_change, field", [
    ({"feeder": "P4", "receiver": "P2"}, None, "fool.receiver"),
    ({"feeder": "P4", "receiver": "P1"}, {"collected": []}, "knock.collected"),
    ({"feeder": "P4", "receiver": "P1"}, {"collected": ["KD", "KH"]}, "knock.collected"),
])
def test_a_fool_that_cannot_be(fool, knock_change, field):
    table = changed(standard(fool=True), fool=fool)
    table["knock"].update(knock_change or {})
    player(table, "P1")["layoffs"] = [{"card": "9C", "onto": "P4.0"}]  # enough cards for two taken
    assert table_error(table)["field"] == field


def test_a_fool_without_a_knock():
    table = changed(standard(), knock=None, fool={"feeder": "P4", "receiver": "P1"})
    player(table, "P1")["hand"] = ["9D"]
    for meld in player(table, "P1")["melds"]:
        meld["in_knock"] = False
    assert table_error(table)["field"] == "fool"


def test_a_blocker_meld_while_no_speto_is_down_35_40():
    table = standard()
    player(table, "P2")["melds"].append({"cards": ["QH", "QD", "QC"]})
    error = table_error(table)
    assert error["field"] == "players[1].melds[1]" and "§35" in error["message"]
    player(table, "P3")["melds"].append({"cards": ["QS", "KS", "AS"]})
    player(table, "P4")["hand"] = ["KC", "JH", "TH", "9C"]
    player(table, "P1")["melds"][1]["cards"] = ["7S", "8S", "9S"]
    assert settle(table)["ok"], "a speto melded elsewhere lifts the ban"


def test_a_blocker_with_the_speto_laid_off_on_itself_was_melded_too_early():
    table = standard()
    player(table, "P2")["melds"].append({"cards": ["QH", "QD", "QC"]})
    player(table, "P3")["layoffs"] = [{"card": "QS", "onto": "P2.1"}]
    assert table_error(table)["field"] == "players[1].melds[1]"


def test_a_knocker_may_meld_a_blocker_in_the_knock():
    table = standard()
    player(table, "P1")["melds"][1] = {"cards": ["9S", "TS", "JS"], "in_knock": True}
    assert settle(table)["ok"]


@pytest.mark.parametrize("edit, field", [
    (set_in("players.1.melds.0.in_knock", True), "players[1].melds[0].in_knock"),
    (set_in("players.1.born", False), "players[1].born"),
    (set_in("players.0.born", False), "players[0].born"),
    (set_in("knock.type", "dark"), "knock.type"),
    (set_in("events", {"head_collected_by": "P2"}), "events.head_collected_by"),
    (set_in("players.1.hand.0", "2H"), "players[1].hand[0]"),           # the head card in a hand
    (set_in("knock.face_down", "2H"), "knock.face_down"),
    (set_in("discard_pile", ["3S", "2H"]), "discard_pile"),
    (set_in("discard_pile", ["3S"]), "discard_pile"),
    (set_in("knock.collected", ["9D"]), "knock.collected[0]"),          # the key card face down
    (set_in("knock.collected", ["KD", "AH"]), "knock.collected[1]"),
    (set_in("knock.collected", ["KD", "KD"]), "knock.collected[1]"),
    (set_in("players.1.layoffs", [{"card": "9C", "onto": "P1.1"}]), "players[1].layoffs[0].in_knock"),
])
def test_flags_and_places_that_disagree_with_the_table(edit, field):
    assert table_error(edited(edit))["field"] == field


@pytest.mark.parametrize("table, field", [
    ({"level": "thep", "head": "2H"}, "players"),
    ({"level": "thep", "head": "2H", "players": [], "comment": "x"}, "table"),
])
def test_table_shape(table, field):
    assert table_error(table)["field"] == field


@pytest.mark.parametrize("edit, field, needle", [
    (set_in("level", "god"), "level", "thep"),
    (set_in("head", "10H"), "head", "'10H'"),
    (set_in("players.0.id", ""), "players[0].id", "player id"),
    (set_in("players.1.id", "P1"), "players[1].id", "already"),
    (set_in("players.1.melds.0", ["AH"]), "players[1].melds[0]", "object"),
    (set_in("players.1.melds.0.cards.1", "AX"), "players[1].melds[0].cards[1]", "'AX'"),
    (set_in("players.1.melds.0.in_knock", "yes"), "players[1].melds[0].in_knock", "true or false"),
    (set_in("players.1.hand", "3C 4C"), "players[1].hand", "list"),
    (set_in("players.1.layoffs", [{"card": "9C"}]), "players[1].layoffs[0].onto", "missing"),
    (set_in("players.1.layoffs", [{"card": "9C", "onto": 7}]), "players[1].layoffs[0].onto", "meld id"),
    (set_in("players.1.extra", 1), "players[1]", "unknown field"),
    (set_in("knock.player", "P9"), "knock.player", "not a player"),
    (set_in("knock.type", "loud"), "knock.type", "normal"),
    (set_in("fool", {"feeder": "P4"}), "fool.receiver", "missing"),
    (set_in("events", {"two_spetos_shown_by": ["P2", "P3"]}), "events.two_spetos_shown_by[1]", "§81"),
    (set_in("events", {"called_discards": "P2"}), "events.called_discards", "list"),
    (set_in("events", {"liabilities": [{"culprits": [], "covers": "all", "beneficiary": "P1"}]}),
     "events.liabilities[0].culprits", "one or two"),
    (set_in("events", {"liabilities": [{"culprits": ["P2", "P2"], "covers": "all", "beneficiary": "P1"}]}),
     "events.liabilities[0].culprits", "one or two"),
    (set_in("events", {"liabilities": [{"culprits": ["P1"], "covers": "all", "beneficiary": "P1"}]}),
     "events.liabilities[0].beneficiary", "culprit"),
    (set_in("events", {"liabilities": [{"culprits": ["P2"], "covers": "lunch", "beneficiary": "P1"}]}),
     "events.liabilities[0].covers", "head"),
    (set_in("tie_break", {"high_cards": {"P1": "AS", "P2": "AS"}}), "tie_break.high_cards.P2", "one deck"),
    (set_in("tie_break", {"high_cards": {"P7": "AS"}}), "tie_break.high_cards", "unknown field"),
    (set_in("stock_count", 24), "stock_count", "0 to 23"),
    (set_in("stock_count", True), "stock_count", "0 to 23"),
    (set_in("discard_pile", ["2H", "2H"]), "discard_pile[1]", "twice"),
])
def test_shape_errors_name_the_field(edit, field, needle):
    error = table_error(edited(edit))
    assert error["field"] == field and needle in error["message"], error
    assert error["message"].startswith(field + ":") and is_thai(error["message_th"])


def test_players_must_be_four():
    error = table_error(changed(standard(), players=standard()["players"][:3]))
    assert error["field"] == "players" and "3" in error["message"]


def test_request_level_errors():
    assert error_of({"op": "settle", "game": "dummy"})["code"] == BAD_REQUEST
    assert error_of({"op": "settle", "game": "dummy", "table": "{}"})["code"] == BAD_TYPE
    assert error_of({"op": "validate", "game": "dummy", "table": []})["field"] == "table"


def test_errors_quote_at_most_about_200_characters():
    huge = "x" * 10_000
    for edit in (set_in("head", huge), set_in("players.0.id", huge), set_in("level", huge),
                 set_in("players.1.layoffs", [{"card": "9C", "onto": huge}]), set_in(huge[:50], 1)):
        error = table_error(edited(edit))
        assert len(error["message"]) < 2 * QUOTE_LIMIT + 400 and "x" * (QUOTE_LIMIT + 50) not in error["message"]
        assert len(error["field"]) <= 80


def test_validate_op_answers_the_same_error_or_the_derived_facts():
    reply = call({"op": "validate", "game": "dummy", "table": standard()})
    assert reply["ok"] and reply["valid"] and reply["derived"]["knock_type"] == "normal"
    assert reply["points"] == settle(standard())["points"]
    bad = edited(set_in("players.2.hand.0", "AH"))
    assert error_of({"op": "validate", "game": "dummy", "table": bad}) == table_error(bad)


# --------------------------------------------------------------------------- never a crash
SCALE = float(os.environ.get("KRADAN_HYPOTHESIS_SCALE", "0.25" if sys.platform == "emscripten" else "1"))
FUZZ = settings(max_examples=max(20, int(300 * SCALE)), deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 60) | st.sampled_from(
    ["P1", "P2", "P4", "P1.0", "P4.0", "AH", "QS", "2C", "9C", "KD", "thep", "all", "head", "normal", "", "10H"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.sampled_from(
        ["level", "head", "players", "knock", "fool", "events", "id", "melds", "layoffs", "hand", "cards",
         "card", "onto", "in_knock", "player", "face_down", "collected", "feeder", "receiver", "culprits",
         "covers", "beneficiary", "liabilities", "tie_break", "dealer", "next_head", "high_cards",
         "stock_count", "discard_pile", "born", "type"]), inner, max_size=6), max_leaves=30)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, prefix + (index,))


def assert_no_crash(request: dict) -> None:
    reply = call(request)
    json.dumps(reply)
    if not reply["ok"]:
        assert reply["error"]["code"] in (BAD_TABLE, BAD_TYPE, BAD_REQUEST), reply["error"]
        assert is_thai(reply["error"]["message_th"])


@pytest.mark.hypothesis
@FUZZ
@given(JSON)
def test_garbage_tables_never_crash(garbage):
    for op in ("settle", "validate"):
        assert_no_crash({"op": op, "game": "dummy", "table": garbage})
    assert_no_crash({"op": "meld_check", "game": "dummy", "cards": garbage, "layoffs": garbage})


BASES = [standard(), standard("dark", fool=True, holders={"P2": "2C"}), standard("colour_light", knocker_speto=True)]


@pytest.mark.hypothesis
@FUZZ
@given(st.sampled_from(range(len(BASES))), st.data(), JSON)
def test_mangled_tables_never_crash(base, data, garbage):
    """A valid table with one part replaced by garbage: an error or a settlement, never INTERNAL."""
    table = copy.deepcopy(BASES[base])
    path = data.draw(st.sampled_from(list(_paths(table))[1:]))
    target = table
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = garbage
    assert_no_crash({"op": "settle", "game": "dummy", "table": table})
