"""kind = "best-move": one move wins clearly, proven by engine.core.search.MaterialSearch.

Game-neutral: it works on the engine's protocol (``State``, handles, the game's evaluation).
The key must score at least ``margin`` (in the game's material units: Bia in makruk) above
every move not listed as accepted, at ``depth`` plies (plus captures). If the key wins the
game, every other move that also wins within the depth must be listed in ``alternatives``.
Listed alternatives must be within the margin of the key. The browser gets
``wins = {key: {"done": true}, alternative: {"done": true}}`` and, for every other move, the
opponent's best reply from a 2-ply material search.
"""
from __future__ import annotations

from engine.core import search
from engine.core.search import text_of
from engine.errors import EngineError

from ..engine_ctx import GameEngine, board_games
from .base import Field, Issue, PuzzleKind
from .mate import play_solution

MATE_LINE = search.WIN_SCORE / 2
REPLY_DEPTH = 2


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
        refutations = {}
        replies = engine.material()
        for handle in sorted(start.handles(), key=lambda h: text_of(start, h)):
            written = text_of(start, handle)
            if written in accepted:
                continue
            after = start.child(handle)
            if after.outcome() is not None:
                refutations[written] = None
                continue
            refutations[written] = best_reply(replies, after, REPLY_DEPTH)
        tree = {"wins": {m: {"done": True} for m in sorted(accepted)}, "refutations": refutations}
        return {"solver": start.turn, "line": line, "depth": depth, "margin": margin,
                "accepted": sorted(accepted), "scores": {m: round(s, 2) for m, s in sorted(scores.items())},
                "tree": tree}, []

    def page_data(self, puzzle, proof: dict, lang: str) -> dict:
        return {"mate_in": None, "line": proof["line"], "tree": proof["tree"], "quiz": None}

    def default_goal(self, puzzle, proof: dict) -> dict[str, str]:
        side = puzzle.site.words.side
        return {"th": f"{side(puzzle.solver, 'th')}เดิน หาตาที่ดีที่สุด",
                "en": f"{side(puzzle.solver, 'en')} to move: find the best move."}

    def solution_text(self, puzzle, proof: dict, lang: str) -> list[str]:
        return GameEngine(puzzle.site).line_words(puzzle.position, proof["line"], lang)


BEST_MOVE = BestMoveKind(
    id="best-move",
    games=board_games("play"),
    name_th="ตาเด็ด",
    name_en="Best move",
    doc_th="มีตาเดียวที่ดีกว่าตาอื่นชัดเจน (ได้เปรียบอย่างน้อย margin เบี้ย เมื่อเอนจินคิดลึก depth ครึ่งตา "
           "รวมการกินต่อเนื่อง) ตาอื่นที่ดีพอ ๆ กันต้องระบุใน alternatives",
    doc_en="One move is clearly best: it scores at least margin Bia more than any other move when the "
           "engine looks depth plies ahead (plus captures). Other moves nearly as good must be listed "
           "in alternatives.",
    fields=(
        Field("solution", "list[str]", required=True, example='["c3d5"]',
              doc_th="ตาที่ถูก (ตาแรก) อาจตามด้วยทางเดินต่อเพื่อแสดงเฉลย",
              doc_en="the key first, optionally followed by the line that shows why"),
        Field("alternatives", "list[str]", default=(), example="[]",
              doc_th="ตาอื่นที่ยอมรับว่าถูกด้วย", doc_en="other moves accepted as correct"),
        Field("depth", "int", default=3, bounds=(1, 4), example="3",
              doc_th="ความลึกในการคิดของเอนจิน เป็นครึ่งตา (1 ถึง 4 ค่าปกติ 3)",
              doc_en="how deep the engine looks, in plies (1 to 4, default 3)"),
        Field("margin", "number", default=2.0, bounds=(0.5, 50), example="2.0",
              doc_th="ตาที่ถูกต้องดีกว่าตาอื่นอย่างน้อยกี่เบี้ย (ค่าปกติ 2.0)",
              doc_en="how many Bia the key must be better than any other move (default 2.0)"),
    ),
)
