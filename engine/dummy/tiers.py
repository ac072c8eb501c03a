"""Who wins and which loss tier each loser pays (§54-§68, A-D7, A-D8, A-D20, A-D21).

* With a knock the knocker wins (§54). Dark and colour-light losers pay large (§60). A fool
  feeder takes the worst tier among the born losers, who fill from small upward (§61-§64),
  or large in a colour-light knock (§60). The rest are ranked by points into the tiers left,
  from small upward (§59, A-D21).
* Without a knock the top score wins (§55), two equal tops both win (§56) and the others then
  fill medium and large (§67); three or four equal tops are ordered by the high cards (§57,
  §58). Dark losers pay large (§60).
* Equal points among the losers ranked: two by the next head card's colour (§65, A-D22), three
  by the high cards (§66); or, with ``tieBreak = seatOrder``, by seat from the dealer.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import quote
from . import cards as C
from .facts import Facts
from .table import PLAYERS, Table, bad

WIN, SMALL, MEDIUM, LARGE = "win", "small", "medium", "large"
LOSS_TIERS = (SMALL, MEDIUM, LARGE)
FORCED_LARGE = ("dark", "colour_dark", "colour_light")
FOOL_RULES = {False: {1: "§62", 2: "§63", 3: "§64"}, True: {1: "§61", 2: "§62", 3: "§63"}}  # by dark knock


@dataclass
class Ranking:
    tiers: dict[str, str] = field(default_factory=dict)
    rules: dict[str, str] = field(default_factory=dict)   # the rule that set each tier
    ties: list[dict] = field(default_factory=list)        # how each tie was broken

    def put(self, pid: str, tier: str, rule: str) -> None:
        self.tiers[pid], self.rules[pid] = tier, rule


def _dealer(table: Table, players: list[str], rule: str) -> int:
    tie = table.tie_break
    dealer = tie.dealer if tie and tie.dealer else table.knock.player if table.knock else None
    if dealer is None:
        raise bad("tie_break.dealer", f"{', '.join(map(quote, players))} have equal points: breaking the tie ({rule}) "
                  "needs the next game's dealer", f"{', '.join(map(quote, players))} ได้แต้มเท่ากัน การตัดสิน ({rule}) "
                  "ต้องรู้ผู้ทำไพ่เกมถัดไป")
    return table.player(dealer).seat


def _from_dealer(table: Table, players: list[str], rule: str) -> list[str]:
    """``players`` in turn order walking from the dealer (dealer included)."""
    start = _dealer(table, players, rule)
    return sorted(players, key=lambda pid: (table.player(pid).seat - start) % PLAYERS)


def _by_high_card(table: Table, players: list[str], rule: str) -> list[str]:
    high = dict(table.tie_break.high_cards or ()) if table.tie_break else {}
    missing = [pid for pid in players if pid not in high]
    if missing:
        raise bad("tie_break.high_cards", f"{', '.join(map(quote, players))} have equal points: breaking the tie "
                  f"({rule}) needs the high card drawn by {', '.join(map(quote, missing))}",
                  f"{', '.join(map(quote, players))} ได้แต้มเท่ากัน การตัดสิน ({rule}) ต้องรู้ไพ่จับใหญ่ของ "
                  f"{', '.join(map(quote, missing))}")
    return sorted(players, key=lambda pid: C.high_card_key(high[pid]), reverse=True)


def _by_colour(table: Table, players: list[str]) -> list[str]:
    """§65, A-D22: from the dealer, the first is black, the other red; the colour of the next
    head card ranks better."""
    black, red = _from_dealer(table, players, "§65")
    next_head = table.tie_break.next_head if table.tie_break else None
    if next_head is None:
        raise bad("tie_break.next_head", f"{quote(black)} and {quote(red)} have equal points: the next game's head "
                  "card decides who pays less (§65)",
                  f"{quote(black)} และ {quote(red)} ได้แต้มเท่ากัน "
                  "ต้องใช้ไพ่หัวของเกมถัดไปตัดสินว่าใครเสียน้อยกว่า (ข้อ 65)")
    return [black, red] if C.is_black(next_head) else [red, black]


def _break(table: Table, players: list[str], options: dict, ranking: Ranking, high_cards: bool = False) -> list[str]:
    """Equal-scored ``players`` from best to worst; the way is written into ``ranking.ties``."""
    if len(players) < 2:
        return players
    if options["tieBreak"] == "seatOrder":
        rule, order = "A-D7", _from_dealer(table, players, "A-D7")
    elif high_cards or len(players) > 2:
        rule = "§66" if not high_cards else "§57" if len(players) == 3 else "§58"
        order = _by_high_card(table, players, rule)
    else:
        rule, order = "§65", _by_colour(table, players)
    ranking.ties.append({"players": sorted(players, key=lambda pid: table.player(pid).seat), "order": order,
                         "rule": rule})
    return order


def _ranked(table: Table, facts: Facts, players: list[str], options: dict, ranking: Ranking) -> list[str]:
    """``players`` best first: by points, ties broken."""
    scores = sorted({facts.points[pid] for pid in players}, reverse=True)
    return [pid for score in scores
            for pid in _break(table, [p for p in players if facts.points[p] == score], options, ranking)]


def _fill(table: Table, facts: Facts, losers: list[str], open_tiers: list[str], rule: str, options: dict,
          ranking: Ranking) -> None:
    """Forced losers pay large (§60); the rest take ``open_tiers`` from the cheapest, by points."""
    forced = [pid for pid in losers if facts.state[pid] in FORCED_LARGE and pid not in ranking.tiers]
    for pid in forced:
        ranking.put(pid, LARGE, "§60")
    rest = [pid for pid in losers if pid not in ranking.tiers]
    for pid, tier in zip(_ranked(table, facts, rest, options, ranking), open_tiers):
        ranking.put(pid, tier, rule)


def _feeder(table: Table, facts: Facts, options: dict, ranking: Ranking) -> None:
    feeder = table.fool.feeder
    if facts.state[feeder] in FORCED_LARGE:
        return  # pays large as a dark or colour loser (§60, A-D20)
    if facts.knock_type == "colour_light" or (facts.knock_type == "colour_dark"
                                              and options["colourDarkFoolFeeder"] == "large"):
        ranking.put(feeder, LARGE, "§60")
        return
    born_losers = sum(facts.born[pid] for pid in facts.c)
    dark_knock = facts.knock_type in ("dark", "colour_dark")
    ranking.put(feeder, LOSS_TIERS[born_losers - 1], FOOL_RULES[dark_knock][born_losers])


def _with_knock(table: Table, facts: Facts, options: dict, ranking: Ranking) -> None:
    ranking.put(facts.knocker, WIN, "§54")
    losers = [p.id for p in table.players if p.id != facts.knocker]
    if table.fool is not None:
        _feeder(table, facts, options, ranking)
    taken = set(ranking.tiers.values())
    _fill(table, facts, losers, [t for t in LOSS_TIERS if t not in taken], "§59", options, ranking)


def _without_knock(table: Table, facts: Facts, options: dict, ranking: Ranking) -> None:
    everyone = [p.id for p in table.players]
    top = max(facts.points.values())
    leaders = [pid for pid in everyone if facts.points[pid] == top]
    if len(leaders) == 2:
        for pid in leaders:
            ranking.put(pid, WIN, "§56")
        others = [pid for pid in everyone if pid not in leaders]
        _fill(table, facts, others, [MEDIUM, LARGE], "§67", options, ranking)
        return
    order = _break(table, leaders, options, ranking, high_cards=True)
    ranking.put(order[0], WIN, "§55" if len(order) == 1 else "§57" if len(order) == 3 else "§58")
    losers = order[1:] + [pid for pid in everyone if pid not in leaders]
    forced = {pid for pid in losers if facts.state[pid] in FORCED_LARGE}
    for pid in forced:
        ranking.put(pid, LARGE, "§60")
    tied_first = [pid for pid in order[1:] if pid not in forced]  # already ordered by §57/§58
    rest = _ranked(table, facts, [pid for pid in losers if pid not in forced and pid not in leaders], options, ranking)
    for pid, tier in zip(tied_first + rest, LOSS_TIERS):
        ranking.put(pid, tier, "§59")


def rank(table: Table, facts: Facts, options: dict) -> Ranking:
    """Every player's tier (``win`` or a loss tier) and the rule behind it."""
    ranking = Ranking()
    (_with_knock if facts.knocker else _without_knock)(table, facts, options, ranking)
    return ranking
