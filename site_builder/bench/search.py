"""search: the build's Pagefind step on the built site (time, pages, bundle size) — it runs in
every build, the e2e session's included, so it must stay fast."""
from __future__ import annotations

from collections.abc import Iterable

from ..loader import load_site
from ..search import BUNDLE
from ..search_index import index_site
from .core import Bench, Figure, kb, secs


def section_search(bench: Bench) -> Iterable[Figure | str]:
    site = load_site(bench.root)
    out = bench.site_dir()
    stats = min((index_site(site, out, bench.root) for _ in range(max(1, bench.repeat))), key=lambda s: s.seconds)
    yield bench.add(Figure("search.index.seconds", "Pagefind index step (copy, mark up, index; best run)",
                           stats.seconds, secs(stats.seconds), f"{stats.pages} pages in both languages"))
    yield bench.add(Figure("search.bundle.bytes", f"search bundle /{BUNDLE}/ (both languages, every file)",
                           stats.bytes, kb(stats.bytes)))
    entry = out / BUNDLE / "pagefind.js"
    yield bench.add(Figure("search.pagefind_js.bytes", "pagefind.js (fetched on a search page's first query)",
                           entry.stat().st_size, kb(entry.stat().st_size)))
