"""The machine's cache folder for what depends only on the code, shared by every project built here
(the engine wheel, the Pyodide files, the sandboxes' recorded replies): $KRADAN_CACHE_DIR, else
$XDG_CACHE_HOME/kradan, else ~/.cache/kradan."""
from __future__ import annotations

import os
from pathlib import Path


def user_cache_dir() -> Path:
    if os.environ.get("KRADAN_CACHE_DIR"):
        return Path(os.environ["KRADAN_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "kradan"
