"""The table text of Dummy puzzles and lesson blocks (site_builder/games/dummy/notation.py):
read into the engine's table JSON, written back canonically, and lines that cannot be read
named by number."""
from __future__ import annotations

import pytest

from engine.api import call
from site_builder.games.dummy.notation import NotationError, read, write

TEXT = """level thep
head 4C
P1 meld 2S 3S 4S
P1 meld* 6H 7H 8H
P1 layoff* 5S P1.0   # in the knocking turn
P1 meld* 8C 8D 8S
P2 meld AH AC AD
P2 hand 3C 4D 6D 7D
P3 meld 9H TH JH
P3 hand TC JC 6C 2C
P4 meld 5D 5H 5C
P4 hand KC KD TS AS
knock P1 2D
collected 8S
fool P4
called P2
called P2
shown P3
dealer P1
next_head 7S"""


def test_a_table_text_reads_into_the_table_the_engine_settles():
    table = read(TEXT)
    assert table["knock"] == {"player": "P1", "face_down": "2D", "collected": ["8S"]}
    assert table["fool"] == {"feeder": "P4", "receiver": "P1"}
    assert table["players"][0]["layoffs"] == [{"card": "5S", "onto": "P1.0", "in_knock": True}]
    assert table["events"] == {"two_spetos_shown_by": ["P3"], "called_discards": ["P2", "P2"]}
    assert table["tie_break"] == {"dealer": "P1", "next_head": "7S"}
    assert call({"op": "settle", "game": "dummy", "table": table})["ok"]


def test_writing_gives_back_a_text_that_reads_to_the_same_table():
    table = read(TEXT)
    assert read(write(table)) == table
    assert write(read(write(table))) == write(table)


def test_high_cards_and_paying_for_others_read_into_the_tie_break_and_the_liabilities():
    text = ("level thep\nhead KH\nP1 meld 3S 4S 5S\nP1 hand 2S 6H 7D 8D\nP2 meld 3D 4D 5D\nP2 hand 2D 6S 7H 9C\n"
            "P3 meld 3H 4H 5H\nP3 hand 2H 6D 8S 9S\nP4 meld 6C 7C 8C\nP4 hand 9H 9D 7S 8H\n"
            "high P1 AS\nhigh P2 KD\nhigh P3 AH\nhigh P4 2C\nliable P2 P3 head P4")
    table = read(text)
    assert table["tie_break"] == {"high_cards": {"P1": "AS", "P2": "KD", "P3": "AH", "P4": "2C"}}
    assert table["events"] == {"liabilities": [{"culprits": ["P2", "P3"], "covers": "head", "beneficiary": "P4"}]}
    assert read(write(table)) == table
    table["events"] = {}
    reply = call({"op": "settle", "game": "dummy", "table": table})
    assert reply["ok"] and reply["tiers"] == {"P1": "win", "P2": "medium", "P3": "small", "P4": "large"}  # §58


@pytest.mark.parametrize("text, line, what", [
    ("level thep\nhead 2H\nP5 hand 2S", 3, "'P5' is not a table line"),
    ("level thep\nhead 2H\nP1 stack 2S", 3, "after a player write meld"),
    ("level thep\nhead 2H\nP1 layoff 2S", 3, "a layoff line is"),
    ("level thep\nhead 2H\nknock P1", 3, "a knock line is"),
    ("level thep\nlevel sian\nhead 2H", 2, "level is written twice"),
    ("level bronze\nhead 2H", 1, "use thep, sian, khot_sian"),
    ("head 2H", 1, "needs a level line"),
    ("level thep\nhead 2H\nfool P4", 1, "fool needs a knock line"),
    ("level thep\nhead 2H\nwinner P1", 3, "is not a table line"),
    ("level thep\nhead 2H\nhigh P1", 3, "a high line is"),
    ("level thep\nhead 2H\nliable P4 P1", 3, "a liable line is"),
    ("level thep\nhead 2H\nliable P9 all P1", 3, "'P9' is not a player"),
])
def test_a_line_that_cannot_be_read_is_named_by_number(text, line, what):
    with pytest.raises(NotationError) as caught:
        read(text)
    assert caught.value.line == line and what in caught.value.what
