"""The hints of a puzzle must teach this puzzle: checked after the proofs, on every build.

Per puzzle (:func:`puzzle_issues`):
  * at least ``MIN_HINTS`` hints in each language;
  * no hint and no title gives the answer away (:mod:`.answers`): what the kind's proof calls a
    giveaway (``proof["giveaways"]``: the key's destination square, the number to find, the right
    move ...) as a whole word, a move of the solution's line (any ply, in the game's notation, by
    its squares in order, or in the site's move words), or the right choice of a question;
  * no two hints of the puzzle say the same thing.
Across the collection (:func:`collection_problems`): no hint is another puzzle's hint.

"The same thing" is decided on a masked text (lower case, Thai digits as ASCII, square names
and numbers replaced by one mark each, punctuation and repeated spaces dropped), so that a
template filled with other squares or numbers is caught, and two masked hints are the same
when one stretch of at most ``WORD`` characters is all that differs: a template with one word
swapped ("Look at your Ma." / "Look at your Ruea.") is caught too.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import BuildProblem
from ..i18n import LANGS
from .answers import Answers
from .kinds.base import Issue

MIN_HINTS = 2
WORD = 12  # the longest stretch one swapped word may cover (Thai words run together, so characters)
THAI_DIGITS = str.maketrans("๐๑๒๓๔๕๖๗๘๙", "0123456789")
SQUARE = re.compile(r"(?<![a-z0-9])[a-z][1-9][0-9]?(?![a-z0-9])")
NUMBER = re.compile(r"\d+")
DROPPED = re.compile(r"[\s.,!?;:\"'“”‘’()\[\]…—–-]+")
FIX = "write hints that teach this puzzle's idea: which piece, what it threatens, what the defender cannot do"


def masked(text: str) -> str:
    """The hint as compared: lower case, squares and numbers masked, punctuation and spaces dropped."""
    text = text.lower().translate(THAI_DIGITS)
    text = SQUARE.sub("§", text)
    text = NUMBER.sub("#", text)
    return DROPPED.sub(" ", text).strip()


def same_hint(a: str, b: str) -> bool:
    """Two masked hints say the same thing: equal, or equal but for one stretch of <= WORD characters."""
    if abs(len(a) - len(b)) > WORD:
        return False
    shortest = min(len(a), len(b))
    prefix = 0
    while prefix < shortest and a[prefix] == b[prefix]:
        prefix += 1
    suffix = 0
    while suffix < shortest - prefix and a[-1 - suffix] == b[-1 - suffix]:
        suffix += 1
    return len(a) - prefix - suffix <= WORD and len(b) - prefix - suffix <= WORD


def puzzle_issues(puzzle) -> list[Issue]:
    """The problems of one proven puzzle's hints and title."""
    issues = []
    answers = Answers.of(puzzle)
    for lang in LANGS:
        title = (puzzle.title or {}).get(lang, "")
        for named in answers.named(title, lang):
            issues.append(Issue(f"title.{lang}", f"the title gives the answer away: it names {named}",
                                "name the idea or the position, not the answer"))
        hints = puzzle.hints[lang]
        if len(hints) < MIN_HINTS:
            have = "no hints" if not hints else f"only {len(hints)} hint"
            issues.append(Issue(f"hints.{lang}", f"has {have}; a puzzle needs at least {MIN_HINTS} in each language",
                                FIX))
            continue
        for i, hint in enumerate(hints):
            for named in answers.named(hint, lang):
                issues.append(Issue(f"hints.{lang}", f"hint {i + 1} gives the answer away: it names {named}",
                                    "lead the reader to the idea without naming the answer"))
            for j in range(i):
                if same_hint(masked(hints[j]), masked(hint)):
                    issues.append(Issue(f"hints.{lang}", f"hints {j + 1} and {i + 1} say the same thing",
                                        "make every hint add something new"))
    return issues


@dataclass(frozen=True)
class _Hint:
    puzzle: object
    lang: str
    index: int
    text: str
    key: str


class _Seen:
    """Hints seen so far, indexed so that a new hint is compared only with those it could equal:
    two hints that are the same (``same_hint``) share their first or last ``EDGE`` characters,
    unless both are shorter than ``WORD + 2 * EDGE`` (then ``prefix + suffix >= longer - WORD``
    leaves one of them ``>= EDGE``). ``first_same`` gives the earliest seen, as a full scan would."""

    EDGE = 8

    def __init__(self):
        self.hints: list[_Hint] = []
        self.by_edge: dict[tuple[str, str], list[int]] = {}
        self.short: list[int] = []

    def _edges(self, key: str) -> list[tuple[str, str]]:
        return [("<", key[:self.EDGE]), (">", key[-self.EDGE:])] if len(key) >= self.EDGE else []

    def first_same(self, hint: _Hint) -> _Hint | None:
        found = {i for edge in self._edges(hint.key) for i in self.by_edge.get(edge, ())}
        if len(hint.key) < WORD + 2 * self.EDGE:
            found.update(self.short)
        return next((self.hints[i] for i in sorted(found) if same_hint(self.hints[i].key, hint.key)), None)

    def add(self, hint: _Hint) -> None:
        index = len(self.hints)
        self.hints.append(hint)
        for edge in self._edges(hint.key):
            self.by_edge.setdefault(edge, []).append(index)
        if len(hint.key) < WORD + 2 * self.EDGE:
            self.short.append(index)


def collection_problems(puzzles) -> list[BuildProblem]:
    """A hint that repeats another puzzle's hint (same or one word apart) is a problem of the later file."""
    problems = []
    for lang in LANGS:
        seen = _Seen()
        for puzzle in sorted(puzzles, key=lambda p: p.rel):
            mine = [_Hint(puzzle, lang, i, text, masked(text)) for i, text in enumerate(puzzle.hints[lang])]
            for hint in mine:
                twin = seen.first_same(hint)
                if twin is not None:
                    problems.append(BuildProblem(
                        puzzle.rel, puzzle.lines.line(f"hints.{lang}") or puzzle.lines.line("hints"),
                        f"hints.{lang}: hint {hint.index + 1} ({_short(hint.text)}) repeats hint {twin.index + 1} of "
                        f"{twin.puzzle.rel} ({_short(twin.text)}), give or take a word, square or number",
                        FIX))
            for hint in mine:
                seen.add(hint)
    return problems


def _short(text: str) -> str:
    return repr(text if len(text) <= 50 else text[:47] + "...")
