"""Every legal ACTION of the seat to act (dummy-play.md: ``legal`` = every distinct canonical
string ``play`` would accept, sorted by code point), from a STATE or that seat's VIEW.

The knock search is an exact cover of the hand but one card (face down) by melds and
layoffs: always the lowest card left first, as a meld that starts with it, a layoff, or the
face-down card; a hand with two cards that fit nothing cannot knock and is cut at once.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from itertools import combinations

from .. import errors
from ..core.budget import DOOR_CLOCK_EVERY, OUT_OF_NODES, OUT_OF_TIME
from ..errors import EngineError
from . import cards as C
from . import melds as M
from .actions import card_key, collect_text, compound, layoff_text, meld_text
from .events import blocked_speto
from .position import Target, is_pii, on_table, player_of, previous_seat, sort_hand, stock_count, targets
from .refusals import bad_position

MAX_KNOCK_NODES = 20_000  # knock-search nodes per call; random play never passes a few hundred
# When every knock search of a request must end (perf_counter), or None: see searching_until.
_DEADLINE: ContextVar[tuple[float, float] | None] = ContextVar("dummy_knock_deadline", default=None)


@contextmanager
def searching_until(seconds: float | None) -> Iterator[None]:
    """Knock searches started inside stop with BUDGET_EXCEEDED (reason ``out_of_time``) once
    ``seconds`` of wall-clock time have passed since it was entered: one request's many actions
    share them (the door's ``play`` and ``bestmove``). None: no time limit."""
    token = _DEADLINE.set((time.perf_counter() + seconds, seconds) if seconds else None)
    try:
        yield
    finally:
        _DEADLINE.reset(token)


@dataclass
class Seat:
    """What the seat to act works with."""

    state: dict
    seat: str
    hand: list[str]
    light: bool
    targets: dict[str, Target]
    table_cards: set[str]
    owner_only: bool

    @classmethod
    def of(cls, state: dict, owner_only: bool = False) -> "Seat":
        seat = state["turn"]
        player = player_of(state, seat)
        if player["hand"] is None:
            raise bad_position("position", f"this view does not show the hand of {seat}, the seat to act",
                               f"มุมมองนี้ไม่เห็นไพ่ในมือของ {seat} ซึ่งเป็นผู้เล่นที่ถึงตา")
        return cls(state, seat, sort_hand(player["hand"]), bool(player["melds"]), targets(state), on_table(state),
                   owner_only)

    def new_meld(self, cards) -> Target:
        """The target a meld put down now would be."""
        count = len(player_of(self.state, self.seat)["melds"])
        return Target(f"{self.seat}.{count}", self.seat, M.shape(cards)[0], {})

    def blocked(self, cards) -> str | None:
        """The speto a meld would give a place to while it is off the table (A-D33), else None."""
        speto = blocked_speto(cards)
        return speto if speto is not None and speto not in self.table_cards else None


# --------------------------------------------------------------------------- melds in a pool of cards
def _runs(cards_of_suit: list[str], must: str | None) -> Iterator[tuple[str, ...]]:
    ordered = sorted(cards_of_suit, key=C.rank)
    start = 0
    while start < len(ordered):
        end = start
        while end + 1 < len(ordered) and C.rank(ordered[end + 1]) == C.rank(ordered[end]) + 1:
            end += 1
        segment = ordered[start:end + 1]
        for i in range(len(segment)):
            for j in range(i + 3, len(segment) + 1):
                run = tuple(segment[i:j])
                if must is None or must in run:
                    yield run
        start = end + 1


def melds_in(pool, must: str | None = None) -> list[tuple[str, ...]]:
    """Every set and run made of cards of ``pool`` (holding ``must`` if given), canonical."""
    pool = set(pool)
    found = []
    ranks = {C.rank(must)} if must else {C.rank(c) for c in pool}
    for value in ranks:
        same = sorted((c for c in pool if C.rank(c) == value), key=card_key)
        for size in (3, 4):
            found += [g for g in combinations(same, size) if must is None or must in g]
    suits = {C.suit(must)} if must else {C.suit(c) for c in pool}
    for suit in suits:
        found += list(_runs([c for c in pool if C.suit(c) == suit], must))
    return found


def _lowest_melds(card: str, rest: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The melds within ``rest`` that hold ``card``, its lowest card (so runs start at it)."""
    found = []
    same = [c for c in rest if C.rank(c) == C.rank(card) and c != card]
    for size in (2, 3):
        found += [(card,) + g for g in combinations(same, size)]
    suited = {C.rank(c) for c in rest if C.suit(c) == C.suit(card)}
    top = C.rank(card)
    while top + 1 in suited:
        top += 1
        if top - C.rank(card) >= 2:
            found.append(tuple(C.RANKS[r] + C.suit(card) for r in range(C.rank(card), top + 1)))
    return found


# --------------------------------------------------------------------------- layoffs
def placing(target: Target, listed, by_owner: bool, owner_only: bool) -> tuple[list[str], list[str]]:
    """The order cards listed for one target are laid off in one action (each next one the
    first listed that touches the current end), and the cards left that never fit."""
    laid, order, rest = dict(target.laid), [], list(listed)
    while rest:
        card = next((c for c in rest if M.fits(target.shape, c, laid, M.LAYOFF_REACH, owner_only)), None)
        if card is None:
            break
        laid[card] = by_owner
        order.append(card)
        rest.remove(card)
    return order, rest


def _could_reach(target: Target, card: str) -> bool:
    shape = target.shape
    if shape.kind == M.SET:
        return C.rank(card) == shape.low and len(shape.cards) == 3 and not target.laid
    spot = M.place_on(shape, card)
    return spot is not None and spot.position <= M.LAYOFF_REACH


# --------------------------------------------------------------------------- knocks
class _Budget:
    """One knock search's nodes, within the request's time (searching_until)."""

    def __init__(self, nodes: int):
        self.left = nodes
        self.until_clock = DOOR_CLOCK_EVERY
        self.deadline = _DEADLINE.get()

    def spend(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise EngineError(errors.BUDGET_EXCEEDED, "the knock search went past its bound",
                              "การค้นหาวิธีน็อกเกินขอบเขตที่กำหนด", reason=OUT_OF_NODES)
        self.until_clock -= 1
        if self.deadline is not None and self.until_clock <= 0:
            self.until_clock = DOOR_CLOCK_EVERY
            ends, seconds = self.deadline
            if time.perf_counter() > ends:
                raise EngineError(errors.BUDGET_EXCEEDED, f"the knock searches ran out of their time ({seconds:g} s)",
                                  f"การค้นหาวิธีน็อกใช้เวลาเกินที่กำหนด ({seconds:g} วินาที)", reason=OUT_OF_TIME)


def knocks(seat: Seat, hand, extra: Target | None, need_meld: bool,
           budget: _Budget | None = None) -> Iterator[tuple[list, list, str]]:
    """Every way to knock with ``hand``: (melds, layoffs [(card, target id)], face-down card).
    Layoffs go onto the table's melds and ``extra`` (the collect meld of the same action)."""
    budget = budget or _Budget(MAX_KNOCK_NODES)
    onto = dict(seat.targets)
    if extra is not None:
        onto[extra.id] = extra
    cards = tuple(sort_hand(hand))
    reach = {c: [t for t in onto.values() if _could_reach(t, c)] for c in cards}
    loose = [c for c in cards if not reach[c] and not melds_in(cards, c)]
    if len(loose) > 1:
        return
    by_owner = {t.id: t.owner == seat.seat for t in onto.values()}

    def groups_fit(layoffs: list) -> bool:
        grouped: dict[str, list[str]] = {}
        for card, tid in layoffs:
            grouped.setdefault(tid, []).append(card)
        return all(not placing(onto[tid], group, by_owner[tid], seat.owner_only)[1]
                   for tid, group in grouped.items())

    def walk(rest: tuple[str, ...], melds: list, layoffs: list, face_down: str | None):
        budget.spend()
        if not rest:
            if face_down is not None and (melds or not need_meld) and groups_fit(layoffs):
                yield melds, layoffs, face_down
            return
        card, tail = rest[0], rest[1:]
        if face_down is None:
            yield from walk(tail, melds, layoffs, card)
        for meld in _lowest_melds(card, rest):
            yield from walk(tuple(c for c in tail if c not in meld), melds + [meld], layoffs, face_down)
        for target in reach[card]:
            yield from walk(tail, melds, layoffs + [(card, target.id)], face_down)

    yield from walk(cards, [], [], None)


# --------------------------------------------------------------------------- collects
def collect_melds(seat: Seat, index: int) -> list[tuple[str, ...]]:
    """The melds a collect of pile[index] may show (A-D31): the key, 1-2 hand cards (exactly 1
    with the key's ปี้), and any cards taken with it."""
    pile = seat.state["pile"]
    key = pile[index]["card"]
    above = [e["card"] for e in pile[index + 1:]]
    pii = above[0] if above and is_pii(key, above[0]) else None
    hand = set(seat.hand)
    found = []
    for meld in melds_in(hand | set(above) | {key}, key):
        held = sum(c in hand for c in meld)
        if 1 <= held <= 2 and not (pii in meld and held != 1):
            found.append(meld)
    return found


def after_collect(seat: Seat, index: int, meld) -> list[str]:
    taken = [e["card"] for e in seat.state["pile"][index:]]
    return sort_hand(c for c in seat.hand + taken if c not in meld)


def collect_knocks(seat: Seat, index: int, budget: _Budget) -> Iterator[str]:
    key = seat.state["pile"][index]["card"]
    for meld in collect_melds(seat, index):
        target = seat.new_meld(meld)
        for melds, layoffs, face_down in knocks(seat, after_collect(seat, index, meld), target, False, budget):
            yield compound((key, meld), melds, layoffs, face_down)


def fool_index(seat: Seat, budget: _Budget | None = None) -> int | None:
    """A-D35: the top card's index when the ขาบน discarded it and some collect-knock takes it."""
    pile = seat.state["pile"]
    if not pile or pile[-1]["by"] != previous_seat(seat.seat):
        return None
    top = len(pile) - 1
    return top if next(collect_knocks(seat, top, budget or _Budget(MAX_KNOCK_NODES)), None) is not None else None


def _speto_parts(seat: Seat, meld, after: list[str], speto: str) -> list[str]:
    """§35 exception 2: the one part after a blocker collect that puts its speto down."""
    if speto not in after:
        return []
    parts = [meld_text(m) for m in melds_in(after, speto) if len(after) > len(m)]
    if len(after) > 1:
        onto = list(seat.targets.values()) + [seat.new_meld(meld)]
        parts += [layoff_text(speto, t.id) for t in onto
                  if M.fits(t.shape, speto, t.laid, M.LAYOFF_REACH, seat.owner_only)]
    return parts


def _takes(seat: Seat, options: dict, budget: _Budget) -> list[str]:
    state = seat.state
    last = state["phase"] == "last"
    fool = fool_index(seat, budget)
    must_take = fool is not None and options.get("foolForced") == "mustTake"
    found = ["draw"] if not last and stock_count(state) and not must_take else []
    for index in range(len(state["pile"])):
        if fool is not None and index < fool:
            continue
        key = state["pile"][index]["card"]
        for meld in collect_melds(seat, index):
            after = after_collect(seat, index, meld)
            if not last and not must_take:
                speto = seat.blocked(meld)
                if speto is None and after:
                    found.append(collect_text(key, meld))
                elif speto is not None:
                    found += [f"{collect_text(key, meld)} ; {part}" for part in _speto_parts(seat, meld, after, speto)]
            for melds, layoffs, face_down in knocks(seat, after, seat.new_meld(meld), False, budget):
                found.append(compound((key, meld), melds, layoffs, face_down))
    return found


def _plays(seat: Seat, budget: _Budget) -> list[str]:
    hand = seat.hand
    found = [f"discard {c}" for c in hand] if len(hand) > 1 else []
    if seat.light:
        found += [meld_text(m) for m in melds_in(hand) if len(hand) > len(m) and seat.blocked(m) is None]
        if len(hand) > 1:
            found += [layoff_text(c, t.id) for c in hand for t in seat.targets.values()
                      if M.fits(t.shape, c, t.laid, M.LAYOFF_REACH, seat.owner_only)]
    found += [compound(None, melds, layoffs, face_down)
              for melds, layoffs, face_down in knocks(seat, hand, None, not seat.light, budget)]
    return found


def legal(state: dict, options: dict | None = None) -> list[str]:
    """The legal actions of the seat to act in ``state`` (a STATE or that seat's VIEW), sorted."""
    options = options or {}
    if state["phase"] == "ended":
        return []
    seat = Seat.of(state, options.get("layoffOnto") == "melderCards")
    budget = _Budget(MAX_KNOCK_NODES)
    found = _plays(seat, budget) if state["phase"] == "play" else _takes(seat, options, budget)
    if state["phase"] == "last" and not (options.get("foolForced") == "mustTake" and fool_index(seat, budget) is not None):
        found.append("pass")
    return sorted(set(found))
