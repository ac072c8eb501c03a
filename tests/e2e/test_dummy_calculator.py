"""The Dummy settlement calculator, driven as a reader would: tap places and cards to enter a
knock table, read the per-seat summary and the ledger, see impossible entries named, share the
table by link and open the link in a new browser context; a corrupt link gives a message and an
empty calculator; a liability (เหมา) from a link is settled, removed and added again by hand,
and shared on with the link's discard pile and stock count."""
from __future__ import annotations

import base64
import json
import re

import pytest
from playwright.sync_api import Page, expect

from engine.api import call
from site_builder.games.dummy.calculator import share_link
from tests.site_builder.thai_words import latin_words, visible_texts

# Not about a first visit: one HTTP cache for the module (conftest.py). About the boards and pages,
# not the engine's loading: its replies come from the engine in CPython, without Pyodide's start-up
# (conftest.py: site_url).
pytestmark = [pytest.mark.warm, pytest.mark.engine_in_cpython]

CALC = "/th/dummy/calculator/"
ENGINE_MS = 60_000
# The knock table of tests/engine/dummy/dk.py's standard(): P1 knocks normally with 9D face down.
SEATS = {
    0: {"melds": [(["2D", "3D", "4D", "5D"], False), (["KS", "KH", "KD"], True)], "hand": []},
    1: {"melds": [(["AH", "AC", "AD"], False)], "hand": ["3C", "4C", "6D", "7D"]},
    2: {"melds": [(["7H", "8H", "9H"], False)], "hand": ["TC", "JC", "6H", "5C"]},
    3: {"melds": [(["6C", "7C", "8C"], False)], "hand": ["KC", "JH", "TH", "AS"]},
}


def engine_table() -> dict:
    return {"level": "thep", "head": "2H",
            "players": [{"id": f"P{i + 1}", "melds": [{"cards": c, **({"in_knock": True} if k else {})}
                                                      for c, k in seat["melds"]], "hand": seat["hand"]}
                        for i, seat in SEATS.items()],
            "knock": {"player": "P1", "face_down": "9D", "collected": []}}


def open_calculator(page: Page, path: str = CALC) -> None:
    page.goto(path)
    expect(page.locator("#dk-calc")).to_have_attribute("data-state", re.compile("ready|failed"), timeout=ENGINE_MS)
    assert page.locator("#dk-calc").get_attribute("data-state") == "ready"


def tap(page: Page, target: str, *cards: str) -> None:
    page.locator(f'[data-target="{target}"]').click()
    for card in cards:
        page.locator(f'.dk-deck button[data-card="{card}"]').click()


def enter_knock_table(page: Page) -> None:
    tap(page, "head::", "2H")
    for seat, entry in SEATS.items():
        for index, (cards, in_knock) in enumerate(entry["melds"]):
            page.locator(f'[data-target="new-meld:{seat}:"]').click()
            tap(page, f"meld:{seat}:{index}", *cards)
            if in_knock:
                page.locator(f'.dk-meld-row[data-meld="P{seat + 1}.{index}"] input[type="checkbox"]').check()
        if entry["hand"]:
            tap(page, f"hand:{seat}:", *entry["hand"])
    page.locator('select[name="knocker"]').select_option("P1")
    tap(page, "face_down::", "9D")


def engine_nets(reply: dict) -> dict[str, str]:
    """The summary's net column as the calculator writes the engine's ``net``."""
    return {f"ขา {pid[1]}": (f"+{n}" if n > 0 else str(n)) for pid, n in reply["net"].items()}


def summary_nets(page: Page) -> dict[str, str]:
    rows = page.locator(".dk-result table.dk-summary tbody tr")
    return {rows.nth(i).locator("th").inner_text(): rows.nth(i).locator("td").last.inner_text()
            for i in range(rows.count())}


@pytest.fixture
def knock_page(page: Page) -> Page:
    page.set_viewport_size({"width": 360, "height": 800})
    open_calculator(page)
    enter_knock_table(page)
    expect(page.locator(".dk-result")).to_have_attribute("data-state", "ok", timeout=ENGINE_MS)
    return page


@pytest.fixture
def linked_knock_page(page: Page) -> Page:
    """The same knock table opened from its link, for tests of what comes after it (entering it by
    taps is tested once, above, and shared by link below)."""
    page.set_viewport_size({"width": 360, "height": 800})
    open_calculator(page, share_link("th", engine_table()))
    expect(page.locator(".dk-result")).to_have_attribute("data-state", "ok", timeout=ENGINE_MS)
    return page


def test_a_knock_table_entered_by_taps_gives_the_engines_ledger(knock_page: Page):
    want = call({"op": "settle", "game": "dummy", "table": engine_table()})
    assert want["ok"]
    nets = summary_nets(knock_page)
    assert nets == engine_nets(want)
    rows = knock_page.locator("table.dk-ledger tbody tr")  # at the end of the calculator
    expect(rows).to_have_count(len(want["ledger"]))
    first = rows.first.locator("td")
    assert [first.nth(i).inner_text() for i in range(6)] == [
        "1", "ขา 2", "ขา 1", str(want["ledger"][0]["amount"]), "ค่าเสียตามขั้น", want["ledger"][0]["rule"]]
    knock = rows.nth(3).locator("td")
    assert knock.nth(4).inner_text() == "ค่าน็อก" and knock.nth(5).inner_text() == "§79"


def test_a_card_placed_twice_and_a_meld_that_is_no_meld_are_named_at_once(linked_knock_page: Page):
    page = linked_knock_page
    tap(page, "hand:1:", "KS")
    expect(page.locator(".dk-status")).to_contain_text("คิงโพดำ อยู่ที่ ชุดที่ 2 ของขา 1 แล้ว")
    page.locator('[data-target="new-meld:2:"]').click()
    tap(page, "meld:2:1", "2S", "7S", "JS")
    note = page.locator('.dk-meld-note[data-meld-note="P3.1"]')
    expect(note).to_contain_text("ยังไม่ใช่ตองหรือเรียง", timeout=ENGINE_MS)
    expect(page.locator(".dk-result")).to_have_attribute("data-state", "bad", timeout=ENGINE_MS)
    expect(page.locator(".dk-problem-where")).to_contain_text("ขา 3 ชุดที่ 2")
    for card in ("2S", "7S", "JS"):  # take them back: the table settles again
        page.locator(f'.dk-meld-row[data-meld="P3.1"] .dk-placed button[data-card="{card}"]').click()
    expect(page.locator(".dk-problem-why")).to_contain_text("อย่างน้อย 3 ใบ", timeout=ENGINE_MS)


def test_a_shared_link_opens_the_same_table_in_a_new_context(knock_page: Page, browser, site_url):
    knock_page.locator('button[data-action="share"]').click()
    link = knock_page.locator(".dk-share-url").input_value()
    assert "#t=" in link
    before = summary_nets(knock_page)
    other = browser.new_context(base_url=site_url, viewport={"width": 1280, "height": 900})
    try:
        fresh = other.new_page()
        open_calculator(fresh, link)
        expect(fresh.locator(".dk-result")).to_have_attribute("data-state", "ok", timeout=ENGINE_MS)
        assert summary_nets(fresh) == before
        expect(fresh.locator('.dk-meld-row[data-meld="P1.1"] .dk-placed button')).to_have_count(3)
        expect(fresh.locator('select[name="knocker"]')).to_have_value("P1")
    finally:
        other.close()


@pytest.mark.parametrize("hash_text", ["#t=not-base64!!", "#t=eyJsZXZlbCI6ImJhZCJ9"])
def test_a_corrupt_link_gives_a_message_and_an_empty_calculator(page: Page, hash_text: str):
    open_calculator(page, CALC + hash_text)
    expect(page.locator(".dk-status")).to_contain_text("ลิงก์นี้เสียหรือไม่ครบ")
    expect(page.locator(".dk-placed button")).to_have_count(0)
    expect(page.locator(".dk-result")).to_have_attribute("data-state", "empty", timeout=ENGINE_MS)


def test_the_thai_calculator_speaks_thai_only(linked_knock_page: Page):
    knock_page = linked_knock_page
    knock_page.locator('[data-target="hand:1:"]').click()
    knock_page.locator('.dk-deck button[data-card="QS"]').click()  # a second speto in P2's hand
    knock_page.locator('[data-target="new-meld:2:"]').click()
    tap(knock_page, "meld:2:1", "2S", "7S", "JS")  # not a meld: the engine's message is shown too
    knock_page.locator("details.dk-events > summary").click()  # the liabilities are folded
    knock_page.locator('select[name="liability-culprit"]').select_option("P4")
    knock_page.locator('select[name="liability-beneficiary"]').select_option("P1")
    knock_page.locator('button[data-action="add-liability"]').click()  # the liability list is Thai too
    expect(knock_page.locator(".dk-liability")).to_have_count(1)
    expect(knock_page.locator(".dk-result")).to_have_attribute("data-state", "bad", timeout=ENGINE_MS)
    html = knock_page.locator("main").evaluate("el => el.outerHTML")
    texts = visible_texts(f'<html lang="th">{html}</html>')
    assert any("ไม่ใช่ตองหรือเรียง" in text for text in texts)
    assert [(word, text.strip()[:80]) for text in texts for word in latin_words(text)] == []


def test_a_liability_from_a_link_is_settled_edited_and_shared_on(page: Page):
    liability = {"culprits": ["P4"], "covers": "all", "beneficiary": "P1"}  # P4 pays for P2 and P3 (§82)
    plain = {**engine_table(), "discard_pile": ["2H", "4S", "5S"], "stock_count": 20}
    table = {**plain, "events": {"liabilities": [liability]}}
    want, without = (call({"op": "settle", "game": "dummy", "table": t}) for t in (table, plain))
    assert want["ok"] and without["ok"] and want["net"] != without["net"]
    open_calculator(page, share_link("th", table))
    result = page.locator(".dk-result")
    expect(result).to_have_attribute("data-state", "ok", timeout=ENGINE_MS)
    assert summary_nets(page) == engine_nets(want)
    rows = page.locator("table.dk-ledger tbody tr")
    expect(rows).to_have_count(len(want["ledger"]))
    first = rows.first.locator("td")
    assert want["ledger"][0]["on_behalf_of"] == "P2"
    assert [first.nth(i).inner_text() for i in (1, 2, 4, 5)] == [
        "ขา 4", "ขา 1", "ค่าเสียตามขั้น (จ่ายแทน ขา 2)", want["ledger"][0]["rule"]]
    expect(page.locator(".dk-liability")).to_have_text(re.compile(r"^ขา 4 เหมาทุกรายการ.*ให้ ขา 1"))

    page.locator('.dk-liability button[data-action="remove-liability"]').click()
    expect(page.locator(".dk-liability")).to_have_count(0)
    p4_net = result.locator("table.dk-summary tbody tr").nth(3).locator("td").last
    expect(p4_net).to_have_text(engine_nets(without)["ขา 4"], timeout=ENGINE_MS)
    assert summary_nets(page) == engine_nets(without)

    page.locator('select[name="liability-culprit"]').select_option("P4")
    page.locator('select[name="liability-covers"]').select_option("all")
    page.locator('select[name="liability-beneficiary"]').select_option("P1")
    page.locator('button[data-action="add-liability"]').click()
    expect(p4_net).to_have_text(engine_nets(want)["ขา 4"], timeout=ENGINE_MS)
    assert summary_nets(page) == engine_nets(want)

    page.locator('button[data-action="share"]').click()
    link = page.locator(".dk-share-url").input_value()
    encoded = link.split("#t=", 1)[1]
    shared = json.loads(base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)))
    assert shared["events"]["liabilities"] == [liability]
    assert (shared["discard_pile"], shared["stock_count"]) == (table["discard_pile"], table["stock_count"])
    assert call({"op": "settle", "game": "dummy", "table": shared})["net"] == want["net"]
