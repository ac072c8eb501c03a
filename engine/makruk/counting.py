"""Makruk counting (การนับศักดิ์): board's honour and pieces' honour.

Spec: ../shared/rules/makruk.md §1.2 and A-M1 … A-M11. The state lives in the position's
Fairy-Stockfish fields: ``count_limit`` (the limit in plies, 0 when no count runs) and
``count_ply``. The counter is the side to move when ``count_ply`` is even. A count is over
when ``count_ply`` reaches the draw ply and the counter, now to move, is not mated.
"""

from __future__ import annotations

from .. import errors
from ..errors import EngineError, quote
from .position import BLACK, COLOR_NAMES, WHITE, Position

BOARD_LIMIT = 64
# Who has less material: the board's honour counter (automatic start, fewerMaterial claims).
MATERIAL_POINTS = {"R": 5.0, "N": 3.0, "S": 2.5, "M": 1.5, "F": 1.5, "P": 1.0, "K": 0.0}
POSSIBLE_LIMITS = (8, 16, 22, 32, 44, 64)


def other(color: str) -> str:
    """The opponent of ``color``."""
    return BLACK if color == WHITE else WHITE


def pieces_limit(pos: Position, strong: str, order: str) -> int:
    """The pieces' honour limit L (in moves) by the stronger side's material (A-M5 order)."""
    m = pos.material(strong)
    table = [(m["R"] >= 2, 8), (m["R"] == 1, 16), (m["S"] >= 2, 22), (m["N"] >= 2, 32), (m["S"] == 1, 44)]
    if order == "khonBeforeKnights":
        table[3], table[4] = table[4], table[3]
    return next((limit for applies, limit in table if applies), 64)


def counter(pos: Position) -> str | None:
    """The side counting, or None when no count runs."""
    if not pos.count_limit:
        return None
    return pos.turn if pos.count_ply % 2 == 0 else other(pos.turn)


def draw_ply(pos: Position, options: dict) -> int:
    """The counting ply at which the count expires (A-M6, A-M11)."""
    return max(pos.count_limit, 2 * (pos.count_start - 1) + 2 * options["minAttackerMoves"])


def material_points(pos: Position, color: str) -> float:
    """``color``'s material in MATERIAL_POINTS (who has less material)."""
    return sum(MATERIAL_POINTS[kind] * n for kind, n in pos.material(color).items())


def announced(pos: Position) -> int:
    """The number the counter announced with his last counted move (0 before the first)."""
    first_ply = 2 * (pos.count_start - 1)
    return (pos.count_ply + 1) // 2 if pos.count_ply > first_ply else 0


def describe(pos: Position) -> dict:
    """``status.counting`` for the JSON door."""
    who = counter(pos)
    if who is None:
        return {"kind": None, "counter": None, "count": None, "start": None, "limit": None}
    return {"kind": pos.count_kind, "counter": COLOR_NAMES[who], "count": announced(pos),
            "start": pos.count_start, "limit": pos.count_limit // 2}


def adopt_fen_fields(pos: Position, fen: str, options: dict) -> None:
    """Derive kind and start of a count read from FEN, and refuse counting fields no game can reach.

    The FEN carries only the limit and the counting ply (as Fairy-Stockfish writes them), so:
    the counter is the side whose turn the ply's parity gives; a bare counter counts pieces'
    honour unless the options let a bared counter keep a board count and the ply shows that
    it must be one; the start of pieces' honour is the pieces on the board + 1 (a bare Khun's
    captures since the count began cannot be seen), raised only as far as the count must have
    run (a count read from FEN had not run out on the ply before, unless the counter claims).
    """
    if not pos.count_limit:
        return
    who = counter(pos)

    def impossible(what: str, what_th: str) -> EngineError:
        return EngineError(errors.ILLEGAL_POSITION, f"impossible counting fields in {quote(fen)}: {what}",
                           f"ช่องการนับใน {quote(fen)} เป็นไปไม่ได้: {what_th}", "position")
    if pos.count_limit % 2 or pos.count_limit // 2 not in POSSIBLE_LIMITS:
        raise impossible(f"the limit field must be twice one of {POSSIBLE_LIMITS} (plies), not {pos.count_limit}",
                         f"ช่องขีดจำกัดต้องเป็นสองเท่าของ {POSSIBLE_LIMITS} (ครึ่งตา) ไม่ใช่ {pos.count_limit}")
    if pos.has_unpromoted_bia():
        raise impossible("a count cannot run while an unpromoted Bia is on the board",
                         "จะนับศักดิ์ไม่ได้ขณะที่ยังมีเบี้ยคว่ำอยู่บนกระดาน")
    if pos.is_bare(other(who)) and not pos.is_bare(who):
        raise impossible(f"{COLOR_NAMES[who]} cannot count against a bare Khun",
                         "ฝ่ายที่นับต้องไม่ใช่ฝ่ายที่ได้เปรียบซึ่งอีกฝ่ายเหลือขุนตัวเดียว")
    if pos.is_bare(who):
        # Captures by the bare Khun can only raise the table's limit, never lower it (A-M9).
        most = max(pieces_limit(pos, other(who), order) for order in ("fsf", "khonBeforeKnights"))
        board_count_kept = pos.count_limit == 2 * BOARD_LIMIT and keeps_board_count(options) and (
            most < BOARD_LIMIT or pos.count_ply < 2 * pos.piece_count())
        if not board_count_kept and pos.count_limit > 2 * most:
            raise impossible(f"the limit ({pos.count_limit // 2} moves) is more than the material allows ({most})",
                             f"ขีดจำกัด ({pos.count_limit // 2} ตา) มากกว่าที่หมากบนกระดานให้ได้ ({most})")
        if board_count_kept:
            pos.count_kind, pos.count_start = "board", 1
        else:
            pos.count_kind, pos.count_start = "pieces", pos.piece_count() + 1
            automatic = options["countExpiry"] == "automatic"
            while automatic and pos.count_ply > pos.count_start * 2 - 2 and expired(_before(pos), options):
                pos.count_start += 1
    else:
        if pos.count_limit != 2 * BOARD_LIMIT:
            raise impossible(f"while both sides have pieces the limit must be {2 * BOARD_LIMIT} plies",
                             f"ขณะที่ทั้งสองฝ่ายยังมีหมาก ขีดจำกัดต้องเป็น {2 * BOARD_LIMIT} ครึ่งตา")
        pos.count_kind, pos.count_start = "board", 1
    if options["countExpiry"] == "automatic" and pos.count_ply > max(draw_ply(pos, options), 2 * pos.count_start):
        raise impossible(f"the count ({pos.count_ply} plies) is past the limit ({pos.count_limit} plies)",
                         f"การนับ ({pos.count_ply} ครึ่งตา) เกินขีดจำกัด ({pos.count_limit} ครึ่งตา)")


def keeps_board_count(options: dict) -> bool:
    """May a counter bared during its board count keep counting board's honour (A-M2)?"""
    return options["bareKingDuringBoardCount"] == "defenderChooses" or options["piecesCountStart"] == "claim"


def _before(pos: Position) -> Position:
    """The counting fields one ply earlier (for :func:`adopt_fen_fields`)."""
    earlier = pos.copy()
    earlier.count_ply -= 1
    earlier.turn = other(pos.turn)
    return earlier


def _start(pos: Position, kind: str, limit: int, ply: int, start: int) -> None:
    pos.count_kind, pos.count_limit, pos.count_ply, pos.count_start = kind, 2 * limit, ply, start


def _start_pieces(pos: Position, options: dict) -> None:
    """Start pieces' honour for the bare side to move (§1.2 pieces' honour 1–4)."""
    pieces = pos.piece_count()
    _start(pos, "pieces", pieces_limit(pos, other(pos.turn), options["limitOrder"]), 2 * pieces, pieces + 1)


def stop(pos: Position) -> None:
    """End the running count. FEN field 5 shows the half-move clock again, from 0: while the
    count ran, the field showed the count, so no FEN could have carried the clock."""
    pos.count_kind, pos.count_limit, pos.count_ply, pos.count_start = None, 0, 0, 0
    pos.halfmove = 0


def after_move(pos: Position, captured: str | None, options: dict) -> None:
    """Advance or start counts after a move was pushed onto ``pos``."""
    mover = other(pos.turn)
    if pos.count_limit:
        pos.count_ply += 1
    running = counter(pos)
    if pos.has_unpromoted_bia():
        return
    automatic = options["piecesCountStart"] == "automatic"
    if running is None and captured in ("P", "p") and pos.is_bare(mover) and not pos.is_bare(pos.turn) \
            and automatic:
        # A bare Khun took the last Bia: it counts from its next move on (as Fairy-Stockfish does).
        pieces = pos.piece_count()
        _start(pos, "pieces", pieces_limit(pos, pos.turn, options["limitOrder"]), 2 * pieces - 1, pieces + 1)
        return
    if pos.is_bare(pos.turn) and not pos.is_bare(mover):
        if running is None:
            if automatic:
                _start_pieces(pos, options)
            return
        if captured is not None and pos.count_kind == "board":
            # A capture bared the side to move during a board count (A-M2). A counter who was
            # bared keeps its count when the options let it choose (or claim pieces' honour);
            # a counter who bared its opponent cannot count board's honour against a bare Khun.
            if running == pos.turn and keeps_board_count(options):
                return
            if automatic:
                _start_pieces(pos, options)
            else:
                stop(pos)
            return
    if (captured is not None and running == mover and pos.count_kind == "pieces"
            and options["recomputeLimitOnDefenderCapture"]):
        pos.count_limit = 2 * pieces_limit(pos, pos.turn, options["limitOrder"])
    if running is None and not pos.is_bare(pos.turn) and not pos.is_bare(mover) and board_count_starts(pos, options):
        _start(pos, "board", BOARD_LIMIT, 0, 1)


def board_count_starts(pos: Position, options: dict) -> bool:
    """Does board's honour start by itself now, counted by the side to move (A-M4)?

    ``automatic``: the side with less material counts, from its own turn on; on equal material
    nobody is at a disadvantage and no count starts by itself (either side may still claim).
    ``fsf``: whoever moves next counts, as Fairy-Stockfish does.
    """
    start = options["boardCountStart"]
    if start == "fsf":
        return True
    return start == "automatic" and material_points(pos, pos.turn) < material_points(pos, other(pos.turn))


ACTIONS = ("count-start", "count-stop")


def available_actions(pos: Position, options: dict) -> list[str]:
    """Counting actions the side to move may take now."""
    return [action for action in ACTIONS if refusal(pos, action, options) is None]


def refusal(pos: Position, action: str, options: dict) -> EngineError | None:
    """None if ``action`` is allowed now, else the COUNT_NOT_ALLOWED error saying why."""
    us = pos.turn

    def refuse(reason: str, why: str, why_th: str) -> EngineError:
        return EngineError(errors.COUNT_NOT_ALLOWED, f"{action} is not allowed: {why}",
                           f"ทำ {action} ไม่ได้: {why_th}", reason=reason)

    running = counter(pos)
    if action == "count-stop":
        if running is None:
            return refuse("no_count", "no count is running", "ยังไม่มีการนับอยู่")
        if running != us:
            return refuse("not_the_counter",
                          f"only the counter ({COLOR_NAMES[running]}) may stop the count, on his own turn",
                          "ผู้ที่นับเท่านั้นที่หยุดนับได้ และต้องเป็นตาเดินของตน")
        if pos.count_kind != "board":
            return refuse("pieces_count_unstoppable",
                          "pieces' honour cannot be stopped; only a board's-honour count can",
                          "ศักดิ์หมากหยุดไม่ได้ หยุดได้เฉพาะการนับศักดิ์กระดาน")
        return None
    if pos.has_unpromoted_bia():
        return refuse("unpromoted_bia", "an unpromoted Bia is still on the board", "ยังมีเบี้ยคว่ำอยู่บนกระดาน")
    switching = running == us and pos.count_kind == "board" and pos.is_bare(us) and keeps_board_count(options)
    if running is not None and not switching:
        return refuse("count_running", "a count is already running", "กำลังนับอยู่แล้ว")
    if pos.is_bare(other(us)):
        return refuse("opponent_bare", "the opponent has only his Khun; he is the one who counts",
                      "อีกฝ่ายเหลือขุนตัวเดียว ฝ่ายนั้นเป็นผู้นับ")
    if pos.is_bare(us):
        if options["piecesCountStart"] == "automatic" and not switching:
            return refuse("pieces_count_automatic", "pieces' honour starts by itself",
                          "ศักดิ์หมากเริ่มนับเองโดยอัตโนมัติ")
        return None
    if options["boardCountClaimant"] == "fewerMaterial":
        if material_points(pos, us) >= material_points(pos, other(us)):
            return refuse("not_fewer_material",
                          "only the side with less material may ask for a board's-honour count",
                          "ฝ่ายที่มีหมากน้อยกว่าเท่านั้นที่ขอนับศักดิ์กระดานได้")
    return None


def claim_helps(pos: Position, options: dict) -> bool:
    """Would ``count-start`` (allowed now) help the side to move? A count can only save the side
    with less material; a bared counter switching its board's honour to pieces' honour gains
    only when the new count runs out sooner."""
    us = pos.turn
    if counter(pos) is None:
        return material_points(pos, us) < material_points(pos, other(us))
    switched = pos.copy()
    apply_action(switched, "count-start", options)
    return draw_ply(switched, options) - switched.count_ply < draw_ply(pos, options) - pos.count_ply


def apply_action(pos: Position, action: str, options: dict) -> None:
    """Carry out a counting action, or raise the COUNT_NOT_ALLOWED error of :func:`refusal`."""
    error = refusal(pos, action, options)
    if error is not None:
        raise error
    if action == "count-stop":
        stop(pos)
    elif pos.is_bare(pos.turn):
        _start_pieces(pos, options)
    else:
        _start(pos, "board", BOARD_LIMIT, 0, 1)


def expired(pos: Position, options: dict) -> bool:
    """Has the running count reached its draw point?

    The counter is to move then (the draw ply is even). A count that starts past its limit
    is over at once (A-M11), even when it started on the bare side's own capture of the last
    Bia, with the attacker to move.
    """
    if not pos.count_limit:
        return False
    if options["minAttackerMoves"] == 0 and 2 * (pos.count_start - 1) >= pos.count_limit:
        return True
    return pos.count_ply % 2 == 0 and pos.count_ply >= draw_ply(pos, options)
