"""Phase 1: load and validate everything (config, games, content, puzzles, the games' own pages)
before anything is written. All engine work of the build happens here."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from engine.api import call

from .config import SiteConfig, load_config, plugin_modules
from .content import Page, load_content
from .errors import BuildFailed, BuildProblem
from .games import PLUGINS, load as load_plugin
from .puzzles.cache import ProofCache
from .puzzles.prove import PuzzleSet, load_puzzles


@dataclass(frozen=True)
class Site:
    """Everything phase 2 needs, already checked."""

    config: SiteConfig
    game_names: dict[str, dict[str, str]]  # the site's games (config), in order: id -> {lang: name}
    pages: list[Page]
    puzzles: PuzzleSet = field(default_factory=PuzzleSet)  # checked and proven (site_builder/puzzles)
    extras: dict[str, object] = field(default_factory=dict)  # game id -> what its plugin's load() returned
    all_game_names: dict[str, dict[str, str]] = field(default_factory=dict)  # every game the engine knows

    def lessons(self, lang: str, game: str) -> list[Page]:
        """Lessons of one game in one language, in order."""
        return sorted((p for p in self.pages if p.lang == lang and p.game == game), key=lambda p: p.order)

    def home(self, lang: str) -> Page | None:
        """The optional content/<lang>/index.md intro."""
        return next((p for p in self.pages if p.lang == lang and p.game is None), None)


def load_site(root: Path, proofs: ProofCache | None = None) -> Site:
    """Validate the whole project; raise BuildFailed listing every problem found. ``proofs``: the
    proof cache to use (``serve`` keeps one across rebuilds), else the project's."""
    plugin_problems = _load_plugins(root)
    names = {g["id"]: {"th": g["name_th"], "en": g["name"]} for g in call({"op": "games"})["games"]}
    known = tuple(g for g in names if g in PLUGINS)  # a game needs its engine and its site plugin
    config, problems = load_config(root, known)
    problems = plugin_problems + problems
    games = tuple(g for g in config.games or known if g in known)
    pages, content_problems = load_content(root, games)
    problems += content_problems
    puzzles, puzzle_problems = load_puzzles(root, proofs)
    problems += puzzle_problems
    for game in games:
        problems += PLUGINS[game].check_collection([p for p in pages if p.game == game],
                                                   [p for p in puzzles.puzzles if p.game == game])
    extras = {}
    for game in games:
        extras[game], game_problems = PLUGINS[game].load()
        problems += game_problems
    if problems:
        raise BuildFailed(problems)
    return Site(config=config, game_names={g: names[g] for g in games}, pages=pages, puzzles=puzzles,
                extras=extras, all_game_names=names)


def _load_plugins(root: Path) -> list[BuildProblem]:
    """Register the games of ``[tool.kradan.site] plugins`` (modules importable from here, e.g.
    folders of the project run with ``python -m site_builder``); a module that does not load is
    a problem."""
    modules, line = plugin_modules(root)
    problems = []
    for module in modules:
        try:
            load_plugin(module)
        except Exception as error:  # an import error, no PLUGIN, a clash: the author's to fix
            problems.append(BuildProblem("pyproject.toml", line, f"the game plugin {module!r} does not load: "
                                         f"{type(error).__name__}: {error}",
                                         "name a module that Python can import from the project folder "
                                         "and that defines PLUGIN (a GameSite)"))
    return problems
