"""axe-core (npm, self-hosted in node_modules) finds no accessibility violation on any page
template, in both languages, with the live parts (boards, panels) drawn: home, every game's first
lesson and sandbox (tests/e2e/game_pages.py), a Makruk counting lesson, the counting trainer, the
Dummy practice table, the puzzle index, a puzzle of each kind, the authors' guide, the search page (with hits:
tests/e2e/test_search_page.py), the assignment builder (filled: tests/e2e/test_teach_assign.py), 404.

axe is injected with add_script_tag into a context with bypass_csp=True (the site's CSP allows
no script but its own); every rule axe runs by default counts (WCAG A/AA and best practices).
The pages here share the module's warm context (conftest.py: one HTTP cache, storage cleared per
test); `violations()` (used by other files) opens a context of its own.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.e2e.game_pages import game_pages
from tests.e2e.page_state import settle

# About the boards and pages, not the engine's loading: its replies come from the engine in CPython,
# without Pyodide's start-up (conftest.py: site_url).
pytestmark = [pytest.mark.e2e, pytest.mark.engine_in_cpython]

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
PAGES = ["/{lang}/", *(url.replace("/th/", "/{lang}/", 1) for url in game_pages("th")),
         "/{lang}/makruk/counting-basics/", "/{lang}/makruk/counting-trainer/", "/{lang}/dummy/play/", "/{lang}/puzzles/",
         "/{lang}/puzzles/format/", "/{lang}/search/", "/{lang}/offline/", "/{lang}/offline/fallback/",
         "/{lang}/teach/", "/{lang}/teach/assign/",  # the worksheet with items: test_teach_worksheet.py
         "/{lang}/a/",  # the student's page without a link: its message (with one: test_teach_student.py)
         "/{lang}/teach/exercise/",  # without a link: its message (with one: test_teach_exercise_page.py)
         "/{lang}/teach/gradebook/"]  # without a link: its field (with a table: test_teach_gradebook.py)


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `npm ci` (bash .ci/setup does)")
    return AXE.read_text(encoding="utf-8")


AXE_CONTEXT = {"bypass_csp": True, "viewport": {"width": 1280, "height": 900}}


def page_violations(page, axe_source: str, path: str) -> list[str]:
    """axe's violations on `path`, opened in `page` (of a context with AXE_CONTEXT) once it has settled."""
    page.goto(path)  # after "load" every live part has begun: data-state="loading" until it is drawn
    expect(page.locator('[data-state="loading"]')).to_have_count(0, timeout=60_000)
    expect(page.locator('[data-state="failed"]')).to_have_count(0)
    settle(page)
    page.add_script_tag(content=axe_source)
    result = page.evaluate("axe.run(document, { resultTypes: ['violations'] })")
    return [f"{v['id']} ({v['impact']}): {v['help']} — " + "; ".join(" ".join(n["target"]) for n in v["nodes"][:4])
            for v in result["violations"]]


def violations(new_context, axe_source: str, path: str) -> list[str]:
    """page_violations in a context of its own (a first visit)."""
    context = new_context(**AXE_CONTEXT)
    try:
        return page_violations(context.new_page(), axe_source, path)
    finally:
        context.close()


@pytest.fixture
def axe_page(open_warm_page):
    """A page of the module's warm context with AXE_CONTEXT (conftest.py: storage cleared, HTTP cache
    kept: every template is checked as drawn, without paying for a first visit's downloads each time)."""
    return open_warm_page(**AXE_CONTEXT)


@pytest.mark.parametrize("lang", ["th", "en"])
@pytest.mark.parametrize("template", PAGES)
def test_no_axe_violations(axe_page, axe_source, template, lang):
    found = page_violations(axe_page, axe_source, template.format(lang=lang))
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("lang", ["th", "en"])
def test_no_axe_violations_on_puzzles_of_every_kind(axe_page, axe_source, puzzle_of_each_kind, lang):
    found = {path: page_violations(axe_page, axe_source, path.replace("/th/", f"/{lang}/", 1))
             for path in sorted(puzzle_of_each_kind.values())}
    assert {path: v for path, v in found.items() if v} == {}


def test_no_axe_violations_on_the_404_page(axe_page, axe_source):
    assert page_violations(axe_page, axe_source, "/no/such/page/") == []
