"""Komayo diagrams: the pentagon piece sprite in three faces (Thai letters, kanji, Western
letters: the reader's setting), the hands beside a static board and the spoken description of a
board with its hands.

Sprite ids: ``ko-<side><letter>[p][-t|-w]``: side ``s`` Sente (points up) or ``g`` Gote (points
down), ``p`` promoted, no suffix the kanji face, ``-t`` the Thai face, ``-w`` the Western-letter
face (static/js/games/komayo/style.js uses the same ids). Promoted faces are red; a promoted Thai
letter also stands in a ring, so it differs by shape, not colour only. A page is drawn in its
language's default face (DEFAULT_STYLE: Thai letters on Thai pages, kanji on English ones).

The kanji and the Thai letters are path outlines (kanji_paths.py, from Noto Serif JP Bold, full
licence in OFL-NotoSerifJP.txt; thai_paths.py, from Sarabun Bold, OFL-Sarabun.txt; both under the
SIL Open Font License 1.1), each defined once as ``ko-kj-<code point>``, so they draw on a device
without the font and the page fetches no font for them.
"""
from __future__ import annotations

from functools import lru_cache

from ...boards import Board
from ...diagram import spoken_marks
from ...i18n import strings
from . import thai_paths
from .kanji_paths import BASELINE, BOX, PATHS
from .words import SIDE_WORDS, piece_word

LETTERS = "KIRBSNLP"
KANJI = {"K": "玉", "I": "姫", "R": "飛", "B": "角", "S": "銀", "N": "桂", "L": "香", "P": "歩"}
GOTE_KING = "王"
PROMOTED_KANJI = {"I": "神", "R": "龍", "B": "馬", "S": "全", "N": "圭", "L": "杏", "P": "と"}
# The Thai face: the first letter of each Thai name (ขุน เจ้าหญิง→หญิง เรือ โคน เงิน ม้า หอก เบี้ย).
THAI = {"K": "ข", "I": "ญ", "R": "ร", "B": "ค", "S": "ง", "N": "ม", "L": "ห", "P": "บ"}
STYLES = ("thai", "kanji", "letters")  # the reader's settings (style.js), a suffix of the sprite id each
SUFFIX = {"thai": "-t", "kanji": "", "letters": "-w"}
DEFAULT_STYLE = {"th": "thai", "en": "kanji"}
# A Thai letter's ink, centred at (50, THAI_CENTRE): its scale, smaller inside the promoted ring.
THAI_SCALE, THAI_PROMOTED_SCALE, THAI_CENTRE, RING = .62, .48, 58, 25
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


def piece_id(text: str, style: str = "kanji", flipped: bool = False) -> str:
    """Board or hand text ('+R', 'p') -> sprite symbol id ('ko-sRp', 'ko-gP'; 'ko-sRp-t' in Thai letters).
    A Thai letter is never upside down: on a board seen from Gote's side (``flipped``) a piece takes
    the other side's Thai face, which points the other way (static/js/games/komayo/index.js does the same)."""
    if flipped and style == "thai":
        text = text.swapcase()
    letter = text.lstrip("+")
    side = "s" if letter.isupper() else "g"
    return f"ko-{side}{letter.upper()}{'p' if text.startswith('+') else ''}{SUFFIX[style]}"


def _face(letter: str, promoted: bool, gote: bool, style: str) -> str:
    """The face of one piece: its kanji or Thai outline, or its Western letter ('+' when promoted)."""
    colour = RED if promoted else INK
    if style == "thai":
        glyph = f'<use href="#{glyph_id(THAI[letter])}" fill="{colour}"/>'
        if not promoted:
            return glyph
        shrink = THAI_PROMOTED_SCALE / THAI_SCALE
        return (f'<circle cx="50" cy="{THAI_CENTRE}" r="{RING}" fill="none" stroke="{RED}" stroke-width="4"/>'
                f'<g transform="translate(50 {THAI_CENTRE}) scale({shrink:.3g}) translate(-50 -{THAI_CENTRE})">'
                f'{glyph}</g>')
    if style == "letters":
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


def _thai_glyph(glyph: str, scale: float) -> str:
    """One Thai letter outline (thai_paths.py, its ink centred on its box), centred on the piece."""
    half = thai_paths.BOX / 2 * scale
    return (f'<path id="{glyph_id(glyph)}" transform="translate({50 - half:g} {THAI_CENTRE - half:g}) '
            f'scale({scale:g})" d="{thai_paths.PATHS[glyph]}"/>')


def _symbol(letter: str, promoted: bool, gote: bool, style: str) -> str:
    """One piece: the pentagon pointing at the opponent (Gote's turned round) with its face. Kanji
    and Western letters turn with the piece, as on a shogi board; a Thai letter stays upright (a
    Thai reader reads no letter upside down), in the wide part of Gote's turned pentagon."""
    scale = SIZE[letter]
    shift = 50 * (1 - scale)
    sized = f'<g transform="translate({shift:.1f} {shift:.1f}) scale({scale})">'
    turn = ' transform="rotate(180 50 50)"' if gote else ""
    sid = piece_id(("+" if promoted else "") + (letter.lower() if gote else letter), style)
    face = _face(letter, promoted, gote, style)
    if style == "thai" and gote:
        body = (f'<g{turn}>{sized}<use href="#ko-penta"/></g></g>'
                f'{sized}<g transform="translate(0 {2 * (50 - THAI_CENTRE)})">{face}</g></g>')
    else:
        body = f'<g{turn}>{sized}<use href="#ko-penta"/>{face}</g></g>'
    return f'<symbol id="{sid}" viewBox="0 0 100 100">{body}</symbol>'



@lru_cache(maxsize=1)
def sprite() -> str:
    """Every piece face of both sides in the three styles, inlined once per page."""
    symbols = [_symbol(letter, promoted, gote, style)
               for style in STYLES for gote in (False, True) for letter in LETTERS
               for promoted in ((False,) if letter == "K" else (False, True))]
    penta = ('<path id="ko-penta" d="M50 5L79 17L88 95H12L21 17Z" fill="#f3d79a" stroke="#5b3d1c" '
             'stroke-width="3" stroke-linejoin="round"/>')
    faces = dict.fromkeys([*KANJI.values(), GOTE_KING, *PROMOTED_KANJI.values()])
    glyphs = "".join(_glyph(glyph) for glyph in faces) + "".join(_thai_glyph(glyph, THAI_SCALE)
                                                                  for glyph in THAI.values())
    return (f'<svg class="kr-sprites" aria-hidden="true" focusable="false" width="0" height="0"><defs>{penta}'
            f'{glyphs}{"".join(symbols)}</defs></svg>')


def hand_html(hand: dict[str, int], side: str, place: str, style: str = "kanji", flipped: bool = False) -> str:
    """One side's hand as the live board draws it (div.kr-hand, site.css), for a static figure."""
    if not hand:
        return f'<div class="kr-hand" data-side="{side}" data-place="{place}" aria-hidden="true"></div>'
    pieces = []
    for kind, count in hand.items():
        text = kind if side == "sente" else kind[:-1] + kind[-1].lower()
        promoted = kind.startswith("+")
        pieces.append(f'<span class="kr-hand-piece{" kr-promoted" if promoted else ""}" data-piece="{kind}" '
                      f'data-count="{count}"><svg viewBox="0 0 1 1"><use href="#{piece_id(text, style, flipped)}" width="1" '
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


def stacked(svg_html: str, hands: dict[str, dict[str, int]], flipped: bool, style: str = "kanji") -> str:
    """The diagram between the two hands (the top one is the side seen at the top), in one
    ``div.kr-diagram`` so the page keeps the live board's room (site.css)."""
    top, bottom = ("sente", "gote") if flipped else ("gote", "sente")
    return (f'<div class="kr-diagram kr-diagram-hands">{hand_html(hands.get(top, {}), top, "top", style, flipped)}'
            f'{svg_html}{hand_html(hands.get(bottom, {}), bottom, "bottom", style, flipped)}</div>')

