"""A table listing more cards than a deck has (52) is refused at once, before its cards are read
one by one: BAD_TABLE at ``table`` saying how many it lists, in English and Thai (the calculator
refuses such a link before drawing it, tests/js/dummy-table-link.test.mjs)."""

from __future__ import annotations

from dk import changed, player, settle, standard, table_error
from door_checks import is_thai

from engine.dummy.cards import DECK


def test_the_standard_table_is_within_the_deck():
    settle(standard())


def test_fifty_three_cards_are_refused_with_the_count():
    table = standard()
    hand = player(table, "P2")["hand"]
    extra = 53 - sum(len(p["hand"]) + len(p.get("layoffs", [])) + sum(len(m["cards"]) for m in p.get("melds", []))
                     for p in table["players"]) - 1  # the knock's face-down card counts too
    table = changed(table)
    player(table, "P2")["hand"] = hand + ["2S"] * extra
    error = table_error(table)
    assert error["field"] == "table"
    assert "lists 53 cards" in error["message"] and "a deck has 52" in error["message"]
    assert "ไพ่ 53 ใบ" in error["message_th"] and "52 ใบ" in error["message_th"] and is_thai(error["message_th"])


def test_a_huge_table_is_refused_by_its_count_not_card_by_card():
    table = changed(standard())
    player(table, "P3")["hand"] = ["not a card"] * 200_000  # the card check would name hand[0]
    player(table, "P1")["melds"] = [{"cards": list(DECK)}] * 50
    error = table_error(table)
    assert error["field"] == "table" and "a deck has 52" in error["message"]


def test_the_discard_pile_and_the_face_down_card_count():
    table = changed(standard(), discard_pile=list(DECK))
    error = table_error(table)
    assert error["field"] == "table" and "lists" in error["message"]
