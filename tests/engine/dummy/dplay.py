"""Helpers for the Dummy play tests: crafted STATEs (every card not placed goes to the stock, so
52 cards always add up), refusals caught with their reason and rule, and random legal play."""

from __future__ import annotations

import copy
import random

import pytest

from engine.dummy import play
from engine.dummy.cards import DECK
from engine.errors import EngineError

SEATS = ("P1", "P2", "P3", "P4")


def state_with(hands: dict, pile=(), melds: dict | None = None, layoffs: dict | None = None, turn: str = "P1",
               phase: str = "take", took=None, turn_no: int = 9, head: str | None = None, stock: list | None = None,
               fill: bool = False, **extra) -> dict:
    """A STATE: ``hands`` per seat, ``pile`` of (card, by, turn) bottom first (the first is the head
    unless ``head`` says otherwise), ``melds`` per seat as card lists (put down at turn 1, not
    liable), ``layoffs`` per seat as (card, onto). The cards not placed are the stock, in deck
    order unless ``stock`` gives their order. With ``fill`` the table is one a game can end in
    (dummy-table.md): the other seats get hands (7 cards when dark, at least 7 in all), and the
    stock keeps 20 cards, the rest going into the pile just above the head, discarded long ago."""
    melds = melds or {}
    layoffs = layoffs or {}
    pile_entries = [{"card": c, "by": by, "turn": t} for c, by, t in pile]
    players = []
    for seat in SEATS:
        players.append({"id": seat, "hand": list(hands.get(seat, [])),
                        "melds": [{"cards": list(m), "turn": 1, "liable": False} for m in melds.get(seat, [])],
                        "layoffs": [{"card": c, "onto": t, "turn": 1, "liable": False}
                                    for c, t in layoffs.get(seat, [])]})
    used = {e["card"] for e in pile_entries} | {c for p in players for c in p["hand"]} | \
        {c for p in players for m in p["melds"] for c in m["cards"]} | {l["card"] for p in players for l in p["layoffs"]}
    rest = [c for c in DECK if c not in used]
    if fill:
        for seat, player in zip(SEATS, players):
            if seat not in hands:
                down = sum(len(m["cards"]) for m in player["melds"]) + len(player["layoffs"])
                player["hand"], rest = rest[:max(1, 7 - down) if down else 7], rest[max(1, 7 - down) if down else 7:]
        rest, old = rest[:20], rest[20:]
        pile_entries[1:1] = [{"card": c, "by": SEATS[i % 4], "turn": 1 + i % 4} for i, c in enumerate(old)]
    if stock is None:
        stock = rest
    else:
        assert sorted(stock) == sorted(rest), "the stock must hold exactly the cards not placed"
    state = {"game": "dummy", "level": "sian", "dealer": "P4",
             "head": head or (pile_entries[0]["card"] if pile_entries else "AS"),
             "stock": list(stock), "pile": pile_entries, "players": players, "turn": turn, "phase": phase,
             "turn_no": turn_no, "took": took, "last_drawer": None,
             "events": {"two_spetos_shown_by": [], "called_discards": [], "liabilities": [], "head_collected_by": None},
             "knock": None, "fool": None, "result": None, "history": []}
    state.update(extra)
    return state


def refusal(state: dict, action: str, seat: str | None = None, **options) -> tuple[str, str | None]:
    """(reason, rule) of an action that must be refused; the state must be left as it was."""
    before = copy.deepcopy(state)
    with pytest.raises(EngineError) as caught:
        play.apply(state, action, seat, options or None)
    assert state == before
    error = caught.value
    assert error.code == "ILLEGAL_MOVE" and error.message and any("\u0e00" <= ch <= "\u0e7f" for ch in error.message_th)
    return error.reason, error.rule


def accepts(state: dict, action: str, **options) -> dict:
    """The state after an action that must be legal (and listed by ``legal``)."""
    assert action in play.legal(state, options or None), (action, play.legal(state, options or None))
    return play.apply(state, action, None, options or None)


def random_hand(seed: int, knock_bias: float = 0.6, limit: int = 400) -> tuple[dict, list[str]]:
    """A hand dealt with ``seed`` and played to its end by random legal actions (knocks, collects
    and melds preferred, so that endings of every kind come up); (final state, actions)."""
    rng = random.Random(seed)
    state = play.deal(seed=seed, dealer=rng.choice(SEATS))
    actions = []
    while state["phase"] != "ended" and len(actions) < limit:
        legal = play.legal(state)
        knocks = [a for a in legal if "knock" in a]
        puts = [a for a in legal if a.startswith(("collect", "meld", "layoff"))]
        if knocks and rng.random() < knock_bias:
            action = rng.choice(knocks)
        elif puts and rng.random() < 0.7:
            action = rng.choice(puts)
        else:
            action = rng.choice(legal)
        state = play.apply(state, action)
        actions.append(action)
    return state, actions
