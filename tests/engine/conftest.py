"""Engine tests. pytest puts this folder on sys.path (it does so for every conftest's folder),
so the helpers next to it (``door_checks``) import from tests/engine/core and from each game's folder."""

import pytest

from engine.core.budget import without_time_limit


@pytest.fixture(autouse=True)
def searches_bounded_by_nodes_only(request):
    """Every search of the engine's tests runs to its node budget alone: a very busy machine (or
    Pyodide on one) must not turn a search into BUDGET_EXCEEDED "out of time", nor give another
    computer move. The tests of the time limits themselves are marked ``time_limits``."""
    if request.node.get_closest_marker("time_limits"):
        yield
        return
    with without_time_limit():
        yield
