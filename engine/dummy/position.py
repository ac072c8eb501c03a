"""The STATE and VIEW of a hand in play (dummy-play.md "STATE"): their shape checked
(``BAD_POSITION`` with English and Thai words), seats in turn order, and :class:`Board`, what
the seat to act can use: his hand, the pile, every meld on the table with its layoffs.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from ..errors import quote
from . import cards as C
from . import melds as M
from .actions import card_key
from .refusals import bad_position
from .table import LEVELS

SEATS = ("P1", "P2", "P3", "P4")
PHASES = ("take", "play", "last", "ended")
STATE_KEYS = ("game", "level", "dealer", "head", "stock", "pile", "players", "turn", "phase", "turn_no", "took",
              "last_drawer", "events", "knock", "fool", "result", "history", "tie_break")
VIEW_KEYS = tuple(k for k in STATE_KEYS if k not in ("stock", "tie_break")) + ("stock_count",)
EVENT_KEYS = ("two_spetos_shown_by", "called_discards", "liabilities", "head_collected_by")
MAX_TURNS = 1000


def next_seat(seat: str) -> str:
    """The ขาล่าง: who plays after ``seat``."""
    return SEATS[(SEATS.index(seat) + 1) % 4]


def previous_seat(seat: str) -> str:
    """The ขาบน: who played before ``seat``."""
    return SEATS[(SEATS.index(seat) - 1) % 4]


def player_of(state: dict, seat: str) -> dict:
    return state["players"][SEATS.index(seat)]


def sort_hand(cards) -> list[str]:
    return sorted(cards, key=card_key)


def is_pii(lower: str, upper: str) -> bool:
    """Is ``upper``, discarded on ``lower``, its ปี้ (same rank, or the next rank up or down in
    the same suit)?"""
    return C.rank(lower) == C.rank(upper) or (C.suit(lower) == C.suit(upper) and abs(C.rank(lower) - C.rank(upper)) == 1)


# --------------------------------------------------------------------------- shape checks
def _need(value: object, kind, field: str, what: str, what_th: str):
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise bad_position(field, f"must be {what}, got {quote(value, 60)}", f"ต้องเป็น{what_th} แต่ได้ {quote(value, 60)}")
    return value


def _keys(value: object, field: str, known: tuple[str, ...], required: tuple[str, ...]) -> dict:
    _need(value, dict, field, "an object", "ออบเจกต์")
    for key in value:
        if key not in known:
            raise bad_position(field, f"unknown field {quote(key, 40)}", f"ไม่รู้จักช่อง {quote(key, 40)}")
    for key in required:
        if key not in value:
            raise bad_position(f"{field}.{key}", "is missing", "ขาดช่องนี้")
    return value


def _seat(value: object, field: str, nullable: bool = False) -> str | None:
    if value is None and nullable:
        return None
    if value not in SEATS:
        raise bad_position(field, f"must be a seat P1-P4, got {quote(value, 40)}",
                           f"ต้องเป็นที่นั่ง P1-P4 แต่ได้ {quote(value, 40)}")
    return value


def _turn(value: object, field: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_TURNS:
        raise bad_position(field, f"must be a turn number 0-{MAX_TURNS}, got {quote(value, 40)}",
                           f"ต้องเป็นเลขตา 0-{MAX_TURNS} แต่ได้ {quote(value, 40)}")
    return value


class _Cards:
    """Every card the STATE shows, each once."""

    def __init__(self):
        self.seen: dict[str, str] = {}

    def __call__(self, value: object, field: str) -> str:
        if not C.is_card(value):
            raise bad_position(field, f"{quote(value, 40)} is not a card (rank 2-9 T J Q K A, then suit S H D C)",
                               f"{quote(value, 40)} ไม่ใช่ไพ่ (ตัวเลข 2-9 T J Q K A ตามด้วยดอก S H D C)")
        if value in self.seen:
            raise bad_position(field, f"{value} is also at {self.seen[value]}: a deck has each card once",
                               f"ไพ่ {value} มีอยู่แล้วที่ {self.seen[value]} ไพ่หนึ่งสำรับมีแต่ละใบใบเดียว")
        self.seen[value] = field
        return value

    def many(self, value: object, field: str) -> list[str]:
        return [self(item, f"{field}[{i}]") for i, item in enumerate(_need(value, list, field, "a list", "รายการ"))]


def _player(value: object, i: int, cards: _Cards, view: bool) -> None:
    field = f"players[{i}]"
    raw = _keys(value, field, ("id", "hand", "melds", "layoffs", "hand_count"), ("id", "hand", "melds", "layoffs"))
    if raw["id"] != SEATS[i]:
        raise bad_position(f"{field}.id", f"seat {i + 1} is {SEATS[i]}, got {quote(raw['id'], 40)}",
                           f"ที่นั่งที่ {i + 1} คือ {SEATS[i]} แต่ได้ {quote(raw['id'], 40)}")
    if raw["hand"] is None and view:
        _turn(raw.get("hand_count"), f"{field}.hand_count")
    else:
        cards.many(raw["hand"], f"{field}.hand")
    for j, meld in enumerate(_need(raw["melds"], list, f"{field}.melds", "a list", "รายการ")):
        mf = f"{field}.melds[{j}]"
        _keys(meld, mf, ("cards", "turn", "liable"), ("cards", "turn"))
        group = cards.many(meld["cards"], f"{mf}.cards")
        if M.shape(group)[0] is None:
            raise bad_position(mf, f"{quote(group)} is not a set or a run", f"{quote(group)} ไม่ใช่ตองหรือเรียง")
        _turn(meld["turn"], f"{mf}.turn")
    for j, layoff in enumerate(_need(raw["layoffs"], list, f"{field}.layoffs", "a list", "รายการ")):
        lf = f"{field}.layoffs[{j}]"
        _keys(layoff, lf, ("card", "onto", "turn", "liable"), ("card", "onto", "turn"))
        cards(layoff["card"], f"{lf}.card")
        _turn(layoff["turn"], f"{lf}.turn")


def _layoff_targets(state: dict) -> None:
    ids = {f"{p['id']}.{j}" for p in state["players"] for j in range(len(p["melds"]))}
    for i, player in enumerate(state["players"]):
        for j, layoff in enumerate(player["layoffs"]):
            if layoff["onto"] not in ids:
                raise bad_position(f"players[{i}].layoffs[{j}].onto", f"no meld {quote(layoff['onto'], 40)} on the table",
                                   f"ไม่มีชุด {quote(layoff['onto'], 40)} บนโต๊ะ")


OPTIONAL = {"game": "dummy", "took": None, "last_drawer": None, "knock": None, "fool": None, "result": None,
            "history": [], "events": {}}


def _took(raw: dict) -> None:
    took = raw["took"]
    if raw["phase"] != "play":
        return
    _keys(took, "position.took", ("kind", "key", "taken", "meld", "fool"), ("kind",))
    if took["kind"] == "collect":
        _keys(took, "position.took", ("kind", "key", "taken", "meld", "fool"), ("kind", "key", "taken", "meld"))
    elif took["kind"] != "draw":
        raise bad_position("position.took.kind", "is draw or collect", "ต้องเป็น draw หรือ collect")


def check(state: object, view: bool = False) -> dict:
    """A copy of ``state`` (optional keys filled in) if it is a well-formed STATE (a VIEW when
    ``view``), else ``BAD_POSITION``."""
    keys = VIEW_KEYS if view else STATE_KEYS
    required = tuple(k for k in keys if k != "tie_break" and k not in OPTIONAL)
    raw = _keys(state, "position", keys, required)
    raw = {**{k: copy.deepcopy(v) for k, v in OPTIONAL.items() if k not in raw}, **raw}
    if raw["game"] != "dummy":
        raise bad_position("position.game", "must be 'dummy'", "ต้องเป็น 'dummy'")
    if raw["level"] not in LEVELS:
        raise bad_position("position.level", f"must be one of {', '.join(LEVELS)}", f"ต้องเป็นหนึ่งใน {', '.join(LEVELS)}")
    _seat(raw["dealer"], "position.dealer")
    _seat(raw["turn"], "position.turn")
    _seat(raw["last_drawer"], "position.last_drawer", nullable=True)
    if raw["phase"] not in PHASES:
        raise bad_position("position.phase", f"must be one of {', '.join(PHASES)}", f"ต้องเป็นหนึ่งใน {', '.join(PHASES)}")
    if _turn(raw["turn_no"], "position.turn_no") < 1:
        raise bad_position("position.turn_no", "turns count from 1", "เลขตาเริ่มที่ 1")
    cards = _Cards()
    if not C.is_card(raw["head"]):
        raise bad_position("position.head", f"{quote(raw['head'], 40)} is not a card", f"{quote(raw['head'], 40)} ไม่ใช่ไพ่")
    for i, entry in enumerate(_need(raw["pile"], list, "position.pile", "a list", "รายการ")):
        _keys(entry, f"position.pile[{i}]", ("card", "by", "turn"), ("card", "by", "turn"))
        cards(entry["card"], f"position.pile[{i}].card")
        _seat(entry["by"], f"position.pile[{i}].by", nullable=True)
        _turn(entry["turn"], f"position.pile[{i}].turn")
    players = _need(raw["players"], list, "position.players", "a list", "รายการ")
    if len(players) != 4:
        raise bad_position("position.players", "Dummy Knock has 4 players", "ดัมมี่น็อกมีผู้เล่น 4 คน")
    for i, player in enumerate(players):
        _player(player, i, cards, view)
    _layoff_targets(raw)
    if raw["knock"] is not None:
        knock = _keys(raw["knock"], "position.knock", ("player", "face_down", "turn", "collected"),
                      ("player", "face_down"))
        _seat(knock["player"], "position.knock.player")
        cards(knock["face_down"], "position.knock.face_down")
    events = _keys(raw["events"], "position.events", EVENT_KEYS, ())
    for key in ("two_spetos_shown_by", "called_discards", "liabilities"):
        _need(events.get(key, []), list, f"position.events.{key}", "a list", "รายการ")
    _need(raw["history"], list, "position.history", "a list", "รายการ")
    _took(raw)
    if view:
        count = _turn(raw["stock_count"], "position.stock_count")
        if len(cards.seen) + count + sum(p.get("hand_count", 0) for p in players if p["hand"] is None) != C.DECK_SIZE:
            raise bad_position("position", "the view's cards do not add up to 52", "ไพ่ในมุมมองนี้รวมกันไม่ครบ 52 ใบ")
        return raw
    cards.many(raw["stock"], "position.stock")
    if len(cards.seen) != C.DECK_SIZE:
        missing = [c for c in C.DECK if c not in cards.seen]
        raise bad_position("position", f"{len(cards.seen)} cards instead of 52; missing {', '.join(missing[:8])}",
                           f"มีไพ่ {len(cards.seen)} ใบแทนที่จะเป็น 52 ใบ ขาด {', '.join(missing[:8])}")
    if raw.get("tie_break") is not None:
        _keys(raw["tie_break"], "position.tie_break", ("next_head", "high_cards"), ())
    return raw


def stock_count(state: dict) -> int:
    return state["stock_count"] if "stock_count" in state else len(state["stock"])


# --------------------------------------------------------------------------- the board
@dataclass
class Target:
    """A meld on the table, to lay off on: its shape, owner and the cards laid on it so far
    (card -> laid by the meld's owner)."""

    id: str
    owner: str
    shape: M.Shape
    laid: dict[str, bool]


def targets(state: dict) -> dict[str, Target]:
    found = {}
    for player in state["players"]:
        for j, meld in enumerate(player["melds"]):
            found[f"{player['id']}.{j}"] = Target(f"{player['id']}.{j}", player["id"], M.shape(meld["cards"])[0], {})
    for player in state["players"]:
        for layoff in player["layoffs"]:
            target = found[layoff["onto"]]
            target.laid[layoff["card"]] = player["id"] == target.owner
    return found


def on_table(state: dict) -> set[str]:
    """Every card in a meld or laid off."""
    return {c for p in state["players"] for m in p["melds"] for c in m["cards"]} | \
        {l["card"] for p in state["players"] for l in p["layoffs"]}


def is_open(target: Target, table_cards: set[str], owner_only: bool = False) -> bool:
    """Not ตัน (A-D36): some card off the table still fits at position 1-2 or as the 4th card."""
    shape = target.shape
    if shape.kind == M.SET:
        candidates = [C.RANKS[shape.low] + s for s in C.SUITS]
    else:
        candidates = [C.RANKS[r] + shape.suit for r in (shape.low - 2, shape.low - 1, shape.high + 1, shape.high + 2)
                      if 0 <= r < len(C.RANKS)]
    return any(c not in table_cards and c not in shape.cards and
               M.fits(shape, c, target.laid, M.LAYOFF_REACH, owner_only) for c in candidates)
