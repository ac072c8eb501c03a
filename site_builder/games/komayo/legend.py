"""The piece legend of a Komayo lesson: every piece's picture in the three styles (Thai letters,
kanji, Western letters) beside its name, unpromoted and promoted. A lesson asks for it with a
board block holding the line ``legend: pieces`` (and an optional caption); the pictures are the
page's sprite symbols, so the table costs a few hundred bytes a row and draws with JS off. The
reader's style setting (static/js/games/komayo/style.js) leaves the table alone.
"""
from __future__ import annotations

from html import escape

from .diagram import PIECE_ORDER, STYLES, piece_id
from .words import piece_word

LEGEND_LINE = "legend: pieces"
STYLESHEET = "/static/css/komayo-legend.css"  # linked by the legend itself: only its page needs it
HEADINGS = {
    "th": {"name": "ชื่อ", "thai": "อักษรไทย", "kanji": "คันจิ", "letters": "อักษรละติน", "note": "เขียนว่า"},
    "en": {"name": "Name", "thai": "Thai letters", "kanji": "Kanji", "letters": "Western letters", "note": "Written"},
}


def is_legend(lines: list[str]) -> bool:
    """Does a board block ask for the legend instead of a diagram?"""
    return any(line.strip() == LEGEND_LINE for line in lines)


def _picture(text: str, style: str) -> str:
    return (f'<svg class="ko-legend-piece" viewBox="0 0 1 1" aria-hidden="true" focusable="false">'
            f'<use href="#{piece_id(text, style)}" width="1" height="1"/></svg>')


def legend_html(caption: str, lang: str) -> str:
    """The table: one row per piece and promoted piece (PIECE_ORDER), a picture per style, and the
    piece's notation letter."""
    words = HEADINGS[lang]
    head = "".join(f'<th scope="col">{words[key]}</th>' for key in ("name", *STYLES, "note"))
    rows = []
    for text in PIECE_ORDER:
        pictures = "".join(f"<td>{_picture(text, style)}</td>" for style in STYLES)
        name = escape(piece_word(text, lang))
        promoted = ' class="ko-legend-promoted"' if text.startswith("+") else ""
        rows.append(f'<tr{promoted}><th scope="row">{name}</th>{pictures}<td><code translate="no">{text}</code></td></tr>')
    title = f"<caption>{escape(caption)}</caption>" if caption else ""
    return (f'<link rel="stylesheet" href="{STYLESHEET}"><figure class="ko-legend"><table>{title}<thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></figure>')
