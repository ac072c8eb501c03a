"""The board component (static/js/boards/) on a fake engine and a fake drop game whose `legal`
lists hold what Makruk never has: promotion choices, the King's privilege, a two-step capture
path, two routes to one square and drops from a hand (fixtures/board/board-fixture.js).

Driven by click, drag, touch and keyboard; each test checks what the board sent to the engine
(ol#kr-fixture-sent: the JSON move list of every `play` request) and what a person sees and a
screen reader hears. Needs no site build: fixture_page serves the real static files."""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.e2e

FIXTURE = "/fixture/board/index.html"
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}


class FixtureBoard:
    """The fixture page's board: conftest's Board helper (`base`) plus the chooser, hands and log."""

    def __init__(self, page: Page, board_of):
        self.page = page
        host = page.locator("#kr-fixture-host")
        expect(host).to_have_attribute("data-state", "ready")
        base = board_of(host)
        self.live, self.svg, self.square = base.live, base.svg, base.square
        self.announce, self.message, self.button = base.announce, base.message, base.button
        self.chooser = self.live.locator(".kr-chooser")

    def hand(self, side: str) -> Locator:
        return self.live.locator(f'.kr-hand[data-side="{side}"]')

    def hand_piece(self, side: str, kind: str) -> Locator:
        return self.hand(side).locator(f'.kr-hand-piece[data-piece="{kind}"]')

    def sent(self) -> list[list[str]]:
        return [json.loads(text) for text in self.page.locator("#kr-fixture-sent > li").all_inner_texts()]

    def expect_sent(self, moves: list[str]):
        """The last `play` request carried exactly `moves`."""
        expect(self.page.locator("#kr-fixture-sent > li").last).to_have_text(json.dumps(moves))

    def expect_nothing_sent(self):
        assert self.sent() == [[]], self.sent()  # only the first load

    def centre(self, name: str) -> tuple[float, float]:
        box = self.square(name).bounding_box()
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def drag_through(self, *squares: str, steps: int = 6):
        mouse = self.page.mouse
        mouse.move(*self.centre(squares[0]))
        mouse.down()
        for name in squares[1:]:
            mouse.move(*self.centre(name), steps=steps)
        mouse.up()

    def piece_href(self, name: str) -> str | None:
        return self.square(name).locator("use").get_attribute("href")

    def walk_to(self, name: str):
        """Move the keyboard cursor to `name` with the arrow keys (Sente at the bottom)."""
        cursor = self.page.locator(f'#{self.svg.get_attribute("aria-activedescendant")}').get_attribute("data-square")
        dx, dy = ord(name[0]) - ord(cursor[0]), int(name[1]) - int(cursor[1])
        for _ in range(abs(dx)):
            self.page.keyboard.press("ArrowRight" if dx > 0 else "ArrowLeft")
        for _ in range(abs(dy)):
            self.page.keyboard.press("ArrowUp" if dy > 0 else "ArrowDown")
        expect(self.square(name)).to_have_class(re.compile(r"\bkr-cursor\b"))


def has_class(name: str):
    return re.compile(rf"\b{name}\b")


@pytest.fixture
def open_board(fixture_page, board_of):
    """open_board(query="", **context options) -> FixtureBoard on a fresh fixture page."""
    return lambda query="", **options: FixtureBoard(fixture_page(FIXTURE + query, **options), board_of)


@pytest.fixture
def board(open_board) -> FixtureBoard:
    return open_board()


# ---- several moves share a start and an end: the chooser ---------------------------------------

def test_promotion_is_chosen_in_a_dialog(board):
    board.square("h6").click()
    expect(board.square("h7")).to_have_class(has_class("kr-target"))
    board.square("h7").click()
    expect(board.chooser).to_be_visible()
    expect(board.chooser).to_have_attribute("role", "dialog")
    expect(board.chooser.locator(".kr-chooser-title")).to_have_text("Choose the move")
    choices = board.chooser.locator(".kr-choice")
    expect(choices.locator(".kr-choice-label")).to_have_text(["Do not promote", "Promote"])
    expect(board.announce).to_contain_text("Several moves go to h7")
    expect(choices.first).to_be_focused()
    board.expect_nothing_sent()  # nothing goes to the engine before the reader chose
    board.chooser.locator('.kr-choice[data-move="h6h7+"]').click()
    board.expect_sent(["h6h7+"])
    expect(board.chooser).to_be_hidden()
    assert board.piece_href("h7") == "#fx-sente-pP"  # the promoted piece is drawn
    expect(board.square("h6")).to_have_class(has_class("kr-last"))
    expect(board.square("h7")).to_have_class(has_class("kr-last"))
    expect(board.announce).to_contain_text("Sente Pawn h6 to h7 promotes")


def test_privilege_pair_by_drag_and_keyboard_choice(board):
    board.drag_through("a7", "b8")
    expect(board.chooser).to_be_visible()
    expect(board.chooser.locator(".kr-choice-label")).to_have_text(
        ["Demote it as usual", "King's privilege: keep it promoted in hand"])
    board.page.keyboard.press("ArrowDown")
    expect(board.chooser.locator('.kr-choice[data-move="a7b8^"]')).to_be_focused()
    board.page.keyboard.press("Enter")
    board.expect_sent(["a7b8^"])
    expect(board.announce).to_contain_text("King's privilege")
    expect(board.svg).to_be_focused()  # the keyboard goes on where it was


def test_escape_in_the_chooser_cancels_and_sends_nothing(board):
    board.svg.focus()
    board.walk_to("h6")
    board.page.keyboard.press("Enter")
    board.walk_to("h7")
    board.page.keyboard.press("Enter")
    expect(board.chooser).to_be_visible()
    board.page.keyboard.press("Tab")
    board.page.keyboard.press("Tab")
    expect(board.chooser.locator(".kr-chooser-cancel")).to_be_focused()
    board.page.keyboard.press("Tab")  # Tab stays inside the dialog
    expect(board.chooser.locator(".kr-choice").first).to_be_focused()
    board.page.keyboard.press("Escape")
    expect(board.chooser).to_be_hidden()
    expect(board.square("h6")).not_to_have_class(has_class("kr-selected"))
    expect(board.svg).to_be_focused()
    expect(board.announce).to_have_text("Selection cancelled")
    board.expect_nothing_sent()


# ---- multi-step captures -------------------------------------------------------------------------

def test_capture_path_step_by_step_marks_each_capture(board):
    board.square("c3").click()
    for target in ("e5", "e1"):
        expect(board.square(target)).to_have_class(has_class("kr-target"))
    for far in ("g7", "g3"):
        expect(board.square(far)).to_have_class(has_class("kr-far"))
        expect(board.square(far)).to_have_attribute("aria-label", re.compile("destination"))
    board.square("e5").click()
    expect(board.square("d4")).to_have_class(has_class("kr-jumped"))
    expect(board.square("d4")).to_have_attribute("aria-label", "d4, Gote Checker, taken")
    expect(board.square("e5")).to_have_class(has_class("kr-landed"))
    assert board.piece_href("e5") == "#fx-sente-C"  # the piece is shown where it landed
    expect(board.square("c3")).to_have_class(has_class("kr-left"))
    expect(board.announce).to_have_text("Landed on e5, taking Checker on d4; choose the next square: g3, g7")
    for target in ("g7", "g3"):
        expect(board.square(target)).to_have_class(has_class("kr-target"))
    expect(board.square("e1")).not_to_have_class(has_class("kr-target"))
    board.expect_nothing_sent()
    board.square("g7").click()
    board.expect_sent(["c3xe5xg7"])
    for gone in ("c3", "d4", "f6"):
        expect(board.square(gone)).to_have_attribute("aria-label", f"{gone}, empty")
    expect(board.square("g7")).to_have_attribute("aria-label", "g7, Sente Checker")
    for last in ("c3", "e5", "g7"):
        expect(board.square(last)).to_have_class(has_class("kr-last"))
    expect(board.announce).to_contain_text("Sente Checker c3 takes Checker d4, Checker f6 on g7")


def test_two_routes_to_one_square_offer_a_choice(board):
    board.square("c3").click()
    board.square("g3").click()  # the end of two routes, tapped at once
    labels = board.chooser.locator(".kr-choice-label")
    expect(labels).to_have_text(["via e1 · taking d2, f2", "via e5 · taking d4, f4"])
    expect(board.chooser.locator(".kr-choice-detail")).to_have_text(["c3xe1xg3", "c3xe5xg3"])
    board.chooser.locator('.kr-choice[data-move="c3xe1xg3"]').click()
    board.expect_sent(["c3xe1xg3"])
    expect(board.square("d2")).to_have_attribute("aria-label", "d2, empty")
    expect(board.square("d4")).to_have_attribute("aria-label", "d4, Gote Checker")


def test_drag_through_the_landing_squares(board):
    board.drag_through("c3", "e5", "g3")
    board.expect_sent(["c3xe5xg3"])
    board.button("undo").click()
    board.expect_sent([])
    board.drag_through("c3", "e1")  # released part-way: the path waits for the next square
    expect(board.square("d2")).to_have_class(has_class("kr-jumped"))
    expect(board.square("g3")).to_have_class(has_class("kr-target"))
    board.square("g3").click()
    board.expect_sent(["c3xe1xg3"])


def test_cancel_a_path_with_escape_or_by_tapping_the_piece(board):
    board.square("c3").click()
    board.square("e5").click()
    expect(board.square("d4")).to_have_class(has_class("kr-jumped"))
    board.svg.press("Escape")
    expect(board.square("d4")).not_to_have_class(has_class("kr-jumped"))
    expect(board.square("c3")).not_to_have_class(has_class("kr-selected"))
    board.square("c3").click()
    board.square("e5").click()
    board.square("e5").click()  # the piece again, where it stands
    expect(board.square("e5")).not_to_have_class(has_class("kr-landed"))
    expect(board.square("c3")).not_to_have_class(has_class("kr-selected"))
    board.expect_nothing_sent()


def test_keyboard_plays_a_capture_path(board):
    board.svg.focus()
    for square in ("c3", "e5", "g7"):
        board.walk_to(square)
        board.page.keyboard.press("Enter")
    board.expect_sent(["c3xe5xg7"])


def test_a_square_no_move_reaches_is_refused_without_the_engine(board):
    board.square("c3").click()
    board.square("h1").click()
    expect(board.message).to_have_text("Checker on c3 cannot go to h1")  # this game names no moves: no engine call
    expect(board.square("c3")).not_to_have_class(has_class("kr-selected"))
    board.expect_nothing_sent()


# ---- drops from the hand --------------------------------------------------------------------------

def test_hands_show_counts_promotion_and_whose_turn(board):
    expect(board.hand("sente")).to_have_attribute("data-place", "bottom")
    expect(board.hand("gote")).to_have_attribute("data-place", "top")
    expect(board.hand("sente")).to_have_attribute("aria-label", "Sente's hand")
    pawn = board.hand_piece("sente", "P")
    expect(pawn.locator(".kr-hand-count")).to_have_text("2")
    expect(pawn).to_have_attribute("aria-label", "Pawn: 2")
    dragon = board.hand_piece("sente", "+R")
    expect(dragon).to_have_attribute("data-promoted", "true")
    expect(dragon).to_have_class(has_class("kr-promoted"))
    expect(dragon).to_have_attribute("aria-label", "Dragon: 1")
    assert dragon.locator("use").get_attribute("href") == "#fx-sente-pR"
    expect(board.hand_piece("gote", "S")).to_be_disabled()  # not Gote's turn
    board.button("flip").click()
    expect(board.hand("sente")).to_have_attribute("data-place", "top")


def test_tap_a_hand_piece_then_a_square(board):
    pawn = board.hand_piece("sente", "P")
    pawn.click()
    expect(pawn).to_have_attribute("aria-pressed", "true")
    expect(board.announce).to_have_text("Selected Pawn from the hand: choose a square to drop it on")
    for target in ("e4", "d5"):
        expect(board.square(target)).to_have_class(has_class("kr-target"))
    expect(board.square("a1")).not_to_have_class(has_class("kr-target"))
    board.square("e4").click()
    board.expect_sent(["P*e4"])
    expect(board.square("e4")).to_have_attribute("aria-label", "e4, Sente Pawn")
    expect(board.square("e4")).to_have_class(has_class("kr-last"))
    expect(board.hand_piece("sente", "P").locator(".kr-hand-count")).to_have_text("1")
    expect(board.announce).to_contain_text("Sente drops Pawn on e4")


def test_drag_a_promoted_piece_from_the_hand(board):
    dragon = board.hand_piece("sente", "+R")
    box = dragon.bounding_box()
    mouse = board.page.mouse
    mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    mouse.down()
    mouse.move(*board.centre("h1"), steps=8)
    mouse.up()
    board.expect_sent(["+R*h1"])
    assert board.piece_href("h1") == "#fx-sente-pR"
    expect(board.hand_piece("sente", "+R")).to_have_count(0)  # the last one left the hand


def test_drop_with_the_keyboard(board):
    pawn = board.hand_piece("sente", "P")
    pawn.focus()
    board.page.keyboard.press("Enter")
    expect(board.hand_piece("sente", "P")).to_have_attribute("aria-pressed", "true")
    expect(board.svg).to_be_focused()
    board.walk_to("d5")
    board.page.keyboard.press("Enter")
    board.expect_sent(["P*d5"])


# ---- touch, Thai, sizes, the engine's states ------------------------------------------------------

def test_touch_path_and_drop_on_a_phone(open_board):
    board = open_board(**PHONE)
    for square in ("c3", "e5", "g3"):
        board.square(square).tap()
    board.expect_sent(["c3xe5xg3"])
    board.button("undo").tap()
    board.expect_sent([])
    board.hand_piece("sente", "P").tap()
    board.square("d5").tap()
    board.expect_sent(["P*d5"])
    board.button("undo").tap()
    board.square("h6").tap()
    board.square("h7").tap()
    expect(board.chooser).to_be_visible()
    for control in [*board.chooser.locator("button").all(), *board.live.locator(".kr-hand-piece").all()]:
        size = control.bounding_box()
        assert size["width"] >= 44 and size["height"] >= 44, f"{control} is {size}"
    board.chooser.locator('.kr-choice[data-move="h6h7"]').tap()
    board.expect_sent(["h6h7"])
    width = board.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the fixture page is {width} px wide on a 360 px phone"


def test_thai_words(open_board):
    board = open_board("?lang=th")
    expect(board.hand("sente")).to_have_attribute("aria-label", "หมากในมือเซนเต")
    expect(board.hand_piece("sente", "P")).to_have_attribute("aria-label", "เบี้ย 2 ตัว")
    expect(board.hand_piece("sente", "+R")).to_have_attribute("aria-label", "เรือเลื่อนขั้น 1 ตัว")
    board.square("h6").click()
    board.square("h7").click()
    expect(board.chooser.locator(".kr-chooser-title")).to_have_text("เลือกตาเดิน")
    expect(board.chooser.locator(".kr-choice-label")).to_have_text(["ไม่เลื่อนขั้น", "เลื่อนขั้น"])
    expect(board.chooser.locator(".kr-chooser-cancel")).to_have_text("ยกเลิก")
    board.chooser.locator(".kr-chooser-cancel").click()
    board.square("a7").click()
    board.square("b8").click()
    expect(board.chooser.locator(".kr-choice-label")).to_have_text(
        ["ลดขั้นตามปกติ", "ใช้สิทธิ์ของขุน: เก็บไว้ในมือแบบเลื่อนขั้น"])
    board.page.keyboard.press("Escape")
    board.square("c3").click()
    board.square("e5").click()
    expect(board.announce).to_have_text("ลงที่ e5 กินหมากฮอส d4 เลือกช่องต่อไป: g3, g7")
    expect(board.square("d4")).to_have_attribute("aria-label", "d4, โกเต หมากฮอส, ถูกกิน")


def test_a_slow_engine_shows_it_is_busy_and_keeps_a_tap_for_after(open_board):
    board = open_board("?delay=1500")
    board.square("a7").click()
    board.square("a6").click()
    wait = board.live.locator(".kr-wait")
    expect(wait).to_have_text("Waiting for the engine…")
    board.square("c3").click()  # while the engine works: kept and said so, not silence and not lost
    expect(wait).to_be_visible()
    kept = "Taps kept (c3): they are played as soon as the board is ready"
    expect(board.message).to_have_text(kept)
    expect(board.announce).to_have_text(kept)
    expect(board.square("c3")).to_have_class(has_class("kr-queued"))
    board.expect_sent(["a7a6"])
    expect(board.square("a6")).to_have_attribute("aria-label", "a6, Sente King", timeout=5000)
    expect(wait).to_be_hidden()
    expect(board.square("c3")).not_to_have_class(has_class("kr-queued"))  # then played as a tap
    expect(board.message).not_to_have_text(kept)


def test_a_stopped_engine_is_shown_with_a_reload_button(board, board_of):
    board.square("c3").click()
    board.page.locator("#kr-fixture-stop").click()
    stopped = board.live.locator(".kr-stopped")
    expect(stopped).to_be_visible()
    expect(stopped).to_have_attribute("role", "alert")
    expect(stopped).to_contain_text("The engine stopped")
    expect(board.live).to_have_attribute("data-engine", "stopped")
    expect(board.square("c3")).not_to_have_class(has_class("kr-selected"))
    board.square("h6").click()
    expect(board.message).to_contain_text("The engine stopped")
    reload = stopped.locator('button[data-action="reload"]')
    expect(reload).to_have_text("Reload the page")
    with board.page.expect_navigation():
        reload.click()
    board = FixtureBoard(board.page, board_of)
    expect(board.live.locator(".kr-stopped")).to_be_hidden()


@pytest.mark.parametrize("width", [360, 1280])
def test_screenshots_of_the_chooser_and_a_capture_path(open_board, artifacts_dir, width):
    board = open_board(**(PHONE if width == 360 else {"viewport": {"width": 1280, "height": 900}}))
    board.page.evaluate("document.fonts.ready.then(() => true)")
    board.square("c3").click()
    board.square("e5").click()
    expect(board.square("d4")).to_have_class(has_class("kr-jumped"))
    board.page.screenshot(path=str(artifacts_dir / f"board-fixture-path-{width}.png"), full_page=True)
    board.square("c3").click()  # cancel, then open the chooser
    board.square("c3").click()
    board.square("g3").click()
    expect(board.chooser).to_be_visible()
    chooser = board.chooser.bounding_box()
    svg = board.svg.bounding_box()
    assert svg["x"] <= chooser["x"] and chooser["x"] + chooser["width"] <= svg["x"] + svg["width"] + 1, (chooser, svg)
    board.page.screenshot(path=str(artifacts_dir / f"board-fixture-chooser-{width}.png"), full_page=True)
