"""What the Content-Security-Policy (netlify.toml) would block, found by parsing the built HTML.

The policy allows scripts and styles only from the site's own files. So a page may not have
a ``<script>`` without a real ``src`` (except a data block of exactly ``type="application/json"``),
a ``<style>`` element, a ``style`` or ``on…`` attribute, or a ``javascript:`` URL. Text that
merely looks like an attribute ("= 16 moves.") is text: the page is parsed, not pattern-matched.
"""
from __future__ import annotations

from functools import lru_cache
from html.parser import HTMLParser

from .errors import BuildProblem

DATA_BLOCK = "application/json"
URL_ATTRIBUTES = ("href", "src", "action", "formaction", "xlink:href")


class _Finder(HTMLParser):
    """Collects (line, what) for every construct the policy blocks."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []

    def _add(self, what: str) -> None:
        self.found.append((self.getpos()[0], what))

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: (value or "").strip() for name, value in attrs}
        if tag == "script" and not values.get("src") and values.get("type", "").lower() != DATA_BLOCK:
            self._add("an inline <script> (no src)")
        if tag == "style":
            self._add("a <style> element")
        for name, value in values.items():
            if name == "style":
                self._add(f"a style attribute on <{tag}>")
            elif name.startswith("on"):
                self._add(f"an event handler attribute {name} on <{tag}>")
            elif name in URL_ATTRIBUTES and value.lower().startswith("javascript:"):
                self._add(f"a javascript: URL in {name} on <{tag}>")

    handle_startendtag = handle_starttag


def blocked(html: str) -> list[tuple[int, str]]:
    """(line in the HTML, what) of everything the CSP would block, in page order."""
    finder = _Finder()
    finder.feed(html)
    finder.close()
    return finder.found


@lru_cache(maxsize=1024)  # serve re-renders every page; an unchanged page is not parsed again
def csp_problems(html: str, source: str) -> tuple[BuildProblem, ...]:
    """One problem per page that the CSP would break, listing what and where (HTML lines)."""
    found = blocked(html)
    if not found:
        return ()
    listed = "; ".join(f"{what} (HTML line {line})" for line, what in found[:5])
    more = f" and {len(found) - 5} more" if len(found) > 5 else ""
    return (BuildProblem(source, 0, f"the page has inline script, style or on* handler (blocked by the CSP): "
                                    f"{listed}{more}", "remove it; use classes and /static/ files"),)
