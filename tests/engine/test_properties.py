"""Property-based tests of the Makruk engine (hypothesis).

Positions come from random legal games (from the start position and from random endgame
set-ups) and from random placements around a cornered Khun. A slow, naive move generator
written here from rules §1.1 alone (coordinates and piece descriptions, none of the
engine's tables) is the reference for pseudo-legal moves, attacks and legality.

Every test is derandomized (the same examples every run, no example database), so a
failure reproduces; each keeps max_examples moderate so the file runs in seconds.
"""

from __future__ import annotations

import json
import os
import random
import sys

import pytest

hypothesis = pytest.importorskip("hypothesis", reason="hypothesis is not installed; `pip install -e '.[test]'`")

from hypothesis import HealthCheck, assume, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from engine import api  # noqa: E402
from engine.api import call  # noqa: E402
from engine.errors import CODES, EngineError  # noqa: E402
from engine.makruk import BLACK, START_FEN, WHITE, Position, move_uci  # noqa: E402
from engine.makruk_game import OPTIONS, MakrukGame  # noqa: E402

pytestmark = pytest.mark.hypothesis

DEFAULTS = {o.name: o.default for o in OPTIONS}
# Option sets the games are played under: the defaults, and the counting starts of FSF.
OPTION_SETS = (
    DEFAULTS,
    {**DEFAULTS, "boardCountStart": "automatic", "repetitionCount": 3, "mateWhileCounting": "win"},
)


# Pyodide (the engine's tests also run there, see tests/pyodide) is several times slower.
SCALE = float(os.environ.get("KRADAN_HYPOTHESIS_SCALE", "0.25" if sys.platform == "emscripten" else "1"))


def props(max_examples: int):
    return settings(max_examples=max(5, int(max_examples * SCALE)), deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                           HealthCheck.data_too_large])


# --------------------------------------------------------------------------- naive rules (§1.1)
FILES = "abcdefgh"
KING_STEPS = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if (df, dr) != (0, 0)]
DIAGONALS = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
KNIGHT_JUMPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
ORTHOGONALS = [(1, 0), (-1, 0), (0, 1), (0, -1)]


def naive_board(fen: str) -> tuple[dict, str]:
    """{(file, rank): piece} (``F``/``f`` for a Bia-ngai written ``M~``) and the side to move."""
    placement, turn = fen.split()[:2]
    board = {}
    for row_index, row in enumerate(placement.split("/")):
        rank, file, i = 7 - row_index, 0, 0
        while i < len(row):
            ch = row[i]
            if ch in "12345678":
                file += int(ch)
            else:
                promoted = row[i + 1:i + 2] == "~"
                board[(file, rank)] = ("F" if ch.isupper() else "f") if promoted else ch
                file += 1
                i += promoted
            i += 1
    return board, turn


def _mine(piece: str, color: str) -> bool:
    return piece.isupper() == (color == WHITE)


def _inside(square: tuple[int, int]) -> bool:
    return 0 <= square[0] < 8 and 0 <= square[1] < 8


def _name(square: tuple[int, int]) -> str:
    return FILES[square[0]] + str(square[1] + 1)


def _steps(piece: str) -> tuple[list, bool]:
    """Step directions of a piece and whether it slides (§1.1 Moves)."""
    kind, forward = piece.upper(), (1 if piece.isupper() else -1)
    if kind == "K":
        return KING_STEPS, False            # Khun: one step any direction
    if kind in "MF":
        return DIAGONALS, False             # Met and Bia-ngai: one step diagonally
    if kind == "S":
        return DIAGONALS + [(0, forward)], False  # Khon: diagonal or straight forward
    if kind == "N":
        return KNIGHT_JUMPS, False          # Ma: a chess knight
    assert kind == "R"
    return ORTHOGONALS, True                # Ruea: a chess rook


def naive_attacks(board: dict, color: str) -> set:
    """Squares attacked by ``color``."""
    attacked = set()
    for (f, r), piece in board.items():
        if not _mine(piece, color):
            continue
        if piece.upper() == "P":  # Bia captures one step diagonally forward
            forward = 1 if piece.isupper() else -1
            attacked |= {t for t in ((f - 1, r + forward), (f + 1, r + forward)) if _inside(t)}
            continue
        steps, slides = _steps(piece)
        for df, dr in steps:
            t = (f + df, r + dr)
            while _inside(t):
                attacked.add(t)
                if not slides or t in board:
                    break
                t = (t[0] + df, t[1] + dr)
    return attacked


def naive_pseudo(board: dict, color: str) -> list[tuple[tuple, tuple, bool]]:
    """(from, to, promotes) of every move obeying piece movement, king safety ignored."""
    moves = []
    for (f, r), piece in board.items():
        if not _mine(piece, color):
            continue
        if piece.upper() == "P":
            forward = 1 if piece.isupper() else -1
            promotion_rank = 5 if piece.isupper() else 2  # the 6th rank for White, the 3rd for Black
            ahead = (f, r + forward)
            if _inside(ahead) and ahead not in board:
                moves.append(((f, r), ahead, ahead[1] == promotion_rank))
            for t in ((f - 1, r + forward), (f + 1, r + forward)):
                if _inside(t) and t in board and not _mine(board[t], color):
                    moves.append(((f, r), t, t[1] == promotion_rank))
            continue
        steps, slides = _steps(piece)
        for df, dr in steps:
            t = (f + df, r + dr)
            while _inside(t):
                if t in board:
                    if not _mine(board[t], color):
                        moves.append(((f, r), t, False))
                    break
                moves.append(((f, r), t, False))
                if not slides:
                    break
                t = (t[0] + df, t[1] + dr)
    return moves


def naive_apply(board: dict, move: tuple) -> dict:
    frm, to, promotes = move
    after = dict(board)
    piece = after.pop(frm)
    after[to] = ("F" if piece.isupper() else "f") if promotes else piece
    return after


def naive_in_check(board: dict, color: str) -> bool:
    king = next(sq for sq, p in board.items() if p == ("K" if color == WHITE else "k"))
    return king in naive_attacks(board, BLACK if color == WHITE else WHITE)


def naive_text(move: tuple) -> str:
    return _name(move[0]) + _name(move[1]) + ("m" if move[2] else "")


def naive_legal(fen: str) -> list[str]:
    board, color = naive_board(fen)
    return sorted(naive_text(m) for m in naive_pseudo(board, color)
                  if not naive_in_check(naive_apply(board, m), color))


# --------------------------------------------------------------------------- strategies
PIECES = "RRSSNNMFFPP"


@st.composite
def placements(draw, cornered: bool = False) -> str:
    """A legal position from random squares (FEN without a count). ``cornered``: a lone
    Khun on the edge with 2-4 enemy pieces around it, so that many positions are checkmate
    or stalemate."""
    weak = draw(st.sampled_from((WHITE, BLACK)))
    used: set[int] = set()
    board: list[str | None] = [None] * 64

    def put(piece: str, squares: list[int]) -> None:
        free = sorted(set(squares) - used)
        assume(free)
        sq = draw(st.sampled_from(free))
        used.add(sq)
        board[sq] = piece

    if cornered:
        edge = [sq for sq in range(64) if sq >> 3 in (0, 7) or sq & 7 in (0, 7)]
        put("K" if weak == WHITE else "k", edge)
        king = board.index("K" if weak == WHITE else "k")
        around = [sq for sq in range(64) if max(abs((sq & 7) - (king & 7)), abs((sq >> 3) - (king >> 3))) <= 3]
        put("k" if weak == WHITE else "K", around)
        for _ in range(draw(st.integers(2, 4))):
            piece = draw(st.sampled_from("RRSNMF"))
            put(piece.lower() if weak == WHITE else piece, around)
    else:
        put("K", list(range(64)))
        put("k", list(range(64)))
        for _ in range(draw(st.integers(0, 8))):
            piece = draw(st.sampled_from(PIECES))
            white = draw(st.booleans())
            ranks = ((2, 3, 4) if white else (3, 4, 5)) if piece == "P" else range(8)
            put(piece if white else piece.lower(), [sq for sq in range(64) if sq >> 3 in ranks])
    pos = Position()
    pos.board = board
    pos.turn = weak if cornered else draw(st.sampled_from((WHITE, BLACK)))
    fen = pos.fen()
    try:
        Position.from_fen(fen)
    except EngineError:
        assume(False)  # adjacent Khuns, or the side not to move is in check
    return fen


@st.composite
def games(draw, max_plies: int = 60, street: bool = False):
    """(start FEN, moves, options, MakrukGame after the moves) of a random legal game."""
    start = draw(st.one_of(st.just(START_FEN), placements()))
    options = dict(draw(st.sampled_from(OPTION_SETS)))
    if street:
        options.update(kingKnightLeap=True, metDoubleStep=True)
    game = MakrukGame(start, options)
    moves: list[str] = []
    for _ in range(draw(st.integers(0, max_plies))):
        legal = sorted(move_uci(m) for m in game.legal_moves())
        if not legal:
            break
        move = legal[draw(st.integers(0, len(legal) - 1))]
        game.play(move)
        moves.append(move)
    return start, moves, options, game


def request_for(start: str, moves: list[str], options: dict, op: str = "play") -> dict:
    return {"op": op, "game": "makruk", "position": start, "moves": moves, "options": options}


# --------------------------------------------------------------------------- properties
@props(100)
@given(games(street=True))
def test_fen_round_trip(case):
    _, _, options, game = case
    fen = game.position.fen()
    assert Position.from_fen(fen).fen() == fen
    assert MakrukGame(fen, options).position.fen() == fen
    assert Position.from_fen(fen).key() == game.position.key()
    plain = game.position.fen(show_promoted=False)
    assert Position.from_fen(plain).fen(show_promoted=False) == plain


@props(150)
@given(games())
def test_legal_moves_equal_the_naive_rules(case):
    """A move is legal iff it is pseudo-legal (by §1.1) and leaves the own Khun safe."""
    _, _, _, game = case
    pos = game.position
    fen = pos.fen()
    board, color = naive_board(fen)
    assert sorted(move_uci(m) for m in pos.pseudo_moves()) == sorted(naive_text(m) for m in naive_pseudo(board, color))
    assert sorted(move_uci(m) for m in pos.legal_moves()) == naive_legal(fen)
    assert pos.in_check() == naive_in_check(board, color)


@props(100)
@given(games())
def test_every_legal_move_leaves_the_movers_khun_safe(case):
    _, _, _, game = case
    pos = game.position
    mover = pos.turn
    board, _ = naive_board(pos.fen())
    by_text = {naive_text(m): m for m in naive_pseudo(board, mover)}
    for move in pos.legal_moves():
        after = pos.copy()
        after.push(move)
        assert not after.in_check(mover), move_uci(move)
        assert not naive_in_check(naive_apply(board, by_text[move_uci(move)]), mover), move_uci(move)


@props(80)
@given(games())
def test_legal_moves_are_sorted_unique_and_agree_between_ops(case):
    start, moves, options, game = case
    listed = call(request_for(start, moves, options, "legal_moves"))
    played = call(request_for(start, moves, options))
    assert listed["ok"] and played["ok"], (listed, played)
    assert listed["moves"] == sorted(set(listed["moves"])) == played["legal_moves"]
    assert listed["moves"] == sorted(move_uci(m) for m in game.legal_moves())
    assert len(game.legal_moves()) == len(set(game.legal_moves()))


@props(80)
@given(games(street=True))
def test_play_is_deterministic_and_matches_the_incremental_game(case):
    start, moves, options, game = case
    request = request_for(start, moves, options)
    first, second = call(request), call(json.loads(json.dumps(request)))
    assert first == second
    assert first["ok"], first
    assert first["position"] == game.position.fen()
    assert first["status"] == game.status()
    assert first["legal_moves"] == sorted(move_uci(m) for m in game.legal_moves())


def _check_terminal_status(fen: str, options: dict) -> bool:
    """If ``fen`` has no legal move, its status must be mate exactly when in check.
    Returns whether it was terminal."""
    game = MakrukGame(fen, options)
    if game.position.legal_moves():
        return False
    status = game.status()
    board, color = naive_board(fen)
    assert status["check"] == naive_in_check(board, color)
    loser = "white" if color == WHITE else "black"
    winner = "black" if loser == "white" else "white"
    if status["check"]:
        assert (status["result"], status["reason"]) == (f"{winner}_wins", "checkmate")
    else:
        assert (status["result"], status["reason"]) == ("draw", "stalemate")
    assert game.legal_moves() == [] and game.actions() == []
    return True


@props(150)
@given(placements(cornered=True), st.sampled_from(OPTION_SETS))
def test_no_legal_moves_is_checkmate_or_stalemate_by_check(fen, options):
    _check_terminal_status(fen, options)


def test_cornered_positions_reach_both_ends():
    """The cornered strategy really produces mates and stalemates (seeded, without hypothesis)."""
    rng = random.Random(5)
    mates = stalemates = 0
    for _ in range(3000):
        pos = Position()
        king = rng.choice([sq for sq in range(64) if sq >> 3 in (0, 7) or sq & 7 in (0, 7)])
        pos.board[king] = "k"
        near = [sq for sq in range(64) if sq != king and max(abs((sq & 7) - (king & 7)), abs((sq >> 3) - (king >> 3))) <= 3]
        for sq, piece in zip(rng.sample(near, rng.randint(3, 5)), "K" + "".join(rng.choices("RRSNMF", k=4))):
            pos.board[sq] = piece
        pos.turn = BLACK
        try:
            Position.from_fen(pos.fen())
        except EngineError:
            continue
        if _check_terminal_status(pos.fen(), DEFAULTS):
            if pos.in_check():
                mates += 1
            else:
                stalemates += 1
    assert mates >= 20 and stalemates >= 5, (mates, stalemates)


# --------------------------------------------------------------------------- the JSON door
JSON_SCALARS = (st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=True)
                | st.text(max_size=12))
JSON = st.recursive(JSON_SCALARS, lambda children: st.lists(children, max_size=4)
                    | st.dictionaries(st.text(max_size=8), children, max_size=4), max_leaves=10)
ODD_CHARS = "0123456789/~ -wbKMSNRPkmsnrpx²³¹٣٨௫\u00a0\t\n"


@st.composite
def fen_like(draw) -> str:
    """A valid FEN with a few characters replaced, inserted or deleted."""
    text = list(draw(st.sampled_from((START_FEN, "8/8/8/4k3/8/8/R7/4K3 b - 32 6 1",
                                      "7k/r7/8/8/8/8/2M~M~4/R2KSN2 w - - 0 1"))))
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(text)))
        action = draw(st.sampled_from(("replace", "insert", "delete")))
        ch = draw(st.sampled_from(ODD_CHARS))
        if action == "insert" or not text:
            text.insert(i, ch)
        elif action == "replace":
            text[min(i, len(text) - 1)] = ch
        else:
            del text[min(i, len(text) - 1)]
    return "".join(text)


MOVE_LIKE = st.one_of(st.sampled_from(("a3a4", "e3e4", "b1c3", "e5e6m", "count-start", "count-stop",
                                       "count-draw", "a1a1", "e3e4m", "")), st.text(max_size=6), JSON)
# Numeric fields kept small: a well-formed deep perft or mate search is slow, not wrong.
SMALL = st.one_of(st.integers(-2, 1), JSON_SCALARS)


@st.composite
def near_valid_requests(draw) -> dict:
    request = {"op": draw(st.one_of(st.sampled_from(sorted(api.OPS)), st.text(max_size=6), JSON_SCALARS))}
    optional = {
        "game": st.one_of(st.just("makruk"), st.text(max_size=8), JSON_SCALARS),
        "position": st.one_of(fen_like(), st.text(max_size=30), JSON_SCALARS),
        "moves": st.one_of(st.lists(MOVE_LIKE, max_size=4), JSON),
        "options": st.one_of(st.dictionaries(st.sampled_from(sorted(DEFAULTS) + ["nope"]),
                                             st.one_of(st.sampled_from(sorted({repr(c) for o in OPTIONS for c in o.choices})),
                                                       *(st.sampled_from(o.choices) for o in OPTIONS), JSON_SCALARS),
                                             max_size=3), JSON),
        "depth": SMALL, "mate_in": SMALL, "horizon": SMALL,
    }
    for name, strategy in optional.items():
        if draw(st.booleans()):
            request[name] = draw(strategy)
    return request


def assert_door_contract(request, reply) -> None:
    assert isinstance(reply, dict) and isinstance(reply.get("ok"), bool), reply
    json.dumps(reply)  # the reply is JSON
    if not reply["ok"]:
        error = reply["error"]
        assert error["code"] in CODES, error
        assert isinstance(error["message"], str) and error["message"]
        assert isinstance(error["message_th"], str) and error["message_th"]
        # INTERNAL means an exception escaped the engine's own checks: an engine bug.
        assert error["code"] != "INTERNAL", (request, error.get("detail"))


@props(300)
@given(st.one_of(JSON, near_valid_requests()))
def test_json_door_answers_any_request(request):
    assert_door_contract(request, call(request))


@props(200)
@given(fen_like())
def test_any_accepted_fen_round_trips(fen):
    try:
        pos = Position.from_fen(fen)
    except EngineError:
        return
    assert Position.from_fen(pos.fen()).fen() == pos.fen()


@pytest.mark.parametrize("fen", [
    "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - ² 1",   # superscript two: isdigit() but not int()
    "rnsmksnr/²/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
    "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - ³ 0 1",
])
def test_unicode_digits_in_fen_are_a_bad_position_not_an_internal_error(fen):
    reply = call({"op": "play", "game": "makruk", "position": fen})
    assert reply["ok"] is False
    assert reply["error"]["code"] == "BAD_POSITION", reply["error"]
