"""Parse the finished table of ../shared/rules/dummy-table.md into typed records (the shape only:
types, card text, known names, references between ids). The rules are checked afterwards by
:mod:`engine.dummy.rules` (parse, then validate, as chessops does).

Every error is ``BAD_TABLE`` naming the offending field the way the table writes it
(``players[2].melds[0].cards[1]``) and quoting the input.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import errors
from ..errors import EngineError, quote
from . import cards as C

LEVELS = {"thep": (80, 100, 120), "sian": (100, 200, 300), "khot_sian": (200, 300, 400)}  # §69
KNOCK_TYPES = ("normal", "dark", "colour_light", "colour_dark")
COVERS = ("head", "speto_fee", "knocker_speto", "all")
PLAYERS = 4
MAX_ID = 40
STOCK_AT_DEAL = C.DECK_SIZE - PLAYERS * 7 - 1  # 23: the deal (§14) and the head (§18) taken


def bad(field: str, message: str, message_th: str) -> EngineError:
    return EngineError(errors.BAD_TABLE, f"{field}: {message}", f"{field}: {message_th}", field)


@dataclass(frozen=True)
class Meld:
    id: str            # "<player id>.<index>"
    owner: str
    cards: tuple[str, ...]
    in_knock: bool
    field: str


@dataclass(frozen=True)
class Layoff:
    owner: str
    card: str
    onto: str          # a meld id
    in_knock: bool
    field: str


@dataclass(frozen=True)
class Player:
    id: str
    seat: int
    melds: tuple[Meld, ...]
    layoffs: tuple[Layoff, ...]
    hand: tuple[str, ...]
    born: bool | None  # as given (checked against the derived value)
    field: str

    def put_down(self) -> tuple[str, ...]:
        """Every card of this player's melds and layoffs."""
        return tuple(card for meld in self.melds for card in meld.cards) + tuple(l.card for l in self.layoffs)


@dataclass(frozen=True)
class Knock:
    player: str
    face_down: str
    collected: tuple[str, ...]
    type: str | None


@dataclass(frozen=True)
class Fool:
    feeder: str
    receiver: str


@dataclass(frozen=True)
class Liability:
    culprits: tuple[str, ...]
    covers: str
    beneficiary: str
    field: str


@dataclass(frozen=True)
class Events:
    two_spetos_shown_by: tuple[str, ...] = ()
    called_discards: tuple[str, ...] = ()
    liabilities: tuple[Liability, ...] = ()
    head_collected_by: str | None = None
    head_collected_given: bool = False


@dataclass(frozen=True)
class TieBreak:
    dealer: str | None = None
    next_head: str | None = None
    high_cards: tuple[tuple[str, str], ...] | None = None  # (player id, card) in the order given


@dataclass(frozen=True)
class Table:
    level: str
    head: str
    players: tuple[Player, ...]
    knock: Knock | None
    fool: Fool | None
    events: Events
    tie_break: TieBreak | None
    discard_pile: tuple[str, ...] | None
    stock_count: int | None

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.players)

    def player(self, pid: str) -> Player:
        return next(p for p in self.players if p.id == pid)

    @property
    def rates(self) -> tuple[int, int, int]:
        """The stake table row of the level: small, medium (= M), large (§69)."""
        return LEVELS[self.level]


# --------------------------------------------------------------------------- readers
def object_with(value: object, field: str, known: tuple[str, ...], required: tuple[str, ...] = ()) -> dict:
    if not isinstance(value, dict):
        raise bad(field, f"must be an object, got {quote(value, 60)}", f"ต้องเป็นออบเจกต์ แต่ได้ {quote(value, 60)}")
    for key in value:
        if key not in known:
            raise bad(field, f"unknown field {quote(key, 40)}; known: {', '.join(known)}",
                      f"ไม่รู้จักช่อง {quote(key, 40)} ช่องที่มี: {', '.join(known)}")
    for key in required:
        if key not in value:
            raise bad(f"{field}.{key}" if field != "table" else key, "is missing", "ขาดช่องนี้")
    return value


def _list(value: object, field: str) -> list:
    if not isinstance(value, list):
        raise bad(field, f"must be a list, got {quote(value, 60)}", f"ต้องเป็นรายการ แต่ได้ {quote(value, 60)}")
    return value


def flag(value: object, field: str) -> bool:
    if not isinstance(value, bool):
        raise bad(field, f"must be true or false, got {quote(value, 60)}",
                  f"ต้องเป็น true หรือ false แต่ได้ {quote(value, 60)}")
    return value


def _choice(value: object, field: str, choices) -> str:
    if not isinstance(value, str) or value not in choices:
        raise bad(field, f"must be one of {', '.join(choices)}, got {quote(value, 60)}",
                  f"ต้องเป็นค่าใดค่าหนึ่งใน {', '.join(choices)} แต่ได้ {quote(value, 60)}")
    return value


def card(value: object, field: str) -> str:
    """A card text, or BAD_TABLE saying how cards are written."""
    if not C.is_card(value):
        raise bad(field, f"{quote(value, 60)} is not a card: write the rank (2-9, T, J, Q, K, A) then the "
                         f"suit (S, H, D, C), like 'QS' or 'TD'",
                  f"{quote(value, 60)} ไม่ใช่ไพ่ ให้เขียนตัวเลขหรือตัวอักษรของไพ่ (2-9, T, J, Q, K, A) "
                  "ตามด้วยดอก (S, H, D, C) "
                  f"เช่น 'QS' หรือ 'TD'")
    return value


def _cards(value: object, field: str) -> tuple[str, ...]:
    return tuple(card(item, f"{field}[{i}]") for i, item in enumerate(_list(value, field)))


class _Ids:
    """The players' ids, to check references against."""

    def __init__(self, ids: tuple[str, ...]):
        self.ids = ids

    def __call__(self, value: object, field: str) -> str:
        if not isinstance(value, str) or value not in self.ids:
            raise bad(field, f"{quote(value, 60)} is not a player of this table ({', '.join(self.ids)})",
                      f"{quote(value, 60)} ไม่ใช่ผู้เล่นในโต๊ะนี้ ({', '.join(self.ids)})")
        return value

    def many(self, value: object, field: str) -> tuple[str, ...]:
        return tuple(self(item, f"{field}[{i}]") for i, item in enumerate(_list(value, field)))


# --------------------------------------------------------------------------- the parts
def _player_id(value: object, field: str) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_ID:
        raise bad(field, f"a player id is a short non-empty text (at most {MAX_ID} characters), got {quote(value, 60)}",
                  f"รหัสผู้เล่นต้องเป็นข้อความสั้นที่ไม่ว่าง (ไม่เกิน {MAX_ID} ตัวอักษร) แต่ได้ {quote(value, 60)}")
    return value


def _meld(value: object, owner: str, index: int, field: str) -> Meld:
    raw = object_with(value, field, ("cards", "in_knock"), ("cards",))
    return Meld(f"{owner}.{index}", owner, _cards(raw["cards"], f"{field}.cards"),
                flag(raw.get("in_knock", False), f"{field}.in_knock"), field)


def _layoff(value: object, owner: str, field: str) -> Layoff:
    raw = object_with(value, field, ("card", "onto", "in_knock"), ("card", "onto"))
    onto = raw["onto"]
    if not isinstance(onto, str):
        raise bad(f"{field}.onto", f"must be a meld id like 'P1.0', got {quote(onto, 60)}",
                  f"ต้องเป็นรหัสชุดไพ่ เช่น 'P1.0' แต่ได้ {quote(onto, 60)}")
    return Layoff(owner, card(raw["card"], f"{field}.card"), onto,
                  flag(raw.get("in_knock", False), f"{field}.in_knock"), field)


def _player(value: object, seat: int) -> Player:
    field = f"players[{seat}]"
    raw = object_with(value, field, ("id", "melds", "layoffs", "hand", "born"), ("id", "hand"))
    pid = _player_id(raw["id"], f"{field}.id")
    melds = tuple(_meld(m, pid, i, f"{field}.melds[{i}]")
                  for i, m in enumerate(_list(raw.get("melds", []), f"{field}.melds")))
    layoffs = tuple(_layoff(l, pid, f"{field}.layoffs[{i}]")
                    for i, l in enumerate(_list(raw.get("layoffs", []), f"{field}.layoffs")))
    born = flag(raw["born"], f"{field}.born") if "born" in raw else None
    return Player(pid, seat, melds, layoffs, _cards(raw["hand"], f"{field}.hand"), born, field)


def _players(value: object) -> tuple[Player, ...]:
    raw = _list(value, "players")
    if len(raw) != PLAYERS:
        raise bad("players", f"Dummy Knock is played by exactly 4 players, the table lists {len(raw)}",
                  f"ดัมมี่น็อกเล่น 4 คนพอดี แต่โต๊ะนี้มี {len(raw)} คน")
    players = tuple(_player(p, seat) for seat, p in enumerate(raw))
    seen: dict[str, int] = {}
    for player in players:
        if player.id in seen:
            raise bad(f"{player.field}.id", f"the id {quote(player.id, 60)} is already players[{seen[player.id]}]'s",
                      f"รหัส {quote(player.id, 60)} ซ้ำกับ players[{seen[player.id]}]")
        seen[player.id] = player.seat
    return players


def _knock(value: object, ids: _Ids) -> Knock | None:
    if value is None:
        return None
    raw = object_with(value, "knock", ("player", "face_down", "collected", "type"), ("player",))
    if raw.get("face_down") is None:
        raise bad("knock.face_down", "a knock puts one card face down (§45); none is given",
                  "การน็อกต้องคว่ำไพ่ 1 ใบ (ข้อ 45) แต่ไม่ได้ระบุไพ่ที่คว่ำ")
    kind = _choice(raw["type"], "knock.type", KNOCK_TYPES) if raw.get("type") is not None else None
    return Knock(ids(raw["player"], "knock.player"), card(raw["face_down"], "knock.face_down"),
                 _cards(raw.get("collected", []), "knock.collected"), kind)


def _fool(value: object, ids: _Ids) -> Fool | None:
    if value is None:
        return None
    raw = object_with(value, "fool", ("feeder", "receiver"), ("feeder", "receiver"))
    return Fool(ids(raw["feeder"], "fool.feeder"), ids(raw["receiver"], "fool.receiver"))


def _liability(value: object, ids: _Ids, field: str) -> Liability:
    raw = object_with(value, field, ("culprits", "covers", "beneficiary"), ("culprits", "covers", "beneficiary"))
    culprits = ids.many(raw["culprits"], f"{field}.culprits")
    if not 1 <= len(culprits) <= 2 or len(set(culprits)) != len(culprits):
        raise bad(f"{field}.culprits", "one or two different players pay on behalf of others (§27-§31, §82)",
                  "ผู้เหมาจ่ายแทนต้องเป็นผู้เล่น 1 หรือ 2 คนที่ไม่ซ้ำกัน (ข้อ 27-31, 82)")
    beneficiary = ids(raw["beneficiary"], f"{field}.beneficiary")
    if beneficiary in culprits:
        raise bad(f"{field}.beneficiary", "the player paid cannot also be a culprit",
                  "ผู้ได้รับแต้มจะเป็นผู้เหมาจ่ายด้วยไม่ได้")
    return Liability(culprits, _choice(raw["covers"], f"{field}.covers", COVERS), beneficiary, field)


def _events(value: object, ids: _Ids) -> Events:
    if value is None:
        return Events()
    raw = object_with(value, "events", ("two_spetos_shown_by", "called_discards", "liabilities", "head_collected_by"))
    shown = ids.many(raw.get("two_spetos_shown_by", []), "events.two_spetos_shown_by")
    if len(shown) > 1:
        raise bad("events.two_spetos_shown_by[1]", "only one player can be dealt both spetos, so two spetos are "
                  "shown at most once (§81)",
                  "มีผู้เล่นได้สเปโตทั้ง 2 ตัวได้เพียงคนเดียว จึงโชว์สเปโต 2 ตัวได้ไม่เกิน 1 ครั้ง (ข้อ 81)")
    liabilities = tuple(_liability(item, ids, f"events.liabilities[{i}]")
                        for i, item in enumerate(_list(raw.get("liabilities", []), "events.liabilities")))
    head_by = raw.get("head_collected_by")
    return Events(shown, ids.many(raw.get("called_discards", []), "events.called_discards"), liabilities,
                  ids(head_by, "events.head_collected_by") if head_by is not None else None,
                  "head_collected_by" in raw)


def _tie_break(value: object, ids: _Ids) -> TieBreak | None:
    if value is None:
        return None
    raw = object_with(value, "tie_break", ("dealer", "next_head", "high_cards"))
    dealer = ids(raw["dealer"], "tie_break.dealer") if raw.get("dealer") is not None else None
    next_head = card(raw["next_head"], "tie_break.next_head") if raw.get("next_head") is not None else None
    high = None
    if raw.get("high_cards") is not None:
        given = object_with(raw["high_cards"], "tie_break.high_cards", ids.ids)
        high = tuple((pid, card(text, f"tie_break.high_cards.{pid}")) for pid, text in given.items())
        seen: dict[str, str] = {}
        for pid, text in high:
            if text in seen:
                raise bad(f"tie_break.high_cards.{pid}", f"{quote(text)} was drawn by {seen[text]} already: "
                          "the high cards come from one deck",
                          f"{quote(text)} ถูกจับโดย {seen[text]} แล้ว ไพ่จับใหญ่มาจากสำรับเดียวกัน")
            seen[text] = pid
    return TieBreak(dealer, next_head, high)


def _stock(value: object) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= STOCK_AT_DEAL:
        raise bad("stock_count", f"the stock holds 0 to {STOCK_AT_DEAL} cards after the deal, got {quote(value, 60)}",
                  f"กองจั่วเหลือได้ 0 ถึง {STOCK_AT_DEAL} ใบหลังแจกไพ่ แต่ได้ {quote(value, 60)}")
    return value


TABLE_FIELDS = ("level", "head", "players", "knock", "fool", "events", "tie_break", "discard_pile", "stock_count")


def _listed(value: object) -> int:
    return len(value) if isinstance(value, list) else 0


def _check_card_total(raw: dict) -> None:
    """BAD_TABLE at once when the places that show each card once (melds, layoffs, hands, the
    face-down card, the discard pile) list more cards than a deck has: counted before any card
    is read, so a huge table costs nothing more (the card-by-card check then names a repeat)."""
    players = raw.get("players") if isinstance(raw.get("players"), list) else []
    knock = raw.get("knock")
    total = (1 if isinstance(knock, dict) and knock.get("face_down") is not None else 0) + _listed(raw.get("discard_pile"))
    for player in players:
        if isinstance(player, dict):
            melds = player.get("melds") if isinstance(player.get("melds"), list) else []
            total += _listed(player.get("hand")) + _listed(player.get("layoffs"))
            total += sum(_listed(m.get("cards")) for m in melds if isinstance(m, dict))
    if total > C.DECK_SIZE:
        raise bad("table", f"the table lists {total} cards in melds, layoffs, hands, the face-down card and the "
                           f"discard pile, but a deck has {C.DECK_SIZE}",
                  f"โต๊ะนี้มีไพ่ {total} ใบ (ในชุดไพ่ ไพ่ที่ฝาก ไพ่ในมือ ไพ่ที่คว่ำ และกองทิ้ง) "
                  f"แต่ไพ่หนึ่งสำรับมี {C.DECK_SIZE} ใบ")


def parse(value: object) -> Table:
    """The table's shape as records; BAD_TABLE at the first field that is not as specified."""
    raw = object_with(value, "table", TABLE_FIELDS, ("level", "head", "players"))
    _check_card_total(raw)
    level = _choice(raw["level"], "level", tuple(LEVELS))
    head = card(raw["head"], "head")
    players = _players(raw["players"])
    ids = _Ids(tuple(p.id for p in players))
    pile = raw.get("discard_pile")
    return Table(level, head, players, _knock(raw.get("knock"), ids), _fool(raw.get("fool"), ids),
                 _events(raw.get("events"), ids), _tie_break(raw.get("tie_break"), ids),
                 _cards(pile, "discard_pile") if pile is not None else None, _stock(raw.get("stock_count")))
