"""What benchmark sections share: a Figure per measured line, the Bench (options, results, one
built and served site), and number formatting."""
from __future__ import annotations

import re
import shutil
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from ..browser import serve_in_thread
from ..build import build

@dataclass
class Figure:
    """One measured line: `label  text  [target: ... ok|MISSED]`."""

    key: str  # stable id for --json and bench.results, e.g. "perft.makruk.cpython.nps"
    label: str
    value: float | None  # the number the target is checked on (None: skipped)
    text: str  # how the value is shown
    detail: str = ""
    target: str | None = None  # e.g. ">= 1,234,567 nodes/s (chess)"
    ok: bool | None = None


@dataclass
class Section:
    name: str
    title: str
    run: Callable[["Bench"], Iterable[Figure | str]]


class Bench:
    """What sections share: options, earlier results, one built and served site."""

    def __init__(self, root: Path, depth: int = 4, repeat: int = 3, runs: int = 3,
                 site: Path | None = None, page: str | None = None):
        self.root = Path(root).resolve()
        self.depth, self.repeat, self.runs = depth, repeat, runs
        self.page = page
        self.results: dict[str, float | None] = {}
        self.figures: list[Figure] = []
        self._site_dir = Path(site).resolve() if site else None
        self._url: str | None = None
        self._cleanup: list[Callable[[], None]] = []

    def timeit(self, fn: Callable[[], object], repeat: int | None = None) -> tuple[float, object]:
        """(best seconds, last result) of `repeat` calls of fn()."""
        best, result = float("inf"), None
        for _ in range(repeat or self.repeat):
            t0 = time.perf_counter()
            result = fn()
            best = min(best, time.perf_counter() - t0)
        return best, result

    def site_dir(self) -> Path:
        """The built site: --site DIR, or a fresh build of the project into a temp folder."""
        if self._site_dir is None:
            tmp = Path(tempfile.mkdtemp(prefix="kradan-bench-"))
            self._cleanup.append(lambda: shutil.rmtree(tmp, ignore_errors=True))
            build(self.root, tmp / "_site")
            self._site_dir = tmp / "_site"
        return self._site_dir

    def site_url(self) -> str:
        """Serve site_dir() with the project's server (netlify.toml headers) on a free port."""
        if self._url is None:
            self._url, stop = serve_in_thread(self.site_dir(), self.root)
            self._cleanup.append(stop)
        return self._url

    def lessons(self) -> list[str]:
        """Lesson URLs (pages with an <article class="lesson">) in the order of each home page, Thai first."""
        urls: list[str] = []
        for lang in ("th", "en"):
            home = self.site_dir() / lang / "index.html"
            if home.is_file():
                for href in re.findall(r'href="(/%s/[^"#]+/[^"#]+/)"' % lang, home.read_text(encoding="utf-8")):
                    page = self.site_dir() / href.strip("/") / "index.html"
                    if href not in urls and page.is_file() and \
                            '<article class="lesson"' in page.read_text(encoding="utf-8"):
                        urls.append(href)
        return urls

    def live_lesson(self) -> str:
        """--page, else the first Thai lesson with a live board."""
        if self.page:
            return self.page
        for url in self.lessons():
            html = self.site_dir() / url.strip("/") / "index.html"
            if html.is_file() and 'data-interactive="true"' in html.read_text(encoding="utf-8"):
                return url
        raise RuntimeError("no lesson with a live board (data-interactive=\"true\") in the built site")

    def add(self, figure: Figure) -> Figure:
        self.figures.append(figure)
        self.results[figure.key] = figure.value
        return figure

    def close(self) -> None:
        for step in reversed(self._cleanup):
            try:
                step()
            except Exception:  # noqa: BLE001 - cleanup must not hide the figures
                pass
        self._cleanup.clear()


def skipped(key: str, label: str, why: str) -> Figure:
    return Figure(key, label, None, "skipped", why)


def rate(n: float) -> str:
    return f"{n:,.0f} nodes/s"


def kb(n: float) -> str:
    return f"{n / 1000:,.1f} KB"


def secs(s: float) -> str:
    return f"{s:.2f} s"
