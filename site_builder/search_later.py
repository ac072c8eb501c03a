"""``serve``'s search index, refreshed after the pages: Pagefind is the slowest step of a rebuild
(about 1.5 s for the whole site), and an author who saved a lesson wants to see the lesson.

A rebuild (build.Rebuilder) renders the pages as every build does but, instead of indexing them,
hard-links the previous Pagefind bundle into the new tree (:meth:`LaterIndex.carry_over`), so
the tree swapped in is whole: new pages, the last index. Then :meth:`LaterIndex.refresh`
hard-links the new tree's searchable pages into a work folder and a background thread indexes
them and swaps the new bundle in for the old one, in one atomic step (site_builder.folders). Only the
latest request is indexed: a rebuild that comes while one is indexed replaces the waiting one.

Every step that reads or replaces the served tree holds the rebuilder's lock, so a bundle is
never swapped in while a new site is. A failed index is reported like a failed build and the
site keeps its last index. Work folders are ``<out>.tmp-<pid>-search-*`` beside the output:
build.remove_leftovers removes those of a process that was killed.
"""
from __future__ import annotations

import os
import shutil
import sys
import tempfile
import threading
import traceback
from dataclasses import dataclass
from pathlib import Path

from .errors import BuildFailed
from .folders import put_folder
from .loader import Site
from .search import BUNDLE
from .search_index import index_pages, searchable_files


@dataclass(frozen=True)
class _Request:
    site: Site
    work: Path  # <out>.tmp-<pid>-search-*: pages/ (links to the rendered pages), then pagefind/


class LaterIndex:
    """The background Pagefind runs of one output folder."""

    def __init__(self, root: Path, out: Path, lock: threading.Lock):
        self.root, self.out, self.lock = root, out, lock
        self._changed = threading.Condition()
        self._waiting: _Request | None = None
        self._busy = False
        self._thread: threading.Thread | None = None

    def can_carry_over(self) -> bool:
        """Is there a bundle to serve while the new one is made (not on a first build)?"""
        return (self.out / BUNDLE / "pagefind.js").is_file()

    def carry_over(self, site: Site, tmp: Path, root: Path) -> None:
        """build's search step for a rebuild: the served bundle, hard-linked into `tmp`."""
        link_tree(self.out / BUNDLE, tmp / BUNDLE)

    def refresh(self, site: Site) -> None:
        """Index the site just swapped in, in the background (call it holding the lock)."""
        work = Path(tempfile.mkdtemp(prefix=f"{self.out.name}.tmp-{os.getpid()}-search-", dir=self.out.parent))
        for _, page in searchable_files(site, self.out):
            target = work / "pages" / page.relative_to(self.out)
            target.parent.mkdir(parents=True, exist_ok=True)
            _link(page, target)
        with self._changed:
            if self._waiting is not None:
                shutil.rmtree(self._waiting.work, ignore_errors=True)
            self._waiting = _Request(site, work)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="kradan-search-index", daemon=True)
                self._thread.start()
            self._changed.notify_all()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until no index is waiting or being made; False if `timeout` ran out first."""
        with self._changed:
            return self._changed.wait_for(lambda: self._waiting is None and not self._busy, timeout)

    def _run(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: self._waiting is not None)
                request, self._waiting, self._busy = self._waiting, None, True
            try:
                self._index(request)
            except Exception:  # keep serving, and keep this thread, whatever went wrong
                traceback.print_exc()
            finally:
                shutil.rmtree(request.work, ignore_errors=True)
                with self._changed:
                    self._busy = False
                    self._changed.notify_all()

    def _index(self, request: _Request) -> None:
        bundle = request.work / BUNDLE
        try:
            stats = index_pages(request.site, request.work / "pages", bundle, self.root)
        except BuildFailed as failed:
            print("the search index was not refreshed (the site keeps its last one):\n" + failed.report(),
                  file=sys.stderr, flush=True)
            return
        with self.lock:
            replaced = put_folder(bundle, self.out / BUNDLE)
        if replaced is not None and replaced != bundle:  # not swapped in one step: it sits beside the new one
            shutil.rmtree(replaced, ignore_errors=True)
        print(f"search index refreshed: {stats.pages} pages in {stats.seconds:.1f} s", flush=True)


def link_tree(source: Path, target: Path) -> None:
    """`target` as a copy of the folder `source` made of hard links (its files are never written
    again: a build writes new files)."""
    shutil.copytree(source, target, copy_function=_link)


def _link(source: str, target: str) -> None:
    try:
        os.link(source, target)
    except OSError:  # another file system, or one without hard links
        shutil.copy2(source, target)
