"""Markdown: find fenced blocks, swap board fences for HTML, and find raw HTML (which lessons may not use)."""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

import markdown
from markdown.extensions import Extension
from markdown.inlinepatterns import HtmlInlineProcessor
from markdown.preprocessors import Preprocessor

OPEN = re.compile(r"(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^`\s]*)[^`]*\Z")


@dataclass(frozen=True)
class Fence:
    """A fenced block: `start`/`end` are 0-based indexes of its opening/closing lines."""

    start: int
    end: int
    info: str
    body: list[str]


def find_fences(lines: list[str]) -> list[Fence]:
    """All top-level fenced blocks (unclosed ones run to the end, as in CommonMark)."""
    fences, i = [], 0
    while i < len(lines):
        m = OPEN.match(lines[i])
        if not m:
            i += 1
            continue
        mark = m["fence"]
        close = re.compile(re.escape(mark[0]) + "{%d,}[ \\t]*\\Z" % len(mark))
        end = next((j for j in range(i + 1, len(lines)) if close.match(lines[j])), len(lines))
        fences.append(Fence(i, end, m["info"], lines[i + 1:end]))
        i = end + 1
    return fences


class _BoardPreprocessor(Preprocessor):
    """Replace each board fence, in order, with the next pre-rendered HTML fragment."""

    def __init__(self, md, games: tuple[str, ...], html: list[str]):
        super().__init__(md)
        self.games, self.html = games, html

    def run(self, lines: list[str]) -> list[str]:
        boards = [f for f in find_fences(lines) if f.info in self.games]
        for fence, html in reversed(list(zip(boards, self.html, strict=True))):
            placeholder = self.md.htmlStash.store(html)
            lines[fence.start:fence.end + 1] = ["", placeholder, ""]
        return lines


class BoardExtension(Extension):
    """Registers the board preprocessor after whitespace normalisation, before fenced_code."""

    def __init__(self, games: tuple[str, ...], html: list[str]):
        super().__init__()
        self.games, self.html = games, html

    def extendMarkdown(self, md):
        md.preprocessors.register(_BoardPreprocessor(md, self.games, self.html), "kradan_boards", 28)


def slugify(value: str, separator: str) -> str:
    """Heading ids that keep Thai letters *and* their vowel/tone marks: '## หมากรุก' -> 'หมากรุก'."""
    value = unicodedata.normalize("NFC", value).strip().lower()
    kept = "".join(c for c in value if c.isalnum() or c in " -_" or unicodedata.category(c).startswith("M"))
    return re.sub(r"[\s_-]+", separator, kept).strip(separator)


def to_html(text: str, games: tuple[str, ...], boards_html: list[str]) -> str:
    """Render lesson Markdown; board fences become the given HTML fragments in order."""
    return _converted(text, tuple(games), tuple(boards_html))


@lru_cache(maxsize=512)  # serve renders every lesson again; an unchanged one is not converted again
def _converted(text: str, games: tuple[str, ...], boards_html: tuple[str, ...]) -> str:
    md = markdown.Markdown(extensions=[
        BoardExtension(games, list(boards_html)), "fenced_code", "tables", "toc",
    ], extension_configs={"toc": {"slugify": slugify}})
    return md.convert(text)


class _RawHtmlBlocks(Preprocessor):
    """Runs Python-Markdown's own html_block step and records the raw blocks it stashed."""

    def __init__(self, md, original: Preprocessor, found: list[str]):
        super().__init__(md)
        self.original, self.found = original, found

    def run(self, lines: list[str]) -> list[str]:
        before = self.md.htmlStash.html_counter
        out = self.original.run(lines)
        self.found += self.md.htmlStash.rawHtmlBlocks[before:]
        return out


class _RawHtmlInline(HtmlInlineProcessor):
    """Python-Markdown's inline html pattern, recording each tag or comment it passes through."""

    def __init__(self, pattern: str, md, found: list[str]):
        super().__init__(pattern, md)
        self.found = found

    def handleMatch(self, m, data):
        self.found.append(m.group(1))
        return super().handleMatch(m, data)


class RawHtmlFinder(Extension):
    """Records the raw HTML that Python-Markdown would pass through to the page (``found``)."""

    def __init__(self):
        super().__init__()
        self.found: list[str] = []

    def extendMarkdown(self, md):
        md.preprocessors.register(_RawHtmlBlocks(md, md.preprocessors["html_block"], self.found), "html_block", 20)
        html = md.inlinePatterns["html"]
        md.inlinePatterns.register(_RawHtmlInline(html.pattern, md, self.found), "html", 90)


@lru_cache(maxsize=512)  # serve checks every lesson again (callers only read the list)
def find_raw_html(text: str) -> list[tuple[int, str]]:
    """(0-based line, first line of the fragment) of every piece of raw HTML in ``text``, as
    Python-Markdown reads it: code spans and fenced blocks (boards too) are not HTML."""
    finder = RawHtmlFinder()
    markdown.Markdown(extensions=[finder, "fenced_code", "tables"]).convert(text)
    lines = text.split("\n")
    code = {i for fence in find_fences(lines) for i in range(fence.start, fence.end + 1)}
    found, start = [], {}
    for fragment in finder.found:
        head = next((part.strip() for part in fragment.split("\n") if part.strip()), fragment)
        where = next((i for i in range(start.get(head, 0), len(lines)) if i not in code and head in lines[i]), 0)
        start[head] = where + 1
        found.append((where, head))
    return sorted(found, key=lambda item: item[0])
