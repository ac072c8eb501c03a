"""The JSON door's ops for playing a hand (dummy-play.md "Ops"): handler(request, options).

* ``deal``: ``{"deck": [52] | "seed": int, "dealer"?, "level"?}`` → ``{"state"}``;
* ``play``: ``{"position": STATE, "moves": [ACTION…], "seat"?}`` → position, turn, phase, legal,
  status, last_move; at the end also ``table`` and ``settlement`` (or null with ``pending``);
* ``view``: ``{"position": STATE, "seat"}`` → ``{"view"}``;
* ``bestmove``: ``{"position": VIEW | STATE, "seat", "level"}`` → the computer's action
  (:mod:`engine.dummy.bot`), which is checked against ``legal`` before it is answered.
"""

from __future__ import annotations

from .. import errors
from ..core import budget as budgets
from ..errors import EngineError, quote
from . import play, rules, table as T, tiers
from .facts import derive
from .legal import searching_until
from .position import SEATS, check
from .refusals import refuse
from .settle import settle

LEVELS = (1, 2, 3)


def _need(request: dict, name: str, kind: type, default=None, required: bool = True):
    if name not in request:
        if required:
            raise EngineError(errors.BAD_REQUEST, f"the request needs a {name!r} field", f"คำขอต้องมีช่อง {name!r}", name)
        return default
    value = request[name]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise EngineError(errors.BAD_TYPE, f"{name!r} must be {kind.__name__}, got {quote(value, 40)}",
                          f"{name!r} ต้องเป็นชนิด {kind.__name__} แต่ได้ {quote(value, 40)}", name)
    return value


def _seat(request: dict, required: bool) -> str | None:
    seat = _need(request, "seat", str, required=required)
    if seat is not None and seat not in SEATS:
        raise EngineError(errors.BAD_REQUEST, f"'seat' is P1-P4, got {quote(seat, 40)}",
                          f"'seat' ต้องเป็น P1-P4 แต่ได้ {quote(seat, 40)}", "seat")
    return seat


def settlement(state: dict, options: dict) -> tuple[dict, dict | None]:
    """(TABLE, the settle reply) of a finished hand; the reply is None when a tie waits for a
    tie-break the STATE does not give (A-D42)."""
    table = play.table_of(state)
    parsed = T.parse(table)
    facts = derive(parsed, rules.validate(parsed, options["layoffOnto"] == "melderCards"), options)
    try:
        return table, settle(parsed, facts, tiers.rank(parsed, facts, options), options)
    except EngineError as error:
        if (error.field or "").startswith("tie_break"):
            return table, None
        raise


def op_deal(request: dict, options: dict) -> dict:
    deck = _need(request, "deck", list, required=False)
    seed = None if deck is not None else _need(request, "seed", int, required=False)
    if deck is None and seed is None:
        raise EngineError(errors.BAD_REQUEST, "deal needs a 'deck' (52 cards, top first) or a 'seed'",
                          "การแจกไพ่ต้องมี 'deck' (ไพ่ 52 ใบ เรียงจากใบบนสุด) หรือ 'seed'", "deck")
    return {"state": play.deal(deck, seed, _need(request, "dealer", str, "P1", required=False),
                               _need(request, "level", str, "sian", required=False))}


def op_play(request: dict, options: dict) -> dict:
    state = check(_need(request, "position", dict))
    moves = _need(request, "moves", list, [], required=False)
    seat = _seat(request, required=False)
    if seat is not None and not moves and state["phase"] != "ended" and seat != state["turn"]:
        raise refuse("not_your_turn", f"{seat} asked, {state['turn']} is to act",
                     f"{seat} ขอเล่น แต่ตอนนี้ถึงตา {state['turn']}").at("seat")
    for i, move in enumerate(moves):
        try:
            state = play.apply(state, move, seat, options)
        except EngineError as error:
            raise error.at(f"moves[{i}]")
    ended = state["phase"] == "ended"
    reply = {"position": state, "turn": state["turn"], "phase": state["phase"],
             "legal": play.legal(state, options),
             "status": {"result": "ended" if ended else "ongoing",
                        "reason": ("knock" if state["knock"] else "stock_out") if ended else None},
             "last_move": state["history"][-1]["action"] if state["history"] else None}
    if ended:
        reply["table"], reply["settlement"] = settlement(state, options)
        if reply["settlement"] is None:
            reply["pending"] = "tie_break"
    return reply


def op_view(request: dict, options: dict) -> dict:
    return {"view": play.view(_need(request, "position", dict), _seat(request, required=True))}


def op_bestmove(request: dict, options: dict) -> dict:
    position = _need(request, "position", dict)
    seat = _seat(request, required=True)
    level = _need(request, "level", int, 2, required=False)
    if level not in LEVELS:
        raise EngineError(errors.BAD_REQUEST, f"'level' is 1, 2 or 3, got {quote(level, 40)}",
                          f"'level' ต้องเป็น 1, 2 หรือ 3 แต่ได้ {quote(level, 40)}", "level")
    seen = play.view(position, seat) if "stock" in position else check(position, view=True)
    if seen["phase"] == "ended":
        raise refuse("game_over")
    if seen["turn"] != seat:
        raise refuse("not_your_turn", f"{seat} asked, {seen['turn']} is to act",
                     f"{seat} ขอเล่น แต่ตอนนี้ถึงตา {seen['turn']}")
    try:
        from . import bot
    except ModuleNotFoundError as missing:
        if missing.name != f"{__package__}.bot":
            raise
        raise EngineError(errors.UNSUPPORTED_OP, "the computer players of Dummy are not installed yet",
                          "ยังไม่มีผู้เล่นคอมพิวเตอร์ของดัมมี่", "op") from None
    answer = dict(bot.best_action(seen, seat, level))
    if answer.get("move") not in play.legal(seen, options):
        raise EngineError(errors.INTERNAL, f"the computer chose an illegal action {quote(answer.get('move'), 80)}",
                          "ผู้เล่นคอมพิวเตอร์เลือกการเล่นที่ไม่ถูกกติกา")
    return answer


def _on_time(op):
    """``op`` with every knock search of the request within the door's time (engine.core.budget)."""
    def timed(request: dict, options: dict) -> dict:
        with searching_until(budgets.SEARCH_SECONDS):
            return op(request, options)
    return timed


OPS = {"deal": op_deal, "play": _on_time(op_play), "view": op_view, "bestmove": _on_time(op_bestmove)}
