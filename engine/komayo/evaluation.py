"""What the generic search asks of Komayo: material, the order of a king hunt, a hunted king's freedom.

The game is won by capturing the king, so a "mate" search wants the king captures on its
last move and checks (moves after which the king is en prise) first before that.
"""

from __future__ import annotations

from .pieces import B, CHECK_ZONE, HAND_ORDER, I, K, L, MOVES, N, P, PROMOTED, R, S, SIGN
from .position import DROP, PROMOTE, MoveRules, Position

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


def defence_tiebreak(pos: Position, move: int, after: Position) -> tuple[float, int, float]:
    """Among equal defences: the most material taken, then the freest and most central king."""
    return (captured_value(pos, move), *_freedom(after, pos.turn))


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
