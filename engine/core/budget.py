"""Search budgets: every search spends nodes from one, and stops with BUDGET_EXCEEDED when its
nodes or its time run out."""
from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

from .. import errors
from ..errors import EngineError

# Defaults measured in CPython 3.11 on a slow shared machine: a mate or defence search runs
# about 22,000 nodes/s and a perft about 30,000-60,000 charged nodes/s, so either gives up after
# roughly 10 s (Pyodide is a few times slower). Requests may ask for up to MAX_NODES, which
# would run for many minutes: every search op of the door also stops after SEARCH_SECONDS of
# wall-clock time (the clock is read every DOOR_CLOCK_EVERY nodes, a few milliseconds of work
# even inside Pyodide, where no thread or signal could stop it), so the largest request ends
# well within 10 s. `python -m site_builder bench --only bounds` measures it per op and game.
DEFAULT_NODES = 200_000
DEFAULT_PERFT_NODES = 500_000
MAX_NODES = 20_000_000
SEARCH_SECONDS: float | None = 8.0
CLOCK_EVERY = 4096  # nodes between clock reads
DOOR_CLOCK_EVERY = 256

# BudgetExceeded's reason: which limit stopped the search.
OUT_OF_NODES = "out_of_nodes"
OUT_OF_TIME = "out_of_time"


class BudgetExceeded(EngineError):
    """Raised by :meth:`Budget.spend` when the nodes or the time run out. Its ``reason`` says
    which (:data:`OUT_OF_NODES`, :data:`OUT_OF_TIME`) and ``nodes`` how many were searched."""

    def __init__(self, nodes: int, seconds: float | None, reason: str = OUT_OF_NODES, searched: int | None = None):
        self.nodes = min(nodes, searched) if searched is not None else nodes
        if reason == OUT_OF_TIME:
            message = (f"the search ran out of its time ({seconds:g} s) after {self.nodes:,} nodes; "
                       f"ask for less depth")
            message_th = (f"การค้นหาใช้เวลาเกินที่กำหนด ({seconds:g} วินาที) หลังค้นไป {self.nodes:,} โหนด "
                          f"ให้ลดความลึกลง")
        else:
            limit = f"{nodes:,} nodes" + (f" or {seconds:g} s" if seconds else "")
            limit_th = f"{nodes:,} โหนด" + (f" หรือ {seconds:g} วินาที" if seconds else "")
            message = f"the search needs more than its budget ({limit}); ask for less depth"
            message_th = f"การค้นหาต้องใช้เกินงบที่กำหนด ({limit_th}) ให้ลดความลึกลง"
        super().__init__(errors.BUDGET_EXCEEDED, message, message_th, reason=reason)

    def to_dict(self) -> dict:
        """The error as the door reports it, with the nodes searched before it stopped."""
        return {**super().to_dict(), "nodes": self.nodes}


class Budget:
    """A node count (and optionally a time limit) that a search may spend."""

    __slots__ = ("nodes", "seconds", "left", "clock_every", "_deadline", "_until_clock")

    def __init__(self, nodes: int = DEFAULT_NODES, seconds: float | None = None, clock_every: int = CLOCK_EVERY):
        self.nodes = nodes
        self.seconds = seconds
        self.left = nodes
        self.clock_every = clock_every  # nodes between clock reads (fewer for short time limits)
        self._deadline = time.perf_counter() + seconds if seconds else None
        self._until_clock = clock_every

    def part(self, nodes: int) -> "Budget":
        """A budget of at most ``nodes`` of what is left, ending no later than this one."""
        part = Budget(max(0, min(nodes, self.left)), self.seconds, self.clock_every)
        part._deadline = self._deadline
        return part

    @property
    def spent(self) -> int:
        return self.nodes - self.left

    def spend(self, n: int = 1) -> None:
        """Take ``n`` nodes; raise :class:`BudgetExceeded` when nodes or time are gone."""
        self.left -= n
        if self.left < 0:
            raise BudgetExceeded(self.nodes, self.seconds, OUT_OF_NODES, self.spent - n)
        if self._deadline is not None:
            self._until_clock -= n
            if self._until_clock <= 0:
                self._until_clock = self.clock_every
                if time.perf_counter() > self._deadline:
                    raise BudgetExceeded(self.nodes, self.seconds, OUT_OF_TIME, self.spent)


def for_search(nodes: int) -> Budget:
    """The budget of one search op at the JSON door: ``nodes`` within :data:`SEARCH_SECONDS`
    (no time limit inside :func:`without_time_limit`)."""
    return Budget(nodes, SEARCH_SECONDS, DOOR_CLOCK_EVERY)


def time_limit(seconds: float | None) -> float | None:
    """``seconds``, or None inside :func:`without_time_limit` (a search's own limit, e.g. a
    computer level's, follows the same switch as the door's)."""
    return None if SEARCH_SECONDS is None else seconds


@contextmanager
def without_time_limit() -> Iterator[None]:
    """Searches started inside run to their node budget alone: the command line's perft runs on a
    developer's machine, where a deep count may take minutes, not in a visitor's browser; the
    build records the computer's replies the same everywhere (site_builder/replies.py)."""
    global SEARCH_SECONDS
    saved, SEARCH_SECONDS = SEARCH_SECONDS, None
    try:
        yield
    finally:
        SEARCH_SECONDS = saved


UNLIMITED_NODES = 10 ** 12


def unlimited() -> Budget:
    """For build-time work whose size the caller already bounds (proofs of checked puzzles)."""
    return Budget(UNLIMITED_NODES)
