"""What the generic search asks of Makruk: material, move order for a mate hunt, a hunted Khun's freedom."""

from __future__ import annotations

from ..core.grid import KING_TARGETS
from .position import BLACK, PROMOTION, WHITE, Position, color_of

# Piece values in Bia units (Khon a little below Ma, Met a weak piece).
VALUES = {"P": 1.0, "F": 1.5, "M": 1.5, "S": 2.5, "N": 3.0, "R": 5.0, "K": 0.0}


def material_balance(pos: Position) -> float:
    """Material of the side to move minus the opponent's."""
    score = 0.0
    for piece in pos.board:
        if piece is not None:
            value = VALUES[piece.upper()]
            score += value if color_of(piece) == pos.turn else -value
    return score


def forcing_order(pos: Position, moves, last: bool) -> list[int]:
    """Checks first, then captures, then the rest; on the last move only checks can mate."""
    board = pos.board
    checks, captures, quiet = [], [], []
    them = BLACK if pos.turn == WHITE else WHITE
    their_king = pos.king_square(them)
    for move in moves:
        frm, to = move & 63, (move >> 6) & 63
        piece, taken = board[frm], board[to]
        board[to], board[frm] = piece, None
        if move & PROMOTION:
            board[to] = "F" if piece.isupper() else "f"
        gives_check = pos.attacked(their_king, pos.turn)
        board[frm], board[to] = piece, taken
        if gives_check:
            checks.append(move)
        elif not last:
            (captures if taken is not None else quiet).append(move)
    return checks + captures + quiet


def defence_tiebreak(pos: Position, move: int, after: Position) -> tuple[float, int, float]:
    """Among equal defences: the most material taken, then the freest and most central Khun."""
    taken = pos.board[(move >> 6) & 63]
    return (VALUES[taken.upper()] if taken else 0.0, *_freedom(after, pos.turn))


def _freedom(pos: Position, defender: str) -> tuple[int, float]:
    """A hunted Khun's safe squares around it, then its distance from the edge."""
    king = pos.king_square(defender)
    attacker = BLACK if defender == WHITE else WHITE
    board = pos.board
    board[king] = None  # the Khun does not shield the squares behind it
    safe = sum(1 for t in KING_TARGETS[king]
               if (board[t] is None or color_of(board[t]) != defender) and not pos.attacked(t, attacker))
    board[king] = "K" if defender == WHITE else "k"
    file, rank = king & 7, king >> 3
    return safe, 3.5 - max(abs(file - 3.5), abs(rank - 3.5))
