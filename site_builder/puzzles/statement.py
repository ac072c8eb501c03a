"""A puzzle page's statement (its goal, the file's [goal] or the kind's default) says, in each
language, who moves and how many moves are asked: on a board game it names the solver's side
(the game's own word), and when the kind asks for moves (``PuzzleKind.asked_moves``: a mate or
win in N, a best move played on until the material is won, a play-out inside the count) it names
that number, the one the solving box counts down from. Checked on every build, after the proofs."""
from __future__ import annotations

import re

from ..i18n import LANGS
from .kinds.base import Issue

THAI_DIGITS = str.maketrans("๐๑๒๓๔๕๖๗๘๙", "0123456789")


def says_number(text: str, n: int) -> bool:
    return re.search(rf"(?<!\d){n}(?!\d)", text.translate(THAI_DIGITS)) is not None


def statement_issues(puzzle, goal: dict[str, str]) -> list[Issue]:
    """What the goal of a proven puzzle leaves unsaid."""
    if not puzzle.site.boards:
        return []  # a finished card table: nobody is to move
    issues = []
    n = puzzle.kind_obj.asked_moves(puzzle, puzzle.proof)
    example = {"th": "ขาวเดิน ชนะใน 3 ตา", "en": "White to move, win in 3"}
    for lang in LANGS:
        side = puzzle.site.words.side(puzzle.solver, lang)
        text = goal.get(lang, "")
        missing = [f"who moves ({side!r})"] if side.lower() not in text.lower() else []
        if n is not None and not says_number(text, n):
            missing.append(f"how many moves are asked ({n})")
        if missing:
            issues.append(Issue(f"goal.{lang}", "the statement does not say " + " nor ".join(missing),
                                f"say both, as in {example[lang]!r}"))
    return issues
