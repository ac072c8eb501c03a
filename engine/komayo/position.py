"""A Komayo position: board, side to move, both hands, ply; its moves as ints, made in place.

Rules: ../shared/rules/komayo.md. Pieces are signed ints (:mod:`engine.komayo.pieces`).
A move is an int: ``frm | to << 7 | PROMOTE | PRIVILEGE``, where ``frm`` is a square
(0..63, a1 = 0) or ``DROP + kind`` for a drop from the hand. There is no check rule: every
move that follows the pieces' movement, promotion and drop rules is legal, and the game is
won by capturing the king. Rules that need the history (repetition, the 50-move count) live
in :mod:`engine.komayo.game`.
"""

from __future__ import annotations

from .pieces import (
    DEAD_END, HAND_ORDER, IN_ZONE, K, L, MOVES, N, P, PROMOTED, RAY_ATTACKERS, SENTE, SIGN, STEP_ATTACKERS,
)

DROP = 64
PROMOTE = 1 << 14
PRIVILEGE = 1 << 15
HAND_SIZE = K | PROMOTED  # hand lists are indexed by kind code
KING_STEPS = tuple(MOVES[SENTE][K][sq][0] for sq in range(64))
LAST_RANK_LIMITED = (P, L, N)


def move_from(move: int) -> int:
    """Origin square, or DROP + kind for a drop."""
    return move & 127


def move_to(move: int) -> int:
    """Target square."""
    return (move >> 7) & 63


class MoveRules:
    """The rule switches move generation needs (from the options, see :mod:`engine.komayo.options`)."""

    __slots__ = ("mandatory_promotion", "privilege", "pawn_drops")

    def __init__(self, ruleset: str):
        old = ruleset == "v1"
        # v1 (KP1): promotion whenever it is possible, pawns droppable, no King's privilege (A-K2).
        self.mandatory_promotion = old
        self.privilege = not old
        self.pawn_drops = old


class Position:
    """Board (64 signed ints), ``turn`` (0 Sente, 1 Gote), ``hands`` (two lists of counts by kind), ``ply``;
    ``kings`` holds each side's king square (None once captured), kept up to date by push and pop."""

    __slots__ = ("board", "turn", "hands", "ply", "kings")

    def __init__(self, board: list[int], turn: int, hands: list[list[int]], ply: int, kings: list | None = None):
        self.board = board
        self.turn = turn
        self.hands = hands
        self.ply = ply
        self.kings = kings or [board.index(SIGN[c] * K) if SIGN[c] * K in board else None for c in (0, 1)]

    def copy(self) -> "Position":
        return Position(self.board[:], self.turn, [self.hands[0][:], self.hands[1][:]], self.ply, self.kings[:])

    def key(self) -> tuple:
        """What the rules compare (A-K5): board with states, both hands, side to move."""
        return tuple(self.board), self.turn, tuple(self.hands[0]), tuple(self.hands[1])

    # ----------------------------------------------------------------- kings and attacks
    def king_square(self, color: int) -> int | None:
        """Square of ``color``'s king, None once it has been captured."""
        return self.kings[color]

    def attacked(self, sq: int, by: int) -> bool:
        """Could a piece of colour ``by`` capture on ``sq`` (were it an enemy piece)?"""
        board = self.board
        for x, pieces in STEP_ATTACKERS[by][sq]:
            if board[x] in pieces:
                return True
        for ray, pieces in RAY_ATTACKERS[by][sq]:
            for x in ray:
                piece = board[x]
                if piece:
                    if piece in pieces:
                        return True
                    break
        return False

    def king_attacked(self, color: int) -> bool:
        """Is ``color``'s king en prise (the opponent could capture it now)?"""
        king = self.king_square(color)
        return king is not None and self.attacked(king, 1 - color)

    # ----------------------------------------------------------------- move generation
    def moves(self, rules: MoveRules) -> list[int]:
        """Every legal move: board moves (with their promotion and privilege forms), then drops."""
        board, color = self.board, self.turn
        sign = SIGN[color]
        table, zone, dead = MOVES[color], IN_ZONE[color], DEAD_END[color]
        mandatory = rules.mandatory_promotion
        out: list[int] = []
        add = out.append
        for frm in range(64):
            q = board[frm] * sign
            if q <= 0:
                continue
            steps, rays = table[q][frm]
            targets = [t for t in steps if board[t] * sign <= 0]
            for ray in rays:
                for t in ray:
                    r = board[t] * sign
                    if r <= 0:
                        targets.append(t)
                    if r:
                        break
            if q >= K:  # the king and promoted pieces never promote
                out.extend([frm | t << 7 for t in targets])
                if q == K and rules.privilege:
                    out.extend([frm | t << 7 | PRIVILEGE for t in targets if board[t] * sign <= -PROMOTED])
                continue
            from_zone, dead_here = zone[frm], dead[q]
            for t in targets:
                if from_zone or zone[t]:
                    if dead_here[t] or mandatory:
                        add(frm | t << 7 | PROMOTE)
                    else:
                        add(frm | t << 7)
                        add(frm | t << 7 | PROMOTE)
                else:
                    add(frm | t << 7)
        hand = self.hands[color]
        if any(hand):
            self._drops(out, hand, rules, dead)
        return out

    def _drops(self, out: list[int], hand: list[int], rules: MoveRules, dead) -> None:
        """Drops onto empty squares (A-K §Drops): never a dead pawn, never where P/L/N could not move."""
        board = self.board
        empty = [t << 7 for t in range(64) if not board[t]]
        for kind in HAND_ORDER:
            if not hand[kind]:
                continue
            base = DROP + kind
            if kind in LAST_RANK_LIMITED:
                if kind == P and not rules.pawn_drops:
                    continue  # an unpromoted pawn is dead in hand (v2)
                dead_here = dead[kind]
                out.extend([base | t for t in empty if not dead_here[t >> 7]])
            else:
                out.extend([base | t for t in empty])

    def king_captures(self, rules: MoveRules) -> list[int]:
        """The legal moves that capture the enemy king (in every promotion form)."""
        king = self.kings[1 - self.turn]
        return [] if king is None else self.moves_from_attackers(king, rules)

    def moves_from_attackers(self, target: int, rules: MoveRules) -> list[int]:
        """Legal board moves of the side to move that land on ``target`` (an enemy-held square)."""
        board, color = self.board, self.turn
        found = [x for x, pieces in STEP_ATTACKERS[color][target] if board[x] in pieces]
        for ray, pieces in RAY_ATTACKERS[color][target]:
            for x in ray:
                piece = board[x]
                if piece:
                    if piece in pieces:
                        found.append(x)
                    break
        if not found:
            return found
        sign, zone, dead = SIGN[color], IN_ZONE[color], DEAD_END[color]
        out = []
        for frm in found:
            q = board[frm] * sign
            move = frm | target << 7
            if q >= K or not (zone[frm] or zone[target]):
                out.append(move)
            elif dead[q][target] or rules.mandatory_promotion:
                out.append(move | PROMOTE)
            else:
                out += [move, move | PROMOTE]
        return out

    # ----------------------------------------------------------------- making moves
    def push(self, move: int) -> int:
        """Play ``move`` (assumed legal) in place; return the captured piece (0 if none)."""
        board, color = self.board, self.turn
        sign = SIGN[color]
        frm, to = move & 127, (move >> 7) & 63
        captured = 0
        if frm >= DROP:
            board[to] = sign * (frm - DROP)
            self.hands[color][frm - DROP] -= 1
        else:
            piece, captured = board[frm], board[to]
            board[frm] = 0
            board[to] = sign * (piece * sign | PROMOTED) if move & PROMOTE else piece
            if piece == sign * K:
                self.kings[color] = to
            if captured:
                kind = -captured * sign
                if kind != K:
                    self.hands[color][kind if move & PRIVILEGE else kind & 15] += 1
                else:  # a captured king ends the game and goes to no hand (A-K15)
                    self.kings[1 - color] = None
        self.turn = 1 - color
        self.ply += 1
        return captured

    def pop(self, move: int, captured: int) -> None:
        """Take back ``move`` played by :meth:`push`, which returned ``captured``."""
        self.turn = color = 1 - self.turn
        self.ply -= 1
        board, sign = self.board, SIGN[color]
        frm, to = move & 127, (move >> 7) & 63
        if frm >= DROP:
            board[to] = 0
            self.hands[color][frm - DROP] += 1
            return
        piece = board[to]
        board[frm] = sign * (piece * sign & ~PROMOTED) if move & PROMOTE else piece
        board[to] = captured
        if piece == sign * K:
            self.kings[color] = frm
        if captured:
            kind = -captured * sign
            if kind != K:
                self.hands[color][kind if move & PRIVILEGE else kind & 15] -= 1
            else:
                self.kings[1 - color] = to

    def king_walled_in(self, color: int) -> bool:
        """Is every square next to ``color``'s king held by its own pieces (the king cannot step at all)?"""
        king = self.kings[color]
        if king is None:
            return False
        board, sign = self.board, SIGN[color]
        for t in KING_STEPS[king]:
            if board[t] * sign <= 0:
                return False
        return True

    def has_move(self, rules: MoveRules) -> bool:
        """Is there any legal move (cheap in the usual case: the king can step somewhere)?"""
        return (self.kings[self.turn] is not None and not self.king_walled_in(self.turn)) or bool(self.moves(rules))


def perft(pos: Position, depth: int, rules: MoveRules, budget) -> int:
    """Leaf nodes of the legal move tree ``depth`` plies deep (bulk-counted, king captures end a line).

    ``budget.spend`` is charged once per position whose moves are generated below the root.
    """
    if pos.kings[pos.turn] is None:
        return 0 if depth else 1  # the game is over: the king of the side to move was captured
    moves = pos.moves(rules)
    if depth <= 1:
        return len(moves) if depth == 1 else 1
    budget.spend(len(moves))
    total = 0
    enemy_king = -SIGN[pos.turn] * K
    board = pos.board
    for move in moves:
        if board[(move >> 7) & 63] == enemy_king:
            continue  # the game ends with this capture: no moves below it
        captured = pos.push(move)
        total += perft(pos, depth - 1, rules, budget)
        pos.pop(move, captured)
    return total
