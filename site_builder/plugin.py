"""The GameSite protocol: everything one game adds to the site.

Each game has one plugin in ``site_builder/games/<id>/`` and one line in the registry
``site_builder/games/__init__.py``. The shared pipeline (loader, content, render, puzzles)
reaches a game only through these methods, never by its name:

==================  ==========================================================================
``id``              the engine's game id (``engine.registry``)
``fence``           the info string of the game's board blocks in lessons (```makruk)
``parse_board``     phase 1: a board block's lines -> a checked :class:`~site_builder.boards.Board`
``board``           a Board of an engine ``play`` reply (puzzle diagrams)
``sprite``          the piece symbols, inlined once in a page that shows the game's boards
``figure``          one board's ``<figure>``: SVG diagram, spoken description, data for the JS
``words``           the game's words (:class:`GameWords`): sides, pieces, moves, endings
``sandbox_intro``   the sandbox page's one-line introduction
``puzzle_kinds``    the puzzle kinds only this game has (game-neutral kinds serve every board game)
``puzzle_prefix``   the id prefix of mined puzzles (``mk-mate2-001``)
``puzzle_tags``     the game's own puzzle tags with their names (neutral tags serve every game)
``puzzle_example``  example values for the author's guide and messages (:class:`PuzzleExample`)
``miner``           candidate puzzles from engine self-play (:class:`Miner`), or None
``nav``             links to the game's extra pages in the site navigation
``practice``        which puzzles practise a lesson (puzzle index filters), for the lesson's link
``load``            phase 1: every engine answer the extra pages need (problems, never exceptions)
``check_collection`` phase 1: problems across the game's lessons and proven puzzles (a puzzle that
                    repeats a lesson's example)
``pages``           phase 2: the extra pages (:class:`ExtraPage`) from what ``load`` returned
``templates``       the folder of the extra pages' templates (they may extend ``base.html``)
``proof_options``   rule options of the puzzle proofs (e.g. an illegal move refused with its reason
                    rather than lost), the engine's defaults for the rest
``engine_package``  a game from outside the project's engine/: the module of its engine package
                    (with a ``SPEC``), registered in the engine and carried in the browser wheel
``scripts``         a game from outside site_builder/: the folder of its browser module
                    (``index.js``), served as ``/static/js/games/<id>/``
==================  ==========================================================================

A game outside site_builder/ is a module with a ``PLUGIN`` named in ``[tool.kradan.site]
plugins`` (``site_builder.games.load``).
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from engine.core.protocol import Move, Outcome

from .boards import Board
from .errors import BuildProblem


class GameWords(ABC):
    """A game's words in Thai and English (``lang`` is ``th`` or ``en``)."""

    @abstractmethod
    def side(self, side: str, lang: str) -> str:
        """A side id as a word: 'ขาว' / 'White'."""

    @abstractmethod
    def move(self, board: dict[str, str], move: Move, lang: str) -> str:
        """A legal move played on ``board`` (square -> piece text, before the move): 'เรือ h1 ไป h8'."""

    @abstractmethod
    def move_label(self, board: dict[str, str], text: str, lang: str) -> str:
        """Move text that may be illegal, as a choice label: 'เรือ a1 ไป a5'."""

    @abstractmethod
    def ending(self, outcome: Outcome, mover: str, lang: str) -> str:
        """What to append to the move that ended the game: ' — จน' / ' — checkmate'."""

    @abstractmethod
    def check(self, lang: str) -> str:
        """What to append to a move that gives check: ' รุก' / ' check'."""

    @abstractmethod
    def draw_reason(self, reason: str, lang: str) -> str:
        """Why the game is drawn, from the engine's reason code."""


@dataclass(frozen=True)
class NavEntry:
    """A link to one of the game's extra pages: ``/<lang>/<game>/<slug>/``."""

    slug: str
    title: str


@dataclass(frozen=True)
class ExtraPage:
    """One extra page of a game, at ``/<lang>/<game>/<slug>/``, for phase 2.

    ``context`` holds the template's own values; it must have ``title`` and ``summary``
    (the renderer adds the site-wide ones, the sprite and the breadcrumbs).
    """

    slug: str
    template: str
    source: str  # the file a rendering problem points at
    context: dict
    needs_js: bool = True


@dataclass(frozen=True)
class PuzzleExample:
    """The example values the author's guide and the messages show: an id, the game id, a
    position, a tags list (TOML)."""

    id: str
    game: str
    position: str
    tags: str


@dataclass
class Candidate:
    """A mined puzzle: position text, the solution line, its words, and a key for 'seen already'."""

    position: str
    line: list[str]
    key: str
    texts: dict  # title, goal, hints, tags, difficulty
    fields: dict = field(default_factory=dict)  # kind fields such as mate_in


class Miner(ABC):
    """Finds candidate puzzles by engine self-play (``python -m site_builder puzzles mine``)."""

    kinds: tuple[str, ...] = ()

    @abstractmethod
    def key(self, position: str) -> str:
        """What makes two positions the same puzzle (for makruk: placement and side to move)."""

    @abstractmethod
    def candidates(self, kind: str, rng, mate_in: int, min_pieces: int, seen: set[str],
                   mating: frozenset[str] = frozenset()) -> Iterator[Candidate | None]:
        """One item per self-play game: its first candidate whose key is not in ``seen``, or None.
        ``mating``: piece letters one of which must give the mate (empty: any)."""


class GameSite(ABC):
    """One game's part of the site (see the module docstring)."""

    id: str
    fence: str
    words: GameWords
    puzzle_kinds: tuple = ()  # PuzzleKind instances (site_builder.puzzles.kinds.base)
    puzzle_prefix: str = ""
    puzzle_tags: dict = {}  # tag -> {"th", "en"}: the game's own puzzle tags (pieces, its own themes)
    puzzle_example: PuzzleExample
    miner: Miner | None = None
    templates: Path | None = None
    boards: bool = True  # played on a board: a sandbox page, board diagrams (False: CardGameSite)
    proof_options: dict = {}
    one_of_a_kind: tuple[str, ...] = ()  # puzzle kinds whose position a collection may hold once (check_collection)
    engine_package: str | None = None  # a game from outside engine/: its engine package's module
    scripts: Path | None = None  # a game from outside site_builder/: its browser module's folder

    @abstractmethod
    def parse_board(self, lines: list[str], first_line: int, rel: str) -> tuple[Board | None, list[BuildProblem]]:
        """Check a board block's body (``first_line``: the file line of lines[0]) with the engine."""

    @abstractmethod
    def board(self, reply: dict, orientation: str, caption: str) -> Board:
        """A still diagram of the position of an engine ``play`` reply."""

    @abstractmethod
    def sprite(self) -> str:
        """The piece symbols (an <svg> of <symbol>s), inlined once per page with the game's boards."""

    @abstractmethod
    def figure(self, board: Board, lang: str) -> str:
        """The ``<figure>`` of one board."""

    @abstractmethod
    def sandbox_intro(self, lang: str) -> str:
        """The sandbox page's introduction."""

    def nav(self, lang: str) -> list[NavEntry]:
        """Links to the extra pages, after the lessons and the sandbox."""
        return []

    def practice(self, slug: str) -> dict[str, str]:
        """The puzzles that practise the lesson ``slug``, as puzzle index filters ({"kind": "mate",
        "tag": "mate-in-1"}); empty: the lesson links to no puzzles."""
        return {}

    def load(self) -> tuple[object, list[BuildProblem]]:
        """Phase 1: all engine work of the extra pages; problems instead of exceptions."""
        return None, []

    def pages(self, data: object, lang: str, lessons: list) -> list[ExtraPage]:
        """Phase 2: the extra pages in ``lang`` from ``load``'s data; ``lessons`` are the game's
        lessons in that language (content.Page), for links."""
        return []

    def check_collection(self, lessons: list, puzzles: list) -> list[BuildProblem]:
        """Phase 1: problems across the game's lessons (content.Page, every language) and its
        proven puzzles (schema.Puzzle); none by default."""
        return []


class CardGameSite(GameSite):
    """A game without a board (cards): no sandbox page and no board diagrams. Its lesson blocks
    (``parse_board``) give objects with ``game`` and ``interactive`` that its ``figure`` draws;
    its puzzles' ``position`` is read by :meth:`describe` and drawn by :meth:`table_figure`."""

    boards = False

    def board(self, reply: dict, orientation: str, caption: str) -> Board:
        raise TypeError(f"{self.id} has no board")

    def sandbox_intro(self, lang: str) -> str:
        return ""

    @abstractmethod
    def describe(self, position: str) -> dict:
        """A puzzle's position read and checked: ``{"ok": True, "position": the text as kept,
        "turn": a side id}`` plus what the game's kinds need, or ``{"ok": False, "error":
        {"message": ...}}`` (the shape of the engine's play reply)."""

    @abstractmethod
    def table_figure(self, described: dict, lang: str) -> str:
        """The ``<figure class="kr-board">`` of a puzzle position (``described``: what
        :meth:`describe` returned)."""
