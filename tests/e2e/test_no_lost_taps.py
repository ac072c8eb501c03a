"""Issue 21 §1–2: no tap is lost while the engine loads, and a lesson that is only read never
downloads it.

The engine's files (everything under /pyodide/ and /engine/, the worker's requests included) are
held: the browser asks for them and gets no answer until the test lets them through, as on a slow
phone. Meanwhile a lesson board plays its recorded first move, keeps the taps of the next move
(saying so) and plays it once the engine is there; undo and restart work without the engine; the
sandbox's first exchange with the computer needs no engine. A lesson that is only read asks for
none of the engine's files until the reader touches its board.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, Page, Route, expect

from engine.api import call
from tests.e2e.page_state import wait_until

pytestmark = pytest.mark.e2e

START = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"
LESSON = "/th/makruk/board-and-pieces/"  # first live board: the start position, white at the bottom
ENGINE_FILES = re.compile(r".*/(pyodide|engine)/.*")
QUEUED = re.compile(r"\bkr-queued\b")


class HeldEngine:
    """Every request for the engine's files is held (no answer) until `release()`."""

    def __init__(self, context: BrowserContext):
        self.asked: list[str] = []
        self.held: list[Route] = []
        self.released = False
        context.route(ENGINE_FILES, self._hold)

    def _hold(self, route: Route):
        self.asked.append(route.request.url)
        if self.released:
            route.continue_()
        else:
            self.held.append(route)

    def wait_for_request(self, page: Page, part: str, what: str) -> None:
        """Wait until the browser has asked for an engine file whose URL holds `part`; fail with `what`."""
        wait_until(page, lambda: any(part in url for url in self.asked), f"{what}: {self.asked}")

    def release(self):
        self.released = True
        for route in self.held:
            route.continue_()
        self.held.clear()


@pytest.fixture
def held(context: BrowserContext) -> HeldEngine:
    return HeldEngine(context)


def lesson_board(page: Page, board_of):
    page.goto(LESSON)
    figure = page.locator('figure.kr-board[data-interactive="true"]').first
    expect(figure).to_have_attribute("data-state", "ready")  # live from the recorded replies
    board = board_of(page)
    board.expect_fen(START)
    return board


def test_taps_while_the_engine_loads_are_kept_and_played_once_it_is_ready(page, held, board_of, engine_play):
    board = lesson_board(page, board_of)
    board.square("e3").click()
    board.square("e4").click()
    board.expect_fen(engine_play(START, ["e3e4"])["position"])  # recorded: at once
    wait = board.live.locator(".kr-wait")
    expect(wait).to_contain_text("กำลังโหลดเอนจิน")
    expect(wait).to_contain_text("ตาที่แตะไว้จะเดิน")
    # The worker, once started, asks for the engine's files (on a busy machine after the note shows).
    held.wait_for_request(page, "/", "the first move's legal moves come from the live engine: it is being loaded")

    board.square("d6").click()  # Black's answer while the engine is still loading
    board.square("d5").click()
    expect(board.square("d6")).to_have_class(QUEUED)
    expect(board.square("d5")).to_have_class(QUEUED)
    expect(board.message).to_have_text("เก็บการแตะไว้แล้ว (d6 → d5) จะเดินให้ทันทีที่กระดานพร้อม")
    expect(board.announce).to_contain_text("d6 → d5")
    board.expect_fen(engine_play(START, ["e3e4"])["position"])

    held.release()
    board.expect_fen(engine_play(START, ["e3e4", "d6d5"])["position"], timeout=60_000)
    expect(board.square("d5")).not_to_have_class(QUEUED)
    expect(board.square("d5")).to_have_class(re.compile(r"\bkr-last\b"))
    expect(wait).to_be_hidden()
    board.click_move("c3c4")  # and the board goes on with the live engine
    board.expect_fen(engine_play(START, ["e3e4", "d6d5", "c3c4"])["position"], timeout=30_000)


def test_undo_and_restart_work_before_the_engine(page, held, board_of, engine_play):
    board = lesson_board(page, board_of)
    after = engine_play(START, ["e3e4"])["position"]
    board.square("e3").click()
    board.square("e4").click()
    board.expect_fen(after)
    board.button("undo").click()  # "ย้อน"
    board.expect_fen(START)
    expect(board.announce).to_contain_text("ย้อนกลับหนึ่งตา")
    expect(board.live.locator(".kr-wait")).to_be_hidden()

    board.square("c3").click()
    board.square("c4").click()
    board.expect_fen(engine_play(START, ["c3c4"])["position"])
    board.square("f6").click()  # kept: the engine is not there
    expect(board.square("f6")).to_have_class(QUEUED)
    board.button("undo").click()  # first drops the waiting taps
    expect(board.message).to_have_text("ยกเลิกตาที่รอเดินแล้ว")
    expect(board.square("f6")).not_to_have_class(QUEUED)
    board.expect_fen(engine_play(START, ["c3c4"])["position"])
    board.button("reset").click()  # "เริ่มใหม่"
    board.expect_fen(START)
    expect(board.button("undo")).to_be_disabled()

    held.release()  # nothing dropped comes back once the engine is there
    board.click_move("e3e4")
    board.click_move("f6f5")
    board.expect_fen(engine_play(START, ["e3e4", "f6f5"])["position"], timeout=60_000)


def test_a_lesson_that_is_only_read_never_asks_for_the_engine(page, held, board_of):
    board = lesson_board(page, board_of)
    page.mouse.wheel(0, 2000)
    page.wait_for_load_state("load")
    page.wait_for_timeout(3000)  # the page has loaded and is idle: the old warm-up started here
    assert held.asked == [], held.asked
    board.square("a1").click()  # touching the board is the reader's go-ahead
    held.wait_for_request(page, "/pyodide/", "touching the board did not start the engine's download")


def test_the_sandboxs_first_exchange_with_the_computer_needs_no_engine(page, held, engine_play):
    def computer(moves):
        return call({"op": "bestmove", "game": "makruk", "position": START, "moves": moves, "level": 1})["move"]

    page.goto("/th/makruk/sandbox/?vs=black&level=1")  # the computer plays Black at level 1
    root = page.locator("#kr-sandbox")
    expect(root).to_have_attribute("data-state", "ready")
    live = root.locator(".kr-live")

    def square(name):
        return live.locator(f'g[role="gridcell"][data-square="{name}"]')

    square("e3").click()
    square("e4").click()
    reply = computer(["e3e4"])
    expect(live).to_have_attribute("data-position", engine_play(START, ["e3e4", reply])["position"])
    assert held.held, "the engine's files are still held: the reply came from the page's record"
    expect(root.locator(".kr-vs-state")).to_contain_text("ตาคุณเดิน")

    square("d3").click()  # the next move needs the engine: kept
    expect(square("d3")).to_have_class(QUEUED)
    expect(live.locator(".kr-wait")).to_contain_text("กำลังโหลดเอนจิน")
    square("d4").click()
    held.release()
    moves = ["e3e4", reply, "d3d4"]
    expect(live).to_have_attribute("data-position", engine_play(START, [*moves, computer(moves)])["position"],
                                   timeout=60_000)
