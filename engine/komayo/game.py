"""Komayo on the game protocol: :class:`KomayoState` for the search, :class:`KomayoGame` for a record.

The state knows the rules that need no history: the king captured, no legal move (A-K8),
and the optional tsume adjudication (A-K7). The game adds what needs the history: the
repetition loss (A-K5), the 50-move rule (A-K6, A-K14), and the loss by an illegal move
(A-K4).
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import errors
from ..core.grid import SQUARE_INDEX, SQUARE_NAMES
from ..core.protocol import Game, Move, Outcome, State
from ..errors import EngineError
from . import evaluation, words
from .notation import MoveText, hand_view, move_text, parse_position, position_text, read_move, typed_move
from .options import OPTIONS, START
from .pieces import GOTE, LETTER_KIND, P, PROMOTED, SENTE, SIDE_IDS, SIGN, board_text, text_of
from .position import DROP, PROMOTE, MoveRules, Position, perft
from .refusals import repetition, why_illegal

CLAIM_DRAW = "claim-draw"
FIFTY_MOVE_PLIES = 100


class _LazyMoves(Sequence):
    """A state's legal moves, generated on first use: a mate search that only wants the king
    captures (:meth:`KomayoState.forcing_order` with ``last``) never generates the rest."""

    __slots__ = ("_state", "_moves")

    def __init__(self, state: "KomayoState"):
        self._state = state
        self._moves: list[int] | None = None

    def _list(self) -> list[int]:
        if self._moves is None:
            state = self._state
            self._moves = [] if state.outcome() is not None else state.pos.moves(state.move_rules)
        return self._moves

    def __len__(self) -> int:
        return len(self._list())

    def __getitem__(self, index):
        return self._list()[index]

    def __iter__(self):
        return iter(self._list())


class KomayoState(State):
    """A Komayo position with the rule options bound; moves are the position's int moves."""

    __slots__ = ("pos", "rules", "move_rules", "_handles", "_outcome", "_outcome_known")

    def __init__(self, pos: Position, rules: dict, move_rules: MoveRules | None = None):
        self.pos = pos
        self.rules = rules
        self.move_rules = move_rules or MoveRules(rules["ruleset"])
        self._handles = _LazyMoves(self)
        self._outcome: Outcome | None = None
        self._outcome_known = False

    @property
    def turn(self) -> str:
        return SIDE_IDS[self.pos.turn]

    def handles(self) -> Sequence[int]:
        return self._handles

    def child(self, handle: int) -> "KomayoState":
        nxt = self.pos.copy()
        nxt.push(handle)
        return KomayoState(nxt, self.rules, self.move_rules)

    def outcome(self) -> Outcome | None:
        if not self._outcome_known:
            self._outcome = self._compute_outcome()
            self._outcome_known = True
        return self._outcome

    def _compute_outcome(self) -> Outcome | None:
        pos = self.pos
        if pos.kings[pos.turn] is None:
            return Outcome("king_captured", SIDE_IDS[1 - pos.turn])
        if not pos.king_walled_in(pos.turn) and not self.rules["adjudicateTsume"]:
            return None  # the usual case, decided cheaply: the king has a step
        if not pos.has_move(self.move_rules):
            return Outcome("no_moves", SIDE_IDS[1 - pos.turn] if self.rules["noLegalMove"] == "lose" else None)
        if self.rules["adjudicateTsume"] and self._capture_unavoidable():
            return Outcome("checkmate", SIDE_IDS[1 - pos.turn])
        return None

    def _capture_unavoidable(self) -> bool:
        """A-K7: the side to move cannot capture the enemy king, and after each of its moves its own king is en prise."""
        pos = self.pos
        if pos.king_captures(self.move_rules):
            return False
        us = pos.turn
        for move in pos.moves(self.move_rules):
            taken = pos.push(move)
            safe = not pos.king_attacked(us)
            pos.pop(move, taken)
            if safe:
                return False
        return True

    def key(self) -> tuple:
        return self.pos.key()

    def move(self, handle: int) -> Move:
        return typed_move(self.pos, handle)

    def evaluate(self) -> float:
        return evaluation.material_balance(self.pos, self.move_rules)

    def estimate(self) -> float:
        return evaluation.estimate(self.pos, self.move_rules)

    def gain(self, handle: int) -> float:
        return evaluation.gain(self.pos, handle)

    def is_noisy(self, handle: int) -> bool:
        return bool(handle & 127 < DROP and self.pos.board[(handle >> 7) & 63]) or bool(handle & PROMOTE)

    def forcing_order(self, handles, last: bool) -> list[int]:
        """King captures, then checks, captures and the rest. With ``last`` only the moves that can
        win at once: the king captures, unless a move could also win by leaving the opponent no
        move at all (A-K8) or by the tsume adjudication (A-K7)."""
        if not last or self._other_wins_possible():
            return evaluation.forcing_order(self.pos, handles, self.move_rules)
        if handles is self._handles and self.outcome() is None:
            return self.pos.king_captures(self.move_rules)  # without generating the other moves
        king = self.pos.king_square(1 - self.pos.turn)
        return [h for h in handles if (h >> 7) & 63 == king and h & 127 < DROP]

    def _other_wins_possible(self) -> bool:
        """Could a move that does not capture the king win at once? Only by the tsume adjudication,
        or by leaving the opponent without a move: that needs its king walled in by its own pieces
        (a square the king may step to stays open whatever the mover does)."""
        if self.rules["adjudicateTsume"]:
            return True
        return self.rules["noLegalMove"] == "lose" and self.pos.king_walled_in(1 - self.pos.turn)

    def defence_tiebreak(self, handle: int, after: "KomayoState") -> tuple:
        return evaluation.defence_tiebreak(self.pos, handle, after.pos)


def start_for(options: dict) -> str:
    """The start position the options choose (A-K1 ``startFen``, A-K10 ``handicap``)."""
    pos = parse_position(options["startFen"])
    for letter in options["handicap"]:
        sq = pos.board.index(LETTER_KIND[letter])
        pos.board[sq] |= PROMOTED
    return position_text(pos)


class KomayoGame(Game):
    """A start position plus played moves, with the status the rules give it."""

    id = "komayo"
    name = "Komayo (Ōgi, an 8x8 drop game)"
    name_th = "หมากรุกโกมาโย"
    sides = SIDE_IDS
    start_position = START
    options = OPTIONS
    records = ("repeats", "played_texts")
    # Placement hints are tenths of a pawn: levels 1 and 2 choose among moves close to the best
    # (a twentieth of the level's margin), so a weak level develops rather than wanders.
    margin_share = 0.05

    def __init__(self, position: object, options: dict):
        super().__init__(position, options)
        if position == START and (options["startFen"] != START or options["handicap"]):
            position = start_for(options)
        self._state = KomayoState(parse_position(position), options)
        self.repeats: set[tuple[str, tuple]] = set()  # (move text, position after) of every move (A-K5)
        self.played_texts: set[str] = set()
        self.quiet_plies = 0  # plies since a capture or an unpromoted pawn's move (A-K14)
        self.claimed = False
        self.lost_by: Outcome | None = None  # an illegal or repeated move (A-K4, A-K5)
        self.refusal: dict | None = None

    @classmethod
    def start_text(cls, options: dict) -> str:
        """The start position ``startFen`` and ``handicap`` choose (A-K1, A-K10)."""
        return start_for(options)

    @property
    def state(self) -> KomayoState:
        return self._state

    @property
    def position(self) -> Position:
        return self._state.pos

    def position_text(self) -> str:
        return position_text(self._state.pos)

    # ----------------------------------------------------------------- moves
    def takes_back(self, move: Move) -> bool:
        """The piece goes back to a square it stood on within the mover's last five moves (a drop
        or a capture never counts): followed back along its own moves."""
        if move.from_square is None or move.captures:
            return False
        square = move.from_square
        for earlier in self.played[-2:-11:-2]:  # the mover's last five moves, latest first
            if earlier.to_square == square:
                if earlier.from_square is None:
                    return False  # it came from the hand
                square = earlier.from_square
                if square == move.to_square:
                    return True
        return False

    def legal_moves(self) -> list[Move]:
        """The legal moves, a move that would repeat (A-K5) left out: the generator offers no illegal move."""
        if self.outcome() is not None:
            return []
        state = self._state
        return [state.move(h) for h in state.handles() if not self._repeats(h)]

    def _repeats(self, handle: int) -> bool:
        text = move_text(handle)
        return text in self.played_texts and (text, self._state.child(handle).key()) in self.repeats

    def actions(self) -> list[str]:
        return [CLAIM_DRAW] if self._draw_claimable() else []

    def _draw_claimable(self) -> bool:
        return (self.rules["fiftyMove"] == "claim" and self.quiet_plies >= FIFTY_MOVE_PLIES and not self.claimed
                and self.outcome() is None)

    def apply(self, text: object) -> Move | None:
        """Play move text or ``claim-draw``. An illegal move loses (or raises ILLEGAL_MOVE under
        ``illegalMovePolicy = reject``); text that is not a move raises BAD_MOVE."""
        if text == CLAIM_DRAW:
            if not self._draw_claimable():
                raise EngineError(errors.COUNT_NOT_ALLOWED,
                                  f"{CLAIM_DRAW} is not allowed: it needs fiftyMove = claim and {FIFTY_MOVE_PLIES} "
                                  f"plies without a capture or an unpromoted pawn's move (now {self.quiet_plies})",
                                  f"ขอเสมอไม่ได้: ต้องใช้ตัวเลือก fiftyMove = claim และเดินครบ {FIFTY_MOVE_PLIES} ตา "
                                  f"โดยไม่มีการกินและไม่มีการเดินเบี้ยที่ยังไม่เลื่อนขั้น (ตอนนี้ {self.quiet_plies} ตา)")
            self.claimed = True
            return None
        written = read_move(text)
        state = self._state
        handle = written.as_int()
        if handle not in state.handles():
            return self._refuse(written, why_illegal(state.pos, written, state.move_rules), "illegal_move")
        after = state.child(handle)
        key = (written.text, after.key())
        if key in self.repeats:
            return self._refuse(written, repetition(written.text), "repetition")
        move = state.move(handle)
        self.record(move, self.words(move))
        self._count_quiet(state.pos, handle)
        self.repeats.add(key)
        self.played_texts.add(written.text)
        self._state = after
        return move

    def _refuse(self, written: MoveText, error: EngineError, reason: str) -> Move:
        """An illegal move: raise under ``reject``; under ``lose`` its player loses (A-K4)."""
        if self.rules["illegalMovePolicy"] == "reject":
            raise error
        self.lost_by = Outcome(reason, SIDE_IDS[1 - self._state.pos.turn])
        self.refusal = {"move": written.text, "reason": error.reason, "message": error.message,
                        "message_th": error.message_th}
        move = _written_move(written)
        self.record(move, words.illegal_words(self._state.pos.turn, move.text))
        return move

    def _count_quiet(self, pos: Position, handle: int) -> None:
        """A-K14: a capture or a move of an unpromoted pawn resets the count; anything else adds a ply."""
        frm = handle & 127
        if frm < DROP and (pos.board[(handle >> 7) & 63] or pos.board[frm] * SIGN[pos.turn] == P):
            self.quiet_plies = 0
        else:
            self.quiet_plies += 1

    # ----------------------------------------------------------------- the end
    def outcome(self) -> Outcome | None:
        ended = self._state.outcome()
        if ended is not None:
            return ended
        if self.lost_by is not None:
            return self.lost_by
        if self.claimed or (self.rules["fiftyMove"] == "auto" and self.quiet_plies >= FIFTY_MOVE_PLIES):
            return Outcome("fifty_moves")
        if self.played_texts and all(self._repeats(h) for h in self._state.handles()):
            # A-K5: every move left would repeat; the player must play one and loses.
            return Outcome("repetition", SIDE_IDS[1 - self._state.pos.turn])
        return None

    def view(self) -> dict:
        pos = self.position
        return {
            "board": {SQUARE_NAMES[sq]: board_text(piece) for sq, piece in enumerate(pos.board) if piece},
            "hands": {SIDE_IDS[c]: hand_view(pos.hands[c]) for c in (SENTE, GOTE)},
            "status": {"check": pos.king_attacked(pos.turn), "quiet_plies": self.quiet_plies,
                       "illegal": self.refusal},
        }

    def words(self, move: Move) -> dict[str, str]:
        """'เรือฝ่ายเดินก่อน g2 ไป c2' / 'Sente Rook g2 to c2' (formats: :mod:`engine.komayo.words`)."""
        return _move_words(self.position, move)

    def action_words(self, action: str) -> dict[str, str]:
        return words.claim_words(self.position.turn)

    def computer_action(self, value) -> str | None:
        """The computer claims a 50-move draw it may claim unless it stands better (``value`` > 0)."""
        return CLAIM_DRAW if self._draw_claimable() and value(self._state) <= 0 else None

    @classmethod
    def perft(cls, position: str, depth: int, options: dict, budget) -> int:
        game = cls(position, options)
        if options["adjudicateTsume"]:
            return super().perft(position, depth, options, budget)
        state = game.state
        return perft(state.pos.copy(), depth, state.move_rules, budget)


def _move_words(pos: Position, move: Move) -> dict[str, str]:
    """A legal move of ``pos`` in words."""
    color, to = pos.turn, SQUARE_INDEX[move.to_square]
    if move.from_square is None:
        return words.move_words(color, LETTER_KIND[move.drop[-1]] | (PROMOTED if move.drop[0] == "+" else 0), None,
                                move.to_square)
    sign = SIGN[color]
    return words.move_words(color, pos.board[SQUARE_INDEX[move.from_square]] * sign, move.from_square,
                            move.to_square, -pos.board[to] * sign, move.promotion, move.privilege)


def _written_move(written: MoveText) -> Move:
    """The typed move of text that is not legal here (kept as the game's last move)."""
    to = SQUARE_NAMES[written.to]
    if written.frm is None:
        return Move(written.text, None, to, drop=text_of(written.drop), path=(to,))
    return Move(written.text, SQUARE_NAMES[written.frm], to, path=(to,), promotion=written.promote,
                privilege=written.privilege)
