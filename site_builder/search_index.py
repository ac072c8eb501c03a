"""The build's search step: Pagefind indexes the freshly rendered site, one index per language.

Runs on the temp folder before it is swapped in (site_builder.build), so a failure leaves the
old site untouched. Pagefind (npm, pinned in package.json) reads a marked-up *copy* of the pages
that search should find, never the served files:

* every page of a game (/<lang>/<game>/<slug>/: lessons, sandbox, the game's own pages) and
  every puzzle page (/<lang>/puzzles/<id>/); home pages, the puzzle index, the authors' guide,
  the search page itself and 404 are left out;
* its ``<main>`` gets ``data-pagefind-body`` (the sidebar and header are not indexed), a filter
  ``type`` (``page`` or ``puzzle``: the search page lists the two apart), a filter and a meta
  ``game`` (the game's name in the page's language: the search page can keep to one game, and
  shows it beside each result);
* a block of extra words goes at the end of ``<main>``: the page's game name in every language
  and the synonyms of site_builder.search_words, each token between two ``ADDED_WORDS_MARK``s
  (Pagefind indexes the word without them; the search page cuts excerpts where they begin, so a
  reader only ever sees the page's own words).

The bundle lands in ``<out>/pagefind/`` (``pagefind.js``, the wasm, ``index/``, ``fragment/``);
Pagefind's prebuilt UIs are removed (they need inline styles, which the CSP forbids; the site
has its own, static/js/search.js).
"""
from __future__ import annotations

import html
import os
import re
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass
from functools import lru_cache
from html.parser import HTMLParser
from pathlib import Path

from .errors import BuildFailed, BuildProblem
from .i18n import LANGS
from .loader import Site
from .search import BUNDLE
from .search_words import ADDED_WORDS_MARK, synonyms_for

PACKAGE_ROOT = Path(__file__).resolve().parents[1]
RUNNER = Path("node_modules") / "pagefind" / "lib" / "runner" / "bin.cjs"
#: Pagefind's own UIs: never loaded by the site (inline styles), so never shipped.
UNUSED = ("pagefind-ui.js", "pagefind-ui.css", "pagefind-modular-ui.js", "pagefind-modular-ui.css",
          "pagefind-component-ui.js", "pagefind-component-ui.css", "pagefind-highlight.js")
NPM_FIX = "run `npm ci` in the project folder (it installs Pagefind, pinned in package.json)"
MAIN = re.compile(r"<main\b([^>]*)>")


@dataclass(frozen=True)
class Searchable:
    """Pages the index holds: their folder under the site, type ("page" or "puzzle") and game id."""

    folder: str
    type: str
    game: str


@dataclass(frozen=True)
class IndexStats:
    pages: int
    seconds: float
    bytes: int


def searchable_pages(site: Site) -> list[Searchable]:
    """Every game page and every puzzle page in every language, in a stable order."""
    found = []
    for lang in LANGS:
        for game in site.game_names:
            found.append((f"{lang}/{game}/", "page", game))
        found += [(puzzle.url(lang).lstrip("/"), "puzzle", puzzle.game) for puzzle in site.puzzles.puzzles]
    return [Searchable(prefix, kind, game) for prefix, kind, game in found]


def index_site(site: Site, out: Path, root: Path) -> IndexStats:
    """Index the rendered site in `out` into `out`/pagefind/; raise BuildFailed when Pagefind
    is missing or fails."""
    return index_pages(site, out, out / BUNDLE, root)


def index_pages(site: Site, pages: Path, bundle: Path, root: Path) -> IndexStats:
    """Index the searchable pages of the rendered site in `pages` into the folder `bundle`
    (serve indexes a snapshot of the pages after the swap: site_builder.search_later)."""
    started = time.perf_counter()
    runner = pagefind_runner(root)
    shutil.rmtree(bundle, ignore_errors=True)  # a re-run (the benchmark) leaves no stale chunks
    with tempfile.TemporaryDirectory(prefix="kradan-search-") as tmp:
        count = write_copies(site, pages, Path(tmp))
        run = subprocess.run(["node", str(runner), "--site", tmp, "--output-path", str(bundle), "--silent"],
                             capture_output=True, text=True)
    if run.returncode != 0 or not (bundle / "pagefind.js").is_file():
        raise BuildFailed([BuildProblem(_rel(runner, root), 0, "Pagefind could not index the site: "
                                        + (run.stderr or run.stdout).strip()[-600:],
                                        f"check that Node.js 18+ works, then {NPM_FIX}")])
    for name in UNUSED:
        (bundle / name).unlink(missing_ok=True)
    size = sum(f.stat().st_size for f in bundle.rglob("*") if f.is_file())
    return IndexStats(count, time.perf_counter() - started, size)


def searchable_files(site: Site, pages: Path) -> list[tuple[Searchable, Path]]:
    """The rendered files under `pages` that the index reads, each with its entry."""
    return [(entry, page) for entry in searchable_pages(site)
            for page in sorted((pages / entry.folder).rglob("index.html"))]


def pagefind_runner(root: Path) -> Path:
    """Pagefind's launcher (it picks the platform's binary): the project's node_modules, else
    the one beside this code; $KRADAN_PAGEFIND overrides both."""
    if os.environ.get("KRADAN_PAGEFIND"):
        runner = Path(os.environ["KRADAN_PAGEFIND"])
    else:
        runner = next((base / RUNNER for base in (Path(root), PACKAGE_ROOT) if (base / RUNNER).is_file()),
                      Path(root) / RUNNER)
    if not runner.is_file():
        raise BuildFailed([BuildProblem(_rel(runner, root), 0,
                                        "Pagefind is missing, so the site's search cannot be built", NPM_FIX)])
    return runner


def write_copies(site: Site, out: Path, into: Path) -> int:
    """Copy every searchable page of `out` into `into`, marked up for Pagefind; returns how many."""
    found = searchable_files(site, out)
    for entry, page in found:
        rel = page.relative_to(out)
        target = into / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(marked_up(page.read_text(encoding="utf-8"), entry, site, rel.as_posix()),
                          encoding="utf-8")
    return len(found)


def marked_up(page: str, entry: Searchable, site: Site, rel_path: str) -> str:
    """The page with its <main> marked for Pagefind and the extra words at its end."""
    match = MAIN.search(page)
    end = page.rfind("</main>")
    if not match or end < match.end():
        raise BuildFailed([BuildProblem(rel_path, 0, "a searchable page has no <main> element",
                                        "keep <main id=\"main\"> in site_builder/templates/base.html")])
    names = (site.all_game_names or site.game_names).get(entry.game, {})
    game_names = list(dict.fromkeys(names.values()))
    text = main_text(page[match.end():end])
    words = [name for name in game_names if name not in text] + synonyms_for(text + " " + " ".join(game_names))
    lang = _lang(page)
    game = html.escape(f"game:{names.get(lang, entry.game)}")
    opening = (f'<main{match[1]} data-pagefind-body data-pagefind-filter="type:{entry.type}"'
               f' data-pagefind-meta="{game}">')
    extra = f'<span data-pagefind-filter="{game}"></span>'
    if words:
        marked = " ".join(f"{ADDED_WORDS_MARK}{token}{ADDED_WORDS_MARK}" for word in words for token in word.split())
        extra += f'<p class="search-words">{html.escape(marked)}</p>'
    return page[:match.start()] + opening + page[match.end():end] + extra + page[end:]


@lru_cache(maxsize=1024)  # serve indexes every page again; an unchanged page is not parsed again
def main_text(fragment: str) -> str:
    """The text of an HTML fragment (script and style contents left out)."""
    reader = _Text()
    reader.feed(fragment)
    reader.close()
    return " ".join(reader.parts)


class _Text(HTMLParser):
    """Collects text outside <script> and <style> (the data blocks of boards and puzzles)."""

    HIDDEN = ("script", "style")

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.inside = 0

    def handle_starttag(self, tag, attrs):
        if tag in self.HIDDEN:
            self.inside += 1

    def handle_endtag(self, tag):
        if tag in self.HIDDEN and self.inside:
            self.inside -= 1

    def handle_data(self, data):
        if not self.inside:
            self.parts.append(data)


def _lang(page: str) -> str:
    found = re.search(r'<html\b[^>]*\blang="([^"]+)"', page)
    return found[1] if found else LANGS[0]


def _rel(path: Path, root: Path) -> str:
    try:
        return Path(path).resolve().relative_to(Path(root).resolve()).as_posix()
    except ValueError:
        return str(path)
