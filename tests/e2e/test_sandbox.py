"""The sandbox as a visitor uses it: ?fen= opens a position, moves fill the move list, undo,
a bad FEN is refused with a clear message while the game is kept, copy FEN, new game."""
from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

SANDBOX = "/th/makruk/sandbox/"
START = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"
BLACK_MATES = "1r6/8/8/p7/P7/6k1/8/7K b - - 0 1"  # b8b1 mates


def fen_field(page):
    return page.locator("#kr-fen")


def form_message(page):
    return page.locator("#kr-sandbox .kr-fen-form .kr-message")


def moves(page):
    return page.locator("#kr-sandbox ol.kr-movelist > li")


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
    expect(moves(page)).to_have_text(["… b8b1"])


def test_moves_list_and_undo(page, engine_ready, board_of, engine_play):
    page.goto(SANDBOX)
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
    expect(moves(page)).to_have_text(["e3e4 d6d5"])
    board.button("undo").click()
    board.expect_fen(engine_play(START, ["e3e4"])["position"])
    expect(moves(page)).to_have_text(["e3e4"])
    expect(board.announce).to_contain_text("ย้อนกลับหนึ่งตา")
    board.button("undo").click()
    board.expect_fen(START)
    expect(board.button("undo")).to_be_disabled()


def test_bad_fen_is_refused_and_the_game_is_kept(page, engine_ready, board_of, engine_play):
    page.goto(SANDBOX)
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
        expect(moves(page)).to_have_text(["e3e4"])

    # Enter in the field submits; a good FEN replaces the game.
    fen_field(page).fill(BLACK_MATES)
    fen_field(page).press("Enter")
    board.expect_fen(BLACK_MATES)
    expect(form_message(page)).not_to_have_class(re.compile(r"\bkr-error\b"))
    expect(form_message(page)).to_have_text("ตั้งตำแหน่งแล้ว")
    expect(moves(page)).to_have_text(["ยังไม่มีการเดิน"])

    page.locator('#kr-sandbox [data-action="new-game"]').click()
    board.expect_fen(START)


def test_copy_fen_to_the_clipboard(new_context, engine_ready, board_of, engine_play):
    context = new_context(permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.goto(SANDBOX)
    engine_ready(page)
    board = board_of(page)
    board.click_move("b3b4")
    fen = engine_play(START, ["b3b4"])["position"]
    board.expect_fen(fen)
    page.locator('#kr-sandbox [data-action="copy-fen"]').click()
    expect(form_message(page)).to_have_text("คัดลอก FEN แล้ว")
    assert page.evaluate("navigator.clipboard.readText()") == fen


def test_copy_fen_fallback_selects_the_text(new_context, engine_ready, board_of):
    """Without clipboard access the FEN is selected in the field, to copy by hand."""
    context = new_context()
    page = context.new_page()
    page.goto(SANDBOX)
    engine_ready(page)
    # Take the clipboard away the way a locked-down browser would.
    page.evaluate("Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true })")
    page.locator('#kr-sandbox [data-action="copy-fen"]').click()
    expect(form_message(page)).to_have_text("เลือกข้อความไว้แล้ว กด Ctrl+C เพื่อคัดลอก")
    expect(fen_field(page)).to_be_focused()
    selected = fen_field(page).evaluate("el => el.value.slice(el.selectionStart, el.selectionEnd)")
    assert selected == START


def test_english_sandbox(page, engine_ready, board_of):
    page.goto("/en/makruk/sandbox/")
    engine_ready(page)
    board = board_of(page)
    expect(board.status).to_have_text("White to move")
    expect(moves(page)).to_have_text(["No moves yet"])
    fen_field(page).fill("nonsense")
    page.locator('#kr-sandbox [data-action="set-position"]').click()
    expect(form_message(page)).to_contain_text("This position cannot be set")
