"""A brute-force legality checker written only for these tests: it writes every candidate action
string a naive enumeration finds (every subset of the cards that is a set or run, every way to
split a hand into such groups and single cards, every meld id for each single card, every pile
card as a collect key) and asks ``apply`` which it accepts. ``legal`` must list exactly those.

It knows nothing of the engine's search: sets and runs are recognised here from scratch, and
the parts are put in canonical order by this file's own rendering.
"""

from __future__ import annotations

import random
from itertools import combinations, product

import pytest
from dplay import state_with

from engine.dummy import play
from engine.errors import EngineError

RANKS = "23456789TJQKA"
SUITS = "SHDC"
SPETOS = ("QS", "2C")


def key(card: str) -> tuple[int, int]:
    return RANKS.index(card[0]), SUITS.index(card[1])


def is_group(cards) -> bool:
    """A set (3-4 of a rank) or a run (3+ in a row of one suit, A high, no wrap)."""
    if len(cards) < 3:
        return False
    ranks = sorted(RANKS.index(c[0]) for c in cards)
    if len(set(ranks)) == 1:
        return len(cards) <= 4
    return len({c[1] for c in cards}) == 1 and ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def meld(cards) -> str:
    return "meld " + " ".join(sorted(cards, key=key))


def joined(collect=None, melds=(), layoffs=(), knock=None) -> str:
    parts = ([f"collect {collect[0]} {meld(collect[1])}"] if collect else []) + sorted(meld(m) for m in melds) \
        + sorted(f"layoff {c} {t}" for c, t in layoffs) + ([f"knock {knock}"] if knock else [])
    return " ; ".join(parts)


def groups_with(first: str, rest: list[str]):
    """Every set or run holding ``first`` and other cards of ``rest``."""
    for size in range(2, len(rest) + 1):
        for others in combinations(rest, size):
            if is_group((first,) + others):
                yield (first,) + others


def splits(cards: list[str]):
    """Every split of ``cards`` into sets/runs and single cards: (groups, singles)."""
    if not cards:
        yield [], []
        return
    first, rest = cards[0], cards[1:]
    for groups, singles in splits(rest):
        yield groups, singles + [first]
    for group in groups_with(first, rest):
        left = [c for c in rest if c not in group]
        for groups, singles in splits(left):
            yield groups + [group], singles


def melds_on_table(state: dict) -> dict[str, list[str]]:
    return {f"{p['id']}.{j}": m["cards"] for p in state["players"] for j, m in enumerate(p["melds"])}


def near(card: str, cards: list[str]) -> bool:
    """Could ``card`` ever go onto this group: its rank (a set) or its suit (a run)?"""
    return card[0] == cards[0][0] if len({c[0] for c in cards}) == 1 else card[1] == cards[0][1]


def knock_candidates(hand: list[str], melds: dict[str, list[str]], collect=None):
    for face_down in hand:
        rest = [c for c in hand if c != face_down]
        for groups, singles in splits(rest):
            choices = [[t for t, cards in melds.items() if near(c, cards)] + ["P1.9"] for c in singles]
            for targets in product(*choices):
                yield joined(collect, groups, list(zip(singles, targets)), face_down)


def candidates(state: dict) -> set[str]:
    seat = state["turn"]
    player = next(p for p in state["players"] if p["id"] == seat)
    hand = player["hand"]
    melds = melds_on_table(state)
    ids = list(melds) + ["P1.9"]
    found = {"draw", "pass"} | {f"discard {c}" for c in hand}
    for size in range(3, len(hand) + 1):
        found |= {meld(g) for g in combinations(hand, size) if is_group(g)}
    found |= {f"layoff {c} {t}" for c in hand for t in ids}
    found |= set(knock_candidates(hand, melds))
    new_id = f"{seat}.{len(player['melds'])}"
    pile = [e["card"] for e in state["pile"]]
    for i, card in enumerate(pile):
        pool = hand + pile[i + 1:]
        for size in range(2, len(pool) + 1):
            for others in combinations(pool, size):
                group = (card,) + others
                if not is_group(group):
                    continue
                collect = (card, group)
                after = [c for c in hand + pile[i:] if c not in group]
                found.add(joined(collect))
                for speto in SPETOS:
                    if speto in after:
                        found |= {f"{joined(collect)} ; layoff {speto} {t}" for t in ids + [new_id]}
                        found |= {f"{joined(collect)} ; {meld(g)}" for n in range(3, len(after) + 1)
                                  for g in combinations(after, n) if speto in g and is_group(g)}
                found |= set(knock_candidates(after, {**melds, new_id: list(group)}, collect))
    return found


def accepted(state: dict) -> set[str]:
    found = set()
    for action in candidates(state):
        try:
            play.apply(state, action)
        except EngineError as error:
            assert error.code == "ILLEGAL_MOVE", (action, error.to_dict())
            continue
        found.add(action)
    return found


def small(state: dict) -> bool:
    """Small enough for the naive splitting (which is exponential)."""
    hand = next(p for p in state["players"] if p["id"] == state["turn"])["hand"]
    return len(hand) <= 8 and len(hand) + len(state["pile"]) <= 12


def sampled_states(seeds: range, per_hand: int) -> list[dict]:
    """States met in random legal play (knock-free, so that the hands go on), small ones only."""
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        state = play.deal(seed=seed)
        seen = 0
        while state["phase"] != "ended" and seen < per_hand:
            legal = play.legal(state)
            if small(state) and rng.random() < 0.3:
                found.append(state)
                seen += 1
            quiet = [a for a in legal if "knock" not in a] or legal
            puts = [a for a in quiet if a.startswith(("collect", "meld", "layoff"))]
            state = play.apply(state, rng.choice(puts if puts and rng.random() < 0.6 else quiet))
    return found


DREW = {"kind": "draw"}
CRAFTED = {
    "knock splits": state_with({"P1": ["5H", "6H", "5D", "6D", "7D", "8D", "8S", "8H"]}, pile=[("KD", None, 0)],
                               melds={"P1": [["9C", "TC", "JC"]], "P2": [["2H", "3H", "4H"]]},
                               phase="play", took=DREW),
    "collect knocks": state_with({"P1": ["5D", "6D", "9S", "KS", "KD", "KC"]},
                                 pile=[("4C", None, 0), ("KH", "P2", 6), ("3H", "P3", 7), ("7D", "P4", 8)],
                                 melds={"P1": [["TC", "JC", "QC"]], "P2": [["8D", "9D", "TD"]]}),
    "blocker": state_with({"P1": ["2S", "2H", "2C", "3C", "4C", "9C", "3S"]},
                          pile=[("5C", None, 0), ("2D", "P4", 8)]),
    "ปี้": state_with({"P1": ["4D", "5D", "6D", "9D", "3S", "9C", "QH"]},
                      pile=[("4C", None, 0), ("7D", "P2", 6), ("8D", "P3", 7), ("KC", "P4", 8)]),
    "dark": state_with({"P1": ["2H", "6H", "7H", "3C", "4C", "8C", "9C", "AS"]}, pile=[("KD", None, 0)],
                       melds={"P2": [["3H", "4H", "5H"]], "P4": [["5C", "6C", "7C"]]}, phase="play", took=DREW),
}


@pytest.mark.parametrize("name", sorted(CRAFTED))
def test_legal_is_what_apply_accepts_crafted(name):
    state = CRAFTED[name]
    assert sorted(accepted(state)) == play.legal(state)


def test_legal_is_what_apply_accepts_in_random_play():
    states = sampled_states(range(20), per_hand=5)
    assert len(states) >= 60
    for state in states:
        assert sorted(accepted(state)) == play.legal(state), (state["turn"], state["phase"])


def test_legal_is_sorted_by_code_point_and_canonical():
    for state in CRAFTED.values():
        legal = play.legal(state)
        assert legal == sorted(legal) and len(set(legal)) == len(legal)
        for action in legal:
            play.apply(state, action)
