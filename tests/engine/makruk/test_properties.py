"""Property-based tests of the Makruk engine (hypothesis).

Positions come from random legal games (from the start position and from random endgame
set-ups) and from random placements around a cornered Khun. A slow, naive move generator
written here from rules §1.1 alone (coordinates and piece descriptions, none of the
engine's tables) is the reference for pseudo-legal moves, attacks and legality.

Every test is derandomized (the same examples every run, no example database), so a
failure reproduces; each keeps max_examples moderate so the file runs in seconds.
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
import random
import sys

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from mk_helpers import DEFAULTS

from engine import api
from engine.api import call
from engine.core import budget as budgets
from engine.errors import CODES, EngineError
from engine.makruk import MakrukGame
from engine.makruk.counting import counter, keeps_board_count
from engine.makruk.options import OPTIONS
from engine.makruk.position import BLACK, START_FEN, WHITE, Position, move_uci

pytestmark = pytest.mark.hypothesis

# Option sets the games are played under: the defaults, and the counting starts of FSF.
OPTION_SETS = (
    DEFAULTS,
    {**DEFAULTS, "boardCountStart": "fsf", "repetitionCount": 3, "mateWhileCounting": "win"},
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
        legal = sorted(m.text for m in game.legal_moves())
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
    street = game.state.street
    assert Position.from_fen(fen, street).fen() == fen
    assert MakrukGame(fen, options).position.fen() == fen
    assert Position.from_fen(fen, street).key() == game.position.key()
    plain = game.position.fen(show_promoted=False)
    assert Position.from_fen(plain, street).fen(show_promoted=False) == plain


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
    assert listed["moves"] == sorted(m.text for m in game.legal_moves())
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
    assert first["status"] == api.status(game)
    assert first["legal_moves"] == sorted(m.text for m in game.legal_moves())


@st.composite
def games_with_counts(draw, max_plies: int = 80):
    """(options, [MakrukGame at every ply]) of a random game under random rule options, in
    which counting actions (count-start, count-stop, count-draw) are taken as well as moves."""
    start = draw(st.one_of(st.just(START_FEN), placements(), placements(cornered=True)))
    options = {o.name: draw(st.sampled_from(o.choices)) for o in OPTIONS}
    game = MakrukGame(start, options)
    seen = [copy.deepcopy(game)]
    for _ in range(draw(st.integers(0, max_plies))):
        moves, actions = sorted(m.text for m in game.legal_moves()), game.actions()
        if not moves and not actions:
            break
        if actions and (not moves or draw(st.integers(0, 4)) == 0):
            game.play(draw(st.sampled_from(actions)))
        else:
            game.play(moves[draw(st.integers(0, len(moves) - 1))])
        seen.append(copy.deepcopy(game))
    return options, seen


def without_start(status: dict) -> dict:
    """``status`` minus counting.start: the number a count began at, which no FEN carries (a bare
    Khun's captures since then cannot be seen; it reads back as pieces on the board + 1)."""
    return {**status, "counting": {k: v for k, v in status["counting"].items() if k != "start"}}


def shares_fen_with_pieces_honour(game: MakrukGame, options: dict) -> bool:
    """A bared counter that kept its board count (bareKingDuringBoardCount = defenderChooses, or
    piecesCountStart = claim) and pieces' honour with limit 64 write the same FEN fields; the
    reader takes pieces' honour once the ply allows it. The counter, the limit and the end
    agree; the kind, the start, the counting actions (stop, switch) differ, and so does the
    count on the ply where pieces' honour would just have begun (0, not the board count)."""
    pos = game.position
    return (pos.count_kind == "board" and pos.count_limit == 128 and keeps_board_count(options)
            and pos.is_bare(counter(pos)) and pos.count_ply >= 2 * pos.piece_count())


def readable(game: MakrukGame) -> dict:
    """The status of a game whose count shares its FEN with pieces' honour, as the FEN carries it."""
    status = api.status(game)
    hidden = ("start", "kind") if game.position.count_ply > 2 * game.position.piece_count() else \
        ("start", "kind", "count")
    return {**status, "counting": {k: v for k, v in status["counting"].items() if k not in hidden}}


HISTORY_REASONS = ("repetition", "shuttle", "counting")  # "counting": a claimed count draw (count-draw)


def state_moves(game: MakrukGame) -> list[str]:
    """The position's legal moves (whether or not the game has ended)."""
    return sorted(game.state.move(h).text for h in game.state.handles())


@pytest.mark.slow  # the inner loop (README, Tests) leaves it to the full run
@props(120)
@given(games_with_counts())
def test_every_fen_the_engine_writes_reads_back_and_plays_on_identically(case):
    options, seen = case
    for game in seen:
        fen = game.position_text()
        again = MakrukGame(fen, options)  # never refused
        assert again.position_text() == fen
        assert state_moves(again) == state_moves(game), fen
        assert again.state.outcome() == game.state.outcome(), fen
        if game.outcome() != again.outcome():  # only the history tells them apart
            assert again.outcome() is None and game.outcome().reason in HISTORY_REASONS, fen
            continue
        if shares_fen_with_pieces_honour(game, options):
            assert again.position.count_kind == "pieces", fen
            assert readable(again) == readable(game), fen
            continue
        assert again.actions() == game.actions(), fen
        assert without_start(api.status(again)) == without_start(api.status(game)), fen
        for move in [m.text for m in game.legal_moves()][:3]:
            one, two = copy.deepcopy(game), MakrukGame(fen, options)
            one.play(move)
            two.play(move)
            assert two.position_text() == one.position_text(), (fen, move)
            assert state_moves(two) == state_moves(one) and two.state.outcome() == one.state.outcome(), (fen, move)
            if two.outcome() == one.outcome():
                assert without_start(api.status(two)) == without_start(api.status(one)), (fen, move)


def _check_terminal_status(fen: str, options: dict) -> bool:
    """If ``fen`` has no legal move, its status must be mate exactly when in check.
    Returns whether it was terminal."""
    game = MakrukGame(fen, options)
    if game.position.legal_moves():
        return False
    status = api.status(game)
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


def nested(depth: int) -> list:
    """A list nested ``depth`` deep (deeper than Python's recursion limit when depth is large)."""
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


class Deep:
    """Stands for a list nested ``levels`` deep, built by :func:`build` in the test itself:
    hypothesis must never hold one (inside Pyodide that overflows the stack)."""

    def __init__(self, levels: int):
        self.levels = levels

    def __repr__(self) -> str:
        return f"Deep({self.levels})"


def build(value):
    """``value`` with every :class:`Deep` made into the nested list it stands for."""
    if isinstance(value, Deep):
        return nested(value.levels)
    if isinstance(value, list):
        return [build(v) for v in value]
    if isinstance(value, dict):
        return {k: build(v) for k, v in value.items()}
    return value


HUGE_INTS = st.one_of(st.sampled_from((10 ** 5000, -10 ** 5000, 10 ** 4301, 2 ** 64)), st.integers(10 ** 20, 10 ** 40))
DEEP = st.integers(100, 3000).map(Deep)  # deeper lists crash Pyodide when they are freed
FEN_HEADS = (START_FEN[:-1], START_FEN.replace("- 0", "- "), "8/8/8/4k3/8/8/R7/4K3 b - ")  # a number follows
HUGE_NUMBER_FEN = st.sampled_from(FEN_HEADS).flatmap(
    lambda head: st.integers(7, 6000).map(lambda digits: head + "9" * digits))
MOVE_LIKE = st.one_of(st.sampled_from(("a3a4", "e3e4", "b1c3", "e5e6m", "count-start", "count-stop",
                                       "count-draw", "a1a1", "e3e4m", "")), st.text(max_size=6), JSON, DEEP)
# Numeric fields mostly small: a deep search is bounded by its budget (made small in the test).
SMALL = st.one_of(st.integers(-2, 1), JSON_SCALARS, HUGE_INTS, DEEP)
BUDGET = st.one_of(st.integers(-2, 3000), JSON_SCALARS, HUGE_INTS, DEEP)


@st.composite
def near_valid_requests(draw) -> dict:
    request = {"op": draw(st.one_of(st.sampled_from(sorted(api.OPS)), st.text(max_size=6), JSON_SCALARS))}
    optional = {
        "game": st.one_of(st.just("makruk"), st.text(max_size=8), JSON_SCALARS),
        "position": st.one_of(fen_like(), st.text(max_size=30), JSON_SCALARS, HUGE_NUMBER_FEN, DEEP),
        "moves": st.one_of(st.lists(MOVE_LIKE, max_size=4), JSON, DEEP),
        "options": st.one_of(st.dictionaries(st.sampled_from(sorted(DEFAULTS) + ["nope"]),
                                             st.one_of(st.sampled_from(sorted({repr(c) for o in OPTIONS for c in o.choices})),
                                                       *(st.sampled_from(o.choices) for o in OPTIONS), JSON_SCALARS,
                                                       HUGE_INTS, DEEP),
                                             max_size=3), JSON, DEEP),
        "depth": SMALL, "mate_in": SMALL, "horizon": SMALL, "budget": BUDGET,
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


@contextlib.contextmanager
def small_default_budgets():
    """Requests without a ``budget`` get a small one: a search bounded at 10 s is still too slow here."""
    saved = budgets.DEFAULT_NODES, budgets.DEFAULT_PERFT_NODES
    budgets.DEFAULT_NODES, budgets.DEFAULT_PERFT_NODES = 3000, 3000
    try:
        yield
    finally:
        budgets.DEFAULT_NODES, budgets.DEFAULT_PERFT_NODES = saved


@props(300)
@given(st.one_of(JSON, near_valid_requests(), DEEP))
def test_json_door_answers_any_request(request):
    request = build(request)
    with small_default_budgets():
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
