"""Fixtures: a small two-language project in a tmp dir; the real project's puzzles and site, each
made once per session (once per pytest-xdist worker)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from sb_helpers import PROJECT, board, fake_assets, lesson, write_tree

from site_builder.build import build
from site_builder.loader import Site
from site_builder.puzzles.prove import PuzzleSet, load_puzzles


@pytest.fixture(scope="session")
def project_puzzles(ci_build_status) -> PuzzleSet:
    """The project's puzzles (puzzles/), checked and proven once per session through the project's
    proof cache (.cache/kradan-proofs): whatever proves them first in a run (the site build in
    .ci/test, which it waits for: ci_build_status) pays for the proofs. Fails listing the problems,
    if any."""
    found, problems = load_puzzles(PROJECT)
    assert problems == [], "\n".join(map(str, problems))
    return found


@dataclass(frozen=True)
class ProjectBuild:
    """The real project built once: the output folder and the loaded Site. Read it, never change it."""

    out: Path
    site: Site


@pytest.fixture(scope="session")
def project_build(tmp_path_factory, project_puzzles) -> ProjectBuild:
    """The real project (content/, puzzles/) built once per session with fake runtime assets (these
    tests are about pages: site_builder/assets.py has its own tests); the proofs come from
    ``project_puzzles``' cache, already in memory."""
    out = tmp_path_factory.mktemp("project") / "site"
    site = build(PROJECT, out, assets=fake_assets, proofs=project_puzzles.cache)
    return ProjectBuild(out, site)


@pytest.fixture
def site_files() -> dict[str, str]:
    """Two Makruk lessons in both languages (the first has two boards); the site lists Makruk only."""
    body = "Intro text.\n\n" + board("position: start", "caption: Start", "interactive: false") + \
        "\nMore.\n\n" + board("moves: e3e4 d6d5", "highlights: e4 d5", "arrows: b1d2")
    return {
        "pyproject.toml": '[tool.kradan.site]\ngames = ["makruk"]\n',
        "content/th/index.md": "---\ntitle: กระดาน\nsummary: บทนำ\n---\nยินดีต้อนรับ\n",
        "content/en/index.md": "---\ntitle: Kradan\nsummary: Intro\n---\nWelcome\n",
        "content/th/makruk/01-board.md": lesson("กระดาน", 1, body),
        "content/en/makruk/01-board.md": lesson("The board", 1, body),
        "content/th/makruk/02-moves.md": lesson("การเดิน", 2, "ข้อความ\n"),
        "content/en/makruk/02-moves.md": lesson("Moves", 2, "Text\n"),
    }


@pytest.fixture
def project(tmp_path: Path, site_files: dict[str, str]) -> Path:
    return write_tree(tmp_path / "proj", site_files)
