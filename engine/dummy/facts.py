"""What a valid table implies (dummy-table.md "Derived, not input"): who is born, the knock
type and k, each player's factor c, points (§53), the head collector, who holds which speto
and which spetos earn the knocker something, and whether the face-down card is a dummy.
A flag the table gives (``born``, ``knock.type``, ``events.head_collected_by``) must agree.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import quote
from . import cards as C
from . import melds as M
from .options import FACTORS
from .rules import born as born_flags
from .table import Player, Table, bad

LIGHT, DARK, COLOUR_LIGHT, COLOUR_DARK = range(4)
KNOCK_TYPE_NAMES = ("normal", "dark", "colour_light", "colour_dark")
STATE_NAMES = ("light", "dark", "colour_light", "colour_dark")


@dataclass(frozen=True)
class Facts:
    knocker: str | None
    born: dict[str, bool]               # the knocker: born before his knocking turn
    knock_type: str | None
    k: int                              # 1 without a knock
    state: dict[str, str]               # light | dark | colour_light | colour_dark (the knocker's: his knock's)
    c: dict[str, int]                   # every player but the knocker
    points: dict[str, int]
    head_collector: str | None
    head_knock: bool                    # the knocker took the head card to knock (§73)
    speto_holders: dict[str, tuple[str, ...]]  # spetos still in a hand (§49), the knocker aside
    knocker_spetos: tuple[str, ...]     # from his hand, put down or face down in the knock (§50, A-D23)
    collected_spetos: tuple[str, ...]   # taken from the pile (or fed as the fool) to knock (§51)
    speto_fees: tuple[tuple[str, str], ...]  # (player, speto) melded or laid off (§41)
    face_down_dummy: dict | None        # {"onto": meld id, "position": n}
    face_down_speto: bool

    def to_dict(self) -> dict:
        """The ``derived`` object of the settle reply."""
        return {"knocker": self.knocker, "knock_type": self.knock_type, "born": self.born, "state": self.state,
                "head_collector": self.head_collector, "head_knock": self.head_knock,
                "speto_holders": {p: list(s) for p, s in self.speto_holders.items()},
                "knocker_spetos": list(self.knocker_spetos), "collected_spetos": list(self.collected_spetos),
                "speto_fees": [{"player": p, "card": s} for p, s in self.speto_fees],
                "face_down_dummy": self.face_down_dummy, "face_down_speto": self.face_down_speto}


def _one_suit(cards) -> bool:
    return len({C.suit(text) for text in cards}) == 1


def _face_down_dummy(table: Table, shapes: dict[str, M.Shape], owner_only: bool) -> dict | None:
    """The first meld the face-down card fits, up to the 3rd place beyond a run (A-D30: the
    knocker's own knock-time melds count too)."""
    face_down = table.knock.face_down
    for player in table.players:
        for meld in player.melds:
            laid = {l.card: l.owner == meld.owner for p in table.players for l in p.layoffs if l.onto == meld.id}
            if M.fits(shapes[meld.id], face_down, laid, M.FACE_DOWN_REACH, owner_only):
                return {"onto": meld.id, "position": M.place_on(shapes[meld.id], face_down).position}
    return None


def _check_given(table: Table, light: dict[str, bool], knock_type: str | None, head_collector: str | None) -> None:
    for player in table.players:
        if player.born is not None and player.born != light[player.id]:
            raise bad(f"{player.field}.born", f"{quote(player.id)} is {'born' if light[player.id] else 'dark'} by "
                      "the table's melds (born: a meld of his own; the knocker: one before his knocking turn)",
                      f"ตามชุดไพ่บนโต๊ะ {quote(player.id)} {'เกิดแล้ว' if light[player.id] else 'ยังมืด'} "
                      "(เกิดคือมีชุดไพ่ของตัวเอง ส่วนผู้น็อกคือมีชุดไพ่ก่อนตาที่น็อก)")
    if table.knock and table.knock.type is not None and table.knock.type != knock_type:
        raise bad("knock.type", f"the table makes this a {knock_type} knock, not {table.knock.type}",
                  f"ตามไพ่บนโต๊ะ การน็อกนี้เป็นแบบ {knock_type} ไม่ใช่ {table.knock.type}")
    given = table.events.head_collected_by
    if table.events.head_collected_given and given != head_collector:
        raise bad("events.head_collected_by", f"the head card {quote(table.head)} was taken by "
                  f"{_who(head_collector)} (it is among his melds and layoffs), not by {_who(given)}",
                  f"ไพ่หัว {quote(table.head)} ถูกเก็บโดย {_who(head_collector, 'ไม่มีใคร')} "
                  f"(อยู่ในชุดหรือดัมมี่ของเขา) ไม่ใช่ {_who(given, 'ไม่มีใคร')}")


def _who(pid: str | None, nobody: str = "nobody") -> str:
    return quote(pid) if pid is not None else nobody


def _state(player: Player, light: bool, colour_counts: bool) -> int:
    """A non-knocker: light or dark, and holding one suit (ถือสี, A-D11) where colour counts."""
    colour = colour_counts and _one_suit(player.hand + player.put_down())
    return (COLOUR_LIGHT if colour else LIGHT) if light else (COLOUR_DARK if colour else DARK)


def _knock_kind(table: Table, light: dict[str, bool], options: dict) -> int:
    """§74-§79: dark unless born before the knocking turn; colour when every card he put down
    is one suit (the face-down card too only with ``colourCountsFaceDown``, A-D11)."""
    knock = table.knock
    cards = table.player(knock.player).put_down() + ((knock.face_down,) if options["colourCountsFaceDown"] else ())
    colour = _one_suit(cards)
    if light[knock.player]:
        return COLOUR_LIGHT if colour else LIGHT
    return COLOUR_DARK if colour else DARK


def _knocker_spetos(table: Table) -> tuple[str, ...]:
    """A-D23: spetos from his hand put down or face down in the knock (not those he took)."""
    knock = table.knock
    player = table.player(knock.player)
    down = [t for m in player.melds if m.in_knock for t in m.cards] + [l.card for l in player.layoffs if l.in_knock]
    return tuple(t for t in down + [knock.face_down] if C.is_speto(t) and t not in knock.collected)


def _speto_fees(table: Table, knocker_spetos: tuple[str, ...], options: dict) -> tuple[tuple[str, str], ...]:
    """§41: spetos melded or laid off during play; in the knock too with ``spetoFeeAtKnock`` (A-D10)."""
    during_play = tuple((p.id, t) for p in table.players for t in
                        [t for m in p.melds if not m.in_knock for t in m.cards] +
                        [l.card for l in p.layoffs if not l.in_knock] if C.is_speto(t))
    if table.knock is None or not options["spetoFeeAtKnock"]:
        return during_play
    return during_play + tuple((table.knock.player, t) for t in knocker_spetos if t != table.knock.face_down)


def derive(table: Table, shapes: dict[str, M.Shape], options: dict) -> Facts:
    """The facts of a validated ``table`` under resolved ``options``."""
    factors = FACTORS[options["multipliers"]]
    light = born_flags(table)
    knock = table.knock
    knocker = knock.player if knock else None
    colour_counts = knock is not None or options["colourWithoutKnock"]
    states = {p.id: _knock_kind(table, light, options) if p.id == knocker else _state(p, light[p.id], colour_counts)
              for p in table.players}
    knock_type = KNOCK_TYPE_NAMES[states[knocker]] if knock else None
    head_collector = next((p.id for p in table.players if table.head in p.put_down()), None)
    _check_given(table, light, knock_type, head_collector)
    knocker_spetos = _knocker_spetos(table) if knock else ()
    return Facts(
        knocker=knocker, born=light, knock_type=knock_type, k=factors[states[knocker]] if knock else 1,
        state={pid: STATE_NAMES[s] for pid, s in states.items()},
        c={pid: factors[s] for pid, s in states.items() if pid != knocker},
        points={p.id: C.total(p.put_down()) - C.total(p.hand) for p in table.players},
        head_collector=head_collector,
        head_knock=knock is not None and table.head in knock.collected,
        speto_holders={p.id: tuple(t for t in p.hand if C.is_speto(t)) for p in table.players
                       if p.id != knocker and any(C.is_speto(t) for t in p.hand)},
        knocker_spetos=knocker_spetos,
        collected_spetos=tuple(t for t in knock.collected if C.is_speto(t)) if knock else (),
        speto_fees=_speto_fees(table, knocker_spetos, options),
        face_down_dummy=_face_down_dummy(table, shapes, options["layoffOnto"] == "melderCards") if knock else None,
        face_down_speto=knock is not None and C.is_speto(knock.face_down))
