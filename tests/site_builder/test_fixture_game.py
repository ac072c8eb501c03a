"""A fifth game costs only its own folders: Toy race (tests/fixture_game/) registers itself from
a project's ``[tool.kradan.site] plugins`` with no line in site_builder/ or engine/ naming it,
and the project gets a lesson with a live board of the toy's size, a proven puzzle and a
sandbox page, with the toy's names from the engine."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from sb_helpers import fake_assets

from engine import registry
from site_builder import games
from site_builder.build import build

FIXTURE = Path(__file__).resolve().parents[1] / "fixture_game"  # the game's folders and a project using it


@pytest.fixture
def toy_project(tmp_path, monkeypatch):
    """A copy of the toy's project (tests/fixture_game/project/); the registries are as they were
    after the test."""
    monkeypatch.syspath_prepend(str(FIXTURE))
    before_games, before_plugins = dict(registry.GAMES), dict(games.PLUGINS)
    project = tmp_path / "proj"
    shutil.copytree(FIXTURE / "project", project)
    yield project
    for table, before in ((registry.GAMES, before_games), (games.PLUGINS, before_plugins)):
        table.clear()
        table.update(before)


def test_the_toy_game_gets_a_live_lesson_board_a_proven_puzzle_and_a_sandbox(toy_project, tmp_path):
    out = tmp_path / "site"
    site = build(toy_project, out, assets=fake_assets)
    assert site.game_names == {"toy": {"th": "เกมแข่งเบี้ย", "en": "Toy race"}}  # the engine's names

    lesson_page = (out / "en" / "toy" / "race" / "index.html").read_text(encoding="utf-8")
    figure = re.search(r'<figure class="kr-board"[^>]*>', lesson_page)[0]
    assert 'data-game="toy"' in figure and 'data-interactive="true"' in figure
    assert 'data-files="3"' in figure and 'data-ranks="4"' in figure  # the live board's size
    assert 'viewBox="0 0 3 4"' in lesson_page and 'id="kr-frame-white-3x4"' in lesson_page
    assert 'href="#ty-bP" x="1" y="1"' in lesson_page  # Black's pawn that stepped to b3

    puzzle = site.puzzles.puzzles[0]
    assert puzzle.id == "ty-mate1-001" and puzzle.proof is not None
    assert (out / "th" / "puzzles" / "ty-mate1-001" / "index.html").is_file()

    for lang in ("th", "en"):
        sandbox = (out / lang / "toy" / "sandbox" / "index.html").read_text(encoding="utf-8")
        assert 'data-game="toy"' in sandbox and 'data-files="3" data-ranks="4"' in sandbox
    index = (out / "th" / "puzzles" / "index.html").read_text(encoding="utf-8")
    assert '"games": {"toy": "เกมแข่งเบี้ย"}' in index or '"games":{"toy":"เกมแข่งเบี้ย"}' in index
    assert (out / "static" / "js" / "games" / "toy" / "index.js").is_file()  # the plugin's browser module


def test_a_plugin_that_does_not_load_is_a_problem_naming_it(toy_project):
    from site_builder.errors import BuildFailed
    from site_builder.loader import load_site

    (toy_project / "pyproject.toml").write_text('[tool.kradan.site]\nplugins = ["no_such_game"]\n', encoding="utf-8")
    with pytest.raises(BuildFailed) as failed:
        load_site(toy_project)
    problem = next(p for p in failed.value.problems if p.file == "pyproject.toml")
    assert problem.line == 2 and "no_such_game" in problem.what and "ModuleNotFoundError" in problem.what
