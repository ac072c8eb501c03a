"""The generic search on Mak-hot: forced wins ("win in N") checked against a brute-force minimax
over makhos_brute.py, best defence, the computer's move, and what the state tells the search."""

from __future__ import annotations

import makhos_brute as brute
import pytest
from makhos_helpers import DEFAULTS, game

from engine.api import call

# Small endings with a forced win in 2 or 3 (found with the engine, proven below by brute force).
WINS = [("W:WKg1,c7:Bb2", 3), ("W:Wc1,c7:Bd4", 2), ("B:Wf2:Bb4,f4,b6", 2), ("B:WKd2,a3:BKe1,Ka7", 2),
        ("W:WKd2,e5,f6:Bc7", 3)]


def other(side: str) -> str:
    return "b" if side == "w" else "w"


def wins_after(board: dict, defender: str, n: int) -> bool:
    """After the attacker's move, does the defender (to move) lose within n - 1 more attacker moves?"""
    replies = brute.legal(board, defender, DEFAULTS)
    if not replies:
        return True
    return n > 1 and all(attacker_wins(after, other(defender), n - 1) for after in replies.values())


def attacker_wins(board: dict, side: str, n: int) -> bool:
    return any(wins_after(after, other(side), n) for after in brute.legal(board, side, DEFAULTS).values())


def brute_keys(text: str, n: int) -> dict[str, int]:
    board, side = brute.parse(text)
    keys = {}
    for move, after in brute.legal(board, side, DEFAULTS).items():
        length = next((k for k in range(1, n + 1) if wins_after(after, other(side), k)), None)
        if length is not None:
            keys[move] = length
    return dict(sorted(keys.items()))


@pytest.mark.parametrize("position, n", WINS)
def test_win_in_n_and_every_key_match_a_brute_force_minimax(position, n):
    reply = call({"op": "mate", "game": "makhos", "position": position, "mate_in": n, "budget": 1_000_000})
    assert reply["ok"], reply
    expected = brute_keys(position, n)
    assert reply["keys"] == expected
    assert reply["shortest"] == min(expected.values())


def test_a_capture_of_the_last_piece_is_a_win_in_one():
    reply = call({"op": "mate", "game": "makhos", "position": "W:Wc3,h2:Bd4,b8", "mate_in": 1})
    assert reply == {"ok": True, "shortest": None, "keys": {}}
    assert call({"op": "mate", "game": "makhos", "position": "W:Wc3:Bd4", "mate_in": 1})["keys"] == {"c3xe5": 1}


def test_best_defence_holds_out_longest():
    reply = call({"op": "defend", "game": "makhos", "position": "W:WKg1,c7:Bb2", "moves": ["c7-b8"],
                  "horizon": 3})
    assert reply["ok"], reply
    assert reply["move"] in {"b2-a1", "b2-c1"} and reply["mate_in"] == 2


@pytest.mark.parametrize("level", [1, 2, 3])
def test_the_computer_plays_a_legal_move_and_takes_when_it_must(level):
    reply = call({"op": "bestmove", "game": "makhos", "level": level})
    assert reply["ok"] and reply["move"] in call({"op": "legal_moves", "game": "makhos"})["moves"]
    forced = call({"op": "bestmove", "game": "makhos", "position": "W:Wc3,a1:Bd4,f6,h8", "level": level})
    assert forced["move"] == "c3xe5xg7"


def test_the_strongest_computer_level_takes_a_win_in_one():
    reply = call({"op": "bestmove", "game": "makhos", "position": "W:Wc3,a1:Bd4", "level": 3})
    assert reply["move"] == "c3xe5"


def test_forcing_order_puts_wins_first_and_keeps_only_them_on_the_last_move():
    state = game("W:WKd2,e5,f6:Bc7").state
    winners = [state.move(h).text for h in state.forcing_order(state.handles(), last=True)]
    for handle in state.handles():
        ended = state.child(handle).outcome()
        assert (state.move(handle).text in winners) == (ended is not None and ended.winner == "white")
    everything = state.forcing_order(state.handles(), last=False)
    assert sorted(everything) == sorted(state.handles())
    assert [state.move(h).text for h in everything[:len(winners)]] == winners


def test_evaluation_is_material_for_the_side_to_move():
    assert game("W:Wa1,c1,Ke3:Bb8").state.evaluate() == 1 + 1 + 3 - 1
    assert game("B:Wa1,c1,Ke3:Bb8").state.evaluate() == -(1 + 1 + 3 - 1)


def test_captures_and_crowning_are_noisy_and_steps_are_quiet():
    state = game("W:Wc3,b6:Bd4,c7,h8").state
    noisy = {state.move(h).text: state.is_noisy(h) for h in state.handles()}
    assert noisy == {"c3xe5": True, "b6xd8": True}
    quiet = game("W:Wc7,a3:Bh4").state
    assert {quiet.move(h).text: quiet.is_noisy(h) for h in quiet.handles()} == {
        "c7-b8": True, "c7-d8": True, "a3-b4": False}
