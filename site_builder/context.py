"""What every page's template needs (base.html), and the page-to-file record of phase 2."""
from __future__ import annotations

from dataclasses import dataclass

from .assets import AssetUrls
from .games import PLUGINS
from .i18n import LANGS, strings
from .loader import Site
from .puzzles.texts import nav_link


@dataclass(frozen=True)
class Output:
    """One file to write: its path under the output folder, its template and context."""

    path: str
    template: str
    context: dict
    source: str


def game_url(lang: str, game: str, slug: str) -> str:
    return f"/{lang}/{game}/{slug}/"


def base_context(site: Site, urls: AssetUrls, lang: str, url: str, alternates: dict[str, str]) -> dict:
    """What base.html needs on every page."""
    games = [{"id": g, "name": site.game_names[g][lang], "sandbox_url": game_url(lang, g, "sandbox"),
              "lessons": [{"title": p.title, "url": p.url, "summary": p.summary} for p in site.lessons(lang, g)],
              "extras": [{"title": e.title, "url": game_url(lang, g, e.slug)} for e in PLUGINS[g].nav(lang)]}
             for g in site.game_names]
    return {"lang": lang, "t": strings(lang), "site_name": site.config.name(lang), "url": url,
            "alternates": alternates, "games": games, "pyodide_base": urls.pyodide_base,
            "wheel_url": urls.wheel_url, "sprite": "", "needs_js": False,
            "breadcrumbs": [], "title": "", "summary": "",
            "puzzles_link": nav_link(site.puzzles.present, lang)}


def alternates(game: str, slug: str) -> dict[str, str]:
    """The same game page in every language."""
    return {lang: game_url(lang, game, slug) for lang in LANGS}


def crumbs(site: Site, lang: str, game: str) -> list[dict]:
    """Breadcrumbs down to a game: home, then the game's section of the home page."""
    return [{"title": strings(lang)["home"], "url": f"/{lang}/"},
            {"title": site.game_names[game][lang], "url": f"/{lang}/#{game}"}]
