"""Search: the build's Pagefind step (site_builder.search_index), the synonyms it adds
(site_builder.search_words) and the search page (site_builder.search).

Pagefind itself runs here (node_modules/pagefind, pinned in package.json): a missing Pagefind is
a failure, never a skip. What a reader finds by typing: tests/e2e/test_search_page.py.
"""
from __future__ import annotations

import hashlib
import json
import re

import pytest
from sb_helpers import fake_assets, write_tree

from site_builder.build import build
from site_builder.errors import BuildFailed
from site_builder.search_index import UNUSED, Searchable, main_text, marked_up, searchable_pages
from site_builder.search_words import ADDED_WORDS_MARK, synonyms_for


def snapshot(folder):
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def site(project_build):
    """The real project, loaded (phase 1) once: the site built once per session (conftest.py)."""
    return project_build.site


@pytest.fixture(scope="module")
def real_site(project_build):
    """The real project built once (fake runtime assets: this is about pages and the index)."""
    return project_build.out


# ---- synonyms ---------------------------------------------------------------------------------

def test_a_piece_name_brings_its_other_names_and_spellings():
    words = synonyms_for("เม็ดเดินทแยงทีละช่อง")
    assert {"Met", "Med", "queen"} <= set(words)
    assert "เม็ด" not in words  # the page says it already


def test_latin_triggers_match_whole_words_only():
    assert "ม้า" in synonyms_for("The Ma jumps")
    assert "ม้า" not in synonyms_for("Mark the map")  # "Ma" inside a word is not the piece
    assert synonyms_for("nothing to see here") == []


def test_bia_ngai_and_its_other_thai_name_find_each_other():
    assert "เบี้ยเลื่อนขั้น" in synonyms_for("เบี้ยหงายเดินเหมือนเม็ด")
    assert "เบี้ยหงาย" in synonyms_for("เบี้ยเลื่อนขั้นเดินเหมือนเม็ด")


# ---- the copy that Pagefind reads -----------------------------------------------------------

def test_marked_up_main_has_body_filters_meta_and_extra_words(site):
    page = '<html lang="th"><body><nav>เมนู</nav><main id="main"><h1>ขุน เม็ด และโคน</h1></main></body></html>'
    game = next(iter(site.game_names))
    out = marked_up(page, Searchable(f"th/{game}/", "page", game), site, "th/x/index.html")
    name = site.all_game_names[game]["th"]
    assert f'<main id="main" data-pagefind-body data-pagefind-filter="type:page" data-pagefind-meta="game:{name}">' in out
    assert f'<span data-pagefind-filter="game:{name}"></span>' in out
    extra = re.search(r'<p class="search-words">(.*?)</p></main>', out)[1]
    assert all(t[0] == t[-1] == ADDED_WORDS_MARK for t in extra.split())  # "⁂word⁂": search.js hides them
    assert site.all_game_names[game]["en"] in extra.replace(ADDED_WORDS_MARK, "")  # the name in the other language
    assert "<nav>เมนู</nav>" in out and "data-pagefind" not in out.split("<main")[0]


def test_a_page_without_main_is_a_build_problem(site):
    with pytest.raises(BuildFailed, match="no <main> element"):
        marked_up("<html><body><p>x</p></body></html>", Searchable("th/x/", "page", "x"), site, "th/x/index.html")


def test_main_text_leaves_scripts_out():
    assert main_text('<p>ขุน</p><script type="application/json">{"queen": 1}</script>').split() == ["ขุน"]


def test_searchable_pages_are_game_pages_and_puzzles_in_every_language(site):
    found = searchable_pages(site)
    folders = {s.folder for s in found}
    for lang in ("th", "en"):
        assert {f"{lang}/{game}/" for game in site.game_names} <= folders
        assert {p.url(lang).lstrip("/") for p in site.puzzles.puzzles} <= folders
    assert {s.type for s in found} == {"page", "puzzle"}
    assert not any(f.endswith(("/search/", "/puzzles/", "/format/")) or f in ("th/", "en/") for f in folders)


# ---- the build ---------------------------------------------------------------------------------

def test_the_build_writes_one_pagefind_index_per_language(real_site, site):
    bundle = real_site / "pagefind"
    assert (bundle / "pagefind.js").is_file()
    entry = json.loads((bundle / "pagefind-entry.json").read_text(encoding="utf-8"))
    assert set(entry["languages"]) == {"th", "en"}
    pages = {lang: sum(1 for s in searchable_pages(site) if s.folder.startswith(lang)
                       for _ in (real_site / s.folder).rglob("index.html")) for lang in ("th", "en")}
    assert {lang: entry["languages"][lang]["page_count"] for lang in ("th", "en")} == pages
    assert not [name for name in UNUSED if (bundle / name).exists()]  # Pagefind's UIs (inline styles) are gone


def test_served_pages_are_not_changed_by_indexing(real_site):
    """The extra words live only in the copy Pagefind read: the served lesson says เม็ด, not queen."""
    lesson = next(real_site.glob("th/makruk/khun-met-khon/index.html")).read_text(encoding="utf-8")
    assert "เม็ด" in lesson
    assert "queen" not in lesson.lower() and "data-pagefind" not in lesson


def test_the_search_page_lists_every_game_page_and_puzzle_without_javascript(real_site, site):
    for lang in ("th", "en"):
        page = (real_site / lang / "search" / "index.html").read_text(encoding="utf-8")
        listing = page.split('id="search-all"')[1]
        links = set(re.findall(r'<a href="([^"]+)"', listing))
        assert {p.url(lang) for p in site.puzzles.puzzles} <= links
        assert {lesson.url for game in site.game_names for lesson in site.lessons(lang, game)} <= links
        assert re.search(r'<form class="search-form" id="search-form" [^>]*hidden>', page)  # shown by search.js
        assert 'data-found="' in page and 'data-added="⁂"' in page  # search.js's words
        bundle = re.search(r'data-bundle="/([^"]+)"', page)[1]  # what search.js imports: the build wrote it
        assert (real_site / bundle).is_file()


def test_every_page_header_links_to_the_search_page(real_site):
    for path in ("th/index.html", "en/makruk/khun-met-khon/index.html", "th/puzzles/index.html"):
        page = (real_site / path).read_text(encoding="utf-8")
        lang = path.split("/")[0]
        assert f'<a class="search-link" href="/{lang}/search/">' in page
        assert re.search(rf'<form class="site-search" action="/{lang}/search/" method="get" role="search" hidden>', page)


def test_missing_pagefind_fails_the_build_with_the_fix_and_keeps_the_old_site(project, tmp_path, monkeypatch):
    out = tmp_path / "site"
    build(project, out, assets=fake_assets)
    before = snapshot(out)
    monkeypatch.setenv("KRADAN_PAGEFIND", str(tmp_path / "nowhere" / "bin.cjs"))
    with pytest.raises(BuildFailed) as failed:
        build(project, out, assets=fake_assets)
    assert "Pagefind is missing" in str(failed.value) and "npm ci" in str(failed.value)
    assert snapshot(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["proj", "site"]


def test_a_failing_pagefind_fails_the_build_with_its_message_and_keeps_the_old_site(project, tmp_path, monkeypatch):
    out = tmp_path / "site"
    build(project, out, assets=fake_assets)
    before = snapshot(out)
    broken = write_tree(tmp_path / "broken", {"bin.cjs": 'console.error("index exploded"); process.exit(3);\n'})
    monkeypatch.setenv("KRADAN_PAGEFIND", str(broken / "bin.cjs"))
    with pytest.raises(BuildFailed, match="Pagefind could not index the site: index exploded"):
        build(project, out, assets=fake_assets)
    assert snapshot(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["broken", "proj", "site"]
