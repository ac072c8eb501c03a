"""Phase 1: load and validate everything (config, games, content) before anything is written."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from engine.api import call

from .config import SiteConfig, load_config
from .content import Page, load_content
from .errors import BuildFailed
from .puzzles import PuzzleSet, load_puzzles


@dataclass(frozen=True)
class Site:
    """Everything phase 2 needs, already checked."""

    config: SiteConfig
    game_names: dict[str, dict[str, str]]
    pages: list[Page]
    puzzles: PuzzleSet = field(default_factory=PuzzleSet)  # checked and proven (site_builder/puzzles)

    def lessons(self, lang: str, game: str) -> list[Page]:
        """Lessons of one game in one language, in order."""
        return sorted((p for p in self.pages if p.lang == lang and p.game == game), key=lambda p: p.order)

    def home(self, lang: str) -> Page | None:
        """The optional content/<lang>/index.md intro."""
        return next((p for p in self.pages if p.lang == lang and p.game is None), None)


def load_site(root: Path) -> Site:
    """Validate the whole project; raise BuildFailed listing every problem found."""
    known = {g["id"]: {"th": g["name_th"], "en": g["name"]} for g in call({"op": "games"})["games"]}
    config, problems = load_config(root, tuple(known))
    games = tuple(g for g in config.games if g in known)
    pages, content_problems = load_content(root, games)
    problems += content_problems
    puzzles, puzzle_problems = load_puzzles(root)
    problems += puzzle_problems
    if problems:
        raise BuildFailed(problems)
    return Site(config=config, game_names={g: known[g] for g in games}, pages=pages, puzzles=puzzles)
