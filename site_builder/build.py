"""The two-phase build: validate everything, render into a temp folder, index it for search
(Pagefind, site_builder.search_index), then swap it in.

The temp folders sit next to the output: ``<out>.tmp-<pid>-*`` (being rendered) and
``<out>.old-<pid>-*`` (the previous output, removed after the swap). A build that was killed
leaves them behind; the next build removes those whose process is gone.
"""
from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from .assets import AssetUrls, write_assets
from .loader import Site, load_site
from .offline import write_offline
from .render import render_site
from .search_index import index_site


def check(root: Path) -> Site:
    """Phase 1 only: raise BuildFailed with every problem, write nothing."""
    return load_site(root)


def build(root: Path, out: Path,
          assets: Callable[[Path, Path], AssetUrls] = write_assets) -> Site:
    """Build into `out`. On any failure `out` is left exactly as it was."""
    site = load_site(root)
    out = out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    remove_leftovers(out)
    tmp = Path(tempfile.mkdtemp(prefix=f"{out.name}.tmp-{os.getpid()}-", dir=out.parent))
    try:
        urls = assets(tmp, root)
        render_site(site, tmp, urls)
        index_site(site, tmp, root)
        write_offline(tmp, urls, site)  # last: it hashes the finished output
        swap(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return site


def swap(new: Path, out: Path) -> None:
    """Replace `out` with `new` by renames; the old tree is removed only after the swap."""
    new.chmod(0o755)
    if not out.exists():
        new.rename(out)
        return
    old = Path(tempfile.mkdtemp(prefix=f"{out.name}.old-{os.getpid()}-", dir=out.parent))
    old.rmdir()
    out.rename(old)
    try:
        new.rename(out)
    except BaseException:
        old.rename(out)
        raise
    shutil.rmtree(old, ignore_errors=True)


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
    """Is process `pid` alive (and not this one, whose own folders are never leftovers here)?"""
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
