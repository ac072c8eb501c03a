"""Reading move text: the legal move it names, or ILLEGAL_MOVE with a stable reason code and one short
sentence in English and in Thai.

As for Makruk, the Thai message is the reason alone, so a page can show it as it is; the English
one quotes the move. A partial capture names how it must go on; a route through a square it
cannot reach names that square. Reason codes (``error.reason``):

========================== ==================================================================
``light_square``           a square of the move is light: no piece ever stands there
``no_piece``               no piece on the from-square
``not_your_piece``         the piece there belongs to the side not to move
``square_occupied``        the step, slide or landing square holds a piece
``piece_cannot_move_there`` a man not one step diagonally forward, a king off its diagonals
``path_blocked``           a piece stands in a king's way
``capture_written_as_step`` a capture written with '-' (it lists every landing square with 'x')
``capture_compulsory``     a move that takes nothing while a capture is there (strict, A-H6)
``capture_claimed``        the opponent claimed a missed capture: a capture must be made now
``no_capture``             the piece written with 'x' has no capture
``capture_unfinished``     the capture stops while it can go on (A-H7); the message names how
``crowned_move_ends``      the route goes on after a man was crowned (A-H8)
``not_on_diagonal``        a landing square off the diagonals of the square before it
``man_captures_forward``   a man's capture backwards
``man_jumps_adjacent``     a man's capture longer than one jump
``own_piece_in_way``       the mover's own piece between two landing squares
``nothing_to_capture``     no enemy piece between two landing squares
``two_pieces_in_way``      more than one piece between two landing squares
``king_lands_just_beyond`` a king landing farther than just beyond the piece it takes (A-H3)
``no_turning_back``        a king's jump straight back under kingContinuation 'noReverse' (A-H4)
``must_land_to_continue``  under kingLanding 'any': a landing from which the capture cannot go on
                           while another can
``unreachable_square``     any other landing square no capture of the piece reaches
========================== ==================================================================
"""

from __future__ import annotations

import re

from .. import errors
from ..core.grid import SQUARE_INDEX
from ..errors import EngineError, quote
from .board import BIT, DARK, FAR_ROW, FORWARD, RAYS, name
from .fen import SIDE_WORDS, SIDE_WORDS_TH
from .notation import MOVE_PATTERN, move_text
from .options import Rules
from .position import Position

Why = tuple[str, str, str]  # reason code, English, Thai
SHOWN = 6  # moves listed in a message at most


def parse_move(text: object, position: Position, rules: Rules, forced: bool) -> tuple:
    """The legal move written ``text``; BAD_MOVE for its form, ILLEGAL_MOVE with the reason."""
    if not isinstance(text, str):
        raise EngineError(errors.BAD_TYPE, f"a move must be a string, got {type(text).__name__}",
                          f"ตาเดินต้องเป็นข้อความ แต่ได้ {type(text).__name__}")
    if MOVE_PATTERN.fullmatch(text) is None:
        raise EngineError(errors.BAD_MOVE,
                          f"{quote(text)} is not a move; write a step as from-square '-' to-square, like 'c3-d4', "
                          "and a capture as the start square and every landing square joined by 'x', like 'c3xe5xg7'",
                          f"{quote(text)} ไม่ใช่ตาเดิน ให้เขียนช่องต้นทาง '-' ช่องปลายทาง เช่น 'c3-d4' "
                          "ส่วนการกินให้เขียนช่องต้นทางและทุกช่องที่ลงต่อกันด้วย 'x' เช่น 'c3xe5xg7'")
    for move in position.legal_moves(rules, forced):
        if move_text(move) == text:
            return move
    squares = [SQUARE_INDEX[s] for s in re.findall(r"[a-h][1-8]", text)]
    reason, english, thai = why_illegal(squares, "-" in text, position, rules, forced)
    raise EngineError(errors.ILLEGAL_MOVE, f"illegal move {quote(text)}: {english}", thai, reason=reason)


def _listing(moves: list[tuple]) -> str:
    texts = sorted(move_text(m) for m in moves)
    more = len(texts) - SHOWN
    return ", ".join(texts[:SHOWN]) + (f" (+{more})" if more > 0 else "")


def why_illegal(squares: list[int], step: bool, position: Position, rules: Rules, forced: bool) -> Why:
    """The first reason that applies, in the order a player would look."""
    frm = squares[0]
    light = next((sq for sq in squares if not DARK & BIT[sq]), None)
    if light is not None:
        return ("light_square", f"{name(light)} is a light square; pieces stand and move only on the dark squares",
                f"{name(light)} เป็นช่องสีอ่อน หมากอยู่และเดินได้เฉพาะบนช่องสีเข้ม")
    if not position.own & BIT[frm]:
        if position.other & BIT[frm]:
            side, other = position.side, 1 - position.side
            return ("not_your_piece",
                    f"it is {SIDE_WORDS[side]}'s turn; the piece on {name(frm)} is {SIDE_WORDS[other]}'s",
                    f"ตานี้{SIDE_WORDS_TH[side]}เดิน หมากที่ {name(frm)} เป็นของ{SIDE_WORDS_TH[other]}")
        return "no_piece", f"there is no piece on {name(frm)}", f"ไม่มีหมากอยู่ที่ {name(frm)}"
    captures = position.captures(rules)
    mine = [m for m in captures if m[0] == frm]
    if step:
        return _why_step(frm, squares[1], position, captures, mine, forced)
    return _why_capture(frm, squares[1:], position, mine, rules)


def _why_step(frm: int, to: int, position: Position, captures: list, mine: list, forced: bool) -> Why:
    written = [m for m in mine if m[4][0] == to]
    if written:
        return ("capture_written_as_step",
                f"a capture is written with 'x' and every landing square: {_listing(written)}",
                f"การกินต้องเขียนด้วย 'x' และทุกช่องที่ลง: {_listing(written)}")
    fault = step_fault(frm, to, position)
    if fault:
        return fault
    if forced:
        return ("capture_claimed",
                f"the missed capture was claimed, so a capture must be made now: {_listing(captures)}",
                f"ฝ่ายตรงข้ามทักท้วงให้กินแล้ว ตานี้ต้องกิน: {_listing(captures)}")
    return ("capture_compulsory", f"capturing is compulsory and a capture is there: {_listing(captures)}",
            f"กินได้ต้องกิน ตานี้มีตากิน: {_listing(captures)}")


def _line(frm: int, to: int) -> tuple[int, tuple[int, ...]] | None:
    """(direction, squares from ``frm`` up to ``to``) when ``to`` is on a diagonal of ``frm``."""
    for d, ray in enumerate(RAYS[frm]):
        if to in ray:
            return d, ray[:ray.index(to) + 1]
    return None


def step_fault(frm: int, to: int, position: Position) -> Why | None:
    """Why the piece on ``frm`` cannot step or slide to ``to``; None when it could (captures aside)."""
    occupied = position.white | position.black
    line = _line(frm, to)
    if occupied & BIT[to]:
        return "square_occupied", f"{name(to)} is occupied", f"ช่อง {name(to)} มีหมากอยู่แล้ว"
    if position.is_king(frm):
        if line is None:
            return ("piece_cannot_move_there", "a king moves only along a diagonal", "ฮอสเดินได้เฉพาะตามแนวทแยง")
        block = next((sq for sq in line[1] if occupied & BIT[sq]), None)
        if block is not None:
            return "path_blocked", f"the piece on {name(block)} blocks the way", f"หมากที่ {name(block)} ขวางทางอยู่"
        return None
    if line is None or line[0] not in FORWARD[position.side] or len(line[1]) != 1:
        return ("piece_cannot_move_there", "a man moves one square diagonally forward",
                "เบี้ยเดินไปข้างหน้าตามแนวทแยงได้ทีละหนึ่งช่องเท่านั้น")
    return None


def _why_capture(frm: int, path: list[int], position: Position, mine: list, rules: Rules) -> Why:
    if not mine:
        hint = ("", "")
        if len(path) == 1 and step_fault(frm, path[0], position) is None:
            hint = (f"; a move that takes nothing is written {name(frm)}-{name(path[0])}",
                    f" ถ้าไม่ได้กินให้เขียน {name(frm)}-{name(path[0])}")
        return ("no_capture", f"the piece on {name(frm)} has no capture{hint[0]}",
                f"หมากที่ {name(frm)} ไม่มีตากิน{hint[1]}")
    for i in range(len(path)):
        if not any(m[4][:i + 1] == tuple(path[:i + 1]) for m in mine):
            return _why_hop(frm, path, i, position, mine, rules)
    going_on = [m for m in mine if m[4][:len(path)] == tuple(path)]
    return ("capture_unfinished", f"the capture is not finished; it must go on: {_listing(going_on)}",
            f"ยังกินไม่จบ ต้องกินต่อ: {_listing(going_on)}")


def _why_hop(frm: int, path: list[int], i: int, position: Position, mine: list, rules: Rules) -> Why:
    """Why the hop to ``path[i]`` is in no capture of the piece on ``frm`` (after the legal ``path[:i]``)."""
    start, target = (frm if i == 0 else path[i - 1]), path[i]
    route = next(m for m in mine if m[4][:i] == tuple(path[:i]))
    reason, english, thai = _hop_fault(frm, path[:i], target, route[3][:i], position, rules) or (
        "unreachable_square", "", "")
    head_en = f"from {name(start)} the piece cannot capture to {name(target)}"
    head_th = f"จาก {name(start)} กินไปลง {name(target)} ไม่ได้"
    if not english:
        return reason, head_en, head_th
    return reason, f"{head_en}: {english}", f"{head_th} เพราะ{'' if _is_thai(thai[0]) else ' '}{thai}"


def _is_thai(ch: str) -> bool:
    return "\u0e00" <= ch <= "\u0e7f"


def _hop_fault(frm: int, before: list[int], target: int, taken: tuple, position: Position, rules: Rules) -> Why | None:
    king = position.is_king(frm)
    start = before[-1] if before else frm
    if not king and before and BIT[start] & FAR_ROW[position.side]:
        return ("crowned_move_ends", f"the man was crowned on {name(start)} and the move ends there",
                f"เบี้ยเข้าฮอสที่ {name(start)} แล้ว ตาเดินจบตรงนั้น")
    line = _line(start, target)
    if line is None:
        return ("not_on_diagonal", f"{name(target)} is not on a diagonal of {name(start)}",
                f"{name(target)} ไม่อยู่ในแนวทแยงเดียวกับ {name(start)}")
    direction, squares = line
    if not king and direction not in FORWARD[position.side]:
        return "man_captures_forward", "a man captures only forward", "เบี้ยกินได้เฉพาะไปข้างหน้า"
    gone = sum(BIT[sq] for sq in taken)
    occupied = (position.white | position.black) & ~BIT[frm] & ~gone
    if occupied & BIT[target]:
        return "square_occupied", f"{name(target)} is occupied", f"ช่อง {name(target)} มีหมากอยู่แล้ว"
    if not king and len(squares) != 2:
        return ("man_jumps_adjacent", "a man jumps only a piece right next to it, onto the square just beyond",
                "เบี้ยกินได้เฉพาะหมากที่อยู่ติดกัน และต้องลงช่องที่อยู่ถัดไปทันที")
    between = [sq for sq in squares[:-1] if occupied & BIT[sq]]
    own = [sq for sq in between if not position.other & BIT[sq]]
    enemy, enemy_th = SIDE_WORDS[1 - position.side], SIDE_WORDS_TH[1 - position.side]
    if own:
        return ("own_piece_in_way", f"its own piece on {name(own[0])} is in the way",
                f"หมากฝ่ายเดียวกันที่ {name(own[0])} ขวางทางอยู่")
    if not between:
        return ("nothing_to_capture", f"there is no {enemy} piece between {name(start)} and {name(target)} to take",
                f"ระหว่าง {name(start)} กับ {name(target)} ไม่มีหมากของ{enemy_th}ให้กิน")
    if len(between) > 1:
        return ("two_pieces_in_way", f"more than one piece stands between {name(start)} and {name(target)}",
                f"ระหว่าง {name(start)} กับ {name(target)} มีหมากมากกว่าหนึ่งตัว")
    beyond = squares[squares.index(between[0]) + 1]
    if king and beyond != target and not rules.any_landing:
        return ("king_lands_just_beyond",
                f"a king lands on the square just beyond the piece it takes, here {name(beyond)}",
                f"ฮอสต้องลงช่องที่อยู่ถัดจากหมากที่ถูกกินทันที ในที่นี้คือ {name(beyond)}")
    came = _line(before[-2] if len(before) > 1 else frm, start) if before else None
    if king and rules.no_reverse and came and direction == 3 - came[0]:
        return ("no_turning_back", "a king may not jump straight back (option kingContinuation 'noReverse')",
                "ฮอสกินย้อนกลับทางเดิมไม่ได้ (ตัวเลือก kingContinuation เป็น 'noReverse')")
    if king and rules.any_landing:
        return ("must_land_to_continue", "where a landing square lets the king capture again, it must land there",
                "ถ้ามีช่องลงที่ทำให้กินต่อได้ ฮอสต้องลงช่องนั้น")
    return None
