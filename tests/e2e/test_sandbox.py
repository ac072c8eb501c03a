"""The sandbox as a visitor uses it: ?fen= opens a position, moves fill the move list in words,
undo, a bad FEN or a corrupt link is refused with a clear message while the game is kept, copy
FEN, new game; a game against the computer (level 1: a few moves, undo takes its reply back
too, flip); a set-up position with a running count shows the count panel; the address keeps
the game, so the language switch carries it."""
from __future__ import annotations

import re
from urllib.parse import parse_qs, quote, urlsplit

import pytest
from playwright.sync_api import expect

# Not about a first visit: one HTTP cache (conftest.py). About the boards and pages, not the
# engine's loading: its replies come from the engine in CPython, without Pyodide's start-up
# (conftest.py: site_url).
pytestmark = [pytest.mark.e2e, pytest.mark.warm, pytest.mark.engine_in_cpython]

SANDBOX = "/th/makruk/sandbox/"
FREE = SANDBOX + "?vs="  # a game by hand: a fresh sandbox plays the computer
START = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"
BLACK_MATES = "1r6/8/8/p7/P7/6k1/8/7K b - - 0 1"  # b8b1 mates
COUNTING = "8/8/8/4k3/8/8/2R5/4K3 b - 32 6 1"  # a pieces' honour count runs: Black counts, 16 is the limit


def fen_field(page):
    return page.locator("#kr-fen")


def form_message(page):
    return page.locator("#kr-sandbox .kr-fen-form .kr-message")


def moves(page):
    return page.locator("#kr-sandbox ol.kr-movelist > li")


def plies(page):
    return page.locator("#kr-sandbox ol.kr-movelist .kr-ply")


def computer_state(page):
    return page.locator("#kr-sandbox .kr-vs-state")


def query(page) -> dict[str, str]:
    return {key: values[0] for key, values in parse_qs(urlsplit(page.url).query).items()}


def test_fen_param_then_checkmate_in_thai(page, engine_ready, board_of, engine_play):
    page.goto(f"{SANDBOX}?fen={quote(BLACK_MATES)}")
    engine_ready(page)
    board = board_of(page)
    board.expect_fen(BLACK_MATES)
    expect(fen_field(page)).to_have_value(BLACK_MATES)
    expect(board.status).to_have_text("ตาดำเดิน")
    board.click_move("b8b1")
    board.expect_fen(engine_play(BLACK_MATES, ["b8b1"])["position"])
    expect(board.status).to_have_attribute("data-result", "black_wins")
    expect(board.status).to_have_text("ดำชนะ — จน")
    expect(moves(page)).to_have_text(["… เรือดำ b8 ไป b1"])
    expect(board.announce).to_have_text("เรือดำ b8 ไป b1 ดำชนะ — จน")


def test_moves_list_in_words_and_undo(page, engine_ready, board_of, engine_play):
    page.goto(FREE)
    engine_ready(page)
    board = board_of(page)
    board.expect_fen(START)
    expect(moves(page)).to_have_text(["ยังไม่มีการเดิน"])
    expect(board.button("undo")).to_be_disabled()
    board.click_move("e3e4")
    board.drag_move(page, "d6d5")
    two = engine_play(START, ["e3e4", "d6d5"])["position"]
    board.expect_fen(two)
    expect(fen_field(page)).to_have_value(two)
    expect(plies(page)).to_have_text(["เบี้ยขาว e3 ไป e4", "เบี้ยดำ d6 ไป d5"])
    expect(moves(page)).to_have_attribute("value", "1")
    assert query(page) == {"fen": START, "moves": "e3e4 d6d5"}  # the address keeps the game
    board.button("undo").click()
    board.expect_fen(engine_play(START, ["e3e4"])["position"])
    expect(plies(page)).to_have_text(["เบี้ยขาว e3 ไป e4"])
    expect(board.announce).to_contain_text("ย้อนกลับหนึ่งตา")
    board.button("undo").click()
    board.expect_fen(START)
    expect(board.button("undo")).to_be_disabled()


def test_an_illegal_move_says_why_once(page, engine_ready, board_of):
    page.goto(FREE)
    engine_ready(page)
    board = board_of(page)
    board.click_move("e3e5")
    expect(board.message).to_have_text("เบี้ยเดินตรงไปข้างหน้าได้ทีละหนึ่งช่อง")  # the engine's reason, said once
    board.expect_fen(START)


def test_bad_fen_is_refused_and_the_game_is_kept(page, engine_ready, board_of, engine_play):
    page.goto(FREE)
    engine_ready(page)
    board = board_of(page)
    board.click_move("e3e4")
    kept = engine_play(START, ["e3e4"])["position"]
    board.expect_fen(kept)

    for bad in ["this is not a position", "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSN w - - 0 1"]:
        fen_field(page).fill(bad)
        page.locator('#kr-sandbox [data-action="set-position"]').click()
        expect(form_message(page)).to_have_class(re.compile(r"\bkr-error\b"))
        expect(form_message(page)).to_contain_text("ตั้งตำแหน่งนี้ไม่ได้")
        assert len(form_message(page).inner_text()) > len("ตั้งตำแหน่งนี้ไม่ได้ — ")  # says why
        board.expect_fen(kept)
        expect(plies(page)).to_have_text(["เบี้ยขาว e3 ไป e4"])

    # Enter in the field submits; a good FEN replaces the game.
    fen_field(page).fill(BLACK_MATES)
    fen_field(page).press("Enter")
    board.expect_fen(BLACK_MATES)
    expect(form_message(page)).not_to_have_class(re.compile(r"\bkr-error\b"))
    expect(form_message(page)).to_have_text("ตั้งตำแหน่งแล้ว")
    expect(moves(page)).to_have_text(["ยังไม่มีการเดิน"])

    page.locator('#kr-sandbox [data-action="new-game"]').click()
    board.expect_fen(START)


def test_a_corrupt_link_says_so_and_keeps_what_it_can(page, engine_ready, board_of, engine_play):
    page.goto(f"{SANDBOX}?fen={quote('not a position')}&moves=e3e4")
    engine_ready(page)
    board = board_of(page)
    expect(form_message(page)).to_contain_text("ลิงก์นี้มีตำแหน่งที่ตั้งไม่ได้")
    expect(form_message(page)).to_have_class(re.compile(r"\bkr-error\b"))
    board.expect_fen(START)
    assert query(page)["fen"] == "not a position"  # the link stays as it was until the reader plays

    page.goto(f"{SANDBOX}?fen={quote(START)}&moves={quote('e3e4 d6d5 a1a8 b3b4')}")
    engine_ready(page)
    board = board_of(page)
    board.expect_fen(engine_play(START, ["e3e4", "d6d5"])["position"])  # the good moves are kept
    expect(form_message(page)).to_contain_text("ตาที่ 3 ในลิงก์เดินไม่ได้")
    expect(plies(page)).to_have_count(2)


def test_copy_fen_to_the_clipboard(page, engine_ready, board_of, engine_play):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])  # taken back before the next warm page
    page.goto(FREE)
    engine_ready(page)
    board = board_of(page)
    board.click_move("b3b4")
    fen = engine_play(START, ["b3b4"])["position"]
    board.expect_fen(fen)
    page.locator('#kr-sandbox [data-action="copy-fen"]').click()
    expect(form_message(page)).to_have_text("คัดลอก FEN แล้ว")
    assert page.evaluate("navigator.clipboard.readText()") == fen


def test_copy_fen_fallback_selects_the_text(page, engine_ready, board_of):
    """Without clipboard access the FEN is selected in the field, to copy by hand."""
    page.goto(FREE)
    engine_ready(page)
    # Take the clipboard away the way a locked-down browser would.
    page.evaluate("Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true })")
    page.locator('#kr-sandbox [data-action="copy-fen"]').click()
    expect(form_message(page)).to_have_text("เลือกข้อความไว้แล้ว กด Ctrl+C เพื่อคัดลอก")
    expect(fen_field(page)).to_be_focused()
    selected = fen_field(page).evaluate("el => el.value.slice(el.selectionStart, el.selectionEnd)")
    assert selected == START


def test_play_the_computer_at_level_one(page, engine_ready, board_of, engine_play):
    page.goto(SANDBOX)
    engine_ready(page)
    board = board_of(page)
    # A fresh sandbox plays the computer: the reader White, the computer Black, at level 1.
    expect(page.locator("#kr-vs-side")).to_have_value("black")
    expect(page.locator("#kr-vs-side option:checked")).to_have_text("ขาว")  # the reader's side
    expect(page.locator("#kr-vs-level")).to_have_value("1")
    expect(computer_state(page)).to_have_text("ตาคุณเดิน (ขาว)")
    for n, mine in enumerate(("e3e4", "b3b4", "g3g4"), start=1):
        board.click_move(mine)
        expect(plies(page)).to_have_count(2 * n, timeout=20_000)  # the computer replied
        expect(computer_state(page)).to_have_text("ตาคุณเดิน (ขาว)")
        played = query(page)["moves"].split()
        assert len(played) == 2 * n and played[-2] == mine
        reply = engine_play(START, played)
        board.expect_fen(reply["position"])
        assert reply["turn"] == "white"
    expect(plies(page).nth(1)).to_have_text(re.compile(r"^(เบี้ย|ม้า|โคน|เม็ด|เรือ|ขุน)ดำ [a-h][1-8] (ไป|กิน\S+) [a-h][1-8]$"))
    assert query(page)["vs"] == "black" and query(page)["level"] == "1"

    # Undo takes back the computer's reply and the reader's move: White is to move again.
    board.button("undo").click()
    board.expect_fen(engine_play(START, played[:-2])["position"])
    expect(plies(page)).to_have_count(4)
    expect(computer_state(page)).to_have_text("ตาคุณเดิน (ขาว)")

    # Flip: Black at the bottom, the game goes on.
    corner = board.square("a1").bounding_box()
    board.button("flip").click()
    assert board.square("a1").bounding_box()["y"] < corner["y"]
    board.expect_fen(engine_play(START, played[:-2])["position"])


def test_the_computer_may_play_white_from_any_position(page, engine_ready, board_of, engine_play):
    page.goto(FREE)
    engine_ready(page)
    board = board_of(page)
    page.select_option("#kr-vs-level", "1")
    page.select_option("#kr-vs-side", "white")  # White is to move: the computer moves at once
    expect(plies(page)).to_have_count(1, timeout=20_000)
    board.expect_fen(engine_play(START, query(page)["moves"].split())["position"])
    assert board.square("a1").bounding_box()["y"] < board.square("a8").bounding_box()["y"]  # Black at the bottom
    expect(computer_state(page)).to_have_text("ตาคุณเดิน (ดำ)")


def test_a_set_up_position_with_a_running_count_shows_the_count_panel(page, engine_ready, board_of):
    page.goto(FREE)
    engine_ready(page)
    board = board_of(page)
    panel = board.live.locator(".kr-count")
    expect(panel).to_be_hidden()
    fen_field(page).fill(COUNTING)
    page.locator('#kr-sandbox [data-action="set-position"]').click()
    board.expect_fen(COUNTING)
    expect(panel).to_be_visible()
    expect(panel).to_have_attribute("data-kind", "pieces")
    expect(panel).to_have_attribute("data-limit", "16")
    expect(panel).to_contain_text("ดำเป็นฝ่ายนับ")


def test_the_language_switch_keeps_the_game(page, engine_ready, board_of, engine_play):
    page.goto(SANDBOX)
    engine_ready(page)
    board = board_of(page)
    page.select_option("#kr-vs-level", "1")
    page.select_option("#kr-vs-side", "black")
    board.click_move("e3e4")
    expect(plies(page)).to_have_count(2, timeout=20_000)
    played = query(page)["moves"].split()
    page.locator("a.lang-switch").click()
    expect(page).to_have_url(re.compile(r"/en/makruk/sandbox/\?"))
    engine_ready(page)
    board = board_of(page)
    board.expect_fen(engine_play(START, played)["position"])
    expect(plies(page).first).to_have_text("White Bia e3 to e4")
    expect(page.locator("#kr-vs-side")).to_have_value("black")
    expect(page.locator("#kr-vs-level")).to_have_value("1")
    expect(computer_state(page)).to_have_text("Your move (White)")


def test_english_sandbox(page, engine_ready, board_of):
    page.goto("/en/makruk/sandbox/")
    engine_ready(page)
    board = board_of(page)
    expect(board.status).to_have_text("White to move")
    expect(moves(page)).to_have_text(["No moves yet"])
    fen_field(page).fill("nonsense")
    page.locator('#kr-sandbox [data-action="set-position"]').click()
    expect(form_message(page)).to_contain_text("This position cannot be set")
