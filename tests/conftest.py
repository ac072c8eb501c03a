"""Whole-suite hooks (also loaded inside Pyodide, so: pytest and the standard library only).

Long single tests first: the Pyodide runs (tests/pyodide, a few minutes each) start before
everything else, so that with pytest-xdist (`-n auto`, as .ci/test runs) none of them is the last
thing a worker does while the other workers wait. The browser tests (tests/e2e) come last: .ci/test
builds the site they share while the others run.
"""
from __future__ import annotations

import os
import time
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


#: How long a test waits for .ci/test's background build of the site (it starts with the run).
BUILD_WAIT_S = 900


@pytest.fixture(scope="session")
def ci_build_status() -> str | None:
    """The exit code of .ci/test's background build of the site once it has ended, None in a run
    without one ($KRADAN_E2E_SITE_STATUS unset). The tests that use what it makes wait here: the
    browser tests its site, the builder's tests its proof cache (not proving every puzzle again)."""
    status = os.environ.get("KRADAN_E2E_SITE_STATUS")
    if not status:
        return None
    status_file, waited = Path(status), 0.0
    while not status_file.is_file():
        if waited > BUILD_WAIT_S:
            pytest.fail(f"the site's build did not end within {BUILD_WAIT_S} s ({status_file} never came)")
        time.sleep(0.5)
        waited += 0.5
    return status_file.read_text().strip()
