"""The computer's weak levels (issue 21 §3): levels 1 and 2 develop, capture and threaten instead
of walking the Princess and the King back and forth; the same request gets the same reply."""

from functools import cache

import pytest

from engine.api import call
from engine.core.budget import without_time_limit
from engine.komayo import KomayoGame
from engine.options import resolve

OPENINGS = ((), ("c3c4",), ("g2e2",), ("e3e4", "e6e5"))  # the reader's first moves, as a sandbox sends them
PLIES = 24


@pytest.fixture(scope="module", autouse=True)
def levels_without_time_limits():
    """The levels' time limits are reached only on a slow or busy machine (then a reply may vary,
    by design); here every reply runs to its node budget, so the games are the same everywhere,
    inside Pyodide too."""
    with without_time_limit():
        yield


def bestmove(moves: list[str], level: int, position: str | None = None) -> str:
    request = {"op": "bestmove", "game": "komayo", "moves": moves, "level": level}
    if position:
        request["position"] = position
    reply = call(request)
    assert reply["ok"], reply
    return reply["move"]


@cache
def self_play(level: int, opening: tuple[str, ...], plies: int = PLIES) -> tuple[str, ...]:
    """The computer against itself from ``opening``, for ``plies`` plies or until the game ends
    (one game per level and opening for the whole module)."""
    moves = list(opening)
    while len(moves) < len(opening) + plies:
        reply = call({"op": "bestmove", "game": "komayo", "moves": moves, "level": level})
        if not reply["ok"] and reply["error"]["code"] == "GAME_OVER":
            break
        assert reply["ok"], reply
        moves.append(reply["move"])
    return tuple(moves)


def back_and_forth(moves: tuple[str, ...], first: int) -> list[tuple[str, str]]:
    """Each time, from ply ``first`` on, a piece goes back without capturing to the square its
    previous move came from: (that move, this move). Pieces are followed by square."""
    game = KomayoGame(KomayoGame.start_position, resolve(KomayoGame.options, {}))
    last: dict[str, str] = {}  # square -> the move that brought its piece there
    found = []
    for ply, text in enumerate(moves):
        move = next(m for m in game.legal_moves() if m.text == text)
        came = last.pop(move.from_square, None) if move.from_square else None
        last.pop(move.to_square, None)
        if came and ply >= first and not move.captures and came[:2] == move.to_square:
            found.append((came, text))
        last[move.to_square] = text
        game.play(text)
    return found


@pytest.mark.parametrize("level", [1, 2])
@pytest.mark.parametrize("opening", OPENINGS, ids=lambda o: " ".join(o) or "start")
def test_weak_levels_never_repeat_a_back_and_forth(level, opening):
    moves = self_play(level, opening)
    pairs = back_and_forth(moves, len(opening))
    squares = [frozenset((a[:2], a[2:4])) for a, _ in pairs]
    assert len(set(squares)) == len(squares), (pairs, moves)  # never the same back-and-forth twice
    for side in (0, 1):  # a threatened piece may step back now and then; nothing shuffles
        own = [pair for pair in pairs if moves.index(pair[1], len(opening)) % 2 == side]
        assert len(own) <= 2, (own, moves)


@pytest.mark.parametrize("level", [1, 2])
def test_weak_levels_develop_and_keep_the_king_home(level):
    moves = self_play(level, ())
    for side in (0, 1):
        own = moves[side:12:2]  # each side's first six moves
        pieces = {m[:2] for m in own if "*" not in m}
        assert len(pieces) >= 4, own  # several pieces come out, not one piece wandering
        king = "e1" if side == 0 else "e8"
        assert not any(m.startswith(king) for m in own), own  # the king stays home in the opening


@pytest.mark.parametrize("level", [1, 2])
@pytest.mark.parametrize("position, capture", [
    ("4k3/8/8/3r4/8/8/3R4/4K3 b - 1", "d2d5"),  # an undefended rook on the file: take it
    ("4k3/8/8/8/8/2b5/8/1I2K3 b - 1", "b1c3"),  # the Princess's leap takes a bishop
])
def test_weak_levels_take_a_free_piece(level, position, capture):
    assert bestmove([], level, position) in (capture, capture + "+")


def test_the_same_request_gets_the_same_reply():
    for level in (1, 2):  # a fresh game of 8 plies against the first 8 of the module's game
        assert self_play(level, ("c3c4",), 8) == self_play(level, ("c3c4",))[:9]
