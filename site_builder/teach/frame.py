"""What the teacher and student pages share: one page per language, in the site's frame, with
its breadcrumbs (Home › [Teachers' guide ›] the page)."""
from __future__ import annotations

from collections.abc import Callable

from markupsafe import Markup

from ..assets import AssetUrls
from ..context import Output, base_context
from ..i18n import LANGS, strings
from ..loader import Site
from ..replies import page_json
from .guide_page import guide_crumb


def browser_words(words: dict[str, str], page_keys: tuple[str, ...]) -> Markup:
    """The words a page's script needs (all but the template's ``page_keys``), as a JSON block's text."""
    return Markup(page_json({key: value for key, value in words.items() if key not in page_keys}))


def pages(site: Site, urls: AssetUrls, path: str, template: str, source: str,
          own: Callable[[str], dict], under_guide: bool = True) -> list[Output]:
    """The page /<lang>/<path> in every language: ``own(lang)`` (its title, summary and the rest)
    over the site's frame; crumbs Home › the teachers' guide (``under_guide``) › its title."""
    items = []
    for lang in LANGS:
        url = f"/{lang}/{path}"
        ctx = base_context(site, urls, lang, url, {other: f"/{other}/{path}" for other in LANGS})
        ctx.update(own(lang))
        ctx["breadcrumbs"] = [{"title": strings(lang)["home"], "url": f"/{lang}/"},
                              *([guide_crumb(lang)] if under_guide else []), {"title": ctx["title"], "url": url}]
        items.append(Output(f"{lang}/{path}index.html", template, ctx, source))
    return items
