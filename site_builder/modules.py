"""The JavaScript modules a page will import, for ``<link rel="modulepreload">``.

A page's entry module imports others, which import others: fetched one level at a time, each
level costs a round trip (150 ms on a slow phone network). Listing the whole graph in the
page's <head> lets the browser fetch it all at once. Only static imports (``import … from
'./x.js'``, ``export … from``) are followed; a dynamic ``import()`` is the page's own choice.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

STATIC_JS = Path(__file__).resolve().parent / "static" / "js"
URL_ROOT = "/static/js/"
STATIC_IMPORT = re.compile(r"""^(?:import|export)\s+(?:[^'";]*?\s+from\s+)?['"](\.{1,2}/[^'"]+)['"]""", re.M)


@lru_cache(maxsize=None)
def module_graph(entry: str, *more: str) -> tuple[str, ...]:
    """URLs of every module that ``entry`` (the page's <script>, a path under static/js/) and
    ``more`` (modules it imports dynamically at once, e.g. its game's) import statically, each
    once; the entry itself is left out (its <script> tag already fetches it)."""
    seen: dict[Path, None] = {}
    todo = [STATIC_JS / name for name in (entry, *more)]
    while todo:
        path = todo.pop(0).resolve()
        if path in seen or not path.is_file():
            continue
        seen[path] = None
        todo += [path.parent / target for target in STATIC_IMPORT.findall(path.read_text(encoding="utf-8"))]
    return tuple(URL_ROOT + path.relative_to(STATIC_JS).as_posix() for path in list(seen)[1:])
