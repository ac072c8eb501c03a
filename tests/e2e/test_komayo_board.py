"""Komayo's board as a player uses it (issue 10, section 5): capture a piece and drop it (tap and
drag from the hand), choose to promote and decline, a forced promotion, the King's privilege, a
forbidden drop refused with its reason, an impossible position refused (three Rooks counting the
hands, a missing King, a pawn that could never move) with the game kept, the piece-style setting,
pieces turned on a flipped board, Thai-only words on the live board, and a game against the computer.

Everything runs in the Thai sandbox (?fen= opens a position); what each step must show comes
from the engine in CPython (`komayo_play`)."""
from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from engine.api import call
from tests.site_builder.thai_words import latin_words, visible_texts

# Not about a first visit: one HTTP cache (conftest.py). About the boards and pages, not the
# engine's loading: its replies come from the engine in CPython, without Pyodide's start-up
# (conftest.py: site_url).
pytestmark = [pytest.mark.e2e, pytest.mark.warm, pytest.mark.engine_in_cpython]

SANDBOX = "/th/komayo/sandbox/"
START = "lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL b - 1"


def komayo_play(position: str, moves: list[str]) -> dict:
    reply = call({"op": "play", "game": "komayo", "position": position, "moves": list(moves)})
    assert reply["ok"], reply
    return reply


def open_sandbox(page, engine_ready, board_of, position: str | None = None):
    page.goto(SANDBOX + (f"?fen={quote(position)}" if position else "?vs="))  # both sides by hand
    engine_ready(page)
    board = board_of(page)
    board.expect_fen(position or START)
    return board


def hand(board, side: str):
    return board.live.locator(f'.kr-hand[data-side="{side}"]')


def hand_piece(board, side: str, kind: str):
    return hand(board, side).locator(f'.kr-hand-piece[data-piece="{kind}"]')


def plies(page):
    return page.locator("#kr-sandbox ol.kr-movelist .kr-ply")


def chooser(board):
    return board.live.locator(".kr-chooser")


def test_capture_a_piece_then_drop_it_by_tap_and_by_drag(page, engine_ready, board_of):
    position = "4k3/8/8/3+s4/8/8/3R4/4K3 b S 1"
    board = open_sandbox(page, engine_ready, board_of, position)
    expect(hand(board, "sente")).to_have_attribute("data-place", "bottom")
    expect(hand_piece(board, "sente", "S")).to_have_attribute("data-count", "1")
    expect(hand(board, "gote")).to_have_text("ไม่มีหมากในมือ")

    board.click_move("d2d5")  # the Rook takes the promoted Silver: it goes to the hand demoted
    board.expect_fen(komayo_play(position, ["d2d5"])["position"])
    expect(hand_piece(board, "sente", "S")).to_have_attribute("data-count", "2")
    expect(hand_piece(board, "sente", "S")).to_have_attribute("aria-label", "เงิน 2 ตัว")
    expect(board.announce).to_have_text("เรือฝ่ายเดินก่อน d2 กินเงินเลื่อนขั้น d5")
    board.click_move("e8f8")

    hand_piece(board, "sente", "S").click()  # tap the hand piece, then the square
    expect(hand_piece(board, "sente", "S")).to_have_attribute("aria-pressed", "true")
    expect(board.square("c4")).to_have_class(re.compile(r"\bkr-target\b"))
    board.square("c4").click()
    moves = ["d2d5", "e8f8", "S*c4"]
    board.expect_fen(komayo_play(position, moves)["position"])
    expect(board.square("c4")).to_have_attribute("aria-label", re.compile("เงิน"))
    expect(hand_piece(board, "sente", "S")).to_have_attribute("data-count", "1")
    board.click_move("f8e8")

    hand(board, "sente").scroll_into_view_if_needed()
    piece = hand_piece(board, "sente", "S").bounding_box()  # drag the last Silver onto the board
    target = board.square("b5").bounding_box()
    page.mouse.move(piece["x"] + piece["width"] / 2, piece["y"] + piece["height"] / 2)
    page.mouse.down()
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=8)
    page.mouse.up()
    moves += ["f8e8", "S*b5"]
    board.expect_fen(komayo_play(position, moves)["position"])
    expect(hand(board, "sente")).to_have_text("ไม่มีหมากในมือ")
    expect(plies(page)).to_have_text(["เรือฝ่ายเดินก่อน d2 กินเงินเลื่อนขั้น d5",
                                      "ขุนฝ่ายเดินหลัง e8 ไป f8", "ฝ่ายเดินก่อนวางเงินที่ c4",
                                      "ขุนฝ่ายเดินหลัง f8 ไป e8", "ฝ่ายเดินก่อนวางเงินที่ b5"])


def test_choose_to_promote_then_decline(page, engine_ready, board_of):
    position = "4k3/8/8/3S4/8/8/8/4K3 b - 1"
    board = open_sandbox(page, engine_ready, board_of, position)
    board.click_move("d5d6")
    expect(chooser(board)).to_be_visible()
    choices = chooser(board).locator(".kr-choice")
    expect(choices.locator(".kr-choice-label")).to_have_text(["ไม่เลื่อนขั้น", "เลื่อนขั้น"])
    choices.filter(has_text="d5d6+").click()
    board.expect_fen(komayo_play(position, ["d5d6+"])["position"])
    expect(board.square("d6")).to_have_attribute("aria-label", "d6, ฝ่ายเดินก่อน เงินเลื่อนขั้น")
    expect(board.announce).to_have_text("เงินฝ่ายเดินก่อน d5 ไป d6 เลื่อนขั้น")

    board.button("undo").click()
    board.expect_fen(position)
    board.click_move("d5d6")
    chooser(board).locator(".kr-choice").filter(has_text=re.compile(r"d5d6$")).click()
    board.expect_fen(komayo_play(position, ["d5d6"])["position"])
    expect(board.square("d6")).to_have_attribute("aria-label", "d6, ฝ่ายเดินก่อน เงิน")


def test_a_forced_promotion_is_made_without_asking(page, engine_ready, board_of):
    position = "4k3/P7/8/8/8/8/8/4K3 b - 1"
    board = open_sandbox(page, engine_ready, board_of, position)
    board.click_move("a7a8")
    board.expect_fen(komayo_play(position, ["a7a8+"])["position"])
    expect(chooser(board)).to_be_hidden()
    expect(board.square("a8")).to_have_attribute("aria-label", "a8, ฝ่ายเดินก่อน เบี้ยเลื่อนขั้น")
    expect(board.announce).to_have_text("เบี้ยฝ่ายเดินก่อน a7 ไป a8 เลื่อนขั้น")


def test_the_kings_privilege_keeps_the_piece_promoted_in_hand(page, engine_ready, board_of):
    position = "4k3/8/8/8/8/8/4+r3/4K3 b - 1"
    board = open_sandbox(page, engine_ready, board_of, position)
    board.click_move("e1e2")
    choices = chooser(board).locator(".kr-choice")
    expect(choices.locator(".kr-choice-label")).to_have_text(
        ["ลดขั้นตามปกติ", "ใช้สิทธิ์ของขุน: เก็บไว้ในมือแบบเลื่อนขั้น"])
    choices.filter(has_text="e1e2^").click()
    board.expect_fen(komayo_play(position, ["e1e2^"])["position"])
    kept = hand_piece(board, "sente", "+R")
    expect(kept).to_have_class(re.compile(r"\bkr-promoted\b"))
    expect(kept).to_have_attribute("aria-label", "เรือเลื่อนขั้น 1 ตัว")
    expect(board.announce).to_contain_text("สิทธิ์ของขุน")


def test_a_forbidden_drop_is_refused_with_its_reason(page, engine_ready, board_of):
    position = "4k3/8/8/8/8/8/8/4K3 b NP 1"
    board = open_sandbox(page, engine_ready, board_of, position)
    hand_piece(board, "sente", "N").click()
    expect(board.square("a7")).not_to_have_class(re.compile(r"\bkr-target\b"))
    board.square("a7").click()
    expect(board.message).to_have_text(
        "เดิน 'N*a7' ไม่ได้: วางม้าที่ยังไม่เลื่อนขั้นลงที่ช่อง a7 ไม่ได้ เพราะจะเดินต่อไม่ได้อีกเลย")
    board.expect_fen(position)  # nothing changed: the game goes on
    expect(board.status).to_have_attribute("data-result", "ongoing")

    hand_piece(board, "sente", "P").click()  # an unpromoted pawn is dead in hand
    board.square("d4").click()
    expect(board.message).to_contain_text("เบี้ยที่ยังไม่เลื่อนขั้นในมือใช้ไม่ได้")
    board.expect_fen(position)


def test_thai_letters_by_default_and_the_setting_changes_every_piece(page, engine_ready, board_of):
    board = open_sandbox(page, engine_ready, board_of, "4k3/8/8/8/8/8/8/4K3 b +R 1")
    piece, held = board.square("e1").locator("use"), hand_piece(board, "sente", "+R").locator("use")
    expect(piece).to_have_attribute("href", "#ko-sK-t")  # a Thai page: Thai letters
    expect(board.square("e8").locator("use")).to_have_attribute("href", "#ko-gK-t")
    expect(held).to_have_attribute("href", "#ko-sRp-t")
    setting = page.get_by_label("รูปแบบตัวหมาก")
    expect(setting.locator("option")).to_have_text(["อักษรไทย", "ตัวอักษรคันจิ (แบบญี่ปุ่น)", "ตัวอักษรละติน (แบบตะวันตก)"])
    setting.select_option("letters")
    expect(piece).to_have_attribute("href", "#ko-sK-w")
    expect(held).to_have_attribute("href", "#ko-sRp-w")
    setting.select_option("kanji")
    expect(piece).to_have_attribute("href", "#ko-sK")
    page.reload()  # the choice is kept
    engine_ready(page)
    expect(board_of(page).square("e1").locator("use")).to_have_attribute("href", "#ko-sK")
    expect(page.get_by_label("รูปแบบตัวหมาก")).to_have_value("kanji")


def test_the_first_lesson_has_the_piece_legend_and_the_setting(page):
    page.goto("/th/komayo/pieces/")
    legend = page.locator("figure.ko-legend table")
    expect(legend.locator("tbody tr")).to_have_count(15)
    expect(legend.locator("tbody tr").first.locator("th")).to_have_text("ขุน")
    row = legend.locator("tbody tr").nth(1)  # the Princess in Thai letters, kanji and Western letters
    expect(row.locator("use")).to_have_count(3)
    for i, href in enumerate(("#ko-sI-t", "#ko-sI", "#ko-sI-w")):
        expect(row.locator("use").nth(i)).to_have_attribute("href", href)
    static = page.locator("figure.kr-board svg.kr-diagram use[href^='#ko-sK']").first
    expect(static).to_have_attribute("href", "#ko-sK-t")  # the static diagrams too, drawn at build time


def test_play_the_computer_as_sente(page, engine_ready, board_of):
    board = open_sandbox(page, engine_ready, board_of)
    page.locator("#kr-vs-side").select_option("gote")
    page.locator("#kr-vs-level").select_option("1")
    board.click_move("c3c4")
    expect(plies(page)).to_have_count(2, timeout=30_000)  # the computer answered with a move in words
    expect(plies(page).nth(1)).to_contain_text("ฝ่ายเดินหลัง")
    expect(board.status).to_have_text("ตาฝ่ายเดินก่อนเดิน")  # the reader (Sente) is to move again
    played = komayo_play(START, ["c3c4"])
    reply = next(m for m in played["legal"] if m["words"]["th"] == plies(page).nth(1).inner_text())
    board.expect_fen(komayo_play(START, ["c3c4", reply["move"]])["position"])


def test_flipping_the_board_turns_every_piece_to_face_the_other_side(page, engine_ready, board_of):
    board = open_sandbox(page, engine_ready, board_of, "4k3/8/8/8/8/8/8/4K3 b S 1")
    piece, held = board.square("e1").locator("use"), hand_piece(board, "sente", "S").locator("use")
    expect(piece).to_have_attribute("href", "#ko-sK-t")
    board.button("flip").click()
    expect(hand(board, "sente")).to_have_attribute("data-place", "top")
    # Thai letters are never upside down: Sente's pieces take the face that points down, letter upright
    expect(board.square("e1").locator("use")).to_have_attribute("href", "#ko-gK-t")
    expect(board.square("e1").locator("use")).not_to_have_attribute("transform", re.compile("."))
    expect(hand_piece(board, "sente", "S").locator("use")).to_have_attribute("href", "#ko-gS-t")
    page.get_by_label("รูปแบบตัวหมาก").select_option("kanji")  # kanji turn round, as on a shogi board
    expect(board.square("e1").locator("use")).to_have_attribute("href", "#ko-sK")
    expect(board.square("e1").locator("use")).to_have_attribute("transform", "rotate(180 .5 .5)")
    expect(hand_piece(board, "sente", "S").locator("use")).to_have_attribute("transform", "rotate(180 .5 .5)")
    board.button("flip").click()
    expect(board.square("e1").locator("use")).not_to_have_attribute("transform", re.compile("."))
    expect(held).to_have_attribute("href", "#ko-sS")


@pytest.mark.parametrize("bad, why", [
    ("4k3/8/8/8/8/8/R7/R3K3 b R 1", "มีเรือ (R) 3 ตัว รวมบนกระดานและในมือ"),  # two on the board, one in hand
    ("8/8/8/8/8/8/8/4K3 b - 1", "ไม่มีขุน"),
    ("4k2P/8/8/8/8/8/8/4K3 b - 1", "เดินต่อไม่ได้อีกเลย"),
])
def test_an_impossible_position_is_refused_and_the_game_is_kept(page, engine_ready, board_of, bad, why):
    board = open_sandbox(page, engine_ready, board_of)
    board.click_move("c3c4")
    kept = komayo_play(START, ["c3c4"])["position"]
    board.expect_fen(kept)
    page.locator("#kr-fen").fill(bad)
    page.locator('#kr-sandbox [data-action="set-position"]').click()
    message = page.locator("#kr-sandbox .kr-fen-form .kr-message")
    expect(message).to_have_class(re.compile(r"\bkr-error\b"))
    expect(message).to_contain_text("ตั้งตำแหน่งนี้ไม่ได้")
    expect(message).to_contain_text(why)
    board.expect_fen(kept)
    expect(plies(page)).to_have_text(["เบี้ยฝ่ายเดินก่อน c3 ไป c4"])


def test_the_thai_sandbox_speaks_thai_through_captures_drops_and_choices(page, engine_ready, board_of):
    """What the live board writes on a Thai page (hands, announcements, the chooser, the move list,
    the setting) is Thai besides notation (tests/site_builder/thai_words.py's rules)."""
    board = open_sandbox(page, engine_ready, board_of, "4k3/8/8/3+s4/8/8/3R4/4K3 b +P 1")
    board.click_move("d2d5")
    board.click_move("e8f8")
    hand_piece(board, "sente", "S").click()
    board.square("c4").click()
    expect(plies(page)).to_have_count(3)
    board.click_move("f8e8")
    board.click_move("d5d6")  # optional promotion: the chooser is open
    expect(chooser(board)).to_be_visible()
    found = [(word, text.strip()[:80]) for text in visible_texts(page.content()) for word in latin_words(text)]
    assert found == []


def test_playing_gote_the_computer_opens_and_the_board_faces_gote(page, engine_ready, board_of):
    page.goto(f"{SANDBOX}?vs=sente&level=1")
    board = board_of(engine_ready(page))
    expect(plies(page)).to_have_count(1, timeout=30_000)  # Sente (the computer) has opened
    expect(plies(page).first).to_contain_text("ฝ่ายเดินก่อน")
    expect(hand(board, "gote")).to_have_attribute("data-place", "bottom")
    # seen from Gote's side, Gote's King points up with its Thai letter upright (the other side's face)
    expect(board.square("e8").locator("use")).to_have_attribute("href", "#ko-sK-t")
    expect(board.square("e8").locator("use")).not_to_have_attribute("transform", re.compile("."))
    expect(board.status).to_have_text("ตาฝ่ายเดินหลังเดิน")
