"""The search plays by the game's options (a State binds them): every move it calls winning is
confirmed by playing the game itself, under every value of every Makruk option.

Positions are seeded random set-ups where the options matter: a Khun hunted on the edge, on its
home square (the street leap), next to its unmoved Met, and with counts running (the counter's
own mate, a count about to run out). The confirmation plays the moves with MakrukGame (history
rules included) and searches by brute force, without the solver: the key, then every reply,
then a mating move."""

from __future__ import annotations

import random
import sys

import pytest
from mk_helpers import new_game

from engine.api import call
from engine.core.budget import unlimited
from engine.core.search import MateSolver, text_of
from engine.errors import EngineError
from engine.makruk import MakrukGame
from engine.makruk.counting import pieces_limit
from engine.makruk.options import OPTIONS
from engine.makruk.position import BLACK, WHITE, Position

OPTION_SETS = [{}] + [{o.name: value} for o in OPTIONS for value in o.choices if value != o.default]
POSITIONS_PER_SET = 40
DEPTH = 2
#: Positions whose chosen defence is checked under each option set. The check below ranks every
#: defence by brute force in plain Python (the test's own code, not the engine's), nine tenths of
#: this module's time; inside Pyodide (tests/pyodide, about three times slower) the first 2 of the
#: same 8 positions are checked under every option set, 6 defences each: CPython checks all 8.
DEFENCE_POSITIONS = 2 if sys.platform == "emscripten" else 8


def option_id(options: dict) -> str:
    return ",".join(f"{k}={v}" for k, v in options.items()) or "defaults"


# --------------------------------------------------------------------------- positions
def _place(rng: random.Random, board: list, piece: str, squares: list[int]) -> None:
    free = [sq for sq in squares if board[sq] is None]
    board[rng.choice(free)] = piece


def _near(square: int, distance: int) -> list[int]:
    return [sq for sq in range(64) if max(abs((sq & 7) - (square & 7)), abs((sq >> 3) - (square >> 3))) <= distance]


def random_position(rng: random.Random) -> str | None:
    """A legal FEN with the attacker to move (None when the draw gave an impossible one)."""
    attacker = rng.choice((WHITE, BLACK))
    defender = BLACK if attacker == WHITE else WHITE
    kind = rng.choice(("edge", "home", "home", "board count", "pieces count"))
    board: list = [None] * 64
    home = 60 if defender == BLACK else 3  # e8 / d1
    if kind == "home":
        king = home
        if rng.random() < 0.6:
            board[59 if defender == BLACK else 4] = "m" if defender == BLACK else "M"  # the Met at home
    else:
        king = rng.choice([sq for sq in range(64) if sq >> 3 in (0, 7) or sq & 7 in (0, 7)])
    board[king] = "k" if defender == BLACK else "K"
    own = str.upper if attacker == WHITE else str.lower
    _place(rng, board, own("K"), [sq for sq in _near(king, 2) if sq not in _near(king, 1)])
    _place(rng, board, own("R"), list(range(64)))
    for _ in range(rng.randint(0, 2)):
        _place(rng, board, own(rng.choice("RSNMF")), _near(king, 3))
    if kind == "board count" or rng.random() < 0.2:
        theirs = str.lower if attacker == WHITE else str.upper
        _place(rng, board, theirs(rng.choice("SNMF")), list(range(64)))
    pos = Position()
    pos.board, pos.turn = board, attacker
    fen = pos.fen()
    try:
        pos = Position.from_fen(fen)
    except EngineError:
        return None
    head = " ".join(fen.split()[:3])
    if kind == "board count" and not pos.is_bare(defender):
        return f"{head} 128 {rng.choice((0, 2, 124, 126))} 30"  # the attacker counts (even ply, to move)
    if kind == "pieces count" and pos.is_bare(defender):
        limit = pieces_limit(pos, attacker, "fsf")
        return f"{head} {2 * limit} {2 * limit - rng.choice((1, 3))} 40"  # the bare Khun counts
    return fen


def positions_for(options: dict, seed: int) -> list[MakrukGame]:
    rng, games = random.Random(seed), []
    while len(games) < POSITIONS_PER_SET:
        fen = random_position(rng)
        if fen is None:
            continue
        try:
            game = new_game(fen, **options)
        except EngineError:
            continue
        if game.outcome() is None:
            games.append(game)
    return games


# --------------------------------------------------------------------------- brute force
def after(game: MakrukGame, move: str) -> MakrukGame:
    nxt = game.copy()
    nxt.play(move)
    return nxt


def wins_within(game: MakrukGame, n: int, attacker: str) -> bool:
    """Can ``attacker`` (to move) win within ``n`` of its moves, playing the game itself?"""
    return any(won_after(after(game, m.text), n, attacker) for m in game.legal_moves())


def won_after(game: MakrukGame, n: int, attacker: str) -> bool:
    """After an attacker move: did it win, or does every defence lose within ``n - 1`` more moves?"""
    ended = game.outcome()
    if ended is not None:
        return ended.winner == attacker
    if n <= 1 or "count-draw" in game.actions():  # the defender may claim a count that ran out
        return False
    for move in game.legal_moves():
        reply = after(game, move.text)
        if reply.outcome() is not None or not wins_within(reply, n - 1, attacker):
            return False
    return True


def shortest_win(game: MakrukGame, attacker: str, limit: int) -> int | None:
    return next((n for n in range(1, limit + 1) if wins_within(game, n, attacker)), None)


# --------------------------------------------------------------------------- tests
SEEN: dict[str, set] = {}


@pytest.mark.parametrize("options", OPTION_SETS, ids=option_id)
def test_every_move_the_search_calls_winning_wins_when_played(options):
    confirmed = 0
    for index, game in enumerate(positions_for(options, seed=11)):
        state = game.state
        winning = MateSolver(unlimited()).winning_moves(state, DEPTH)
        keys = {text_of(state, h): k for h, k in winning.items()}
        for key, length in keys.items():
            assert won_after(after(game, key), length, state.turn), (game.position_text(), options, key)
            assert length == 1 or not won_after(after(game, key), length - 1, state.turn), (key, length)
            confirmed += 1
        reply = call({"op": "mate", "game": "makruk", "position": game.position_text(), "mate_in": DEPTH,
                      "options": options})
        assert reply["keys"] == dict(sorted(keys.items())), (game.position_text(), options)
        SEEN.setdefault(option_id(options), set()).add((index, tuple(sorted(keys))))
    assert confirmed >= 8, f"too few winning moves to check under {options}"


def defence_rank(defence: MakrukGame, move: str, attacker: str) -> tuple[int, int]:
    """How well ``move`` defends, as the search ranks it: (3 wins, 2 draws at once, 1 no loss
    within the horizon, 0 loses, -1 loses at once; then the longer the loss, the better)."""
    later = after(defence, move)
    ended = later.outcome()
    if ended is not None:
        return (2, 0) if ended.winner is None else (3, 0) if ended.winner != attacker else (-1, 0)
    distance = shortest_win(later, attacker, DEPTH)
    return (1, 0) if distance is None else (0, distance)


@pytest.mark.parametrize("options", OPTION_SETS, ids=option_id)
def test_the_defence_the_search_chooses_holds_out_longest_when_played(options):
    checked = 0
    for game in positions_for(options, seed=12)[:DEFENCE_POSITIONS]:
        attacker = game.state.turn
        for move in [m.text for m in game.legal_moves()][:3]:
            defence = after(game, move)
            if defence.outcome() is not None:
                continue
            reply = call({"op": "defend", "game": "makruk", "position": defence.position_text(), "horizon": DEPTH,
                          "options": options})
            assert reply["ok"], reply
            ranks = {m.text: defence_rank(defence, m.text, attacker) for m in defence.legal_moves()}
            chosen = ranks[reply["move"]]
            assert chosen == max(ranks.values()), (defence.position_text(), options, reply, ranks)
            assert reply["mate_in"] == (chosen[1] if chosen[0] == 0 else None), (reply, ranks)
            checked += 1
    assert checked >= min(12, 3 * DEFENCE_POSITIONS)  # every defence of the first positions counts


def test_the_options_change_what_the_search_finds():
    """Guard for the two tests above: under these options some positions have other winning keys."""
    if len(SEEN) < len(OPTION_SETS):
        pytest.fail("run the whole module: this test compares the results of the first one")
    default = SEEN["defaults"]
    for name in ("kingKnightLeap=True", "mateWhileCounting=win"):
        assert SEEN[name] != default, f"{name} never changed a winning key: the positions do not test it"


@pytest.mark.parametrize("fen, mate_in, options, mate_without, mate_with", [
    # After d5f5 the Khun on e8 has only d8 and is mated on the 8th rank; the street leap to g7 escapes.
    ("4k3/8/3K4/3R4/8/8/8/8 w - - 0 1", 2, {"kingKnightLeap": True}, {"d5f5": 2}, {}),
    # The unmoved Met d8 leaps over its Khun to d6 and blocks the check.
    ("3m4/1K1k4/8/8/8/2R5/4R3/8 w - - 0 1", 1, {"metDoubleStep": True}, {"c3d3": 1}, {}),
    # The counter's own mate is a draw by default, a win with the option.
    ("k7/8/1K6/8/8/8/s7/7R w - 128 10 1", 1, {"mateWhileCounting": "win"}, {}, {"h1h8": 1}),
])
def test_options_that_decide_a_mate(fen, mate_in, options, mate_without, mate_with):
    request = {"op": "mate", "game": "makruk", "position": fen, "mate_in": mate_in}
    assert call(request)["keys"] == mate_without
    assert call({**request, "options": options})["keys"] == mate_with
