"""The exercise catalog /<lang>/teach/catalog.json: every puzzle of the site, for the teachers' pages.

The assignment builder lists and filters it, the student's page and the gradebook name an
assignment's items with it, the worksheet finds each item's page. Shape (version 1)::

    {"version": 1, "lang": "th", "games": {game_id: name}, "kinds": {kind_id: name},
     "tags": {tag_id: name}, "levels": {"1": "ระดับ 1", ...},
     "items": [{"id", "game", "kind", "difficulty", "tags": [..], "title", "goal", "url"}]}

Items are in the puzzle index's order (game, then difficulty, kind, id); ``url`` is the puzzle's page.
The names cover exactly what the items use.
"""
from __future__ import annotations

import json

from ..assets import AssetUrls
from ..context import Output
from ..i18n import LANGS
from ..loader import Site
from ..puzzles.pages import index_names

VERSION = 1
LEVEL = {"th": "ระดับ {n}", "en": "Level {n}"}


def catalog_url(lang: str) -> str:
    return f"/{lang}/teach/catalog.json"


def catalog(site: Site, lang: str) -> dict:
    """The catalog of ``site``'s puzzles in ``lang`` (shape: this module's docstring)."""
    puzzles = site.puzzles
    names = index_names(puzzles, site.all_game_names, lang)
    items = [{"id": p.id, "game": p.game, "kind": p.kind, "difficulty": p.difficulty, "tags": list(p.tags),
              "title": p.title[lang], "goal": puzzles.goal(p)[lang], "url": p.url(lang)}
             for p in puzzles.puzzles]
    levels = {str(n): LEVEL[lang].format(n=n) for n in sorted({item["difficulty"] for item in items})}
    return {"version": VERSION, "lang": lang, "games": names["games"], "kinds": names["kinds"], "tags": names["tags"],
            "levels": levels, "items": items}


def outputs(site: Site, urls: AssetUrls) -> list[Output]:
    """The catalog in every language."""
    return [Output(catalog_url(lang).lstrip("/"), "", {}, "puzzles/",
                   text=json.dumps(catalog(site, lang), ensure_ascii=False, separators=(",", ":")))
            for lang in LANGS]
