"""Thai first: every built Thai page shows Thai words only, besides notation (thai_words.py).

Builds the real project once and reads the visible text of every page whose <html lang> is
Thai; a Latin word that is neither notation nor on the short allow-list fails, with the page
and the text around it. (The live boards' strings, made by the browser: tests/e2e/test_thai_first.py.)
"""
from __future__ import annotations

import pytest
from thai_words import latin_words, page_lang, visible_texts



@pytest.fixture(scope="module")
def thai_pages(project_build) -> dict[str, str]:
    out = project_build.out
    pages = {}
    for path in sorted(out.rglob("*.html")):
        html = path.read_text(encoding="utf-8")
        if (page_lang(html) or "").startswith("th"):
            pages[path.relative_to(out).as_posix()] = html
    return pages


def test_the_site_has_thai_pages_of_every_template(thai_pages):
    names = set(thai_pages)
    for expected in ("index.html", "404.html", "th/index.html", "th/makruk/sandbox/index.html",
                     "th/makruk/counting-trainer/index.html", "th/makruk/board-and-pieces/index.html",
                     "th/puzzles/index.html", "th/puzzles/format/index.html"):
        assert expected in names
    assert sum(name.startswith("th/puzzles/") for name in names) > 10


def test_every_thai_page_shows_only_thai_words(thai_pages):
    offenders = {}
    for name, html in thai_pages.items():
        found = [(word, text.strip()[:90]) for text in visible_texts(html) for word in latin_words(text)]
        if found:
            offenders[name] = found
    report = "\n".join(f"{name}: {word!r} in {text!r}" for name, found in offenders.items()
                       for word, text in found[:5])
    assert not offenders, f"Latin words on {len(offenders)} Thai page(s):\n{report}"


@pytest.mark.parametrize("text, words", [
    ("เรือขาว e2 รุกขุนดำที่ e8 ตามแถวตั้ง e", []),
    ("K = ขุน, M = เม็ด; เบี้ยหงายเขียนเป็น M~ หรือ m~; ฝ่ายที่เดิน w หรือ b", []),
    ("ขาว เรือ b2xb7 แล้ว e3e4 หรือ e5e6m", []),
    ("ตำแหน่ง k7/8/2K5/8/8/8/8/7R w - - 0 1 ตาขาวเดิน", []),
    ("รหัส FEN แบบที่ Fairy-Stockfish ใช้ ดูที่ aroiuknow.com แล้วกด Enter หรือ Ctrl+C", []),
    ("กด Ctrl+Z หรือ C", ["C"]),  # a key combination is notation, a lone C is not
    ("ที่มา: Kradan (engine-mined, reviewed)", ["Kradan", "engine-mined", "reviewed"]),
    ("ตัวเลือก recomputeLimitOnDefenderCapture = ปิด", ["recomputeLimitOnDefenderCapture"]),
    ("ม้าเดินเป็นรูปตัว L", ["L"]),
    ("ต้องใช้ JavaScript", ["JavaScript"]),
    ("ขา 2 ทิ้ง A♣ แล้วเก็บ 10♦ ลงชุด Q♥ Q♦ Q♣", []),  # Dummy's cards, rank and suit symbol
    ("ทิ้ง AS หรือ A", ["AS", "A"]),  # letters for suits, or a rank alone, are not the notation readers see
])
def test_latin_words_keeps_notation_and_finds_words(text, words):
    assert latin_words(text) == words


def test_visible_texts_skips_what_nobody_sees_and_reads_labels():
    html = ('<html lang="th"><head><title>หน้า</title><meta name="description" content="คำอธิบาย">'
            '<script>var hidden = 1;</script><style>.x{}</style></head><body>'
            '<p hidden>hidden words</p><span aria-hidden="true">decoration</span>'
            '<a lang="en" href="/en/">English</a><pre translate="no">kind = "mate"</pre>'
            '<svg role="img" aria-label="กระดาน"><text>abcdefgh</text></svg>'
            '<button title="ชื่อปุ่ม">ปุ่ม</button><img alt="รูป"><input type="submit" value="ส่ง">'
            '<select aria-label="เลือก"><option>ตัวเลือก</option></select><br/><p>ท้าย</p></body></html>')
    assert visible_texts(html) == ["หน้า", "คำอธิบาย", "กระดาน", "ชื่อปุ่ม", "ปุ่ม", "รูป", "ส่ง",
                                   "เลือก", "ตัวเลือก", "ท้าย"]
