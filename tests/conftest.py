"""Whole-suite hooks (also loaded inside Pyodide, so: pytest and the standard library only).

Long single tests first: the Pyodide runs (tests/pyodide, a few minutes each) start before
everything else, so that with pytest-xdist (`-n auto`, as .ci/test runs) none of them is the last
thing a worker does while the other workers wait.
"""
from __future__ import annotations

from pathlib import Path

import pytest

FIRST = Path(__file__).resolve().parent / "pyodide"


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    items.sort(key=lambda item: FIRST not in item.path.resolve().parents)
