"""What the generic search asks of Komayo: material (proofs), the computer's estimate (material
plus small positional hints), the order of a king hunt, a hunted king's freedom.

The game is won by capturing the king, so a "mate" search wants the king captures on its
last move and checks (moves after which the king is en prise) first before that.
"""

from __future__ import annotations

from .pieces import B, CHECK_ZONE, HAND_ORDER, I, K, L, MOVES, N, P, PROMOTED, R, S, SIGN, relative_rank
from .position import DROP, KING_STEPS, PROMOTE, MoveRules, Position

# Piece values in pawns, shogi-like; a promoted minor moves like a gold.
VALUES = [0.0] * (K | PROMOTED)
for _kind, _value in ((P, 1), (L, 3), (N, 4), (S, 5), (B, 8), (R, 10), (I, 11),
                      (P | PROMOTED, 6), (L | PROMOTED, 6), (N | PROMOTED, 6), (S | PROMOTED, 6),
                      (B | PROMOTED, 10), (R | PROMOTED, 12), (I | PROMOTED, 13)):
    VALUES[_kind] = float(_value)


def material_balance(pos: Position, rules: MoveRules) -> float:
    """Material of the side to move minus the opponent's, hands included (a dead pawn in hand is worth 0)."""
    score = 0.0
    for piece in pos.board:
        if piece:
            score += VALUES[piece] if piece > 0 else -VALUES[-piece]
    for color in (0, 1):
        hand = pos.hands[color]
        held = sum(VALUES[kind] * hand[kind] for kind in HAND_ORDER if hand[kind])
        if not rules.pawn_drops:
            held -= VALUES[P] * hand[P]
        score += held if color == 0 else -held
    return score if pos.turn == 0 else -score


def _placement(kind: int, color: int, sq: int) -> float:
    """The computer's hint for a ``kind`` of ``color`` on ``sq``, in pawns: the small pieces
    advance, the long-range ones leave the back rank for the centre, the king stays home."""
    rank = relative_rank(color, sq)
    file = sq & 7
    centre = 3.5 - max(abs(file - 3.5), abs(rank - 3.5))  # 0.5 on the edge .. 3.5 in the middle
    if kind == K:
        return 0.3 if rank == 0 else 0.1 if rank == 1 else -0.15 * (rank - 1)
    if kind & PROMOTED and kind & 15 in (S, N, L, P):
        return 0.04 * rank  # a gold-mover presses forward
    if kind in (S, N, L, P):
        return {S: 0.05, N: 0.04, L: 0.02, P: 0.03}[kind] * min(rank, 5)
    return (0.12 if rank else 0.0) + 0.04 * centre  # I, R, B and their promoted forms


# PLACEMENT[color][kind][sq]: _placement, computed once.
PLACEMENT = tuple(tuple(tuple(_placement(kind, color, sq) for sq in range(64)) for kind in range(K | PROMOTED))
                  for color in (0, 1))
GUARD = 0.04  # each own piece beside the king


def estimate(pos: Position, rules: MoveRules) -> float:
    """The computer's value for the side to move: material, then the placement hints and the
    king's guard (small beside material: a pawn is 1)."""
    hint = 0.0
    board = pos.board
    for sq, piece in enumerate(board):
        if piece > 0:
            hint += PLACEMENT[0][piece][sq]
        elif piece < 0:
            hint -= PLACEMENT[1][-piece][sq]
    for color in (0, 1):
        king = pos.king_square(color)
        if king is not None:
            sign = SIGN[color]
            guard = GUARD * sum(1 for x in KING_STEPS[king] if board[x] * sign > 0)
            hint += guard if color == 0 else -guard
    return material_balance(pos, rules) + (hint if pos.turn == 0 else -hint)


def captured_value(pos: Position, move: int) -> float:
    """Value of the piece ``move`` captures (0 for a drop or a quiet move)."""
    if move & 127 >= DROP:
        return 0.0
    return VALUES[abs(pos.board[(move >> 7) & 63])]


def gain(pos: Position, move: int) -> float:
    """What ``move`` wins at once: the piece taken (as it goes to the hand) and a promotion's worth."""
    won = captured_value(pos, move)
    if move & PROMOTE:
        kind = abs(pos.board[move & 127])
        won += VALUES[kind | PROMOTED] - VALUES[kind]
    return won


def forcing_order(pos: Position, moves, rules: MoveRules) -> list[int]:
    """King captures, then checks (the enemy king en prise after the move), then captures by
    the value taken, then the rest."""
    color = pos.turn
    enemy = 1 - color
    king = pos.king_square(enemy)
    if king is None:
        return list(moves)
    board, zone = pos.board, CHECK_ZONE[color][king]
    captures_king, checks, captures, quiet = [], [], [], []
    for move in moves:
        frm, to = move & 127, (move >> 7) & 63
        if to == king and frm < DROP:
            captures_king.append(move)
            continue
        if to in zone or frm in zone:  # else the move cannot attack the king
            taken = pos.push(move)
            check = pos.attacked(king, color)
            pos.pop(move, taken)
            if check:
                checks.append(move)
                continue
        if frm < DROP and board[to]:
            captures.append(move)
        else:
            quiet.append(move)
    captures.sort(key=lambda m: -VALUES[abs(board[(m >> 7) & 63])])
    return captures_king + checks + captures + quiet


def defence_tiebreak(pos: Position, move: int, after: Position) -> tuple[float, bool, bool, int, float]:
    """Among equal defences: the most material taken; then a move near the own king (a king step,
    an interposition or a guard, not a pointless drop in a far corner); a king no longer en prise;
    then the freest and most central king."""
    king = after.king_square(pos.turn)
    safe = king is not None and not after.attacked(king, 1 - pos.turn)
    return (captured_value(pos, move), _distance_from_king(pos, move) <= 2, safe, *_freedom(after, pos.turn))


def _distance_from_king(pos: Position, move: int) -> int:
    """How far (king steps) the move lands from the mover's king; 0 for a king move."""
    king = pos.king_square(pos.turn)
    to = (move >> 7) & 63
    if king is None or move & 127 == king:
        return 0
    return max(abs((to & 7) - (king & 7)), abs((to >> 3) - (king >> 3)))


def _freedom(pos: Position, defender: int) -> tuple[int, float]:
    """A hunted king's safe squares around it, then its distance from the edge."""
    king = pos.king_square(defender)
    if king is None:
        return -1, 0.0
    board, sign = pos.board, SIGN[defender]
    board[king] = 0  # the king does not shield the squares behind it
    safe = sum(1 for t in MOVES[defender][K][king][0]
               if board[t] * sign <= 0 and not pos.attacked(t, 1 - defender))
    board[king] = sign * K
    file, rank = king & 7, king >> 3
    return safe, 3.5 - max(abs(file - 3.5), abs(rank - 3.5))
