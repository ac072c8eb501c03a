"""computer: the computer opponent's reply time (the engine's ``bestmove`` op) per level, in CPython
and through the site's own engine client in headless Chromium (target: every reply <= 1 s in
the browser). Game-neutral: :func:`computer_figures` measures any game; the section measures Makruk,
other games' sections call it with their own id and openings.

The positions come from real games: two games the computer played against itself at level 2
(its picks are seeded, so the games are the same on every run), every 8th ply from ply 8 on,
keeping only positions where the side to move has a real choice (two legal moves or more).
"""
from __future__ import annotations

import statistics
import time
from collections.abc import Iterable, Sequence

from engine.api import call
from engine.core.computer import LEVELS

from .chromium import BROWSER_TIMER, browser_page
from .core import Bench, Figure

PLIES = 80
EVERY = 8
MAKRUK_OPENINGS = ([], ["e3e4"])  # the second game starts after 1. e3e4, so the two games differ
TARGET_BROWSER_MS = 1000


def _ask(game: str, moves: list[str], level: int) -> dict:
    return {"op": "bestmove", "game": game, "moves": list(moves), "level": level}


def _has_choice(game: str, moves: list[str]) -> bool:
    reply = call({"op": "play", "game": game, "moves": list(moves)})
    return reply["ok"] and len(reply["legal"]) >= 2


def game_positions(game: str, openings: Sequence[list[str]]) -> list[list[str]]:
    """The move lists (from the start position) of the sampled positions with a real choice."""
    samples = []
    for opening in openings:
        moves = list(opening)
        while len(moves) < PLIES:
            reply = call(_ask(game, moves, 2))
            if not reply["ok"]:  # GAME_OVER
                break
            moves.append(reply["move"])
            if len(moves) % EVERY == 0 and _has_choice(game, moves):
                samples.append(list(moves))
    return samples


def _summary(millis: list[float]) -> tuple[float, float]:
    return statistics.median(millis), max(millis)


def computer_figures(bench: Bench, game: str, openings: Sequence[list[str]],
                     prefix: str = "computer") -> Iterable[Figure | str]:
    """Reply time per level of ``game``'s computer, CPython then Chromium; keys start with ``prefix``."""
    samples = game_positions(game, openings)
    yield f"{game}: {len(samples)} positions with a choice, from {len(openings)} games the computer played against itself (level 2)"
    for level in LEVELS:
        millis, nodes, depths = [], [], []
        for moves in samples:
            begin = time.perf_counter()
            reply = call(_ask(game, moves, level))
            millis.append((time.perf_counter() - begin) * 1000)
            if not reply["ok"]:
                raise RuntimeError(f"bestmove failed after {moves}: {reply}")
            nodes.append(reply["nodes"])
            depths.append(reply["depth"])
        median, most = _summary(millis)
        yield bench.add(Figure(f"{prefix}.level{level}.cpython.median_ms",
                               f"{game} bestmove level {level}, {len(samples)} game positions, CPython", median,
                               f"{median:.0f} ms median", f"max {most:.0f} ms; nodes median "
                               f"{statistics.median(nodes):,.0f} (budget {LEVELS[level].nodes:,}), depth "
                               f"{min(depths)}-{max(depths)}"))
    with browser_page(bench, bench.live_lesson()) as page:
        if page is None:
            yield "Playwright is missing: no browser figures"
            return
        for level in LEVELS:
            median, most = _summary(page.evaluate(BROWSER_TIMER, [_ask(game, m, level) for m in samples]))
            yield bench.add(Figure(f"{prefix}.level{level}.browser.max_ms",
                                   f"{game} bestmove level {level}, {len(samples)} game positions, Pyodide in Chromium",
                                   most, f"{most:.0f} ms max", f"median {median:.0f} ms",
                                   target=f"<= {TARGET_BROWSER_MS} ms", ok=most <= TARGET_BROWSER_MS))


def section_computer(bench: Bench) -> Iterable[Figure | str]:
    yield from computer_figures(bench, "makruk", MAKRUK_OPENINGS)
