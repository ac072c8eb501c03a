"""Properties of random legal play (hypothesis, derandomized; a modest number of hands so the
suite stays fast): after every action the 52 cards are all there once, each hand is canonical
and the seat to act always has a legal action; the finished hand's TABLE is accepted by the
existing ``settle`` with nets summing to zero; a seed and the action list replay the same hand;
a VIEW shows nothing of other hands or the stock before the end."""

from __future__ import annotations

import os
import sys
from collections import Counter

import pytest
from dplay import random_hand
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.dummy import play
from engine.dummy.actions import card_key
from engine.dummy.cards import DECK
from engine.dummy.play_ops import settlement
from engine.options import resolve
from engine.registry import GAMES

pytestmark = pytest.mark.hypothesis

SCALE = float(os.environ.get("KRADAN_HYPOTHESIS_SCALE", "0.25" if sys.platform == "emscripten" else "1"))
HANDS = max(3, int(20 * SCALE))
OPTIONS = resolve(GAMES["dummy"].options, None)
SETTINGS = settings(max_examples=HANDS, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


def every_card(state: dict) -> Counter:
    cards = Counter(state["stock"]) + Counter(e["card"] for e in state["pile"])
    for player in state["players"]:
        cards += Counter(player["hand"])
        cards += Counter(c for m in player["melds"] for c in m["cards"])
        cards += Counter(l["card"] for l in player["layoffs"])
    if state["knock"]:
        cards[state["knock"]["face_down"]] += 1
    return cards


def replay(seed: int, dealer: str, actions: list[str]) -> list[dict]:
    states = [play.deal(seed=seed, dealer=dealer)]
    for action in actions:
        states.append(play.apply(states[-1], action))
    return states


@SETTINGS
@given(seed=st.integers(0, 2**32), bias=st.sampled_from([0.0, 0.3, 0.9]))
def test_random_play_keeps_the_deck_and_settles(seed, bias):
    final, actions = random_hand(seed, knock_bias=bias)
    assert final["phase"] == "ended"
    states = replay(seed, final["dealer"], actions)
    assert states[-1] == final                                    # replays are deterministic
    for state in states:
        assert every_card(state) == Counter(DECK)
        for player in state["players"]:
            assert player["hand"] == sorted(player["hand"], key=card_key)
            assert player["hand"] or state["phase"] == "ended"    # A-D39: only a knock empties a hand
        assert (play.legal(state) == []) == (state["phase"] == "ended")
    table, reply = settlement(final, OPTIONS)
    assert reply is not None                                      # a seeded deal carries a tie-break
    assert sum(reply["net"].values()) == 0
    assert reply["tiers"][final["knock"]["player"]] == "win" if final["knock"] else True
    knocker = final["knock"]["player"] if final["knock"] else None
    assert all(p["hand"] == [] for p in table["players"] if p["id"] == knocker)


@SETTINGS
@given(seed=st.integers(0, 2**32))
def test_a_view_hides_other_hands_and_the_stock(seed):
    final, actions = random_hand(seed, knock_bias=0.0, limit=25)
    state = replay(seed, final["dealer"], actions[:20])[-1]
    for seat in ("P1", "P2", "P3", "P4"):
        seen = play.view(state, seat)
        assert "stock" not in seen and "tie_break" not in seen and seen["stock_count"] == len(state["stock"])
        for player, real in zip(seen["players"], state["players"]):
            hidden = player["id"] != seat and state["phase"] != "ended"
            assert player == ({**real, "hand": None, "hand_count": len(real["hand"])} if hidden else real)
        if seat == state["turn"]:
            assert play.legal(seen) == play.legal(state)
