"""Why a move is illegal: a stable reason code and one short sentence in English and in Thai.

The Thai message is the reason alone, naming the piece ("เบี้ยเดินตรงไปข้างหน้าได้ทีละหนึ่งช่อง"),
so a page can show it as it is; the English one quotes the move for authors and logs
("illegal move 'e3e5': a Bia moves one square straight forward"). Reason codes (``error.reason``):

======================== ====================================================================
``no_piece``             no piece on the from-square
``not_your_piece``       the piece there belongs to the side not to move
``own_piece_on_target``  the mover's own piece stands on the to-square
``piece_cannot_move_there`` the piece does not move that way (a Bia diagonally without a capture,
                         a Ruea through a piece, a Ma not in an L, ...)
``king_leap_gone``       street rule: the Khun's leap was used up (it moved or was checked)
``king_leap_no_capture`` street rule: the Khun's leap never captures
``met_step_gone``        street rule: the Met's double step was used up
``met_step_no_capture``  street rule: the Met's double step never captures
``promotion_suffix``     the suffix 'm' on a move that does not promote
``king_into_check``      the Khun would step into check
``still_in_check``       the side to move is in check and the move does not end it
``own_king_in_check``    the move would expose the own Khun to check
======================== ====================================================================
"""

from __future__ import annotations

from .. import errors
from ..core.grid import ROOK_RAYS, SQUARE_NAMES
from ..errors import EngineError, quote
from .notation import read_move
from .position import (
    COLOR_NAMES, FORWARD_STEP, KING_HOME, KING_LEAPS, MET_DOUBLE_STEP, MET_HOME, PAWN_CAPTURES, PROMOTION,
    Position, color_of,
)
from .words import BIA_BLOCKED, BIA_DIAGONAL, MOVEMENT, piece_key, piece_word, ruea_blocked, side_word

Why = tuple[str, str, str]  # reason code, English, Thai


def legal_handle(pos: Position, text: object, street: tuple[bool, bool] = (False, False)) -> int:
    """The legal move of ``pos`` that ``text`` writes; BAD_MOVE for text that is not a move,
    ILLEGAL_MOVE with its reason for a move that is not legal."""
    written = read_move(text)
    handle = pos.find_move(written.frm, written.to, written.promote, street)
    if handle is None:
        raise illegal_move(pos, written.text, written.frm, written.to, street)
    return handle


def illegal_move(pos: Position, text: str, frm: int, to: int, street: tuple[bool, bool]) -> EngineError:
    """The ILLEGAL_MOVE error for ``text`` (from ``frm`` to ``to``), which is not legal in ``pos``."""
    reason, english, thai = why_illegal(pos, text, frm, to, street)
    return EngineError(errors.ILLEGAL_MOVE, f"illegal move {quote(text)}: {english}", thai, reason=reason)


def why_illegal(pos: Position, text: str, frm: int, to: int, street: tuple[bool, bool]) -> Why:
    """The first reason that applies, in the order a player would look."""
    board, us = pos.board, pos.turn
    piece, target = board[frm], board[to]
    side = COLOR_NAMES[us]
    there, square = SQUARE_NAMES[frm], SQUARE_NAMES[to]
    if piece is None:
        return "no_piece", f"there is no piece on {there}", f"ไม่มีหมากอยู่ที่ {there}"
    if color_of(piece) != us:
        owner = COLOR_NAMES[color_of(piece)]
        return ("not_your_piece",
                f"it is {side_word(side, 'en')}'s turn; the {piece_word(piece, 'en')} on {there} is "
                f"{side_word(owner, 'en')}'s",
                f"ตานี้ฝ่าย{side_word(side, 'th')}เดิน {piece_word(piece, 'th')}ที่ {there} เป็นของฝ่าย"
                f"{side_word(owner, 'th')}")
    if target is not None and color_of(target) == us:
        return ("own_piece_on_target",
                f"{side_word(side, 'en')}'s own {piece_word(target, 'en')} stands on {square}",
                f"มี{piece_word(target, 'th')}ฝ่าย{side_word(side, 'th')}เองอยู่ที่ {square}")
    same = [m for m in pos.pseudo_moves(street) if m & 63 == frm and (m >> 6) & 63 == to]
    if not same:
        return _street_refusal(pos, frm, to, street) or _movement(pos, piece, frm, to)
    if len(text) == 5 and not any(m & PROMOTION for m in same):
        return ("promotion_suffix", "the suffix 'm' marks a promotion, and this move does not promote",
                "'m' ท้ายตาเดินใช้กับการหงายเบี้ย แต่ตานี้ไม่ได้หงายเบี้ย")
    khun_en, khun_th = f"{side_word(side, 'en')}'s Khun", f"ขุน{side_word(side, 'th')}"
    if piece in "Kk":
        return "king_into_check", f"{khun_en} would be in check on {square}", f"{khun_th}จะถูกรุกที่ {square}"
    if pos.in_check():
        return ("still_in_check", f"{khun_en} is in check and this move does not end it",
                f"{khun_th}ถูกรุกอยู่ ตานี้ไม่ได้แก้รุก")
    return "own_king_in_check", f"it would leave {khun_en} in check", f"{khun_th}จะถูกรุก"


def _movement(pos: Position, piece: str, frm: int, to: int) -> Why:
    """Why ``piece`` cannot go from ``frm`` to ``to`` at all (reason ``piece_cannot_move_there``)."""
    kind, us, board = piece_key(piece), pos.turn, pos.board
    english, thai = MOVEMENT[kind]
    if kind == "P" and to == FORWARD_STEP[us][frm]:
        english, thai = BIA_BLOCKED  # the square ahead is taken (by an enemy piece: own ones are refused earlier)
    elif kind == "P" and to in PAWN_CAPTURES[us][frm]:
        english, thai = BIA_DIAGONAL
    elif kind == "R":
        for ray in ROOK_RAYS[frm]:
            if to in ray:
                blocker = next(t for t in ray if board[t] is not None)
                english, thai = ruea_blocked(board[blocker], SQUARE_NAMES[blocker])
    return "piece_cannot_move_there", english, thai


def _street_refusal(pos: Position, frm: int, to: int, street: tuple[bool, bool]) -> Why | None:
    """Why a street first move (A-M13) from ``frm`` to ``to`` is refused, if it is one."""
    us, board = pos.turn, pos.board
    king_leap, met_double = street
    if king_leap and frm == KING_HOME[us] and board[frm] in "Kk" and to in KING_LEAPS[us]:
        if frm not in pos.rights:  # a Khun in check has lost it too
            return ("king_leap_gone", "the Khun's leap is gone: it has moved or been in check",
                    "ขุนหมดสิทธิ์กระโดดแล้ว เพราะเคยเดินหรือเคยถูกรุก")
        return "king_leap_no_capture", "the Khun's leap never captures", "ขุนกระโดดกินหมากไม่ได้"
    if met_double and frm == MET_HOME[us] and board[frm] in "Mm" and to == MET_DOUBLE_STEP[us]:
        if frm not in pos.rights:
            return ("met_step_gone", "the Met's double step is gone: it has moved",
                    "เม็ดหมดสิทธิ์เดินสองช่องแล้ว เพราะเคยเดิน")
        return "met_step_no_capture", "the Met's double step never captures", "เม็ดเดินสองช่องกินหมากไม่ได้"
    return None
