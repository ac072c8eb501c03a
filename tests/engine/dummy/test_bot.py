"""The Dummy computer players (engine/dummy/bot.py): always legal, blind to hidden cards,
deterministic, and the level-3 habits of issue 20 §2 on positions built for them."""

from __future__ import annotations

import copy

import pytest

from engine.api import call
from engine.dummy import play
from engine.dummy.bot import best_action
from engine.dummy.cards import DECK
from engine.errors import EngineError

SEATS = ("P1", "P2", "P3", "P4")
MIXED = {"P1": 1, "P2": 2, "P3": 3, "P4": 3}


def positions(seed: int, levels: dict[str, int], seen) -> dict:
    """Play one seeded hand with the computer at ``levels``; ``seen(state, seat, answer)`` before each action."""
    state = play.deal(seed=seed)
    for _ in range(2000):
        if state["phase"] == "ended":
            return state
        seat = state["turn"]
        answer = best_action(play.view(state, seat), seat, levels[seat])
        seen(state, seat, answer)
        state = play.apply(state, answer["move"], seat)
    raise AssertionError(f"hand {seed} did not end")


def deck_for(hands: dict[str, list[str]], head: str, stock_top: list[str], dealer: str = "P1") -> list[str]:
    """A deck (top first) dealing ``hands`` (7 cards a seat), then ``head``, then ``stock_top`` on the stock."""
    first = SEATS.index(dealer)
    deck = [""] * 28
    for offset in range(4):
        seat = SEATS[(first + offset) % 4]
        for j, card in enumerate(hands[seat]):
            deck[4 * j + offset] = card
    used = set(deck) | {head} | set(stock_top)
    return deck + [head] + stock_top + [card for card in DECK if card not in used]


def filler(hands: dict[str, list[str]], head: str, stock_top: list[str]) -> dict[str, list[str]]:
    """Give the seats not in ``hands`` 7 cards each from the rest of the deck, last cards first."""
    used = {card for cards in hands.values() for card in cards} | {head} | set(stock_top)
    spare = [card for card in reversed(DECK) if card not in used]
    full = dict(hands)
    for seat in SEATS:
        if seat not in full:
            full[seat], spare = spare[:7], spare[7:]
    return full


def dealt(hands: dict[str, list[str]], head: str, stock_top: list[str]) -> dict:
    full = filler(hands, head, stock_top)
    return play.deal(deck=deck_for(full, head, stock_top), dealer="P1")


def test_every_answer_is_legal_at_every_level():
    """Seeded hands with mixed levels; at every position every level answers one of legal(view)."""
    checked = 0

    def each(state, seat, answer):
        nonlocal checked
        view = play.view(state, seat)
        choices = play.legal(view)
        assert answer["move"] in choices
        for level in (1, 2, 3):
            other = best_action(view, seat, level)
            assert other["move"] in choices
            assert other["level"] == level
            assert other["words"]["th"] and other["words"]["en"] and other["why"]["th"] and other["why"]["en"]
        checked += 1

    for seed in range(6):
        state = positions(seed, MIXED, each)
        assert state["phase"] == "ended"
    assert checked > 50


def _hide_differently(state: dict, seat: str) -> dict:
    """The same STATE with the cards ``seat`` cannot see (other hands, the stock) dealt out again."""
    changed = copy.deepcopy(state)
    others = [player for player in changed["players"] if player["id"] != seat]
    hidden = [card for player in others for card in player["hand"]] + changed["stock"]
    hidden = hidden[::-1]  # a different but legal arrangement of the same hidden cards
    for player in others:
        count = len(player["hand"])
        player["hand"], hidden = sorted(hidden[:count], key=DECK.index), hidden[count:]
    changed["stock"] = hidden
    changed.pop("tie_break", None)
    return changed


def test_hidden_cards_never_change_the_answer():
    """Two STATEs that differ only in what the seat cannot see give the same answer at every level."""
    compared = 0

    def each(state, seat, answer):
        nonlocal compared
        if state["turn_no"] % 3 or not state["stock"]:
            return
        other = _hide_differently(state, seat)
        assert play.view(other, seat)["players"] == play.view(state, seat)["players"]
        for level in (1, 2, 3):
            assert best_action(other, seat, level) == best_action(state, seat, level)
        compared += 1

    positions(11, MIXED, each)
    assert compared > 5


def test_deterministic_and_input_untouched():
    state = play.deal(seed=5)
    seat = state["turn"]
    view = play.view(state, seat)
    kept = copy.deepcopy(view)
    answers = [best_action(view, seat, 3) for _ in range(3)]
    assert answers[0] == answers[1] == answers[2]
    assert view == kept


def test_refuses_the_wrong_seat_a_hidden_hand_and_a_bad_level():
    state = play.deal(seed=3)
    seat = state["turn"]
    other = next(s for s in SEATS if s != seat)
    with pytest.raises(EngineError) as wrong_seat:
        best_action(state, other, 2)
    assert wrong_seat.value.code == "BAD_REQUEST"
    with pytest.raises(EngineError) as bad_level:
        best_action(state, seat, 4)
    assert bad_level.value.code == "BAD_OPTION_VALUE"
    with pytest.raises(EngineError) as hidden:
        best_action(play.view(state, other), seat, 2)
    assert hidden.value.code in ("BAD_POSITION", "BAD_REQUEST")


def test_level_three_collects_the_head_into_its_first_meld():
    """P2 acts first, dark, holding 7♠ 7♦ under the head 7♥: collecting it births him and earns the head fee."""
    state = dealt({"P2": ["7S", "7D", "2H", "5C", "9D", "JS", "KH"]}, "7H", ["4D"])
    answer = best_action(state, "P2", 3)
    assert answer["move"].startswith("collect 7H meld ")
    assert answer["move"] in play.legal(play.view(state, "P2"))


def test_level_three_knocks_when_it_can():
    """After drawing 8♠ to 2-3-4♥ and 5-6-7♠, P2 can knock dark: level 3 does."""
    state = dealt({"P2": ["2H", "3H", "4H", "5S", "6S", "7S", "KD"]}, "9C", ["8S"])
    assert best_action(state, "P2", 3)["move"] == "draw"
    state = play.apply(state, "draw", "P2")
    answer = best_action(state, "P2", 3)
    assert answer["move"].split(" ; ")[-1].startswith("knock ")


def test_level_three_does_not_pair_the_head():
    """Head K♥: discarding A♥ makes a ปี้ on the head (§27 liability if it is collected within the round);
    level 1 throws it as its highest loose card, level 3 throws another loose card."""
    state = dealt({"P2": ["2S", "3S", "4S", "9D", "9C", "AH", "5D"]}, "KH", ["6H"])
    state = play.apply(state, "draw", "P2")
    assert best_action(state, "P2", 1)["move"] == "discard AH"
    answer = best_action(state, "P2", 3)
    assert answer["move"].startswith("discard ")
    assert answer["move"] not in ("discard AH", "discard 2S", "discard 3S", "discard 4S")


def test_bestmove_door_op_answers_the_bot():
    state = play.deal(seed=8)
    seat = state["turn"]
    reply = call({"op": "bestmove", "game": "dummy", "position": state, "seat": seat, "level": 3})
    assert reply["ok"], reply
    assert reply["move"] == best_action(state, seat, 3)["move"]
    assert reply["move"] in play.legal(play.view(state, seat))


def fool_position() -> dict:
    """P2 (dark, after a draw) must discard. P3, born with 4-5-6♠, holds 9♥ 10♥ 5♥: a J♥ from P2 lets
    him collect J♥ with 9♥ 10♥ and knock with 5♥ face down, a fool (ตีโง่). 3♦ is dead: every card
    that could meld with it (3♠ 3♥ 3♣ 2♦ 4♦ 5♦) is already in the pile."""
    pile = [("2D", None), ("3S", "P2"), ("4D", "P3"), ("3H", "P4"), ("5D", "P1"), ("3C", "P2"), ("AC", "P3"),
            ("9C", "P4"), ("7S", "P1")]
    hands = {"P2": ["3D", "JH", "8S", "8D", "8C", "KD", "KC"], "P3": ["9H", "TH", "5H"]}
    melds = {"P3": [["4S", "5S", "6S"]]}
    used = {card for card, _ in pile} | {c for cards in hands.values() for c in cards} | {"4S", "5S", "6S"}
    spare = [card for card in DECK if card not in used]
    hands["P1"], hands["P4"], stock = spare[:6], spare[6:12], spare[12:]
    return {"game": "dummy", "level": "sian", "dealer": "P1", "head": "2D", "stock": stock,
            "pile": [{"card": card, "by": by, "turn": turn} for turn, (card, by) in enumerate(pile)],
            "players": [{"id": seat, "hand": sorted(hands[seat], key=DECK.index),
                         "melds": [{"cards": cards, "turn": 2, "liable": False} for cards in melds.get(seat, [])],
                         "layoffs": []} for seat in SEATS],
            "turn": "P2", "phase": "play", "turn_no": 9, "took": {"kind": "draw"}, "last_drawer": None,
            "events": {"two_spetos_shown_by": [], "called_discards": [], "liabilities": [],
                       "head_collected_by": None},
            "knock": None, "fool": None, "result": None, "history": []}


def test_level_three_does_not_feed_the_fool():
    state = fool_position()
    fed = play.apply(state, "discard JH", "P2")
    assert any(action.startswith("collect JH ") and action.endswith("knock 5H") for action in play.legal(fed))
    assert best_action(state, "P2", 1)["move"] == "discard JH"   # level 1: its highest loose card
    answer = best_action(state, "P2", 3)
    assert answer["move"] == "discard 3D"

