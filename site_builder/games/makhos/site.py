"""The Mak-hot plugin: ```makhos board blocks, diagrams with dark squares, words, the win kind, the miner."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from engine.makhos import MakhosGame

from ... import diagram
from ...boards import BlockSpec, Board, board_of, parse_board
from ...plugin import GameSite, PuzzleExample
from .diagram import dark_path, describe, piece_id
from .mine import MakhosMiner
from .win import MAX_WIN, WIN
from .words import WORDS

HERE = Path(__file__).resolve().parent
SPRITE = HERE.parents[1] / "static" / "pieces" / "makhos.svg"
BLOCKS = BlockSpec(game=MakhosGame.id, sides=MakhosGame.sides, example_position="W:Wc3,e1:Bd4,f6",
                   example_moves="c3-d4 f6-e5")
PUZZLE_TAGS = {
    **{f"win-in-{n}": {"th": f"ชนะใน {n} ตา", "en": f"win in {n}"} for n in range(1, MAX_WIN + 1)},
    "multi-capture": {"th": "กินหลายต่อ", "en": "multi-capture"},
    "king": {"th": "ฮอส", "en": "king"},
    "crowning": {"th": "เข้าฮอส", "en": "crowning"},
    "must-capture": {"th": "กินได้ต้องกิน", "en": "compulsory capture"},
    "setup": {"th": "กระดานและการตั้งหมาก", "en": "board and setup"},
    "men": {"th": "การเดินของเบี้ย", "en": "men"},
    "touch-move": {"th": "จับตัววางตาย", "en": "touch-move"},
}
SANDBOX_INTRO = {"th": "เดินหมากฮอสได้อย่างอิสระ ตั้งตำแหน่งเอง หรือเล่นกับคอมพิวเตอร์",
                 "en": "Play any moves you like on a Mak-hot board, set up a position, or play the computer."}
# The puzzles that practise each lesson (puzzle index filters; a filter that matches no puzzle gives no link).
PRACTICE = {
    "board-and-setup": {"tag": "setup"},
    "men": {"tag": "men"},
    "compulsory-capture": {"tag": "must-capture"},
    "multi-capture": {"tag": "multi-capture"},
    "king": {"tag": "king"},
    "crowning": {"tag": "crowning"},
    "touch-move": {"tag": "touch-move"},
    "game-end": {"kind": "win"},
}


class MakhosSite(GameSite):
    id = MakhosGame.id
    fence = "makhos"
    words = WORDS
    puzzle_kinds = (WIN,)
    puzzle_tags = PUZZLE_TAGS
    puzzle_prefix = "mh"
    puzzle_example = PuzzleExample(id="mh-win2-001", game=MakhosGame.id, position="W:WKa1,c3:Bf6,h8",
                                   tags='["win-in-2", "king"]')
    miner = MakhosMiner()

    def parse_board(self, lines, first_line, rel):
        return parse_board(BLOCKS, lines, first_line, rel)

    def board(self, reply: dict, orientation: str, caption: str) -> Board:
        return board_of(BLOCKS, reply, orientation=orientation, caption=caption)

    def sprite(self) -> str:
        return _sprite()

    def figure(self, board: Board, lang: str) -> str:
        svg = diagram.svg(board, describe(board, lang), piece_id)
        frame = f'<use href="#kr-frame-{board.orientation}"/>'
        return diagram.figure(board, svg.replace(frame, frame + dark_path(board.flipped), 1))

    def sandbox_intro(self, lang: str) -> str:
        return SANDBOX_INTRO[lang]

    def practice(self, slug: str) -> dict[str, str]:
        return PRACTICE.get(slug, {})


@lru_cache(maxsize=1)
def _sprite() -> str:
    return diagram.inline_sprite(SPRITE)


PLUGIN = MakhosSite()
