"""Every game's first lesson and sandbox, read from content/ and the site plugins without a build,
so page-level e2e checks (axe, phone) cover each game the site lists, whatever its number.
A game without a board (a card game: ``boards = False``) has no sandbox and no live board."""
from __future__ import annotations

import json
import re
from pathlib import Path

from engine.api import call
from site_builder.config import load_config
from site_builder.content import load_content
from site_builder.games import PLUGINS
from site_builder.replies import page_json, text_digest

ROOT = Path(__file__).resolve().parents[2]


def _games() -> tuple[str, ...]:
    known = tuple(g["id"] for g in call({"op": "games"})["games"] if g["id"] in PLUGINS)
    config, _ = load_config(ROOT, known)
    return tuple(g for g in config.games or known if g in known)


def first_lessons(lang: str = "th", *, boards_only: bool = False) -> list[str]:
    """The URL of each game's first lesson in ``lang`` (only games played on a board if asked)."""
    games = _games()
    pages, _ = load_content(ROOT, games)
    urls = []
    for game in games:
        if boards_only and not PLUGINS[game].boards:
            continue
        lessons = sorted((p for p in pages if p.lang == lang and p.game == game), key=lambda p: p.order)
        if lessons:
            urls.append(lessons[0].url)
    return urls


def sandboxes(lang: str = "th") -> list[str]:
    """The sandbox URL of each game played on a board."""
    return [f"/{lang}/{game}/sandbox/" for game in _games() if PLUGINS[game].boards]


def game_pages(lang: str = "th") -> list[str]:
    """Each game's first lesson, then its sandbox (if it has one)."""
    return first_lessons(lang) + sandboxes(lang)


PUZZLE_DATA = re.compile(r'<script type="application/json" id="kr-puzzle-data"[^>]*>(.*?)</script>', re.S)


def puzzle_data(html: str) -> dict:
    """The data block of a puzzle page's HTML."""
    m = PUZZLE_DATA.search(html)
    assert m, "the puzzle page has no kr-puzzle-data block"
    return json.loads(m.group(1))


def with_puzzle_data(html: str, data: dict) -> str:
    """A puzzle page's HTML with another data block, as the build would write it (with its digest)."""
    text = page_json(data)
    block = f'<script type="application/json" id="kr-puzzle-data" data-sha256="{text_digest(text)}">{text}</script>'
    return PUZZLE_DATA.sub(lambda _: block, html, count=1)
