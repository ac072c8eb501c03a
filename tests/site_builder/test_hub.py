"""The real site's home page is a hub and every lesson leads to practice: built once from the
real project (fake runtime assets).

- home: a "start here" path (first lesson, sandbox, the game's puzzles, the trainer), each game
  with all its lessons, its sandbox, its puzzles with their number, its extra pages;
- each lesson links to the puzzles that practise it (the game plugin's filters), and the link's
  number is the number of puzzles the index shows for those filters;
- a live board whose position opens with the count panel keeps room for it (data-panel="count").
"""
from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest

from site_builder.games import PLUGINS


@pytest.fixture(scope="module")
def out(project_build):
    return project_build.out, project_build.site


def page(out, path: str) -> str:
    return (out[0] / path / "index.html").read_text(encoding="utf-8")


def links(html: str) -> list[str]:
    return [unescape(href) for href in re.findall(r'<a [^>]*href="([^"]+)"', html)]


def index_items(out, lang: str) -> list[dict]:
    """The puzzle index's items: their game, kind and tags."""
    html = page(out, f"{lang}/puzzles")
    return [{"game": g, "kind": k, "tags": t.split()} for g, k, t in
            re.findall(r'<li class="kr-puzzle-item"[^>]*data-game="([^"]*)" data-kind="([^"]*)"[^>]*data-tags="([^"]*)"', html)]


def shown(items: list[dict], url: str) -> int:
    """How many index items a filtered index URL shows."""
    query = {key: values[0] for key, values in parse_qs(urlsplit(url).query).items()}
    return sum(1 for item in items if item["game"] == query.get("game", item["game"])
               and item["kind"] == query.get("kind", item["kind"]) and query.get("tag", "") in (*item["tags"], ""))


@pytest.mark.parametrize("lang", ["th", "en"])
def test_home_has_a_start_path_and_every_game(out, lang):
    home = page(out, lang)
    site = out[1]
    games = list(site.game_names)
    start = home.split('class="kr-start"')[1].split("</section>")[0]
    for game in games:  # every game starts on the first screen: its first lesson, where to try it, its puzzles
        card = start.split(f'data-game="{game}"')[1].split("</li>")[0]
        try_url = (f"/{lang}/{game}/sandbox/" if PLUGINS[game].boards
                   else f"/{lang}/{game}/{PLUGINS[game].nav(lang)[0].slug}/")
        assert links(card) == [site.lessons(lang, game)[0].url, try_url, f"/{lang}/puzzles/?game={game}"]
    items = index_items(out, lang)
    for game in games:
        section = home.split(f'id="{game}"')[1].split('<section class="game"')[0]
        targets = links(section)
        assert [p.url for p in site.lessons(lang, game)] == targets[:len(site.lessons(lang, game))]
        assert (f"/{lang}/{game}/sandbox/" in targets) == PLUGINS[game].boards  # a card game has no sandbox
        count = sum(1 for item in items if item["game"] == game)
        assert count > 10 and f"/{lang}/puzzles/?game={game}" in targets
        assert re.search(rf"(โจทย์ {count} ข้อ|{count} puzzles)", section)


@pytest.mark.parametrize("lang", ["th", "en"])
def test_every_lesson_links_to_the_puzzles_that_practise_it(out, lang):
    site, items = out[1], index_items(out, lang)
    for game in site.game_names:
        for lesson in site.lessons(lang, game):
            html = page(out, lesson.url.strip("/"))
            practice = re.search(r'<p class="kr-practice"><a class="kr-card-link" href="([^"]+)">.*?(\d+)', html, re.S)
            assert practice, f"{lesson.url} links to no puzzles"
            url, count = unescape(practice[1]), int(practice[2])
            assert shown(items, url) == count > 0, (lesson.url, url, count)


def test_live_boards_keep_room_for_the_count_panel(out):
    counting = page(out, "th/makruk/counting-basics")
    running = re.search(r'<figure class="kr-board"( data-panel="count")? data-game="makruk" '
                        r'data-position="4k3/3s4/8/8/8/8/R5N1/4K3 w - 128 5 1"', counting)
    assert running and running[1], "a board's honour count runs: the count panel shows from the start"
    start = page(out, "th/makruk/board-and-pieces")
    assert '<figure class="kr-board" data-game="makruk" data-position="rnsmksnr/8/pppppppp' in start
