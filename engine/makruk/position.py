"""Makruk (Thai chess): position, FEN, move generation and making moves.

Rules: ../shared/rules/makruk.md §1.1. Notation: Fairy-Stockfish ``makruk`` FEN and UCI
moves (``e3e4``; promotion ``e5e6m``). Game-level rules that need the move history
(repetition, counting, the game's end) live in :mod:`engine.makruk.game`.

Pieces are one character each, uppercase for White: ``K`` Khun, ``M`` Met, ``S`` Khon,
``N`` Ma, ``R`` Ruea, ``P`` Bia and ``F`` for a promoted Bia (Bia-ngai), which moves like a
Met and is written ``M~`` in FEN.
"""

from __future__ import annotations

from collections.abc import Iterator

from .. import errors
from ..core.grid import (
    DIAGONAL_TARGETS, KING_TARGETS, KNIGHT_TARGETS, ROOK_RAYS, SQUARE_INDEX, SQUARE_NAMES,
    offset,
)
from ..core.protocol import Move
from ..errors import EngineError, quote
from .words import PIECE_WORDS

START_FEN = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"

WHITE, BLACK = "w", "b"
COLOR_NAMES = {WHITE: "white", BLACK: "black"}
PIECE_CHARS = set("KMSNRPF")
FEN_LETTERS = set("KMSNRP")
STARTING_MATERIAL = {"K": 1, "M": 1, "S": 2, "N": 2, "R": 2, "P": 8}  # each side's pieces at the start
# Material order used to describe sides; also the Ruea/Khon/Ma counts of the counting table.
PROMOTION_RANK = {WHITE: 5, BLACK: 2}  # 0-based: the 6th rank for White, the 3rd for Black
PAWN_START_RANK = {WHITE: 2, BLACK: 5}  # a Bia may never stand behind its start rank

# A move is an int: from | to << 6 | PROMOTION. Plain ints keep perft fast.
PROMOTION = 1 << 12


def move_from(move: int) -> int:
    """Origin square of a move."""
    return move & 63


def move_to(move: int) -> int:
    """Target square of a move."""
    return (move >> 6) & 63


def move_uci(move: int) -> str:
    """UCI text of a move: ``e3e4``, or ``e5e6m`` for a promotion."""
    text = SQUARE_NAMES[move & 63] + SQUARE_NAMES[(move >> 6) & 63]
    return text + "m" if move & PROMOTION else text


def typed_move(board: list, move: int) -> Move:
    """The protocol's :class:`Move` of an int move on ``board`` (before it is played)."""
    frm, to = SQUARE_NAMES[move & 63], SQUARE_NAMES[(move >> 6) & 63]
    taken = board[(move >> 6) & 63] is not None
    return Move(move_uci(move), frm, to, path=(to,), captures=(to,) if taken else (),
                promotion=bool(move & PROMOTION))


def color_of(piece: str) -> str:
    """``w`` for an uppercase piece, ``b`` for a lowercase one."""
    return WHITE if piece.isupper() else BLACK


def _own(color: str, piece: str) -> str:
    return piece if color == WHITE else piece.lower()


def _forward(color: str) -> int:
    return 1 if color == WHITE else -1


def _pawn_attack_table(color: str) -> tuple[tuple[int, ...], ...]:
    dr = _forward(color)
    return tuple(tuple(t for t in (offset(sq, -1, dr), offset(sq, 1, dr)) if t is not None)
                 for sq in range(64))


def _single_table(df: int, dr: int) -> tuple[int | None, ...]:
    return tuple(offset(sq, df, dr) for sq in range(64))


PAWN_CAPTURES = {WHITE: _pawn_attack_table(WHITE), BLACK: _pawn_attack_table(BLACK)}
FORWARD_STEP = {WHITE: _single_table(0, 1), BLACK: _single_table(0, -1)}
BACKWARD_STEP = {WHITE: _single_table(0, -1), BLACK: _single_table(0, 1)}
KHON_TARGETS = {
    color: tuple(DIAGONAL_TARGETS[sq] + ((FORWARD_STEP[color][sq],) if FORWARD_STEP[color][sq] is not None else ())
                 for sq in range(64))
    for color in (WHITE, BLACK)
}
# Street options (A-M13, as Fairy-Stockfish's ``cambodian``): an unmoved Khun that has never
# been in check may leap sideways one rank forward (d1 to b2/f2, e8 to c7/g7) onto an empty
# square; an unmoved Met may step two squares straight forward, over a piece, onto an empty
# square. ``Position.rights`` holds the home squares whose piece still has its right. In FEN
# field 3 the rights are Fairy-Stockfish's letters (``DEde``: the file of the home square,
# uppercase for White); ``-`` means "a Khun or Met on its home square is unmoved" (a FEN without
# history) and NO_RIGHTS that no right is left although such a piece stands at home.
KING_HOME = {WHITE: SQUARE_INDEX["d1"], BLACK: SQUARE_INDEX["e8"]}
MET_HOME = {WHITE: SQUARE_INDEX["e1"], BLACK: SQUARE_INDEX["d8"]}
KING_LEAPS = {color: (offset(KING_HOME[color], -2, _forward(color)), offset(KING_HOME[color], 2, _forward(color)))
              for color in (WHITE, BLACK)}
MET_DOUBLE_STEP = {color: offset(MET_HOME[color], 0, 2 * _forward(color)) for color in (WHITE, BLACK)}
HOME_PIECE = {KING_HOME[WHITE]: "K", MET_HOME[WHITE]: "M", MET_HOME[BLACK]: "m", KING_HOME[BLACK]: "k"}
RIGHT_LETTERS = {sq: SQUARE_NAMES[sq][0].upper() if piece.isupper() else SQUARE_NAMES[sq][0]
                 for sq, piece in HOME_PIECE.items()}  # in Fairy-Stockfish's order: D E d e
NO_RIGHTS = "0"


def street_squares(street: tuple[bool, bool]) -> frozenset[int]:
    """Home squares whose rights the street options (king leap, Met double step) use."""
    king_leap, met_double = street
    return frozenset([*(KING_HOME.values() if king_leap else ()), *(MET_HOME.values() if met_double else ())])


EMPTY_RUNS = "12345678"


MAX_DIGITS = 6


def _is_number(text: str) -> bool:
    """ASCII digits only: ``str.isdigit`` also accepts '²' and Thai digits."""
    return text.isascii() and text.isdigit()


def _check_size(fen: str, text: str) -> None:
    """A FEN number longer than MAX_DIGITS is a bad request (Python caps int() at 4,300 digits)."""
    if len(text) > MAX_DIGITS:
        raise EngineError(errors.BAD_REQUEST,
                          f"a number in the FEN has {len(text)} digits; at most {MAX_DIGITS} are read",
                          f"ตัวเลขใน FEN ยาว {len(text)} หลัก อ่านได้ไม่เกิน {MAX_DIGITS} หลัก", "position")


def _fen_error(fen: str, what: str, what_th: str) -> EngineError:
    return EngineError(errors.BAD_POSITION, f"bad FEN {quote(fen)}: {what}", f"FEN {quote(fen)} ผิดรูปแบบ: {what_th}",
                       "position")


def _illegal(fen: str, what: str, what_th: str) -> EngineError:
    return EngineError(errors.ILLEGAL_POSITION, f"impossible position {quote(fen)}: {what}",
                       f"ตำแหน่ง {quote(fen)} เป็นไปไม่ได้: {what_th}", "position")


class Position:
    """A Makruk position: pieces, side to move, clocks, counting fields and street rights.

    Counting fields are kept exactly as Fairy-Stockfish writes them: ``count_limit`` (plies,
    0 when no count runs) and ``count_ply``. Their meaning is interpreted by
    :mod:`engine.counting`.
    """

    __slots__ = ("board", "turn", "halfmove", "fullmove", "count_limit", "count_ply",
                 "count_kind", "count_start", "rights", "tracked")

    def __init__(self) -> None:
        self.board: list[str | None] = [None] * 64
        self.turn = WHITE
        self.halfmove = 0
        self.fullmove = 1
        self.count_limit = 0
        self.count_ply = 0
        self.count_kind: str | None = None
        self.count_start = 0
        # Street rights: home squares (of ``tracked``) whose Khun or Met may still use its first move.
        self.rights: frozenset[int] = frozenset()
        self.tracked: frozenset[int] = frozenset()

    # ----------------------------------------------------------------- FEN
    @classmethod
    def from_fen(cls, fen: object, street: tuple[bool, bool] = (False, False)) -> "Position":
        """Parse a Fairy-Stockfish makruk FEN; raise EngineError quoting the input.

        ``street`` (king leap, Met double step) says which street rights field 3 keeps.
        """
        if not isinstance(fen, str):
            raise EngineError(errors.BAD_TYPE, f"'position' must be a string, got {type(fen).__name__}",
                              f"'position' ต้องเป็นข้อความ แต่ได้ {type(fen).__name__}", "position")
        fields = fen.split()
        if not 1 <= len(fields) <= 6:
            raise _fen_error(fen, f"expected 2 to 6 space-separated fields, found {len(fields)}",
                             f"ต้องมี 2 ถึง 6 ช่องคั่นด้วยเว้นวรรค แต่พบ {len(fields)}")
        if len(fields) < 2:
            raise _fen_error(fen, "the side to move (w or b) is missing", "ไม่ได้บอกว่าฝ่ายใดเดิน (w หรือ b)")
        pos = cls()
        pos._parse_placement(fen, fields[0])
        if fields[1] not in (WHITE, BLACK):
            raise _fen_error(fen, f"side to move must be 'w' or 'b', not {quote(fields[1], 20)}",
                             f"ฝ่ายที่เดินต้องเป็น 'w' หรือ 'b' ไม่ใช่ {quote(fields[1], 20)}")
        pos.turn = fields[1]
        limit = fields[3] if len(fields) > 3 else "-"
        clock = fields[4] if len(fields) > 4 else "0"
        number = fields[5] if len(fields) > 5 else "1"
        for name, text in (("field 5 (half-move or counting ply)", clock), ("field 6 (move number)", number)):
            _check_size(fen, text)
            if not _is_number(text):
                raise _fen_error(fen, f"{name} must be a whole number, not {quote(text)}",
                                 f"{name} ต้องเป็นจำนวนเต็ม ไม่ใช่ {quote(text)}")
        _check_size(fen, limit)
        if limit != "-" and not _is_number(limit):
            raise _fen_error(fen, f"field 4 must be '-' or the counting limit in plies, not {quote(limit)}",
                             f"ช่องที่ 4 ต้องเป็น '-' หรือขีดจำกัดการนับ (หน่วยตาเดินครึ่ง) ไม่ใช่ {quote(limit)}")
        pos.fullmove = max(1, int(number))
        if limit == "-" or int(limit) == 0:
            pos.halfmove = int(clock)
        else:
            pos.count_limit, pos.count_ply = int(limit), int(clock)
        pos._check_legal(fen)
        pos._read_rights(fen, fields[2] if len(fields) > 2 else "-", street_squares(street))
        return pos

    def _read_rights(self, fen: str, text: str, tracked: frozenset[int]) -> None:
        """Field 3: the street rights (see RIGHT_LETTERS), kept for the ``tracked`` home squares."""
        self.tracked = tracked
        at_home = frozenset(sq for sq, piece in HOME_PIECE.items() if self.board[sq] == piece)
        if text == "-":
            rights = at_home
        elif text == NO_RIGHTS:
            rights = frozenset()
        else:
            by_letter = {letter: sq for sq, letter in RIGHT_LETTERS.items()}
            if not all(ch in by_letter for ch in text) or len(set(text)) != len(text):
                raise _fen_error(fen, f"field 3 must be '-' (makruk has no castling), {NO_RIGHTS!r} or street rights "
                                      f"such as 'DEde', not {quote(text, 20)}",
                                 f"ช่องที่ 3 ต้องเป็น '-' (หมากรุกไทยไม่มีการเข้าป้อม) {NO_RIGHTS!r} หรือสิทธิ์เดินแรก "
                                 f"เช่น 'DEde' ไม่ใช่ {quote(text, 20)}")
            rights = frozenset(by_letter[ch] for ch in text)
            missing = sorted(rights - at_home)
            if missing:
                sq = missing[0]
                piece, piece_th = ("Khun", "ขุน") if HOME_PIECE[sq] in "Kk" else ("Met", "เม็ด")
                raise _fen_error(fen, f"field 3 gives {RIGHT_LETTERS[sq]!r} a first-move right, but no {piece} of "
                                      f"that side stands on {SQUARE_NAMES[sq]}",
                                 f"ช่องที่ 3 ให้สิทธิ์เดินแรก {RIGHT_LETTERS[sq]!r} แต่ไม่มี{piece_th}"
                                 f"ของฝ่ายนั้นอยู่ที่ {SQUARE_NAMES[sq]}")
        king = KING_HOME[self.turn]
        if king in rights and self.in_check():
            rights -= {king}  # a Khun in check has been in check: its leap is gone
        self.rights = rights & tracked

    def _write_rights(self) -> str:
        """Field 3 as :meth:`_read_rights` reads it back."""
        if self.rights:
            return "".join(letter for sq, letter in RIGHT_LETTERS.items() if sq in self.rights)
        if any(self.board[sq] == HOME_PIECE[sq] for sq in self.tracked):
            return NO_RIGHTS
        return "-"

    def _parse_placement(self, fen: str, placement: str) -> None:
        rows = placement.split("/")
        if len(rows) != 8:
            raise _fen_error(fen, f"the board needs 8 ranks separated by '/', found {len(rows)}",
                             f"กระดานต้องมี 8 แถวคั่นด้วย '/' แต่พบ {len(rows)}")
        for row_index, row in enumerate(rows):
            rank = 7 - row_index
            file = 0
            i = 0
            while i < len(row):
                ch = row[i]
                if ch in EMPTY_RUNS:
                    file += int(ch)
                elif ch.upper() in FEN_LETTERS:
                    promoted = i + 1 < len(row) and row[i + 1] == "~"
                    if promoted and ch.upper() != "M":
                        raise _fen_error(fen, f"only a Met can be marked promoted ('M~'), not {ch + '~'!r}",
                                         f"ทำเครื่องหมายหมากที่เลื่อนฐานะ ('M~') ได้เฉพาะเม็ด ไม่ใช่ {ch + '~'!r}")
                    if file < 8:
                        self.board[rank * 8 + file] = ("F" if ch.isupper() else "f") if promoted else ch
                    file += 1
                    i += promoted
                else:
                    raise _fen_error(fen, f"unknown piece letter {ch!r} (use K M S N R P, lowercase for Black)",
                                     f"ไม่รู้จักตัวหมาก {ch!r} (ใช้ K M S N R P ตัวเล็กสำหรับฝ่ายดำ)")
                if file > 8:
                    raise _fen_error(fen, f"rank {rank + 1} ({quote(row, 20)}) has more than 8 squares",
                                     f"แถวที่ {rank + 1} ({quote(row, 20)}) มีเกิน 8 ช่อง")
                i += 1
            if file != 8:
                raise _fen_error(fen, f"rank {rank + 1} ({quote(row, 20)}) has {file} squares, not 8",
                                 f"แถวที่ {rank + 1} ({quote(row, 20)}) มี {file} ช่อง ไม่ใช่ 8")

    def _check_legal(self, fen: str) -> None:
        for color, name, name_th in ((WHITE, "White", "ขาว"), (BLACK, "Black", "ดำ")):
            kings = self.board.count(_own(color, "K"))
            if kings != 1:
                raise _illegal(fen, f"{name} must have exactly one Khun, found {kings}",
                               f"ฝ่าย{name_th}ต้องมีขุนหนึ่งตัวพอดี แต่พบ {kings}")
            for sq, piece in enumerate(self.board):
                if piece == _own(color, "P"):
                    rank = sq >> 3
                    promo = PROMOTION_RANK[color]
                    if (color == WHITE and (rank >= promo or rank < PAWN_START_RANK[color])) or \
                            (color == BLACK and (rank <= promo or rank > PAWN_START_RANK[color])):
                        raise _illegal(fen, f"{name} Bia on {SQUARE_NAMES[sq]} is on a rank a Bia can never reach",
                                       f"เบี้ย{name_th}ที่ {SQUARE_NAMES[sq]} อยู่ในแถวที่เบี้ยไปไม่ได้")
            self._check_material(fen, color, name, name_th)
        other = BLACK if self.turn == WHITE else WHITE
        if self.in_check(other):
            raise _illegal(fen, f"the side not to move ({COLOR_NAMES[other]}) is in check",
                           "ฝ่ายที่ไม่ได้เดินถูกรุกอยู่")

    def _check_material(self, fen: str, color: str, name: str, name_th: str) -> None:
        """No more pieces of a kind than the start gives, a Bia's promotion aside: a side starts
        with STARTING_MATERIAL and a Bia becomes only a Met (``M~``; a plain ``M`` past the first is one too)."""
        have = self.material(color)
        for letter in "SNR":
            if have[letter] > STARTING_MATERIAL[letter]:
                noun, noun_th = PIECE_WORDS["en"][letter], PIECE_WORDS["th"][letter]
                raise _illegal(fen, f"{name} has {have[letter]} {noun}; a side starts with "
                                    f"{STARTING_MATERIAL[letter]} and a Bia is promoted only to a Met",
                               f"ฝ่าย{name_th}มี{noun_th} {have[letter]} ตัว แต่แต่ละฝ่ายเริ่มด้วย "
                               f"{STARTING_MATERIAL[letter]} ตัว และเบี้ยหงายได้เป็นเม็ดเท่านั้น")
        promoted = have["F"] + max(0, have["M"] - STARTING_MATERIAL["M"])
        if have["P"] + promoted > STARTING_MATERIAL["P"]:
            raise _illegal(fen, f"{name} has {have['P']} Bia and {promoted} promoted Bia (M~, or a Met beyond the first); "
                                f"a side starts with {STARTING_MATERIAL['P']} Bia, so it has at most "
                                f"{STARTING_MATERIAL['P'] - have['P']} promoted",
                           f"ฝ่าย{name_th}มีเบี้ย {have['P']} ตัว และเบี้ยหงาย {promoted} ตัว (M~ หรือเม็ดที่เกินตัวแรก) "
                           f"แต่แต่ละฝ่ายเริ่มด้วยเบี้ย {STARTING_MATERIAL['P']} ตัว "
                           f"จึงมีเบี้ยหงายได้ไม่เกิน {STARTING_MATERIAL['P'] - have['P']} ตัว")

    def fen(self, show_promoted: bool = True) -> str:
        """The position as FEN; promoted Bia as ``M~`` unless ``show_promoted`` is false."""
        rows = []
        for rank in range(7, -1, -1):
            row, empty = [], 0
            for file in range(8):
                piece = self.board[rank * 8 + file]
                if piece is None:
                    empty += 1
                    continue
                if empty:
                    row.append(str(empty))
                    empty = 0
                if piece in "Ff":
                    row.append(("M" if piece == "F" else "m") + ("~" if show_promoted else ""))
                else:
                    row.append(piece)
            if empty:
                row.append(str(empty))
            rows.append("".join(row))
        if self.count_limit:
            tail = f"{self.count_limit} {self.count_ply}"
        else:
            tail = f"- {self.halfmove}"
        return f"{'/'.join(rows)} {self.turn} {self._write_rights()} {tail} {self.fullmove}"

    def copy(self) -> "Position":
        """An independent copy."""
        other = Position.__new__(Position)
        for name in Position.__slots__:
            setattr(other, name, getattr(self, name))
        other.board = self.board[:]
        return other

    def pieces(self) -> dict[str, str]:
        """Square name → FEN piece text (``M~`` for a promoted Bia), for drawing."""
        out = {}
        for sq, piece in enumerate(self.board):
            if piece is not None:
                out[SQUARE_NAMES[sq]] = {"F": "M~", "f": "m~"}.get(piece, piece)
        return out

    # ----------------------------------------------------------------- attacks
    def king_square(self, color: str) -> int:
        """Square of ``color``'s Khun."""
        return self.board.index(_own(color, "K"))

    def attacked(self, sq: int, by: str) -> bool:
        """Is ``sq`` attacked by a piece of colour ``by``?"""
        board = self.board
        if by == WHITE:
            pawn, knight, king, met, prom, khon, rook = "P", "N", "K", "M", "F", "S", "R"
        else:
            pawn, knight, king, met, prom, khon, rook = "p", "n", "k", "m", "f", "s", "r"
        for t in KNIGHT_TARGETS[sq]:
            if board[t] == knight:
                return True
        for t in DIAGONAL_TARGETS[sq]:
            p = board[t]
            if p is not None and (p == met or p == prom or p == khon or p == king):
                return True
        behind = BACKWARD_STEP[by][sq]
        if behind is not None:
            p = board[behind]
            if p == khon or p == king:
                return True
        for t in KING_TARGETS[sq]:
            if board[t] == king:
                return True
        # A Bia of colour ``by`` attacks sq from one rank behind sq (from ``by``'s view).
        for t in PAWN_CAPTURES[WHITE if by == BLACK else BLACK][sq]:
            if board[t] == pawn:
                return True
        for ray in ROOK_RAYS[sq]:
            for t in ray:
                p = board[t]
                if p is not None:
                    if p == rook:
                        return True
                    break
        return False

    def in_check(self, color: str | None = None) -> bool:
        """Is ``color`` (default: the side to move) in check?"""
        color = color or self.turn
        return self.attacked(self.king_square(color), BLACK if color == WHITE else WHITE)

    def _pinned(self, king: int, us: str) -> set[int]:
        """Own pieces pinned to the Khun by an enemy Ruea (the only slider in Makruk)."""
        enemy_rook = "r" if us == WHITE else "R"
        board = self.board
        pinned = set()
        for ray in ROOK_RAYS[king]:
            blocker = None
            for t in ray:
                p = board[t]
                if p is None:
                    continue
                if blocker is None and color_of(p) == us:
                    blocker = t
                    continue
                if blocker is not None and p == enemy_rook:
                    pinned.add(blocker)
                break
        return pinned

    # ----------------------------------------------------------------- move generation
    def pseudo_moves(self, street: tuple[bool, bool] = (False, False)) -> list[int]:
        """Moves that obey piece movement, ignoring whether the own Khun is left in check.

        ``street`` switches on (king knight-leap, Met double step) for unmoved pieces.
        """
        board, us = self.board, self.turn
        moves: list[int] = []
        append = moves.append
        is_white = us == WHITE
        for frm in range(64):
            piece = board[frm]
            if piece is None or piece.isupper() != is_white:
                continue
            kind = piece.upper()
            if kind == "R":
                for ray in ROOK_RAYS[frm]:
                    for t in ray:
                        p = board[t]
                        if p is None:
                            append(frm | t << 6)
                        else:
                            if p.isupper() != is_white:
                                append(frm | t << 6)
                            break
                continue
            if kind == "P":
                promo_rank = PROMOTION_RANK[us]
                t = FORWARD_STEP[us][frm]
                if t is not None and board[t] is None:
                    append(frm | t << 6 | (PROMOTION if t >> 3 == promo_rank else 0))
                for t in PAWN_CAPTURES[us][frm]:
                    p = board[t]
                    if p is not None and p.isupper() != is_white:
                        append(frm | t << 6 | (PROMOTION if t >> 3 == promo_rank else 0))
                continue
            if kind == "N":
                targets = KNIGHT_TARGETS[frm]
            elif kind == "K":
                targets = KING_TARGETS[frm]
            elif kind == "S":
                targets = KHON_TARGETS[us][frm]
            else:  # M and F
                targets = DIAGONAL_TARGETS[frm]
            for t in targets:
                p = board[t]
                if p is None or p.isupper() != is_white:
                    append(frm | t << 6)
        if street != (False, False):
            moves.extend(self._street_moves(*street))
        return moves

    def _street_moves(self, king_leap: bool, met_double: bool) -> list[int]:
        """First-move extras of the old street rules (A-M13; both options default off)."""
        us, board, rights = self.turn, self.board, self.rights
        extra = []
        home = KING_HOME[us]
        if king_leap and home in rights:  # a Khun in check has no right left (push, _read_rights)
            extra += [home | t << 6 for t in KING_LEAPS[us] if board[t] is None]
        home = MET_HOME[us]
        if met_double and home in rights and board[MET_DOUBLE_STEP[us]] is None:
            extra.append(home | MET_DOUBLE_STEP[us] << 6)
        return extra

    def legal_moves(self, street: tuple[bool, bool] = (False, False), pseudo: list[int] | None = None) -> list[int]:
        """Pseudo-legal moves (``pseudo``, if already generated) that do not leave the own Khun in check."""
        return list(self._legal(street, pseudo))

    def has_legal_move(self, street: tuple[bool, bool] = (False, False), pseudo: list[int] | None = None) -> bool:
        """Is there any legal move? (Stops at the first: cheaper than :meth:`legal_moves`.)"""
        return next(self._legal(street, pseudo), None) is not None

    def _legal(self, street: tuple[bool, bool], pseudo: list[int] | None) -> Iterator[int]:
        us = self.turn
        them = BLACK if us == WHITE else WHITE
        board = self.board
        king = self.king_square(us)
        in_check = self.attacked(king, them)
        pinned = self._pinned(king, us)
        for move in self.pseudo_moves(street) if pseudo is None else pseudo:
            frm = move & 63
            if frm != king and not in_check and frm not in pinned:
                yield move
                continue
            to = (move >> 6) & 63
            moved, captured = board[frm], board[to]
            board[to], board[frm] = moved, None
            safe = not self.attacked(to if frm == king else king, them)
            board[frm], board[to] = moved, captured
            if safe:
                yield move

    # ----------------------------------------------------------------- making moves
    def push(self, move: int) -> str | None:
        """Play ``move`` (assumed legal) in place; return the captured piece, if any.

        Updates the side to move, the clocks and the street rights. Counting fields are
        advanced by :mod:`engine.counting`, which knows the rules about them.
        """
        board = self.board
        frm, to = move & 63, (move >> 6) & 63
        piece, captured = board[frm], board[to]
        if move & PROMOTION:
            piece = "F" if piece.isupper() else "f"
        board[to], board[frm] = piece, None
        if captured is not None or piece in "Pp" or move & PROMOTION:
            self.halfmove = 0
        else:
            self.halfmove += 1
        mover = self.turn
        if self.turn == BLACK:
            self.fullmove += 1
            self.turn = WHITE
        else:
            self.turn = BLACK
        if self.rights:
            self._update_rights(frm, to, mover)
        return captured

    def _update_rights(self, frm: int, to: int, mover: str) -> None:
        """A piece that moves (or is taken) loses its right; so does a Khun put in check."""
        rights = self.rights - {frm, to}
        king = KING_HOME[self.turn]
        if king in rights and self.attacked(king, mover):
            rights -= {king}
        self.rights = rights

    def find_move(self, frm: int, to: int, promote: bool, street: tuple[bool, bool] = (False, False)) -> int | None:
        """The legal move from ``frm`` to ``to``, or None. ``promote`` (the ``m`` suffix) needs a
        promotion; without it a promotion still matches (promotion in makruk is forced)."""
        for move in self.legal_moves(street):
            if move & 63 == frm and (move >> 6) & 63 == to:
                return None if promote and not move & PROMOTION else move
        return None

    # ----------------------------------------------------------------- material
    def material(self, color: str) -> dict[str, int]:
        """How many of each piece letter (K M S N R P F) ``color`` has."""
        counts = dict.fromkeys("KMSNRPF", 0)
        for piece in self.board:
            if piece is not None and color_of(piece) == color:
                counts[piece.upper()] += 1
        return counts

    def piece_count(self) -> int:
        """All pieces on the board, both Khuns included."""
        return 64 - self.board.count(None)

    def has_unpromoted_bia(self) -> bool:
        """Is any unpromoted Bia (เบี้ยคว่ำ) of either side on the board?"""
        return "P" in self.board or "p" in self.board

    def is_bare(self, color: str) -> bool:
        """Does ``color`` have nothing but its Khun?"""
        return all(p is None or color_of(p) != color or p in "Kk" for p in self.board)

    def key(self) -> tuple:
        """What repetition compares: the pieces, the side to move and the street rights."""
        return (tuple(self.board), self.turn, self.rights)


def perft(pos: Position, depth: int, budget) -> int:
    """Number of leaf nodes of the legal move tree ``depth`` plies deep (bulk-counted).

    ``budget.spend`` is charged once per position whose moves are generated below the root.
    """
    moves = pos.legal_moves()
    if depth <= 1:
        return len(moves) if depth == 1 else 1
    budget.spend(len(moves))
    total = 0
    board = pos.board
    for move in moves:
        frm, to = move & 63, (move >> 6) & 63
        piece, captured = board[frm], board[to]
        board[to] = ("F" if piece.isupper() else "f") if move & PROMOTION else piece
        board[frm] = None
        pos.turn = BLACK if pos.turn == WHITE else WHITE
        total += perft(pos, depth - 1, budget)
        pos.turn = BLACK if pos.turn == WHITE else WHITE
        board[frm], board[to] = piece, captured
    return total
