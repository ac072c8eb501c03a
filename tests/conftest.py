"""Whole-suite hooks (also loaded inside Pyodide, so: pytest and the standard library only).

Long single tests first: the Pyodide runs (tests/pyodide, a few minutes each) start before
everything else, so that with pytest-xdist (`-n auto`, as .ci/test runs) none of them is the last
thing a worker does while the other workers wait. The browser tests (tests/e2e) come last: .ci/test
builds the site they share while the others run.
"""
from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
FIRST, LAST = HERE / "pyodide", HERE / "e2e"


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    def rank(item) -> int:
        parents = item.path.resolve().parents
        return 0 if FIRST in parents else 2 if LAST in parents else 1

    items.sort(key=rank)
