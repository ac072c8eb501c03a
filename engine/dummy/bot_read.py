"""What a computer player can read from its seat's VIEW (dummy-play.md): its hand, the melds on
the table and the places still open on them, the discard pile, and which cards it has not seen.

Nothing here looks at another hand or the stock: a VIEW does not hold them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from . import cards as C
from . import melds as M

# A-D37: the cards that guard each speto (ตัวกัน).
GUARDS = {"2C": frozenset({"2S", "2H", "2D", "3C", "4C"}),
          "QS": frozenset({"QH", "QD", "QC", "TS", "JS", "KS", "AS"})}


@dataclass
class TableMeld:
    """A meld on the table: its id, owner, shape and every card laid off on it."""

    id: str
    owner: str
    shape: M.Shape
    laid: dict[str, bool] = field(default_factory=dict)

    def takes(self, card: str) -> bool:
        """May ``card`` be laid off on this meld now (a dummy, A-D14)?"""
        return M.fits(self.shape, card, self.laid, M.LAYOFF_REACH, False)

    def cards(self) -> set[str]:
        return set(self.shape.cards) | set(self.laid)


@dataclass
class Seat:
    """One seat as the VIEW shows it."""

    id: str
    hand_count: int
    born: bool


class Reading:
    """The facts of one VIEW, from ``seat``'s chair."""

    def __init__(self, view: dict, seat: str):
        self.view = view
        self.seat = seat
        players = view["players"]
        ids = [player["id"] for player in players]
        me = ids.index(seat)
        self.next_seat = ids[(me + 1) % len(ids)]       # ขาล่าง: plays after me
        self.hand = list(players[me]["hand"] or [])
        self.seats = {player["id"]: Seat(player["id"], _count(player), bool(player.get("melds")))
                      for player in players}
        self.melds = _table_melds(players)
        self.table_cards = set().union(*(meld.cards() for meld in self.melds.values())) if self.melds else set()
        self.pile = [entry["card"] for entry in view.get("pile", [])]
        self.pile_by = [entry.get("by") for entry in view.get("pile", [])]
        self.stock_count = int(view.get("stock_count", 0))
        seen = set(self.hand) | self.table_cards | set(self.pile)
        self.unseen = frozenset(card for card in C.DECK if card not in seen)
        self.pile_set = frozenset(self.pile)
        self.phase = view.get("phase")
        events = view.get("events") or {}
        self.head_taken = events.get("head_collected_by") is not None
        self._dummies: dict[str, bool] = {}

    @property
    def me(self) -> Seat:
        return self.seats[self.seat]

    def speto_down(self, speto: str) -> bool:
        return speto in self.table_cards

    def dummy_on_table(self, card: str) -> bool:
        """Is ``card`` a dummy (position 1–2 or the 4th of a set) on some meld on the table?"""
        if card not in self._dummies:
            self._dummies[card] = any(meld.takes(card) for meld in self.melds.values())
        return self._dummies[card]


def _count(player: dict) -> int:
    hand = player.get("hand")
    return len(hand) if isinstance(hand, list) else int(player.get("hand_count", 0))


def _table_melds(players: list[dict]) -> dict[str, TableMeld]:
    found: dict[str, TableMeld] = {}
    for player in players:
        for index, meld in enumerate(player.get("melds") or []):
            shape, _ = M.shape(meld["cards"])
            if shape is not None:
                meld_id = f"{player['id']}.{index}"
                found[meld_id] = TableMeld(meld_id, player["id"], shape)
    layoffs = [(layoff.get("turn", 0), player["id"], layoff) for player in players
               for layoff in player.get("layoffs") or []]
    for _, by, layoff in sorted(layoffs, key=lambda entry: entry[0]):
        target = found.get(layoff["onto"])
        if target is not None:
            target.laid[layoff["card"]] = by == target.owner
    return found


def pii(lower: str, upper: str) -> bool:
    """Is ``upper`` a ปี้ of ``lower``: same rank, or one rank apart in the same suit?"""
    if C.rank(lower) == C.rank(upper):
        return True
    return C.suit(lower) == C.suit(upper) and abs(C.rank(lower) - C.rank(upper)) == 1


def run_card(card: str, step: int) -> str | None:
    """The card ``step`` ranks above (or below) ``card`` in its suit, or None off the end."""
    value = C.rank(card) + step
    return C.RANKS[value] + C.suit(card) if 0 <= value < len(C.RANKS) else None


@lru_cache(maxsize=64)
def partners(card: str) -> tuple[tuple[str, str], ...]:
    """Every pair of other cards that makes a 3-card meld with ``card``."""
    same_rank = [rank_card for rank_card in (card[0] + suit for suit in C.SUITS) if rank_card != card]
    found = [(a, b) for i, a in enumerate(same_rank) for b in same_rank[i + 1:]]
    for low, high in ((-2, -1), (-1, 1), (1, 2)):
        a, b = run_card(card, low), run_card(card, high)
        if a and b:
            found.append((a, b))
    return tuple(found)
