"""A Makruk game: a start position, rule options and the moves played from it.

Everything that needs the history lives here: repetition, counting, the game's end.
"""

from __future__ import annotations

from . import counting, errors
from .errors import EngineError
from .makruk import BLACK, COLOR_NAMES, WHITE, Position, move_uci
from .options import Option

BOOL = (False, True)

OPTIONS = (
    Option("repetitionCount", 4, (3, 4, 5),
           "Draw when the same position (pieces and side to move) occurs this many times.",
           "เสมอเมื่อตำแหน่งเดิม (หมากและฝ่ายที่เดิน) เกิดขึ้นครบจำนวนครั้งนี้", "A-M12"),
    Option("kingKnightLeap", False, BOOL,
           "Old street rule: an unmoved Khun that is not in check may leap like a Ma once.",
           "กติกาแบบเก่า: ขุนที่ยังไม่เคยเดินและไม่ถูกรุกกระโดดแบบม้าได้หนึ่งครั้ง", "A-M13"),
    Option("metDoubleStep", False, BOOL,
           "Old street rule: an unmoved Met may step two squares straight forward once.",
           "กติกาแบบเก่า: เม็ดที่ยังไม่เคยเดินเดินตรงไปข้างหน้าสองช่องได้หนึ่งครั้ง", "A-M13"),
    Option("bareKingsDraw", True, BOOL,
           "Khun against Khun alone is an immediate draw.",
           "เหลือขุนต่อขุนเป็นเสมอทันที", "A-M14"),
    Option("boardCountStart", "claim", ("claim", "automatic"),
           "Board's honour starts when a player asks (claim) or by itself once no unpromoted Bia remain.",
           "ศักดิ์กระดานเริ่มเมื่อผู้เล่นขอนับ (claim) หรือเริ่มเองเมื่อไม่มีเบี้ยคว่ำเหลือ", "A-M4"),
    Option("piecesCountStart", "automatic", ("automatic", "claim"),
           "Pieces' honour starts by itself when a side is bare, or only when the bare side asks.",
           "ศักดิ์หมากเริ่มเองเมื่อฝ่ายหนึ่งเหลือขุนตัวเดียว หรือเริ่มเมื่อฝ่ายนั้นขอนับ", "A-M4"),
    Option("boardCountClaimant", "any", ("any", "fewerMaterial"),
           "Who may ask for a board's-honour count: either player, or only the side with less material.",
           "ผู้ที่ขอนับศักดิ์กระดานได้: ผู้เล่นฝ่ายใดก็ได้ หรือเฉพาะฝ่ายที่มีหมากน้อยกว่า", "A-M3"),
    Option("bareKingDuringBoardCount", "switch", ("switch", "defenderChooses"),
           "When the counting side loses its last piece: switch to pieces' honour, or let it choose.",
           "เมื่อฝ่ายที่นับเสียหมากตัวสุดท้าย: เปลี่ยนเป็นศักดิ์หมากทันที หรือให้ฝ่ายนั้นเลือก", "A-M2"),
    Option("limitOrder", "fsf", ("fsf", "khonBeforeKnights"),
           "Order of the pieces' honour limit table for mixed material.",
           "ลำดับการใช้ตารางศักดิ์หมากเมื่อมีหมากหลายชนิด", "A-M5"),
    Option("countExpiry", "automatic", ("automatic", "claim"),
           "When the count runs out the game is drawn at once, or only when the counter claims it.",
           "เมื่อนับครบ เกมเสมอทันที หรือเสมอเมื่อฝ่ายที่นับขอ", "A-M7"),
    Option("mateWhileCounting", "draw", ("draw", "win"),
           "A checkmate given by the counting side while its count runs is a draw, or a win.",
           "ฝ่ายที่กำลังนับรุกจนระหว่างนับ ให้เสมอ หรือให้ชนะ", "A-M8"),
    Option("recomputeLimitOnDefenderCapture", False, BOOL,
           "If the bare Khun captures during pieces' honour, recompute the limit from what is left.",
           "ถ้าขุนที่เหลือตัวเดียวกินหมากระหว่างนับศักดิ์หมาก ให้คิดขีดจำกัดใหม่ตามหมากที่เหลือ", "A-M9"),
    Option("minAttackerMoves", 0, (0, 1),
           "Moves the attacker always gets when the start number is already past the limit.",
           "จำนวนตาที่ฝ่ายรุกได้เดินเสมอ เมื่อเลขเริ่มนับเกินขีดจำกัดแล้ว", "A-M11"),
)

ONGOING = "ongoing"
DRAW_ACTION = "count-draw"


class MakrukGame:
    """A start position plus played moves, with the status the rules give it."""

    def __init__(self, fen: object, options: dict):
        start = Position.from_fen(fen)
        counting.adopt_fen_fields(start, fen)
        self.options = options
        self.street = (options["kingKnightLeap"], options["metDoubleStep"])
        self.position = start
        self.history = [start.key()]
        self.last_move: str | None = None
        self.claimed_draw = False
        self._status: dict | None = None
        self._legal: list[int] | None = None

    def legal_moves(self) -> list[int]:
        """Legal moves of the current position (empty when the game is over)."""
        if self._legal is None:
            self._legal = self.position.legal_moves(self.street)
        return self._legal if self.status()["result"] == ONGOING else []

    def actions(self) -> list[str]:
        """Counting actions the side to move may take now."""
        if self.status()["result"] != ONGOING:
            return []
        found = counting.available_actions(self.position, self.options)
        if self._draw_claimable():
            found.append(DRAW_ACTION)
        return found

    def play(self, text: object) -> None:
        """Play a UCI move or a counting action; raise EngineError if it is not allowed."""
        status = self.status()
        if status["result"] != ONGOING:
            raise EngineError(errors.GAME_OVER,
                              f"the game is over ({status['result']}, {status['reason']}); no more moves",
                              "เกมจบแล้ว เดินต่อไม่ได้")
        pos = self.position
        if text == DRAW_ACTION:
            if not self._draw_claimable():
                raise EngineError(errors.COUNT_NOT_ALLOWED, "count-draw is not allowed: the count has not run out",
                                  "ขอเสมอจากการนับไม่ได้: ยังนับไม่ครบ")
            self.claimed_draw = True
        elif text in counting.ACTIONS:
            counting.apply_action(pos, text, self.options)
        else:
            move = pos.parse_move(text, self.street)
            captured = pos.push(move)
            counting.after_move(pos, captured, self.options)
            self.history.append(pos.key())
            self.last_move = move_uci(move)
        self._status = self._legal = None

    def _draw_claimable(self) -> bool:
        pos = self.position
        return (self.options["countExpiry"] == "claim" and counting.expired(pos, self.options)
                and counting.counter(pos) == pos.turn and not self.claimed_draw)

    def status(self) -> dict:
        """``result``, ``reason``, ``check`` and ``counting`` of the current position."""
        if self._status is None:
            self._status = self._compute_status()
        return self._status

    def _compute_status(self) -> dict:
        pos = self.position
        check = pos.in_check()
        result, reason = ONGOING, None
        if self._legal is None:
            self._legal = pos.legal_moves(self.street)
        mover = BLACK if pos.turn == WHITE else WHITE
        if not self._legal:
            if check and counting.counter(pos) == mover and self.options["mateWhileCounting"] == "draw":
                result, reason = "draw", "mate_while_counting"
            elif check:
                result, reason = f"{COLOR_NAMES[mover]}_wins", "checkmate"
            else:
                result, reason = "draw", "stalemate"
        elif self.options["bareKingsDraw"] and pos.piece_count() == 2:
            result, reason = "draw", "insufficient_material"
        elif self.claimed_draw or (self.options["countExpiry"] == "automatic"
                                   and counting.expired(pos, self.options)):
            result, reason = "draw", "counting"
        elif self.history.count(self.history[-1]) >= self.options["repetitionCount"]:
            result, reason = "draw", "repetition"
        return {"result": result, "reason": reason, "check": check, "counting": counting.describe(pos)}
