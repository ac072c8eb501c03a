"""Engine errors: a stable code plus an English and a Thai message."""

from __future__ import annotations

import reprlib

# Stable error codes. Clients branch on these, never on message text.
BAD_REQUEST = "BAD_REQUEST"
BAD_TYPE = "BAD_TYPE"
UNKNOWN_OP = "UNKNOWN_OP"
UNKNOWN_GAME = "UNKNOWN_GAME"
UNKNOWN_OPTION = "UNKNOWN_OPTION"
BAD_OPTION_VALUE = "BAD_OPTION_VALUE"
BAD_POSITION = "BAD_POSITION"
ILLEGAL_POSITION = "ILLEGAL_POSITION"
BAD_MOVE = "BAD_MOVE"
ILLEGAL_MOVE = "ILLEGAL_MOVE"
GAME_OVER = "GAME_OVER"
COUNT_NOT_ALLOWED = "COUNT_NOT_ALLOWED"
UNSUPPORTED_OP = "UNSUPPORTED_OP"
BUDGET_EXCEEDED = "BUDGET_EXCEEDED"
NOT_PROVEN = "NOT_PROVEN"  # the prove op found no proof; its reason says why
BAD_TABLE = "BAD_TABLE"
INTERNAL = "INTERNAL"

CODES = (
    BAD_REQUEST, BAD_TYPE, UNKNOWN_OP, UNKNOWN_GAME, UNKNOWN_OPTION, BAD_OPTION_VALUE,
    BAD_POSITION, ILLEGAL_POSITION, BAD_MOVE, ILLEGAL_MOVE, GAME_OVER, COUNT_NOT_ALLOWED,
    UNSUPPORTED_OP, BUDGET_EXCEEDED, NOT_PROVEN, BAD_TABLE, INTERNAL,
)

QUOTE_LIMIT = 200


def _short_repr(limit: int) -> reprlib.Repr:
    """A repr that looks only a few levels deep: deeply nested input would overflow the stack
    (inside Pyodide, fatally, before Python could raise RecursionError)."""
    short = reprlib.Repr()
    short.maxlevel = 3
    short.maxstring = short.maxother = short.maxlong = limit
    return short


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` cut to about ``limit`` characters, so messages never echo huge input."""
    if isinstance(value, str) and len(value) > limit:
        return repr(value[:limit]) + f"… ({len(value)} characters)"
    if isinstance(value, int):
        try:
            text = repr(value)
        except ValueError:  # an int too long for repr (Python's digit limit)
            text = f"<{type(value).__name__} too large to show>"
    else:
        text = _short_repr(limit).repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


class EngineError(Exception):
    """An error with a stable ``code``, an English ``message`` and a Thai ``message_th``.

    ``field`` names the request field at fault (``"moves[3]"``, ``"position"``) when known;
    ``reason`` is a stable code for why (``piece_cannot_move_there``, ``own_king_in_check``, ...),
    so a page may word it itself.
    """

    def __init__(self, code: str, message: str, message_th: str, field: str | None = None,
                 reason: str | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.message_th = message_th
        self.field = field
        self.reason = reason

    def at(self, field: str) -> "EngineError":
        """Return this error with ``field`` set (keeps an already more precise field)."""
        if self.field is None:
            self.field = field
        return self

    def to_dict(self) -> dict:
        """The error as the JSON door reports it."""
        out = {"code": self.code, "message": self.message, "message_th": self.message_th}
        if self.field is not None:
            out["field"] = self.field
        if self.reason is not None:
            out["reason"] = self.reason
        return out
