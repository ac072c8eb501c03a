"""Komayo notation (DESIGN.md): position text ``<board> <side> <hands> <ply>`` and move text.

* Board: ranks 8 to 1 separated by ``/``, files a to h, a digit for a run of empty squares;
  uppercase is Sente, lowercase Gote, ``+`` before a letter marks a promoted piece.
* Side: ``b`` Sente, ``w`` Gote. Hands: ``-``, or Sente's pieces (uppercase) then Gote's
  (lowercase), each in the order I R B S N L P then +I +R +B +S +N +L +P, with a count
  before a piece held more than once (``RS2p+b``; A-K16). Ply: the number of the ply to be
  played, 1 at the start (optional when reading).
* Moves: ``e3e4``, a promotion ``e3e4+``, a drop ``S*e5`` or ``+P*e5`` (uppercase for both
  sides), the King's privilege (keep the captured piece promoted) ``e1e2^``.

Reading validates everything and raises :class:`~engine.errors.EngineError` quoting the input:
``BAD_POSITION`` / ``BAD_MOVE`` for text that is not the notation, ``ILLEGAL_POSITION`` for
a position the set or the rules cannot produce.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .. import errors
from ..core.grid import SQUARE_INDEX, SQUARE_NAMES
from ..core.protocol import Move
from ..errors import EngineError, quote
from .pieces import (
    DEAD_END, GOTE, HAND_ORDER, K, LETTER_KIND, PROMOTABLE, PROMOTED, SENTE, SET_COUNT, SIDE_NAMES,
    SIDE_NAMES_TH, SIGN, board_text, name_of, relative_rank, text_of,
)
from .position import DROP, HAND_SIZE, PRIVILEGE, PROMOTE, Position

SIDE_LETTERS = ("b", "w")
MAX_PLY_DIGITS = 6
HAND_ITEM = re.compile(r"([0-9]*)(\+?)([A-Za-z])")
BOARD_MOVE = re.compile(r"([a-h][1-8])([a-h][1-8])(\+?)(\^?)")
DROP_MOVE = re.compile(r"(\+?)([A-Za-z])\*([a-h][1-8])(\+?)(\^?)")


def _bad(text: str, what: str, what_th: str) -> EngineError:
    return EngineError(errors.BAD_POSITION, f"bad position {quote(text)}: {what}",
                       f"ตำแหน่ง {quote(text)} เขียนผิดรูปแบบ: {what_th}", "position")


def _impossible(text: str, what: str, what_th: str) -> EngineError:
    return EngineError(errors.ILLEGAL_POSITION, f"impossible position {quote(text)}: {what}",
                       f"ตำแหน่ง {quote(text)} เป็นไปไม่ได้: {what_th}", "position")


# --------------------------------------------------------------------------- reading positions
def parse_position(text: object) -> Position:
    """Read position text; raise BAD_TYPE, BAD_POSITION or ILLEGAL_POSITION quoting it."""
    if not isinstance(text, str):
        raise EngineError(errors.BAD_TYPE, f"'position' must be a string, got {type(text).__name__}",
                          f"'position' ต้องเป็นข้อความ แต่ได้ {type(text).__name__}", "position")
    fields = text.split()
    if len(fields) not in (3, 4):
        raise _bad(text, f"expected 4 space-separated fields (board, side, hands, ply), found {len(fields)}",
                   f"ต้องมี 4 ช่องคั่นด้วยเว้นวรรค (กระดาน ฝ่ายที่เดิน หมากในมือ ลำดับตาเดิน) แต่พบ {len(fields)}")
    board = _parse_board(text, fields[0])
    if fields[1] not in SIDE_LETTERS:
        raise _bad(text, f"the side to move must be 'b' (Sente) or 'w' (Gote), not {quote(fields[1], 20)}",
                   f"ฝ่ายที่เดินต้องเป็น 'b' (ฝ่ายเดินก่อน) หรือ 'w' (ฝ่ายเดินหลัง) ไม่ใช่ {quote(fields[1], 20)}")
    hands = _parse_hands(text, fields[2])
    ply = _parse_ply(text, fields[3]) if len(fields) == 4 else 1
    pos = Position(board, SIDE_LETTERS.index(fields[1]), hands, ply)
    _check_possible(text, pos)
    return pos


def _parse_board(text: str, placement: str) -> list[int]:
    rows = placement.split("/")
    if len(rows) != 8:
        raise _bad(text, f"the board needs 8 ranks separated by '/', found {len(rows)}",
                   f"กระดานต้องมี 8 แถวคั่นด้วย '/' แต่พบ {len(rows)}")
    board = [0] * 64
    for index, row in enumerate(rows):
        rank, file, i = 7 - index, 0, 0
        while i < len(row):
            ch, promoted = row[i], False
            if ch in "12345678":
                file += int(ch)
                i += 1
            else:
                if ch == "+":
                    promoted, i = True, i + 1
                    ch = row[i] if i < len(row) else ""
                kind = LETTER_KIND.get(ch.upper()) if ch else None
                if kind is None:
                    raise _bad(text, f"rank {rank + 1} ({quote(row, 20)}): unknown piece {quote(ch or '+', 10)} "
                                     "(use K I R B S N L P, lowercase for Gote, '+' before a promoted piece)",
                               f"แถว {rank + 1} ({quote(row, 20)}): ไม่รู้จักตัวหมาก {quote(ch or '+', 10)} "
                               "(ใช้ K I R B S N L P ตัวเล็กสำหรับฝ่ายเดินหลัง และ '+' หน้าตัวที่เลื่อนขั้น)")
                if promoted and kind == K:
                    raise _bad(text, "the king never promotes ('+K')", "ขุนเลื่อนขั้นไม่ได้ ('+K')")
                if file < 8:
                    board[rank * 8 + file] = (kind | (PROMOTED if promoted else 0)) * (1 if ch.isupper() else -1)
                file += 1
                i += 1
            if file > 8:
                raise _bad(text, f"rank {rank + 1} ({quote(row, 20)}) has more than 8 squares",
                           f"แถว {rank + 1} ({quote(row, 20)}) มีเกิน 8 ช่อง")
        if file != 8:
            raise _bad(text, f"rank {rank + 1} ({quote(row, 20)}) has {file} squares, not 8",
                       f"แถว {rank + 1} ({quote(row, 20)}) มี {file} ช่อง ไม่ใช่ 8")
    return board


def _parse_hands(text: str, field: str) -> list[list[int]]:
    hands = [[0] * HAND_SIZE, [0] * HAND_SIZE]
    if field == "-":
        return hands
    at = 0
    seen = set()
    while at < len(field):
        item = HAND_ITEM.match(field, at)
        if item is None:
            raise _bad(text, f"hands {quote(field, 40)}: cannot read {quote(field[at:], 20)}; write pieces like "
                             "'RS2p+b' (a count before a piece held more than once, '+' for a promoted one) or '-'",
                       f"หมากในมือ {quote(field, 40)}: อ่าน {quote(field[at:], 20)} ไม่ได้ ให้เขียนแบบ 'RS2p+b' "
                       "(ใส่จำนวนหน้าตัวที่มีมากกว่าหนึ่ง และ '+' หน้าตัวที่เลื่อนขั้น) หรือ '-'")
        count_text, plus, letter = item.groups()
        piece = plus + letter
        kind = LETTER_KIND.get(letter.upper())
        if kind is None:
            raise _bad(text, f"hands {quote(field, 40)}: unknown piece {quote(piece, 10)}",
                       f"หมากในมือ {quote(field, 40)}: ไม่รู้จักตัวหมาก {quote(piece, 10)}")
        if kind == K:
            raise _impossible(text, "a king is never held in hand (a captured king ends the game)",
                              "ขุนไม่มีวันอยู่ในมือ (กินขุนได้ก็จบเกมทันที)")
        if count_text and (len(count_text) > 2 or count_text[0] == "0" or int(count_text) < 2):
            raise _bad(text, f"hands {quote(field, 40)}: the count {quote(count_text, 10)} before "
                             f"{quote(piece, 10)} must be a number from 2 (leave it out for one piece)",
                       f"หมากในมือ {quote(field, 40)}: จำนวน {quote(count_text, 10)} หน้า {quote(piece, 10)} "
                       "ต้องเป็นตัวเลขตั้งแต่ 2 ขึ้นไป (ถ้ามีตัวเดียวไม่ต้องใส่จำนวน)")
        if piece in seen:
            raise _bad(text, f"hands {quote(field, 40)}: {quote(piece, 10)} is written twice; give one count",
                       f"หมากในมือ {quote(field, 40)}: เขียน {quote(piece, 10)} ซ้ำ ให้เขียนครั้งเดียวพร้อมจำนวน")
        seen.add(piece)
        hands[SENTE if letter.isupper() else GOTE][kind | (PROMOTED if plus else 0)] = int(count_text or 1)
        at = item.end()
    return hands


def _parse_ply(text: str, field: str) -> int:
    if not (field.isascii() and field.isdigit()) or len(field) > MAX_PLY_DIGITS or int(field) < 1:
        raise _bad(text, f"the ply must be a whole number from 1 (at most {MAX_PLY_DIGITS} digits), "
                         f"not {quote(field, 20)}",
                   f"ลำดับตาเดินต้องเป็นจำนวนเต็มตั้งแต่ 1 (ไม่เกิน {MAX_PLY_DIGITS} หลัก) ไม่ใช่ {quote(field, 20)}")
    return int(field)


def _check_possible(text: str, pos: Position) -> None:
    """Kings, the size of the set, and no piece that could never move (the issue's bad input)."""
    board = pos.board
    for color in (SENTE, GOTE):
        kings = board.count(SIGN[color] * K)
        if kings > 1:
            raise _impossible(text, f"{SIDE_NAMES[color]} has {kings} kings", f"{SIDE_NAMES_TH[color]}มีขุน {kings} ตัว")
    missing = [color for color in (SENTE, GOTE) if SIGN[color] * K not in board]
    if missing and missing != [pos.turn]:
        color = missing[-1]
        raise _impossible(text, f"{SIDE_NAMES[color]} has no king (only the side to move may have lost its king: "
                                "then the game is over)",
                          f"{SIDE_NAMES_TH[color]}ไม่มีขุน (มีแต่ฝ่ายที่ถึงตาเดินเท่านั้นที่อาจเพิ่งถูกกินขุน "
                          "ซึ่งแปลว่าเกมจบแล้ว)")
    for kind in PROMOTABLE:
        count = sum(1 for piece in board if abs(piece) & 15 == kind) + sum(
            hand[kind] + hand[kind | PROMOTED] for hand in pos.hands)
        if count > SET_COUNT[kind]:
            name, name_th = name_of(kind)
            raise _impossible(text, f"{count} pieces of kind {text_of(kind)} ({name}), on the board and in the "
                                    f"hands together; the set holds {SET_COUNT[kind]}",
                              f"มี{name_th} ({text_of(kind)}) {count} ตัว รวมบนกระดานและในมือ "
                              f"แต่หมากหนึ่งชุดมีแค่ {SET_COUNT[kind]} ตัว")
    for sq, piece in enumerate(board):
        color = SENTE if piece > 0 else GOTE
        if piece and abs(piece) < K and DEAD_END[color][abs(piece)][sq]:
            name, name_th = name_of(abs(piece))
            where = "last rank" if relative_rank(color, sq) == 7 else "last two ranks"
            where_th = "แถวสุดท้าย" if relative_rank(color, sq) == 7 else "สองแถวสุดท้าย"
            raise _impossible(text, f"the unpromoted {SIDE_NAMES[color]} {name} on {SQUARE_NAMES[sq]} could never "
                                    f"move again (on the {where} it must have promoted)",
                              f"{name_th}ของ{SIDE_NAMES_TH[color]}ที่ {SQUARE_NAMES[sq]} ยังไม่เลื่อนขั้น "
                              f"จึงเดินต่อไม่ได้อีกเลย (ถึง{where_th}แล้วต้องเลื่อนขั้น)")


# --------------------------------------------------------------------------- writing positions
def position_text(pos: Position) -> str:
    """The position as text; :func:`parse_position` reads it back to an equal position."""
    rows = []
    for rank in range(7, -1, -1):
        row, empty = [], 0
        for file in range(8):
            piece = pos.board[rank * 8 + file]
            if not piece:
                empty += 1
                continue
            if empty:
                row.append(str(empty))
                empty = 0
            row.append(board_text(piece))
        if empty:
            row.append(str(empty))
        rows.append("".join(row))
    return f"{'/'.join(rows)} {SIDE_LETTERS[pos.turn]} {hands_text(pos.hands)} {pos.ply}"


def hands_text(hands: list[list[int]]) -> str:
    """``RS2p+b`` (A-K16), or ``-`` when both hands are empty."""
    parts = []
    for color in (SENTE, GOTE):
        for kind in HAND_ORDER:
            count = hands[color][kind]
            if count:
                piece = text_of(kind)
                parts.append((str(count) if count > 1 else "") + (piece if color == SENTE else piece.lower()))
    return "".join(parts) or "-"


def hand_view(hand: list[int]) -> dict[str, int]:
    """One hand for a UI: ``{"P": 2, "+R": 1}`` in hand order."""
    return {text_of(kind): hand[kind] for kind in HAND_ORDER if hand[kind]}


# --------------------------------------------------------------------------- moves
def move_text(move: int) -> str:
    """``e3e4``, ``e3e4+``, ``e1e2^``, ``S*e5``, ``+P*e5``."""
    frm, to = move & 127, SQUARE_NAMES[(move >> 7) & 63]
    if frm >= DROP:
        return f"{text_of(frm - DROP)}*{to}"
    return SQUARE_NAMES[frm] + to + ("+" if move & PROMOTE else "") + ("^" if move & PRIVILEGE else "")


def typed_move(pos: Position, move: int) -> Move:
    """The protocol's :class:`Move` of an int move of ``pos`` (before it is played)."""
    frm, to = move & 127, SQUARE_NAMES[(move >> 7) & 63]
    if frm >= DROP:
        return Move(move_text(move), None, to, drop=text_of(frm - DROP), path=(to,))
    taken = pos.board[(move >> 7) & 63] != 0
    return Move(move_text(move), SQUARE_NAMES[frm], to, path=(to,), captures=(to,) if taken else (),
                promotion=bool(move & PROMOTE), privilege=bool(move & PRIVILEGE))


@dataclass(frozen=True)
class MoveText:
    """Move text read but not yet checked against a position: a board move or a drop."""

    text: str
    frm: int | None  # None for a drop
    to: int
    drop: int | None  # kind code of the dropped piece
    promote: bool
    privilege: bool

    def as_int(self) -> int:
        """The int move this text names (it may be illegal)."""
        frm = DROP + self.drop if self.frm is None else self.frm
        return frm | self.to << 7 | (PROMOTE if self.promote else 0) | (PRIVILEGE if self.privilege else 0)


def read_move(text: object) -> MoveText:
    """Read move text (BAD_TYPE, BAD_MOVE for text that is not the notation)."""
    if not isinstance(text, str):
        raise EngineError(errors.BAD_TYPE, f"a move must be a string, got {type(text).__name__}",
                          f"ตาเดินต้องเป็นข้อความ แต่ได้ {type(text).__name__}", reason="notation")
    board = BOARD_MOVE.fullmatch(text)
    if board:
        frm, to, plus, hat = board.groups()
        return MoveText(text, SQUARE_INDEX[frm], SQUARE_INDEX[to], None, bool(plus), bool(hat))
    drop = DROP_MOVE.fullmatch(text)
    if drop and drop.group(2) in LETTER_KIND and drop.group(1) + drop.group(2) != "+K":
        plus, letter, to, after_plus, hat = drop.groups()
        return MoveText(text, None, SQUARE_INDEX[to], LETTER_KIND[letter] | (PROMOTED if plus else 0),
                        bool(after_plus), bool(hat))
    hint = ""
    hint_th = ""
    if drop and drop.group(2).upper() in LETTER_KIND:
        hint, hint_th = " (drops use an uppercase letter for both sides)", " (การวางหมากใช้อักษรตัวใหญ่ทั้งสองฝ่าย)"
    raise EngineError(
        errors.BAD_MOVE,
        f"{quote(text)} is not a move{hint}; write a move as from-square then to-square, like 'e3e4' "
        "('+' after it promotes: 'e5e6+'; '^' keeps a promoted piece the king captures: 'e1e2^'), "
        "or a drop as piece*square, like 'S*e5' or '+P*e5'",
        f"{quote(text)} ไม่ใช่ตาเดิน{hint_th} ให้เขียนช่องต้นทางตามด้วยช่องปลายทาง เช่น 'e3e4' "
        "(ต่อท้ายด้วย '+' เมื่อเลื่อนขั้น เช่น 'e5e6+' และ '^' เมื่อขุนกินตัวที่เลื่อนขั้นแล้วเก็บไว้ในมือแบบเลื่อนขั้น "
        "เช่น 'e1e2^') หรือเขียนการวางหมากเป็น ตัวหมาก*ช่อง เช่น 'S*e5' หรือ '+P*e5'",
        reason="notation")
