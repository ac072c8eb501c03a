"""Random valid finished tables of Dummy Knock, built as a game could leave them; written for the
tests from dummy.md §3.1-§3.3 alone (no engine module is used).

Light players meld sets and runs, lay off 1-2 places beyond a run's original ends (or a set's
4th card), dark players hold the 7 cards dealt; the knocker puts everything but one card down,
in the knocking turn or before it, with the cards he took counted; the head card is melded by
whoever took it or lies at the bottom of the pile. Speto-blocker melds are never made outside
the knock. Events, liabilities and the tie-break data are drawn to fit.
"""

from __future__ import annotations

import random

RANKS = "23456789TJQKA"
SUITS = "SHDC"
DECK = [r + s for s in SUITS for r in RANKS]
SPETOS = {"QS", "2C"}
BLOCKER_CORES = [{"2S", "2H", "2D"}, {"QH", "QD", "QC"}, {"3C", "4C", "5C"}, {"9S", "TS", "JS"}]
LABELS = ["P1", "P2", "P3", "P4", "north", "ใต้", "a.b", "Z"]


def is_blocker(cards) -> bool:
    held = set(cards)
    return not held & SPETOS and any(core <= held for core in BLOCKER_CORES)


def card_points(card: str) -> int:
    """§52, written out again for the tests."""
    if card in SPETOS:
        return 50
    return {"T": 10, "J": 10, "Q": 10, "K": 10, "A": 15}.get(card[0], 5)


class Meld:
    def __init__(self, owner: int, index: int, cards: list[str], in_knock: bool):
        self.owner, self.index, self.cards, self.in_knock = owner, index, cards, in_knock
        self.laid: list[tuple[str, int]] = []   # (card, by seat)
        self.is_set = len({c[0] for c in cards}) == 1

    def open_places(self, free: set[str]) -> list[str]:
        """Free cards that may be laid off here now (face up)."""
        if self.is_set:
            rank = self.cards[0][0]
            return [rank + s for s in SUITS if rank + s in free] if len(self.cards) == 3 and not self.laid else []
        suit = self.cards[0][1]
        ranks = sorted(RANKS.index(c[0]) for c in self.cards)
        low, high = ranks[0], ranks[-1]
        laid = {RANKS.index(c[0]) for c, _ in self.laid}
        lo = low
        while lo - 1 in laid:
            lo -= 1
        hi = high
        while hi + 1 in laid:
            hi += 1
        spots = [r for r in (lo - 1, hi + 1) if 0 <= r <= 12 and low - 2 <= r <= high + 2]
        return [RANKS[r] + suit for r in spots if RANKS[r] + suit in free]


class TableGen:
    def __init__(self, rng: random.Random):
        self.rng = rng
        self.free = set(DECK)
        self.melds: list[Meld] = []
        self.layoffs: dict[int, list[tuple[Meld, str, bool]]] = {seat: [] for seat in range(4)}

    # ----------------------------------------------------------------- pieces
    def candidate_melds(self, suit: str | None) -> list[list[str]]:
        found = []
        if suit is None:
            for rank in RANKS:
                have = [rank + s for s in SUITS if rank + s in self.free]
                if len(have) >= 3:
                    found.append(self.rng.sample(have, self.rng.choice([3, 3, 4]) if len(have) == 4 else 3))
        for s in (SUITS if suit is None else suit):
            for start in range(11):
                length = self.rng.choice([3, 3, 4, 5])
                run = [RANKS[r] + s for r in range(start, min(13, start + length))]
                if len(run) >= 3 and all(c in self.free for c in run):
                    found.append(run)
        return found

    def add_meld(self, seat: int, in_knock: bool, suit: str | None = None) -> Meld | None:
        options = [m for m in self.candidate_melds(suit) if in_knock or not is_blocker(m)]
        if not options:
            return None
        cards = self.rng.choice(options)
        self.rng.shuffle(cards)
        self.free -= set(cards)
        meld = Meld(seat, sum(m.owner == seat for m in self.melds), cards, in_knock)
        self.melds.append(meld)
        return meld

    def add_layoff(self, seat: int, in_knock: bool, suit: str | None = None) -> bool:
        targets = [(m, c) for m in self.melds if in_knock or not m.in_knock for c in m.open_places(self.free)
                   if suit is None or c[1] == suit]
        if not targets:
            return False
        meld, card = self.rng.choice(targets)
        self.free.discard(card)
        meld.laid.append((card, seat))
        self.layoffs[seat].append((meld, card, in_knock))
        return True

    def deal(self, n: int) -> list[str]:
        cards = self.rng.sample(sorted(self.free), n)
        self.free -= set(cards)
        return cards

    def put_down(self, seat: int) -> int:
        return sum(len(m.cards) for m in self.melds if m.owner == seat) + len(self.layoffs[seat])

    # ----------------------------------------------------------------- the table
    def build(self) -> dict | None:
        rng = self.rng
        knocker = rng.randrange(4) if rng.random() < 0.8 else None
        dark = {seat for seat in range(4) if seat != knocker and rng.random() < 0.3}
        light_knock = knocker is not None and rng.random() < 0.7
        colour = rng.choice(SUITS) if knocker is not None and rng.random() < 0.25 else None
        for seat in range(4):
            if seat == knocker:
                continue
            if seat not in dark:
                for _ in range(rng.choice([1, 1, 2])):
                    self.add_meld(seat, False)
                if not any(m.owner == seat for m in self.melds):
                    dark.add(seat)
        if light_knock:
            for _ in range(rng.choice([1, 2])):
                self.add_meld(knocker, False, colour)
            if not any(m.owner == knocker for m in self.melds):
                return None
        players_light = [s for s in range(4) if s not in dark and (s != knocker or light_knock)]
        for _ in range(rng.randrange(5)):
            seat = rng.choice(players_light) if players_light else None
            if seat is not None:
                self.add_layoff(seat, False, colour if seat == knocker else None)
        knock = self.knock(knocker, light_knock, colour) if knocker is not None else None
        if knocker is not None and knock is None:
            return None
        head = self.head(knock)
        hands = {}
        for seat in range(4):
            if seat == knocker:
                hands[seat] = []
            elif seat in dark:
                hands[seat] = self.deal(7)
            else:
                hands[seat] = self.deal(max(0, 7 - self.put_down(seat)) + rng.randrange(4))
        return self.write(knocker, knock, head, hands)

    def knock(self, knocker: int, light: bool, colour: str | None) -> dict | None:
        """The knocking turn: melds and layoffs marked in_knock, the face-down card, and the
        cards taken from the pile (as many as the count of cards allows; a dark knocker's
        count is exact: 7 dealt + the cards taken)."""
        rng = self.rng
        for _ in range(rng.choice([1, 2])):
            self.add_meld(knocker, True, colour)
        for _ in range(rng.randrange(3)):
            self.add_layoff(knocker, True, colour)
        while self.put_down(knocker) < 7 and self.add_meld(knocker, True, colour):
            pass
        melded = [c for m in self.melds if m.owner == knocker and m.in_knock for c in m.cards]
        down = melded + [c for _, c, in_knock in self.layoffs[knocker] if in_knock]
        if not melded and (not light or not down):
            return None
        face_down = self.deal(1)[0]
        total = self.put_down(knocker) + 1
        if light:
            most = min(4, total - 7, len(down) + 1)
            if most < 1:
                return None
            gained = rng.randint(1, most)
        else:
            gained = total - 7
            if not 1 <= gained <= len(down) + 1:
                return None
        collected = []
        if gained > 1 or rng.random() < 0.5:
            key = rng.choice(down)
            collected = [key] + rng.sample([c for c in down if c != key] + [face_down], gained - 1)
        return {"collected": collected, "face_down": face_down}

    def head(self, knock: dict | None) -> str:
        rng = self.rng
        melded = [c for m in self.melds if not m.in_knock for c in m.cards]
        if melded and rng.random() < 0.3:
            return rng.choice(melded)
        if knock and knock["collected"] and rng.random() < 0.15:
            return knock["collected"][0]
        return self.deal(1)[0]

    def write(self, knocker: int | None, knock: dict | None, head: str, hands: dict) -> dict:
        rng = self.rng
        ids = rng.sample(LABELS, 4) if rng.random() < 0.3 else ["P1", "P2", "P3", "P4"]
        held = {c for m in self.melds for c in m.cards} | {c for s in range(4) for _, c, _ in self.layoffs[s]}
        players = []
        for seat in range(4):
            melds = [m for m in self.melds if m.owner == seat]
            entry = {"id": ids[seat],
                     "melds": [{"cards": m.cards, **({"in_knock": True} if m.in_knock else {})} for m in melds],
                     "layoffs": [{"card": c, "onto": f"{ids[m.owner]}.{m.index}", "in_knock": k}
                                 for m, c, k in self.layoffs[seat]],
                     "hand": hands[seat]}
            if rng.random() < 0.2:
                before = any(not m.in_knock for m in melds) or any(not k for _, _, k in self.layoffs[seat])
                entry["born"] = before if seat == knocker else bool(melds)
            players.append(entry)
        table = {"level": rng.choice(["thep", "sian", "khot_sian"]), "head": head, "players": players,
                 "knock": None, "fool": None}
        if knocker is not None:
            table["knock"] = {"player": ids[knocker], "face_down": knock["face_down"], "collected": knock["collected"]}
            if len(knock["collected"]) == 1 and knock["collected"][0] != head and rng.random() < 0.5:
                table["fool"] = {"feeder": ids[(knocker - 1) % 4], "receiver": ids[knocker]}
        self.events(table, ids, knocker, head)
        table["tie_break"] = {"dealer": ids[knocker] if knocker is not None else rng.choice(ids),
                              "next_head": rng.choice(DECK),
                              "high_cards": dict(zip(ids, rng.sample(DECK, 4)))}
        self.pile(table, head, head in held)
        return table

    def events(self, table: dict, ids: list[str], knocker: int | None, head: str) -> None:
        rng = self.rng
        events: dict = {}
        if rng.random() < 0.15:
            events["two_spetos_shown_by"] = [rng.choice(ids)]
        if rng.random() < 0.3:
            events["called_discards"] = [rng.choice(ids) for _ in range(rng.randint(1, 2))]
        liabilities = []
        if knocker is not None:
            losers = [ids[s] for s in range(4) if s != knocker]
            if rng.random() < 0.3:
                liabilities.append({"culprits": rng.sample(losers, rng.choice([1, 2])), "covers": "all",
                                    "beneficiary": ids[knocker]})
            collector = self.head_collector(ids, head)
            if collector is not None and rng.random() < 0.3:
                liabilities.append({"culprits": [rng.choice([i for i in ids if i != collector])], "covers": "head",
                                    "beneficiary": collector})
        if liabilities:
            events["liabilities"] = liabilities
        if rng.random() < 0.2:
            events["head_collected_by"] = self.head_collector(ids, head)
        table["events"] = events

    def head_collector(self, ids: list[str], head: str) -> str | None:
        owners = [m.owner for m in self.melds if head in m.cards]
        owners += [seat for seat in range(4) for _, c, _ in self.layoffs[seat] if c == head]
        return ids[owners[0]] if owners else None

    def pile(self, table: dict, head: str, head_held: bool) -> None:
        rng = self.rng
        rest = sorted(self.free)
        rng.shuffle(rest)
        choice = rng.random()
        if choice < 0.35:
            pile = ([] if head_held else [head]) + rest[:rng.randrange(len(rest) + 1)]
            stock = len(rest) - (len(pile) - (0 if head_held else 1))
            table["discard_pile"] = pile
            if stock <= 23:
                table["stock_count"] = stock
        elif choice < 0.6:
            table["stock_count"] = rng.randint(0, min(23, len(rest)))


def random_table(seed: int) -> dict:
    """A valid finished table from ``seed`` (tries seeds after it until one builds)."""
    while True:
        table = TableGen(random.Random(seed)).build()
        if table is not None:
            return table
        seed += 1_000_003
