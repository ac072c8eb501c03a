"""Tsume ("the capture of the king cannot be avoided within N moves, drops included") through the
generic solver, checked against the test-only brute-force search; best defence; the computer."""

import random

import brute_force
import pytest
from komayo_helpers import game_of, random_game

from engine.api import call
from engine.core.budget import unlimited, without_time_limit
from engine.core.search import MateSolver
from engine.komayo import KomayoState

MATE_IN_1 = "4k3/8/8/8/8/8/4R3/4K3 b - 1"
MATE_IN_2_DROP = "4k3/3l4/+p7/2B1+P3/8/8/8/4K3 b +PL 1"  # drop the promoted pawn
MATE_IN_3_PRINCESS = "4k3/+s2s4/1S6/4I3/8/8/8/4K3 b NBs 1"  # the Princess leaps e5-f6 and promotes
MATE_IN_3 = "3k4/1+s5+P/2l5/1+R6/8/8/8/4K3 b +PLp 1"


def mate(position: str, n: int) -> dict:
    # Build-time-sized proofs: inside Pyodide on a busy machine they may take longer than the door's time limit.
    with without_time_limit():
        reply = call({"op": "mate", "game": "komayo", "position": position, "mate_in": n, "budget": 5_000_000})
    assert reply["ok"], reply
    return reply


def test_mate_in_one_keys_are_the_king_captures():
    assert mate(MATE_IN_1, 1) == {"ok": True, "shortest": 1, "keys": {"e2e8": 1, "e2e8+": 1}}
    assert brute_force.winning_keys(brute_force.parse(MATE_IN_1), 1) == ["e2e8", "e2e8+"]


def test_mate_in_two_with_a_drop_has_exactly_the_brute_force_keys():
    reply = mate(MATE_IN_2_DROP, 2)
    assert reply["shortest"] == 2 and reply["keys"] == {"+P*e7": 2}
    assert brute_force.winning_keys(brute_force.parse(MATE_IN_2_DROP), 2) == ["+P*e7"]
    assert mate(MATE_IN_2_DROP, 1)["shortest"] is None


@pytest.mark.parametrize("position, keys", [(MATE_IN_3_PRINCESS, {"e5f6+": 3}), (MATE_IN_3, {"b5b7": 3})])
def test_five_ply_tsume(position, keys):
    reply = mate(position, 3)
    assert reply["shortest"] == 3 and reply["keys"] == keys
    assert mate(position, 2)["shortest"] is None


def test_the_princess_key_wins_against_every_defence_by_brute_force():
    position = brute_force.parse(MATE_IN_3_PRINCESS)
    assert brute_force.winning_move(position, "e5f6+", 3)
    assert not brute_force.winning_move(position, "e5f6+", 2)


def test_the_best_defence_holds_out_longest():
    after = call({"op": "play", "game": "komayo", "position": MATE_IN_3, "moves": ["b5b7"]})["position"]
    reply = call({"op": "defend", "game": "komayo", "position": after, "horizon": 2, "budget": 5_000_000})
    assert reply["ok"] and reply["mate_in"] == 2
    assert reply["move"] in call({"op": "legal_moves", "game": "komayo", "position": after})["moves"]


class PlainState(KomayoState):
    """Komayo's state with the protocol's default move order: every move is tried, in generation order."""

    __slots__ = ()

    def child(self, handle):
        nxt = self.pos.copy()
        nxt.push(handle)
        return PlainState(nxt, self.rules, self.move_rules)

    def forcing_order(self, handles, last):
        return list(handles)


def test_the_last_move_order_prunes_no_win():
    """The solver finds the same wins and keys whether or not Komayo's forcing order prunes the last move."""
    rng, compared = random.Random(5), 0
    for seed in range(60):
        game = random_game(random.Random(seed), rng.randrange(10, 60))
        if game.outcome() is not None:
            continue
        state, plain = game.state, PlainState(game.position.copy(), game.rules)
        fast, slow = MateSolver(unlimited()), MateSolver(unlimited())
        assert fast.shortest_win(state, 2) == slow.shortest_win(plain, 2), game.position_text()
        assert sorted(fast.winning_moves(state, 2).items()) == sorted(slow.winning_moves(plain, 2).items())
        compared += 1
    assert compared >= 40


@pytest.mark.parametrize("level", [1, 2, 3])
def test_the_computer_plays_legal_moves_and_takes_the_king(level):
    request = {"op": "bestmove", "game": "komayo", "level": level}
    assert call(request)["move"] in call({"op": "legal_moves", "game": "komayo"})["moves"]
    assert call({**request, "position": MATE_IN_1})["move"] in ("e2e8", "e2e8+")


def test_leaving_a_walled_in_king_without_a_move_wins_on_the_last_move():
    """A-K8 in the search: Gote's king is walled in by its own blocked pieces; capturing Gote's only
    mobile piece leaves it no move at all, and that wins although no king is captured."""
    position = "4R2K/8/8/4p3/8/8/pppppppp/k+p+p+p+p+p+p+p b - 1"
    game = game_of(position)
    keys = {game.state.move(h).text for h in MateSolver(unlimited()).winning_moves(game.state, 1)}
    assert keys == set(brute_force.winning_keys(brute_force.parse(position), 1)) == {"e8e5", "e8e5+"}
