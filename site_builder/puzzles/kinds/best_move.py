"""kind = "best-move": one move wins clearly, proven by engine.core.search.MaterialSearch, and the
solution plays on until the material is won on the board.

Game-neutral: it works on the engine's protocol (``State``, handles, the game's evaluation).
The key must score at least ``margin`` (in the game's material units: Bia in makruk) above
every move not listed as accepted, at ``depth`` plies (plus captures). If the key wins the
game, every other move that also wins within the depth must be listed in ``alternatives``.
Listed alternatives must be within the margin of the key.

The gain, the target and the tree are the engine's (:mod:`engine.core.gain`, which the ``prove``
op's best-move task shares): a solver move *settles* the puzzle when the game is won, or when the
balance on the board reaches the target and stays there after the defender's best captures (the
quiescence search). The solution line goes on until it settles: after each
solver move that does not settle, the defender's best reply (the highest score at ``depth``,
for the defender), then a solver move that goes on winning (one that settles at once if there
is one, else a best-scoring one that still reaches the target), within ``MAX_SOLVER_MOVES``
solver moves. The line in the file must be exactly such a line, and stop at the move that settles.

The browser gets the tree of it, like a mate's: ``wins = {move: {"done": true} | {"reply": r,
"node": {...}}}`` at every solver node (every move that keeps the gain and settles in time) and,
for every other move, the defender's best reply from a 2-ply material search (``refutations``).
"""
from __future__ import annotations

from engine.core.gain import MATE_LINE, MAX_SOLVER_MOVES, TOLERANCE, Gain, gain_tree, handle_of, main_path, solver_moves
from engine.core.protocol import State
from engine.core.search import text_of
from engine.errors import EngineError

from ..engine_ctx import GameEngine
from ...replies import PageRequest, tree_requests
from .base import Field, Issue, PuzzleKind
from .mate import play_solution


def _score(value: float) -> str:
    if value >= MATE_LINE:
        return "mate"
    if value <= -MATE_LINE:
        return "gets mated"
    return f"{value:+.1f}"


def _names(moves: list[str]) -> str:
    return ", ".join(moves[:6]) + (f" and {len(moves) - 6} more" if len(moves) > 6 else "")


def _listing(moves: list[str]) -> str:
    return "[" + ", ".join(f'"{m}"' for m in moves) + "]" if len(moves) > 1 else repr(moves[0])


class BestMoveKind(PuzzleKind):
    def prove(self, puzzle, engine: GameEngine) -> tuple[dict | None, list[Issue]]:
        f = puzzle.fields
        depth, margin = f["depth"], float(f["margin"])
        alternatives = list(f["alternatives"] or [])
        played, issues = play_solution(engine, puzzle)
        if issues:
            return None, issues
        start = played.states[0]
        line = [m.text for m in played.moves]
        key = line[0]
        scores = engine.material().move_scores(start, depth)
        accepted = [key]
        for i, text in enumerate(alternatives):
            try:
                written = text_of(start, engine.handle(puzzle.position, start, text))
            except EngineError as error:
                issues.append(Issue(f"alternatives[{i}]", error.message, "list legal moves of the start position"))
                continue
            if written in accepted:
                issues.append(Issue(f"alternatives[{i}]", f"{written} is the key or already listed", "list it once"))
                continue
            if scores[key] - scores[written] >= margin and not (scores[written] >= MATE_LINE and scores[key] >= MATE_LINE):
                issues.append(Issue(f"alternatives[{i}]", f"{written} is not nearly as good as {key}: it scores "
                                    f"{_score(scores[written])}, the key {_score(scores[key])} (depth {depth})",
                                    "remove it from alternatives"))
            accepted.append(written)
        best = max(scores, key=lambda m: (scores[m], m == key))
        if scores[best] > scores[key] and best not in accepted:
            issues.append(Issue("solution[0]", f"{best} is better than the key {key}: {_score(scores[best])} "
                                f"against {_score(scores[key])} (depth {depth})",
                                f"make {best} the key, or change the position"))
            return None, issues
        rest = [m for m in sorted(scores, key=lambda m: (-scores[m], m)) if m not in accepted]
        mates = [m for m in rest if scores[key] >= MATE_LINE and scores[m] >= MATE_LINE]
        close = [m for m in rest if m not in mates and scores[key] - scores[m] < margin]
        if mates:
            issues.append(Issue("alternatives", f"{_names(mates)} also mate{'s' if len(mates) == 1 else ''} "
                                f"within {depth} plies, like {key}",
                                f"add {_listing(mates)} to alternatives, or change the position"))
        if close:
            shown = ", ".join(f"{m} ({_score(scores[m])})" for m in close[:6]) + (" ..." if len(close) > 6 else "")
            issues.append(Issue("alternatives", f"{_names(close)} {'is' if len(close) == 1 else 'are'} nearly as good as {key}: "
                                f"{shown} against {_score(scores[key])} at depth {depth} (margin {margin:g})",
                                f"add {_listing(close)} to alternatives, or change the position"))
        if issues:
            return None, issues
        base = start.evaluate()
        gain = Gain(engine.material(), start.turn, depth, base, scores[key] - TOLERANCE)
        tree = gain_tree(gain, start, MAX_SOLVER_MOVES, line, first=sorted(accepted))
        issues = check_line(gain, start, line, tree)
        if issues:
            return None, issues
        giveaways = sorted({start.move(handle_of(start, m)).to_square for m in accepted} | set(accepted))
        return {"solver": start.turn, "line": line, "depth": depth, "margin": margin,
                "accepted": sorted(accepted), "scores": {m: round(s, 2) for m, s in sorted(scores.items())},
                "gain": round(scores[key] - base, 2), "target": round(gain.target - base, 2),
                "tree": tree, "giveaways": giveaways}, []

    # ------------------------------------------------------------------ pages
    def page_data(self, puzzle, proof: dict, lang: str) -> dict:
        return {"mate_in": None, "line": proof["line"], "tree": proof["tree"], "quiz": None}

    def page_requests(self, puzzle, proof: dict) -> list[PageRequest]:
        return tree_requests(puzzle.game, puzzle.position, proof["tree"])

    def default_goal(self, puzzle, proof: dict) -> dict[str, str]:
        side, n = puzzle.site.words.side, self.asked_moves(puzzle, proof)
        return {"th": f"{side(puzzle.solver, 'th')}เดิน หาตาที่ดีที่สุด แล้วเดินต่อจนได้หมากจริงบนกระดาน "
                      f"(ไม่เกิน {n} ตาของคุณ)",
                "en": f"{side(puzzle.solver, 'en')} to move: find the best move and play on until the material is "
                      f"won on the board (at most {n} of your moves)."}

    def asked_moves(self, puzzle, proof: dict) -> int:
        """The most solver moves any winning branch of the tree takes."""
        return solver_moves(proof["tree"])

    def solution_text(self, puzzle, proof: dict, lang: str) -> list[str]:
        return GameEngine(puzzle.site).line_words(puzzle.position, proof["line"], lang)


def check_line(gain: Gain, start: State, line: list[str], tree: dict) -> list[Issue]:
    """The file's line must be the tree's: best replies, moves that keep the gain, ending where it settles."""
    key = line[0]
    if key not in tree["wins"]:
        return [Issue("solution[0]", f"after {key} the material is not won on the board within {MAX_SOLVER_MOVES} "
                      "solver moves", "change the position: the key must win the material soon")]
    node, state = tree, start
    for j in range(0, len(line), 2):
        move = line[j]
        if move not in node["wins"]:
            kept = gain.keeping(state)
            said = (f"gives up the gain: it scores {_score(gain.material.move_scores(state, gain.depth)[move] - gain.base)}, "
                    f"below the target {_score(gain.target - gain.base)}") if move not in kept else \
                f"does not win the material within {MAX_SOLVER_MOVES} moves"
            return [Issue(f"solution[{j}]", f"{move} {said}",
                          f"play one of: {', '.join(sorted(node['wins'])) or 'none (change the position)'}")]
        win = node["wins"][move]
        after = state.child(handle_of(state, move))
        if "done" in win:
            if j + 1 < len(line):
                return [Issue(f"solution[{j + 1}]", f"the material is already won after {move} "
                              f"(balance {_score(gain.balance(after) - gain.base)} and safe)",
                              f"end the line after solution[{j}]")]
            return []
        if j + 1 >= len(line):
            return [Issue("solution", f"the line stops before the material is won: after {move} the balance is "
                          f"{_score(gain.balance(after) - gain.base)}, the target "
                          f"{_score(gain.target - gain.base)}",
                          f"play it on: {' '.join(line[:j] + main_path(node, move))}")]
        reply = line[j + 1]
        best, scores = gain.best_replies(after)
        if reply not in best:
            return [Issue(f"solution[{j + 1}]", f"{reply} is not the defender's best reply: {best[0]} keeps more "
                          f"({_score(scores[best[0]])} against {_score(scores[reply])} for the defender, depth {gain.depth})",
                          f"use a best reply: {', '.join(best)}")]
        node, state = win["node"], after.child(handle_of(after, reply))
    return []


BEST_MOVE = BestMoveKind(
    id="best-move",
    ops=("play",),
    name_th="ตาเด็ด",
    name_en="Best move",
    doc_th="มีตาเดียวที่ดีกว่าตาอื่นชัดเจน (ได้เปรียบอย่างน้อย `margin` เบี้ย เมื่อเอนจินคิดลึก `depth` ครึ่งตา "
           "รวมการกินต่อเนื่อง) ตาอื่นที่ดีพอ ๆ กันต้องระบุใน `alternatives` ทางเดินใน `solution` ต้องเดินต่อจนได้หมากจริง "
           "บนกระดาน: หลังทุกตาของผู้แก้ที่ยังไม่ได้หมาก ต่อด้วยตาที่ดีที่สุดของฝ่ายรับ แล้วตาของผู้แก้ที่ยังรักษาความได้เปรียบไว้ "
           f"และจบที่ตาที่ได้หมากครบ (ไม่เกิน {MAX_SOLVER_MOVES} ตาของผู้แก้) เอนจินบอกทางที่ถูกถ้าเขียนสั้นหรือยาวไป",
    doc_en="One move is clearly best: it scores at least margin Bia more than any other move when the "
           "engine looks depth plies ahead (plus captures). Other moves nearly as good must be listed "
           "in alternatives. The solution plays on until the material is won on the board: after each solver "
           "move that has not won it yet, the defender's best reply, then a solver move that keeps the gain, "
           f"ending with the move that wins it (at most {MAX_SOLVER_MOVES} solver moves). The build tells "
           "the line to write when it is too short or too long.",
    fields=(
        Field("solution", "list[str]", required=True, example='["d5c7", "e8d7", "c7a8"]',
              doc_th="ตาที่ถูก (ตาแรก) ตามด้วยตาที่ดีที่สุดของฝ่ายรับและตาของผู้แก้สลับกัน จนได้หมากจริง",
              doc_en="the key, then the defender's best reply and the solver's move in turn, until the material is won"),
        Field("alternatives", "list[str]", default=(), example="[]",
              doc_th="ตาแรกอื่นที่ยอมรับว่าถูกด้วย", doc_en="other first moves accepted as correct"),
        Field("depth", "int", default=3, bounds=(1, 4), example="3",
              doc_th="ความลึกในการคิดของเอนจิน เป็นครึ่งตา (1 ถึง 4 ค่าปกติ 3)",
              doc_en="how deep the engine looks, in plies (1 to 4, default 3)"),
        Field("margin", "number", default=2.0, bounds=(0.5, 50), example="2.0",
              doc_th="ตาที่ถูกต้องดีกว่าตาอื่นอย่างน้อยกี่เบี้ย (ค่าปกติ 2.0)",
              doc_en="how many Bia the key must be better than any other move (default 2.0)"),
    ),
)
