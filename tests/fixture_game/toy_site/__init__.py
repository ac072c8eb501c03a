"""Toy race on the site (a fixture game for the tests): the plugin a project names in
``[tool.kradan.site] plugins = ["toy_site"]``. It registers the engine package ``toy`` and
serves its browser module from ``js/``; nothing in site_builder/ or engine/ names it.
"""
from __future__ import annotations

from pathlib import Path

from engine.core.protocol import Move, Outcome
from site_builder import diagram
from site_builder.boards import BlockSpec, Board, board_of, parse_board
from site_builder.i18n import strings
from site_builder.plugin import GameSite, GameWords, PuzzleExample
from toy import ToyGame

HERE = Path(__file__).resolve().parent
BLOCKS = BlockSpec(game=ToyGame.id, sides=ToyGame.sides, example_position=ToyGame.start_position,
                   example_moves="a1a2 b4b3")
SIDES = {"th": {"white": "ขาว", "black": "ดำ"}, "en": {"white": "White", "black": "Black"}}
PAWN = {"th": "เบี้ย", "en": "pawn"}
ENDINGS = {"far_rank": {"th": " — ถึงแถวสุดท้าย ชนะ", "en": " — reaches the far rank: a win"},
           "no_moves": {"th": " — อีกฝ่ายไม่มีตาเดิน ชนะ", "en": " — the opponent has no move: a win"}}
SANDBOX_INTRO = {"th": "เดินเบี้ยบนกระดานสามคูณสี่ได้อย่างอิสระ", "en": "Play any moves you like on the 3x4 board."}
# The pieces: a round pawn per side, in a 100x100 box like every game's sprite.
SPRITE = ('<svg class="kr-sprites" aria-hidden="true" focusable="false" width="0" height="0"><defs>'
          + "".join(f'<symbol id="ty-{side}P" viewBox="0 0 100 100"><circle cx="50" cy="50" r="34" fill="{fill}" '
                    'stroke="#222" stroke-width="5"/></symbol>' for side, fill in (("w", "#fafafa"), ("b", "#333")))
          + "</defs></svg>")


def piece_id(letter: str) -> str:
    """'P' -> 'ty-wP', 'p' -> 'ty-bP'."""
    return f"ty-{'w' if letter.isupper() else 'b'}P"


class ToyWords(GameWords):
    def side(self, side: str, lang: str) -> str:
        return SIDES[lang][side]

    def move(self, board: dict[str, str], move: Move, lang: str) -> str:
        return self.move_label(board, move.text, lang)

    def move_label(self, board: dict[str, str], text: str, lang: str) -> str:
        frm, to = text[:2], text[2:4]
        verb = ("กิน" if lang == "th" else "takes") if board.get(to) else ("ไป" if lang == "th" else "to")
        return f"{PAWN[lang]} {frm} {verb} {to}"

    def ending(self, outcome: Outcome, mover: str, lang: str) -> str:
        return ENDINGS[outcome.reason][lang]

    def check(self, lang: str) -> str:
        return ""  # no check in a race

    def draw_reason(self, reason: str, lang: str) -> str:
        return reason  # a race is never drawn


def describe(board: Board, lang: str) -> str:
    """The spoken description: each side's pawns, whose move, then the marks."""
    parts = [f"{SIDES[lang][side]}: {' '.join(sorted(sq for sq, p in board.pieces.items() if p == letter)) or '-'}"
             for side, letter in (("white", "P"), ("black", "p"))]
    parts.append(strings(lang)["to_move"].format(side=SIDES[lang][board.turn]))
    return "; ".join(parts + diagram.spoken_marks(board, lang, board.last_move))


class ToySite(GameSite):
    id = ToyGame.id
    fence = "toy"
    words = ToyWords()
    puzzle_prefix = "ty"
    puzzle_example = PuzzleExample(id="ty-mate1-001", game=ToyGame.id, position="pp1/P1p/3/2P w", tags='["race"]')
    puzzle_tags = {"race": {"th": "แข่งเบี้ย", "en": "race"}}
    engine_package = "toy"
    scripts = HERE / "js"

    def parse_board(self, lines, first_line, rel):
        return parse_board(BLOCKS, lines, first_line, rel)

    def board(self, reply: dict, orientation: str, caption: str) -> Board:
        return board_of(BLOCKS, reply, orientation=orientation, caption=caption)

    def sprite(self) -> str:
        return SPRITE

    def figure(self, board: Board, lang: str) -> str:
        return diagram.figure(board, diagram.svg(board, describe(board, lang), piece_id))

    def sandbox_intro(self, lang: str) -> str:
        return SANDBOX_INTRO[lang]


PLUGIN = ToySite()
