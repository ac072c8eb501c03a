"""What every puzzle kind provides: its own fields, a proof, and the kind-specific page data.

A kind is a module-level instance of a :class:`PuzzleKind` subclass, listed in
``site_builder.puzzles.registry.KINDS``: the game-neutral kinds of this package (mate,
best-move, rule-quiz) and each game plugin's own kinds (``GameSite.puzzle_kinds``). A kind
declares the games it serves in ``games``. The pipeline around it (TOML, common fields, cache,
pages) is shared; a kind only sees an already type-checked :class:`~site_builder.puzzles.schema.Puzzle`,
whose ``site`` is the game's plugin (its words) and whose ``solver`` is a side id of the game.
(The annotations name ``Puzzle`` without importing it: schema.py imports this module.)

Contract of ``prove(puzzle, engine)``:
  * returns ``(proof, issues)``; ``proof`` is a JSON-able dict (it is cached on disk, keyed by the
    file's bytes and the engine's sources) or None when ``issues`` is not empty;
  * ``issues`` are :class:`Issue` (field, what, fix); the pipeline turns them into
    ``BuildProblem(path, line of the field, "field: what", fix)``.
  * ``proof["giveaways"]`` (optional, a list of words): what no hint may name, because it is the
    answer (the key's destination square, the number to find); hints.py checks every hint for it.
  * a question's proof gives ``nudges`` (wrong choice id, or wrong number as text -> {th, en}) and
    may give ``nudge`` (any other wrong number): why a wrong answer is wrong, without the answer.
``page_data(puzzle, proof, lang)`` returns the kind's keys of the page data block:
``mate_in``, ``line``, ``tree``, ``quiz`` (see the contract).
``page_requests(puzzle, proof)`` lists the engine requests the page will make (replies.py): the
build answers them and the page carries the replies, so solving needs no Pyodide.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from ..engine_ctx import GameEngine, board_games
from ...replies import PageRequest


class Issue(NamedTuple):
    """A problem found by a kind: the field at fault (``solution[2]``), what is wrong, how to fix it."""

    field: str
    what: str
    fix: str


@dataclass(frozen=True)
class Field:
    """One TOML field.

    ``type``: ``str`` | ``int`` | ``number`` | ``bool`` | ``list[str]`` | ``text`` (a table with
    ``th`` and ``en`` strings) | ``text-list`` (a table with ``th`` and ``en`` lists of strings).
    ``choices``: allowed values (for str/int); ``bounds``: (min, max) for int/number.
    """

    name: str
    type: str
    required: bool = False
    default: object = None
    choices: tuple = ()
    bounds: tuple | None = None
    doc_th: str = ""
    doc_en: str = ""
    example: str = ""


@dataclass
class PuzzleKind:
    """Base class; subclasses set ``id``, ``fields``, ``games`` and implement ``prove``/``page_data``."""

    id: str = ""
    name_th: str = ""
    name_en: str = ""
    doc_th: str = ""
    doc_en: str = ""
    games: tuple[str, ...] = ()  # the game ids this kind serves (a game-neutral kind: those of ``ops`` at import)
    fields: tuple[Field, ...] = field(default_factory=tuple)
    ops: tuple[str, ...] = ()  # a game-neutral kind: it serves every registered board game answering these ops

    def __post_init__(self):
        if self.ops and not self.games:
            self.games = board_games(*self.ops)

    def served(self) -> tuple[str, ...]:
        """The game ids this kind serves now: a game-neutral kind serves the board games registered
        since (a project's plugin games) too."""
        return board_games(*self.ops) if self.ops else self.games

    def field_map(self) -> dict[str, Field]:
        return {f.name: f for f in self.fields}

    def prove(self, puzzle: "Puzzle", engine: GameEngine) -> tuple[dict | None, list[Issue]]:
        raise NotImplementedError

    def page_data(self, puzzle: "Puzzle", proof: dict, lang: str) -> dict:
        """``{"mate_in": .., "line": [..], "tree": {..} | None, "quiz": {..} | None}``."""
        raise NotImplementedError

    def page_words(self, lang: str) -> dict:
        """The fields of this kind's page data that are the same for every puzzle (the words its
        browser UI needs): a teacher-made exercise's page (site_builder/teach/exercise_page.py)
        carries them, as its exercise comes in the link without them. None by default."""
        return {}

    def page_requests(self, puzzle: "Puzzle", proof: dict) -> list[PageRequest]:
        """The engine requests the page makes while the reader solves (none: a page that never asks)."""
        return []

    def default_goal(self, puzzle: "Puzzle", proof: dict) -> dict[str, str]:
        """The goal shown when the file has no [goal] table."""
        raise NotImplementedError

    def asked_moves(self, puzzle: "Puzzle", proof: dict) -> int | None:
        """How many moves of the solver the task asks for (its goal must say it), or None: a question."""
        return None

    def solution_text(self, puzzle: "Puzzle", proof: dict, lang: str) -> list[str]:
        """Lines of the solution for readers without JavaScript (inside a closed <details>)."""
        return []
