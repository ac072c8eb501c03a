"""Fixtures: a small two-language project in a tmp dir."""
from __future__ import annotations

from pathlib import Path

import pytest
from sb_helpers import board, lesson, write_tree


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
