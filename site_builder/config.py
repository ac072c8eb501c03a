"""Site configuration: defaults here, optionally overridden by [tool.kradan.site] in pyproject.toml."""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from .errors import BuildProblem

TABLE = "tool.kradan.site"


@dataclass(frozen=True)
class SiteConfig:
    """What the templates and the loader need to know about the site as a whole."""

    name_th: str = "กระดาน"
    name_en: str = "Kradan"
    games: tuple[str, ...] = ()  # empty: every game that has an engine and a site plugin
    plugins: tuple[str, ...] = ()  # modules of games from outside site_builder/ (each has a PLUGIN)

    def name(self, lang: str) -> str:
        return self.name_th if lang == "th" else self.name_en


FIELDS = {"name_th": str, "name_en": str, "games": list, "plugins": list}


def plugin_modules(root: Path) -> tuple[list[str], int]:
    """The ``plugins`` list of the table (modules of games from outside site_builder/) and its
    line; nothing when the table or the key is missing or malformed (load_config reports that)."""
    path = root / "pyproject.toml"
    try:
        text = path.read_text(encoding="utf-8")
        value = tomllib.loads(text).get("tool", {}).get("kradan", {}).get("site", {}).get("plugins", [])
    except (OSError, tomllib.TOMLDecodeError):
        return [], 0
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        return [], 0
    return value, _line_of(text, "plugins")


def load_config(root: Path, known_games: tuple[str, ...]) -> tuple[SiteConfig, list[BuildProblem]]:
    """Read and validate the optional table; every bad key is reported, defaults fill the rest."""
    path = root / "pyproject.toml"
    if not path.is_file():
        return SiteConfig(), []
    text = path.read_text(encoding="utf-8")
    try:
        table = tomllib.loads(text).get("tool", {}).get("kradan", {}).get("site", {})
    except tomllib.TOMLDecodeError as exc:
        return SiteConfig(), [BuildProblem("pyproject.toml", 0, f"not valid TOML: {exc}", "fix the TOML syntax")]
    problems, values = [], {}
    for key, value in table.items():
        line = _line_of(text, key)
        want = FIELDS.get(key)
        if want is None:
            problems.append(BuildProblem("pyproject.toml", line, f"unknown key {key!r} in [{TABLE}]",
                                         f"use only {', '.join(FIELDS)}"))
        elif not isinstance(value, want) or (want is list and not all(isinstance(v, str) for v in value)):
            kind = "a list of strings" if want is list else "a string"
            problems.append(BuildProblem("pyproject.toml", line, f"[{TABLE}] {key} must be {kind}",
                                         f"write e.g. {key} = {_example(key, known_games)}"))
        elif not value:
            problems.append(BuildProblem("pyproject.toml", line, f"[{TABLE}] {key} is empty",
                                         f"write e.g. {key} = {_example(key, known_games)}"))
        elif key == "games" and set(value) - set(known_games):
            unknown = ", ".join(sorted(set(value) - set(known_games)))
            problems.append(BuildProblem("pyproject.toml", line, f"the engine has no game {unknown}",
                                         f"list only games the engine knows: {', '.join(known_games)}"))
        else:
            values[key] = tuple(value) if want is list else value
    return SiteConfig(**values), problems


def _example(key: str, known_games: tuple[str, ...]) -> str:
    if key == "plugins":
        return '["mygame_site"]'
    return f'["{known_games[0]}"]' if key == "games" and known_games else '"Kradan"'


def _line_of(text: str, key: str) -> int:
    """Line of `key = ...` after the table header (0 if not found)."""
    lines = text.split("\n")
    start = next((i for i, line in enumerate(lines) if line.strip() == f"[{TABLE}]"), 0)
    pattern = re.compile(rf"\s*{re.escape(key)}\s*=")
    return next((i + 1 for i in range(start, len(lines)) if pattern.match(lines[i])), 0)
