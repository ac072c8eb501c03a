"""Komayo diagrams: the pentagon piece sprite (kanji, and Western letters for the setting), the
hands beside a static board and the spoken description of a board with its hands.

Sprite ids: ``ko-<side><letter>[p][-w]``: side ``s`` Sente (points up) or ``g`` Gote (points
down), ``p`` promoted, ``-w`` the Western-letter face (static/js/games/komayo/index.js uses the
same ids). Promoted faces are red.

The kanji are path outlines (kanji_paths.py, from Noto Serif JP Bold under the SIL Open Font
License 1.1, full text in OFL-NotoSerifJP.txt), each defined once as ``ko-kj-<code point>``, so
they draw on a device without a Japanese font and the page fetches no font for them.
"""
from __future__ import annotations

from functools import lru_cache

from ...boards import Board
from ...diagram import spoken_marks
from ...i18n import strings
from .kanji_paths import BASELINE, BOX, PATHS
from .words import SIDE_WORDS, piece_word

LETTERS = "KIRBSNLP"
KANJI = {"K": "玉", "I": "姫", "R": "飛", "B": "角", "S": "銀", "N": "桂", "L": "香", "P": "歩"}
GOTE_KING = "王"
PROMOTED_KANJI = {"I": "神", "R": "龍", "B": "馬", "S": "全", "N": "圭", "L": "杏", "P": "と"}
# A smaller piece for a lesser kind, as on a shogi board (scale of the pentagon).
SIZE = {"K": 1.0, "I": .97, "R": .97, "B": .97, "S": .93, "N": .91, "L": .89, "P": .85}
PIECE_ORDER = ("K", "I", "+I", "R", "+R", "B", "+B", "S", "+S", "N", "+N", "L", "+L", "P", "+P")
# A kanji's em box on the piece: 44 units wide, centred on x=50, its baseline at y=70.
KANJI_SIZE, KANJI_BASELINE = 44, 70
LETTER_FONT = "'Sarabun',system-ui,sans-serif"
INK, RED = "#1d1410", "#b3261e"
RESULTS = {
    "th": {"sente_wins": "จบเกม ฝ่ายเดินก่อนชนะ", "gote_wins": "จบเกม ฝ่ายเดินหลังชนะ", "draw": "จบเกม เสมอ"},
    "en": {"sente_wins": "game over, Sente wins", "gote_wins": "game over, Gote wins", "draw": "game over, draw"},
}
HAND_WORDS = {"th": "ในมือ", "en": "in hand"}


def piece_id(text: str, western: bool = False) -> str:
    """Board or hand text ('+R', 'p') -> sprite symbol id ('ko-sRp', 'ko-gP')."""
    letter = text.lstrip("+")
    side = "s" if letter.isupper() else "g"
    return f"ko-{side}{letter.upper()}{'p' if text.startswith('+') else ''}{'-w' if western else ''}"


def _face(letter: str, promoted: bool, gote: bool, western: bool) -> str:
    """The face of one piece: its kanji outline, or its letter (with '+' when promoted)."""
    colour = RED if promoted else INK
    if western:
        text = f"+{letter}" if promoted else letter
        size = 34 if promoted else 44
        return (f'<text x="50" y="69" font-family="{LETTER_FONT}" font-weight="700" font-size="{size}" '
                f'text-anchor="middle" fill="{colour}">{text}</text>')
    glyph = PROMOTED_KANJI[letter] if promoted else (GOTE_KING if gote and letter == "K" else KANJI[letter])
    return f'<use href="#{glyph_id(glyph)}" fill="{colour}"/>'


def glyph_id(glyph: str) -> str:
    """Sprite id of one kanji outline: '飛' -> 'ko-kj-98db'."""
    return f"ko-kj-{ord(glyph):x}"


def _glyph(glyph: str) -> str:
    """One kanji outline, moved and scaled from its em box (kanji_paths.py) onto the piece."""
    scale = KANJI_SIZE / BOX
    top = KANJI_BASELINE - BASELINE * scale
    return (f'<path id="{glyph_id(glyph)}" transform="translate({50 - KANJI_SIZE / 2:g} {top:g}) scale({scale:g})" '
            f'd="{PATHS[glyph]}"/>')


def _symbol(letter: str, promoted: bool, gote: bool, western: bool) -> str:
    scale = SIZE[letter]
    shift = 50 * (1 - scale)
    turn = ' transform="rotate(180 50 50)"' if gote else ""
    sid = piece_id(("+" if promoted else "") + (letter.lower() if gote else letter), western)
    return (f'<symbol id="{sid}" viewBox="0 0 100 100"><g{turn}><g transform="translate({shift:.1f} {shift:.1f}) '
            f'scale({scale})"><use href="#ko-penta"/>{_face(letter, promoted, gote, western)}</g></g></symbol>')


@lru_cache(maxsize=1)
def sprite() -> str:
    """Every piece face of both sides, kanji and Western letters, inlined once per page."""
    symbols = [_symbol(letter, promoted, gote, western)
               for western in (False, True) for gote in (False, True) for letter in LETTERS
               for promoted in ((False,) if letter == "K" else (False, True))]
    penta = ('<path id="ko-penta" d="M50 5L79 17L88 95H12L21 17Z" fill="#f3d79a" stroke="#5b3d1c" '
             'stroke-width="3" stroke-linejoin="round"/>')
    faces = dict.fromkeys([*KANJI.values(), GOTE_KING, *PROMOTED_KANJI.values()])
    glyphs = "".join(_glyph(glyph) for glyph in faces)
    return (f'<svg class="kr-sprites" aria-hidden="true" focusable="false" width="0" height="0"><defs>{penta}'
            f'{glyphs}{"".join(symbols)}</defs></svg>')


def hand_html(hand: dict[str, int], side: str, place: str) -> str:
    """One side's hand as the live board draws it (div.kr-hand, site.css), for a static figure."""
    if not hand:
        return f'<div class="kr-hand" data-side="{side}" data-place="{place}" aria-hidden="true"></div>'
    pieces = []
    for kind, count in hand.items():
        text = kind if side == "sente" else kind[:-1] + kind[-1].lower()
        promoted = kind.startswith("+")
        pieces.append(f'<span class="kr-hand-piece{" kr-promoted" if promoted else ""}" data-piece="{kind}" '
                      f'data-count="{count}"><svg viewBox="0 0 1 1"><use href="#{piece_id(text)}" width="1" '
                      f'height="1"/></svg><span class="kr-hand-count">{count}</span></span>')
    return f'<div class="kr-hand" data-side="{side}" data-place="{place}" aria-hidden="true">{"".join(pieces)}</div>'


def describe(board: Board, hands: dict[str, dict[str, int]], lang: str) -> str:
    """A spoken description: pieces and hands by side, whose move, result, marks."""
    t = strings(lang)
    parts = []
    for side, is_side in (("sente", str.isupper), ("gote", str.islower)):
        groups = []
        for kind in PIECE_ORDER:
            squares = sorted(sq for sq, p in board.pieces.items() if is_side(p.lstrip("+")) and p.upper() == kind)
            if squares:
                groups.append(f"{piece_word(kind, lang)} {' '.join(squares)}")
        held = [f"{piece_word(kind, lang)} {count}" for kind, count in hands.get(side, {}).items()]
        if held:
            groups.append(f"{HAND_WORDS[lang]}: {', '.join(held)}")
        parts.append(f"{SIDE_WORDS[lang][side]}: {', '.join(groups) or '-'}")
    if board.result != "ongoing":
        parts.append(RESULTS[lang][board.result])
    else:
        parts.append(t["to_move"].format(side=SIDE_WORDS[lang][board.turn]))
    # the last move by its squares: notation such as 'B*e5' is no Thai reader's word
    parts += spoken_marks(board, lang, " ".join(board.last_squares))
    return "; ".join(parts)


def stacked(svg_html: str, hands: dict[str, dict[str, int]], flipped: bool) -> str:
    """The diagram between the two hands (the top one is the side seen at the top), in one
    ``div.kr-diagram`` so the page keeps the live board's room (site.css)."""
    top, bottom = ("sente", "gote") if flipped else ("gote", "sente")
    return (f'<div class="kr-diagram kr-diagram-hands">{hand_html(hands.get(top, {}), top, "top")}{svg_html}'
            f'{hand_html(hands.get(bottom, {}), bottom, "bottom")}</div>')

