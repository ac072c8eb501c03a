"""kind = "best-move": one move wins clearly, proven by engine.search.MaterialSearch.

The key must score at least ``margin`` (in Bia) above every move not listed as accepted, at
``depth`` plies (plus captures). If the key mates, every other move that also mates within
the depth must be listed in ``alternatives``. Listed alternatives must be within the margin
of the key. The browser gets ``wins = {key: {"done": true}, alternative: {"done": true}}``
and, for every other move, the opponent's best reply from a 2-ply material search.
"""
from __future__ import annotations

from engine import search
from engine.makruk import move_uci

from ..engine_ctx import SIDE_WORDS, GameEngine, line_words, side_of
from . import register
from .base import Field, Issue, PuzzleKind
from .mate import play_solution

MATE_LINE = search.MATE_SCORE / 2
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


def best_reply(material: search.MaterialSearch, engine: GameEngine, pos, depth: int) -> str:
    """The reply with the best material score at ``depth`` plies (plus captures), the same value
    ``move_scores`` gives, found with a narrowing window (captures first, then UCI order; the
    first of equal replies wins)."""
    moves = sorted(pos.legal_moves(), key=lambda m: (pos.board[(m >> 6) & 63] is None, move_uci(m)))
    best, alpha = None, -2 * search.MATE_SCORE
    for move in moves:
        value = -material.score(engine.child(pos, move), depth - 1, -2 * search.MATE_SCORE, -alpha)
        if best is None or value > alpha:
            best, alpha = move, value
    return move_uci(best)


class BestMoveKind(PuzzleKind):
    def prove(self, puzzle, engine: GameEngine) -> tuple[dict | None, list[Issue]]:
        f = puzzle.fields
        depth, margin = f["depth"], float(f["margin"])
        alternatives = list(f["alternatives"] or [])
        start, _, played, issues = play_solution(engine, puzzle)
        if issues:
            return None, issues
        line = [move_uci(m) for m in played]
        key = line[0]
        scores = search.MaterialSearch(engine.options).move_scores(start, depth)
        accepted = [key]
        for i, text in enumerate(alternatives):
            try:
                uci = move_uci(engine.parse(start, text))
            except Exception as error:  # EngineError
                issues.append(Issue(f"alternatives[{i}]", str(getattr(error, "message", error)),
                                    "list legal moves of the start position"))
                continue
            if uci in accepted:
                issues.append(Issue(f"alternatives[{i}]", f"{uci} is the key or already listed", "list it once"))
                continue
            if scores[key] - scores[uci] >= margin and not (scores[uci] >= MATE_LINE and scores[key] >= MATE_LINE):
                issues.append(Issue(f"alternatives[{i}]", f"{uci} is not nearly as good as {key}: it scores "
                                    f"{_score(scores[uci])}, the key {_score(scores[key])} (depth {depth})",
                                    "remove it from alternatives"))
            accepted.append(uci)
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
        replies = search.MaterialSearch(engine.options)
        for move in sorted(start.legal_moves(), key=move_uci):
            uci = move_uci(move)
            if uci in accepted:
                continue
            nxt = engine.child(start, move)
            if engine.outcome(nxt) is not None:
                refutations[uci] = None
                continue
            refutations[uci] = best_reply(replies, engine, nxt, REPLY_DEPTH)
        tree = {"wins": {m: {"done": True} for m in sorted(accepted)}, "refutations": refutations}
        return {"solver": side_of(start), "line": line, "depth": depth, "margin": margin,
                "accepted": sorted(accepted), "scores": {m: round(s, 2) for m, s in sorted(scores.items())},
                "tree": tree}, []

    def page_data(self, puzzle, proof: dict, lang: str) -> dict:
        return {"mate_in": None, "line": proof["line"], "tree": proof["tree"], "quiz": None}

    def default_goal(self, puzzle, proof: dict) -> dict[str, str]:
        return {"th": f"{SIDE_WORDS['th'][puzzle.solver]}เดิน หาตาที่ดีที่สุด",
                "en": f"{SIDE_WORDS['en'][puzzle.solver]} to move: find the best move."}

    def solution_text(self, puzzle, proof: dict, lang: str) -> list[str]:
        return line_words(GameEngine(puzzle.game), puzzle.position, proof["line"], lang)


BEST_MOVE = register(BestMoveKind(
    id="best-move",
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
))
