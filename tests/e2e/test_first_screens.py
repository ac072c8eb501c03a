"""The first screens lead somewhere (issue 21 §4–6), on a 360 x 740 phone: the home page shows every
game and where to start it, the puzzle list shows puzzles, the sandbox asks "you play" above the
board; board squares are at least 44 px; a "skip to the board" link comes first on a page with a
live board and lands on the board; the Dummy points calculator shows its result near the top.
None is about a first visit: the module's pages share one warm phone context (conftest.py)."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from engine.api import call
from game_pages import first_lessons, sandboxes

# Not about a first visit: one HTTP cache (conftest.py). About the boards and pages, not the
# engine's loading: its replies come from the engine in CPython, without Pyodide's start-up
# (conftest.py: site_url).
pytestmark = [pytest.mark.e2e, pytest.mark.warm, pytest.mark.engine_in_cpython]

PHONE = {"width": 360, "height": 740}
SCREEN = PHONE["height"]
MIN_SQUARE = 44  # px: the smallest touch target


@pytest.fixture(scope="module")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": PHONE, "has_touch": True, "is_mobile": True}


def bottom(locator) -> float:
    box = locator.bounding_box()
    assert box, f"{locator} is not shown"
    return box["y"] + box["height"]


def expect_no_sideways_scroll(page: Page):
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def live_host(page: Page):
    """The page's first live board, once drawn."""
    host = page.locator('figure.kr-board[data-interactive="true"], #kr-sandbox, .kr-pz-layout figure.kr-board').first
    expect(host.locator("svg.kr-live-board")).to_be_visible(timeout=60_000)
    return host


# ---- the home page ----------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["th", "en"])
def test_the_home_page_starts_every_game_on_the_first_screen(page: Page, lang):
    page.goto(f"/{lang}/")
    cards = page.locator(".kr-start-game")
    lessons = first_lessons(lang)
    expect(cards).to_have_count(len(lessons))
    assert len(lessons) == 4
    for i, url in enumerate(lessons):
        card = cards.nth(i)
        start = card.locator("a.kr-start-go")
        expect(start).to_have_attribute("href", url)
        for link in card.locator("a").all():
            box = link.bounding_box()
            assert box["height"] >= MIN_SQUARE and box["y"] + box["height"] <= SCREEN, (url, link.inner_text(), box)
        assert bottom(card) <= SCREEN, f"{url}'s start is below the first screen"
    expect_no_sideways_scroll(page)


# ---- the puzzle list ---------------------------------------------------------------------------

def test_the_puzzle_list_shows_puzzles_first_with_tags_grouped_by_game(page: Page):
    page.goto("/th/puzzles/")
    fold = page.locator("#kr-puzzle-filters details.kr-filter-fold")
    expect(fold).to_be_visible()
    assert fold.get_attribute("open") is None, "the filters are folded on a phone"
    first = page.locator("li.kr-puzzle-item a").first
    assert bottom(first) <= SCREEN, "no puzzle on the first screen"
    expect_no_sideways_scroll(page)

    # The tags come grouped under their game: a name two games share is told apart by its group.
    tags = page.locator('select[data-filter="tag"]')
    games = page.evaluate("JSON.parse(document.getElementById('kr-puzzle-names').textContent).games")
    groups = tags.locator("optgroup")
    labels = [groups.nth(i).get_attribute("label") for i in range(groups.count())]
    assert labels == [name for name in games.values() if name in labels] and len(labels) == len(games)
    named = {}
    for i in range(groups.count()):
        for text in groups.nth(i).locator("option").evaluate_all("els => els.map((o) => o.textContent)"):
            named.setdefault(re.sub(r" \(\d+\)$", "", text), []).append(labels[i])
    shared = {name: where for name, where in named.items() if len(where) > 1}
    assert "โคน" in shared and len(set(shared["โคน"])) == 2, shared  # Makruk's and Komayo's

    # Picking a tag under a game's heading filters to that game.
    page.locator("#kr-puzzle-filters summary").tap()
    group = groups.filter(has=page.locator('option[value="ma"]')).first
    game = page.evaluate("(label) => Object.entries(JSON.parse(document.getElementById('kr-puzzle-names').textContent)"
                         ".games).find(([, name]) => name === label)[0]", group.get_attribute("label"))
    tags.select_option("ma")
    expect(page).to_have_url(re.compile(rf"game={game}"))
    shown = page.locator("li.kr-puzzle-item:visible")
    assert shown.count() > 0
    assert set(shown.evaluate_all("els => els.map((li) => li.dataset.game)")) == {game}
    expect(page.locator(".kr-filter-chosen")).to_contain_text("ม้า")


# ---- the sandbox --------------------------------------------------------------------------------

@pytest.mark.parametrize("url", sandboxes("th"))
def test_the_sandbox_asks_you_play_above_the_board(page: Page, url):
    page.goto(url)
    side = page.locator("#kr-vs-side")
    expect(side).to_be_visible(timeout=60_000)
    expect(page.locator('label[for="kr-vs-side"]')).to_have_text("คุณเล่นฝ่าย")
    assert bottom(side) <= SCREEN and bottom(page.locator("#kr-vs-level")) <= SCREEN
    assert bottom(side) < page.locator("svg.kr-live-board").bounding_box()["y"], "the question comes above the board"
    # A fresh sandbox plays the computer at level 1: the reader the first side, the computer the other.
    expect(page.locator("#kr-vs-level")).to_have_value("1")
    sides = next(g for g in call({"op": "games"})["games"] if g["id"] == url.split("/")[2])["sides"]
    expect(side).to_have_value(sides[1])  # the value is the computer's side (vs= in the address)
    expect_no_sideways_scroll(page)


def test_a_game_against_the_computer_ends_with_you_won(page: Page):
    mate_in_one = "1r6/8/8/p7/P7/6k1/8/7K b - - 0 1"  # Black to move: b8b1 mates
    page.goto(f"/th/makruk/sandbox/?fen={mate_in_one.replace(' ', '+').replace('/', '%2F')}&vs=white&level=1")
    host = live_host(page)
    expect(host.locator(".kr-status")).to_have_text("ตาดำเดิน", timeout=60_000)
    host.locator('g[role="gridcell"][data-square="b8"]').tap()
    host.locator('g[role="gridcell"][data-square="b1"]').tap()
    expect(host.locator(".kr-status")).to_have_text("คุณชนะ — จน", timeout=60_000)


# ---- squares and the skip link ------------------------------------------------------------------

BOARD_PAGES = first_lessons("th", boards_only=True) + sandboxes("th")


@pytest.mark.parametrize("url", BOARD_PAGES)
def test_squares_are_at_least_44_px_on_a_phone(page: Page, url):
    page.goto(url)
    host = live_host(page)
    squares = host.locator('svg.kr-live-board g[role="gridcell"] > rect')
    sizes = squares.evaluate_all("rects => rects.map((r) => r.getBoundingClientRect().width)")
    assert sizes and min(sizes) >= MIN_SQUARE, f"{url}: squares of {min(sizes):.1f} px"
    expect_no_sideways_scroll(page)


def test_a_puzzle_board_has_44_px_squares_and_a_skip_link(page: Page, puzzle_of_each_kind):
    page.goto(puzzle_of_each_kind["mate"])
    host = live_host(page)
    sizes = host.locator('svg.kr-live-board g[role="gridcell"] > rect').evaluate_all(
        "rects => rects.map((r) => r.getBoundingClientRect().width)")
    assert sizes and min(sizes) >= MIN_SQUARE, f"squares of {min(sizes):.1f} px"
    expect_no_sideways_scroll(page)
    page.keyboard.press("Tab")
    expect(page.locator("a[data-skip='board']")).to_be_focused()
    page.keyboard.press("Enter")
    expect(host.locator("svg.kr-live-board")).to_be_focused()


@pytest.mark.parametrize("url", [first_lessons("th", boards_only=True)[0], sandboxes("th")[0]])
def test_the_skip_link_comes_first_and_lands_on_the_board(page: Page, url):
    page.goto(url)
    live_host(page)
    page.keyboard.press("Tab")
    skip = page.locator("a[data-skip='board']")
    expect(skip).to_be_focused()
    expect(skip).to_have_text("ข้ามไปที่กระดาน")
    assert bottom(skip) > 0  # shown while focused
    page.keyboard.press("Enter")
    expect(page.locator("svg.kr-live-board").first).to_be_focused()


def test_a_page_without_a_live_board_has_no_skip_to_board(page: Page):
    page.goto("/th/")
    expect(page.locator("a[data-skip='board']")).to_have_count(0)


# ---- Dummy --------------------------------------------------------------------------------------

def test_the_points_calculator_shows_its_result_near_the_top(page: Page):
    page.goto("/th/dummy/worked-settlement/")
    link = page.locator('a[href*="/th/dummy/calculator/#t="]').first
    page.goto(link.get_attribute("href"))
    expect(page.locator("h1")).to_contain_text("เครื่องคิดแต้ม")
    result = page.locator(".dk-result")
    expect(result).to_have_attribute("data-state", "ok", timeout=60_000)
    summary = result.locator("table.dk-summary")
    assert summary.bounding_box()["y"] < SCREEN, "the result starts on the first screen"
    ledger = page.locator("table.dk-ledger")
    expect(ledger.locator("tbody tr").first).to_be_visible()
    top = page.evaluate("(el) => el.getBoundingClientRect().top + scrollY", ledger.element_handle())
    assert top <= 3 * SCREEN, f"the calculator is {top:.0f} px tall before the ledger"
    expect_no_sideways_scroll(page)


def test_an_empty_calculator_starts_at_the_head_card(page: Page):
    page.goto("/th/dummy/calculator/")
    expect(page.locator("#dk-calc")).to_have_attribute("data-state", re.compile("ready|failed"), timeout=60_000)
    expect(page.locator('[data-target="head::"]')).to_have_attribute("aria-pressed", "true")
    assert bottom(page.locator(".dk-result h2")) <= SCREEN
    expect(page.locator("details.dk-more")).not_to_have_attribute("open", "")
    expect(page.locator("details.dk-events")).not_to_have_attribute("open", "")


SUIT_LETTERS = re.compile(r"(?<![A-Za-z])(?:10|[2-9JQKA])?[SHDC](?![A-Za-z])")


def test_thai_dummy_pages_show_suits_as_symbols_never_letters(page: Page):
    page.goto("/th/puzzles/?game=dummy")
    exercise = page.locator('li.kr-puzzle-item[data-kind="scoring"] a').first.get_attribute("href")
    lessons = [a for a in page.evaluate("[...document.querySelectorAll('a')].map((a) => a.getAttribute('href'))")
               if a and a.startswith("/th/dummy/")]
    pages = sorted(set(lessons) | {"/th/dummy/calculator/", "/th/dummy/play/", exercise, first_lessons("th")[-1]})
    for url in pages:
        page.goto(url)
        text = page.locator("main").inner_text()
        found = SUIT_LETTERS.findall(text)
        assert not found, f"{url} shows suit letters: {found[:5]}"
        letters = page.locator("svg.dk-card text").evaluate_all("els => els.map((el) => el.textContent)")
        assert not [t for t in letters if SUIT_LETTERS.fullmatch(t)], url


def test_a_scoring_exercise_links_to_the_calculator_only_once_answered(page: Page):
    page.goto("/th/puzzles/?game=dummy")
    page.locator('li.kr-puzzle-item[data-kind="scoring"] a').first.tap()
    section = page.locator("section.kr-pz")
    expect(section).to_have_attribute("data-state", re.compile("quiz"), timeout=60_000)
    calculator = page.locator('main a[href*="/dummy/calculator/#t="]')
    expect(calculator).to_have_count(0)
    page.locator('button[data-action="solution"]').tap()
    expect(section).to_have_attribute("data-state", "solution")
    expect(calculator).to_have_count(1)
    expect(calculator).to_have_text("เปิดโต๊ะนี้ในเครื่องคิดแต้ม")
