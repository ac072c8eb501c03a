"""Build problems (file:line, what, fix) and the exception that carries them."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class BuildProblem:
    """One thing wrong with the sources, with where it is and how to fix it (line 0: whole file/folder)."""

    file: str
    line: int
    what: str
    fix: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.what} — {self.fix}"


class BuildFailed(Exception):
    """The build stopped; `problems` lists every problem found."""

    def __init__(self, problems: list[BuildProblem]):
        self.problems = sorted(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    def report(self) -> str:
        """All problems, one per line, then a count."""
        n = len(self.problems)
        noun = "problem" if n == 1 else "problems"
        return f"{self}\n{n} {noun} found; the output was left unchanged."
