"""Mak-hot on the game protocol: :class:`MakhosState` for the search, :class:`MakhosGame` for a record.

The state carries what ``captureRule = claimable`` adds to a position (a missed capture the side
to move may claim, a claimed capture that must be made now; both written in the position text).
The game adds the rules that need the history: the opt-in repetition and no-progress draws (A-H9).

A claim (A-H6, the seed's tournament rule) is the action ``claim-capture`` of the side to move
right after the opponent's move took nothing while a capture was there: that move is taken
back and the opponent must capture (any capture: the choice stays free, A-H7). Not claiming is
simply playing on. The search never claims: it plays ``claimable`` as captures being optional.
A refused claim is ILLEGAL_MOVE with the reason ``no_missed_capture`` (nothing to claim) or
``claims_need_claimable`` (the rules are strict).
"""

from __future__ import annotations

from collections.abc import Callable

from .. import errors
from ..core.grid import SQUARE_INDEX
from ..core.protocol import Game, Move, Outcome, State
from ..errors import EngineError
from . import evaluation, fen, words
from .board import SIDE_LETTERS, SIDE_NAMES, name
from .moves import perft
from .notation import move_text
from .options import OPTIONS, Rules, bind
from .position import Position
from .reading import parse_move

CLAIM = "claim-capture"
CLAIM_REFUSALS = {
    "no_missed_capture": ("the opponent's last move did not pass up a capture",
                          "ตาที่แล้วฝ่ายตรงข้ามไม่ได้ละการกิน จึงไม่มีอะไรให้ทักท้วง"),
    "claims_need_claimable": ("a missed capture can be claimed only under the option captureRule 'claimable'; "
                              "under 'strict' a move that passes up a capture is refused",
                              "ทักท้วงให้กินได้เฉพาะเมื่อตัวเลือก captureRule เป็น 'claimable' เท่านั้น "
                              "ถ้าเป็น 'strict' การเดินที่ไม่กินเมื่อมีตากินจะเดินไม่ได้อยู่แล้ว"),
}


class MakhosState(State):
    """A position with the move rules bound; moves are the tuples of :mod:`engine.makhos.moves`."""

    __slots__ = ("position", "rules", "forced", "missed", "_moves", "_kids")

    def __init__(self, position: Position, rules: Rules, forced: bool = False,
                 missed: tuple[int, int, bool] | None = None):
        self.position = position
        self.rules = rules
        self.forced = forced
        self.missed = missed
        self._moves: list[tuple] | None = None
        self._kids: dict | None = None

    @property
    def turn(self) -> str:
        return SIDE_NAMES[self.position.side]

    def handles(self) -> list[tuple]:
        if self._moves is None:
            self._moves = self.position.legal_moves(self.rules, self.forced)
        return self._moves

    def must_capture(self) -> bool:
        """Are only captures legal now (a capture exists and is compulsory or was claimed)?"""
        return (self.forced or not self.rules.claimable) and self.position.has_capture()

    def child(self, handle: tuple) -> "MakhosState":
        if self._kids is not None and handle in self._kids:
            return self._kids[handle]
        missed = None
        if self.rules.claimable and not handle[3] and self.position.has_capture():
            missed = (handle[0], handle[1], self.position.is_king(handle[0]))
        return MakhosState(self.position.after(handle), self.rules, False, missed)

    def claimed(self) -> "MakhosState":
        """The state after the side to move claims the missed capture: back before it, a capture to make."""
        return MakhosState(fen.before_missed(self.position, self.missed), self.rules, True)

    def outcome(self) -> Outcome | None:
        """A side to move with no piece or no legal move loses (claims aside: the search makes none)."""
        position = self.position
        winner = SIDE_NAMES[1 - position.side]
        if not position.own:
            return Outcome("no_pieces", winner)
        if not self.handles():
            return Outcome("no_moves", winner)
        return None

    def key(self) -> tuple:
        return self.position, self.forced, self.missed

    def move(self, handle: tuple) -> Move:
        frm, to, _, caps, path = handle
        return Move(move_text(handle), name(frm), name(to), path=tuple(name(sq) for sq in path or (to,)),
                    captures=tuple(name(sq) for sq in caps), promotion=self.position.crowns(handle))

    def evaluate(self) -> float:
        return evaluation.material(self.position)

    def estimate(self) -> float:
        return evaluation.estimate(self.position)

    def gain(self, handle: tuple) -> float:
        return evaluation.gain(self.position, handle)

    def is_noisy(self, handle: tuple) -> bool:
        return bool(handle[2]) or self.position.crowns(handle)

    def forcing_order(self, handles, last: bool) -> list[tuple]:
        """Moves that win at once first (the only ones when ``last``), then the biggest gains."""
        kids = self._kids if self._kids is not None else {}
        self._kids = kids
        winning, rest = [], []
        for handle in handles:
            after = kids.get(handle)
            if after is None:
                after = kids[handle] = self.child(handle)
            ended = after.outcome()
            (winning if ended is not None and ended.winner == self.turn else rest).append(handle)
        if last:
            return winning
        position = self.position
        return winning + sorted(rest, key=lambda h: -evaluation.gain(position, h))

    def defence_tiebreak(self, handle: tuple, after: "MakhosState") -> tuple:
        """Among equal defences: the most material kept, then the fewest replies left to the attacker."""
        return -after.evaluate(), -len(after.handles())


class MakhosGame(Game):
    """A start position plus played moves, with the status the rules give it."""

    id = "makhos"
    name = "Mak-hot (Thai checkers)"
    name_th = "หมากฮอส"
    sides = SIDE_NAMES
    start_position = fen.START_POSITION
    options = OPTIONS
    records = ("history", "quiet_plies")

    def __init__(self, position: object, options: dict):
        super().__init__(position, options)
        rules = bind(options)
        setup = fen.parse(position, rules)
        self._state = MakhosState(setup.position, rules, setup.forced, setup.missed)
        self.history = [self._state.key()]
        self.quiet_plies = [0]  # plies since the last capture or man move, per entry of the history

    @classmethod
    def start_text(cls, options: dict) -> str:
        """The start position with the first mover of ``options`` (A-H2) to move."""
        return SIDE_LETTERS[SIDE_NAMES.index(options["firstMover"])] + cls.start_position[1:]

    @property
    def state(self) -> MakhosState:
        return self._state

    def position_text(self) -> str:
        state = self._state
        return fen.write(fen.Setup(state.position, state.forced, state.missed))

    def legal_moves(self) -> list[Move]:
        if self.outcome() is not None:
            return []
        state = self._state
        return [state.move(h) for h in state.handles()]

    def actions(self) -> list[str]:
        """``claim-capture`` right after the opponent passed up a capture (under ``claimable``)."""
        return [CLAIM] if self._state.missed and self.outcome() is None else []

    def apply(self, text: object) -> Move | None:
        """Play move text or ``claim-capture``; raise EngineError if it is not allowed."""
        state = self._state
        if text == CLAIM:
            self._claim()
            return None
        handle = parse_move(text, state.position, state.rules, state.forced)
        move = state.move(handle)
        progress = bool(handle[2]) or not state.position.is_king(handle[0])
        self.record(move, self.words(move))
        self._state = state.child(handle)
        self.history.append(self._state.key())
        self.quiet_plies.append(0 if progress else self.quiet_plies[-1] + 1)
        return move

    def _claim(self) -> None:
        state = self._state
        if not state.missed:
            reason = "no_missed_capture" if state.rules.claimable else "claims_need_claimable"
            english, thai = CLAIM_REFUSALS[reason]
            raise EngineError(errors.ILLEGAL_MOVE, f"cannot {CLAIM}: {english}", f"ทักท้วงให้กินไม่ได้: {thai}",
                              reason=reason)
        self._state = state.claimed()
        if len(self.history) > 1:  # the missed move is taken back
            self.history.pop()
            self.quiet_plies.pop()
        if self.played:
            self.unrecord()
        self.history[-1] = self._state.key()

    def words(self, move: Move) -> dict[str, str]:
        """'เบี้ยขาว c3 กินเบี้ย d4 ลง e5' / 'White man c3 takes man d4 to e5' (:mod:`engine.makhos.words`)."""
        position = self._state.position
        frm = SQUARE_INDEX[move.from_square]
        taken = tuple(position.is_king(SQUARE_INDEX[sq]) for sq in move.captures)
        return words.move_words(move, self._state.turn, position.is_king(frm), taken)

    def action_words(self, action: str) -> dict[str, str]:
        return words.claim_words(self._state.turn)

    def computer_action(self, value: Callable[[State], float]) -> str | None:
        """The computer claims a missed capture when that leaves its opponent worse off than playing on."""
        state = self._state
        if CLAIM not in self.actions():
            return None
        if not state.handles() or -value(state.claimed()) >= value(state):
            return CLAIM
        return None

    def outcome(self) -> Outcome | None:
        state = self._state
        ended = state.outcome()
        if ended is not None:
            # With no move left, a missed capture may still be claimed: the game goes on.
            return None if state.missed and ended.reason == "no_moves" else ended
        repetitions = self.rules["repetitionDraw"]
        if repetitions and self.history.count(self.history[-1]) >= repetitions:
            return Outcome("repetition")
        limit = self.rules["noProgressLimit"]
        if limit and self.quiet_plies[-1] >= 2 * limit:
            return Outcome("no_progress")
        return None

    def view(self) -> dict:
        state = self._state
        missed = state.missed
        return {"board": state.position.pieces(),
                "status": {"must_capture": state.must_capture(),
                           "missed_capture": f"{name(missed[0])}-{name(missed[1])}" if missed else None}}

    @classmethod
    def perft(cls, position: str, depth: int, options: dict, budget) -> int:
        rules = bind(options)
        setup = fen.parse(position, rules)
        pos = setup.position
        return perft(pos.own, pos.other, pos.kings, pos.side, depth, rules, budget, setup.forced)

