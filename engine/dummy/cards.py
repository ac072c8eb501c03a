"""Cards of Dummy Knock 2025: ranks, suits, points (§52), the spetos and the high-card order.

A card is its text, rank then suit: ``2C`` … ``9C``, ``TC``, ``JC``, ``QC``, ``KC``, ``AC``
(suits ``S H D C``). Ranks run 2 < 3 < … < K < A (A is high, S003 glossary "เรียง").
"""

from __future__ import annotations

RANKS = "23456789TJQKA"
SUITS = "SHDC"  # strongest first: ♠ > ♥ > ♦ > ♣ (S003 glossary "สี")
DECK = tuple(rank + suit for suit in SUITS for rank in RANKS)
DECK_SIZE = len(DECK)

SPETOS = ("QS", "2C")  # สเปโต (S003 glossary)
BLACK_SUITS = "SC"  # §65: the next head card's colour, black or red


def is_card(text: object) -> bool:
    """Is ``text`` a card of the deck, written rank then suit (``TD``, ``QS``)?"""
    return isinstance(text, str) and len(text) == 2 and text[0] in RANKS and text[1] in SUITS


def rank(card: str) -> int:
    """0 for a 2 … 12 for an Ace."""
    return RANKS.index(card[0])


def suit(card: str) -> str:
    return card[1]


def points(card: str) -> int:
    """§52: 2-9 are 5 (2♣ 50), 10 J Q K are 10 (Q♠ 50), A is 15."""
    if card in SPETOS:
        return 50
    value = rank(card)
    return 5 if value <= RANKS.index("9") else 15 if card[0] == "A" else 10


def total(cards) -> int:
    return sum(points(card) for card in cards)


def is_speto(card: str) -> bool:
    return card in SPETOS


def high_card_key(card: str) -> tuple[int, int]:
    """A-D29 (จับใหญ่): rank first, then suit ♠ > ♥ > ♦ > ♣; bigger is higher."""
    return rank(card), -SUITS.index(card[1])


def is_black(card: str) -> bool:
    return card[1] in BLACK_SUITS


def sort_key(card: str) -> tuple[int, int]:
    """Display order: by suit (♠ ♥ ♦ ♣), then rank upward."""
    return SUITS.index(card[1]), rank(card)

