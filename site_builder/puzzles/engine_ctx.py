"""The engine as the puzzle pipeline uses it at build time (CPython), through the game protocol.

Every answer comes from the engine: ``engine.api.call`` for what the browser would ask too
(games, play), the game's :class:`~engine.core.protocol.Game` record for positions and move
text, and ``engine.core.search`` on its :class:`~engine.core.protocol.State` objects for the
proofs. Moves stay the game's opaque handles; only ``State.move`` turns one into a typed
:class:`~engine.core.protocol.Move`. Words for moves come from the game's site plugin.
"""
from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from engine.api import call
from engine.core import search
from engine.core.budget import unlimited
from engine.core.protocol import Game, Move, State
from engine.errors import BAD_MOVE, EngineError
from engine.options import resolve
from engine.registry import GAMES

from ..plugin import GameSite


def board_games(*ops: str) -> tuple[str, ...]:
    """Ids of the registered board games (a Game class) whose engine answers every op in ``ops``."""
    return tuple(gid for gid, spec in GAMES.items() if spec.game is not None and set(ops) <= set(spec.ops))


def known_games() -> dict[str, dict]:
    """The engine's games op: id -> game dict."""
    reply = call({"op": "games"})
    return {g["id"]: g for g in reply.get("games", [])}


@dataclass
class LineError:
    index: int
    error: EngineError | None  # None: the game was already over before this move
    legal: list[str]


@dataclass
class Line:
    """A line of move text played from a position: the states before/after each move
    (len = played + 1), the handles and typed moves played, and the first error."""

    states: list[State]
    handles: list[Hashable]
    moves: list[Move]
    error: LineError | None


class GameEngine:
    """One game's rules with the options its plugin gives proofs (``GameSite.proof_options``,
    default: the game's defaults), for proofs and for words about moves."""

    def __init__(self, site: GameSite):
        spec = GAMES[site.id]
        self.site = site
        self.game = site.id
        self.sides = spec.sides
        self.options = resolve(spec.options, site.proof_options)
        self._game_class = spec.game

    # ------------------------------------------------------------------ positions
    def describe(self, position: str) -> dict:
        """The engine's play reply for a position (``ok`` false with the error when it is bad); a
        card game's plugin reads its own positions (``CardGameSite.describe``)."""
        if not self.site.boards:
            return self.site.describe(position)
        return call({"op": "play", "game": self.game, "position": position, "moves": [], "options": {}})

    def record(self, position: str) -> Game:
        """A game record starting from ``position`` (raises EngineError for a bad one)."""
        return self._game_class(position, self.options)

    def state(self, position: str) -> State:
        """The search state of ``position``."""
        return self.record(position).state

    def other(self, side: str) -> str:
        """The opponent of ``side`` (the next side in turn order)."""
        return self.sides[(self.sides.index(side) + 1) % len(self.sides)]

    # ------------------------------------------------------------------ moves
    def handle(self, position: str, state: State, text: str) -> Hashable:
        """The handle in ``state`` (the state of ``position``) of the legal move ``text``.

        Raises EngineError (BAD_MOVE, ILLEGAL_MOVE, ...) with the engine's own message; a
        game action (not a move) is a BAD_MOVE too.
        """
        move = self.record(position).play(text)
        found = next((h for h in state.handles() if state.move(h) == move), None)
        if found is None:
            raise EngineError(BAD_MOVE, f"{text!r} is not a move", f"{text!r} ไม่ใช่ตาเดิน")
        return found

    def play_line(self, position: str, moves: list[str]) -> Line:
        """Play move text from ``position`` until the first move that is not legal (or the game's end)."""
        record = self.record(position)
        line = Line([record.state], [], [], None)
        for index, text in enumerate(moves):
            before = line.states[-1]
            if before.outcome() is not None:
                line.error = LineError(index, None, [])
                return line
            try:
                move = record.play(text)
                if move is None:
                    raise EngineError(BAD_MOVE, f"{text!r} is not a move", f"{text!r} ไม่ใช่ตาเดิน")
            except EngineError as error:
                line.error = LineError(index, error, sorted(before.move(h).text for h in before.handles()))
                return line
            line.handles.append(next(h for h in before.handles() if before.move(h) == move))
            line.moves.append(move)
            line.states.append(record.state)
        return line

    # ------------------------------------------------------------------ searches (build time: no node limit)
    def solver(self) -> search.MateSolver:
        return search.MateSolver(unlimited())

    def material(self) -> search.MaterialSearch:
        return search.MaterialSearch(unlimited())

    # ------------------------------------------------------------------ words
    def line_words(self, position: str, line: list[str], lang: str) -> list[str]:
        """Readable moves of a line that is known to be legal, each with the mover; the end or check marked."""
        words = self.site.words
        record = self.record(position)
        out = []
        for text in line:
            before, board = record.state, record.view()["board"]
            move = record.play(text)
            after = record.state
            said = f"{words.side(before.turn, lang)}: {words.move(board, move, lang)}"
            ended = after.outcome()
            if ended is not None:
                said += words.ending(ended, before.turn, lang)
            elif record.view().get("status", {}).get("check"):
                said += words.check(lang)
            out.append(said)
        return out
