"""Makruk on the game protocol: :class:`MakrukState` for the search, :class:`MakrukGame` for a record.

Everything that needs the history lives in the game: repetition, the shuttle draw, a claimed
count draw.
"""

from __future__ import annotations

from collections.abc import Callable

from .. import errors
from ..core.computer import is_win
from ..core.grid import SQUARE_INDEX
from ..core.protocol import Game, Move, Outcome, State
from ..errors import EngineError
from . import counting, evaluation, words
from .options import OPTIONS
from .position import BLACK, COLOR_NAMES, PROMOTION, START_FEN, WHITE, Position, perft, typed_move
from .refusals import legal_handle

DRAW_ACTION = "count-draw"
SIDES = ("white", "black")


class MakrukState(State):
    """A Makruk position with the rule options bound; moves are the position's int moves."""

    __slots__ = ("pos", "rules", "street", "_legal", "_pseudo")

    def __init__(self, pos: Position, rules: dict):
        self.pos = pos
        self.rules = rules
        self.street = (rules["kingKnightLeap"], rules["metDoubleStep"])
        self._legal: list[int] | None = None
        self._pseudo: list[int] | None = None  # generated once for both the outcome and the moves

    @property
    def turn(self) -> str:
        return COLOR_NAMES[self.pos.turn]

    def handles(self) -> list[int]:
        if self._legal is None:
            self._legal = self.pos.legal_moves(self.street, self._pseudo_moves())
        return self._legal

    def _pseudo_moves(self) -> list[int]:
        if self._pseudo is None:
            self._pseudo = self.pos.pseudo_moves(self.street)
        return self._pseudo

    def child(self, handle: int) -> "MakrukState":
        nxt = self.pos.copy()
        captured = nxt.push(handle)
        counting.after_move(nxt, captured, self.rules)
        return MakrukState(nxt, self.rules)

    def outcome(self) -> Outcome | None:
        """The game's end without history; a count that ran out is a draw (claimed, if it must be)."""
        ended = self.final_outcome()
        if ended is None and counting.expired(self.pos, self.rules) and (
                self.rules["countExpiry"] == "automatic" or counting.counter(self.pos) == self.pos.turn):
            return Outcome("counting")
        return ended

    def final_outcome(self) -> Outcome | None:
        """Mate, stalemate, a mate while counting, or bare Khuns: ends no claim can change."""
        pos = self.pos
        mover = BLACK if pos.turn == WHITE else WHITE
        if not (self._legal if self._legal is not None else pos.has_legal_move(self.street, self._pseudo_moves())):
            if not pos.in_check():
                return Outcome("stalemate")
            if counting.counter(pos) == mover and self.rules["mateWhileCounting"] == "draw":
                return Outcome("mate_while_counting")
            return Outcome("checkmate", COLOR_NAMES[mover])
        if self.rules["bareKingsDraw"] and pos.piece_count() == 2:
            return Outcome("insufficient_material")
        return None

    def key(self) -> tuple:
        pos = self.pos
        return tuple(pos.board), pos.turn, pos.count_limit, pos.count_ply, pos.rights

    def move(self, handle: int) -> Move:
        return typed_move(self.pos.board, handle)

    def evaluate(self) -> float:
        return evaluation.material_balance(self.pos)

    def estimate(self) -> float:
        return evaluation.estimate(self.pos)

    def gain(self, handle: int) -> float:
        return evaluation.gain(self.pos, handle)

    def is_noisy(self, handle: int) -> bool:
        return self.pos.board[(handle >> 6) & 63] is not None or bool(handle & PROMOTION)

    def forcing_order(self, handles, last: bool) -> list[int]:
        return evaluation.forcing_order(self.pos, handles, last)

    def defence_tiebreak(self, handle: int, after: "MakrukState") -> tuple:
        return evaluation.defence_tiebreak(self.pos, handle, after.pos)


class MakrukGame(Game):
    """A start position plus played moves, with the status the rules give it."""

    id = "makruk"
    name = "Makruk (Thai chess)"
    name_th = "หมากรุกไทย"
    sides = SIDES
    start_position = START_FEN
    options = OPTIONS
    records = ("history",)

    def __init__(self, position: object, options: dict):
        super().__init__(position, options)
        start = Position.from_fen(position, (options["kingKnightLeap"], options["metDoubleStep"]))
        counting.adopt_fen_fields(start, position, options)
        self._state = MakrukState(start, options)
        self.history = [start.key()]
        self.claimed_draw = False
        self._outcome: Outcome | None = None
        self._outcome_known = False

    @property
    def state(self) -> MakrukState:
        return self._state

    @property
    def position(self) -> Position:
        return self._state.pos

    def position_text(self) -> str:
        return self._state.pos.fen()

    def legal_moves(self) -> list[Move]:
        if self.outcome() is not None:
            return []
        state = self._state
        return [state.move(h) for h in state.handles()]

    def actions(self) -> list[str]:
        """Counting actions the side to move may take now."""
        if self.outcome() is not None:
            return []
        found = counting.available_actions(self.position, self.rules)
        if self._draw_claimable():
            found.append(DRAW_ACTION)
        return found

    def apply(self, text: object) -> Move | None:
        """Play a UCI move or a counting action; raise EngineError if it is not allowed."""
        self._outcome_known = False
        if text == DRAW_ACTION:
            if not self._draw_claimable():
                raise EngineError(errors.COUNT_NOT_ALLOWED, "count-draw is not allowed: the count has not run out",
                                  "ขอเสมอจากการนับไม่ได้: ยังนับไม่ครบ", reason="count_not_over")
            self.claimed_draw = True
            return None
        if text in counting.ACTIONS:
            self._state = self._acted(text)
            return None
        state = self._state
        handle = legal_handle(state.pos, text, state.street)
        move = state.move(handle)
        self.record(move, self.words(move))
        self._state = state.child(handle)
        self.history.append(self._state.pos.key())
        return move

    def _acted(self, action: str) -> MakrukState:
        """The state after the counting action ``action`` (raises COUNT_NOT_ALLOWED if it is refused)."""
        pos = self.position.copy()
        counting.apply_action(pos, action, self.rules)
        return MakrukState(pos, self.rules)

    def words(self, move: Move) -> dict[str, str]:
        """'เรือดำ f8 ไป f2' / 'Black Ruea f8 to f2' (formats: :mod:`engine.makruk.words`)."""
        return move_words(self.position.board, move)

    def action_words(self, action: str) -> dict[str, str]:
        pos = self.position
        kind = "pieces" if action == "count-start" and pos.is_bare(pos.turn) else "board"
        return words.action_words(action, COLOR_NAMES[pos.turn], kind)

    def computer_action(self, value: Callable[[State], float]) -> str | None:
        """The computer's counting: it stops its own board's-honour count when only that lets it
        mate (a mate while counting may be a draw, A-M8), claims a count that ran out unless it
        wins, and starts a count when that can only help it (:func:`counting.claim_helps`) and it
        has no win of its own (a count it started, it would stop again)."""
        found = self.actions()
        start = "count-start" in found and counting.claim_helps(self.position, self.rules)
        if not (start or "count-stop" in found or DRAW_ACTION in found) or is_win(value(self._state)):
            return None  # nothing worth doing, or a win to play for (the search's moves)
        if "count-stop" in found and is_win(value(self._acted("count-stop"))):
            return "count-stop"
        if DRAW_ACTION in found:
            return DRAW_ACTION
        return "count-start" if start else None

    def _draw_claimable(self) -> bool:
        pos = self.position
        return (self.rules["countExpiry"] == "claim" and counting.expired(pos, self.rules)
                and counting.counter(pos) == pos.turn and not self.claimed_draw)

    def outcome(self) -> Outcome | None:
        if not self._outcome_known:
            self._outcome = self._compute_outcome()
            self._outcome_known = True
        return self._outcome

    def _compute_outcome(self) -> Outcome | None:
        ended = self._state.final_outcome()
        if ended is not None:
            return ended
        expired = self.rules["countExpiry"] == "automatic" and counting.expired(self.position, self.rules)
        if self.claimed_draw or expired:
            return Outcome("counting")
        if self.rules["shuttleDraw"] and self._shuttled():
            return Outcome("shuttle")
        if self.history.count(self.history[-1]) >= self.rules["repetitionCount"]:
            return Outcome("repetition")
        return None

    def _shuttled(self) -> bool:
        """Were the last 4 moves of the side that just moved one piece going A→B, B→A, A→B, B→A (A-M12)?

        Its own moves are every other played move; between two of them the piece it moved
        to B cannot have changed (a capture on B would leave no piece of its own to move back).
        """
        own = self.played[-1:-8:-2]
        if len(own) < 4:
            return False
        there, back = own[0].from_square, own[0].to_square
        return all((m.from_square, m.to_square) == ((there, back) if i % 2 == 0 else (back, there))
                   for i, m in enumerate(own))

    def view(self) -> dict:
        pos = self.position
        return {"board": pos.pieces(), "status": {"check": pos.in_check(), "counting": counting.describe(pos)}}

    @classmethod
    def perft(cls, position: str, depth: int, options: dict, budget) -> int:
        game = cls(position, options)
        if game.state.street != (False, False):
            return super().perft(position, depth, options, budget)
        return perft(game.position, depth, budget)


def move_words(board: list, move: Move) -> dict[str, str]:
    """``move`` in words on ``board`` (the position before it)."""
    taken = board[SQUARE_INDEX[move.to_square]] if move.captures else None
    return words.move_words(board[SQUARE_INDEX[move.from_square]], move.from_square, move.to_square, taken,
                            move.promotion)
