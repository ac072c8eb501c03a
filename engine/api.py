"""The JSON door: ``call(request) -> reply``. It never raises.

Every reply has ``ok``. Errors come back as ``{"ok": false, "error": {"code", "message",
"message_th", "field"?}}`` with a stable code from :mod:`engine.errors`.
"""

from __future__ import annotations

import traceback

from . import errors, options, search
from .errors import EngineError
from .games import GAMES, GameSpec
from .makruk import move_uci

MAX_PERFT_DEPTH = 6


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
        raise EngineError(code, f"unknown {noun} {key!r}; known: {known}",
                          f"ไม่รู้จัก{noun_th} {key!r} ที่มี: {known}", field)
    return table[key]


def _int_in_range(request: dict, name: str, low: int, high: int) -> int:
    value = _field(request, name, int)
    if not low <= value <= high:
        raise EngineError(errors.BAD_REQUEST, f"{name!r} must be between {low} and {high}, got {value}",
                          f"{name!r} ต้องอยู่ระหว่าง {low} ถึง {high} แต่ได้ {value}", name)
    return value


def _game_spec(request: dict) -> GameSpec:
    return _lookup(GAMES, _field(request, "game", str), "game", errors.UNKNOWN_GAME, "game", "เกม")


def _new_game(request: dict):
    spec = _game_spec(request)
    opts = options.resolve(spec.options, request.get("options"))
    position = _field(request, "position", str, required=False, default=spec.start_position)
    game = spec.new_game(position, opts)
    moves = _field(request, "moves", list, required=False, default=[])
    for index, move in enumerate(moves):
        try:
            game.play(move)
        except EngineError as error:
            raise error.at(f"moves[{index}]")
    return game


def _op_games(request: dict) -> dict:
    return {"games": [spec.to_dict() for spec in GAMES.values()]}


def _op_start(request: dict) -> dict:
    spec = _game_spec(request)
    options.resolve(spec.options, request.get("options"))
    return {"position": spec.start_position}


def _op_legal_moves(request: dict) -> dict:
    game = _new_game(request)
    return {"moves": sorted(move_uci(m) for m in game.legal_moves())}


def _op_play(request: dict) -> dict:
    game = _new_game(request)
    return {
        "position": game.position.fen(),
        "turn": "white" if game.position.turn == "w" else "black",
        "board": game.position.pieces(),
        "legal_moves": sorted(move_uci(m) for m in game.legal_moves()),
        "actions": game.actions(),
        "last_move": game.last_move,
        "status": game.status(),
    }


def _op_perft(request: dict) -> dict:
    spec = _game_spec(request)
    depth = _int_in_range(request, "depth", 0, MAX_PERFT_DEPTH)
    opts = options.resolve(spec.options, request.get("options"))
    position = _field(request, "position", str, required=False, default=spec.start_position)
    return {"nodes": spec.perft(position, depth, opts)}


MAX_MATE_DEPTH = 5


def _op_mate(request: dict) -> dict:
    game = _new_game(request)
    depth = _int_in_range(request, "mate_in", 1, MAX_MATE_DEPTH)
    solver = search.MateSolver(game.options)
    if game.status()["result"] != "ongoing":
        return {"shortest": None, "keys": {}}
    return {"shortest": solver.shortest_mate(game.position, depth),
            "keys": search.describe_moves(solver.mating_moves(game.position, depth))}


def _op_defend(request: dict) -> dict:
    game = _new_game(request)
    horizon = _int_in_range(request, "horizon", 1, MAX_MATE_DEPTH)
    if game.status()["result"] != "ongoing":
        raise EngineError(errors.GAME_OVER, "the game is over; there is nothing to defend",
                          "เกมจบแล้ว ไม่มีอะไรต้องป้องกัน")
    move, mate_in = search.MateSolver(game.options).best_defence(game.position, horizon)
    return {"move": move_uci(move), "mate_in": mate_in}


OPS = {
    "games": _op_games,
    "start": _op_start,
    "legal_moves": _op_legal_moves,
    "play": _op_play,
    "perft": _op_perft,
    "mate": _op_mate,
    "defend": _op_defend,
}


def call(request: object) -> dict:
    """Answer one request dict with a reply dict; errors become ``ok: false`` replies."""
    try:
        if not isinstance(request, dict):
            raise EngineError(errors.BAD_REQUEST,
                              f"a request must be a JSON object, got {type(request).__name__}",
                              f"คำขอต้องเป็นออบเจกต์ JSON แต่ได้ {type(request).__name__}")
        handler = _lookup(OPS, _field(request, "op", str), "op", errors.UNKNOWN_OP, "op", "คำสั่ง")
        return {"ok": True, **handler(request)}
    except EngineError as error:
        return {"ok": False, "error": error.to_dict()}
    except Exception as exc:  # the door never raises: report, with the traceback for bug reports
        return {"ok": False, "error": {
            "code": errors.INTERNAL, "message": f"internal engine error: {exc!r}",
            "message_th": "เอนจินทำงานผิดพลาดภายใน", "detail": traceback.format_exc()}}
