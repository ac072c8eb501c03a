"""Phase 2: render every page with Jinja2 into an output folder (assets come from assets.write_assets).

No engine work happens here: everything a page shows was computed and checked in phase 1
(site_builder/loader.py). Game pages come from the game's plugin (site_builder/games/).
"""
from __future__ import annotations

import traceback
from functools import lru_cache
from pathlib import Path

from engine.core.grid import Grid
from jinja2 import ChoiceLoader, Environment, FileSystemLoader, StrictUndefined, TemplateError
from markupsafe import Markup

from . import diagram, offline
from .assets import AssetUrls
from .boards import board_grid
from .content import Page
from .context import Output, alternates, base_context, crumbs, game_url, practice_link, start_path
from .csp import csp_problems
from .errors import BuildFailed, BuildProblem
from .games import PLUGINS
from .i18n import LANGS, strings
from .loader import Site
from .markdown_ext import to_html
from .modules import module_graph
from .replies import REPLIES_FILE, page_json, page_table, sandbox_replies
from .plugin import ExtraPage
from .puzzles import pages as puzzle_pages
from .search import outputs as search_outputs
from .teach import outputs as teach_outputs

PACKAGE = Path(__file__).parent
TEMPLATES = PACKAGE / "templates"


def template_folders() -> dict[Path, str]:
    """The site's templates, then each plugin's (a plugin's pages may extend base.html), each with
    the name problems give it."""
    folders = {TEMPLATES: "site_builder/templates"}
    for site in PLUGINS.values():
        if site.templates:
            folders[site.templates] = site.templates.relative_to(PACKAGE.parent).as_posix()
    return folders


def environment() -> Environment:
    """Jinja2 with autoescape and StrictUndefined: a missing variable is a build error."""
    return _environment(tuple(template_folders()))


@lru_cache(maxsize=4)  # serve's rebuilds reuse the compiled templates (an edited one is reloaded)
def _environment(folders: tuple[Path, ...]) -> Environment:
    loader = ChoiceLoader([FileSystemLoader(folder) for folder in folders])
    return Environment(loader=loader, autoescape=True, undefined=StrictUndefined,
                       trim_blocks=True, lstrip_blocks=True)


def render_site(site: Site, out: Path, urls: AssetUrls) -> None:
    """Write every page under `out`; raise BuildFailed listing every page that failed."""
    env, problems = environment(), []
    for item in outputs(site, urls):
        if item.text is not None:
            html = item.text
        else:
            try:
                html = env.get_template(item.template).render(item.context)
            except TemplateError as exc:
                problems.append(_template_problem(exc, item))
                continue
            problems += csp_problems(html, item.source)
        target = out / item.path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(html, encoding="utf-8")
    if problems:
        raise BuildFailed(problems)


def outputs(site: Site, urls: AssetUrls) -> list[Output]:
    """All pages of the site with their template contexts."""
    first = LANGS[0]
    not_found = base_context(site, urls, first, "/404.html", {lang: f"/{lang}/" for lang in LANGS})
    not_found["other_langs"] = [{"lang": lang, "t": strings(lang)} for lang in LANGS[1:]]
    items = [Output("index.html", "redirect.html",
                    {"lang": first, "target": f"/{first}/", "t": strings(first),
                     "langs": [{"lang": lang, "url": f"/{lang}/", "name": strings(lang)["lang_name"]} for lang in LANGS]},
                    "site_builder/templates/redirect.html"),
             Output("404.html", "404.html", not_found, "site_builder/templates/404.html")]
    for lang in LANGS:
        home = site.home(lang)
        ctx = base_context(site, urls, lang, f"/{lang}/", {other: f"/{other}/" for other in LANGS})
        if home:
            ctx.update(_markdown(home), title=home.title, summary=home.summary)
        else:
            ctx.update(body="", title=site.config.name(lang), summary=strings(lang)["tagline"])
        ctx["path"] = start_path(ctx["games"])
        items.append(Output(f"{lang}/index.html", "home.html", ctx,
                            home.rel if home else "site_builder/templates/home.html"))
        for game in site.game_names:
            lessons = site.lessons(lang, game)
            if PLUGINS[game].boards:
                items += _sandbox(site, urls, lang, game)
            items += [_extra(site, urls, lang, game, page)
                      for page in PLUGINS[game].pages(site.extras.get(game), lang, lessons)]
            for i, page in enumerate(lessons):
                items += _lesson(site, urls, page, lessons, i)
    items += puzzle_pages.outputs(site, urls)
    items += search_outputs(site, urls)
    items += teach_outputs(site, urls)
    items += offline.outputs(site, urls, items)
    return items


def _lesson(site: Site, urls: AssetUrls, page: Page, lessons: list[Page], i: int) -> list[Output]:
    """The lesson page, and beside it the recorded replies of its live boards (replies.json)."""
    ctx = base_context(site, urls, page.lang, page.url, alternates(page.game, page.slug))
    ctx.update(_markdown(page), title=page.title, summary=page.summary,
               prev=_link(lessons[i - 1]) if i > 0 else None,
               next=_link(lessons[i + 1]) if i + 1 < len(lessons) else None, practice=practice_link(site, page),
               breadcrumbs=crumbs(site, page.lang, page.game) + [{"title": page.title, "url": page.url}])
    folder = f"{page.lang}/{page.game}/{page.slug}"
    items = [Output(f"{folder}/index.html", "lesson.html", ctx, page.rel)]
    tables = {b.position: b.replies for b in page.boards if b.interactive and b.replies}
    if tables:  # not preloaded: read with JavaScript off, the page never needs them
        items.append(Output(f"{folder}/{REPLIES_FILE}", "", {}, page.rel, text=page_json(tables)))
    return items


def _markdown(page: Page) -> dict:
    """The page body as HTML, plus the sprites and script its boards need."""
    figures = [PLUGINS[b.game].figure(b, page.lang) for b in page.boards]
    live = list(dict.fromkeys(b.game for b in page.boards if b.interactive))  # the games of its live boards
    sprites = "".join(PLUGINS[game].sprite() for game in dict.fromkeys(b.game for b in page.boards))
    return {"body": Markup(to_html(page.body, tuple(site.fence for site in PLUGINS.values()), figures)),
            "sprite": Markup(sprites + diagram.frames(b for b in page.boards if PLUGINS[b.game].boards))
               if page.boards else "",
            "needs_js": bool(live), "board_skip": bool(live),
            "preload_modules": module_graph("main.js", *(f"games/{game}/index.js" for game in live)) if live else ()}


def _board_size(game: str) -> Grid | None:
    """The size of ``game``'s board for the page's data when it is not 8x8 (None: the usual board)."""
    grid = board_grid(game)
    return None if (grid.files, grid.ranks) == diagram.STANDARD else grid


def _sandbox(site: Site, urls: AssetUrls, lang: str, game: str) -> list[Output]:
    """The sandbox page, and beside it its recorded replies: the start and every first move (replies.json)."""
    url = game_url(lang, game, "sandbox")
    ctx = base_context(site, urls, lang, url, alternates(game, "sandbox"))
    t = strings(lang)
    ctx.update(title=f"{t['sandbox']} — {site.game_names[game][lang]}", summary=PLUGINS[game].sandbox_intro(lang),
               game=game, sprite=Markup(PLUGINS[game].sprite()), needs_js=True, board_skip=True, replies_url=url + REPLIES_FILE,
               board_size=_board_size(game),
               preload_modules=module_graph("sandbox.js", f"games/{game}/index.js"),
               breadcrumbs=crumbs(site, lang, game) + [{"title": t["sandbox"], "url": url}])
    folder = f"{lang}/{game}/sandbox"
    source = "site_builder/templates/sandbox.html"
    return [Output(f"{folder}/index.html", "sandbox.html", ctx, source),
            Output(f"{folder}/{REPLIES_FILE}", "", {}, source,
                   text=page_json(page_table(site.puzzles.cache.computed(
                       f"sandbox-{game}", lambda: list(sandbox_replies(game))), lang)))]


def _extra(site: Site, urls: AssetUrls, lang: str, game: str, page: ExtraPage) -> Output:
    """One of a game's own pages (the plugin's ``pages``), with the site's frame around it."""
    url = game_url(lang, game, page.slug)
    ctx = base_context(site, urls, lang, url, alternates(game, page.slug))
    ctx.update(page.context, sprite=Markup(PLUGINS[game].sprite()), needs_js=page.needs_js)
    ctx["breadcrumbs"] = crumbs(site, lang, game) + [{"title": ctx["title"], "url": url}]
    return Output(f"{lang}/{game}/{page.slug}/index.html", page.template, ctx, page.source)


def _link(page: Page) -> dict:
    return {"title": page.title, "url": page.url}


def _template_problem(exc: TemplateError, item: Output) -> BuildProblem:
    """Point at the template line when Jinja's traceback has it."""
    folders = template_folders()
    frames = [(f, folder) for f in traceback.extract_tb(exc.__traceback__) for folder in folders
              if Path(f.filename).is_relative_to(folder)]
    if frames:
        frame, folder = frames[-1]
        where = f"{folders[folder]}/{Path(frame.filename).relative_to(folder).as_posix()}"
        line = frame.lineno
    else:
        where, line = item.source, getattr(exc, "lineno", 0) or 0
    return BuildProblem(where, line, f"rendering {item.path} failed: {exc}",
                        "fix the template or pass the missing value in site_builder/render.py")
