"""Find and prove a teacher's own exercise: the ``prove`` op (made in the browser, no server).

Game-neutral: it works on the protocol (:class:`~engine.core.protocol.State`) through
:mod:`engine.core.search` and :mod:`engine.core.gain`. Tasks:

- ``{"kind": "mate", "in": N | null, "line"?: [...]}``: the shortest forced win (up to the door's
  limit), or one in exactly N; the reply is what a 'mate' puzzle page shows: the line, the proof
  tree (:func:`engine.core.search.proof_tree`, every winning move at every solver node), the
  winning keys. NOT_PROVEN reasons: ``no_forced_win`` (none within the limit), ``not_forced``
  (none in N), ``shorter_than_claimed`` (one in fewer than N).
- ``{"kind": "best_move", "depth": 1..4 (3), "margin": 0.5..50 (2.0), "line"?: [...]}``: one move
  clearly best (the catalog's 'best-move' kind: at least ``margin`` material units above every
  move not accepted, at ``depth`` plies plus captures), played on until the material is won on
  the board (:func:`engine.core.gain.gain_tree`). NOT_PROVEN reasons: ``no_clear_best`` (more
  than MAX_ACCEPTED moves about as good), ``no_gain`` (the best move wins less than the margin),
  ``not_won_in_time`` (the material is not on the board within MAX_SOLVER_MOVES moves).

The tree and the line follow the author's ``line`` where the proof allows (a longest defence
among equals, a winning move among the winning ones), else the first in move-text order.

These tasks are the board games'. A game without a board proves its own tasks: its registry entry
lists ``prove`` among its ``extra_ops``, and the door routes the request there (engine.api
``_handler``), with that game's task kinds and reply (a card game's drills: a question and its
right answers).
"""
from __future__ import annotations

from collections.abc import Hashable
from typing import NamedTuple

from .. import errors
from ..errors import EngineError, quote
from . import gain, search
from .budget import Budget
from .protocol import State
from .search import MateSolver, text_of

TASK_KINDS = ("mate", "best_move")
NOT_FORCED, SHORTER, NO_WIN = "not_forced", "shorter_than_claimed", "no_forced_win"
NO_CLEAR_BEST, NO_GAIN, NOT_WON = "no_clear_best", "no_gain", "not_won_in_time"
MAX_ACCEPTED = 3  # a best move with more moves about as good is no exercise
DEPTHS, MARGINS = (1, 4), (0.5, 50.0)  # the catalog's best-move bounds
DEFAULT_DEPTH, DEFAULT_MARGIN = 3, 2.0


class WinTask(NamedTuple):
    """A forced-win task: in exactly ``n`` solver moves (None: the shortest), following ``line`` where it can."""

    n: int | None
    line: list[str]


class BestMoveTask(NamedTuple):
    """A best-move task: clearly best at ``depth`` plies by ``margin``, following ``line`` where it can."""

    depth: int
    margin: float
    line: list[str]


def _number(task: dict, name: str, bounds: tuple, default, kinds: tuple[type, ...]):
    value = task.get(name, default)
    low, high = bounds
    if not isinstance(value, kinds) or isinstance(value, bool) or not low <= value <= high:
        raise EngineError(errors.BAD_REQUEST, f"'task.{name}' must be a number from {low} to {high}, got {quote(value, 40)}",
                          f"'task.{name}' ต้องเป็นตัวเลข {low} ถึง {high} แต่ได้ {quote(value, 40)}", f"task.{name}")
    return value


def read_task(task: dict, limit: int) -> WinTask | BestMoveTask:
    """The task of a request, checked (BAD_REQUEST naming the field at fault)."""
    kind = task.get("kind")
    if kind not in TASK_KINDS:
        raise EngineError(errors.BAD_REQUEST, f"unknown task kind {quote(kind, 40)}; known: {', '.join(TASK_KINDS)}",
                          f"ไม่รู้จักชนิดโจทย์ {quote(kind, 40)} ที่มี: {', '.join(TASK_KINDS)}", "task.kind")
    line = task.get("line", [])
    if not isinstance(line, list) or len(line) > 2 * limit or not all(isinstance(m, str) and len(m) <= 40 for m in line):
        raise EngineError(errors.BAD_REQUEST, f"'task.line' must be a list of at most {2 * limit} moves, got {quote(line, 80)}",
                          f"'task.line' ต้องเป็นรายการตาเดินไม่เกิน {2 * limit} ตา แต่ได้ {quote(line, 80)}", "task.line")
    if kind == "best_move":
        return BestMoveTask(_number(task, "depth", DEPTHS, DEFAULT_DEPTH, (int,)),
                            float(_number(task, "margin", MARGINS, DEFAULT_MARGIN, (int, float))), list(line))
    n = task.get("in")
    if n is not None and (not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= limit):
        raise EngineError(errors.BAD_REQUEST, f"'task.in' must be a whole number from 1 to {limit} or null, got {quote(n, 40)}",
                          f"'task.in' ต้องเป็นจำนวนเต็ม 1 ถึง {limit} หรือ null แต่ได้ {quote(n, 40)}", "task.in")
    return WinTask(n, list(line))


def refutation_words(solver: MateSolver, state: State, move: Hashable, n: int) -> dict[str, str]:
    """Why ``move`` does not force a win in ``n``: 'after c6c7, a8b8 defends', or how the game ends
    after it (stalemate, a draw, a loss), in English (``en``) and Thai (``th``)."""
    written = text_of(state, move)
    after = state.child(move)
    result = search.verdict(state, after)
    if result is not None and result != search.WIN:
        if after.outcome().reason == "stalemate":
            return {"en": f"after {written} the game ends in stalemate", "th": f"หลัง {written} เกมจบด้วยอับ"}
        if result == search.DRAW:
            return {"en": f"after {written} the game ends in a draw", "th": f"หลัง {written} เกมจบเสมอ"}
        return {"en": f"after {written} the game ends in a loss", "th": f"หลัง {written} ฝ่ายที่เดินกลับแพ้"}
    reply = solver.refutation(state, move, n)
    if reply is None:  # cannot happen for a move that does not win; keep the words useful anyway
        return {"en": f"after {written} there is no forced mate", "th": f"หลัง {written} ไม่มีทางบังคับชนะ"}
    said = text_of(after, reply)
    return {"en": f"after {written}, {said} defends", "th": f"หลัง {written} ฝ่ายรับเดิน {said} แล้วรอด"}


def _not_proven(reason: str, message: str, message_th: str, field: str = "task") -> EngineError:
    return EngineError(errors.NOT_PROVEN, message, message_th, field, reason=reason)


def _length(win: dict) -> int:
    """Solver moves to the win along a proof tree's branch (the defence there holds out longest)."""
    return 1 if "mate" in win else 1 + min(_length(w) for w in win["node"]["wins"].values())


def main_line(tree: dict, preferred: list[str], quickest: bool = True) -> list[str]:
    """The tree's main line: at each solver node the preferred move when it wins (while the line is
    still the preferred one), else the quickest win (then the first text; ``quickest`` False: the
    first of the tree's order); each defence is the tree's. It ends at a mate (``{"mate": true}``)
    or where the material is won (``{"done": true}``)."""
    line, node = [], tree
    while True:
        wins = node["wins"]
        wanted = preferred[len(line)] if preferred[:len(line)] == line and len(line) < len(preferred) else None
        move = wanted if wanted in wins else \
            min(wins, key=lambda m: (_length(wins[m]), m)) if quickest else next(iter(wins))
        line.append(move)
        win = wins[move]
        if "mate" in win or "done" in win:
            return line
        line.append(win["reply"])
        node = win["node"]


def prove_win(state: State, task: WinTask, solver: MateSolver, limit: int, position: str) -> dict:
    """The proof of ``task`` from ``state`` (the solver to move), or NOT_PROVEN saying why;
    ``position`` is quoted in the words. The search spends ``solver``'s budget (BUDGET_EXCEEDED)."""
    shown = quote(position, 80)
    if task.n is None:
        n = solver.shortest_win(state, limit)
        if n is None:
            raise _not_proven(NO_WIN, f"no forced win within {limit} moves in {shown}",
                              f"ไม่มีทางบังคับชนะภายใน {limit} ตาในตำแหน่ง {shown}")
    else:
        n = task.n
        shortest = solver.shortest_win(state, n)
        if shortest is None:
            raise _not_proven(NOT_FORCED, *_not_forced_words(solver, state, task, n, shown))
        if shortest < n:
            quick = solver.winning_moves(state, shortest)
            first = sorted(text_of(state, h) for h, k in quick.items() if k == shortest)[0]
            raise _not_proven(SHORTER, f"the win is shorter than claimed: a win in {shortest} by {first} in {shown}",
                              f"ชนะได้เร็วกว่าที่ระบุ: ชนะใน {shortest} ตาด้วย {first} ในตำแหน่ง {shown}")
    tree = search.proof_tree(solver, state, n, task.line)
    return {"kind": "mate", "solver": state.turn, "orientation": state.turn, "mate_in": n,
            "line": main_line(tree, task.line),
            "keys": search.describe_moves(state, solver.winning_moves(state, n)),
            "tree": tree, "nodes": solver.nodes}


def _not_forced_words(solver: MateSolver, state: State, task: WinTask, n: int, shown: str) -> tuple[str, str]:
    """'no forced win in 2 in '…': after c6c7, a8b8 defends' (the author's key refuted, when the line gives one)."""
    head_en, head_th = f"no forced win in {n} in {shown}", f"ไม่มีทางบังคับชนะใน {n} ตาในตำแหน่ง {shown}"
    key = next((h for h in state.handles() if task.line and text_of(state, h) == task.line[0]), None)
    if key is None:
        return head_en, head_th
    why = refutation_words(solver, state, key, n)
    return f"{head_en}: {why['en']}", f"{head_th}: {why['th']}"


def prove_best_move(state: State, task: BestMoveTask, budget: Budget, position: str) -> dict:
    """The proof of a best move from ``state`` (the solver to move), or NOT_PROVEN saying why;
    the searches spend ``budget`` (BUDGET_EXCEEDED)."""
    shown = quote(position, 80)
    material = search.MaterialSearch(budget)
    scores = material.move_scores(state, task.depth)
    wanted = task.line[0] if task.line else None

    def near(best: str, move: str) -> bool:
        both_mate = scores[best] >= gain.MATE_LINE and scores[move] >= gain.MATE_LINE
        return scores[best] - scores[move] < task.margin or both_mate

    top = sorted(scores, key=lambda m: (-scores[m], m != wanted, m))[0]
    key = wanted if wanted in scores and near(top, wanted) else top
    accepted = sorted(m for m in scores if near(key, m))
    if len(accepted) > MAX_ACCEPTED:
        names = ", ".join(accepted[:8]) + (" ..." if len(accepted) > 8 else "")
        raise _not_proven(NO_CLEAR_BEST, f"no move is clearly best in {shown}: {len(accepted)} moves are within "
                          f"{task.margin:g} of {key} at depth {task.depth} ({names})",
                          f"ไม่มีตาที่ดีกว่าตาอื่นชัดเจนในตำแหน่ง {shown}: มี {len(accepted)} ตาที่ต่างจาก {key} ไม่ถึง "
                          f"{task.margin:g} เมื่อคิดลึก {task.depth} ครึ่งตา ({names})")
    base = state.evaluate()
    won = round(scores[key] - base, 2) + 0.0  # + 0.0: never "-0.0"
    if scores[key] < gain.MATE_LINE and won < task.margin:
        raise _not_proven(NO_GAIN, f"the best move {key} wins {won:+.1f}, less than the margin "
                          f"{task.margin:g}, in {shown}",
                          f"ตาที่ดีที่สุด {key} ได้เปรียบเพียง {won:+.1f} น้อยกว่า {task.margin:g} ในตำแหน่ง {shown}")
    preferred = task.line if task.line[:1] == [key] else [key]
    tree = gain.gain_tree(gain.Gain(material, state.turn, task.depth, base, scores[key] - gain.TOLERANCE),
                          state, gain.MAX_SOLVER_MOVES, preferred, first=accepted)
    if key not in tree["wins"]:
        raise _not_proven(NOT_WON, f"after {key} the material is not won on the board within {gain.MAX_SOLVER_MOVES} "
                          f"moves in {shown}",
                          f"หลัง {key} ยังไม่ได้หมากจริงบนกระดานภายใน {gain.MAX_SOLVER_MOVES} ตาในตำแหน่ง {shown}")
    return {"kind": "best_move", "solver": state.turn, "orientation": state.turn, "mate_in": None,
            "line": main_line(tree, preferred, quickest=False), "tree": tree, "accepted": accepted,
            "depth": task.depth, "margin": task.margin, "gain": won,
            "solver_moves": gain.solver_moves(tree), "nodes": budget.spent}
