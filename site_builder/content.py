"""Phase 1 for content: find the Markdown pages, parse front matter and board blocks, cross-check languages."""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from .boards import Board
from .errors import BuildProblem
from .frontmatter import parse as parse_front_matter
from .games import PLUGINS
from .i18n import LANGS
from .markdown_ext import find_fences, find_raw_html
from .replies import first_move_table

LESSON_SCHEMA = {"title": str, "order": int, "summary": str}
HOME_SCHEMA = {"title": str, "summary": str}
PREFIX = re.compile(r"\d+-")
SLUG = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*\Z")
SANDBOX = "sandbox"
def fences() -> dict:
    """Board block info strings -> the game plugin that reads them (the games registered now)."""
    return {site.fence: site for site in PLUGINS.values()}
INDENTED_BOARD = re.compile(r"[ \t]+(?:`{3,}|~{3,})[ \t]*(\w+)")


@dataclass
class Page:
    """One Markdown source: a lesson (with a game) or a home intro (game None)."""

    rel: str
    lang: str
    game: str | None
    slug: str
    title: str
    summary: str
    body: str
    order: int = 0
    boards: list[Board] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"/{self.lang}/{self.game}/{self.slug}/" if self.game else f"/{self.lang}/"


def slug_of(path: Path) -> str:
    """File stem without an optional leading 'NN-' prefix: '01-board.md' -> 'board'."""
    return PREFIX.sub("", path.stem, count=1)


def load_page(path: Path, rel: str, lang: str, game: str | None) -> tuple[Page | None, list[BuildProblem]]:
    """Read one file: front matter, then every board block in its body."""
    try:
        text = path.read_text(encoding="utf-8-sig").replace("\r\n", "\n")
    except UnicodeDecodeError as exc:
        return None, [BuildProblem(rel, 0, f"not UTF-8 text ({exc.reason} at byte {exc.start})",
                                   "save the file as UTF-8")]
    schema = LESSON_SCHEMA if game else HOME_SCHEMA
    fm, problems = parse_front_matter(text, rel, schema)
    if fm is None:
        return None, problems
    slug = slug_of(path) if game else ""
    reserved = reserved_slugs(game) if game else ()
    if game and (not SLUG.match(slug) or slug in reserved):
        problems.append(BuildProblem(rel, 1, f"the file name gives the slug {slug!r}, which cannot be a URL",
                                     "name the file like '03-first-moves.md' (lowercase a-z, 0-9, '-'; "
                                     f"not {', '.join(reserved)})"))
    lines = fm.body.split("\n")
    blocks = fences()
    for i, line in enumerate(lines):
        m = INDENTED_BOARD.match(line)
        if m and m[1] in blocks:
            problems.append(BuildProblem(rel, fm.body_line + i, f"indented ```{m[1]} block is not read as a board",
                                         "start the fence at the beginning of the line (not inside a list)"))
    problems += raw_html_problems(fm.body, fm.body_line, rel)
    boards = []
    for fence in find_fences(lines):
        if fence.info in blocks:
            board, board_problems = blocks[fence.info].parse_board(fence.body, fm.body_line + fence.start + 1, rel)
            problems += board_problems
            if board and board.interactive and PLUGINS[board.game].boards:
                board = replace(board, replies=first_move_table(board.game, board.position, lang))
            if board:
                boards.append(board)
    if problems:
        return None, problems
    return Page(rel=rel, lang=lang, game=game, slug=slug, body=fm.body, boards=boards, **fm.values), []


def raw_html_problems(body: str, body_line: int, rel: str) -> list[BuildProblem]:
    """Raw HTML is refused (the pages' CSP and their look depend on the builder's own HTML):
    one problem per line that has some."""
    by_line: dict[int, list[str]] = {}
    for index, fragment in find_raw_html(body):
        by_line.setdefault(body_line + index, []).append(fragment)
    return [BuildProblem(rel, line, f"raw HTML is not allowed in content pages: {' '.join(fragments)[:80]}",
                         "write it in Markdown (**bold**, *italic*, [link](/th/...), lists, tables), or put it "
                         "in `backticks` to show it as code")
            for line, fragments in by_line.items()]


def reserved_slugs(game: str) -> tuple[str, ...]:
    """Slugs a lesson of ``game`` cannot have: the sandbox and the game's own pages."""
    site = PLUGINS.get(game)
    extras = [entry.slug for lang in LANGS for entry in site.nav(lang)] if site else []
    return tuple(dict.fromkeys([SANDBOX, *extras]))


def load_content(root: Path, games: tuple[str, ...]) -> tuple[list[Page], list[BuildProblem]]:
    """Every page under content/, plus cross-language checks; problems for all files at once."""
    content = root / "content"
    if not content.is_dir():
        return [], [BuildProblem("content", 0, "there is no content/ folder",
                                 "create content/th/<game>/NN-slug.md lesson files")]
    problems: list[BuildProblem] = []
    for entry in sorted(content.iterdir()):
        if not entry.name.startswith(".") and (entry.name not in LANGS or not entry.is_dir()):
            problems.append(BuildProblem(_rel(entry, root), 0, f"unexpected {entry.name!r} in content/",
                                         f"content/ holds only the language folders {', '.join(LANGS)}"))
    sources: list[tuple[Path, str, str | None]] = []
    for lang in LANGS:
        lang_dir = content / lang
        for entry in sorted(lang_dir.iterdir()) if lang_dir.is_dir() else []:
            if entry.name.startswith("."):
                continue
            if entry.name == "index.md":
                sources.append((entry, lang, None))
            elif entry.is_dir() and entry.name in games:
                sources += [(md, lang, entry.name) for md in sorted(entry.glob("*.md"))]
            else:
                problems.append(BuildProblem(_rel(entry, root), 0, f"unexpected {entry.name!r} in content/{lang}/",
                                             f"put lessons in a game folder ({', '.join(games)}) or index.md"))
    pages: list[Page] = []
    for path, lang, game in sources:
        page, found = load_page(path, _rel(path, root), lang, game)
        problems += found
        if page:
            pages.append(page)
    problems += check_translations([(_rel(p, root), lang, game, slug_of(p) if game else "")
                                    for p, lang, game in sources])
    problems += check_orders(pages)
    return pages, problems


def check_translations(files: list[tuple[str, str, str | None, str]]) -> list[BuildProblem]:
    """Every (game, slug) must exist in every language; no slug twice in one language."""
    problems = []
    seen: dict[tuple, str] = {}
    for rel, lang, game, slug in files:
        if (lang, game, slug) in seen:
            problems.append(BuildProblem(rel, 1, f"slug {slug!r} is also used by {seen[lang, game, slug]}",
                                         "rename one of the two files"))
        seen.setdefault((lang, game, slug), rel)
    for (lang, game, slug), rel in seen.items():
        for other in LANGS:
            if (other, game, slug) not in seen:
                where = f"content/{other}/{game}/NN-{slug}.md" if game else f"content/{other}/index.md"
                problems.append(BuildProblem(rel, 1, f"missing translation: no {other} version of this page",
                                             f"add {where} with the same slug and order"))
    return problems


def check_orders(pages: list[Page]) -> list[BuildProblem]:
    """Lesson order numbers: unique within a game, equal across languages."""
    problems = []
    by_order: dict[tuple, Page] = {}
    by_slug: dict[tuple, Page] = {}
    for page in (p for p in pages if p.game):
        clash = by_order.setdefault((page.lang, page.game, page.order), page)
        if clash is not page:
            problems.append(BuildProblem(page.rel, 1, f"order {page.order} is also used by {clash.rel}",
                                         "give every lesson of a game its own order number"))
        twin = by_slug.setdefault((page.game, page.slug), page)
        if twin.order != page.order:
            problems.append(BuildProblem(page.rel, 1, f"order {page.order} differs from {twin.rel} ({twin.order})",
                                         "use the same order in every language"))
    return problems


def _rel(path: Path, root: Path) -> str:
    return path.relative_to(root).as_posix()
