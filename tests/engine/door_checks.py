"""Checks of the JSON door's replies shared by the engine tests."""

from __future__ import annotations

import json

from engine.api import call
from engine.errors import CODES


def is_thai(text: str) -> bool:
    """Does ``text`` contain Thai letters?"""
    return any("\u0e00" <= ch <= "\u0e7f" for ch in text)


def assert_error_shape(error: dict) -> None:
    """A stable code and both messages, the Thai one really in Thai."""
    assert error["code"] in CODES, error
    assert isinstance(error["message"], str) and error["message"], error
    assert isinstance(error["message_th"], str) and is_thai(error["message_th"]), "Thai message must be in Thai"


def error_of(request) -> dict:
    """The error of a request that must fail; its shape checked."""
    reply = call(request)
    assert reply["ok"] is False, reply
    json.dumps(reply)
    assert_error_shape(reply["error"])
    return reply["error"]
