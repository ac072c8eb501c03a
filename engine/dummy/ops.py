"""The JSON door's Dummy ops (``extra_ops`` of the registry entry): handler(request, options).

* ``settle``: ``{"table": TABLE}`` → points, tiers, k, c, ledger, net, derived (dummy-table.md).
* ``validate``: ``{"table": TABLE}`` → ``{"valid": true, "points", "tiers", "derived"}``, or the
  ``BAD_TABLE`` error ``settle`` would give; a calculator checks a table as it is entered.
* ``meld_check``: ``{"cards": [...], "layoffs": [{"card", "by_owner"?}, ...]}`` → is it a set or
  a run, its points, whether it is a speto-blocker meld (§35/§40), and every card that may be
  laid off on it next (``face_down_only`` for the 3rd place beyond a run).
* ``deal``, ``play``, ``view``, ``bestmove``: playing a hand (:mod:`engine.dummy.play_ops`).
* ``prove``: ``{"position": STATE, "task": {"kind", "key"?, "show"?}}`` → a drill's question and
  every right answer (:mod:`engine.dummy.drill`).
"""

from __future__ import annotations

from .. import errors
from ..errors import EngineError
from . import cards as C
from . import melds as M
from . import rules, table as T, tiers
from .drill import op_prove
from .facts import derive
from .play_ops import OPS as PLAY_OPS
from .settle import settle


def _request_field(request: dict, name: str, kind: type):
    if name not in request:
        raise EngineError(errors.BAD_REQUEST, f"the request needs a {name!r} field", f"คำขอต้องมีช่อง {name!r}", name)
    value = request[name]
    if not isinstance(value, kind):
        raise EngineError(errors.BAD_TYPE, f"{name!r} must be {kind.__name__}, got {type(value).__name__}",
                          f"{name!r} ต้องเป็นชนิด {kind.__name__} แต่ได้ {type(value).__name__}", name)
    return value


def op_settle(request: dict, options: dict) -> dict:
    table = T.parse(_request_field(request, "table", dict))
    facts = derive(table, rules.validate(table, options["layoffOnto"] == "melderCards"), options)
    return settle(table, facts, tiers.rank(table, facts, options), options)


def op_validate(request: dict, options: dict) -> dict:
    settled = op_settle(request, options)
    return {"valid": True, "points": settled["points"], "tiers": settled["tiers"], "derived": settled["derived"]}


def _distinct(cards: tuple[str, ...], field: str, taken: dict[str, str]) -> None:
    for i, text in enumerate(cards):
        if text in taken:
            raise T.bad(f"{field}[{i}]", f"{text!r} is used twice (also {taken[text]})",
                        f"ไพ่ {text!r} ถูกใช้ 2 ครั้ง (ที่ {taken[text]} ด้วย)")
        taken[text] = f"{field}[{i}]"


def _layoffs(request: dict) -> list[tuple[str, bool]]:
    raw = request.get("layoffs", [])
    if not isinstance(raw, list):
        raise EngineError(errors.BAD_TYPE, f"'layoffs' must be list, got {type(raw).__name__}",
                          f"'layoffs' ต้องเป็นชนิด list แต่ได้ {type(raw).__name__}", "layoffs")
    found = []
    for i, item in enumerate(raw):
        field = f"layoffs[{i}]"
        entry = T.object_with(item, field, ("card", "by_owner"), ("card",))
        by_owner = T.flag(entry.get("by_owner", False), f"{field}.by_owner")
        found.append((T.card(entry["card"], f"{field}.card"), by_owner))
    return found


def op_meld_check(request: dict, options: dict) -> dict:
    group = tuple(T.card(text, f"cards[{i}]") for i, text in enumerate(_request_field(request, "cards", list)))
    laid = _layoffs(request)
    taken: dict[str, str] = {}
    _distinct(group, "cards", taken)
    _distinct(tuple(text for text, _ in laid), "layoffs", taken)
    shape, (why, why_th) = M.shape(group)
    reply = {"kind": shape.kind if shape else None, "cards": list(shape.cards if shape else group),
             "points": C.total(group), "speto_blocker": M.is_blocker(group), "places": []}
    if shape is None:
        return {**reply, "reason": why, "reason_th": why_th}
    owner_only = options["layoffOnto"] == "melderCards"
    placed: dict[str, bool] = {}
    for i, (text, by_owner) in enumerate(laid):  # in the order they were laid off
        if not M.fits(shape, text, placed, M.LAYOFF_REACH, owner_only):
            raise T.bad(f"layoffs[{i}]", *rules.misplaced(shape, text, "this meld", placed, owner_only))
        placed[text] = by_owner
    reply["places"] = [{"card": text, "position": position, "face_down_only": face_down_only}
                       for text, position, face_down_only in M.open_places(shape, placed, owner_only)]
    return reply


OPS = {"settle": op_settle, "validate": op_validate, "meld_check": op_meld_check, **PLAY_OPS, "prove": op_prove}
