"""The computer opponent (the ``bestmove`` op) for any game on the protocol.

Iterative-deepening negamax with alpha-beta over :class:`~engine.core.protocol.State`: a
transposition table keyed by ``state.key()``; the table's move first, then noisy moves by
``gain()``, killer moves and the history heuristic; a quiescence search over noisy moves at
the leaves, the game's ``estimate()`` at rest. Every node spends one from the
:class:`~engine.core.budget.Budget`; when it runs out, the best move of the last finished depth
is played (never an error). A :class:`Level` sets the depth, the node budget and how far below
the best a move may be and still be picked: the pick is random, seeded from the level and the
position text, so the same request always gets the same reply.

Before moving, the game may take an action instead (:meth:`Game.computer_action`: Makruk claims
and stops counts); it asks the search for the value of positions through :meth:`Searcher.value`.
After an action the same side is still to move: ask again.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass

from .budget import Budget, BudgetExceeded, time_limit
from .protocol import Game, Outcome, State
from .search import WIN_SCORE

WIN_BOUND = WIN_SCORE - 200  # a score above this is a forced win (the win's distance is subtracted)
INFINITY = 10 * WIN_SCORE
MAX_NODES = 2_000_000  # the most a request may ask for (the table grows with the nodes)
EXACT, LOWER, UPPER = 0, 1, 2
PROBE_SHARE = 3  # a probe of Game.computer_action may spend a third of what is left


@dataclass(frozen=True)
class Level:
    """How well the computer plays: the deepest iteration, the node budget, how much worse than
    the best (in evaluate()'s units) a move may be and still be picked at random, and a time
    limit in seconds that only a slow or busy machine reaches (then the reply may vary)."""

    number: int
    depth: int
    nodes: int
    margin: float
    seconds: float | None

    def budget(self, nodes: int | None = None) -> Budget:
        """The search budget: ``nodes`` (the level's own by default) within the time limit (none
        inside ``budget.without_time_limit()``)."""
        return Budget(self.nodes if nodes is None else nodes, time_limit(self.seconds), CLOCK_EVERY)


CLOCK_EVERY = 256  # nodes between clock reads: a few milliseconds even inside Pyodide
# A Makruk middlegame searches 20,000-30,000 nodes/s in CPython on the project's machine and
# somewhat less in Pyodide in Chromium: level 3 answers in about 0.45 s in CPython and 0.55 s
# in the browser (median), and the time limits keep every reply under 1 s in the browser on a
# busy machine too (`python -m site_builder bench --only computer` measures it).
LEVELS = {
    1: Level(1, depth=1, nodes=2_000, margin=2.0, seconds=0.3),
    2: Level(2, depth=2, nodes=4_000, margin=0.3, seconds=0.4),
    3: Level(3, depth=10, nodes=10_000, margin=0.0, seconds=0.7),
}


def is_win(score: float) -> bool:
    """Is ``score`` (for the side to move) a forced win found by the search?"""
    return score > WIN_BOUND


@dataclass(frozen=True)
class Choice:
    """The computer's reply: move or action text, its handle (None for an action), the deepest
    finished iteration, the nodes spent and the move's value for the mover."""

    text: str
    handle: Hashable | None
    depth: int
    nodes: int
    score: float


def choose(game: Game, level: Level, budget: Budget) -> Choice:
    """The computer's move or action in ``game`` (not over), within ``budget``."""
    searcher = Searcher(budget)
    action = game.computer_action(lambda state: searcher.value(state, level.depth))
    if action is not None and action in game.actions():
        return Choice(action, None, searcher.depth, searched(budget), 0.0)
    state = game.state
    legal = {move.text for move in game.legal_moves()}
    handles = [h for h in state.handles() if state.move(h).text in legal]
    margin = level.margin * game.margin_share
    scores, depth = searcher.deepen(state, handles, level.depth, margin)
    back = {h for h in handles if game.takes_back(state.move(h))}
    handle = pick(scores, handles, margin, random.Random(f"{level.number} {game.position_text()}"), back)
    return Choice(state.move(handle).text, handle, depth, searched(budget), scores.get(handle, 0.0))


def searched(budget: Budget) -> int:
    """Nodes searched: the spent ones, less the one refused when the budget ran out."""
    return min(budget.spent, budget.nodes)


def pick(scores: dict, handles: list, margin: float, rng: random.Random, avoid=frozenset()) -> Hashable:
    """The first best move, or with a ``margin`` any move within it of the best, at random;
    a move in ``avoid`` (a take-back) only when no other is as good."""
    if not scores:
        return handles[0]
    best = max(scores.values())
    fair = [h for h in scores if scores[h] == best or margin > 0 and scores[h] > best - margin]
    kept = [h for h in fair if h not in avoid] or fair
    return kept[0] if margin <= 0 else rng.choice(kept)


class Searcher:
    """One search's memory (table, killers, history) and budget; :meth:`deepen` does the work."""

    def __init__(self, budget: Budget):
        self.budget = budget
        self.table: dict[Hashable, tuple[int, float, int, Hashable]] = {}
        self.killers: dict[int, tuple[Hashable, ...]] = {}
        self.history: dict[Hashable, int] = {}
        self.depth = 0

    def value(self, state: State, depth: int) -> float:
        """The search's value of ``state`` for its side to move, spending at most a share of
        what is left (for :meth:`Game.computer_action`)."""
        outer, probe = self.budget, self.budget.part(self.budget.left // PROBE_SHARE)
        self.budget = probe
        try:
            scores, _ = self.deepen(state, list(state.handles()), depth, 0.0)
        finally:
            self.budget = outer
        try:
            outer.spend(min(searched(probe), outer.left))
        except BudgetExceeded:
            pass  # the time is up: the next search stops at its first node, with its first move
        return max(scores.values(), default=state.estimate())

    def deepen(self, state: State, handles: list, max_depth: int, margin: float) -> tuple[dict, int]:
        """Iterative deepening at the root: (value of each searched move, deepest finished depth).

        The values are those of the last finished depth; if not even depth 1 finished, those of
        the moves it reached. With a ``margin`` a move within it of the best gets its exact value.
        """
        order = self._ordered(state, handles, None, 0)
        if not order:
            return {}, 0
        finished: dict = {}
        for depth in range(1, max_depth + 1):
            scores: dict = {}
            try:
                self._root(state, order, depth, margin, scores)
            except BudgetExceeded:
                finished = finished or scores or {order[0]: 0.0}  # nothing finished: the first in order
                break
            finished, self.depth = scores, depth
            order.sort(key=lambda h: -scores[h])  # stable: ties keep their order
            if abs(max(scores.values(), default=0.0)) > WIN_BOUND:
                break  # a forced result: deeper searches find the same, or a slower one
        return finished, self.depth

    def _root(self, state: State, order: list, depth: int, margin: float, scores: dict) -> None:
        best = -INFINITY
        for handle in order:
            alpha = best - margin if best > -INFINITY else -INFINITY
            scores[handle] = value = -self._negamax(state.child(handle), depth - 1, -INFINITY, -alpha, 1)
            best = max(best, value)

    def _negamax(self, state: State, depth: int, alpha: float, beta: float, ply: int) -> float:
        self.budget.spend()
        ended = state.outcome()
        if ended is not None:
            return _ended(state, ended, ply)
        if depth <= 0:
            return self._quiesce(state, alpha, beta, ply)
        key = state.key()
        entry = self.table.get(key)
        hint = None
        if entry is not None:
            stored_depth, stored, flag, hint = entry
            if stored_depth >= depth:
                value = _from_table(stored, ply)
                if flag == EXACT or (flag == LOWER and value >= beta) or (flag == UPPER and value <= alpha):
                    return value
        start, best, best_handle = alpha, -INFINITY, None
        for handle in self._ordered(state, state.handles(), hint, ply):
            value = -self._negamax(state.child(handle), depth - 1, -beta, -alpha, ply + 1)
            if value > best:
                best, best_handle = value, handle
                alpha = max(alpha, value)
                if alpha >= beta:
                    self._cutoff(state, handle, depth, ply)
                    break
        flag = LOWER if best >= beta else UPPER if best <= start else EXACT
        self.table[key] = (depth, _to_table(best, ply), flag, best_handle)
        return best

    def _quiesce(self, state: State, alpha: float, beta: float, ply: int) -> float:
        """Noisy moves only, until the position is quiet; the side to move may stand pat."""
        best = state.estimate()
        if best >= beta:
            return best
        alpha = max(alpha, best)
        noisy = sorted((h for h in state.handles() if state.is_noisy(h)), key=lambda h: -state.gain(h))
        for handle in noisy:
            value = -self._negamax(state.child(handle), 0, -beta, -alpha, ply + 1)
            if value > best:
                best = value
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
        return best

    def _ordered(self, state: State, handles, hint: Hashable | None, ply: int) -> list:
        """The table's move, noisy moves by gain, killers, then quiet moves by history."""
        killers, history = self.killers.get(ply, ()), self.history

        def rank(handle) -> tuple[int, float]:
            if handle == hint:
                return 0, 0.0
            if state.is_noisy(handle):
                return 1, -state.gain(handle)
            if handle in killers:
                return 2, 0.0
            return 3, -history.get(handle, 0)
        return sorted(handles, key=rank)

    def _cutoff(self, state: State, handle: Hashable, depth: int, ply: int) -> None:
        """A quiet move that refuted: a killer at this ply, and history credit."""
        if state.is_noisy(handle):
            return
        killers = self.killers.get(ply, ())
        if handle not in killers:
            self.killers[ply] = (handle, *killers[:1])
        self.history[handle] = self.history.get(handle, 0) + depth * depth


def _ended(state: State, ended: Outcome, ply: int) -> float:
    """The value of a finished game for the side to move: a nearer win is worth more."""
    if ended.winner is None:
        return 0.0
    return WIN_SCORE - ply if ended.winner == state.turn else -(WIN_SCORE - ply)


def _to_table(value: float, ply: int) -> float:
    """Win scores count from the root; the table stores them counted from the node."""
    return value + ply if value > WIN_BOUND else value - ply if value < -WIN_BOUND else value


def _from_table(value: float, ply: int) -> float:
    return value - ply if value > WIN_BOUND else value + ply if value < -WIN_BOUND else value
