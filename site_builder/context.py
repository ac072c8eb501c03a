"""What every page's template needs (base.html), and the page-to-file record of phase 2."""
from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from .assets import AssetUrls
from .content import Page
from .games import PLUGINS
from .i18n import LANGS, strings
from .loader import Site
from .puzzles.texts import index_url, nav_link


@dataclass(frozen=True)
class Output:
    """One file to write: its path under the output folder, its template and context (or, for
    a data file, its ``text`` as it is)."""

    path: str
    template: str
    context: dict
    source: str
    text: str | None = None


def game_url(lang: str, game: str, slug: str) -> str:
    return f"/{lang}/{game}/{slug}/"


def base_context(site: Site, urls: AssetUrls, lang: str, url: str, alternates: dict[str, str]) -> dict:
    """What base.html needs on every page."""
    games = [{"id": g, "name": site.game_names[g][lang], "sandbox_url": game_url(lang, g, "sandbox") if PLUGINS[g].boards else None,
              "lessons": [{"title": p.title, "url": p.url, "summary": p.summary} for p in site.lessons(lang, g)],
              "extras": [{"title": e.title, "url": game_url(lang, g, e.slug)} for e in PLUGINS[g].nav(lang)],
              "puzzles": puzzle_link(site, lang, g, {})}
             for g in site.game_names]
    return {"lang": lang, "t": strings(lang), "site_name": site.config.name(lang), "url": url,
            "alternates": alternates, "games": games, "pyodide_base": urls.pyodide_base,
            "wheel_url": urls.wheel_url, "sprite": "", "needs_js": False, "board_skip": False,
            "breadcrumbs": [], "title": "", "summary": "",
            "puzzles_link": nav_link(site.puzzles.present, lang)}


def alternates(game: str, slug: str) -> dict[str, str]:
    """The same game page in every language."""
    return {lang: game_url(lang, game, slug) for lang in LANGS}


def crumbs(site: Site, lang: str, game: str) -> list[dict]:
    """Breadcrumbs down to a game: home, then the game's section of the home page."""
    return [{"title": strings(lang)["home"], "url": f"/{lang}/"},
            {"title": site.game_names[game][lang], "url": f"/{lang}/#{game}"}]


def puzzle_link(site: Site, lang: str, game: str, filters: dict[str, str]) -> dict | None:
    """The puzzle index filtered to ``game`` and ``filters`` (kind, tag) with how many puzzles it
    shows, or None when it would show none."""
    count = site.puzzles.count(game, filters.get("kind"), filters.get("tag") or None)
    if not site.puzzles.present or not count:
        return None
    return {"url": f"{index_url(lang)}?{urlencode({'game': game, **filters})}", "count": count}


def practice_link(site: Site, page: Page) -> dict | None:
    """The puzzles that practise a lesson (its game plugin says which), or None."""
    filters = PLUGINS[page.game].practice(page.slug)
    return puzzle_link(site, page.lang, page.game, filters) if filters else None


def start_path(games: list[dict]) -> list[dict]:
    """The home page's "start here": one entry per game with lessons, each {id, name, lesson (the
    first lesson's {title, url}), try (where to try moves: the sandbox, else the game's first extra
    page, as {title, url} or None), puzzles ({url, count} or None)}."""
    return [{"id": game["id"], "name": game["name"], "lesson": game["lessons"][0],
             "try": {"title": None, "url": game["sandbox_url"]} if game["sandbox_url"] else (game["extras"] or [None])[0],
             "puzzles": game["puzzles"]}
            for game in games if game["lessons"]]
