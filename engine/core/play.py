"""The ``play`` reply every board game shares, assembled once from the game protocol.

A game's :meth:`~engine.core.protocol.Game.apply` holds only its rules; the game-over
refusal, the record of moves and their words and the copy live in
:class:`~engine.core.protocol.Game`; the reply that ``engine.api`` sends back lives here.
"""
from __future__ import annotations

from .protocol import Game


def status(game: Game, view: dict | None = None) -> dict:
    """``status`` of a play reply: result, reason and the game's own details (check, counting);
    ``view`` is ``game.view()`` when the caller already has it."""
    ended = game.outcome()
    details = (view if view is not None else game.view()).get("status", {})
    return {"result": ended.result if ended else "ongoing", "reason": ended.reason if ended else None,
            **details}


def play_reply(game: Game) -> dict:
    """The ``play`` reply of ``game`` as it stands: position, the game's view, the legal moves
    (sorted by text, each with its words), actions, the last move and the status."""
    legal = sorted(game.legal_moves(), key=lambda m: m.text)
    full = game.view()
    view = {key: value for key, value in full.items() if key != "status"}
    return {"position": game.position_text(), "turn": game.state.turn, **view,
            "legal_moves": [m.text for m in legal],
            "legal": [{**m.to_dict(), "words": game.words(m)} for m in legal],
            "actions": game.actions(), "last_move": game.last_move, "last_move_words": game.last_move_words,
            "status": status(game, full)}
