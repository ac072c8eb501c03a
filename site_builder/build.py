"""The two-phase build: validate everything, render into a temp folder, then swap it in."""
from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from .assets import AssetUrls, write_assets
from .loader import Site, load_site
from .render import render_site


def check(root: Path) -> Site:
    """Phase 1 only: raise BuildFailed with every problem, write nothing."""
    return load_site(root)


def build(root: Path, out: Path,
          assets: Callable[[Path, Path], AssetUrls] = write_assets) -> Site:
    """Build into `out`. On any failure `out` is left exactly as it was."""
    site = load_site(root)
    out = out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f"{out.name}.tmp-", dir=out.parent))
    try:
        render_site(site, tmp, assets(tmp, root))
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
    old = Path(tempfile.mkdtemp(prefix=f"{out.name}.old-", dir=out.parent))
    old.rmdir()
    out.rename(old)
    try:
        new.rename(out)
    except BaseException:
        old.rename(out)
        raise
    shutil.rmtree(old, ignore_errors=True)
