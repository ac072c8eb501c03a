"""Search budgets: every search spends nodes from one, and stops with BUDGET_EXCEEDED when it is empty."""
from __future__ import annotations

import time

from .. import errors
from ..errors import EngineError

# Defaults measured in CPython 3.11 on a slow shared machine: a mate or defence search runs
# about 22,000 nodes/s and a perft about 60,000 charged nodes/s, so either gives up after
# roughly 10 s (Pyodide is a few times slower). Requests may ask for up to MAX_NODES.
DEFAULT_NODES = 200_000
DEFAULT_PERFT_NODES = 500_000
MAX_NODES = 20_000_000
CLOCK_EVERY = 4096  # nodes between clock reads


class BudgetExceeded(EngineError):
    """Raised by :meth:`Budget.spend` when the nodes or the time run out."""

    def __init__(self, nodes: int, seconds: float | None):
        limit = f"{nodes:,} nodes" + (f" or {seconds:g} s" if seconds else "")
        limit_th = f"{nodes:,} โหนด" + (f" หรือ {seconds:g} วินาที" if seconds else "")
        super().__init__(errors.BUDGET_EXCEEDED,
                         f"the search needs more than its budget ({limit}); ask for less depth",
                         f"การค้นหาต้องใช้เกินงบที่กำหนด ({limit_th}) ให้ลดความลึกลง")


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
            raise BudgetExceeded(self.nodes, self.seconds)
        if self._deadline is not None:
            self._until_clock -= n
            if self._until_clock <= 0:
                self._until_clock = self.clock_every
                if time.perf_counter() > self._deadline:
                    raise BudgetExceeded(self.nodes, self.seconds)


UNLIMITED_NODES = 10 ** 12


def unlimited() -> Budget:
    """For build-time work whose size the caller already bounds (proofs of checked puzzles)."""
    return Budget(UNLIMITED_NODES)
