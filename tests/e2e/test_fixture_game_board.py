"""A fifth game in the browser: the toy game (tests/fixture_game/), built into its own project
from its plugin alone, plays a move on its 3x4 live lesson board, answered by the engine
running in Pyodide from the site's wheel (which carries the toy's engine package)."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from site_builder.browser import serve_in_thread

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixture_game"
AFTER_BLOCK = "p1p/1p1/P2/1PP w"  # the lesson block: a1a2 b4b3


@pytest.fixture(scope="module")
def toy_site_url(tmp_path_factory):
    """The toy's project built with the real runtime (engine, Pyodide, static files linked in
    from this checkout) and served like the real site."""
    project = tmp_path_factory.mktemp("toy") / "project"
    shutil.copytree(FIXTURE / "project", project)
    for shared in ("engine", "node_modules", "site_builder"):
        (project / shared).symlink_to(ROOT / shared)
    out = project.parent / "_site"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(FIXTURE), str(ROOT)])}
    proc = subprocess.run([sys.executable, "-m", "site_builder", "--root", str(project), "build", "--out", str(out)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        pytest.fail(f"the toy's site did not build (exit {proc.returncode}):\n{proc.stdout}{proc.stderr}")
    url, stop = serve_in_thread(out, ROOT)
    yield url
    stop()


def test_a_move_on_the_toy_lesson_board(page, toy_site_url, engine_ready, board_of):
    page.goto(f"{toy_site_url}/en/toy/race/")
    engine_ready(page)
    board = board_of(page)
    board.expect_fen(AFTER_BLOCK)
    expect(board.svg.locator('g[role="gridcell"]')).to_have_count(12)  # 3 files x 4 ranks
    board.click_move("a2a3")
    board.expect_fen("p1p/Pp1/3/1PP b")
    expect(board.square("a3")).to_have_attribute("aria-label", re.compile("pawn"))  # the toy module's words
    expect(board.square("a3")).to_have_class(re.compile(r"\bkr-last\b"))
    board.click_move("c4c3")  # no recorded reply for a second move: the engine in Pyodide answers
    board.expect_fen("p2/Ppp/3/1PP w")
