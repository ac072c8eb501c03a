"""Issue 21 §1–2, the two live parts left after test_no_lost_taps.py: a Dummy lesson's live table
and the Makruk counting trainer.

A Dummy lesson asks for none of the engine's files (held here as there: everything under
/pyodide/ and /engine/) until the reader touches its table; the touch says the engine is loading,
and the card the reader tapped (and any tapped meanwhile) is kept, named in words and selected
on the live table once the engine is there. From the keyboard, the table's "play this table"
button starts it and the focus lands on the hand.

The counting trainer's defender holds the reader's taps while it thinks, instead of switching the
board off: the worker is kept busy by a few long requests queued before the reader's move, so the
defence waits behind them, and the reader's next move, tapped meanwhile, is played after it.
"""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect
from test_axe import axe_source, violations  # noqa: F401 - axe_source is a fixture
from test_counting_ui import safe_move, trainer_ready, white_to_play
from test_no_lost_taps import QUEUED, HeldEngine
from test_phone import MIN_TARGET, PHONE

from engine.api import call

pytestmark = pytest.mark.e2e

LESSON = "/th/dummy/the-turn/"  # its first figure is a live table
TRAINER = "/th/makruk/counting-trainer/"
ENGINE_MS = 120_000
KEPT = re.compile(r"\bdk-kept\b")
MAKRUK_START = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"


def live_table(page: Page):
    """The lesson's first live table, before any touch: the still picture and the play button."""
    page.goto(LESSON)
    figure = page.locator("figure.dk-live-figure").first
    expect(figure.locator(".dk-live-host")).to_have_attribute("data-state", "idle")
    expect(figure.locator('button[data-control="play"]')).to_have_text("เล่นโต๊ะนี้ (โหลดเอนจินราว 5 เมกะไบต์)")
    data = json.loads(figure.locator("script.dk-live-data").text_content())
    return figure, data


def hand_to_play(data: dict) -> list[str]:
    state = data["state"]
    return next(p["hand"] for p in state["players"] if p["id"] == state["turn"])


def test_a_dummy_lesson_loads_the_engine_only_when_touched_and_keeps_the_tapped_cards(new_context):
    context = new_context(**PHONE)
    held = HeldEngine(context)
    page = context.new_page()
    figure, data = live_table(page)
    host = figure.locator(".dk-live-host")
    page.mouse.wheel(0, 1500)  # the reader reads: scrolling is no touch of the table
    page.wait_for_load_state("load")
    page.wait_for_timeout(3000)
    assert held.asked == [], held.asked

    first, second = hand_to_play(data)[:2]
    names = data["words"]["cards"]
    still = figure.locator(".dk-static")
    still.locator(f'svg.dk-card[aria-label="{names[first]}"]').first.tap()  # the touch that starts it
    expect(host).to_have_attribute("data-state", "loading")
    expect(host.locator(".kr-note").first).to_have_text(
        "กำลังโหลดเอนจิน (ราว 5 เมกะไบต์)… แตะไพ่ที่จะเล่นไว้ได้เลย จะเลือกให้ทันทีที่โต๊ะพร้อม")
    held.wait_for_request(page, "/pyodide/", "the touch did not start the engine's download")
    kept = host.locator(".dk-kept-note")
    expect(kept).to_have_text(f"เก็บการแตะไว้แล้ว ({names[first]}) จะเลือกไพ่ให้ทันทีที่โต๊ะพร้อม")
    still.locator(f'svg.dk-card[aria-label="{names[second]}"]').first.tap()  # tapped while it loads
    expect(kept).to_have_text(f"เก็บการแตะไว้แล้ว ({names[first]} → {names[second]}) จะเลือกไพ่ให้ทันทีที่โต๊ะพร้อม")
    for card in (first, second):
        expect(still.locator(f'svg.dk-card[aria-label="{names[card]}"]').first).to_have_class(KEPT)
    assert held.held, "the engine's files are still held"
    expect(figure.locator(".dk-live")).to_have_count(0)

    held.release()
    expect(figure.locator(".dk-live")).to_have_attribute("data-active", "true", timeout=ENGINE_MS)
    expect(host).to_have_attribute("data-state", "ready")
    expect(still).to_have_count(0)
    expect(kept).to_have_count(0)
    for card in (first, second):
        expect(figure.locator(f'.dk-hand button[data-card="{card}"]')).to_have_attribute("aria-pressed", "true")
    expect(figure.locator(".dk-status")).to_have_text(f"เลือกไพ่ที่แตะไว้ให้แล้ว: {names[first]}, {names[second]}")
    expect(figure.locator(".dk-actions button").first).to_be_visible()  # what the two cards can do (or try)
    context.close()


def test_a_dummy_table_started_from_the_keyboard_puts_the_focus_on_the_hand(page: Page, context):
    held = HeldEngine(context)
    figure, data = live_table(page)
    play = figure.locator('button[data-control="play"]')
    play.focus()
    assert held.asked == [], "focusing the button is no touch yet"
    page.keyboard.press("Enter")
    expect(figure.locator(".dk-live-host")).to_have_attribute("data-state", "loading")
    held.wait_for_request(page, "/pyodide/", "the touch did not start the engine's download")
    held.release()
    expect(figure.locator(".dk-live")).to_have_attribute("data-active", "true", timeout=ENGINE_MS)
    expect(figure.locator(".dk-hand button").first).to_be_focused()
    expect(figure.locator(".dk-hand button")).to_have_count(len(hand_to_play(data)))


@pytest.mark.parametrize("lang", ["th", "en"])
def test_a_dummy_table_waiting_for_its_touch_is_axe_clean_with_a_44_px_button(new_context, axe_source, lang):
    path = LESSON.replace("/th/", f"/{lang}/")
    found = violations(new_context, axe_source, path)
    assert found == [], "\n".join(found)
    context = new_context(**PHONE)
    page = context.new_page()
    page.goto(path)
    box = page.locator('figure.dk-live-figure button[data-control="play"]').first.bounding_box()
    assert box["height"] >= MIN_TARGET - 0.5 and box["width"] >= MIN_TARGET - 0.5, box
    context.close()


def test_taps_while_the_counting_defender_thinks_are_kept_and_played_after_its_move(page: Page, board_of):
    page.goto(f"{TRAINER}?material=r&seed=7")
    root = trainer_ready(page)
    white_to_play(root)
    board = board_of(root)
    start = board.fen
    horizon = next(m["horizon"] for m in json.loads(root.get_attribute("data-materials")) if m["id"] == "r")
    def after(*moves):
        return call({"op": "play", "game": "makruk", "position": start, "moves": list(moves)})["position"]

    first = safe_move(start, set())
    defence = call({"op": "defend", "game": "makruk", "position": start, "moves": [first], "horizon": horizon})["move"]
    second = safe_move(after(first, defence), {after(first).split()[0]})

    # Five long requests (a perft each, a few seconds in Pyodide): the first runs, the reader's move
    # (urgent) goes next, the defence waits behind the other four, so the defender is still
    # thinking when the next move is tapped.
    page.evaluate("""async (position) => {
        const { engine } = await import('/static/js/core/engine-client.js');
        for (let i = 0; i < 5; i++) engine.call({ op: 'perft', game: 'makruk', position, depth: 4 });
    }""", MAKRUK_START)
    board.click_move(first)
    board.expect_fen(after(first), timeout=60_000)
    assert root.get_attribute("data-thinking") == "true"
    assert board.live.get_attribute("data-interactive") == "true", "taps wait while it thinks, not switched off"
    board.square(second[:2]).click()
    board.square(second[2:4]).click()
    expect(page.locator(".kr-trainer-turn")).to_have_text("ขุนดำกำลังคิด…")
    expect(board.square(second[:2])).to_have_class(QUEUED)
    expect(board.square(second[2:4])).to_have_class(QUEUED)
    expect(board.message).to_have_text(f"เก็บการแตะไว้แล้ว ({second[:2]} → {second[2:4]}) จะเดินให้ทันทีที่กระดานพร้อม")
    assert root.get_attribute("data-thinking") == "true", "the taps were made while the defender thought"

    # The defence, then the move tapped meanwhile, then the defender's next reply (which may come at
    # once: wait for the end, not for the passing position).
    played = after(first, defence, second)
    replies = call({"op": "play", "game": "makruk", "position": played})["legal_moves"]
    finals = "|".join(re.escape(after(first, defence, second, reply)) for reply in replies)
    expect(board.live).to_have_attribute("data-position", re.compile(f"^(?:{finals})$"), timeout=60_000)
    expect(board.square(second[2:4])).not_to_have_class(QUEUED)
    white_to_play(root)
