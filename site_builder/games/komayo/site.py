"""The Komayo plugin: ```komayo board blocks, diagrams with the two hands, words, tags, lessons' practice."""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace

from engine.api import call
from engine.komayo import KomayoGame

from ... import diagram as shared_diagram
from ...boards import BlockSpec, Board, board_of, parse_board
from ...plugin import GameSite, PuzzleExample
from .diagram import DEFAULT_STYLE, describe, piece_id, sprite, stacked
from .legend import LEGEND_LINE, is_legend, legend_html
from .words import PIECE_TAGS, WORDS, piece_word

# An illegal move in a block is the author's mistake: refused with its reason, not a lost game (A-K4).
BLOCKS = BlockSpec(game=KomayoGame.id, sides=KomayoGame.sides, example_position=KomayoGame.start_position,
                   example_moves="c3c4 f6f5", options={"illegalMovePolicy": "reject"})
# Tags of Komayo puzzles besides the neutral ones: the pieces, drops, promotion, the tsume lengths.
PUZZLE_TAGS = {
    **{tag: {lang: piece_word(letter, lang) for lang in ("th", "en")} for letter, tag in PIECE_TAGS.items()},
    "drop": {"th": "วางหมากจากมือ", "en": "drop"},
    "promotion": {"th": "เลื่อนขั้น", "en": "promotion"},
    "princess-leap": {"th": "เจ้าหญิงกระโดด", "en": "Princess's leap"},
    "kings-privilege": {"th": "สิทธิ์ของขุน", "en": "King's privilege"},
    # Tsume lengths counted as shogi players count them: both sides' moves up to the mate (the
    # King's capture, which ends a Komayo game, not counted): a puzzle with mate_in = n is 2n-3 moves (the kanji 手 is not used: many phones lack the font).
    "tsume-1": {"th": "ซึเมะ 1 ตา", "en": "tsume, 1 move"},
    "tsume-3": {"th": "ซึเมะ 3 ตา", "en": "tsume, 3 moves"},
}
SANDBOX_INTRO = {"th": "เดินหมากโกมาโยได้อย่างอิสระ วางหมากจากมือ ตั้งตำแหน่งเอง หรือเล่นกับคอมพิวเตอร์",
                 "en": "Play any Komayo moves you like, drop pieces from the hands, set up a position, "
                       "or play the computer."}
# The puzzles that practise each lesson (puzzle index filters; a filter that matches no puzzle gives no link).
PRACTICE = {
    "pieces": {"kind": "mate", "tag": "tsume-1"},
    "promotion": {"kind": "rule-quiz", "tag": "promotion"},
    "captures-and-hand": {"kind": "mate", "tag": "drop"},
    "drops": {"kind": "rule-quiz", "tag": "drop"},
    "kings-privilege": {"tag": "kings-privilege"},
    "check-and-king-capture": {"kind": "mate", "tag": "tsume-1"},
    "illegal-moves-and-repetition": {"kind": "rule-quiz", "tag": "rules"},
    "handicaps": {"kind": "mate", "tag": "tsume-3"},
    "rule-versions": {"kind": "rule-quiz"},
}


@dataclass(frozen=True)
class KomayoBoard(Board):
    """A Komayo diagram with the two hands ({side: {piece text: count}}) of its position; or, with
    ``legend``, the piece legend (legend.py) in its place."""

    hands: dict = field(default_factory=dict)
    legend: bool = False


def with_hands(board: Board, reply: dict) -> KomayoBoard:
    """``board`` plus the hands of the engine's ``play`` reply for its position."""
    return KomayoBoard(**{f.name: getattr(board, f.name) for f in fields(Board)}, hands=reply["hands"])


class KomayoSite(GameSite):
    id = KomayoGame.id
    fence = "komayo"
    words = WORDS
    puzzle_tags = PUZZLE_TAGS
    puzzle_prefix = "ko"
    puzzle_example = PuzzleExample(id="ko-tsume3-001", game=KomayoGame.id,
                                   position="4k3/3l4/+p7/2B1+P3/8/8/8/4K3 b +PL 1", tags='["tsume-1", "drop"]')
    # Proofs and quizzes ask why a move is illegal: refused with its reason, not lost (A-K4).
    proof_options = {"illegalMovePolicy": "reject"}

    def parse_board(self, lines, first_line, rel):
        legend = is_legend(lines)
        if legend:  # the legend is drawn from the sprite: only its caption is read
            lines = [line if line.strip() != LEGEND_LINE else "interactive: false" for line in lines]
        board, problems = parse_board(BLOCKS, lines, first_line, rel)
        if board is None:
            return board, problems
        reply = call({"op": "play", "game": self.id, "position": board.position})
        return replace(with_hands(board, reply), legend=legend), problems

    def board(self, reply: dict, orientation: str, caption: str) -> Board:
        return with_hands(board_of(BLOCKS, reply, orientation=orientation, caption=caption), reply)

    def sprite(self) -> str:
        return sprite()

    def figure(self, board: Board, lang: str) -> str:
        if getattr(board, "legend", False):
            return legend_html(board.caption, lang)
        hands = getattr(board, "hands", {})
        style = DEFAULT_STYLE[lang]  # the page's language's face; style.js shows the reader's own setting
        svg = shared_diagram.svg(board, describe(board, hands, lang), lambda text: piece_id(text, style, board.flipped))
        html = shared_diagram.figure(board, svg)
        return html.replace(svg, stacked(svg, hands, board.flipped, style), 1)

    def sandbox_intro(self, lang: str) -> str:
        return SANDBOX_INTRO[lang]

    def practice(self, slug: str) -> dict[str, str]:
        return PRACTICE.get(slug, {})


PLUGIN = KomayoSite()
