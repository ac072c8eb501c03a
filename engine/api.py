"""The JSON door: ``call(request) -> reply``. It never raises and never runs unbounded.

Every reply has ``ok``. Errors come back as ``{"ok": false, "error": {"code", "message",
"message_th", "field"?}}`` with a stable code from :mod:`engine.errors`. Games are reached
only through :mod:`engine.registry` and the protocol in :mod:`engine.core.protocol`.
"""

from __future__ import annotations

import json
import re
import traceback

from . import errors, options
from .core import budget as budgets
from .core import computer, prove, search
from .core.play import play_reply, status  # noqa: F401  (status: the play reply's, for callers of the api)
from .core.protocol import Game, GameSpec
from .errors import EngineError, quote
from .registry import GAMES

MAX_PERFT_DEPTH = 8
MAX_WIN_DEPTH = 5
MAX_NESTING = 64  # JSON levels; no request needs more than a few


def _field(request: dict, name: str, kind: type, required: bool = True, default=None):
    if name not in request:
        if required:
            raise EngineError(errors.BAD_REQUEST, f"the request needs a {name!r} field",
                              f"คำขอต้องมีช่อง {name!r}", name)
        return default
    value = request[name]
    # bool is an int subclass: a depth of True is a type error, not 1.
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise EngineError(errors.BAD_TYPE, f"{name!r} must be {kind.__name__}, got {type(value).__name__}",
                          f"{name!r} ต้องเป็นชนิด {kind.__name__} แต่ได้ {type(value).__name__}", name)
    return value


def _lookup(table: dict, key: str, field: str, code: str, noun: str, noun_th: str):
    """``table[key]``, or an error that names ``key`` and lists what is known."""
    if key not in table:
        known = ", ".join(sorted(table))
        raise EngineError(code, f"unknown {noun} {quote(key)}; known: {known}",
                          f"ไม่รู้จัก{noun_th} {quote(key)} ที่มี: {known}", field)
    return table[key]


def _int_in_range(request: dict, name: str, low: int, high: int, default: int | None = None) -> int:
    value = _field(request, name, int, required=default is None, default=default)
    if not low <= value <= high:
        raise EngineError(errors.BAD_REQUEST, f"{name!r} must be between {low} and {high}, got {quote(value, 40)}",
                          f"{name!r} ต้องอยู่ระหว่าง {low} ถึง {high} แต่ได้ {quote(value, 40)}", name)
    return value


def _spec(request: dict) -> GameSpec:
    """The game of the request, which must answer the request's op."""
    spec = _lookup(GAMES, _field(request, "game", str), "game", errors.UNKNOWN_GAME, "game", "เกม")
    op = request["op"]
    if op not in spec.ops:
        raise EngineError(errors.UNSUPPORTED_OP, f"{spec.id} does not answer {quote(op)}; it answers: "
                          f"{', '.join(spec.ops)}",
                          f"เกม {spec.id} ไม่รองรับคำสั่ง {quote(op)} คำสั่งที่ใช้ได้: {', '.join(spec.ops)}", "op")
    return spec


def _options(spec: GameSpec, request: dict) -> dict:
    return options.resolve(spec.options, request.get("options"))


def _budget(request: dict, default: int | None = None) -> budgets.Budget:
    """The request's ``budget`` (nodes), else ``default``, else the search default; whatever
    the nodes, the search stops after :data:`~engine.core.budget.SEARCH_SECONDS`."""
    nodes = budgets.DEFAULT_NODES if default is None else default
    return budgets.for_search(_int_in_range(request, "budget", 1, budgets.MAX_NODES, nodes))


def _new_game(request: dict) -> Game:
    spec = _spec(request)
    chosen = _options(spec, request)
    game = spec.game(_field(request, "position", str, required=False, default=spec.start_for(chosen)), chosen)
    for index, move in enumerate(_field(request, "moves", list, required=False, default=[])):
        try:
            game.play(move)
        except EngineError as error:
            raise error.at(f"moves[{index}]")
    return game


def _op_games(request: dict) -> dict:
    return {"games": [spec.to_dict() for spec in GAMES.values()]}


def _op_start(request: dict) -> dict:
    spec = _spec(request)
    return {"position": spec.start_for(_options(spec, request))}


def _op_legal_moves(request: dict) -> dict:
    game = _new_game(request)
    return {"moves": sorted(m.text for m in game.legal_moves())}


def _op_play(request: dict) -> dict:
    return play_reply(_new_game(request))


def _op_perft(request: dict) -> dict:
    spec = _spec(request)
    depth = _int_in_range(request, "depth", 0, MAX_PERFT_DEPTH)
    budget = _budget(request, budgets.DEFAULT_PERFT_NODES)
    chosen = _options(spec, request)
    position = _field(request, "position", str, required=False, default=spec.start_for(chosen))
    return {"nodes": spec.game.perft(position, depth, chosen, budget)}


def _op_mate(request: dict) -> dict:
    game = _new_game(request)
    depth = _int_in_range(request, "mate_in", 1, MAX_WIN_DEPTH)
    solver = search.MateSolver(_budget(request))
    if game.outcome() is not None:
        return {"shortest": None, "keys": {}}
    state = game.state
    return {"shortest": solver.shortest_win(state, depth),
            "keys": search.describe_moves(state, solver.winning_moves(state, depth))}


def _op_defend(request: dict) -> dict:
    game = _new_game(request)
    horizon = _int_in_range(request, "horizon", 1, MAX_WIN_DEPTH)
    if game.outcome() is not None:
        raise EngineError(errors.GAME_OVER, "the game is over; there is nothing to defend",
                          "เกมจบแล้ว ไม่มีอะไรต้องป้องกัน")
    state = game.state
    handle, distance = search.MateSolver(_budget(request)).best_defence(state, horizon)
    return {"move": search.text_of(state, handle), "mate_in": distance}


def _op_prove(request: dict) -> dict:
    """A teacher's exercise found and proven: ``{"op": "prove", "game", "position", "moves"?, "task":
    {"kind": "mate", "in": N | null, "line"?: [moves]} | {"kind": "best_move", "depth"?, "margin"?,
    "line"?}, "options", "budget"?}`` -> ``{kind, position, solver, orientation, mate_in, line, tree,
    nodes, ...}`` (see :mod:`engine.core.prove`); GAME_OVER, NOT_PROVEN (with a ``reason``) or
    BUDGET_EXCEEDED. A game that answers ``prove`` itself (its ``extra_ops``) gets the request
    instead, with its own tasks and reply (see ``_handler``)."""
    game = _new_game(request)
    task = prove.read_task(_field(request, "task", dict), MAX_WIN_DEPTH)
    position = game.position_text()
    if game.outcome() is not None:
        raise EngineError(errors.GAME_OVER, f"the game is already over in {quote(position, 80)}; there is no win to prove",
                          f"เกมจบแล้วในตำแหน่ง {quote(position, 80)} ไม่มีทางชนะให้พิสูจน์", "position")
    if isinstance(task, prove.BestMoveTask):
        proof = prove.prove_best_move(game.state, task, _budget(request), position)
    else:
        proof = prove.prove_win(game.state, task, search.MateSolver(_budget(request)), MAX_WIN_DEPTH, position)
    return {**proof, "position": position}


def _op_bestmove(request: dict) -> dict:
    """The computer's move or action: ``{"op": "bestmove", "game", "position", "moves", "level": 1|2|3
    (default 2), "options", "budget"?: nodes}`` -> ``{"move": text, "words": {"th", "en"}, "level",
    "depth": deepest finished iteration, "nodes": nodes searched}``.

    ``move`` is a legal move of the side to move or an action of ``actions`` (makruk: count-start,
    count-stop, count-draw; after an action the same side moves: ask again). Levels: see
    :data:`engine.core.computer.LEVELS`. GAME_OVER when the game is over; never BUDGET_EXCEEDED.
    """
    game = _new_game(request)
    level = computer.LEVELS[_int_in_range(request, "level", 1, len(computer.LEVELS), default=2)]
    budget = level.budget(_int_in_range(request, "budget", 1, computer.MAX_NODES, level.nodes))
    if game.outcome() is not None:
        raise EngineError(errors.GAME_OVER, "the game is over; there is no move to choose",
                          "เกมจบแล้ว ไม่มีตาให้เดิน")
    choice = computer.choose(game, level, budget)
    said = game.action_words(choice.text) if choice.handle is None else game.words(game.state.move(choice.handle))
    return {"move": choice.text, "words": said, "level": level.number, "depth": choice.depth,
            "nodes": choice.nodes}


def _op_game_specific(request: dict) -> dict:
    spec = _spec(request)
    return spec.extra_ops[request["op"]](request, _options(spec, request))


OPS = {
    "games": _op_games,
    "start": _op_start,
    "legal_moves": _op_legal_moves,
    "play": _op_play,
    "perft": _op_perft,
    "mate": _op_mate,
    "defend": _op_defend,
    "bestmove": _op_bestmove,
    "prove": _op_prove,
}
for _spec_entry in GAMES.values():
    for _op in _spec_entry.extra_ops:
        OPS.setdefault(_op, _op_game_specific)


def _handler(request: dict):
    """The op's handler: a game's own op (its ``extra_ops``) before the shared op of that name."""
    op = _field(request, "op", str)
    game = request.get("game")
    spec = GAMES.get(game) if isinstance(game, str) else None
    if spec is not None and op in spec.extra_ops:
        return _op_game_specific
    return _lookup(OPS, op, "op", errors.UNKNOWN_OP, "op", "คำสั่ง")


def call(request: object) -> dict:
    """Answer one request dict with a reply dict; errors become ``ok: false`` replies."""
    try:
        if not isinstance(request, dict):
            raise EngineError(errors.BAD_REQUEST,
                              f"a request must be a JSON object, got {type(request).__name__}",
                              f"คำขอต้องเป็นออบเจกต์ JSON แต่ได้ {type(request).__name__}")
        return {"ok": True, **_handler(request)(request)}
    except EngineError as error:
        return {"ok": False, "error": error.to_dict()}
    except RecursionError:
        return {"ok": False, "error": {
            "code": errors.BAD_REQUEST, "message": "the request is nested too deeply",
            "message_th": "คำขอซ้อนกันลึกเกินไป"}}
    except Exception as exc:  # the door never raises: report, with the traceback for bug reports
        return {"ok": False, "error": {
            "code": errors.INTERNAL, "message": f"internal engine error: {quote(exc)}",
            "message_th": "เอนจินทำงานผิดพลาดภายใน", "detail": traceback.format_exc()[-4000:]}}


_BRACKET_OR_STRING = re.compile(r'[\[\]{}]|"(?:[^"\\]|\\.)*"')


def _nesting(text: str) -> int:
    """How deep the arrays and objects of JSON ``text`` nest, found without recursion."""
    depth = deepest = 0
    for token in _BRACKET_OR_STRING.finditer(text):
        mark = token.group()
        if mark in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif mark in "]}":
            depth -= 1
    return deepest


def parse_request(text: str) -> object:
    """The request in JSON ``text``; an EngineError (BAD_REQUEST) when it is not JSON or nests
    deeper than MAX_NESTING levels. The depth is checked before parsing: parsing deeply nested
    JSON overflows the stack (inside Pyodide fatally, before Python can raise RecursionError)."""
    depth = _nesting(text)
    if depth > MAX_NESTING:
        raise EngineError(errors.BAD_REQUEST, f"the request is nested too deeply ({depth} levels, at most {MAX_NESTING})",
                          f"คำขอซ้อนกันลึกเกินไป ({depth} ชั้น ได้ไม่เกิน {MAX_NESTING} ชั้น)")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:  # bad JSON, numbers too long for int()
        why = quote(str(exc))[1:-1] if not isinstance(exc, RecursionError) else "it is nested too deeply"
        raise EngineError(errors.BAD_REQUEST, f"the request is not valid JSON: {why}",
                          f"คำขอไม่ใช่ JSON ที่ถูกต้อง: {why}") from None


def call_json(text: str) -> str:
    """:func:`call` for JSON text in and out (the browser worker's door): never raises."""
    try:
        request = parse_request(text)
    except EngineError as error:
        return json.dumps({"ok": False, "error": error.to_dict()}, ensure_ascii=False)
    return json.dumps(call(request), ensure_ascii=False)

