"""Every scoring exercise settles a table of its own: not a lesson's table (its answer is printed
there) and not another exercise's. Two tables are the same when the same cards lie in the same
places — the head card, each seat's melds, layoffs and hand, the knock card — whatever the level,
the events or the order the cards are written in."""
from __future__ import annotations

from ...errors import BuildProblem

FIX = "deal this exercise its own cards (change the melds, the hands or the knock card)"


def cards_key(table: dict) -> tuple:
    """Where every card lies on ``table``, in a form that ignores the order of writing."""
    seats = tuple((tuple(sorted(tuple(sorted(meld["cards"])) for meld in player["melds"])),
                   tuple(sorted((layoff["card"], layoff["onto"]) for layoff in player["layoffs"])),
                   tuple(sorted(player["hand"])))
                  for player in table["players"])
    knock = table.get("knock") or {}
    return table["head"], seats, knock.get("player"), knock.get("face_down")


def repeated_tables(lessons: list, puzzles: list) -> list[BuildProblem]:
    """A scoring exercise whose table is a lesson's, or an earlier exercise's (in file order)."""
    seen: dict[tuple, str] = {}
    for page in sorted(lessons, key=lambda p: p.rel):
        for board in page.boards:
            table = getattr(board, "table", None)
            if table is not None:
                seen.setdefault(cards_key(table), f"the lesson {page.rel}")
    problems = []
    for puzzle in sorted((p for p in puzzles if p.kind == "scoring"), key=lambda p: p.rel):
        key = cards_key(puzzle.board["table"])
        if key in seen:
            problems.append(BuildProblem(puzzle.rel, puzzle.lines.line("position"),
                                         f"position: the table is the one of {seen[key]}, whose answer the reader "
                                         "has already seen", FIX))
        else:
            seen[key] = f"the exercise {puzzle.rel}"
    return problems
