"""Putting a finished folder in place of the served one, so that a reader never finds it missing
or half written (the build's swap, serve's search index)."""
from __future__ import annotations

import ctypes
import os
import sys
import tempfile
from pathlib import Path


def put_folder(new: Path, target: Path) -> Path | None:
    """Move the folder `new` to `target`; an existing `target` is replaced in one atomic step where
    the system can (:func:`exchange`), else by two renames, and ends up at the returned path."""
    if not target.exists():
        new.rename(target)
        return None
    if exchange(new, target):
        return new
    old = Path(tempfile.mkdtemp(prefix=f"{target.name}.old-{os.getpid()}-", dir=target.parent))
    old.rmdir()
    target.rename(old)
    try:
        new.rename(target)
    except BaseException:
        old.rename(target)
        raise
    return old


_RENAME_EXCHANGE, _AT_FDCWD = 2, -100
_renameat2 = getattr(ctypes.CDLL(None, use_errno=True), "renameat2", None) if sys.platform == "linux" else None


def exchange(a: Path, b: Path) -> bool:
    """Swap two existing paths in one atomic step (Linux's renameat2 RENAME_EXCHANGE): a reader
    of either path sees the old or the new folder, never none. False where the system cannot."""
    if _renameat2 is None:
        return False
    return _renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0
