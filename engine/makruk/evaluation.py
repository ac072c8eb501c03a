"""What the generic searches ask of Makruk: material (proofs), the computer's estimate and move gains,
move order for a mate hunt, a hunted Khun's freedom."""

from __future__ import annotations

from ..core.grid import KING_TARGETS
from .position import BLACK, PROMOTION, WHITE, Position, color_of

# Piece values in Bia units (Khon a little below Ma, Met a weak piece).
VALUES = {"P": 1.0, "F": 1.5, "M": 1.5, "S": 2.5, "N": 3.0, "R": 5.0, "K": 0.0}
PROMOTION_GAIN = VALUES["F"] - VALUES["P"]
HUNT_LEAD, HUNT_WEAK = 2.5, 1.5  # a lead this big over a side this weak hunts its Khun


def material_balance(pos: Position) -> float:
    """Material of the side to move minus the opponent's."""
    score = 0.0
    for piece in pos.board:
        if piece is not None:
            value = VALUES[piece.upper()]
            score += value if color_of(piece) == pos.turn else -value
    return score


def gain(pos: Position, move: int) -> float:
    """Material the move wins at once: the piece taken, plus a promotion's worth."""
    taken = pos.board[(move >> 6) & 63]
    return (VALUES[taken.upper()] if taken else 0.0) + (PROMOTION_GAIN if move & PROMOTION else 0.0)


def _centrality(sq: int) -> float:
    """0 on the edge, 1 on the four centre squares."""
    return (3.0 - max(abs((sq & 7) - 3.5), abs((sq >> 3) - 3.5))) / 3.0 + 1 / 6


def _white_table(piece: str) -> tuple[float, ...]:
    """Positional bonus of a White piece on each square, in Bia units (small beside material)."""
    if piece == "P":  # forward, and more in the centre files
        return tuple(0.06 * max(0, (sq >> 3) - 2) + (0.04 if (sq & 7) in (3, 4) else 0.0) for sq in range(64))
    weight = {"N": 0.3, "S": 0.15, "M": 0.12, "F": 0.12}.get(piece, 0.0)
    return tuple(weight * (_centrality(sq) - 0.5) for sq in range(64))


def _mirrored(table: tuple[float, ...]) -> tuple[float, ...]:
    return tuple(table[(7 - (sq >> 3)) * 8 + (sq & 7)] for sq in range(64))


PLACEMENT = {piece: _white_table(piece) for piece in "KMSNRPF"}
PLACEMENT.update({piece.lower(): _mirrored(table) for piece, table in PLACEMENT.items()})
WORTH = {piece: VALUES[piece.upper()] for piece in PLACEMENT}


def estimate(pos: Position) -> float:
    """The computer's value for the side to move: material, placement, and against a (nearly)
    bare Khun the hunt — drive it to the edge, bring the own Khun near."""
    white = black = placement = 0.0
    for sq, piece in enumerate(pos.board):
        if piece is None:
            continue
        if piece.isupper():
            white += WORTH[piece]
            placement += PLACEMENT[piece][sq]
        else:
            black += WORTH[piece]
            placement -= PLACEMENT[piece][sq]
    score = white - black + placement
    if abs(white - black) >= HUNT_LEAD and min(white, black) <= HUNT_WEAK:
        hunter, hunted = (WHITE, BLACK) if white > black else (BLACK, WHITE)
        score += _hunt(pos, hunter, hunted) * (1 if hunter == WHITE else -1)
    return score if pos.turn == WHITE else -score


def _hunt(pos: Position, hunter: str, hunted: str) -> float:
    """The hunter's bonus: the hunted Khun near the edge, the two Khuns close together."""
    prey, own = pos.king_square(hunted), pos.king_square(hunter)
    apart = max(abs((prey & 7) - (own & 7)), abs((prey >> 3) - (own >> 3)))
    return 0.3 * (1 - _centrality(prey)) + 0.05 * (7 - apart)


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
