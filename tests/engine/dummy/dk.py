"""Helpers for the Dummy tests: the door, and one standard table with switchable parts.

The standard table (level thep unless asked): P1 knocks, P4 is the seat before P1 (the fool
feeder when there is one). Every loser is light unless made dark:

* P2: meld A♥A♣A♦ (45), hand 3♣ 4♣ 6♦ 7♦ (20): +25;
* P3: meld 7♥8♥9♥ (15), hand 10♣ J♣ 6♥ 5♣ (30): −15;
* P4: meld 6♣7♣8♣ (15), hand K♣ J♥ 10♥ A♠ (45): −30.

P1 knocks with 9♦ face down (it fits no meld). Light knocks: 2♦3♦4♦5♦ melded before the knock
and K♠K♥K♦ in it (Q♠Q♥Q♦ when the knocker holds a speto); dark knocks put both down in the
knock. Colour knocks use spades: 2♠3♠4♠5♠, then 8♠9♠10♠ (J♠Q♠K♠ with the speto). A fool is
knocked with the last card of the knock meld. The head card 2♥ lies in the pile.
"""

from __future__ import annotations

import copy

from door_checks import error_of

from engine.api import call

LIGHT_LOSERS = {
    "P2": ({"cards": ["AH", "AC", "AD"]}, ["3C", "4C", "6D", "7D"]),
    "P3": ({"cards": ["7H", "8H", "9H"]}, ["TC", "JC", "6H", "5C"]),
    "P4": ({"cards": ["6C", "7C", "8C"]}, ["KC", "JH", "TH", "AS"]),
}
RATES = {"thep": (80, 100, 120), "sian": (100, 200, 300), "khot_sian": (200, 300, 400)}  # §69
KNOCK_FACTOR = {"normal": 1, "dark": 2, "colour_light": 4, "colour_dark": 8}               # §76


def knocker_melds(knock: str, speto: bool) -> tuple[list[str], list[str]]:
    """(the meld put down before the knock, the meld put down in it)."""
    if knock.startswith("colour"):
        return ["2S", "3S", "4S", "5S"], (["JS", "QS", "KS"] if speto else ["8S", "9S", "TS"])
    return ["2D", "3D", "4D", "5D"], (["QS", "QH", "QD"] if speto else ["KS", "KH", "KD"])


def standard(knock: str = "normal", fool: bool = False, holders: dict | None = None, knocker_speto: bool = False,
             dark: tuple[str, ...] = (), level: str = "thep") -> dict:
    """The standard table; ``holders`` maps a loser to the speto added to his hand."""
    before, during = knocker_melds(knock, knocker_speto)
    dark_knock = knock in ("dark", "colour_dark")
    knocker = {"id": "P1", "melds": [{"cards": before, "in_knock": dark_knock}, {"cards": during, "in_knock": True}],
               "layoffs": [], "hand": []}
    players = [knocker]
    for pid, (meld, hand) in copy.deepcopy(LIGHT_LOSERS).items():
        extra = [holders[pid]] if holders and pid in holders else []
        if pid in dark:
            dealt = meld["cards"] + hand[: 4 - len(extra)] + extra
            players.append({"id": pid, "melds": [], "layoffs": [], "hand": dealt})
        else:
            players.append({"id": pid, "melds": [meld], "layoffs": [], "hand": hand + extra})
    return {"level": level, "head": "2H", "players": players,
            "knock": {"player": "P1", "face_down": "9D", "collected": [during[-1]] if fool else []},
            "fool": {"feeder": "P4", "receiver": "P1"} if fool else None,
            "events": {}, "tie_break": {"dealer": "P1", "next_head": "7S"}}


def settle(table: dict, **options) -> dict:
    reply = call({"op": "settle", "game": "dummy", "table": table, "options": options})
    assert reply["ok"], reply
    assert sum(reply["net"].values()) == 0
    return reply


def table_error(table: object, **options) -> dict:
    error = error_of({"op": "settle", "game": "dummy", "table": table, "options": options})
    assert error["code"] == "BAD_TABLE", error
    return error


def lines(reply: dict, item: str) -> list[tuple[str, str, int]]:
    """The (from, to, amount) of every ledger line of ``item``."""
    return [(l["from"], l["to"], l["amount"]) for l in reply["ledger"] if l["item"] == item]


def player(table: dict, pid: str) -> dict:
    return next(p for p in table["players"] if p["id"] == pid)


def changed(table: dict, **fields) -> dict:
    """A deep copy of ``table`` with top-level ``fields`` replaced."""
    return {**copy.deepcopy(table), **copy.deepcopy(fields)}
