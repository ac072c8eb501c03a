"""A visitor on the Thai lessons: waits for the engine, moves by click, drag, touch and keys,
is refused an illegal move, gives checkmate, switches to English. Also: nothing is fetched
from outside the site, and the engine runs in a module worker loading self-hosted Pyodide."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.e2e, pytest.mark.warm]  # first-visit tests take `context`; the rest one HTTP cache

START = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"
LESSON = "/th/makruk/board-and-pieces/"  # first board: the start position, live, white at the bottom
MATE_LESSON = "/th/makruk/check-and-checkmate/"
MATE_IN_ONE = "6rk/6ms/5p2/4N3/8/P1P2P2/8/R2K4 w - - 0 1"  # exercise 1: e5f7 mates


def test_click_then_drag_plays_two_moves(page, engine_ready, board_of, engine_play):
    page.goto(LESSON)
    engine_ready(page)
    board = board_of(page)
    board.expect_fen(START)
    expect(board.status).to_have_text("ตาขาวเดิน")

    board.square("e3").click()
    expect(board.square("e3")).to_have_class(re.compile(r"\bkr-selected\b"))
    expect(board.square("e4")).to_have_class(re.compile(r"\bkr-target\b"))
    expect(board.square("e3")).to_have_attribute("aria-label", re.compile("เลือกอยู่"))
    board.square("e4").click()
    after_click = engine_play(START, ["e3e4"])["position"]
    board.expect_fen(after_click)
    expect(board.square("e4")).to_have_class(re.compile(r"\bkr-last\b"))
    expect(board.status).to_have_text("ตาดำเดิน")
    expect(board.announce).to_contain_text("e3")

    board.drag_move(page, "d6d5")
    board.expect_fen(engine_play(START, ["e3e4", "d6d5"])["position"])
    expect(board.square("d5")).to_have_attribute("aria-label", re.compile("ดำ เบี้ย"))
    expect(board.square("d6")).to_have_attribute("aria-label", re.compile("ว่าง"))


def test_illegal_move_is_refused_with_a_message(page, engine_ready, board_of):
    page.goto(LESSON)
    engine_ready(page)
    board = board_of(page)
    expect(board.message).to_be_hidden()
    board.click_move("e3e5")  # a Bia steps one square only
    expect(board.message).to_be_visible()
    expect(board.message).to_have_text("เบี้ยเดินตรงไปข้างหน้าได้ทีละหนึ่งช่อง")  # why, in words, once
    board.expect_fen(START)
    expect(board.square("e3")).to_have_attribute("aria-label", re.compile("ขาว เบี้ย"))
    expect(board.square("e5")).to_have_attribute("aria-label", re.compile("ว่าง"))
    # The next legal move clears the message.
    board.click_move("e3e4")
    expect(board.message).to_be_hidden()


def test_checkmate_is_announced_in_thai(page, engine_ready, board_of):
    page.goto(MATE_LESSON)
    figure = page.locator(f'figure.kr-board[data-position="{MATE_IN_ONE}"]')
    expect(figure).to_have_count(1)
    engine_ready(figure)
    board = board_of(figure)
    board.click_move("e5f7")
    expect(board.status).to_have_attribute("data-result", "white_wins")
    expect(board.status).to_have_text("ขาวชนะ — จน")
    expect(board.announce).to_contain_text("จน")
    # The game is over: a tap on a piece only says so.
    board.square("h8").click()
    expect(board.message).to_have_text("เกมจบแล้ว")


def test_keyboard_play(page, engine_ready, board_of, engine_play):
    page.goto(LESSON)
    engine_ready(page)
    board = board_of(page)
    board.svg.focus()
    expect(board.svg).to_be_focused()

    def cursor() -> str:
        return page.locator(f'#{board.svg.get_attribute("aria-activedescendant")}').get_attribute("data-square")

    def walk_to(square: str):
        here = cursor()
        dx = ord(square[0]) - ord(here[0])
        dy = int(square[1]) - int(here[1])
        for _ in range(abs(dx)):
            page.keyboard.press("ArrowRight" if dx > 0 else "ArrowLeft")
        for _ in range(abs(dy)):
            page.keyboard.press("ArrowUp" if dy > 0 else "ArrowDown")  # white at the bottom
        expect(board.square(square)).to_have_class(re.compile(r"\bkr-cursor\b"))
        assert cursor() == square

    walk_to("g3")
    page.keyboard.press("Enter")
    expect(board.square("g3")).to_have_class(re.compile(r"\bkr-selected\b"))
    expect(board.announce).to_contain_text("g3")
    page.keyboard.press("Escape")  # changing one's mind
    expect(board.square("g3")).not_to_have_class(re.compile(r"\bkr-selected\b"))
    page.keyboard.press("Enter")
    walk_to("g4")
    page.keyboard.press("Enter")
    board.expect_fen(engine_play(START, ["g3g4"])["position"])
    expect(board.svg).to_be_focused()


@pytest.fixture
def phone(new_context):
    context = new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2,
                          is_mobile=True, has_touch=True)
    return context.new_page()


def test_touch_taps_on_a_phone(phone, engine_ready, board_of, engine_play):
    phone.goto(LESSON)
    engine_ready(phone)
    board = board_of(phone)
    box = board.svg.bounding_box()
    assert box["width"] <= 360 and box["x"] >= 0, box  # the board fits the phone's width
    board.tap_move("c3c4")
    board.expect_fen(engine_play(START, ["c3c4"])["position"])
    board.tap_move("f6f5")
    board.expect_fen(engine_play(START, ["c3c4", "f6f5"])["position"])
    scroll_width = phone.locator("html").evaluate("el => el.scrollWidth")
    assert scroll_width <= 360, f"the page scrolls sideways on a 360 px phone ({scroll_width} px wide)"


def test_language_switch_keeps_the_lesson(page, engine_ready, board_of):
    page.goto(LESSON)
    expect(page.locator("html")).to_have_attribute("lang", "th")
    thai_title = page.locator("h1").inner_text()
    page.locator("a.lang-switch").click()
    expect(page).to_have_url(re.compile(r"/en/makruk/board-and-pieces/$"))
    expect(page.locator("html")).to_have_attribute("lang", "en")
    assert page.locator("h1").inner_text() != thai_title
    engine_ready(page)
    board = board_of(page)
    expect(board.status).to_have_text("White to move")
    board.click_move("e3e5")
    expect(board.message).to_contain_text("a Bia moves one square straight forward")
    page.locator("a.lang-switch").click()
    expect(page).to_have_url(re.compile(r"/th/makruk/board-and-pieces/$"))


def test_nothing_leaves_the_site_and_the_engine_is_a_module_worker(context, site_url, engine_ready):
    requests, problems = [], []
    context.on("request", lambda r: requests.append(r.url))
    page = context.new_page()
    page.on("pageerror", lambda e: problems.append(f"pageerror: {e}"))
    page.on("console", lambda m: "Content Security Policy" in m.text and problems.append(m.text))
    response = page.goto(LESSON)
    csp = response.headers.get("content-security-policy", "")
    assert "script-src 'self' 'wasm-unsafe-eval'" in csp, csp  # served with netlify.toml's headers
    engine_ready(page)

    foreign = [u for u in requests if not (u == site_url or u.startswith(site_url + "/"))]
    assert foreign == [], f"requests left the local server (CDN?): {foreign}"
    assert any(re.search(r"/pyodide/v[\d.]+-[0-9a-f]{12}/pyodide\.mjs$", u) for u in requests), requests
    assert any(u.endswith("/pyodide.asm.wasm") for u in requests), requests
    assert any(re.search(r"/engine/[0-9a-f]+/kradan-[\d.]+-py3-none-any\.whl$", u) for u in requests), requests

    workers = [w for w in page.workers if w.url.endswith("/static/js/core/engine-worker.js")]
    assert len(workers) == 1, [w.url for w in page.workers]
    kind = workers[0].evaluate(
        "() => { try { importScripts(); return 'classic'; } catch (e) { return 'module'; } }")
    assert kind == "module", "the engine worker must be a module worker (pyodide.mjs is an ES module)"
    assert problems == [], problems


STARTED_FROM = "async () => (await import('/static/js/core/engine-client.js')).engine.startedFrom"
# The loading steps the worker marked (engine-worker.js): "import" only when it imported the engine.
ENGINE_STEPS = "async () => Object.keys((await import('/static/js/core/engine-client.js')).engine.timings)"


def test_returning_visitor_starts_from_the_cached_pyodide_snapshot(browser_type, browser_type_launch_args,
                                                                   site_url, tmp_path, engine_ready, board_of,
                                                                   engine_play):
    """First visit: a fresh start, then the snapshot is fetched in the background. Next visit: the
    worker restores Pyodide from the cached snapshot, with the engine already imported (it does not
    import it again), and the engine still plays real moves."""
    context = browser_type.launch_persistent_context(str(tmp_path / "profile"), base_url=site_url,
                                                     **browser_type_launch_args)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        with page.expect_response(re.compile(r"/pyodide/v[^/]+/snapshot-[0-9a-f]{12}\.bin\.gz$"),
                                  timeout=60_000) as first:
            page.goto(LESSON)
            engine_ready(page)
            wheel = page.locator('meta[name="kradan-wheel"]').get_attribute("content")
        assert page.evaluate(STARTED_FROM) == "fresh"
        assert "import" in page.evaluate(ENGINE_STEPS)
        assert first.value.url.endswith(f"/snapshot-{wheel.split('/')[-2]}.bin.gz")  # named by the wheel it holds
        assert first.value.ok
        first.value.finished()  # the whole file is in the HTTP cache before the next visit

        page.goto(LESSON)
        engine_ready(page)
        assert page.evaluate(STARTED_FROM) == "snapshot"
        steps = page.evaluate(ENGINE_STEPS)
        assert "bridge" in steps and "import" not in steps  # call_json taken from the engine the snapshot holds
        board = board_of(page)
        board.click_move("e3e4")
        board.expect_fen(engine_play(START, ["e3e4"])["position"])
        board.click_move("d6d5")
        board.expect_fen(engine_play(START, ["e3e4", "d6d5"])["position"])
    finally:
        context.close()


def test_lesson_marks_until_the_first_move_then_the_played_move(page, engine_ready, board_of, engine_play):
    """A lesson's marks (last move, highlights, arrows) show until the reader moves; then the
    last move is the one played, drawn from its `legal` object (start and landing squares)."""
    fen = "r1smksnr/3n4/pppppppp/8/8/PPPPPPPP/3N4/R1SKMSNR w - - 2 2"  # marks: last b8d7, arrows d2b1 d7b8
    page.goto("/th/makruk/stalemate-and-draws/")
    figure = page.locator(f'figure.kr-board[data-position="{fen}"]')
    engine_ready(figure)
    board = board_of(figure)
    for square in ("b8", "d7"):
        expect(board.square(square)).to_have_class(re.compile(r"\bkr-last\b"))
    expect(board.svg.locator(".kr-arrows path")).to_have_count(2)
    board.click_move("d2b1")
    board.expect_fen(engine_play(fen, ["d2b1"])["position"])
    expect(board.svg.locator(".kr-arrows path")).to_have_count(0)
    for square, last in (("b8", False), ("d7", False), ("d2", True), ("b1", True)):
        check = expect(board.square(square))
        (check.to_have_class if last else check.not_to_have_class)(re.compile(r"\bkr-last\b"))
