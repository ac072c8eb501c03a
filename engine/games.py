"""The registry of games the engine knows: names, options, start positions, game factories."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from . import makruk, makruk_game
from .options import Option


@dataclass(frozen=True)
class GameSpec:
    """What the JSON door needs to know about one game."""

    id: str
    name: str
    name_th: str
    start_position: str
    options: tuple[Option, ...]
    new_game: Callable[[object, dict], object]
    perft: Callable[[str, int, dict], int]

    def to_dict(self) -> dict:
        """The game as the ``games`` op lists it."""
        return {"id": self.id, "name": self.name, "name_th": self.name_th,
                "start_position": self.start_position, "options": [o.to_dict() for o in self.options]}


def _makruk_perft(fen: str, depth: int, options: dict) -> int:
    game = makruk_game.MakrukGame(fen, options)
    return makruk.perft(game.position, depth)


GAMES = {
    "makruk": GameSpec("makruk", "Makruk (Thai chess)", "หมากรุกไทย", makruk.START_FEN,
                       makruk_game.OPTIONS, makruk_game.MakrukGame, _makruk_perft),
}
