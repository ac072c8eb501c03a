"""The Makruk plugin: ```makruk board blocks, diagrams, words, the counting kind and the trainer."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from engine.makruk import MakrukGame

from ... import diagram
from ...boards import BlockSpec, Board, board_of, parse_board
from ...plugin import GameSite, NavEntry, PuzzleExample
from . import trainer
from .counting import COUNTING
from .diagram import describe, piece_id
from .mine import MakrukMiner
from .words import WORDS

HERE = Path(__file__).resolve().parent
SPRITE = HERE.parents[1] / "static" / "pieces" / "makruk.svg"
BLOCKS = BlockSpec(game=MakrukGame.id, sides=MakrukGame.sides, example_position=MakrukGame.start_position,
                   example_moves="e3e4 d6d5")
SANDBOX_INTRO = {"th": "เดินหมากได้อย่างอิสระบนกระดานหมากรุกไทย", "en": "Play any moves you like on a Makruk board."}


class MakrukSite(GameSite):
    id = MakrukGame.id
    fence = "makruk"
    words = WORDS
    puzzle_kinds = (COUNTING,)
    puzzle_prefix = "mk"
    puzzle_example = PuzzleExample(id="mk-mate2-001", game=MakrukGame.id, position="k7/8/2K5/8/8/8/8/7R w - - 0 1",
                                   tags='["mate-in-2", "ruea"]')
    miner = MakrukMiner()
    templates = HERE / "templates"

    def parse_board(self, lines, first_line, rel):
        return parse_board(BLOCKS, lines, first_line, rel)

    def board(self, reply: dict, orientation: str, caption: str) -> Board:
        return board_of(BLOCKS, reply, orientation=orientation, caption=caption)

    def sprite(self) -> str:
        return _sprite()

    def figure(self, board: Board, lang: str) -> str:
        return diagram.figure(board, diagram.svg(board, describe(board, lang), piece_id))

    def sandbox_intro(self, lang: str) -> str:
        return SANDBOX_INTRO[lang]

    def nav(self, lang: str) -> list[NavEntry]:
        return [trainer.nav(lang)]

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
