"""The contract every registered game keeps, checked through the protocol and the JSON door.

Each game brings its data in tests/engine/<id>/contract_data.py (sample positions, option sets,
one request per error code it can produce, the codes it never produces); a registered game
without that file fails here. Board games (a Game class in their spec) also keep: position
text that reads back and plays on identically, ``legal`` objects that match the move strings
and play, and perft that equals the sum of legal-move counts through the protocol.
"""

from __future__ import annotations

import copy
import importlib.util
import random
import sys
from pathlib import Path

import pytest
from door_checks import assert_error_shape, error_of

from engine import api
from engine.api import call
from engine.core import computer
from engine.core.budget import unlimited
from engine.core.protocol import GameSpec, perft
from engine.errors import CODES, INTERNAL, UNKNOWN_GAME, UNSUPPORTED_OP
from engine.options import resolve
from engine.registry import GAMES

ENGINE_TESTS = Path(__file__).resolve().parents[1]
BOARD_GAMES = sorted(game for game, spec in GAMES.items() if spec.game is not None)
PLAYOUT_PLIES = 30
CONTINUATION_PLIES = 4


def contract_data(game: str):
    """tests/engine/<game>/contract_data.py, loaded by path (every game has one of that name)."""
    path = ENGINE_TESTS / game / "contract_data.py"
    assert path.is_file(), f"the registered game {game!r} has no {path.relative_to(ENGINE_TESTS.parents[1])}"
    module_spec = importlib.util.spec_from_file_location(f"contract_data_{game}", path)
    module = importlib.util.module_from_spec(module_spec)
    module_spec.loader.exec_module(module)
    return module


def new_game(spec: GameSpec, position: str, options: dict):
    return spec.game(position, resolve(spec.options, options))


def history_free(game) -> tuple:
    """What a game's position text must carry: the text, the legal moves, the outcome without history."""
    state = game.state
    return game.position_text(), sorted(state.move(h).text for h in state.handles()), state.outcome(), \
        game.view()["board"]


def choices(game) -> list[str]:
    return sorted(m.text for m in game.legal_moves()) + sorted(game.actions())


def playouts(game_id: str, seed: int = 0):
    """(options, game) at every ply of seeded random games from every sample position under every option set."""
    data, spec = contract_data(game_id), GAMES[game_id]
    rng = random.Random(seed)
    for options in data.OPTION_SETS:
        for position in data.SAMPLE_POSITIONS:
            game = new_game(spec, position, options)
            for _ in range(PLAYOUT_PLIES):
                yield options, game
                moves = choices(game)
                if not moves:
                    break
                actions = sorted(game.actions())
                game.play(rng.choice(actions) if actions and rng.random() < 0.2 else rng.choice(moves))


# --------------------------------------------------------------------------- every game
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_registered_game_has_contract_data(game):
    data = contract_data(game)
    assert set(data.ERROR_REQUESTS) | set(data.NOT_PRODUCED) | {UNKNOWN_GAME, INTERNAL} == set(CODES), \
        "every error code is either produced (with a request) or explained"
    assert not set(data.ERROR_REQUESTS) & set(data.NOT_PRODUCED)
    assert INTERNAL not in data.ERROR_REQUESTS


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_error_code_the_game_produces_is_reachable(game):
    for code, request in contract_data(game).ERROR_REQUESTS.items():
        error = error_of({**request, "game": game})
        assert error["code"] == code, (code, request, error)


@pytest.mark.parametrize("game", sorted(game for game, spec in GAMES.items() if "prove" in spec.ops))
def test_a_game_that_proves_says_why_not_with_a_reason_and_the_field(game):
    """NOT_PROVEN, whatever the game's tasks, carries a stable ``reason`` and the request field at fault."""
    error = error_of({**contract_data(game).ERROR_REQUESTS["NOT_PROVEN"], "game": game})
    assert error["code"] == "NOT_PROVEN" and error["reason"] and error["field"], error


def test_unknown_game_is_an_error_of_the_door():
    error = error_of({"op": "play", "game": "no-such-game"})
    assert error["code"] == UNKNOWN_GAME and all(game in error["message"] for game in GAMES)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_games_op_lists_sides_and_ops_and_other_ops_are_unsupported(game):
    listed = next(g for g in call({"op": "games"})["games"] if g["id"] == game)
    spec = GAMES[game]
    assert listed["sides"] == list(spec.sides) and all(isinstance(s, str) and s for s in listed["sides"])
    assert listed["ops"] == list(spec.ops) and set(spec.ops) <= set(api.OPS)
    assert listed["name"] and listed["name_th"]
    for op in sorted(set(api.OPS) - set(spec.ops) - {"games"}):
        assert error_of({"op": op, "game": game})["code"] == UNSUPPORTED_OP
    assert (UNSUPPORTED_OP in contract_data(game).ERROR_REQUESTS) == bool(set(api.OPS) - set(spec.ops) - {"games"})


def test_an_op_outside_a_games_ops_answers_unsupported_op(monkeypatch):
    """The mechanism, with a registry entry that answers fewer ops than the door has."""
    makruk = GAMES["makruk"]
    monkeypatch.setitem(GAMES, "short", GameSpec("short", "Short", "สั้น", makruk.sides, ("start", "play"),
                                                  makruk.options, makruk.game))
    error = error_of({"op": "mate", "game": "short", "mate_in": 1})
    assert error["code"] == UNSUPPORTED_OP and error["field"] == "op" and "start, play" in error["message"]
    assert call({"op": "play", "game": "short"})["ok"]


# --------------------------------------------------------------------------- board games
@pytest.mark.parametrize("game", BOARD_GAMES)
def test_position_text_reads_back_and_plays_on_identically(game):
    spec, rng, checked = GAMES[game], random.Random(1), 0
    for options, original in playouts(game):
        text = original.position_text()
        again = new_game(spec, text, options)
        assert history_free(again) == history_free(original), text
        if original.outcome() == again.outcome():
            assert again.actions() == original.actions(), text
        else:  # only a rule that needs the history (repetition, a claim) may tell them apart
            assert original.state.outcome() == again.state.outcome(), text
        if original.outcome() is not None:
            continue
        ahead = copy.deepcopy(original)
        for _ in range(CONTINUATION_PLIES):
            moves = choices(again)
            if not moves or ahead.outcome() is not None:
                break
            move = rng.choice(moves)
            ahead.play(move)
            again.play(move)
            assert history_free(again) == history_free(ahead), (text, move)
        checked += 1
    assert checked >= 100


@pytest.mark.parametrize("game", BOARD_GAMES)
def test_every_legal_object_matches_a_move_string_and_plays(game):
    data, checked = contract_data(game), 0
    for index, (options, original) in enumerate(playouts(game, seed=2)):
        if index % 7:
            continue
        request = {"op": "play", "game": game, "position": original.position_text(), "options": options}
        reply = call(request)
        assert reply["ok"], reply
        assert [m["move"] for m in reply["legal"]] == reply["legal_moves"]
        assert call({**request, "op": "legal_moves"})["moves"] == reply["legal_moves"]
        for legal in reply["legal"]:
            assert set(legal) == {"move", "from", "to", "path", "captures", "drop", "promotion", "privilege", "words"}
            assert legal["path"] and legal["path"][-1] == legal["to"]
            assert (legal["from"] is None) == (legal["drop"] is not None)
            assert set(legal["words"]) == {"th", "en"} and all(legal["words"].values())
            after = call({**request, "moves": [legal["move"]]})
            assert after["ok"] and after["last_move"] == legal["move"], after
            assert after["last_move_words"] == legal["words"], "the last move is said as it was offered"
            checked += 1
    assert checked >= 200, checked
    assert data.SAMPLE_POSITIONS


@pytest.mark.parametrize("game", BOARD_GAMES)
def test_perft_is_the_sum_of_legal_move_counts_through_the_protocol(game):
    data, spec = contract_data(game), GAMES[game]
    for options in data.OPTION_SETS:
        for position in data.SAMPLE_POSITIONS:
            state = new_game(spec, position, options).state
            request = {"op": "perft", "game": game, "position": position, "options": options}
            assert call({**request, "depth": 1})["nodes"] == len(state.handles())
            by_children = sum(len(state.child(h).handles()) for h in state.handles())
            assert call({**request, "depth": 2})["nodes"] == by_children, position
            by_grandchildren = sum(perft(state.child(h), 2, unlimited()) for h in state.handles())
            assert call({**request, "depth": 3})["nodes"] == by_grandchildren, position


@pytest.mark.parametrize("game", BOARD_GAMES)
def test_replies_of_every_op_have_the_door_shape(game):
    """Every op answers with ``ok`` and JSON; errors carry both messages."""
    data = contract_data(game)
    for op in GAMES[game].ops:
        reply = call({"op": op, "game": game, "position": data.SAMPLE_POSITIONS[-1], "depth": 1, "mate_in": 1,
                      "horizon": 1})
        assert isinstance(reply["ok"], bool)
        if not reply["ok"]:
            assert_error_shape(reply["error"])


BESTMOVE_BUDGET = 1500  # nodes: every level's own search, cut short so the test stays quick
#: Every how many play-out positions the bestmove check asks each level (inside Pyodide, 2.4x
#: slower, a third as many: the same check on fewer positions).
BESTMOVE_EVERY = 15 if sys.platform == "emscripten" else 5


@pytest.mark.slow  # the inner loop (README, Tests) leaves it to the full run
@pytest.mark.parametrize("game", BOARD_GAMES)
def test_bestmove_is_always_a_legal_move_or_action_within_its_budget(game):
    """At every level, under every option set, from positions all over seeded random games."""
    checked = set()
    for index, (options, original) in enumerate(playouts(game, seed=3)):
        if index % BESTMOVE_EVERY or original.outcome() is not None:
            continue
        request = {"op": "bestmove", "game": game, "position": original.position_text(), "options": options,
                   "budget": BESTMOVE_BUDGET}
        for level in sorted(computer.LEVELS):
            reply = call({**request, "level": level})
            assert reply["ok"], reply
            assert reply["move"] in choices(original), (request, reply)
            assert reply["level"] == level and 0 <= reply["nodes"] <= BESTMOVE_BUDGET
            assert set(reply["words"]) == {"th", "en"} and all(reply["words"].values())
            checked.add(level)
    assert checked == set(computer.LEVELS)


@pytest.mark.parametrize("game", BOARD_GAMES)
def test_bestmove_on_a_finished_game_is_game_over(game):
    """The game's own GAME_OVER request (a finished game), asked for the computer's move."""
    finished = contract_data(game).ERROR_REQUESTS["GAME_OVER"]
    assert error_of({**finished, "game": game, "op": "bestmove"})["code"] == "GAME_OVER"
