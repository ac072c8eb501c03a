"""Playing a hand of Dummy Knock (dummy-play.md): the Python API the door ops, the computer
players and the practice page share. States are JSON-shaped dicts exactly as the contract
writes STATE, VIEW and ACTION; every function returns new dicts and never changes its input.

* :func:`deal` — a new hand from an explicit deck (top first) or the engine's seeded shuffle;
* :func:`apply` — the STATE after one action (a Refusal, ILLEGAL_MOVE, when it is illegal);
* :func:`legal` — every canonical action of the seat to act, from a STATE or his VIEW;
* :func:`view` — what one seat may see;
* :func:`table_of` — the finished hand as dummy-table.md's TABLE.
"""

from __future__ import annotations

import copy

from . import cards as C
from .legal import legal as _legal
from .position import SEATS, check, next_seat, sort_hand
from .refusals import bad_position
from .table import LEVELS
from .turn import apply as _apply
from .turn import start_turn

HAND_SIZE = 7
DEALT = 4 * HAND_SIZE  # deck[0..27]; deck[28] is the head (§14, §18)
MASK = (1 << 64) - 1


def _splitmix(seed: int):
    """SplitMix64: the same numbers on every Python, CPython or Pyodide."""
    value = seed & MASK
    while True:
        value = (value + 0x9E3779B97F4A7C15) & MASK
        z = value
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        yield z ^ (z >> 31)


def shuffled(seed: int) -> list[str]:
    """The engine's own shuffle of a deck (Fisher-Yates on SplitMix64), top first."""
    deck = list(C.DECK)
    numbers = _splitmix(seed)
    for i in range(len(deck) - 1, 0, -1):
        j = next(numbers) % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def _deck(deck: object) -> list[str]:
    if not isinstance(deck, list) or len(deck) != C.DECK_SIZE:
        raise bad_position("deck", "a deck is a list of the 52 cards, top first",
                           "สำรับไพ่ต้องเป็นรายการไพ่ 52 ใบ เรียงจากใบบนสุด")
    seen: set[str] = set()
    for i, card in enumerate(deck):
        if not C.is_card(card):
            raise bad_position(f"deck[{i}]", f"{card!r:.40} is not a card", f"{card!r:.40} ไม่ใช่ไพ่")
        if card in seen:
            raise bad_position(f"deck[{i}]", f"{card} appears twice", f"ไพ่ {card} ซ้ำกัน")
        seen.add(card)
    return list(deck)


def deal(deck: list[str] | None = None, seed: int | None = None, dealer: str = "P1", level: str = "sian") -> dict:
    """A new hand: ``deck[0..27]`` one at a time in turn order from the dealer (§14), ``deck[28]``
    the head, the rest the stock; the dealer's ขาล่าง acts first (A-D13). With ``seed`` (no
    deck) the engine shuffles, and also draws a tie-break (the next head and high cards)."""
    if dealer not in SEATS:
        raise bad_position("dealer", f"the dealer is a seat P1-P4, got {dealer!r:.40}",
                           f"ผู้แจกต้องเป็นที่นั่ง P1-P4 แต่ได้ {dealer!r:.40}")
    if level not in LEVELS:
        raise bad_position("level", f"the level is one of {', '.join(LEVELS)}", f"ระดับต้องเป็นหนึ่งใน {', '.join(LEVELS)}")
    if deck is None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise bad_position("seed", "give a deck of 52 cards or an integer seed",
                           "ต้องระบุสำรับไพ่ 52 ใบ หรือเลขสุ่ม (seed) ที่เป็นจำนวนเต็ม")
    cards = _deck(deck) if deck is not None else shuffled(seed)
    first = SEATS.index(dealer)
    hands = {seat: [] for seat in SEATS}
    for i, card in enumerate(cards[:DEALT]):
        hands[SEATS[(first + i) % 4]].append(card)
    state = {"game": "dummy", "level": level, "dealer": dealer, "head": cards[DEALT], "stock": cards[DEALT + 1:],
             "pile": [{"card": cards[DEALT], "by": None, "turn": 0}],
             "players": [{"id": seat, "hand": sort_hand(hands[seat]), "melds": [], "layoffs": []} for seat in SEATS],
             "turn": next_seat(dealer), "phase": "take", "turn_no": 1, "took": None, "last_drawer": None,
             "events": {"two_spetos_shown_by": [], "called_discards": [], "liabilities": [], "head_collected_by": None},
             "knock": None, "fool": None, "result": None, "history": []}
    if deck is None:
        extra = shuffled(seed ^ 0x5EED)
        state["tie_break"] = {"next_head": extra[0], "high_cards": dict(zip(SEATS, extra[1:5]))}
    start_turn(state, state["turn"], 1)
    return state


def apply(state: dict, action: str, seat: str | None = None, options: dict | None = None) -> dict:
    """The STATE after ``action`` by the seat to act (``seat``, if given, must be him)."""
    return _apply(check(state), action, seat, options)


def legal(state_or_view: dict, options: dict | None = None) -> list[str]:
    """Every legal action of the seat to act, sorted by code point ([] when the hand is over)."""
    return _legal(check(state_or_view, view=isinstance(state_or_view, dict) and "stock" not in state_or_view), options)


def view(state: dict, seat: str) -> dict:
    """What ``seat`` sees: other hands hidden (``null`` plus ``hand_count``) until the end, and
    the stock and tie-break replaced by ``stock_count``."""
    state = check(state)
    if seat not in SEATS:
        raise bad_position("seat", f"a seat is P1-P4, got {seat!r:.40}", f"ที่นั่งต้องเป็น P1-P4 แต่ได้ {seat!r:.40}")
    seen = {key: copy.deepcopy(value) for key, value in state.items() if key not in ("stock", "tie_break")}
    seen["stock_count"] = len(state["stock"])
    for player in seen["players"]:
        if player["id"] != seat and state["phase"] != "ended":
            player["hand_count"] = len(player["hand"])
            player["hand"] = None
    return seen


def table_of(state: dict) -> dict:
    """The finished hand as dummy-table.md's TABLE (only when ``phase`` is ``ended``)."""
    state = check(state)
    if state["phase"] != "ended":
        raise bad_position("position.phase", "the hand is not over yet: no table to settle",
                           "เกมยังไม่จบ จึงยังไม่มีโต๊ะให้คิดแต้ม")
    knock = state["knock"]
    knocker, knock_turn = (knock["player"], knock.get("turn", state["turn_no"])) if knock else (None, None)

    def in_knock(pid: str, item: dict) -> bool:
        return pid == knocker and item["turn"] == knock_turn

    players = [{"id": p["id"],
                "melds": [{"cards": list(m["cards"]), "in_knock": in_knock(p["id"], m)} for m in p["melds"]],
                "layoffs": [{"card": l["card"], "onto": l["onto"], "in_knock": in_knock(p["id"], l)}
                            for l in p["layoffs"]],
                "hand": sort_hand(p["hand"])} for p in state["players"]]
    events = {key: copy.deepcopy(value) for key, value in state["events"].items()}
    if "liabilities" in events:
        events["liabilities"] = [{"culprits": list(l["culprits"]), "covers": l["covers"],
                                  "beneficiary": l["beneficiary"]} for l in events["liabilities"]]
    dealer = knocker if knock else next_seat(state["last_drawer"] or state["turn"])
    tie_break = {"dealer": dealer, **{k: copy.deepcopy(v) for k, v in (state.get("tie_break") or {}).items()
                                      if k in ("next_head", "high_cards")}}
    table = {"level": state["level"], "head": state["head"], "players": players,
             "knock": {"player": knocker, "face_down": knock["face_down"], "collected": list(knock.get("collected", []))}
             if knock else None,
             "fool": copy.deepcopy(state["fool"]), "events": events, "tie_break": tie_break,
             "discard_pile": [e["card"] for e in state["pile"]], "stock_count": len(state["stock"])}
    return table
