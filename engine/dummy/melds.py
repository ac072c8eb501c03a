"""Melds and layoffs (dummy.md §3.2): sets (ตอง), runs (เรียง), the places a dummy (ฝาก) may
go, and the speto-blocker melds of §35/§40.

* A set is 3 or 4 cards of one rank; a run is 3 or more cards of one suit in a row,
  2 < 3 < … < K < A, never wrapping (K-A-2 and A-2-3 are not runs).
* A layoff is the 4th card of a set, or a card 1 or 2 places beyond either end of the
  original run, every place in between already filled. The 3rd place counts only for the
  face-down knock card (S003 glossary "ดัมมี่").
"""

from __future__ import annotations

from dataclasses import dataclass

from . import cards as C

SET = "set"
RUN = "run"
LAYOFF_REACH = 2            # places beyond a run's end a face-up layoff may go
FACE_DOWN_REACH = 3         # ... and the face-down knock card

# §35/§40 (A-D1): 2♠2♥2♦ ("2 ขาว"), Q♥Q♦Q♣ ("Q ขาว"), 3-4-5♣ and 9-10-J♠ give a speto a
# place as a dummy. A meld holding one of them and no speto is a blocker meld.
BLOCKERS = tuple(frozenset(cards) for cards in (("2S", "2H", "2D"), ("QH", "QD", "QC"),
                                                ("3C", "4C", "5C"), ("9S", "TS", "JS")))


@dataclass(frozen=True)
class Shape:
    """What a group of cards is: ``kind`` (set or run), its cards in order, and its ends."""

    kind: str
    cards: tuple[str, ...]
    low: int      # lowest rank (a set: its rank)
    high: int     # highest rank
    suit: str | None  # a run's suit


def shape(cards) -> tuple[Shape | None, tuple[str, str]]:
    """``(Shape, ("", ""))`` for a set or run, else ``(None, (why, why_th))``. No duplicates given."""
    group = sorted(cards, key=C.rank)
    if len(group) < 3:
        return None, (f"a meld needs at least 3 cards, it has {len(group)}",
                      f"ชุดไพ่ต้องมีอย่างน้อย 3 ใบ แต่มี {len(group)} ใบ")
    ranks = [C.rank(card) for card in group]
    if len(set(ranks)) == 1:
        if len(group) > 4:
            return None, ("a set has at most 4 cards", "ตองมีได้ไม่เกิน 4 ใบ")
        return Shape(SET, tuple(sorted(group, key=C.sort_key)), ranks[0], ranks[0], None), ("", "")
    suits = {C.suit(card) for card in group}
    if len(suits) > 1:
        return None, ("neither a set (one rank) nor a run (one suit)",
                      "ไม่ใช่ตอง (เลขเดียวกัน) และไม่ใช่เรียง (ดอกเดียวกัน)")
    if any(b - a != 1 for a, b in zip(ranks, ranks[1:])):
        return None, ("the cards are one suit but not in a row (A is high; K-A-2 does not wrap)",
                      "ไพ่ดอกเดียวกันแต่ไม่เรียงติดกัน (เอซเป็นไพ่สูงสุด เรียงคิง-เอซ-สองไม่ได้)")
    return Shape(RUN, tuple(group), ranks[0], ranks[-1], suits.pop()), ("", "")


def is_blocker(cards) -> bool:
    """§35/§40: does the meld hold a listed speto-blocker meld and no speto?"""
    held = set(cards)
    return not any(C.is_speto(card) for card in held) and any(blocker <= held for blocker in BLOCKERS)


@dataclass(frozen=True)
class Place:
    """Where a card goes on a meld: ``position`` 1, 2 (or 3, face down) beyond a run's end,
    1 for a set's 4th card; ``side`` ``low``/``high`` for runs, None for sets."""

    position: int
    side: str | None


def place_on(meld: Shape, card: str) -> Place | None:
    """The place ``card`` would take on ``meld`` (ignoring reach and gaps), or None."""
    if meld.kind == SET:
        return Place(1, None) if C.rank(card) == meld.low and len(meld.cards) < 4 else None
    if C.suit(card) != meld.suit:
        return None
    value = C.rank(card)
    if value < meld.low:
        return Place(meld.low - value, "low")
    if value > meld.high:
        return Place(value - meld.high, "high")
    return None


def neighbour(meld: Shape, spot: Place) -> str:
    """The card one place nearer the meld than ``spot`` (a run's place of ``position`` ≥ 2)."""
    step = -1 if spot.side == "low" else 1
    end = meld.low if spot.side == "low" else meld.high
    return C.RANKS[end + step * (spot.position - 1)] + meld.suit


def fits(meld: Shape, card: str, laid: dict[str, bool], reach: int, owner_only: bool) -> bool:
    """May ``card`` go onto ``meld`` now? ``laid`` maps the cards already laid off on it to
    "laid by the meld's owner"; ``reach`` is 2 face up, 3 face down; with ``owner_only``
    (A-D14, POP) a card may touch only the meld or its owner's own layoffs."""
    spot = place_on(meld, card)
    if spot is None or card in laid or spot.position > reach:
        return False
    if meld.kind == SET:
        return not laid
    if spot.position == 1:
        return True
    inner = neighbour(meld, spot)
    return inner in laid and (laid[inner] or not owner_only)


def open_places(meld: Shape, laid: dict[str, bool], owner_only: bool) -> list[tuple[str, int, bool]]:
    """Every card that could go onto ``meld`` now: ``(card, position, face_down_only)``."""
    taken = set(meld.cards) | set(laid)
    found = []
    for card in C.DECK:
        if card in taken:
            continue
        spot = place_on(meld, card)
        if spot is not None and fits(meld, card, laid, FACE_DOWN_REACH, owner_only):
            found.append((card, spot.position, not fits(meld, card, laid, LAYOFF_REACH, owner_only)))
    return sorted(found, key=lambda entry: C.sort_key(entry[0]))
