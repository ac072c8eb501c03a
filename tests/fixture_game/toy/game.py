"""Toy race on a 3x4 board: one piece kind, a pawn, for each side.

A pawn steps one square straight forward onto an empty square, or one square diagonally
forward onto an enemy pawn, which it captures. A pawn that reaches the far rank wins; a side
with no legal move (no pawn left, or all blocked) loses. White starts on rank 1, Black on
rank 4.

Position text: ranks 4 to 1 separated by ``/``, ``P`` a white pawn, ``p`` a black one, a digit
for a run of empty squares, then the side to move (``w`` or ``b``): ``ppp/3/3/PPP w``.
Move text: from-square then to-square, ``a1a2``.
"""
from __future__ import annotations

import re

from engine import errors
from engine.core.grid import Grid
from engine.core.protocol import Game, Move, Outcome, State
from engine.errors import EngineError, quote

BOARD = Grid(3, 4)
SIDES = ("white", "black")
PIECE = {"white": "P", "black": "p"}
FORWARD = {"white": 1, "black": -1}
FAR_RANK = {"white": BOARD.ranks - 1, "black": 0}
START = "ppp/3/3/PPP w"
MOVE = re.compile(r"([a-c][1-4])([a-c][1-4])\Z")
WORDS = {"th": ("ขาว", "ดำ", "เบี้ย", "ไป", "กิน"), "en": ("White", "Black", "pawn", "to", "takes")}


class ToyState(State):
    """A board (square -> "P" / "p" / None) and the side to move; handles are (from, to) pairs."""

    __slots__ = ("board", "side")

    def __init__(self, board: tuple, side: str):
        self.board = board
        self.side = side

    @property
    def turn(self) -> str:
        return self.side

    def handles(self) -> list[tuple[int, int]]:
        if self._winner_by_rank() is not None:
            return []
        mine, forward = PIECE[self.side], FORWARD[self.side]
        found = []
        for sq, piece in enumerate(self.board):
            if piece != mine:
                continue
            ahead = BOARD.offset(sq, 0, forward)
            if ahead is not None and self.board[ahead] is None:
                found.append((sq, ahead))
            for df in (-1, 1):
                target = BOARD.offset(sq, df, forward)
                if target is not None and self.board[target] not in (None, mine):
                    found.append((sq, target))
        return found

    def _winner_by_rank(self) -> str | None:
        """The side with a pawn on its far rank, if any."""
        for side in SIDES:
            if any(self.board[sq] == PIECE[side] and BOARD.rank_of(sq) == FAR_RANK[side] for sq in range(BOARD.size)):
                return side
        return None

    def child(self, handle: tuple[int, int]) -> "ToyState":
        frm, to = handle
        board = list(self.board)
        board[to], board[frm] = board[frm], None
        return ToyState(tuple(board), SIDES[1 - SIDES.index(self.side)])

    def outcome(self) -> Outcome | None:
        winner = self._winner_by_rank()
        if winner is not None:
            return Outcome("far_rank", winner)
        if not self.handles():
            return Outcome("no_moves", SIDES[1 - SIDES.index(self.side)])
        return None

    def key(self) -> tuple:
        return self.board, self.side

    def move(self, handle: tuple[int, int]) -> Move:
        frm, to = (BOARD.names[sq] for sq in handle)
        taken = (to,) if self.board[handle[1]] is not None else ()
        return Move(frm + to, frm, to, path=(to,), captures=taken)

    def evaluate(self) -> float:
        mine = PIECE[self.side]
        return float(sum(1 if p == mine else -1 for p in self.board if p is not None))


def read_position(text: object) -> ToyState:
    """The state ``text`` writes, or BAD_POSITION quoting it."""
    def bad(what: str, what_th: str) -> EngineError:
        return EngineError(errors.BAD_POSITION, f"bad position {quote(text)}: {what}",
                           f"ตำแหน่ง {quote(text)} ผิดรูปแบบ: {what_th}", "position")
    if not isinstance(text, str):
        raise EngineError(errors.BAD_TYPE, f"a position must be a string, got {type(text).__name__}",
                          f"ตำแหน่งต้องเป็นข้อความ แต่ได้ {type(text).__name__}", "position")
    rows, _, side = text.partition(" ")
    if side not in ("w", "b"):
        raise bad("the side to move must be 'w' or 'b'", "ฝ่ายที่ถึงตาเดินต้องเป็น 'w' หรือ 'b'")
    ranks = rows.split("/")
    if len(ranks) != BOARD.ranks:
        raise bad(f"write {BOARD.ranks} ranks separated by '/'", f"ต้องมี {BOARD.ranks} แถว คั่นด้วย '/'")
    board: list = []
    for row in reversed(ranks):
        line = []
        for ch in row:
            cells = [None] * int(ch) if ch.isdigit() else [ch] if ch in "Pp" else None
            if cells is None:
                raise bad(f"{ch!r} is not a pawn (P, p) or a digit", f"{ch!r} ไม่ใช่เบี้ย (P, p) หรือตัวเลข")
            line += cells
        if len(line) != BOARD.files:
            raise bad(f"every rank has {BOARD.files} squares", f"ทุกแถวต้องมี {BOARD.files} ช่อง")
        board += line
    return ToyState(tuple(board), "white" if side == "w" else "black")


def write_position(state: ToyState) -> str:
    """The position text of ``state`` (it reads back to an equal state)."""
    rows = []
    for rank in reversed(range(BOARD.ranks)):
        row, empty = "", 0
        for piece in state.board[rank * BOARD.files:(rank + 1) * BOARD.files]:
            if piece is None:
                empty += 1
                continue
            row += (str(empty) if empty else "") + piece
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + (" w" if state.side == "white" else " b")


class ToyGame(Game):
    """A toy race record: the start position and the moves played."""

    id = "toy"
    name = "Toy race"
    name_th = "เกมแข่งเบี้ย"
    sides = SIDES
    start_position = START
    options = ()
    files = BOARD.files
    ranks = BOARD.ranks

    def __init__(self, position: object, options: dict):
        super().__init__(position, options)
        self._state = read_position(position)

    @property
    def state(self) -> ToyState:
        return self._state

    def position_text(self) -> str:
        return write_position(self._state)

    def legal_moves(self) -> list[Move]:
        return [self._state.move(h) for h in self._state.handles()]

    def apply(self, text: object) -> Move:
        """Play ``text`` (``a1a2``): BAD_MOVE for text that is not a move, ILLEGAL_MOVE for a move
        the rules do not allow."""
        written = MOVE.match(text) if isinstance(text, str) else None
        if written is None:
            raise EngineError(errors.BAD_MOVE, f"{quote(text)} is not a move; write from-square then to-square, "
                              "like 'a1a2'", f"{quote(text)} ไม่ใช่ตาเดิน ให้เขียนช่องต้นทางตามด้วยช่องปลายทาง เช่น 'a1a2'",
                              reason="notation")
        handle = (BOARD.index[written[1]], BOARD.index[written[2]])
        state = self._state
        if handle not in state.handles():
            raise EngineError(errors.ILLEGAL_MOVE, f"illegal move {quote(text)}: a pawn steps straight forward onto "
                              "an empty square or diagonally forward onto an enemy pawn",
                              "เบี้ยเดินตรงไปข้างหน้าหนึ่งช่องที่ว่าง หรือเฉียงไปข้างหน้าหนึ่งช่องเพื่อกินเบี้ยฝ่ายตรงข้าม",
                              reason="piece_cannot_move_there")
        move = state.move(handle)
        self.record(move, self.words(move))
        self._state = state.child(handle)
        return move

    def outcome(self) -> Outcome | None:
        return self._state.outcome()

    def view(self) -> dict:
        state = self._state
        return {"board": {BOARD.names[sq]: piece for sq, piece in enumerate(state.board) if piece}}

    def words(self, move: Move) -> dict[str, str]:
        """'ขาว เบี้ย a1 ไป a2' / 'White pawn a1 to a2' ('กิน' / 'takes' for a capture)."""
        side = SIDES.index(self._state.turn)
        said = {}
        for lang, (white, black, pawn, to, takes) in WORDS.items():
            said[lang] = f"{(white, black)[side]} {pawn} {move.from_square} {takes if move.captures else to} {move.to_square}"
        return said
