"""What would give a proven puzzle's answer away in a hint or a title (hints.py asks :class:`Answers`).

Three kinds of answer, each read from the proof, so every kind and game is covered:
  * the proof's ``giveaways`` (the key's destination square, the number to find, a card ...),
    named as a whole word;
  * every move of the solution's line (``proof["line"]``, played from ``proof["line_start"]`` or
    the puzzle's position; any ply, the defender's too) and every accepted first move: named in the
    game's notation (``h1h8``, ``f6-g7``), by two of its squares in order close together (``h1 ไป h8``,
    ``Ruea h1 takes Khon h8``, ``f6 to g7``, ``h8 takes two and lands on d4``) or in the site's move
    words (a drop names no from-square);
  * the text of a question's right choice (``proof["choices"]`` with ``proof["correct"]``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.errors import EngineError

from .engine_ctx import GameEngine

THAI_DIGITS = str.maketrans("๐๑๒๓๔๕๖๗๘๙", "0123456789")
SQUARE = re.compile(r"(?<![a-z0-9])[a-z][1-9][0-9]?(?![a-z0-9])")
PUNCTUATION = re.compile(r"[\s.,!?;:\"'“”‘’()\[\]…—–-]+")
GAP = 30  # the most characters between two squares read as one move ("เรือ h1 กินม้า h8": 8)
SHORTEST_CHOICE = 12  # a shorter right choice ("Stalemate") is a word hints use to teach; not looked for


def plain(text: str) -> str:
    """Lower case, Thai digits as ASCII."""
    return text.lower().translate(THAI_DIGITS)


def spaced(text: str) -> str:
    """``plain`` with punctuation and runs of spaces made one space: how texts are compared."""
    return " " + PUNCTUATION.sub(" ", plain(text)).strip() + " "


def names_word(text: str, word: str) -> bool:
    """Does ``text`` contain ``word`` as a whole word (Thai digits read as ASCII)?"""
    return re.search(rf"(?<![a-z0-9]){re.escape(plain(word))}(?![a-z0-9])", plain(text)) is not None


@dataclass(frozen=True)
class MoveForms:
    """One move of the answer: its notation, the ordered square pairs that name it, its words."""

    text: str
    pairs: frozenset[tuple[str, str]]
    words: dict[str, str]

    def named_in(self, text: str, lang: str) -> str | None:
        """How ``text`` names this move (the form found), or None."""
        if names_word(text, self.text):
            return self.text
        low = plain(text)
        found = list(SQUARE.finditer(low))
        for a, b in zip(found, found[1:]):
            if (a[0], b[0]) in self.pairs and b.start() - a.end() <= GAP:
                return low[a.start():b.end()]
        said = spaced(self.words.get(lang, ""))
        if said.strip() and said in spaced(text):
            return self.words[lang]
        return None


def move_pairs(move) -> frozenset[tuple[str, str]]:
    """Square pairs that name ``move``: from-square then any square it lands on or takes on, and
    two landings in their order (a drop has no from-square: its words name it)."""
    landings = list(move.path) or [move.to_square]
    if landings[-1] != move.to_square:
        landings.append(move.to_square)
    pairs = {(landings[i], landings[j]) for i in range(len(landings)) for j in range(i + 1, len(landings))}
    if move.from_square is not None:
        pairs |= {(move.from_square, sq) for sq in (*landings, *move.captures)}
    return frozenset(pairs)


def line_moves(puzzle, proof: dict) -> list[MoveForms]:
    """The moves of the proof's line and its accepted first moves, with their forms."""
    if not puzzle.site.boards:
        return []
    engine = GameEngine(puzzle.site)
    start = proof.get("line_start") or puzzle.position
    forms: dict[str, MoveForms] = {}

    def add(record, text: str) -> bool:
        board = record.view()["board"]
        try:
            move = record.play(text)
        except EngineError:
            return False
        if move is None:
            return False
        words = {lang: puzzle.site.words.move(board, move, lang) for lang in ("th", "en")}
        forms.setdefault(move.text, MoveForms(move.text, move_pairs(move), words))
        return True

    try:
        record = engine.record(start)
        for text in proof.get("line") or []:
            if not add(record, text):
                break
        firsts = {*proof.get("giveaways", []), *proof.get("accepted", []), *(proof.get("keys") or {})}
        for text in sorted(firsts):
            if not SQUARE.fullmatch(plain(text)):
                add(engine.record(start), text)
    except EngineError:  # a position the proof did not play from: nothing to look for
        return list(forms.values())
    return list(forms.values())


def right_choices(proof: dict) -> dict[str, list[str]]:
    """The text of a question's right choice(s) in each language."""
    correct = proof.get("correct")
    correct = set(correct) if isinstance(correct, list) else set()  # a number's answer is a giveaway
    out: dict[str, list[str]] = {"th": [], "en": []}
    for choice in proof.get("choices") or []:
        label = choice.get("label") if isinstance(choice, dict) else None
        if choice.get("id") in correct and isinstance(label, dict):
            for lang in out:
                if len(spaced(label.get(lang, "")).strip()) >= SHORTEST_CHOICE:
                    out[lang].append(label[lang])
    return out


@dataclass
class Answers:
    """Everything of one puzzle's answer that no hint or title may name."""

    words: list[str] = field(default_factory=list)
    moves: list[MoveForms] = field(default_factory=list)
    choices: dict[str, list[str]] = field(default_factory=dict)

    @classmethod
    def of(cls, puzzle) -> Answers:
        proof = puzzle.proof or {}
        moves = line_moves(puzzle, proof)
        notation = {m.text for m in moves}
        words = [w for w in proof.get("giveaways", []) if w not in notation]
        return cls(words, moves, right_choices(proof))

    def named(self, text: str, lang: str) -> list[str]:
        """What of the answer ``text`` names, each said for the build's message."""
        moves = [(move.text, form) for move in self.moves if (form := move.named_in(text, lang)) is not None]
        found = [repr(word) for word in self.words  # a square already said as part of a named move is not repeated
                 if names_word(text, word) and not any(names_word(form, word) for _, form in moves)]
        found += [f"the move {notation} of the solution (as {form!r})" for notation, form in moves]
        found += [f"the right choice {label!r}" for label in self.choices.get(lang, [])
                  if spaced(label) in spaced(text)]
        return found
