"""Page weight: a lesson with several diagrams, its CSS and the fonts it uses, measured on a real build."""
import gzip
import re

import pytest
from sb_helpers import PROJECT, board, lesson, write_tree

from site_builder.assets import write_assets
from site_builder.build import build

BUDGET = 60 * 1000
THAI_TEXT = "หมากรุกไทยเป็นเกมกระดานของไทยที่เล่นกันมานาน ผู้เล่นผลัดกันเดินหมากคนละหนึ่งตา " * 12


def unicode_ranges(face: str) -> list[tuple[int, int]]:
    spec = re.search(r"unicode-range:([^;]+);", face)
    out = []
    for part in (spec[1].split(",") if spec else ["U+0-10FFFF"]):
        lo, _, hi = part.strip()[2:].partition("-")
        out.append((int(lo, 16), int(hi or lo, 16)))
    return out


def fonts_used(css: str, text: str) -> list[str]:
    """Font files of every @font-face whose unicode-range covers a character of the page (any weight)."""
    chars = {ord(c) for c in text}
    used = []
    for face in re.findall(r"@font-face\s*{[^}]*}", css):
        if any(lo <= c <= hi for c in chars for lo, hi in unicode_ranges(face)):
            used += re.findall(r"url\(([^)]+)\)", face)
    return used


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    if not (PROJECT / "node_modules" / "@fontsource" / "sarabun").is_dir():
        pytest.fail("node_modules is missing: run `npm ci` (bash .ci/setup does)")
    root = tmp_path_factory.mktemp("budget")
    body = THAI_TEXT + "\n\n" + "\n".join([
        board("position: start", "caption: ตั้งหมาก"),
        board("moves: e3e4 d6d5 e4d5", "highlights: d5", "orientation: black"),
        board("position: 4k3/8/3r4/8/8/2N5/8/3K1R2 w - - 0 1", "arrows: c3d5 f1f8"),
        board("position: 8/8/8/3M~4/8/4k3/8/3K4 b - - 0 1", "interactive: false"),
    ]) + "\n" + THAI_TEXT
    write_tree(root, {"content/th/makruk/01-a.md": lesson("บทเรียน", 1, body, "สรุป"),
                      "content/en/makruk/01-a.md": lesson("Lesson", 1, "x")})
    out = root / "_site"
    build(root, out, assets=lambda tmp, _: write_assets(tmp, PROJECT))
    return out


def test_lesson_with_four_diagrams_fits_the_budget(built):
    html = (built / "th/makruk/a/index.html").read_text(encoding="utf-8")
    assert html.count('<figure class="kr-board"') == 4
    css_files = [built / href.lstrip("/") for href in re.findall(r'<link rel="stylesheet" href="([^"]+)"', html)]
    css = "".join(f.read_text(encoding="utf-8") for f in css_files)
    text = re.sub(r"<[^>]+>", "", html)
    fonts = [built / url.strip("'\"").lstrip("/") for url in fonts_used(css, text)]
    assert len(fonts) == 4  # Thai and Latin, 400 and 700: counted even if a weight is not used
    font_bytes = sum(f.stat().st_size for f in fonts)
    thai_font_bytes = sum(f.stat().st_size for f in fonts if "thai" in f.name)
    html_bytes, css_bytes = len(html.encode()), sum(f.stat().st_size for f in css_files)
    sent = len(gzip.compress(html.encode())) + sum(len(gzip.compress(f.read_bytes())) for f in css_files)
    # What the browser downloads (HTML and CSS compressed as Netlify sends them; woff2 is already compressed).
    assert sent + font_bytes <= BUDGET, (sent, font_bytes)
    # Raw bytes of the page, its CSS and the Thai font files.
    assert html_bytes + css_bytes + thai_font_bytes <= BUDGET, (html_bytes, css_bytes, thai_font_bytes)
    print(f"\nhtml {html_bytes} B raw, css {css_bytes} B raw, fonts {font_bytes} B (thai {thai_font_bytes} B),"
          f" html+css gzip {sent} B")


def test_diagrams_are_small(built):
    html = (built / "th/makruk/a/index.html").read_text(encoding="utf-8")
    sizes = [len(f.encode()) for f in re.findall(r'<figure class="kr-board".*?</figure>', html, re.S)]
    assert max(sizes) < 2000 and sum(sizes) < 5500, sizes
