"""Markdown: find fenced blocks, and a Python-Markdown extension that swaps board fences for HTML."""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

import markdown
from markdown.extensions import Extension
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
    md = markdown.Markdown(extensions=[
        BoardExtension(games, boards_html), "fenced_code", "tables", "toc",
    ], extension_configs={"toc": {"slugify": slugify}})
    return md.convert(text)
