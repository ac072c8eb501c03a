"""The game protocol: what every board game provides, and all that shared code may rely on.

A game package (``engine/<id>/``) implements two classes:

* :class:`State` — one position with its rule options bound. It is what the search walks:
  legal moves as opaque *handles* (whatever is fastest for the game), the child after a
  handle, the outcome, a key for transpositions and repetition, and a static evaluation.
  Handles never leave the game: shared code only passes them back, or turns them into a
  typed :class:`Move` with :meth:`State.move`.
* :class:`Game` — a record: a start position, the options and the moves played. Rules that
  need the history (repetition, counts that must be claimed) live here. It parses and writes
  the position text, plays move text, and gives the view a UI draws.

``engine.registry`` maps a game id to a :class:`GameSpec`; ``engine.api`` and
``engine.core.search`` reach games only through it.
"""
from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from .. import errors
from ..errors import EngineError
from ..options import Option


@dataclass(frozen=True, slots=True)
class Move:
    """A legal move as a UI needs it (python-chess's ``Move``, plus capture paths).

    ``text`` is the game's notation. ``from_square`` is None for a drop, and ``drop`` then
    holds the piece letter (``"S"``, ``"+P"``). ``path`` lists every square landed on, in
    order; ``captures`` the squares of the pieces taken. ``promotion`` is true when the move
    promotes; ``privilege`` when a king keeps the promoted piece it captures (komayo ``^``).
    """

    text: str
    from_square: str | None
    to_square: str
    drop: str | None = None
    path: tuple[str, ...] = ()
    captures: tuple[str, ...] = ()
    promotion: bool = False
    privilege: bool = False

    def to_dict(self) -> dict:
        """The ``legal`` object of the JSON contract."""
        return {"move": self.text, "from": self.from_square, "to": self.to_square,
                "path": list(self.path), "captures": list(self.captures), "drop": self.drop,
                "promotion": self.promotion, "privilege": self.privilege}


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: a stable ``reason`` code and the winning side id (None for a draw)."""

    reason: str
    winner: str | None = None

    @property
    def result(self) -> str:
        """``draw`` or ``<side>_wins``, as the ``status.result`` field writes it."""
        return "draw" if self.winner is None else f"{self.winner}_wins"


ONGOING = "ongoing"


class State(ABC):
    """One position of a game, rule options bound; the search's view of the game.

    States are values: :meth:`child` returns a new state and never changes this one.
    """

    __slots__ = ()

    @property
    @abstractmethod
    def turn(self) -> str:
        """The side id to move."""

    @abstractmethod
    def handles(self) -> Sequence[Hashable]:
        """The legal moves, as opaque handles (empty when the game is over)."""

    @abstractmethod
    def child(self, handle: Hashable) -> "State":
        """The state after the legal move ``handle``."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The end of the game in this state, or None while it goes on (history-free rules only)."""

    @abstractmethod
    def key(self) -> Hashable:
        """Equal for states the rules cannot tell apart (board, side, hands, counts)."""

    @abstractmethod
    def move(self, handle: Hashable) -> Move:
        """The typed move of a handle."""

    @abstractmethod
    def evaluate(self) -> float:
        """Static value for the side to move (material, in the game's own units)."""

    def is_noisy(self, handle: Hashable) -> bool:
        """Does the move change material (capture, promotion)? Quiescence follows these."""
        return bool(self.move(handle).captures) or self.move(handle).promotion

    def forcing_order(self, handles: Sequence[Hashable], last: bool) -> list[Hashable]:
        """Handles in the order a win search should try them.

        With ``last`` true only the moves that could end the game at once are needed (a
        game may drop the rest: in makruk only a check can mate).
        """
        return list(handles)

    def defence_tiebreak(self, handle: Hashable, after: "State") -> tuple:
        """How good a defence is among equal ones (bigger is better): material kept, freedom."""
        return ()

    def gain(self, handle: Hashable) -> float:
        """What the move wins at once (the piece taken, a promotion), in evaluate()'s units:
        the computer tries the biggest gains first."""
        return 0.0

    def estimate(self) -> float:
        """The computer's static value for the side to move: evaluate() plus the game's
        positional hints (kept small beside material). evaluate() stays pure material for proofs."""
        return self.evaluate()


class Game(ABC):
    """A game record: start position, options and moves; the rules that need history.

    Subclasses set the class attributes and implement the abstract methods; their
    :meth:`apply` keeps the record with :meth:`record`. Errors are
    :class:`engine.errors.EngineError` with the input quoted.
    """

    id: ClassVar[str]
    name: ClassVar[str]
    name_th: ClassVar[str]
    sides: ClassVar[tuple[str, ...]]
    start_position: ClassVar[str]
    options: ClassVar[tuple[Option, ...]]
    files: ClassVar[int] = 8  # board width: files a, b, ... left to right
    ranks: ClassVar[int] = 8  # board height: ranks 1, 2, ... bottom to top
    records: ClassVar[tuple[str, ...]] = ()  # the game's own history lists/sets, copied by copy()
    # The share of a computer level's margin (engine.core.computer.Level) the game uses: a game whose
    # positional hints are small beside its piece values narrows it, so weak levels still play to a plan.
    margin_share: ClassVar[float] = 1.0

    def __init__(self, position: object, options: dict):
        """Parse ``position`` (the game's notation) under the resolved ``options``."""
        self.rules = options
        self.played: list[Move] = []
        self.said: list[dict[str, str]] = []  # the words of every move played, as said before it

    @property
    @abstractmethod
    def state(self) -> State:
        """The current state (what the search starts from)."""

    @abstractmethod
    def position_text(self) -> str:
        """The current position in the game's notation; it reads back to an equal state."""

    @abstractmethod
    def legal_moves(self) -> list[Move]:
        """Legal moves now, history rules included (empty when the game is over)."""

    def play(self, text: object) -> Move | None:
        """Play move text (or a game action); returns the move, None for an action.
        GAME_OVER once the game has ended; the rest is the game's :meth:`apply`."""
        ended = self.outcome()
        if ended is not None:
            raise EngineError(errors.GAME_OVER, f"the game is over ({ended.result}, {ended.reason}); no more moves",
                              "เกมจบแล้ว เดินต่อไม่ได้")
        return self.apply(text)

    def apply(self, text: object) -> Move | None:
        """The game's rules for :meth:`play` in a game that goes on: play the move (and
        :meth:`record` it) or the action, or raise EngineError. Every game implements it
        (or, owning its whole record, overrides :meth:`play`)."""
        raise NotImplementedError(f"{type(self).__name__} implements neither apply() nor play()")

    def record(self, move: Move, said: dict[str, str]) -> None:
        """Keep ``move`` as played, with its words ``said`` (as :meth:`words` said it before)."""
        self.played.append(move)
        self.said.append(said)

    def unrecord(self) -> None:
        """Forget the last move played (a move taken back)."""
        self.played.pop()
        self.said.pop()

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The game's end, history rules included; None while it goes on."""

    @abstractmethod
    def view(self) -> dict:
        """What a UI draws: ``board`` (square -> piece text) and the game's own extras
        (``hands``, ``check``, ``counting``, ...). Keys are merged into the ``play`` reply."""

    def actions(self) -> list[str]:
        """Non-move actions the side to move may take now (makruk counting)."""
        return []

    def words(self, move: Move) -> dict[str, str]:
        """A legal move of now in words, ``{"th": ..., "en": ...}`` (the game's own format)."""
        return {"th": move.text, "en": move.text}

    def action_words(self, action: str) -> dict[str, str]:
        """An action of :meth:`actions` in words, ``{"th": ..., "en": ...}``."""
        return {"th": action, "en": action}

    @property
    def last_move_words(self) -> dict[str, str] | None:
        """The last move played, in words (as :meth:`words` said it before it was played)."""
        return self.said[-1] if self.said else None

    def takes_back(self, move: Move) -> bool:
        """Would ``move`` undo the mover's own last move (a back-and-forth)? The computer then
        plays it only when no other move is as good. By default no move counts as one."""
        return False

    def computer_action(self, value: Callable[[State], float]) -> str | None:
        """An action the computer takes now instead of a move, or None (the default).

        ``value(state)`` is the computer's search value of ``state`` for its side to move;
        ``engine.core.computer.is_win`` tells a forced win. Only an action of :meth:`actions`.
        """
        return None

    def copy(self) -> "Game":
        """An independent copy: playing on it leaves this game as it is (states are values:
        only the record and the game's own :attr:`records` are copied)."""
        other = copy.copy(self)
        for name in ("played", "said", *self.records):
            setattr(other, name, copy.copy(getattr(self, name)))
        return other

    @property
    def last_move(self) -> str | None:
        """Text of the last move played, if any."""
        return self.played[-1].text if self.played else None

    @classmethod
    def start_text(cls, options: dict) -> str:
        """The start position under resolved ``options``: ``start_position`` unless an option
        changes it (a first mover chosen by option)."""
        return cls.start_position

    @classmethod
    def perft(cls, position: str, depth: int, options: dict, budget) -> int:
        """Leaf nodes of the legal move tree ``depth`` plies deep; ``budget.spend`` per node."""
        return perft(cls(position, options).state, depth, budget)


def perft(state: State, depth: int, budget) -> int:
    """Perft through the protocol: the reference any fast perft must agree with."""
    handles = state.handles()
    if depth <= 1:
        return len(handles) if depth == 1 else 1
    budget.spend(len(handles))
    return sum(perft(state.child(h), depth - 1, budget) for h in handles)


@dataclass(frozen=True)
class GameSpec:
    """One registry entry: the game class for board games, extra ops for the rest."""

    id: str
    name: str
    name_th: str
    sides: tuple[str, ...]
    ops: tuple[str, ...]
    options: tuple[Option, ...]
    game: type[Game] | None = None
    extra_ops: dict[str, Callable[[dict, dict], dict]] = field(default_factory=dict)

    @property
    def start_position(self) -> str | None:
        return self.game.start_position if self.game else None

    @property
    def board_size(self) -> tuple[int, int] | None:
        """``(files, ranks)`` of the board game's board; None for a game without a board."""
        return (self.game.files, self.game.ranks) if self.game else None

    def start_for(self, options: dict) -> str | None:
        """The start position under resolved ``options`` (see :meth:`Game.start_text`)."""
        return self.game.start_text(options) if self.game else None

    def to_dict(self) -> dict:
        """The game as the ``games`` op lists it."""
        out = {"id": self.id, "name": self.name, "name_th": self.name_th, "sides": list(self.sides),
               "ops": list(self.ops), "options": [o.to_dict() for o in self.options]}
        if self.game is not None:
            out.update(start_position=self.game.start_position, files=self.game.files, ranks=self.game.ranks)
        return out
