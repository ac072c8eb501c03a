"""Winning material on the board: the proof of a best move (the catalog's 'best-move' kind, and
the ``prove`` op's ``best_move`` task), game-neutral on :class:`~engine.core.search.MaterialSearch`.

The gain: the key's score less the material balance of the start position (the solver's view);
the target is the gain less ``TOLERANCE``. A solver move *settles* when the game is won, or when
the balance on the board reaches the target and stays there after the defender's best captures
(the quiescence search). The tree (:func:`gain_tree`), like a mate's: ``wins = {move: {"done":
true} | {"reply": r, "node": {...}}}`` at every solver node (every move that keeps the gain and
settles within ``MAX_SOLVER_MOVES``) and, for every other move, the defender's best reply from a
2-ply material search (``refutations``).
"""
from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from . import search
from .protocol import State
from .search import text_of

MATE_LINE = search.WIN_SCORE / 2
REPLY_DEPTH = 2
TOLERANCE = 1.0  # the line may settle one material unit short of what the search promised
MAX_SOLVER_MOVES = 4  # the key and three more moves to win the material
EPS = 1e-6


def handle_of(state: State, text: str) -> Hashable:
    """The handle of the legal move written ``text``."""
    return next(h for h in state.handles() if text_of(state, h) == text)


def best_reply(material: search.MaterialSearch, state, depth: int) -> str:
    """The reply with the best material score at ``depth`` plies (plus captures), the same value
    ``move_scores`` gives, found with a narrowing window (captures first, then text order; the
    first of equal replies wins)."""
    handles = sorted(state.handles(), key=lambda h: (not state.move(h).captures, text_of(state, h)))
    best, alpha = None, -2 * search.WIN_SCORE
    for handle in handles:
        value = -material.score(state.child(handle), depth - 1, -2 * search.WIN_SCORE, -alpha)
        if best is None or value > alpha:
            best, alpha = handle, value
    return text_of(state, best)


@dataclass
class Gain:
    """What the key promises and how the rest of the line is judged."""

    material: search.MaterialSearch
    solver: str
    depth: int
    base: float  # the start position's balance, the solver's view
    target: float  # the balance the line must reach and keep: base + gain - TOLERANCE

    def balance(self, state: State) -> float:
        """The material balance of ``state`` from the solver's view."""
        value = state.evaluate()
        return value if state.turn == self.solver else -value

    def settled(self, after: State) -> bool:
        """After a solver move: the game is won, or the target is on the board and the defender's
        captures cannot take it back."""
        ended = after.outcome()
        if ended is not None:
            return ended.winner == self.solver
        if self.balance(after) < self.target - EPS:
            return False
        return -self.material.score(after, 0) >= self.target - EPS

    def keeping(self, state: State) -> list[str]:
        """The solver's moves in ``state`` that go on winning: those that settle now if any does
        (take the material when it can be taken), else the best-scoring ones at ``depth`` that
        still reach the target."""
        scores = self.material.move_scores(state, self.depth)
        keep = sorted(m for m, s in scores.items() if s >= self.target - EPS)
        now = [m for m in keep if self.settled(state.child(handle_of(state, m)))]
        if now:
            return now
        top = max(scores.values())
        return [m for m in keep if scores[m] >= top - EPS]

    def best_replies(self, state: State) -> tuple[list[str], dict[str, float]]:
        """The defender's replies with the highest score at ``depth`` (captures first, then text
        order), and every reply's score (the defender's view)."""
        scores = self.material.move_scores(state, self.depth)
        top = max(scores.values())
        best = [m for m in scores if scores[m] >= top - EPS]
        best.sort(key=lambda m: (not state.move(handle_of(state, m)).captures, m))
        return best, scores


def gain_tree(gain: Gain, state: State, moves_left: int, preferred: list[str],
              first: list[str] | None = None) -> dict:
    """A solver node: every move that keeps the gain and settles in time (at the root: the
    accepted first moves), with the defender's best reply after each, and a refutation of
    every other move."""
    keeping = first if first is not None else gain.keeping(state)
    wins = {}
    for text in keeping:
        rest = preferred[1:] if preferred and preferred[0] == text else []
        branch = _branch(gain, state, text, moves_left, rest)
        if branch is None and first is not None and text != preferred[0]:
            branch = {"done": True}  # an accepted alternative whose gain comes later than we look
        if branch is not None:
            wins[text] = branch
    refutations = {}
    for handle in sorted(state.handles(), key=lambda h: text_of(state, h)):
        written = text_of(state, handle)
        if written in wins:
            continue
        after = state.child(handle)
        refutations[written] = None if after.outcome() is not None else best_reply(gain.material, after, REPLY_DEPTH)
    return {"wins": wins, "refutations": refutations}


def _branch(gain: Gain, state: State, text: str, moves_left: int, preferred: list[str]) -> dict | None:
    """After the solver's ``text``: done, or the defender's best reply and the next node (None
    when the gain is not on the board within ``moves_left`` solver moves)."""
    after = state.child(handle_of(state, text))
    if gain.settled(after):
        return {"done": True}
    if moves_left <= 1 or after.outcome() is not None:
        return None
    best, _ = gain.best_replies(after)
    reply = preferred[0] if preferred and preferred[0] in best else best[0]
    node = gain_tree(gain, after.child(handle_of(after, reply)), moves_left - 1,
                     preferred[1:] if preferred and preferred[0] == reply else [])
    return {"reply": reply, "node": node} if node["wins"] else None


def solution_line(state: State, key: str, depth: int, material: search.MaterialSearch) -> list[str] | None:
    """The line a file must give for ``key`` in ``state`` (the miner writes it), or None when the
    key does not win the material on the board in time."""
    scores = material.move_scores(state, depth)
    gain = Gain(material, state.turn, depth, state.evaluate(), scores[key] - TOLERANCE)
    tree = gain_tree(gain, state, MAX_SOLVER_MOVES, [key], first=[key])
    return main_path(tree, key) if key in tree["wins"] else None


def solver_moves(node: dict) -> int:
    """The most solver moves from ``node`` to a settled win along the tree."""
    return max(1 if "done" in win else 1 + solver_moves(win["node"]) for win in node["wins"].values())


def main_path(tree: dict, key: str) -> list[str]:
    """The tree's line from ``key``: each reply, then the first winning move, until done."""
    line, node, move = [], tree, key
    while True:
        line.append(move)
        win = node["wins"][move]
        if "done" in win:
            return line
        line.append(win["reply"])
        node = win["node"]
        move = next(iter(node["wins"]))
