"""The Makruk plugin: ```makruk board blocks, diagrams, words, the counting kind and the trainer."""
from __future__ import annotations

import re
from dataclasses import dataclass, fields
from functools import lru_cache
from pathlib import Path

from engine.api import call
from engine.makruk import MakrukGame

from ... import diagram
from ...boards import BlockSpec, Board, board_of, parse_board
from ...plugin import GameSite, NavEntry, PuzzleExample
from . import trainer
from .counting import COUNTING, COUNTING_TAGS
from .diagram import describe, piece_id
from .mine import MakrukMiner
from .words import PIECE_TAGS, PIECE_WORDS, WORDS

HERE = Path(__file__).resolve().parent
SPRITE = HERE.parents[1] / "static" / "pieces" / "makruk.svg"
BLOCKS = BlockSpec(game=MakrukGame.id, sides=MakrukGame.sides, example_position=MakrukGame.start_position,
                   example_moves="e3e4 d6d5")
# Tags of Makruk puzzles besides the neutral ones (site_builder/puzzles/texts.py): the pieces, the counting kind's.
PUZZLE_TAGS = {**{tag: {lang: PIECE_WORDS[lang][piece] for lang in ("th", "en")} for piece, tag in PIECE_TAGS.items()},
               **COUNTING_TAGS}
SANDBOX_INTRO = {"th": "เดินหมากได้อย่างอิสระ ตั้งตำแหน่งเอง หรือเล่นกับคอมพิวเตอร์บนกระดานหมากรุกไทย",
                 "en": "Play any moves you like on a Makruk board, set up a position, or play the computer."}
# The puzzles that practise each lesson (puzzle index filters; a filter that matches no puzzle gives no link).
PRACTICE = {
    "board-and-pieces": {"tag": "moves"},
    "khun-met-khon": {"tag": "moves"},
    "ma-ruea-bia": {"tag": "moves"},
    "check-and-checkmate": {"kind": "mate", "tag": "mate-in-1"},
    "stalemate-and-draws": {"tag": "stalemate"},
    "counting-basics": {"kind": "counting", "tag": "which-count"},
    "counting-limits": {"kind": "counting", "tag": "limit"},
    "counting-examples": {"kind": "counting", "tag": "play-out"},
    "counting-sources": {"kind": "counting", "tag": "sources-differ"},
}


COUNT_ACTIONS = ("count-start", "count-stop")


@dataclass(frozen=True)
class MakrukBoard(Board):
    """A Makruk diagram that also knows whether its live board opens with the count panel
    (a count runs, or one may start), so the page reserves the panel's room from the start."""

    count_panel: bool = False


def with_count_panel(board: Board, reply: dict) -> MakrukBoard:
    """``board`` plus what the engine's ``play`` reply for its position says about counting."""
    shows = bool(reply["status"]["counting"]["kind"]) or any(a in COUNT_ACTIONS for a in reply["actions"])
    return MakrukBoard(**{f.name: getattr(board, f.name) for f in fields(Board)}, count_panel=shows)


class MakrukSite(GameSite):
    id = MakrukGame.id
    fence = "makruk"
    words = WORDS
    puzzle_kinds = (COUNTING,)
    puzzle_tags = PUZZLE_TAGS
    puzzle_prefix = "mk"
    puzzle_example = PuzzleExample(id="mk-mate2-001", game=MakrukGame.id, position="k7/8/2K5/8/8/8/8/7R w - - 0 1",
                                   tags='["mate-in-2", "ruea"]')
    miner = MakrukMiner()
    templates = HERE / "templates"

    def parse_board(self, lines, first_line, rel):
        board, problems = parse_board(BLOCKS, lines, first_line, rel)
        if board is None:
            return board, problems
        return with_count_panel(board, call({"op": "play", "game": self.id, "position": board.position})), problems

    def board(self, reply: dict, orientation: str, caption: str) -> Board:
        return with_count_panel(board_of(BLOCKS, reply, orientation=orientation, caption=caption), reply)

    def sprite(self) -> str:
        return _sprite()

    def figure(self, board: Board, lang: str) -> str:
        html = diagram.figure(board, diagram.svg(board, describe(board, lang), piece_id))
        if isinstance(board, MakrukBoard) and board.count_panel:  # the live board's count panel: reserve its room (site.css)
            html = html.replace('<figure class="kr-board"', '<figure class="kr-board" data-panel="count"', 1)
        return html

    def sandbox_intro(self, lang: str) -> str:
        return SANDBOX_INTRO[lang]

    def nav(self, lang: str) -> list[NavEntry]:
        return [trainer.nav(lang)]

    def practice(self, slug: str) -> dict[str, str]:
        return PRACTICE.get(slug, {})

    def load(self):
        return trainer.load()

    def pages(self, data, lang: str, lessons: list):
        return [trainer.page(data, lang, lessons)]


@lru_cache(maxsize=1)
def _sprite() -> str:
    """The piece symbols, inlined once per page with boards (comments and line breaks dropped)."""
    text = SPRITE.read_text(encoding="utf-8")
    text = re.sub(r"<\?xml.*?\?>|<!--.*?-->", "", text, flags=re.S)
    return re.sub(r">\s+<", "><", text).strip()


PLUGIN = MakrukSite()
