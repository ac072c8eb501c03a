"""Regenerate ``kanji_paths.py`` and ``thai_paths.py``: the Komayo piece letters (kanji, and the
Thai letters of the Thai face) as SVG path outlines, so the pieces draw on a device without a
Japanese font, whatever Thai font it has, and the page downloads no font for them.

A maintainer's tool, never run by the build (it needs fontTools and brotli; the build does not):

    mkdir -p /tmp/kanji && cd /tmp/kanji
    npm pack @fontsource/noto-serif-jp@5.3.0 && tar xzf fontsource-noto-serif-jp-5.3.0.tgz
    python3 -m venv venv && venv/bin/pip install fonttools brotli
    venv/bin/python <repo>/site_builder/games/komayo/tools/make_glyph_paths.py kanji \\
        /tmp/kanji/package > <repo>/site_builder/games/komayo/kanji_paths.py
    venv/bin/python <repo>/site_builder/games/komayo/tools/make_glyph_paths.py thai \\
        <repo>/node_modules/@fontsource/sarabun > <repo>/site_builder/games/komayo/thai_paths.py

Each glyph of the bold (700) face is found through the unicode-range of fontsource's 700.css,
drawn with the y axis flipped into a ``BOX``-unit em box (x 0..BOX is the advance, y 0 is the
ascender, the baseline is at ``BASELINE``), rounded to whole units and written as relative path
commands to keep the bytes few. The Thai letters, of unequal sizes, have their ink centred on the
box instead.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

from fontTools.pens.basePen import BasePen
from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTFont

# Per face: what it is, its npm package, its licence file and every character diagram.py draws
# with it (KANJI, GOTE_KING, PROMOTED_KANJI; THAI); a test checks that they agree.
FACES = {
    "kanji": ("The Komayo kanji", "Noto Serif JP Bold", "noto-serif-jp", "OFL-NotoSerifJP.txt",
              "玉王姫飛角銀桂香歩神龍馬全圭杏と"),
    "thai": ("The Thai letters of the Komayo pieces", "Sarabun Bold", "sarabun", "OFL-Sarabun.txt", "ขญรคงมหบ"),
}
BOX = 100
WEIGHT = 700


class RelativePen(BasePen):
    """Outlines -> a compact SVG path: whole units on the em box, relative commands."""

    def __init__(self, glyph_set, scale: float, ascender: float, shift: float = 0):
        super().__init__(glyph_set)
        self.scale, self.ascender, self.shift = scale, ascender, shift  # shift: font units to the right
        self.parts: list[str] = []
        self.at = (0, 0)
        self.start = (0, 0)
        self.last = ""

    def _point(self, pt) -> tuple[int, int]:
        return round((pt[0] + self.shift) * self.scale), round((self.ascender - pt[1]) * self.scale)

    def _emit(self, command: str, *points: tuple[int, int]) -> None:
        numbers = []
        for x, y in points:
            numbers += [x - self.at[0], y - self.at[1]]
        self.at = points[-1]
        text = "".join(str(n) if i == 0 or n < 0 else f" {n}" for i, n in enumerate(numbers))
        if command == self.last and command in "lqc":  # the letter may repeat implicitly
            self.parts.append(text if text.startswith("-") else f" {text}")
        else:
            self.parts.append(command + text)
        self.last = command

    def _moveTo(self, pt):
        point = self._point(pt)
        self._emit("m", point)
        self.start = point

    def _lineTo(self, pt):
        point = self._point(pt)
        if point == self.at:
            return
        if point[1] == self.at[1]:
            self.parts.append(f"h{point[0] - self.at[0]}")
            self.at, self.last = point, "h"
        elif point[0] == self.at[0]:
            self.parts.append(f"v{point[1] - self.at[1]}")
            self.at, self.last = point, "v"
        else:
            self._emit("l", point)

    def _qCurveToOne(self, pt1, pt2):
        self._emit("q", self._point(pt1), self._point(pt2))

    def _curveToOne(self, pt1, pt2, pt3):
        self._emit("c", self._point(pt1), self._point(pt2), self._point(pt3))

    def _closePath(self):
        self.parts.append("z")
        self.at, self.last = self.start, "z"

    def path(self) -> str:
        return "".join(self.parts)


def subset_file(package: Path, char: str) -> Path:
    """The woff2 subset whose unicode-range in <weight>.css holds ``char``."""
    css = (package / f"{WEIGHT}.css").read_text(encoding="utf-8")
    code = ord(char)
    for src, ranges in re.findall(r"url\(\./files/([^)]+\.woff2)\).*?unicode-range:\s*([^;}]+)", css, re.S):
        for part in ranges.split(","):
            low, _, high = part.strip().removeprefix("U+").partition("-")
            if int(low, 16) <= code <= int(high or low, 16):
                return package / "files" / src
    raise SystemExit(f"{char!r} (U+{code:04X}) is in no subset of {WEIGHT}.css")


def outline(font: TTFont, char: str, centre: bool) -> str:
    """``char``'s outline; ``centre``: its ink moved to the middle of the box (letters of unequal size)."""
    glyph_set = font.getGlyphSet()
    glyph = glyph_set[font.getBestCmap()[ord(char)]]
    units = font["head"].unitsPerEm
    shift, ascender = 0.0, font["OS/2"].sTypoAscender
    if centre:
        bounds = BoundsPen(glyph_set)
        glyph.draw(bounds)
        x_min, y_min, x_max, y_max = bounds.bounds
        shift, ascender = units / 2 - (x_min + x_max) / 2, units / 2 + (y_min + y_max) / 2
    pen = RelativePen(glyph_set, BOX / units, ascender, shift)
    glyph.draw(pen)
    return pen.path()


def main(face: str, package: Path) -> None:
    what, font_name, npm, licence, chars = FACES[face]
    paths, version, copyright, ascender = {}, "", "", 0
    for char in chars:
        font = TTFont(subset_file(package, char))
        version, copyright = font["name"].getDebugName(5).split(";")[0], font["name"].getDebugName(0)
        ascender = font["OS/2"].sTypoAscender * BOX / font["head"].unitsPerEm
        paths[char] = outline(font, char, centre=face == "thai")
    box = (f"Em box: {BOX} units, every letter's ink centred on ({BOX // 2}, {BOX // 2})." if face == "thai" else
           f"Em box: {BOX} units wide, y 0 at the ascender, the baseline at y = BASELINE.")
    constants = f"BOX = {BOX}" if face == "thai" else f"BOX = {BOX}\nBASELINE = {ascender:g}"
    family = re.search(r'"version":\s*"([^"]+)"', (package / "package.json").read_text())[1]
    print(f'''"""{what} as SVG path outlines, generated: do not edit by hand.

Font: {font_name}, {version}, from the npm package @fontsource/{npm} {family}.
{copyright}
Licensed under the SIL Open Font License, Version 1.1 (https://openfontlicense.org; full text in
{licence}). These outlines are a modified (subset, converted) form of the font and are distributed
under the same licence.

Regenerate with tools/make_glyph_paths.py (its docstring has the exact commands).
{box}
"""

{constants}
PATHS = {{''')
    for char, d in paths.items():
        print(f'    "{char}": "{d}",')
    print("}")


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2]))
