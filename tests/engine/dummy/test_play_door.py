"""Dummy play through the JSON door (``engine.api.call``): deal, play, view and bestmove as
dummy-play.md writes them, and bad input (out of turn, unknown or duplicated cards, malformed
action lists and STATEs): an error code with Thai and English words, the state unchanged."""

from __future__ import annotations

import copy
import json
import types

import pytest
from door_checks import error_of
from dplay import random_hand, state_with

import engine.dummy
from engine.api import call
from engine.dummy import play


def ok(request: dict) -> dict:
    reply = call({"game": "dummy", **request})
    assert reply["ok"] is True, reply
    json.dumps(reply)
    return reply


def failing(request: dict) -> dict:
    return error_of({"game": "dummy", **request})


def test_deal_from_an_explicit_deck_and_from_a_seed():
    deck = play.shuffled(7)
    state = ok({"op": "deal", "deck": deck, "dealer": "P2", "level": "thep"})["state"]
    assert state["dealer"] == "P2" and state["turn"] == "P3" and state["level"] == "thep"
    assert state["head"] == deck[28] and state["stock"] == deck[29:] and "tie_break" not in state
    seeded = ok({"op": "deal", "seed": 42})["state"]
    assert seeded == ok({"op": "deal", "seed": 42})["state"] and seeded["level"] == "sian"
    assert seeded["tie_break"]["next_head"] and len(seeded["tie_break"]["high_cards"]) == 4


@pytest.mark.parametrize("request_, code, field", [
    ({"op": "deal"}, "BAD_REQUEST", "deck"),
    ({"op": "deal", "deck": ["AS"] * 52}, "BAD_POSITION", "deck[1]"),
    ({"op": "deal", "deck": play.shuffled(1)[:51]}, "BAD_POSITION", "deck"),
    ({"op": "deal", "deck": ["ZZ"] + play.shuffled(1)[1:]}, "BAD_POSITION", "deck[0]"),
    ({"op": "deal", "seed": 1, "dealer": "P9"}, "BAD_POSITION", "dealer"),
    ({"op": "deal", "seed": 1, "level": "pro"}, "BAD_POSITION", "level"),
    ({"op": "deal", "seed": "x"}, "BAD_TYPE", "seed"),
])
def test_bad_deals(request_, code, field):
    error = failing(request_)
    assert error["code"] == code and error["field"] == field


def test_play_reply_shape_and_legal_list():
    state = ok({"op": "deal", "seed": 3})["state"]
    reply = ok({"op": "play", "position": state, "moves": ["draw"]})
    assert list(reply) == ["ok", "position", "turn", "phase", "legal", "status", "last_move"]
    assert reply["turn"] == "P2" and reply["phase"] == "play" and reply["last_move"] == "draw"
    assert reply["status"] == {"result": "ongoing", "reason": None}
    assert reply["legal"] == play.legal(reply["position"]) and reply["legal"] == sorted(reply["legal"])
    assert ok({"op": "play", "position": state, "moves": []})["legal"][0].startswith(("collect", "draw"))


def test_play_to_the_end_gives_the_table_and_its_settlement():
    final, actions = random_hand(21, knock_bias=0.9)
    start = play.deal(seed=21, dealer=final["dealer"])
    reply = ok({"op": "play", "position": start, "moves": actions})
    assert reply["position"] == final and reply["phase"] == "ended" and reply["legal"] == []
    assert reply["status"]["result"] == "ended" and reply["status"]["reason"] in ("knock", "stock_out")
    assert reply["table"] == play.table_of(final)
    settled = ok({"op": "settle", "table": reply["table"]})
    assert reply["settlement"] == {k: v for k, v in settled.items() if k != "ok"}


def test_a_tie_without_tie_break_is_pending_a_d42():
    from test_play_table import stock_out_state
    reply = ok({"op": "play", "position": stock_out_state(), "moves": ["pass"]})
    assert reply["settlement"] is None and reply["pending"] == "tie_break" and reply["status"]["reason"] == "stock_out"


def test_refusal_shape_field_and_the_state_unchanged():
    state = ok({"op": "deal", "seed": 5})["state"]
    before = copy.deepcopy(state)
    error = failing({"op": "play", "position": state, "moves": ["draw", "draw"]})
    assert error["code"] == "ILLEGAL_MOVE" and error["reason"] == "already_took" and error["rule"] == "§22"
    assert error["field"] == "moves[1]" and "§22" in error["message"] and "ข้อ 22" in error["message_th"]
    assert state == before


def test_out_of_turn_with_seat():
    state = ok({"op": "deal", "seed": 5, "dealer": "P1"})["state"]
    error = failing({"op": "play", "position": state, "moves": ["draw"], "seat": "P3"})
    assert (error["reason"], error["field"]) == ("not_your_turn", "moves[0]")
    after = ok({"op": "play", "position": state, "moves": ["draw"], "seat": "P2"})
    discard = next(a for a in after["legal"] if a.startswith("discard"))
    error = failing({"op": "play", "position": state, "moves": ["draw", discard, "knock 2S"], "seat": "P2"})
    assert (error["reason"], error["rule"], error["field"]) == ("not_your_turn", "§48", "moves[2]")


@pytest.mark.parametrize("moves, code, reason", [
    ("draw", "BAD_TYPE", None),
    ([["draw"]], "ILLEGAL_MOVE", "bad_action"),
    (["discard QQ"], "ILLEGAL_MOVE", "bad_action"),
    (["draw ; draw"], "ILLEGAL_MOVE", "bad_action"),
])
def test_malformed_action_lists(moves, code, reason):
    state = ok({"op": "deal", "seed": 5})["state"]
    error = failing({"op": "play", "position": state, "moves": moves})
    assert error["code"] == code and error.get("reason") == reason


def _broken(edit) -> dict:
    state = play.deal(seed=9)
    edit(state)
    return state


@pytest.mark.parametrize("edit, field", [
    (lambda s: s["players"][0]["hand"].__setitem__(0, "1Z"), "players[0].hand[0]"),
    (lambda s: s["players"][0]["hand"].__setitem__(0, s["players"][1]["hand"][0]), "players[1].hand[0]"),
    (lambda s: s["stock"].pop(), "position"),
    (lambda s: s["players"].pop(), "position.players"),
    (lambda s: s.__setitem__("phase", "lunch"), "position.phase"),
    (lambda s: s.__setitem__("turn", "P7"), "position.turn"),
    (lambda s: s.__setitem__("pile", "4C"), "position.pile"),
    (lambda s: s.__setitem__("shoes", 2), "position"),
    (lambda s: s.pop("stock"), "position.stock"),
])
def test_malformed_states_are_bad_position(edit, field):
    state = _broken(edit)
    error = failing({"op": "play", "position": state, "moves": ["draw"]})
    assert error["code"] == "BAD_POSITION" and field in error["field"]


def test_view_hides_other_hands_and_the_stock():
    state = ok({"op": "deal", "seed": 8})["state"]
    seen = ok({"op": "view", "position": state, "seat": "P3"})["view"]
    assert seen == play.view(state, "P3")
    assert [p["hand"] is None for p in seen["players"]] == [True, True, False, True]
    assert seen["stock_count"] == 23 and "stock" not in seen and "tie_break" not in seen
    assert failing({"op": "view", "position": state, "seat": "P5"})["code"] == "BAD_REQUEST"


def test_bestmove_answers_a_legal_action_of_the_seat_from_its_view(monkeypatch):
    state = ok({"op": "deal", "seed": 8})["state"]
    asked = []

    def best_action(view, seat, level):
        asked.append((view, seat, level))
        return {"move": play.legal(view)[-1], "words": {"th": "จั่ว", "en": "draw"}, "level": level}

    monkeypatch.setattr(engine.dummy, "bot", types.SimpleNamespace(best_action=best_action), raising=False)
    reply = ok({"op": "bestmove", "position": state, "seat": state["turn"], "level": 3})
    assert reply["move"] == play.legal(state)[-1] and reply["level"] == 3
    view, seat, level = asked[0]
    assert view == play.view(state, seat) and seat == state["turn"] and level == 3
    assert failing({"op": "bestmove", "position": state, "seat": "P4", "level": 1})["reason"] == "not_your_turn"


def test_bestmove_never_passes_on_an_illegal_action(monkeypatch):
    state = ok({"op": "deal", "seed": 8})["state"]
    cheat = types.SimpleNamespace(best_action=lambda view, seat, level: {"move": "knock 2S"})
    monkeypatch.setattr(engine.dummy, "bot", cheat, raising=False)
    assert failing({"op": "bestmove", "position": state, "seat": state["turn"], "level": 1})["code"] == "INTERNAL"


def test_bestmove_through_the_real_computer_player():
    state = ok({"op": "deal", "seed": 12})["state"]
    reply = ok({"op": "bestmove", "position": state, "seat": state["turn"], "level": 1})
    assert reply["move"] in play.legal(state)


def test_play_and_bestmove_still_reach_the_board_games():
    reply = call({"op": "play", "game": "makruk", "moves": []})
    assert reply["ok"] and "legal_moves" in reply
    assert call({"op": "deal", "game": "makruk"})["error"]["code"] == "UNSUPPORTED_OP"


def test_crafted_collect_example_of_the_contract():
    state = state_with({"P2": ["2S", "2D", "2C", "9S", "TS", "JS", "AH"]}, pile=[("5C", None, 0), ("2H", "P1", 8)],
                       turn="P2")
    reply = ok({"op": "play", "position": state, "moves": ["collect 2H meld 2S 2H 2D ; layoff 2C P2.0"]})
    assert reply["position"]["players"][1]["layoffs"][0] == {"card": "2C", "onto": "P2.0", "turn": 9, "liable": False}
    assert reply["phase"] == "play" and reply["last_move"] == "collect 2H meld 2S 2H 2D ; layoff 2C P2.0"
