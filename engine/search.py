"""Mate proofs and best defence for Makruk.

The search plays by the game's rules that matter within a few moves: checkmate, stalemate,
a bare-kings draw and both counts (a count that runs out, or a mate given by the counting
side while it counts, is a draw). Repetition is ignored: a forced mate in a few moves never
needs a position to occur four times.
"""

from __future__ import annotations

from . import counting
from .board import KING_TARGETS
from .makruk import BLACK, PROMOTION, WHITE, Position, color_of, move_uci

WIN, DRAW = "win", "draw"


def child(pos: Position, move: int, options: dict) -> Position:
    """The position after ``move``, counting fields advanced."""
    nxt = pos.copy()
    captured = nxt.push(move)
    counting.after_move(nxt, captured, options)
    return nxt


def outcome(pos: Position, legal: list[int], options: dict) -> str | None:
    """``WIN`` if the side that just moved has won, ``DRAW`` if the game is drawn, else None."""
    if not legal:
        if not pos.in_check():
            return DRAW
        mover = BLACK if pos.turn == WHITE else WHITE
        if counting.counter(pos) == mover and options["mateWhileCounting"] == "draw":
            return DRAW
        return WIN
    if options["bareKingsDraw"] and pos.piece_count() == 2:
        return DRAW
    if counting.expired(pos, options):
        return DRAW
    return None


def _key(pos: Position) -> tuple:
    return tuple(pos.board), pos.turn, pos.count_limit, pos.count_ply


class MateSolver:
    """Proves forced mates: ``mates_in(pos, n)`` and the keys that mate within n moves.

    One solver keeps a transposition table across calls for the same options.
    """

    def __init__(self, options: dict):
        self.options = options
        self.table: dict[tuple, bool] = {}
        self.killers: dict[int, int] = {}
        self.nodes = 0

    def _expand(self, pos: Position) -> list[tuple[int, Position, list[int], str | None]]:
        out = []
        for move in pos.legal_moves():
            nxt = child(pos, move, self.options)
            legal = nxt.legal_moves()
            out.append((move, nxt, legal, outcome(nxt, legal, self.options)))
        self.nodes += len(out)
        return out

    def attacker_mates(self, pos: Position, n: int) -> bool:
        """Can the side to move force checkmate within ``n`` of its own moves?"""
        key = (_key(pos), n, True)
        hit = self.table.get(key)
        if hit is not None:
            return hit
        found = False
        for move in self._attacker_order(pos, n):
            nxt = child(pos, move, self.options)
            legal = nxt.legal_moves()
            result = outcome(nxt, legal, self.options)
            self.nodes += 1
            if result == WIN or (result is None and n > 1 and self.defender_lost(nxt, legal, n - 1)):
                found = True
                break
        self.table[key] = found
        return found

    def _attacker_order(self, pos: Position, n: int) -> list[int]:
        """Checks first, then captures; at the last move only checks can mate."""
        board = pos.board
        checks, captures, quiet = [], [], []
        them = BLACK if pos.turn == WHITE else WHITE
        their_king = pos.king_square(them)
        for move in pos.legal_moves():
            frm, to = move & 63, (move >> 6) & 63
            piece, taken = board[frm], board[to]
            board[to], board[frm] = piece, None
            if move & PROMOTION:
                board[to] = "F" if piece.isupper() else "f"
            gives_check = pos.attacked(their_king, pos.turn)
            board[frm], board[to] = piece, taken
            if gives_check:
                checks.append(move)
            elif n > 1:
                (captures if taken is not None else quiet).append(move)
        return checks + captures + quiet

    def defender_lost(self, pos: Position, legal: list[int], n: int) -> bool:
        """Is the side to move mated within ``n`` attacker moves whatever it plays?"""
        key = (_key(pos), n, False)
        hit = self.table.get(key)
        if hit is not None:
            return hit
        killer = self.killers.get(n)
        ordered = sorted(legal, key=lambda m: m != killer)
        lost = True
        for move in ordered:
            nxt = child(pos, move, self.options)
            nxt_legal = nxt.legal_moves()
            self.nodes += 1
            if outcome(nxt, nxt_legal, self.options) is not None or not self.attacker_mates(nxt, n):
                self.killers[n] = move
                lost = False
                break
        self.table[key] = lost
        return lost

    def shortest_mate(self, pos: Position, limit: int) -> int | None:
        """The smallest n ≤ ``limit`` such that the side to move mates in n, else None."""
        for n in range(1, limit + 1):
            if self.attacker_mates(pos, n):
                return n
        return None

    def mating_moves(self, pos: Position, n: int) -> dict[int, int]:
        """Every move that forces mate within ``n`` moves, mapped to its shortest mate length."""
        found = {}
        for move, nxt, legal, result in self._expand(pos):
            if result == WIN:
                found[move] = 1
                continue
            if result is not None:
                continue
            for k in range(1, n):
                if self.defender_lost(nxt, legal, k):
                    found[move] = k + 1
                    break
        return found

    def refutation(self, pos: Position, move: int, n: int) -> int | None:
        """A reply to ``move`` after which the mover cannot mate in ``n - 1`` more moves.

        None when ``move`` ends the game at once (stalemate, draw) or mates.
        """
        nxt = child(pos, move, self.options)
        legal = nxt.legal_moves()
        if outcome(nxt, legal, self.options) is not None:
            return None
        best = None
        for reply in legal:
            after = child(nxt, reply, self.options)
            after_legal = after.legal_moves()
            if outcome(after, after_legal, self.options) is not None or n <= 1 \
                    or not self.attacker_mates(after, n - 1):
                best = reply
                break
        return best

    def best_defence(self, pos: Position, horizon: int) -> tuple[int, int | None]:
        """The reply that puts off mate longest (searching up to ``horizon`` attacker moves).

        Returns (move, mate distance after it or None when no mate within the horizon).
        A reply that wins or draws at once beats one that merely finds no mate; among equals
        the reply that captures most, then keeps the Khun most mobile and central, is chosen.
        """
        best_move, best_score, best_distance = None, None, None
        for move, nxt, legal, result in self._expand(pos):
            distance = None if result is not None else self.shortest_mate(nxt, horizon)
            rank = {WIN: 3, DRAW: 2}.get(result, 1 if distance is None else 0)
            taken = pos.board[(move >> 6) & 63]
            score = (rank, distance or 0, VALUES[taken.upper()] if taken else 0.0, _freedom(nxt, pos.turn))
            if best_score is None or score > best_score:
                best_move, best_score, best_distance = move, score, distance
        return best_move, best_distance


def _freedom(pos: Position, defender: str) -> tuple[int, float]:
    """Heuristic for a hunted Khun: safe squares around it, then distance from the edge."""
    king = pos.king_square(defender)
    attacker = BLACK if defender == WHITE else WHITE
    board = pos.board
    board[king] = None  # the Khun does not shield the squares behind it
    safe = sum(1 for t in KING_TARGETS[king]
               if (board[t] is None or color_of(board[t]) != defender) and not pos.attacked(t, attacker))
    board[king] = "K" if defender == WHITE else "k"
    file, rank = king & 7, king >> 3
    return safe, 3.5 - max(abs(file - 3.5), abs(rank - 3.5))


def describe_moves(moves: dict[int, int]) -> dict[str, int]:
    """Mating moves as UCI text → mate length."""
    return {move_uci(m): k for m, k in sorted(moves.items(), key=lambda item: move_uci(item[0]))}


def proof_tree(solver: MateSolver, pos: Position, n: int, preferred: list[str] | None = None) -> dict:
    """Everything a solving board needs for a mate in ``n`` from ``pos`` (attacker to move).

    ``{"wins": {move: {"mate": true} | {"reply": move, "node": subtree}},
       "refutations": {move: reply-or-None}}``: every legal attacker move is in one of the two.
    The defence chooses the reply that holds out longest; among equals it follows
    ``preferred`` (the author's line: key, reply, move, reply, ...) and then UCI order.
    """
    preferred = preferred or []
    wins, refutations = {}, {}
    mating = solver.mating_moves(pos, n)
    for move in sorted(pos.legal_moves(), key=move_uci):
        uci = move_uci(move)
        if move not in mating:
            reply = solver.refutation(pos, move, n)
            refutations[uci] = None if reply is None else move_uci(reply)
            continue
        if mating[move] == 1:
            wins[uci] = {"mate": True}
            continue
        nxt = child(pos, move, solver.options)
        follows_line = preferred[:1] == [uci]
        reply = _longest_defence(solver, nxt, n - 1, preferred[1] if follows_line and len(preferred) > 1 else None)
        after = child(nxt, reply, solver.options)
        wins[uci] = {"reply": move_uci(reply),
                     "node": proof_tree(solver, after, n - 1,
                                        preferred[2:] if follows_line and preferred[1:2] == [move_uci(reply)] else None)}
    return {"wins": wins, "refutations": refutations}


def _longest_defence(solver: MateSolver, pos: Position, n: int, preferred: str | None) -> int:
    """The defence after which the shortest remaining mate is longest (ties: ``preferred``, UCI)."""
    scored = []
    for move in pos.legal_moves():
        after = child(pos, move, solver.options)
        scored.append((_holds_out(solver, after, n), move_uci(move) == preferred, move_uci(move), move))
    # Longest mate first, then the author's move, then alphabetical.
    scored.sort(key=lambda s: (-s[0], not s[1], s[2]))
    return scored[0][3]


def _holds_out(solver: MateSolver, pos: Position, n: int) -> int:
    """Attacker moves to mate after a defence: the shortest mate, or n + 1 when none is within n."""
    if outcome(pos, pos.legal_moves(), solver.options) is not None:
        return n + 1  # the defence ended the game (a draw, or the defender won)
    mate = solver.shortest_mate(pos, n)
    return n + 1 if mate is None else mate


def longest_defences(solver: MateSolver, pos: Position, n: int) -> set[str]:
    """UCI of every defence that holds out as long as any other (within ``n`` attacker moves)."""
    lengths = {move_uci(m): _holds_out(solver, child(pos, m, solver.options), n) for m in pos.legal_moves()}
    longest = max(lengths.values(), default=0)
    return {m for m, k in lengths.items() if k == longest}


# Piece values for the material search, in Bia units (Khon a little below Ma, Met a weak piece).
VALUES = {"P": 1.0, "F": 1.5, "M": 1.5, "S": 2.5, "N": 3.0, "R": 5.0, "K": 0.0}
MATE_SCORE = 1000.0


def material_balance(pos: Position) -> float:
    """Material of the side to move minus the opponent's."""
    score = 0.0
    for piece in pos.board:
        if piece is not None:
            value = VALUES[piece.upper()]
            score += value if color_of(piece) == pos.turn else -value
    return score


class MaterialSearch:
    """Alpha-beta on material with a capture-only quiescence, for best-move proofs."""

    def __init__(self, options: dict):
        self.options = options
        self.nodes = 0

    def score(self, pos: Position, depth: int, alpha: float = -2 * MATE_SCORE, beta: float = 2 * MATE_SCORE) -> float:
        """Negamax value of ``pos`` for the side to move, ``depth`` plies plus captures."""
        self.nodes += 1
        legal = pos.legal_moves()
        result = outcome(pos, legal, self.options)
        if result == WIN:
            return -MATE_SCORE - depth  # the side to move is mated; sooner is worse
        if result == DRAW:
            return 0.0
        if depth <= 0:
            return self._quiesce(pos, legal, alpha, beta)
        for move in sorted(legal, key=lambda m: pos.board[(m >> 6) & 63] is None):
            value = -self.score(child(pos, move, self.options), depth - 1, -beta, -alpha)
            if value >= beta:
                return value
            alpha = max(alpha, value)
        return alpha

    def _quiesce(self, pos: Position, legal: list[int], alpha: float, beta: float) -> float:
        stand = material_balance(pos)
        if stand >= beta:
            return stand
        alpha = max(alpha, stand)
        for move in legal:
            if pos.board[(move >> 6) & 63] is None:
                continue
            nxt = child(pos, move, self.options)
            nxt_legal = nxt.legal_moves()
            result = outcome(nxt, nxt_legal, self.options)
            value = MATE_SCORE if result == WIN else 0.0 if result == DRAW else \
                -self._quiesce(nxt, nxt_legal, -beta, -alpha)
            if value >= beta:
                return value
            alpha = max(alpha, value)
        return alpha

    def move_scores(self, pos: Position, depth: int) -> dict[str, float]:
        """Exact value of every legal move, searched ``depth`` plies after it (plus captures)."""
        return {move_uci(m): -self.score(child(pos, m, self.options), depth - 1) for m in pos.legal_moves()}
