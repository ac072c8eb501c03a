"""Static SVG diagrams of boards, drawn at build time; pieces are <use> refs to a game's sprite.

Game-neutral: the board's size comes with the board (the engine game's ``files`` x ``ranks``,
8x8 for most games); the game's plugin names the sprite symbol of each piece (``piece_id``)
and writes the spoken description (``label``).
"""
from __future__ import annotations

import math
import re
from collections.abc import Callable
from pathlib import Path

from markupsafe import escape

from engine.core.grid import LETTERS

from .boards import Board
from .replies import REPLIES_FILE
from .i18n import strings

STANDARD = (8, 8)  # the usual board: its frame ids and page data stay as they always were
Size = tuple[int, int]  # (files, ranks)


def grid_lines(files: int, ranks: int) -> str:
    """The inner lines of a ``files`` x ``ranks`` board, one path."""
    return "".join((f"M{i} 0v{ranks}" if i < files else "") + (f"M0 {i}h{files}" if i < ranks else "")
                   for i in range(1, max(files, ranks)))


def square_xy(square: str, flipped: bool, size: Size = STANDARD) -> tuple[int, int]:
    """Top-left corner of `square` in the board's viewBox: rank 1 at the bottom, or at the top when `flipped`."""
    files, ranks = size
    f, r = LETTERS.index(square[0]), int(square[1:]) - 1
    return (files - 1 - f, r) if flipped else (f, ranks - 1 - r)


def size_of(board: Board) -> Size:
    """``(files, ranks)`` of a board."""
    return board.files, board.ranks


def frame_id(orientation: str, size: Size) -> str:
    """The id of the empty-board symbol of ``orientation`` and ``size``."""
    return f"kr-frame-{orientation}" if size == STANDARD else f"kr-frame-{orientation}-{size[0]}x{size[1]}"


def _num(x: float) -> str:
    """Compact number: 0.5 -> '.5', 3.0 -> '3', -0.25 -> '-.25'."""
    s = f"{x:.2f}".rstrip("0").rstrip(".")
    return s.replace("0.", ".", 1) if s.startswith(("0.", "-0.")) else s


def _xy(x: int, y: int) -> str:
    """x/y attributes, leaving out zeros (the default)."""
    return (f' x="{x}"' if x else "") + (f' y="{y}"' if y else "")


def _squares_path(squares, flipped: bool, size: Size) -> str:
    """One path covering the given squares."""
    return "".join(f"M{x} {y}h1v1h-1z" for x, y in (square_xy(s, flipped, size) for s in squares))


def _arrow_path(arrow: str, flipped: bool, size: Size) -> str:
    """An arrow polygon from the centre of one square to (near) the centre of another."""
    (x0, y0), (x1, y1) = (square_xy(arrow[i:i + 2], flipped, size) for i in (0, 2))
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux
    sx, sy = x0 + .5 + ux * .2, y0 + .5 + uy * .2
    tx, ty = x1 + .5 - ux * .1, y1 + .5 - uy * .1
    bx, by = tx - ux * .38, ty - uy * .38
    pts = [(sx + nx * .07, sy + ny * .07), (bx + nx * .07, by + ny * .07), (bx + nx * .2, by + ny * .2),
           (tx, ty), (bx - nx * .2, by - ny * .2), (bx - nx * .07, by - ny * .07), (sx - nx * .07, sy - ny * .07)]
    return "M" + "L".join(f"{_num(x)} {_num(y)}" for x, y in pts) + "z"


def _coords(flipped: bool, size: Size) -> str:
    """File letters along the bottom row, rank numbers down the left column (one <text> each;
    one character per file and rank: up to 9 ranks)."""
    width, height = size
    files = LETTERS[:width][::-1] if flipped else LETTERS[:width]
    ranks = "".join(str(r) for r in range(1, height + 1))
    ranks = ranks if flipped else ranks[::-1]
    fx = " ".join(_num(i + .8) for i in range(width))
    ry = " ".join(_num(i + .24) for i in range(height))
    return (f'<g class="kr-coords" font-size=".22" fill="#5b3d1c"><text x="{fx}" y="{_num(height - .06)}">{files}</text>'
            f'<text x="{" ".join([".05"] * height)}" y="{ry}">{ranks}</text></g>')


def frames(boards) -> str:
    """Hidden sprite with the empty board (wood, grid, coordinates) per orientation and size of
    ``boards``; diagrams <use> it."""
    flips = {(b.orientation, size_of(b)): b.flipped for b in boards}
    symbols = "".join(f'<symbol id="{frame_id(o, (w, h))}" viewBox="0 0 {w} {h}"><rect class="kr-bg" width="{w}" '
                      f'height="{h}" fill="#ecd3a0"/><path class="kr-grid" d="{grid_lines(w, h)}" stroke="#5b3d1c" '
                      f'stroke-width=".03"/><rect class="kr-edge" width="{w}" height="{h}" fill="none" '
                      f'stroke="#5b3d1c" stroke-width=".08"/>{_coords(flips[o, (w, h)], (w, h))}</symbol>'
                      for o, (w, h) in sorted(flips))
    return f'<svg class="kr-sprites" aria-hidden="true" focusable="false" width="0" height="0"><defs>{symbols}</defs></svg>'


def svg(board: Board, label: str, piece_id: Callable[[str], str]) -> str:
    """The <svg> of one board (no figure around it), ``label`` its spoken description and
    ``piece_id`` the sprite symbol of a piece text; needs frames() and the piece sprite on the page."""
    flip, size = board.flipped, size_of(board)
    body = [f'<use href="#{frame_id(board.orientation, size)}"/>']
    if board.last_squares:
        body.append(f'<path class="kr-last" d="{_squares_path(board.last_squares, flip, size)}" '
                    'fill="#9bbf5a" fill-opacity=".45"/>')
    if board.highlights:
        body.append(f'<path class="kr-hl" d="{_squares_path(board.highlights, flip, size)}" fill="#f2c83c" '
                    'fill-opacity=".6"/>')
    body.append(_pieces(board, piece_id))
    if board.arrows:
        d = "".join(_arrow_path(a, flip, size) for a in board.arrows)
        body.append(f'<path class="kr-arrows" d="{d}" fill="#1d6b3a" fill-opacity=".75"/>')
    return (f'<svg class="kr-diagram" viewBox="0 0 {size[0]} {size[1]}" role="img" aria-label="{escape(label)}">'
            f'{"".join(body)}</svg>')


def _pieces(board: Board, piece_id: Callable[[str], str]) -> str:
    """The pieces' <use>s, rank by rank. On the 8x8 board a <use> of a symbol without
    width/height fills the 8x8 viewport and scale(.125) makes it one square; another size
    gives each <use> one square."""
    size = size_of(board)
    squares = sorted(board.pieces, key=lambda s: (int(s[1:]), s[0]))
    if size == STANDARD:
        uses = "".join(f'<use href="#{piece_id(board.pieces[sq])}"{_xy(x * 8, y * 8)}/>'
                       for sq in squares for x, y in [square_xy(sq, board.flipped)])
        return f'<g class="kr-pieces" transform="scale(.125)">{uses}</g>'
    uses = "".join(f'<use href="#{piece_id(board.pieces[sq])}"{_xy(x, y)} width="1" height="1"/>'
                   for sq in squares for x, y in [square_xy(sq, board.flipped, size)])
    return f'<g class="kr-pieces">{uses}</g>'



def figure(board: Board, svg_html: str) -> str:
    """The <figure class="kr-board"> with data-* for the JS upgrade, the board's SVG and the caption."""
    data = {
        "game": board.game,
        "position": board.position,
        "interactive": "true" if board.interactive else "false",
        "orientation": board.orientation,
        "highlights": " ".join(board.highlights),
        "arrows": " ".join(board.arrows),
        "last-move": board.last_move or "",
    }
    if size_of(board) != STANDARD:
        data["files"], data["ranks"] = str(board.files), str(board.ranks)  # the live board's size
    if board.replies:
        data["replies"] = REPLIES_FILE  # the page's recorded replies, by this board's position
    attrs = "".join(f' data-{k}="{escape(v)}"' for k, v in data.items() if v)  # an empty mark list is left out
    caption = f"<figcaption>{escape(board.caption)}</figcaption>" if board.caption else ""
    return f'<figure class="kr-board"{attrs}>{svg_html}{caption}</figure>'


def inline_sprite(path: Path) -> str:
    """A game's piece sprite file as one line to inline in a page (XML declaration, comments and
    line breaks between tags dropped)."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"<\?xml.*?\?>|<!--.*?-->", "", text, flags=re.S)
    return re.sub(r">\s+<", "><", text).strip()


def spoken_marks(board: Board, lang: str, last: str | None) -> list[str]:
    """The end of a diagram's spoken description: the last move (``last``, as the game says it),
    the marked squares and the arrows; a game's ``describe`` adds these after its pieces."""
    t = strings(lang)
    parts = [t["last_move"].format(move=last)] if last else []
    if board.highlights:
        parts.append(t["marked"].format(squares=" ".join(board.highlights)))
    if board.arrows:
        parts.append(t["arrows"].format(arrows=" ".join(f"{a[:2]}→{a[2:4]}" for a in board.arrows)))
    return parts
