"""The Dummy Knock plugin (a card game: CardGameSite): lesson card blocks, table figures, the
scoring kind and the settlement calculator."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from engine.api import call
from engine.dummy.cards import is_card

from ...errors import BuildProblem
from ...frontmatter import key_lines
from ...plugin import CardGameSite, GameWords, NavEntry, PuzzleExample
from . import calculator, cards_svg, fragment, play_page
from .notation import SEATS, NotationError, read, write
from .scoring import SCORING, SCORING_TAGS
from . import drill_position
from .drills import DRILL_TAGS, DRILLS
from .repeats import repeated_tables
from .words import seat

GAME = "dummy"
HERE = Path(__file__).resolve().parent
BLOCK_KEYS = ("cards", "table", "caption", "calculator", *fragment.LIVE_KEYS)
PRACTICE = {
    "cards-and-points": {"kind": "scoring", "tag": "points"},
    "sets-runs-layoffs": {"kind": "scoring", "tag": "points"},
    "speto-and-blockers": {"kind": "scoring", "tag": "speto"},
    "dark-and-light": {"kind": "scoring", "tag": "tiers"},
    "knock-types": {"kind": "scoring", "tag": "knock"},
    "tiers-and-stakes": {"kind": "scoring", "tag": "tiers"},
    "every-fee": {"kind": "scoring", "tag": "fees"},
    "the-fool": {"kind": "scoring", "tag": "fool"},
    "holding-a-speto": {"kind": "scoring", "tag": "speto"},
    "worked-settlement": {"kind": "scoring", "tag": "nets"},
    "sources-differ": {"kind": "scoring", "tag": "knock"},  # the factors the sources disagree on
    "the-turn": {"kind": "dummy-discard"},
    "collecting": {"kind": "dummy-collect", "tag": "collecting"},
    "dark-and-born": {"kind": "dummy-collect", "tag": "collecting"},
    "melding-and-laying-off": {"kind": "dummy-knock", "tag": "knocking"},
    "speto-blockers-in-play": {"kind": "dummy-collect", "tag": "speto"},
    "knocking": {"kind": "dummy-knock", "tag": "knocking"},
    "fool-in-play": {"kind": "dummy-discard", "tag": "fool"},
    "paying-for-others": {"kind": "dummy-discard", "tag": "discarding"},
    "stock-runs-out": {"kind": "dummy-discard", "tag": "discarding"},
    "ties": {"kind": "scoring", "tag": "tiers"},
    "round-table-fines": {"kind": "dummy-collect", "tag": "collecting"},  # a fine follows a collect that cannot be melded
}


@dataclass(frozen=True)
class CardBlock:
    """A lesson's ```dummy block: card groups, or a whole table (with an optional calculator link)."""

    game: str
    groups: tuple[tuple[str, ...], ...]
    table: dict | None
    caption: str
    calculator: bool
    interactive: bool = False


class DummyWords(GameWords):
    """Dummy has seats, not moves: only ``side`` is ever asked (puzzle pages, captions)."""

    def side(self, side: str, lang: str) -> str:
        return seat(side, lang)

    def move(self, board, move, lang):
        raise TypeError("Dummy has no moves")

    def move_label(self, board, text, lang):
        raise TypeError("Dummy has no moves")

    def ending(self, outcome, mover, lang):
        raise TypeError("Dummy has no moves")

    def check(self, lang):
        raise TypeError("Dummy has no moves")

    def draw_reason(self, reason, lang):
        raise TypeError("Dummy has no moves")


def settle(table: dict) -> dict:
    return call({"op": "settle", "game": GAME, "table": table})


def engine_problem(reply: dict) -> str:
    error = reply["error"]
    return f"the engine refuses the table: {error['message']}"


class DummySite(CardGameSite):
    id = GAME
    fence = "dummy"
    words = DummyWords()
    puzzle_kinds = (SCORING, *DRILLS)
    one_of_a_kind = (SCORING.id,)  # a scoring table is settled once (repeats.py)
    puzzle_tags = {**SCORING_TAGS, **DRILL_TAGS}
    puzzle_prefix = "dk"
    puzzle_example = PuzzleExample(id="dk-score-001", game=GAME, position="level thep\nhead 2H\n...",
                                   tags='["points"]')
    templates = HERE / "templates"

    # ------------------------------------------------------------------ lesson blocks
    def parse_board(self, lines, first_line, rel):
        entries, problems = key_lines(lines, first_line, rel, "dummy", BLOCK_KEYS)
        fields = {key: (value, line) for line, key, value in entries}
        if problems:
            return None, problems
        if any(key in fields for key in fragment.LIVE_KEYS):
            return fragment.parse(fields, rel, first_line)
        if ("cards" in fields) == ("table" in fields):
            return None, [BuildProblem(rel, first_line - 1, "a ```dummy block needs either a cards: line or a table: line",
                                       "write cards: QS 2C | 2S 2H 2D (groups split by |), or table: followed by "
                                       "table lines joined with ; (level thep; head 2H; P1 meld ...)")]
        caption = fields.get("caption", ("", 0))[0]
        link = fields.get("calculator", ("no", 0))[0].strip() == "yes"
        if "cards" in fields:
            text, line = fields["cards"]
            groups = tuple(tuple(group.split()) for group in text.split("|") if group.split())
            bad = [card for group in groups for card in group if not is_card(card)]
            if bad or not groups:
                return None, [BuildProblem(rel, line, f"not cards: {' '.join(bad) or 'none given'}",
                                           "write cards as rank then suit: 2-9, T, J, Q, K, A then S, H, D, C (QS, TD)")]
            return CardBlock(GAME, groups, None, caption, False), []
        text, line = fields["table"]
        try:
            table = read(text.replace(";", "\n"))
        except NotationError as error:
            return None, [BuildProblem(rel, line, f"table: {error.what}", "see site_builder/games/dummy/notation.py")]
        reply = settle(table)
        if not reply["ok"]:
            return None, [BuildProblem(rel, line, engine_problem(reply), "fix the table so that it can happen in a game")]
        return CardBlock(GAME, (), table, caption, link), []

    def figure(self, board: CardBlock | fragment.LiveBlock, lang: str) -> str:
        if isinstance(board, fragment.LiveBlock):
            return fragment.figure(board, lang)
        if board.table is None:
            return cards_svg.cards_figure([list(g) for g in board.groups], board.caption, lang)
        link = calculator.share_link(lang, board.table) if board.calculator else ""
        return cards_svg.table_figure(board.table, board.caption, lang, link)

    def sprite(self) -> str:
        return _sprite()

    # ------------------------------------------------------------------ puzzles
    def describe(self, position: str) -> dict:
        if position.lstrip().startswith("deck "):
            return drill_position.describe(position)
        try:
            table = read(position)
        except NotationError as error:
            return {"ok": False, "error": {"message": str(error)}}
        reply = settle(table)
        if not reply["ok"]:
            return {"ok": False, "error": {"message": reply["error"]["message"]}}
        return {"ok": True, "position": write(table), "turn": SEATS[0], "table": table, "settlement": reply}

    def table_figure(self, described: dict, lang: str) -> str:
        if "drill" in described:
            return drill_position.figure(described, lang)
        return cards_svg.table_figure(described["table"], "", lang)  # the calculator link waits for an answer (scoring.js)

    # ------------------------------------------------------------------ pages
    def nav(self, lang: str) -> list[NavEntry]:
        return [play_page.nav(lang), calculator.nav(lang)]

    def practice(self, slug: str) -> dict[str, str]:
        return PRACTICE.get(slug, {})

    def load(self):
        return calculator.load()

    def check_collection(self, lessons, puzzles):
        return repeated_tables(lessons, puzzles)

    def pages(self, data, lang: str, lessons: list):
        return [calculator.page(data, lang, lessons), play_page.page(lang)]


@lru_cache(maxsize=1)
def _sprite() -> str:
    return cards_svg.sprite()


PLUGIN = DummySite()
