"""Rendered pages: head tags, language switch, navigation, redirect, 404, CSP rules, StrictUndefined."""
import re
import shutil

import pytest
from jinja2 import UndefinedError
from sb_helpers import URLS, fake_assets

from site_builder import render
from site_builder.build import build, check
from site_builder.csp import blocked
from site_builder.errors import BuildFailed


@pytest.fixture
def out(project, tmp_path):
    target = tmp_path / "site"
    build(project, target, assets=fake_assets)
    return target


def page(out, path):
    return (out / path / "index.html").read_text(encoding="utf-8") if not path.endswith(".html") \
        else (out / path).read_text(encoding="utf-8")


def links(html):
    return re.findall(r'<a [^>]*href="([^"]+)"', html)


def test_head_has_lang_meta_tags_and_css(out):
    for path, lang in [("th/makruk/board", "th"), ("en/makruk/moves", "en"), ("th", "th"), ("404.html", "th")]:
        html = page(out, path)
        assert f'<html lang="{lang}">' in html
        assert f'<meta name="kradan-pyodide" content="{URLS.pyodide_base}">' in html
        assert f'<meta name="kradan-wheel" content="{URLS.wheel_url}">' in html
        assert '<link rel="stylesheet" href="/static/css/site.css">' in html


def test_language_switch_links_to_the_same_page(out):
    assert re.search(r'class="lang-switch" href="/en/makruk/board/"', page(out, "th/makruk/board"))
    assert re.search(r'class="lang-switch" href="/th/makruk/moves/"', page(out, "en/makruk/moves"))
    assert re.search(r'class="lang-switch" href="/en/"', page(out, "th"))
    assert re.search(r'class="lang-switch" href="/th/makruk/sandbox/"', page(out, "en/makruk/sandbox"))


def test_navigation_prev_next_breadcrumbs(out):
    first, second = page(out, "th/makruk/board"), page(out, "th/makruk/moves")
    assert 'rel="next" href="/th/makruk/moves/"' in first and 'rel="prev"' not in first
    assert 'rel="prev" href="/th/makruk/board/"' in second and 'rel="next"' not in second
    assert '<a href="/th/makruk/board/" aria-current="page">กระดาน</a>' in first
    sidebar = first.split('class="sidebar"')[1].split("</nav>")[0]
    assert links(sidebar) == ["/th/#makruk", "/th/makruk/board/", "/th/makruk/moves/", "/th/makruk/sandbox/",
                              "/th/makruk/counting-trainer/"]
    assert '<span aria-current="page">กระดาน</span>' in first.split('class="breadcrumbs"')[1]


def test_every_internal_link_resolves(out):
    for html_file in out.rglob("*.html"):
        for href in links(html_file.read_text()):
            path = href.split("#")[0]
            target = out / path.lstrip("/")
            assert target.is_file() or (target / "index.html").is_file(), (html_file, href)


def test_boards_sprite_and_scripts(out):
    lesson = page(out, "th/makruk/board")
    assert lesson.count('<figure class="kr-board"') == 2
    assert lesson.count('id="kr-wK"') == 1 and lesson.count('id="kr-frame-white"') == 1
    assert "kr-frame-black" not in lesson
    assert lesson.count('<script type="module" src="/static/js/main.js"></script>') == 1
    plain = page(out, "th/makruk/moves")
    assert "kr-sprites" not in plain and "main.js" not in plain
    assert re.findall(r"<script[^>]*>", plain) == ['<script type="module" src="/static/js/lang-switch.js">',
                                                   '<script type="module" src="/static/js/offline.js">',
                                                   '<script type="module" src="/static/js/search-box.js">']
    assert 'id="kr-wK"' in page(out, "en/makruk/sandbox")


def test_no_inline_script_or_style_anywhere(out):
    for html_file in out.rglob("*.html"):
        html = html_file.read_text()
        assert blocked(html) == [], html_file
        assert all("src=" in tag for tag in re.findall(r"<script[^>]*>", html))


def test_root_redirects_to_thai_without_js(out):
    html = page(out, "index.html")
    assert '<meta http-equiv="refresh" content="0; url=/th/">' in html
    assert '<a href="/th/">' in html and "<script" not in html


def test_home_is_a_hub_with_a_start_path(out):
    home = page(out, "en")
    assert "<h1>Kradan</h1>" in home and "<p>Welcome</p>" in home
    assert 'class="sidebar"' not in home  # the hub is the menu
    start = home.split('class="kr-start"')[1].split("</section>")[0]
    assert links(start) == ["/en/makruk/board/", "/en/makruk/sandbox/"]  # each game's first lesson and sandbox
    assert links(home.split('id="makruk"')[1].split("</main>")[0]) == ["/en/makruk/board/", "/en/makruk/moves/", "/en/makruk/sandbox/",
                                                   "/en/makruk/counting-trainer/"]
    assert "2 lessons" in home and "puzzles" not in home.split('class="kr-hub"')[1]  # no puzzles/ folder here



def test_404_is_bilingual(out):
    html = page(out, "404.html")
    assert "ไม่พบหน้านี้" in html and '<p lang="en">There is no page at this address.' in html


def test_strict_undefined_is_on():
    with pytest.raises(UndefinedError):
        render.environment().from_string("{{ nope }}").render()
    assert str(render.environment().from_string("{{ x }}").render(x="<b>")) == "&lt;b&gt;"


def test_template_error_is_reported_with_template_line(project, tmp_path, monkeypatch):
    templates = tmp_path / "templates"
    shutil.copytree(render.TEMPLATES, templates)
    (templates / "lesson.html").write_text('{% extends "base.html" %}\n{% block content %}\n{{ missing }}\n'
                                           "{% endblock %}\n")
    monkeypatch.setattr(render, "TEMPLATES", templates)
    with pytest.raises(BuildFailed) as exc:
        build(project, tmp_path / "site", assets=fake_assets)
    assert len(exc.value.problems) == 4  # every lesson page, all reported
    assert {(p.file, p.line) for p in exc.value.problems} == {("site_builder/templates/lesson.html", 3)}
    assert all("'missing' is undefined" in p.what for p in exc.value.problems)
    assert not (tmp_path / "site").exists()


def test_inline_style_in_a_template_is_a_build_error(project, tmp_path, monkeypatch):
    templates = tmp_path / "templates"
    shutil.copytree(render.TEMPLATES, templates)
    lesson = (templates / "lesson.html").read_text()
    (templates / "lesson.html").write_text(lesson.replace("{% block content %}",
                                                          '{% block content %}\n<p style="color:red">x</p>', 1))
    monkeypatch.setattr(render, "TEMPLATES", templates)
    check(project)  # phase 1 does not render
    with pytest.raises(BuildFailed) as exc:
        build(project, tmp_path / "site", assets=fake_assets)
    assert {p.file for p in exc.value.problems} == {"content/th/makruk/01-board.md", "content/en/makruk/01-board.md",
                                                    "content/th/makruk/02-moves.md", "content/en/makruk/02-moves.md"}
    assert all("CSP" in p.what and "a style attribute on <p>" in p.what for p in exc.value.problems)
    assert not (tmp_path / "site").exists()


def test_home_intro_may_hold_a_board(project, tmp_path):
    (project / "content/th/index.md").write_text("---\ntitle: ก\nsummary: ข\n---\n```makruk\ninteractive: false\n```\n")
    out = tmp_path / "site"
    build(project, out, assets=fake_assets)
    home = page(out, "th")
    assert home.count('<figure class="kr-board"') == 1 and 'id="kr-frame-white"' in home
    assert "main.js" not in home


def test_csp_check_ignores_code_that_mentions_style():
    assert not blocked('<p>write <code>&lt;p style="x"&gt;</code> or style="x" in prose</p>')
    assert blocked('<img src="a.png" onerror="x()">')
    assert blocked("<script>alert(1)</script>")
    assert not blocked('<script type="module" src="/static/js/main.js"></script>')


@pytest.mark.parametrize("html", [
    '<meta name="description" content="The Khun has 13 moves left = 16 moves.">',  # text, not a script
    '<p>then <b>count = 16 moves.</b> a <i>src= </i> style= on=</p>',
    '<script type="application/json" id="d">{"a": "<b>"}</script>',
    '<script type="module" src="/static/js/main.js"></script>',
    '<svg><use href="#kr-wK" x="8"/></svg>',
    '<a href="/th/">ok</a><img src="/a.png" alt="onerror=x()">',
])
def test_csp_check_passes_what_the_policy_allows(html):
    assert blocked(html) == []


@pytest.mark.parametrize("html, what", [
    ('<script data-a="src=">alert(1)</script>', "an inline <script> (no src)"),
    ('<script src="">x()</script>', "an inline <script> (no src)"),
    ('<script type="text/json">{}</script>', "an inline <script> (no src)"),
    ("<script type='module'>import('/x.js')</script>", "an inline <script> (no src)"),
    ("<style>p { color: red }</style>", "a <style> element"),
    ('<p STYLE="color:red">x</p>', "a style attribute on <p>"),
    ('<svg><rect style="fill:red"/></svg>', "a style attribute on <rect>"),
    ('<img src="a.png" onerror="x()">', "an event handler attribute onerror on <img>"),
    ('<body onload=x()>', "an event handler attribute onload on <body>"),
    ('<a href=" JavaScript:alert(1)">x</a>', "a javascript: URL in href on <a>"),
])
def test_csp_check_refuses_what_the_policy_blocks(html, what):
    assert [w for _, w in blocked(html)] == [what]


def test_csp_problem_names_the_page_source_and_the_html_line():
    from site_builder.csp import csp_problems
    [problem] = csp_problems("<p>a</p>\n<p>b</p>\n<style>x</style>", "content/th/makruk/01-x.md")
    assert problem.file == "content/th/makruk/01-x.md" and "a <style> element (HTML line 3)" in problem.what
