"""Game-neutral search over the protocol: forced-win proofs, best defence, material search.

Everything here walks :class:`~engine.core.protocol.State` objects, so it plays by the rules
the game bound into them (its options included). Moves are the game's opaque handles; only
:meth:`State.move` turns one into text. Rules that need the game's history (repetition
and the like) are ignored: states carry no history. Every search spends nodes from a :class:`~engine.core.budget.Budget`
and stops with ``BUDGET_EXCEEDED`` when it is empty.
"""

from __future__ import annotations

from collections.abc import Hashable

from .budget import Budget
from .protocol import State

WIN, DRAW, LOSS = "win", "draw", "loss"


def verdict(parent: State, after: State) -> str | None:
    """``WIN`` if the move from ``parent`` to ``after`` won for the mover, ``DRAW``, ``LOSS``, or None."""
    ended = after.outcome()
    if ended is None:
        return None
    if ended.winner is None:
        return DRAW
    return WIN if ended.winner == parent.turn else LOSS


def text_of(state: State, handle: Hashable) -> str:
    return state.move(handle).text


class MateSolver:
    """Proves forced wins: can the side to move win within n of its own moves, and with which keys.

    One solver keeps a transposition table across calls; it spends ``budget`` per node.
    """

    def __init__(self, budget: Budget):
        self.budget = budget
        self.table: dict[tuple, bool] = {}
        self.killers: dict[int, Hashable] = {}

    @property
    def nodes(self) -> int:
        return self.budget.spent

    def _child(self, state: State, handle: Hashable) -> State:
        self.budget.spend()
        return state.child(handle)

    def attacker_wins(self, state: State, n: int) -> bool:
        """Can the side to move force a win within ``n`` of its own moves?"""
        key = (state.key(), n, True)
        hit = self.table.get(key)
        if hit is not None:
            return hit
        found = False
        for handle in state.forcing_order(state.handles(), n == 1):
            after = self._child(state, handle)
            result = verdict(state, after)
            if result == WIN or (result is None and n > 1 and self.defender_lost(after, n - 1)):
                found = True
                break
        self.table[key] = found
        return found

    def defender_lost(self, state: State, n: int) -> bool:
        """Does the side to move lose within ``n`` attacker moves whatever it plays?"""
        key = (state.key(), n, False)
        hit = self.table.get(key)
        if hit is not None:
            return hit
        killer = self.killers.get(n)
        lost = True
        for handle in sorted(state.handles(), key=lambda h: h != killer):
            after = self._child(state, handle)
            if verdict(state, after) is not None or not self.attacker_wins(after, n):
                self.killers[n] = handle
                lost = False
                break
        self.table[key] = lost
        return lost

    def shortest_win(self, state: State, limit: int) -> int | None:
        """The smallest n ≤ ``limit`` such that the side to move wins in n, else None."""
        for n in range(1, limit + 1):
            if self.attacker_wins(state, n):
                return n
        return None

    def winning_moves(self, state: State, n: int) -> dict[Hashable, int]:
        """Every move that forces a win within ``n`` moves, mapped to its shortest win length."""
        found = {}
        for handle in state.handles():
            after = self._child(state, handle)
            result = verdict(state, after)
            if result == WIN:
                found[handle] = 1
                continue
            if result is not None:
                continue
            for k in range(1, n):
                if self.defender_lost(after, k):
                    found[handle] = k + 1
                    break
        return found

    def refutation(self, state: State, handle: Hashable, n: int) -> Hashable | None:
        """A reply to ``handle`` after which the mover cannot win in ``n - 1`` more moves.

        None when the move ends the game at once (a win, a draw).
        """
        after = self._child(state, handle)
        if verdict(state, after) is not None:
            return None
        for reply in after.handles():
            later = self._child(after, reply)
            if verdict(after, later) is not None or n <= 1 or not self.attacker_wins(later, n - 1):
                return reply
        return None

    def holds_out(self, state: State, n: int) -> int:
        """Attacker moves to a win after a defence: the shortest win, or n + 1 when none is within n."""
        if state.outcome() is not None:
            return n + 1  # the defence ended the game (a draw, or the defender won)
        found = self.shortest_win(state, n)
        return n + 1 if found is None else found

    def best_defence(self, state: State, horizon: int) -> tuple[Hashable, int | None]:
        """The reply that puts off the loss longest (searching up to ``horizon`` attacker moves).

        Returns (move, win distance after it, or None when no win is within the horizon).
        A reply that wins or draws at once beats one that merely finds no loss; among equals
        the game's ``defence_tiebreak`` decides.
        """
        best, best_score, best_distance = None, None, None
        for handle in state.handles():
            after = self._child(state, handle)
            result = verdict(state, after)
            distance = None if result is not None else self.shortest_win(after, horizon)
            rank = {WIN: 3, DRAW: 2, LOSS: -1}.get(result, 1 if distance is None else 0)
            score = (rank, distance or 0, *state.defence_tiebreak(handle, after))
            if best_score is None or score > best_score:
                best, best_score, best_distance = handle, score, distance
        return best, best_distance


def describe_moves(state: State, moves: dict[Hashable, int]) -> dict[str, int]:
    """Winning moves as text → win length, sorted by text."""
    return dict(sorted((text_of(state, h), k) for h, k in moves.items()))


def proof_tree(solver: MateSolver, state: State, n: int, preferred: list[str] | None = None) -> dict:
    """Everything a solving board needs for a win in ``n`` from ``state`` (attacker to move).

    ``{"wins": {move: {"mate": true} | {"reply": move, "node": subtree}},
       "refutations": {move: reply-or-None}}``: every legal attacker move is in one of the two.
    The defence chooses the reply that holds out longest; among equals it follows
    ``preferred`` (the author's line: key, reply, move, reply, ...) and then move-text order.
    """
    preferred = preferred or []
    wins, refutations = {}, {}
    winning = solver.winning_moves(state, n)
    for handle in sorted(state.handles(), key=lambda h: text_of(state, h)):
        text = text_of(state, handle)
        if handle not in winning:
            reply = solver.refutation(state, handle, n)
            after = state.child(handle)
            refutations[text] = None if reply is None else text_of(after, reply)
            continue
        if winning[handle] == 1:
            wins[text] = {"mate": True}
            continue
        after = state.child(handle)
        follows_line = preferred[:1] == [text]
        reply = _longest_defence(solver, after, n - 1, preferred[1] if follows_line and len(preferred) > 1 else None)
        reply_text = text_of(after, reply)
        later = after.child(reply)
        wins[text] = {"reply": reply_text,
                      "node": proof_tree(solver, later, n - 1,
                                         preferred[2:] if follows_line and preferred[1:2] == [reply_text] else None)}
    return {"wins": wins, "refutations": refutations}


def _longest_defence(solver: MateSolver, state: State, n: int, preferred: str | None) -> Hashable:
    """The defence after which the shortest remaining win is longest (ties: ``preferred``, then the
    game's ``defence_tiebreak``, so that a sensible defence is shown rather than a pointless one,
    then text)."""
    return ranked_defences(solver, state, n, preferred)[0]


def ranked_defences(solver: MateSolver, state: State, n: int, preferred: str | None = None) -> list[Hashable]:
    """Every defence, best first: holding out longest, then ``preferred``, the game's
    ``defence_tiebreak`` (highest first) and move text."""
    scored = []
    for handle in state.handles():
        text = text_of(state, handle)
        after = state.child(handle)
        tiebreak = tuple(-x for x in state.defence_tiebreak(handle, after))
        scored.append((-solver.holds_out(after, n), text != preferred, tiebreak, text, handle))
    scored.sort(key=lambda s: s[:4])
    return [s[4] for s in scored]


def longest_defences(solver: MateSolver, state: State, n: int) -> set[str]:
    """Text of every defence that holds out as long as any other (within ``n`` attacker moves)."""
    lengths = {text_of(state, h): solver.holds_out(state.child(h), n) for h in state.handles()}
    longest = max(lengths.values(), default=0)
    return {m for m, k in lengths.items() if k == longest}


def single_key_line(solver: MateSolver, state: State, n: int) -> tuple[Hashable, list[str], State, Hashable] | None:
    """A win in exactly ``n`` that only one key move wins, or None: (the key, the line's move
    texts (each attacker move the quickest win, then the first text; each defence the first of
    the longest), the state before the last attacker move, that move)."""
    if solver.shortest_win(state, n) != n:
        return None
    keys = solver.winning_moves(state, n)
    if len(keys) != 1:
        return None
    key = move = next(iter(keys))
    line, cur = [], state
    for left in range(n, 0, -1):
        line.append(text_of(cur, move))
        if left == 1:
            return key, line, cur, move
        cur = cur.child(move)
        defence = sorted(longest_defences(solver, cur, left - 1))[0]
        line.append(defence)
        cur = cur.child(next(h for h in cur.handles() if text_of(cur, h) == defence))
        winning = solver.winning_moves(cur, left - 1)
        move = min(winning, key=lambda h: (winning[h], text_of(cur, h)))
    return None


WIN_SCORE = 1000.0


class MaterialSearch:
    """Alpha-beta on the game's evaluation with a quiescence over noisy moves."""

    def __init__(self, budget: Budget):
        self.budget = budget

    @property
    def nodes(self) -> int:
        return self.budget.spent

    def score(self, state: State, depth: int, alpha: float = -2 * WIN_SCORE, beta: float = 2 * WIN_SCORE) -> float:
        """Negamax value of ``state`` for the side to move, ``depth`` plies plus noisy moves."""
        self.budget.spend()
        ended = state.outcome()
        if ended is not None:
            if ended.winner is None:
                return 0.0
            return WIN_SCORE + depth if ended.winner == state.turn else -WIN_SCORE - depth
        handles = state.handles()
        if depth <= 0:
            return self._quiesce(state, handles, alpha, beta)
        for handle in sorted(handles, key=lambda h: (not state.is_noisy(h), -state.gain(h))):
            value = -self.score(state.child(handle), depth - 1, -beta, -alpha)
            if value >= beta:
                return value
            alpha = max(alpha, value)
        return alpha

    def _quiesce(self, state: State, handles, alpha: float, beta: float) -> float:
        stand = state.evaluate()
        if stand >= beta:
            return stand
        alpha = max(alpha, stand)
        for handle in sorted((h for h in handles if state.is_noisy(h)), key=lambda h: -state.gain(h)):
            self.budget.spend()
            after = state.child(handle)
            ended = after.outcome()
            if ended is not None:
                value = 0.0 if ended.winner is None else WIN_SCORE if ended.winner == state.turn else -WIN_SCORE
            else:
                value = -self._quiesce(after, after.handles(), -beta, -alpha)
            if value >= beta:
                return value
            alpha = max(alpha, value)
        return alpha

    def move_scores(self, state: State, depth: int) -> dict[str, float]:
        """Exact value of every legal move, searched ``depth`` plies after it (plus noisy moves)."""
        return {text_of(state, h): -self.score(state.child(h), depth - 1) for h in state.handles()}
