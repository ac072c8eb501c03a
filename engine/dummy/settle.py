"""The settlement of a finished table (dummy.md §3.4, A-D19 … A-D30): the ledger, one line
per payment ``{from, to, amount, item, rule}``, and each player's net, which sums to zero.

With M the level's medium rate, S = 2M the speto-holding fee, k the knock factor and c a
loser's own factor:

=================  =============================================================  ==========
item               who pays whom                                                  rule
=================  =============================================================  ==========
tier               each loser, each winner: T(tier)·k·c                           §59-§68, §76-§78
knock_fee          each loser, the knocker: M·k                                   §79
fool               the feeder, the knocker: 2·M·k                                 §74
fool_round         the feeder, each other loser: M·k                              §75
speto_held         a holder, each other player: S per speto in hand               §49, §72
knocker_speto      each loser, the knocker: S per speto (3M when he took the head) §50, §73
face_down_speto    each loser, the knocker: M                                     §71
face_down_dummy    each loser, the knocker: M                                     §71
head               each other player, the head collector: M                       §20
speto_fee          each other player, who melded or laid off a speto: M           §41
speto_collected    each other player, the knocker: M per speto taken to knock     §51
show_two_spetos    each other player, the shower: 2M                              §81
called_discard     the discarder, each other player: M                            §32
=================  =============================================================  ==========

Paying on behalf of others (เหมา, A-D25) then moves covered lines to the culprits.
"""

from __future__ import annotations

from ..errors import quote
from .facts import Facts
from .table import Table, bad
from .tiers import WIN, Ranking

ITEMS = ("tier", "knock_fee", "fool", "fool_round", "speto_held", "knocker_speto", "face_down_speto",
         "face_down_dummy", "head", "speto_fee", "speto_collected", "show_two_spetos", "called_discard")
POST_GAME = frozenset(ITEMS[:9]) - {"head"} | {"speto_collected"}  # §80: paid after the game
COVERS = {"head": ({"head"}, "§27"), "speto_fee": ({"speto_fee", "speto_collected"}, "§28"),
          "knocker_speto": ({"knocker_speto", "face_down_speto"}, "§28"), "all": (POST_GAME, "§82")}


class Ledger:
    """The payment lines in the order they are made."""

    def __init__(self, table: Table):
        self.table = table
        self.lines: list[dict] = []

    def pay(self, payer: str, payee: str, amount: int, item: str, rule: str) -> None:
        self.lines.append({"from": payer, "to": payee, "amount": amount, "item": item, "rule": rule})

    def each_pays(self, payers, payee: str, amount: int, item: str, rule: str) -> None:
        for payer in payers:
            if payer != payee:
                self.pay(payer, payee, amount, item, rule)

    def pays_each(self, payer: str, payees, amount: int, item: str, rule: str) -> None:
        for payee in payees:
            if payee != payer:
                self.pay(payer, payee, amount, item, rule)

    def net(self) -> dict[str, int]:
        net = dict.fromkeys(self.table.ids, 0)
        for line in self.lines:
            net[line["from"]] -= line["amount"]
            net[line["to"]] += line["amount"]
        return net


def _multiplier_rule(state: str, k: int, c: int) -> str:
    if state == "colour_light":
        return ", §78"
    if k > 1 and c > 1:
        return ", §77"
    return ", §76" if k * c > 1 else ""


def _tiers(ledger: Ledger, facts: Facts, ranking: Ranking, losers: list[str], winners: list[str]) -> None:
    small_medium_large = dict(zip(("small", "medium", "large"), ledger.table.rates))
    for loser in losers:
        c = facts.c[loser]
        rule = ranking.rules[loser] + _multiplier_rule(facts.state[loser], facts.k, c)
        for winner in winners:
            ledger.pay(loser, winner, small_medium_large[ranking.tiers[loser]] * facts.k * c, "tier", rule)


def _knock_items(ledger: Ledger, facts: Facts, losers: list[str], options: dict) -> None:
    table, knocker, k = ledger.table, facts.knocker, facts.k
    medium = table.rates[1]
    for loser in losers:
        fee = medium * k * (facts.c[loser] if options["knockFeeTimesLoserFactor"] else 1)
        ledger.pay(loser, knocker, fee, "knock_fee", "§79")
    if table.fool is not None:
        feeder = table.fool.feeder
        ledger.pay(feeder, knocker, 2 * medium * k, "fool", "§74")
        ledger.pays_each(feeder, losers, medium * k, "fool_round", "§75")


def _speto_items(ledger: Ledger, facts: Facts, losers: list[str], options: dict) -> None:
    table = ledger.table
    medium = table.rates[1]
    per_card = options["spetoHeldPer"] == "card"
    for holder in table.ids:
        spetos = facts.speto_holders.get(holder, ())
        for _ in spetos if per_card else spetos[:1]:
            ledger.pays_each(holder, table.ids, 2 * medium, "speto_held", "§49, §72")
    if facts.knocker is None:
        return
    held = facts.knocker_spetos if per_card else facts.knocker_spetos[:1]
    amount, rule = (3 * medium, "§73") if facts.head_knock else (2 * medium, "§50, §72")
    for _ in held:
        ledger.each_pays(losers, facts.knocker, amount, "knocker_speto", rule)
    if facts.face_down_speto and options["stackFaceDownSpeto"]:
        ledger.each_pays(losers, facts.knocker, medium, "face_down_speto", "§71")
    if facts.face_down_dummy is not None:
        ledger.each_pays(losers, facts.knocker, medium, "face_down_dummy", "§71")


def _fee_items(ledger: Ledger, facts: Facts, ranking: Ranking, options: dict) -> None:
    """The fees paid at once (§80) by the other players (A-D5), and the called discards (§32)."""
    table = ledger.table
    medium = table.rates[1]
    payers = [pid for pid in table.ids if options["feePayers"] == "others" or ranking.tiers[pid] != WIN]
    if facts.head_collector is not None:
        ledger.each_pays(payers, facts.head_collector, medium, "head", "§20")
    for player, _ in facts.speto_fees:
        ledger.each_pays(payers, player, medium, "speto_fee", "§41")
    for _ in facts.collected_spetos:
        ledger.each_pays(payers, facts.knocker, medium, "speto_collected", "§51")
    for shower in table.events.two_spetos_shown_by:
        ledger.each_pays(payers, shower, 2 * medium, "show_two_spetos", "§81")
    for discarder in table.events.called_discards:
        ledger.pays_each(discarder, table.ids, medium, "called_discard", "§32")


def _nothing_at_knock(table: Table, liability) -> bool:
    """A-D37: a §28 speto_fee liability of the knocking turn may find nothing to move, since a
    speto put down in the knock earns no §41 fee (A-D10); its knocker_speto part moves instead."""
    return liability.covers == "speto_fee" and table.knock is not None and liability.beneficiary == table.knock.player


def _cover(ledger: Ledger, ranking: Ranking) -> None:
    """A-D25: each liability's covered lines an innocent pays its beneficiary are paid by the
    culprits instead, in equal shares; a line moves once at most (a later liability whose lines
    an earlier one already moved, e.g. knocker_speto after all at a knock, A-D37, moves nothing)."""
    for liability in ledger.table.events.liabilities:
        items, rule = COVERS[liability.covers]
        moved, lines = False, []
        for line in ledger.lines:
            innocent = line["from"] not in liability.culprits and (
                liability.covers != "all" or ranking.tiers[line["from"]] != WIN)
            if "on_behalf_of" in line or line["item"] not in items or line["to"] != liability.beneficiary \
                    or not innocent:
                lines.append(line)
                continue
            moved = True
            share = line["amount"] // len(liability.culprits)
            lines += [{**line, "from": culprit, "amount": share, "rule": f"{line['rule']}, {rule}",
                       "on_behalf_of": line["from"]} for culprit in liability.culprits]
        already = any("on_behalf_of" in line and line["item"] in items and line["to"] == liability.beneficiary
                      for line in lines)
        if not moved and not already and not _nothing_at_knock(ledger.table, liability):
            raise bad(liability.field, f"nothing to pay on behalf of others: {quote(liability.beneficiary)} receives "
                      f"no {liability.covers} payment from a player other than the culprits",
                      f"ไม่มีอะไรให้เหมาจ่ายแทน: {quote(liability.beneficiary)} ไม่ได้รับแต้มรายการ {liability.covers} "
                      "จากผู้เล่นอื่นนอกจากผู้เหมา")
        ledger.lines = lines


def settle(table: Table, facts: Facts, ranking: Ranking, options: dict) -> dict:
    """The settle reply of a validated table (dummy-table.md "Reply")."""
    ledger = Ledger(table)
    winners = [pid for pid in table.ids if ranking.tiers[pid] == WIN]
    losers = [pid for pid in table.ids if ranking.tiers[pid] != WIN]
    _tiers(ledger, facts, ranking, losers, winners)
    if facts.knocker is not None:
        _knock_items(ledger, facts, losers, options)
    _speto_items(ledger, facts, losers, options)
    _fee_items(ledger, facts, ranking, options)
    if options["liabilities"] == "cover":
        _cover(ledger, ranking)
    small, medium, large = table.rates
    return {"points": facts.points, "tiers": {pid: ranking.tiers[pid] for pid in table.ids},
            "k": facts.k, "c": {pid: facts.c[pid] for pid in losers}, "ledger": ledger.lines, "net": ledger.net(),
            "derived": {**facts.to_dict(), "tier_rules": {pid: ranking.rules[pid] for pid in table.ids},
                        "ties": ranking.ties, "rates": {"small": small, "medium": medium, "large": large,
                                                        "M": medium, "S": 2 * medium}}}
