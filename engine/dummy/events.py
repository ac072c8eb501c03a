"""What play records for the settlement beyond the cards (dummy-play.md A-D37, A-D38, A-D41):
the automatic §32 calls, paying on behalf of others (เหมา) for the head and the spetos
(§27-§30) and for open melds and layoffs a knocker lays off on (§43/§44), and the meld and
layoff ``liable`` flags those need.
"""

from __future__ import annotations

from . import cards as C
from . import melds as M
from .position import Target, is_open, is_pii, on_table, player_of, targets

WINDOW = 3          # "within 1 round": the 3 turns after the discard (A-D37)
LIABLE_STOCK = 4    # §42/§43: an open meld is liable while the stock holds 4 or more
GUARDS = {"2C": frozenset(("2S", "2H", "2D", "3C", "4C")),
          "QS": frozenset(("QH", "QD", "QC", "TS", "JS", "KS", "AS"))}  # ตัวกัน (A-D37)
BLOCKER_SPETO = tuple(zip(M.BLOCKERS, ("2C", "QS", "2C", "QS")))


def blocked_speto(cards) -> str | None:
    """The speto a meld would give a place to (A-D33), or None when it is no blocker."""
    if not M.is_blocker(cards):
        return None
    held = set(cards)
    return next(speto for blocker, speto in BLOCKER_SPETO if blocker <= held)


def meld_liable(state: dict, target: Target) -> bool:
    """A-D38: not ตัน when put down, stock of 4 or more, no speto."""
    return (len(state["stock"]) >= LIABLE_STOCK and not any(C.is_speto(c) for c in target.shape.cards)
            and is_open(target, on_table(state)))


def layoff_liable(state: dict, target: Target) -> bool:
    """A-D38: a layoff on a run that is still open after it."""
    return target.shape.kind == M.RUN and is_open(target, on_table(state))


def called(state: dict, card: str) -> bool:
    """A-D41: a discard that is a dummy of a meld on the table, or เต็ม (it completes a set or
    run with the two top pile cards when they are a ปี้ pair)."""
    if any(M.fits(t.shape, card, t.laid, M.LAYOFF_REACH, False) for t in targets(state).values()):
        return True
    pile = state["pile"]
    if len(pile) < 2:
        return False
    lower, upper = pile[-2]["card"], pile[-1]["card"]
    return is_pii(lower, upper) and M.shape((lower, upper, card))[0] is not None


def _liability(culprits: list[str], covers: str, beneficiary: str, rule: str, turn: int) -> dict:
    return {"culprits": culprits, "covers": covers, "beneficiary": beneficiary, "rule": rule, "turn": turn}


def _add(found: list[str], seat: str | None) -> None:
    if seat is not None and seat not in found:
        found.append(seat)


def collect_liabilities(state: dict, seat: str, taken: list[dict], meld: tuple[str, ...],
                        from_hand: set[str]) -> list[dict]:
    """A-D37 for a collect by ``seat`` of the pile entries ``taken`` (key first) into ``meld``.
    Order: §27 head, §30 head, then speto_fee."""
    now = state["turn_no"]

    def within(entry: dict) -> bool:
        return entry["by"] is not None and entry["by"] != seat and now - entry["turn"] <= WINDOW

    found = []
    head_culprits: list[str] = []
    if taken[0]["by"] is None and taken[0]["card"] == state["head"]:       # §27: the head is collected
        if len(taken) > 1 and is_pii(taken[0]["card"], taken[1]["card"]) and within(taken[1]):
            _add(head_culprits, taken[1]["by"])
            if len(taken) > 2 and within(taken[2]):
                trio = M.shape([e["card"] for e in taken[:3]])[0]
                if trio is not None and trio.kind == M.RUN:
                    _add(head_culprits, taken[2]["by"])
        if head_culprits:
            found.append(_liability(head_culprits, "head", seat, "§27", now))
    in_meld = [e for e in taken if e["card"] in meld]
    own_spetos = [c for c in meld if C.is_speto(c) and c in from_hand]
    speto_culprits: list[str] = []
    rule = "§28"
    if own_spetos:                                                       # §28/§29
        guards = GUARDS[own_spetos[0]]
        for entry in in_meld:
            if entry["card"] in guards and within(entry):
                _add(speto_culprits, entry["by"])
        rule = "§28" if len(speto_culprits) == 1 else "§29"
    else:                                                                # §30: a ปี้ pair speto + guard
        for lower, upper in zip(taken, taken[1:]):
            pair = {lower["card"], upper["card"]}
            if not pair <= set(meld) or not is_pii(lower["card"], upper["card"]) or not within(upper):
                continue
            speto = next((c for c in pair if C.is_speto(c)), None)
            if speto is None or not (pair - {speto}) <= GUARDS[speto]:
                continue
            _add(speto_culprits, upper["by"])
            if lower["by"] is None and lower["card"] == state["head"] and upper["by"] not in head_culprits:
                found.append(_liability([upper["by"]], "head", seat, "§30", now))
        rule = "§30"
    if 1 <= len(speto_culprits) <= 2:
        found.append(_liability(speto_culprits, "speto_fee", seat, rule, now))
    return found


def knock_liabilities(state: dict, knocker: str) -> list[dict]:
    """A-D38 (covers ``all``), then the §28 ``knocker_speto`` of this turn's collect."""
    now = state["turn_no"]
    found = []
    culprits: list[str] = []
    rules = set()
    melds = {f"{p['id']}.{j}": (p["id"], m) for p in state["players"] for j, m in enumerate(p["melds"])}
    for layoff in player_of(state, knocker)["layoffs"]:
        if layoff["turn"] != now:
            continue
        earlier = [(l["turn"], i, p["id"]) for p in state["players"] if p["id"] != knocker
                   for i, l in enumerate(p["layoffs"]) if l["onto"] == layoff["onto"] and l.get("liable")]
        owner, meld = melds[layoff["onto"]]
        if earlier:
            _add(culprits, max(earlier)[2])
            rules.add("§44")
        elif owner != knocker and meld["turn"] < now and meld.get("liable"):
            _add(culprits, owner)
            rules.add("§43")
    if 1 <= len(culprits) <= 2:
        found.append(_liability(culprits, "all", knocker, ", ".join(sorted(rules)), now))
    for item in state["events"]["liabilities"]:
        if item.get("turn") == now and item["beneficiary"] == knocker and item.get("rule") in ("§28", "§29"):
            found.append(_liability(list(item["culprits"]), "knocker_speto", knocker, "§28", now))
    return found

