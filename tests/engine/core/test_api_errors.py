"""Every error of the JSON door comes back as a stable code with English and Thai messages.

Request-level errors, made with Makruk as the game at hand (each game's own input errors are
in its folder; the contract tests reach every error code of every registered game).
"""

import pytest
from door_checks import error_of


@pytest.mark.parametrize("request_, code, field", [
    ({"op": "play", "game": "chess"}, "UNKNOWN_GAME", "game"),
    ({"op": "dance", "game": "makruk"}, "UNKNOWN_OP", "op"),
    ({"game": "makruk"}, "BAD_REQUEST", "op"),
    ({"op": "play"}, "BAD_REQUEST", "game"),
    ({"op": 3}, "BAD_TYPE", "op"),
    ({"op": "play", "game": ["makruk"]}, "BAD_TYPE", "game"),
    ({"op": "play", "game": "makruk", "position": 5}, "BAD_TYPE", "position"),
    ({"op": "play", "game": "makruk", "moves": "e3e4"}, "BAD_TYPE", "moves"),
    ({"op": "play", "game": "makruk", "options": []}, "BAD_TYPE", "options"),
    ({"op": "play", "game": "makruk", "options": {"castling": True}}, "UNKNOWN_OPTION", "options.castling"),
    ({"op": "perft", "game": "makruk", "depth": "3"}, "BAD_TYPE", "depth"),
    ({"op": "perft", "game": "makruk", "depth": True}, "BAD_TYPE", "depth"),
    ({"op": "perft", "game": "makruk", "depth": 99}, "BAD_REQUEST", "depth"),
])
def test_request_errors(request_, code, field):
    error = error_of(request_)
    assert error["code"] == code
    assert error["field"] == field


@pytest.mark.parametrize("request_", [None, [], "play", 3, 1.5])
def test_non_object_requests(request_):
    assert error_of(request_)["code"] == "BAD_REQUEST"


