"""Mak-hot position text: PDN-style FEN with algebraic squares (DESIGN.md), parsed then validated.

``W:Wa1,c1,Kd4:Bb8,d8`` is the side to move (``W`` or ``B``), then White's pieces and Black's,
each list behind its colour letter (either order; ``K`` marks a king; a side with no piece is
its letter alone). Two optional fields carry what ``captureRule = claimable`` (A-H6) adds to a
position, so that every position the engine writes reads back to an equal state:

* ``:Mc3-d4`` (``:MKc3-d4`` when a king moved): the last move, c3-d4, took nothing although a
  capture was there; the side to move may claim it. The board is the one after the move.
* ``:C``: a missed capture was claimed; the side to move must capture now.
"""

from __future__ import annotations

from typing import NamedTuple

from .. import errors
from ..core.grid import SQUARE_INDEX
from ..errors import EngineError, quote
from .board import BIT, BLACK, DARK, FAR_ROW, SIDE_LETTERS, WHITE, name, squares_of
from .options import Rules
from .position import Position

START_POSITION = "W:Wa1,c1,e1,g1,b2,d2,f2,h2:Ba7,c7,e7,g7,b8,d8,f8,h8"
MAX_PIECES = 8
SIDE_WORDS = ("White", "Black")
SIDE_WORDS_TH = ("ฝ่ายขาว", "ฝ่ายดำ")
EXAMPLE = "'W:Wa1,c1,Kd4:Bb8,d8'"


class Setup(NamedTuple):
    """A parsed position and the claimable-capture fields: ``missed`` is (from, to, was a king) or None."""

    position: Position
    forced: bool = False
    missed: tuple[int, int, bool] | None = None


def _bad(text: str, what: str, what_th: str) -> EngineError:
    return EngineError(errors.BAD_POSITION, f"bad position {quote(text)}: {what}",
                       f"ตำแหน่ง {quote(text)} เขียนไม่ถูกต้อง: {what_th}", "position")


def _impossible(text: str, what: str, what_th: str) -> EngineError:
    return EngineError(errors.ILLEGAL_POSITION, f"impossible position {quote(text)}: {what}",
                       f"ตำแหน่ง {quote(text)} เป็นไปไม่ได้: {what_th}", "position")


def _square(text: str, token: str) -> int:
    sq = SQUARE_INDEX.get(token)
    if sq is None:
        raise _bad(text, f"{quote(token, 20)} is not a square: write a file a-h then a rank 1-8, like 'c3'",
                   f"{quote(token, 20)} ไม่ใช่ชื่อช่อง ให้เขียนตัวอักษร a-h ตามด้วยเลขแถว 1-8 เช่น 'c3'")
    return sq


def _pieces(text: str, field: str) -> list[tuple[int, bool]]:
    """(square, is a king) of every entry of a colour field (without its letter)."""
    out = []
    for token in field.split(",") if field else ():
        king = token.startswith("K")
        out.append((_square(text, token[1:] if king else token), king))
    return out


def parse(text: object, rules: Rules) -> Setup:
    """Read position text; BAD_POSITION for its form, ILLEGAL_POSITION for a position that cannot occur."""
    if not isinstance(text, str):
        raise EngineError(errors.BAD_TYPE, f"'position' must be a string, got {type(text).__name__}",
                          f"'position' ต้องเป็นข้อความ แต่ได้ {type(text).__name__}", "position")
    fields = "".join(text.split()).split(":")
    if fields[0] not in SIDE_LETTERS:
        raise _bad(text, f"it must start with the side to move, 'W' or 'B', then ':' (like {EXAMPLE}), "
                         f"not {quote(fields[0], 20)}",
                   f"ต้องขึ้นต้นด้วยฝ่ายที่จะเดิน 'W' หรือ 'B' แล้วตามด้วย ':' (เช่น {EXAMPLE}) "
                   f"ไม่ใช่ {quote(fields[0], 20)}")
    lists: dict[str, list[tuple[int, bool]]] = {}
    forced, missed = False, None
    for field in fields[1:]:
        letter = field[:1]
        if letter in SIDE_LETTERS:
            if letter in lists:
                raise _bad(text, f"the pieces of {SIDE_WORDS[SIDE_LETTERS.index(letter)]} are listed twice",
                           f"ระบุหมากของ{SIDE_WORDS_TH[SIDE_LETTERS.index(letter)]}ซ้ำสองครั้ง")
            lists[letter] = _pieces(text, field[1:])
        elif field == "C" and not forced:
            forced = True
        elif letter == "M" and missed is None:
            missed = _missed_field(text, field[1:])
        else:
            raise _bad(text, f"unknown field {quote(field, 20)}: after the side to move come 'W' and 'B' with "
                             "their pieces, like " + EXAMPLE,
                       f"ไม่รู้จักส่วน {quote(field, 20)} หลังฝ่ายที่จะเดินต้องเป็น 'W' และ 'B' "
                       "ตามด้วยหมากของแต่ละฝ่าย "
                       "เช่น " + EXAMPLE)
    for letter in SIDE_LETTERS:
        if letter not in lists:
            index = SIDE_LETTERS.index(letter)
            raise _bad(text, f"the field of {SIDE_WORDS[index]}'s pieces ('{letter}...') is missing, like {EXAMPLE}",
                       f"ไม่มีส่วนของหมาก{SIDE_WORDS_TH[index]} ('{letter}...') เช่น {EXAMPLE}")
    position = _place(text, lists, SIDE_LETTERS.index(fields[0]))
    if (forced or missed) and not rules.claimable:
        raise _bad(text, "the fields 'C' and 'M' (a claimed or a missed capture) exist only under the option "
                         "captureRule 'claimable'",
                   "ส่วน 'C' และ 'M' (การทักท้วงให้กินและการไม่กิน) ใช้ได้เฉพาะเมื่อตัวเลือก captureRule "
                   "เป็น 'claimable'")
    if forced and missed:
        raise _bad(text, "a position cannot have both a claimed capture ('C') and a missed one ('M')",
                   "ตำแหน่งหนึ่งมีทั้งการทักท้วงให้กิน ('C') และการไม่กิน ('M') พร้อมกันไม่ได้")
    if forced and not position.has_capture():
        raise _impossible(text, f"'C' says a capture was claimed, but {SIDE_WORDS[position.side]} has no capture",
                          f"'C' บอกว่ามีการทักท้วงให้กิน แต่{SIDE_WORDS_TH[position.side]}ไม่มีตากิน")
    if missed:
        _check_missed(text, position, missed, rules)
    return Setup(position, forced, missed)


def _place(text: str, lists: dict, side: int) -> Position:
    """The position of the piece lists, checked square by square and side by side."""
    masks, kings, seen = [0, 0], 0, 0
    for index, letter in enumerate(SIDE_LETTERS):
        entries = lists[letter]
        for sq, king in entries:
            if not DARK & BIT[sq]:
                raise _impossible(text, f"{SIDE_WORDS[index]}'s piece on {name(sq)} stands on a light square; "
                                        "pieces stand only on the dark squares (a1 is dark)",
                                  f"หมาก{SIDE_WORDS_TH[index]}ที่ {name(sq)} อยู่บนช่องสีอ่อน "
                                  "หมากต้องอยู่บนช่องสีเข้มเท่านั้น (a1 เป็นช่องสีเข้ม)")
            if seen & BIT[sq]:
                raise _impossible(text, f"two pieces on {name(sq)}", f"มีหมากสองตัวอยู่ที่ {name(sq)}")
            if not king and BIT[sq] & FAR_ROW[index]:
                raise _impossible(text, f"a {SIDE_WORDS[index]} man on {name(sq)}, its own far row, where a man is "
                                        f"crowned at once (write 'K{name(sq)}' for a king)",
                                  f"เบี้ย{SIDE_WORDS_TH[index]}อยู่ที่ {name(sq)} ซึ่งเป็นแถวสุดท้ายฝั่งตรงข้าม "
                                  f"เบี้ยที่ไปถึงแถวนี้กลายเป็นฮอสทันที (ถ้าเป็นฮอสให้เขียน 'K{name(sq)}')")
            seen |= BIT[sq]
            masks[index] |= BIT[sq]
            kings |= BIT[sq] if king else 0
        if len(entries) > MAX_PIECES:
            raise _impossible(text, f"{SIDE_WORDS[index]} has {len(entries)} pieces; a side starts with "
                                    f"{MAX_PIECES} and never gains any",
                              f"{SIDE_WORDS_TH[index]}มีหมาก {len(entries)} ตัว แต่แต่ละฝ่ายเริ่มด้วย {MAX_PIECES} ตัว"
                              "และไม่มีทางได้หมากเพิ่ม")
    mover = 1 - side
    if not masks[mover]:
        raise _impossible(text, f"{SIDE_WORDS[mover]} has no piece, so it cannot have made the last move",
                          f"{SIDE_WORDS_TH[mover]}ไม่มีหมากเหลือ จึงไม่อาจเป็นฝ่ายที่เพิ่งเดิน")
    return Position(masks[WHITE], masks[BLACK], kings, side)


def _missed_field(text: str, body: str) -> tuple[int, int, bool]:
    king = body.startswith("K")
    squares = (body[1:] if king else body).split("-")
    if len(squares) != 2:
        raise _bad(text, f"'M' must name the last move, like 'Mc3-d4' ('MKc3-d4' when a king moved), "
                         f"not {quote('M' + body, 20)}",
                   f"'M' ต้องระบุตาเดินล่าสุด เช่น 'Mc3-d4' ('MKc3-d4' ถ้าฮอสเดิน) ไม่ใช่ {quote('M' + body, 20)}")
    return _square(text, squares[0]), _square(text, squares[1]), king


def before_missed(position: Position, missed: tuple[int, int, bool]) -> Position:
    """The position before the move that passed up a capture, that move's side to move."""
    frm, to, was_king = missed
    source, target = BIT[frm], BIT[to]
    kings = position.kings & ~target | (source if was_king else 0)
    if position.side == BLACK:
        return Position(position.white ^ target | source, position.black, kings, WHITE)
    return Position(position.white, position.black ^ target | source, kings, BLACK)


def _check_missed(text: str, position: Position, missed: tuple[int, int, bool], rules: Rules) -> None:
    """The move of an 'M' field must lead from a position with a capture to this one, taking nothing."""
    frm, to, was_king = missed
    mover = 1 - position.side
    words = SIDE_WORDS[mover], SIDE_WORDS_TH[mover]
    move = f"{name(frm)}-{name(to)}"
    mine = position.black if mover == BLACK else position.white
    if not mine & BIT[to] or (position.white | position.black) & BIT[frm]:
        raise _impossible(text, f"'M' names the move {move}, but after it {name(to)} must hold a piece of "
                                f"{words[0]} and {name(frm)} must be empty",
                          f"'M' ระบุตาเดิน {move} แต่หลังตาเดินนี้ {name(to)} ต้องมีหมากของ{words[1]} "
                          f"และ {name(frm)} ต้องว่าง")
    before = before_missed(position, missed)
    step = (frm, to, 0, (), ())
    man_on_far_row = not was_king and BIT[frm] & FAR_ROW[mover]
    if man_on_far_row or step not in before.quiet() or before.after(step) != position:
        raise _impossible(text, f"'M' names the move {move}, which {words[0]} could not have played "
                                f"with {'a king' if was_king else 'a man'}",
                          f"'M' ระบุตาเดิน {move} ซึ่ง{words[1]}เดินด้วย{'ฮอส' if was_king else 'เบี้ย'}ไม่ได้")
    if not before.captures(rules):
        raise _impossible(text, f"'M' says {words[0]} passed up a capture with {move}, but there was none to make",
                          f"'M' บอกว่า{words[1]}ไม่กินเมื่อเดิน {move} แต่ตอนนั้นไม่มีตากิน")


def write(setup: Setup) -> str:
    """The text :func:`parse` reads back to ``setup``."""
    position = setup.position
    lists = []
    for letter, mask in zip(SIDE_LETTERS, (position.white, position.black)):
        entries = ("K" + name(sq) if position.is_king(sq) else name(sq) for sq in squares_of(mask))
        lists.append(letter + ",".join(entries))
    text = f"{SIDE_LETTERS[position.side]}:{lists[0]}:{lists[1]}"
    if setup.missed:
        frm, to, was_king = setup.missed
        text += f":M{'K' if was_king else ''}{name(frm)}-{name(to)}"
    if setup.forced:
        text += ":C"
    return text

