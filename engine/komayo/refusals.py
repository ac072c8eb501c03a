"""Why a Komayo move is illegal: a stable reason code and the reason in English and Thai.

Codes: ``no_piece``, ``not_your_piece``, ``own_piece_on_target``, ``piece_cannot_move_there``,
``path_blocked``, ``promotion_not_allowed``, ``promotion_required``, ``privilege_not_allowed``,
``not_in_hand``, ``square_occupied``, ``dead_pawn``, ``no_move_after_drop``, ``repetition``.
"""

from __future__ import annotations

from .. import errors
from ..core.grid import SQUARE_NAMES
from ..errors import EngineError, quote
from .notation import MoveText
from .pieces import (
    DEAD_END, IN_ZONE, K, MOVES, P, PROMOTED, SIDE_NAMES, SIDE_NAMES_TH, SIGN, name_of, relative_rank, text_of,
)
from .position import MoveRules, Position


def illegal(text: str, reason: str, why: str, why_th: str) -> EngineError:
    """ILLEGAL_MOVE for ``text`` with its reason code."""
    return EngineError(errors.ILLEGAL_MOVE, f"illegal move {quote(text)}: {why}", f"เดิน {quote(text)} ไม่ได้: {why_th}",
                       reason=reason)


def repetition(text: str) -> EngineError:
    return illegal(text, "repetition",
                   "the same move was already played into the same position (board, hands and side to move); "
                   "repeating it loses",
                   "เคยเดินตาเดียวกันนี้จนได้ตำแหน่งเดียวกันมาแล้ว (หมากบนกระดาน หมากในมือ และฝ่ายที่ถึงตาเดิน) "
                   "การเดินซ้ำแบบนี้ถือว่าแพ้")


def why_illegal(pos: Position, move: MoveText, rules: MoveRules) -> EngineError:
    """The first reason that applies to a move the generator does not offer."""
    reason, why, why_th = (_drop_refusal if move.frm is None else _board_refusal)(pos, move, rules)
    return illegal(move.text, reason, why, why_th)


def _drop_refusal(pos: Position, move: MoveText, rules: MoveRules) -> tuple[str, str, str]:
    color, kind, to = pos.turn, move.drop, SQUARE_NAMES[move.to]
    name, name_th = name_of(kind)
    side, side_th = SIDE_NAMES[color], SIDE_NAMES_TH[color]
    if move.promote:
        return ("promotion_not_allowed", "a drop never promotes; the piece goes down as it is in hand",
                "การวางหมากไม่มีการเลื่อนขั้น หมากลงกระดานตามสภาพที่อยู่ในมือ")
    if move.privilege:
        return ("privilege_not_allowed", "'^' marks a king capturing a promoted piece, never a drop",
                "'^' ใช้เมื่อขุนกินหมากที่เลื่อนขั้นแล้วเท่านั้น ใช้กับการวางหมากไม่ได้")
    if kind == K or not pos.hands[color][kind]:
        return ("not_in_hand", f"{side} has no {text_of(kind)} ({name}) in hand",
                f"{side_th}ไม่มี{name_th} ({text_of(kind)}) อยู่ในมือ")
    if pos.board[move.to]:
        return ("square_occupied", f"{to} is occupied; a drop goes onto an empty square and never captures",
                f"ช่อง {to} มีหมากอยู่แล้ว การวางหมากต้องวางบนช่องว่างและกินไม่ได้")
    if kind == P and not rules.pawn_drops:
        return ("dead_pawn", "an unpromoted pawn is dead in hand: it can never be dropped",
                "เบี้ยที่ยังไม่เลื่อนขั้นในมือใช้ไม่ได้ วางลงกระดานไม่ได้เลย")
    if DEAD_END[color][kind & 15][move.to] and not kind & PROMOTED:
        return ("no_move_after_drop", f"an unpromoted {name} on {to} could never move, so it cannot be dropped there",
                f"วาง{name_th}ที่ยังไม่เลื่อนขั้นลงที่ช่อง {to} ไม่ได้ เพราะจะเดินต่อไม่ได้อีกเลย")
    return "illegal", "this drop is not allowed", "วางหมากแบบนี้ไม่ได้"


def _board_refusal(pos: Position, move: MoveText, rules: MoveRules) -> tuple[str, str, str]:
    color, board = pos.turn, pos.board
    sign = SIGN[color]
    there, target = SQUARE_NAMES[move.frm], SQUARE_NAMES[move.to]
    side, side_th = SIDE_NAMES[color], SIDE_NAMES_TH[color]
    piece, taken = board[move.frm] * sign, board[move.to] * sign
    if not piece:
        return "no_piece", f"there is no piece on {there}", f"ไม่มีหมากอยู่ที่ {there}"
    if piece < 0:
        return ("not_your_piece", f"it is {side}'s turn and the piece on {there} is the opponent's",
                f"ตานี้{side_th}เดิน แต่หมากที่ {there} เป็นของฝ่ายตรงข้าม")
    name, name_th = name_of(piece)
    if taken > 0:
        return ("own_piece_on_target", f"{side}'s own piece stands on {target}", f"มีหมากของ{side_th}เองอยู่ที่ {target}")
    steps, rays = MOVES[color][piece][move.frm]
    reach = _reach(board, steps, rays)
    if move.to not in reach:
        if any(move.to in ray for ray in rays):
            return ("path_blocked", f"the {name} cannot jump: a piece stands between {there} and {target}",
                    f"{name_th}กระโดดข้ามหมากไม่ได้ มีหมากขวางอยู่ระหว่าง {there} กับ {target}")
        return ("piece_cannot_move_there", f"a {name} cannot move from {there} to {target}",
                f"{name_th}เดินจาก {there} ไป {target} ไม่ได้")
    in_zone = IN_ZONE[color][move.frm] or IN_ZONE[color][move.to]
    if move.promote:
        if piece == K or piece & PROMOTED:
            what = ("the king never promotes", "ขุนเลื่อนขั้นไม่ได้") if piece == K else (
                f"the {name} is already promoted", f"{name_th}เลื่อนขั้นไปแล้ว")
            return "promotion_not_allowed", what[0], what[1]
        if not in_zone:
            return ("promotion_not_allowed", f"a move from {there} to {target} neither starts nor ends in "
                                             f"{side}'s promotion zone (the far three ranks)",
                    f"การเดินจาก {there} ไป {target} ไม่ได้เริ่มหรือจบในเขตเลื่อนขั้นของ{side_th} (สามแถวฝั่งตรงข้าม)")
    elif piece < K and in_zone:
        if DEAD_END[color][piece][move.to]:
            rank = "last rank" if relative_rank(color, move.to) == 7 else "last two ranks"
            rank_th = "แถวสุดท้าย" if relative_rank(color, move.to) == 7 else "สองแถวสุดท้าย"
            return ("promotion_required", f"an unpromoted {name} on the {rank} could never move again: "
                                          f"it must promote (write {quote(move.text + '+')})",
                    f"{name_th}ที่ไปถึง{rank_th}โดยไม่เลื่อนขั้นจะเดินต่อไม่ได้อีก จึงต้องเลื่อนขั้น "
                    f"(เขียน {quote(move.text + '+')})")
        if rules.mandatory_promotion:
            return ("promotion_required", f"under the v1 rules a piece promotes whenever it can (write "
                                          f"{quote(move.text + '+')})",
                    f"กติกา v1 บังคับให้เลื่อนขั้นทุกครั้งที่ทำได้ (เขียน {quote(move.text + '+')})")
    if move.privilege:
        if not rules.privilege:
            return ("privilege_not_allowed", "the v1 rules have no King's privilege",
                    "กติกา v1 ไม่มีสิทธิ์ของขุน")
        if piece != K:
            return ("privilege_not_allowed", "only the king has the privilege of keeping a captured piece promoted",
                    "มีแต่ขุนเท่านั้นที่มีสิทธิ์เก็บหมากที่กินได้ไว้ในมือแบบเลื่อนขั้น")
        return ("privilege_not_allowed", f"the king captures nothing promoted on {target}, so there is nothing to "
                                         "keep promoted",
                f"ขุนไม่ได้กินหมากที่เลื่อนขั้นแล้วที่ช่อง {target} จึงไม่มีอะไรให้เก็บไว้แบบเลื่อนขั้น")
    return "illegal", "this move is not allowed", "เดินแบบนี้ไม่ได้"


def _reach(board: list[int], steps, rays) -> set[int]:
    """Squares the piece's movement reaches (empty or occupied), sliders stopping at the first piece."""
    reach = set(steps)
    for ray in rays:
        for t in ray:
            reach.add(t)
            if board[t]:
                break
    return reach
