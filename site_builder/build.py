"""The two-phase build: validate everything, render into a temp folder, index it for search
(Pagefind, site_builder.search_index), then swap it in.

The temp folders sit next to the output: ``<out>.tmp-<pid>-*`` (being rendered; after the swap,
the previous output, until it is removed) and ``<out>.old-<pid>-*`` (the previous output, where
the system cannot swap two folders in one step). A build that was killed leaves them behind; the
next build removes those whose process is gone.
"""
from __future__ import annotations

import importlib.util
import os
import re
import shutil
import tempfile
import threading
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from .assets import AssetUrls, write_assets
from .folders import put_folder
from .games import PLUGINS
from .loader import Site, load_site
from .offline import write_offline
from .puzzles.cache import ProofCache
from .puzzles.prove import cache_folder
from .render import render_site
from .search_index import index_site
from .search_later import LaterIndex


def check(root: Path) -> Site:
    """Phase 1 only: raise BuildFailed with every problem, write nothing."""
    return load_site(root)


def site_assets(out: Path, root: Path) -> AssetUrls:
    """:func:`write_assets`, the wheel carrying the engine packages of the plugin games
    (``GameSite.engine_package``) too."""
    packages = {site.engine_package: Path(importlib.util.find_spec(site.engine_package).origin).parent
                for site in PLUGINS.values() if site.engine_package}
    return write_assets(out, root, packages)


def copy_plugin_scripts(out: Path) -> None:
    """Each plugin game's browser module folder (``GameSite.scripts``) as ``static/js/games/<id>/``."""
    for site in PLUGINS.values():
        if site.scripts is not None:
            shutil.copytree(site.scripts, out / "static" / "js" / "games" / site.id, dirs_exist_ok=True)


def build(root: Path, out: Path, assets: Callable[[Path, Path], AssetUrls] = site_assets,
          proofs: ProofCache | None = None, search: Callable[[Site, Path, Path], object] = index_site,
          put_in_place: Callable[[Path, Path], None] | None = None) -> Site:
    """Build into `out`. On any failure `out` is left exactly as it was. ``proofs``: the proof
    cache (``serve`` keeps one across rebuilds), else the project's folder; ``search``: the
    search step on the rendered folder; ``put_in_place(tmp, out)``: the swap (:func:`swap`)."""
    site = load_site(root, proofs)
    out = out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    remove_leftovers(out)
    tmp = Path(tempfile.mkdtemp(prefix=f"{out.name}.tmp-{os.getpid()}-", dir=out.parent))
    try:
        urls = assets(tmp, root)
        copy_plugin_scripts(tmp)
        render_site(site, tmp, urls)
        search(site, tmp, root)
        write_offline(tmp, urls, site)  # last: it hashes the finished output
        (put_in_place or swap)(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return site


class Rebuilder:
    """``serve``'s builds of one project. They share one proof cache in memory (each proof, its
    replies and its page tables are read once per process; the files are still checked on every
    build); each reports its wall and CPU time. A rebuild swaps the new pages in with the last
    search index and refreshes the index in the background (site_builder.search_later); the
    replaced tree is removed in the background too."""

    def __init__(self, root: Path, out: Path, build_site: Callable[..., Site] | None = None):
        self.root, self.out = root, out
        self.proofs = ProofCache(cache_folder(root))
        self.build_site = build_site or build
        self.lock = threading.Lock()  # held while the served tree is read or replaced
        self.search = LaterIndex(root, out, self.lock)

    def build(self) -> tuple[Site, str]:
        """Build once: ``(site, "in 1.2 s, CPU 1.0 s")``; BuildFailed as :func:`build` raises it."""
        began, cpu = time.perf_counter(), time.process_time()
        with self.lock:
            later = self.search.can_carry_over()
            site = self.build_site(self.root, self.out, proofs=self.proofs,
                                   search=self.search.carry_over if later else index_site,
                                   put_in_place=partial(swap, remove=_remove_in_background))
            if later:
                self.search.refresh(site)
        return site, f"in {time.perf_counter() - began:.1f} s, CPU {time.process_time() - cpu:.1f} s"


def swap(new: Path, out: Path, remove: Callable[[Path], None] | None = None) -> None:
    """Put the tree `new` in place of `out` (:func:`put_folder`), then ``remove`` the replaced tree
    (default: at once)."""
    new.chmod(0o755)
    replaced = put_folder(new, out)
    if replaced is not None:
        (remove or _remove)(replaced)


def _remove(path: Path) -> None:
    shutil.rmtree(path, ignore_errors=True)


def _remove_in_background(path: Path) -> None:
    """Remove a replaced tree without holding up the rebuild (a killed process leaves it behind
    under a name :func:`leftovers` knows)."""
    threading.Thread(target=_remove, args=(path,), name="kradan-remove", daemon=True).start()


def leftovers(out: Path) -> list[Path]:
    """Temp folders of earlier builds of `out` whose process no longer runs (a killed build)."""
    pattern = re.compile(re.escape(out.name) + r"\.(?:tmp|old)-(?:(\d+)-)?")
    found = []
    for path in sorted(out.parent.glob(f"{out.name}.*-*")):
        m = pattern.match(path.name)
        if m and path.is_dir() and not (m[1] and _running(int(m[1]))):
            found.append(path)
    return found


def remove_leftovers(out: Path) -> None:
    for path in leftovers(out):
        shutil.rmtree(path, ignore_errors=True)


def _running(pid: int) -> bool:
    """Is process `pid` alive? This one is: ``serve`` removes a replaced tree and indexes for
    search in the background, in folders named with its own id."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
