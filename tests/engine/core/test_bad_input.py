"""Bad input never breaks the door: huge strings are quoted to about 200 characters, huge
numbers and deep nesting are BAD_REQUEST or BAD_TYPE, never INTERNAL."""

import json

import pytest
from door_checks import error_of

from engine.errors import QUOTE_LIMIT, quote

HUGE = "x" * 10_000
START = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"
# Each message may quote the input and one part of it: a little over two quotes at most.
MESSAGE_LIMIT = 2 * QUOTE_LIMIT + 300


@pytest.mark.parametrize("request_", [
    {"op": "play", "game": "makruk", "position": HUGE},
    {"op": "play", "game": "makruk", "position": START[:-3] + HUGE},
    {"op": "play", "game": "makruk", "position": "8/" * 5000 + " w"},
    {"op": "play", "game": "makruk", "position": START.replace(" w ", " " + HUGE + " ")},
    {"op": "play", "game": "makruk", "position": START.replace("w - -", "w " + HUGE + " -")},
    {"op": "play", "game": "makruk", "moves": [HUGE]},
    {"op": "play", "game": "makruk", "moves": ["e3e4" + HUGE]},
    {"op": "play", "game": HUGE},
    {"op": HUGE, "game": "makruk"},
    {"op": "play", "game": "makruk", "options": {HUGE: True}},
    {"op": "play", "game": "makruk", "options": {"repetitionCount": HUGE}},
], ids=["position", "fen-tail", "ranks", "side", "field-3", "move", "move-tail", "game", "op", "option-name",
        "option-value"])
def test_errors_quote_at_most_about_200_characters(request_):
    error = error_of(request_)
    assert len(error["message"]) < MESSAGE_LIMIT and len(error["message_th"]) < MESSAGE_LIMIT, error
    assert "x" * (QUOTE_LIMIT + 50) not in error["message"] + error["message_th"]
    assert len(error.get("field", "")) <= 60


def test_quote_cuts_long_text_and_says_how_long_it_was():
    assert quote("abc") == "'abc'"
    cut = quote(HUGE)
    assert cut.startswith("'xxx") and "10000 characters" in cut and len(cut) < QUOTE_LIMIT + 40
    assert quote(10 ** 5000) == "<int too large to show>"


# Deeper than Python's recursion limit, so a recursive repr or compare would fail; not much
# deeper, because inside Pyodide freeing a list nested about 5000 deep overflows the stack.
LEVELS = 3000


def deep(levels: int = LEVELS) -> list:
    nested: list = []
    for _ in range(levels):
        nested = [nested]
    return nested


@pytest.mark.parametrize("request_, code", [
    pytest.param({"op": "play", "game": "makruk", "position": START[:-1] + "9" * 5000}, "BAD_REQUEST", id="fen-number"),
    pytest.param({"op": "play", "game": "makruk", "position": START.replace("- 0", "- " + "9" * 3000)}, "BAD_REQUEST",
                 id="fen-clock"),
    pytest.param({"op": "play", "game": "makruk", "position": START.replace("- - 0", "- " + "1" * 3000 + " 0")},
                 "BAD_REQUEST", id="fen-limit"),
    pytest.param({"op": "perft", "game": "makruk", "depth": 10 ** 5000}, "BAD_REQUEST", id="depth"),
    pytest.param({"op": "perft", "game": "makruk", "depth": -10 ** 5000}, "BAD_REQUEST", id="negative-depth"),
    pytest.param({"op": "mate", "game": "makruk", "mate_in": 10 ** 5000}, "BAD_REQUEST", id="mate_in"),
    pytest.param({"op": "defend", "game": "makruk", "horizon": 10 ** 5000}, "BAD_REQUEST", id="horizon"),
    pytest.param({"op": "play", "game": "makruk", "moves": deep()}, "BAD_TYPE", id="deep-moves"),
    pytest.param({"op": "play", "game": "makruk", "options": {"repetitionCount": deep()}}, "BAD_OPTION_VALUE",
                 id="deep-option"),
    pytest.param({"op": deep()}, "BAD_TYPE", id="deep-op"),
    pytest.param(deep(), "BAD_REQUEST", id="deep-request"),
])
def test_huge_numbers_and_deep_nesting(request_, code):
    assert error_of(request_)["code"] == code


def test_json_text_is_checked_for_depth_before_it_is_parsed():
    """Parsing deeply nested JSON overflows the stack (inside Pyodide fatally): call_json and the
    CLI refuse it before parsing; brackets inside strings do not count."""
    from engine.api import MAX_NESTING, call_json

    ok = json.loads(call_json('{"op": "start", "game": "makruk", "options": {"x": ' + "[" * (MAX_NESTING - 2)
                              + "]" * (MAX_NESTING - 2) + "}}"))
    assert ok["error"]["code"] == "UNKNOWN_OPTION"
    deep = json.loads(call_json("[" * 100_000 + "]" * 100_000))
    assert deep["error"]["code"] == "BAD_REQUEST" and "nested too deeply" in deep["error"]["message"]
    assert "ซ้อน" in deep["error"]["message_th"]
    quoted = json.loads(call_json('{"op": "start", "game": "makruk", "note": "' + "[" * 1000 + '"}'))
    assert quoted == {"ok": True, "position": START}
    broken = json.loads(call_json('{"op": "start", "game": '))
    assert broken["error"]["code"] == "BAD_REQUEST" and "not valid JSON" in broken["error"]["message"]
    huge = json.loads(call_json('{"op": "perft", "game": "makruk", "depth": ' + "9" * 5000 + "}"))
    assert huge["error"]["code"] == "BAD_REQUEST"
