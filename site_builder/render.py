"""Phase 2: render every page with Jinja2 into an output folder (assets come from assets.write_assets)."""
from __future__ import annotations

import re
import traceback
from dataclasses import dataclass
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, TemplateError
from markupsafe import Markup

from . import counting_trainer, diagram
from .assets import AssetUrls
from .boards import BOARD_GAMES
from .content import Page
from .errors import BuildFailed, BuildProblem
from .i18n import LANGS, strings
from .loader import Site
from .markdown_ext import to_html
from .puzzles import pages as puzzle_pages

PACKAGE = Path(__file__).parent
TEMPLATES = PACKAGE / "templates"
SPRITE = PACKAGE / "static" / "pieces" / "makruk.svg"
# Inline <script> is refused, except a non-executed data block with exactly type="application/json".
CSP_BREAKERS = re.compile(r'<script(?![^>]*\bsrc=)(?!\s+type="application/json"[^>]*>)|<style|<[a-z][^>]*\s(style|on[a-z]+)\s*=',
                          re.I)


@dataclass(frozen=True)
class Output:
    """One file to write: its path under the output folder, its template and context."""

    path: str
    template: str
    context: dict
    source: str


def environment() -> Environment:
    """Jinja2 with autoescape and StrictUndefined: a missing variable is a build error."""
    return Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True, undefined=StrictUndefined,
                       trim_blocks=True, lstrip_blocks=True)


def render_site(site: Site, out: Path, urls: AssetUrls) -> None:
    """Write every page under `out`; raise BuildFailed listing every page that failed."""
    env, problems = environment(), []
    for item in outputs(site, urls):
        try:
            html = env.get_template(item.template).render(item.context)
        except TemplateError as exc:
            problems.append(_template_problem(exc, item))
            continue
        if CSP_BREAKERS.search(html):
            problems.append(BuildProblem(item.source, 0, "the page has inline script, style or on* handler "
                                         "(blocked by the CSP)", "remove it; use classes and /static/ files"))
        target = out / item.path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(html, encoding="utf-8")
    if problems:
        raise BuildFailed(problems)


def outputs(site: Site, urls: AssetUrls) -> list[Output]:
    """All pages of the site with their template contexts."""
    sprite = _sprite()
    first = LANGS[0]
    not_found = base_context(site, urls, first, "/404.html", {lang: f"/{lang}/" for lang in LANGS})
    not_found["other_langs"] = [{"lang": lang, "t": strings(lang)} for lang in LANGS[1:]]
    items = [Output("index.html", "redirect.html",
                    {"lang": first, "target": f"/{first}/", "t": strings(first),
                     "langs": [{"lang": lang, "url": f"/{lang}/", "name": strings(lang)["lang_name"]} for lang in LANGS]},
                    "site_builder/templates/redirect.html"),
             Output("404.html", "404.html", not_found, "site_builder/templates/404.html")]
    for lang in LANGS:
        alternates = {other: f"/{other}/" for other in LANGS}
        home = site.home(lang)
        ctx = base_context(site, urls, lang, f"/{lang}/", alternates)
        if home:
            ctx.update(_markdown(home, sprite), title=home.title, summary=home.summary)
        else:
            ctx.update(body="", title=site.config.name(lang), summary=strings(lang)["tagline"])
        items.append(Output(f"{lang}/index.html", "home.html", ctx,
                            home.rel if home else "site_builder/templates/home.html"))
        for game in site.game_names:
            items.append(_sandbox(site, urls, lang, game, sprite))
            if game == "makruk":
                items.append(_counting_trainer(site, urls, lang, sprite))
            lessons = site.lessons(lang, game)
            for i, page in enumerate(lessons):
                items.append(_lesson(site, urls, page, lessons, i, sprite))
    items += puzzle_pages.outputs(site, urls, sprite)
    return items


def base_context(site: Site, urls: AssetUrls, lang: str, url: str, alternates: dict[str, str]) -> dict:
    """What base.html needs on every page."""
    games = [{"id": g, "name": site.game_names[g][lang], "sandbox_url": f"/{lang}/{g}/sandbox/",
              "lessons": [{"title": p.title, "url": p.url, "summary": p.summary} for p in site.lessons(lang, g)]}
             for g in site.game_names]
    return {"lang": lang, "t": strings(lang), "site_name": site.config.name(lang), "url": url,
            "alternates": alternates, "games": games, "pyodide_base": urls.pyodide_base,
            "wheel_url": urls.wheel_url, "sprite": "", "needs_js": False,
            "breadcrumbs": [], "title": "", "summary": "",
            "puzzles_link": puzzle_pages.nav_link(site, lang)}


def _lesson(site: Site, urls: AssetUrls, page: Page, lessons: list[Page], i: int, sprite: Markup) -> Output:
    ctx = base_context(site, urls, page.lang, page.url, _alternates(page.game, page.slug))
    ctx.update(_markdown(page, sprite), title=page.title, summary=page.summary,
               prev=_link(lessons[i - 1]) if i > 0 else None,
               next=_link(lessons[i + 1]) if i + 1 < len(lessons) else None,
               breadcrumbs=_crumbs(site, page.lang, page.game) + [{"title": page.title, "url": page.url}])
    return Output(f"{page.lang}/{page.game}/{page.slug}/index.html", "lesson.html", ctx, page.rel)


def _markdown(page: Page, sprite: Markup) -> dict:
    """The page body as HTML, plus the sprites and script its boards need."""
    figures = [diagram.figure(b, page.lang) for b in page.boards]
    frames = Markup(diagram.frames({b.orientation for b in page.boards}))
    return {"body": Markup(to_html(page.body, BOARD_GAMES, figures)),
            "sprite": sprite + frames if page.boards else "",
            "needs_js": any(b.interactive for b in page.boards)}


def _sandbox(site: Site, urls: AssetUrls, lang: str, game: str, sprite: Markup) -> Output:
    url = f"/{lang}/{game}/sandbox/"
    ctx = base_context(site, urls, lang, url, _alternates(game, "sandbox"))
    t = strings(lang)
    ctx.update(title=f"{t['sandbox']} — {site.game_names[game][lang]}", summary=t["sandbox_intro"],
               game=game, sprite=sprite, needs_js=True,
               breadcrumbs=_crumbs(site, lang, game) + [{"title": t["sandbox"], "url": url}])
    return Output(f"{lang}/{game}/sandbox/index.html", "sandbox.html", ctx, "site_builder/templates/sandbox.html")


def _counting_trainer(site: Site, urls: AssetUrls, lang: str, sprite: Markup) -> Output:
    """The Makruk counting trainer page (site_builder/counting_trainer.py has its data and texts)."""
    url = f"/{lang}/makruk/{counting_trainer.SLUG}/"
    ctx = base_context(site, urls, lang, url, _alternates("makruk", counting_trainer.SLUG))
    lesson = next((p.url for p in site.lessons(lang, "makruk") if p.slug == counting_trainer.LESSON_SLUG), None)
    ctx.update(counting_trainer.page_context(lang), sprite=sprite, needs_js=True, lesson_url=lesson)
    ctx["breadcrumbs"] = _crumbs(site, lang, "makruk") + [{"title": ctx["title"], "url": url}]
    return Output(f"{lang}/makruk/{counting_trainer.SLUG}/index.html", "counting_trainer.html", ctx,
                  "site_builder/templates/counting_trainer.html")


def _alternates(game: str, slug: str) -> dict[str, str]:
    return {lang: f"/{lang}/{game}/{slug}/" for lang in LANGS}


def _crumbs(site: Site, lang: str, game: str) -> list[dict]:
    return [{"title": strings(lang)["home"], "url": f"/{lang}/"},
            {"title": site.game_names[game][lang], "url": f"/{lang}/#{game}"}]


def _link(page: Page) -> dict:
    return {"title": page.title, "url": page.url}


def _sprite() -> Markup:
    """The piece symbols, inlined once per page with boards (comments and line breaks dropped)."""
    text = SPRITE.read_text(encoding="utf-8")
    text = re.sub(r"<\?xml.*?\?>|<!--.*?-->", "", text, flags=re.S)
    return Markup(re.sub(r">\s+<", "><", text).strip())


def _template_problem(exc: TemplateError, item: Output) -> BuildProblem:
    """Point at the template line when Jinja's traceback has it."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename.startswith(str(TEMPLATES))]
    where = f"site_builder/templates/{Path(frames[-1].filename).name}" if frames else item.source
    line = frames[-1].lineno if frames else getattr(exc, "lineno", 0) or 0
    return BuildProblem(where, line, f"rendering {item.path} failed: {exc}",
                        "fix the template or pass the missing value in site_builder/render.py")
