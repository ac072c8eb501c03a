"""The Dummy practice table (/th/dummy/play/) and a lesson's live table, played as a reader would
on a 360 px phone: a seeded hand to its end against the computer players (an illegal collect
refused with its rule on the way, the reader's knock, the settlement read line by line); a
damaged link; the hint. The hand the page plays is foreseen here with the same engine (deals
and computer players are deterministic): the test taps the cards of each action it chooses for
the reader and checks the log and the settlement against the engine's own play.

The computer's pace is shortened with the link's `pace=0` (the page's own option). Screenshots
at 360 and 1280 px go to the artifacts folder."""
from __future__ import annotations

import json
import re
from html import unescape
from urllib.request import ProxyHandler, build_opener

import pytest
from playwright.sync_api import Page, expect
from test_phone import DESKTOP, MIN_TARGET, PHONE

from engine.api import call
from tests.site_builder.thai_words import latin_words, visible_texts

# Not about a first visit: one HTTP cache per screen (conftest.py). About the boards and pages, not
# the engine's loading: its replies come from the engine in CPython, without Pyodide's start-up
# (conftest.py: site_url).
pytestmark = [pytest.mark.e2e, pytest.mark.warm, pytest.mark.engine_in_cpython]

PLAY = "/{lang}/dummy/play/"
ENGINE_MS = 120_000
READER, DEALER, LEVEL = "P1", "P4", 1
KINDS_FIRST = ("collect", "meld", "layoff", "draw", "discard", "pass")
CARD = re.compile(r"^[2-9TJQKA][SHDC]$")
RANKS, SUITS = "23456789TJQKA", "SHDC"


def canonical(cards) -> list[str]:
    return sorted(cards, key=lambda c: (RANKS.index(c[0]), SUITS.index(c[1])))


def reader_choice(legal: list[str]) -> str:
    """The test's reader: knock when it can (the shortest knock), else collect, meld, lay off, draw, discard."""
    knocks = [a for a in legal if "knock" in a]
    if knocks:
        return min(knocks, key=len)
    singles = [a for a in legal if " ; " not in a]
    return next(a for kind in KINDS_FIRST for a in singles if a.startswith(kind))


def engine(request: dict) -> dict:
    reply = call({"game": "dummy", **request})
    assert reply["ok"], reply
    return reply


def foresee(seed: int) -> tuple[list[tuple[str, str, dict]], dict]:
    """Every action of the hand the page plays from `seed` ((seat, action, the reply before it)), and the last reply."""
    state = engine({"op": "deal", "seed": seed, "dealer": DEALER, "level": "sian"})["state"]
    reply = engine({"op": "play", "position": state, "moves": []})
    steps = []
    while reply["phase"] != "ended":
        seat = reply["turn"]
        action = reader_choice(reply["legal"]) if seat == READER else \
            engine({"op": "bestmove", "position": reply["position"], "seat": seat, "level": LEVEL})["move"]
        steps.append((seat, action, reply))
        reply = engine({"op": "play", "position": reply["position"], "moves": [action], "seat": seat})
    return steps, reply


def hand_cards(action: str, hand: list[str]) -> list[str]:
    return [t for t in dict.fromkeys(action.split()) if CARD.match(t) and t in hand]


def wrong_collect(steps) -> tuple[int, str, str, dict] | None:
    """The reader's first take with a pile: (step index, pile card, hand card, refusal) for a collect of that
    card with one hand card that no legal collect fits."""
    for i, (seat, _, reply) in enumerate(steps):
        if seat != READER or reply["phase"] != "take" or not reply["position"]["pile"]:
            continue
        key = reply["position"]["pile"][-1]["card"]
        hand = next(p["hand"] for p in reply["position"]["players"] if p["id"] == READER)
        for card in hand:
            fits = [a for a in reply["legal"] if a.startswith(f"collect {key} ") and hand_cards(a, hand) == [card]]
            if fits:
                continue
            tried = f"collect {key} meld {' '.join(canonical([key, card]))}"
            refusal = call({"game": "dummy", "op": "play", "position": reply["position"], "moves": [tried],
                            "seat": READER})
            assert not refusal["ok"], refusal
            return i, key, card, refusal["error"]
    return None


@pytest.fixture(scope="module")
def knocking_hand():
    """The first seed (of 1-80) whose hand the test's reader ends with a knock, with a wrong collect on the
    way."""
    for seed in range(1, 81):
        steps, end = foresee(seed)
        wrong = wrong_collect(steps)
        if end["status"]["reason"] == "knock" and end["turn"] == READER and wrong:
            return seed, steps, end, wrong
    pytest.fail("no seed of 1-80 gives a hand the test's reader knocks: widen the range or change reader_choice")


def open_table(page: Page, link: str) -> None:
    page.goto(PLAY.format(lang="th") + link)
    expect(page.locator("#dk-play")).to_have_attribute("data-state", re.compile("ready|failed"), timeout=ENGINE_MS)
    assert page.locator("#dk-play").get_attribute("data-state") == "ready", page.locator("#dk-play").inner_text()


def latin_on(page: Page) -> list[tuple[str, str]]:
    """(word, text) for every Latin word a reader of the Thai page sees or hears now (notation aside)."""
    return [(word, text.strip()[:80]) for text in visible_texts(page.content()) for word in latin_words(text)]


def small_targets(page: Page) -> list[str]:
    return page.locator("#dk-play button, #dk-play select").evaluate_all(f"""els => els
        .filter((el) => el.getClientRects().length)
        .map((el) => [el.className + ' ' + (el.dataset.card || el.textContent.trim()), el.getBoundingClientRect()])
        .filter(([, r]) => r.height < {MIN_TARGET} - 0.5 || r.width < {MIN_TARGET} - 0.5)
        .map(([what, r]) => `${{what}} ${{Math.round(r.width)}}x${{Math.round(r.height)}}`)""")


def test_a_seeded_hand_played_to_the_knock_and_settled_on_a_phone(open_warm_page, knocking_hand, artifacts_dir):
    seed, steps, end, (wrong_at, key, card, refusal) = knocking_hand
    page = open_warm_page(**PHONE)
    open_table(page, f"#seed={seed}&level={LEVEL}&pace=0")
    log = page.locator("ol.dk-log li")
    table = page.locator(".dk-live")
    for i, (seat, action, reply) in enumerate(steps):
        if seat != READER:
            continue
        expect(log).to_have_count(i, timeout=ENGINE_MS)
        expect(table).to_have_attribute("data-active", "true")
        if i == wrong_at:  # the illegal collect: no button fits it; trying it brings the rule
            page.locator(f'.dk-pile button[data-card="{key}"]').click()
            page.locator(f'.dk-hand button[data-card="{card}"]').click()
            expect(page.locator(".dk-actions button[data-action]")).to_have_count(0)
            page.locator(".dk-actions button[data-try]").click()
            status = page.locator(".dk-status")
            expect(status).to_contain_text("ทำไม่ได้")
            expect(status).to_contain_text(refusal["rule"].lstrip("§"))
            assert small_targets(page) == []
            assert latin_on(page) == []
            assert page.evaluate("document.documentElement.scrollWidth") <= 360
            page.screenshot(path=str(artifacts_dir / "dummy-play-refused-360.png"), full_page=True)
            page.locator(".dk-actions .dk-clear").click()
        hand = next(p["hand"] for p in reply["position"]["players"] if p["id"] == READER)
        if action.startswith("collect "):
            page.locator(f'.dk-pile button[data-card="{action.split()[1]}"]').click()
        for held in hand_cards(action, hand):
            page.locator(f'.dk-hand button[data-card="{held}"]').click()
        page.locator(f'.dk-actions button[data-action="{action}"]').click()
    expect(log).to_have_count(len(steps), timeout=ENGINE_MS)
    result = page.locator(".dk-result")
    expect(result).to_have_attribute("data-state", "settled")
    expect(result.locator(".dk-end")).to_have_text("ขา 1 น็อก")
    settlement = end["settlement"]
    expect(result.locator("table.dk-ledger tbody tr")).to_have_count(len(settlement["ledger"]))
    net = settlement["net"][READER]
    reader_net = result.locator("table.dk-summary tbody tr").first.locator("td").last
    expect(reader_net).to_have_text(f"+{net}" if net > 0 else str(net))
    assert log.last.inner_text().startswith("ขา 1: ") and "น็อก" in log.last.inner_text()
    assert latin_on(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot(path=str(artifacts_dir / "dummy-play-settled-360.png"), full_page=True)


def test_a_damaged_link_gives_a_new_deal_and_the_hint_gives_the_computers_reasons(new_context, artifacts_dir):
    context = new_context(**DESKTOP)
    page = context.new_page()
    open_table(page, "#seed=12ab&level=9")
    expect(page.locator(".dk-link-note")).to_contain_text("ลิงก์นี้เสียหรือถูกแก้ไข")
    assert re.fullmatch(r"#seed=\d+&level=2", page.evaluate("location.hash"))
    expect(page.locator(".dk-live")).to_have_attribute("data-active", "true", timeout=ENGINE_MS)
    page.locator('button[data-control="hint"]').click()
    expect(page.locator(".dk-hint")).to_contain_text("คอมพิวเตอร์แนะนำ: ")
    page.screenshot(path=str(artifacts_dir / "dummy-play-1280.png"), full_page=True)
    context.close()


def live_lesson(site_url: str) -> tuple[str, dict]:
    """The first Thai Dummy lesson (from the site navigation) with a live table that has a goal: its URL
    and the figure's data."""
    opener = build_opener(ProxyHandler({}))  # the site is local: never through a proxy

    def text(path: str) -> str:
        with opener.open(site_url + path) as reply:
            return reply.read().decode("utf-8")

    for path in sorted(set(re.findall(r'href="(/th/dummy/[a-z0-9-]+/)"', text("/th/dummy/play/")))):
        for m in re.finditer(r'<script type="application/json" class="dk-live-data">(.*?)</script>', text(path)):
            data = json.loads(unescape(m.group(1)))
            if data["goal"]:
                return path, data
    pytest.fail("no Thai Dummy lesson has a live table with a goal (```dummy with interactive: true, goal: ...)")


def meeting(legal: list[str], goal: str) -> list[str]:
    return [a for a in legal if a == goal or any(part.split()[0] == goal for part in a.split(" ; "))]


def test_a_lessons_live_table_refuses_with_its_rule_and_meets_its_goal(open_warm_page, site_url):
    url, data = live_lesson(site_url)
    state, goal = data["state"], data["goal"]
    first = engine({"op": "play", "position": state, "moves": []})
    seat, plan, reply = first["turn"], [], first
    while not meeting(reply["legal"], goal):  # draw first when the goal needs a card more
        assert "draw" in reply["legal"] and not plan, f"{url}: the goal {goal!r} cannot be met by the seat to act"
        plan.append("draw")
        reply = engine({"op": "play", "position": state, "moves": plan})
    plan.append(min(meeting(reply["legal"], goal), key=len))
    page = open_warm_page(**PHONE)
    page.goto(url)
    figure = page.locator("figure.dk-live-figure").filter(has=page.locator("p.dk-goal")).first
    figure.locator('button[data-control="play"]').click()  # the engine loads when the reader touches the table
    expect(figure.locator(".dk-live")).to_have_attribute("data-active", "true", timeout=ENGINE_MS)
    expect(figure.locator(".dk-live-host")).to_have_attribute("data-state", "ready")  # its loading note gone: no shift
    hand = next(p["hand"] for p in state["players"] if p["id"] == seat)
    if first["phase"] == "take":  # a discard before taking: refused with its rule (§26)
        figure.locator(f'.dk-hand button[data-card="{hand[0]}"]').click()
        figure.locator(".dk-actions button[data-try]").click()
        expect(figure.locator(".dk-status")).to_contain_text("26")
        figure.locator(".dk-actions .dk-clear").click()
    position = state
    for action in plan:
        hand = next(p["hand"] for p in position["players"] if p["id"] == seat)
        if action.startswith("collect "):
            figure.locator(f'.dk-pile button[data-card="{action.split()[1]}"]').click()
        for held in hand_cards(action, hand):
            figure.locator(f'.dk-hand button[data-card="{held}"]').click()
        figure.locator(f'.dk-actions button[data-action="{action}"]').click()
        position = engine({"op": "play", "position": position, "moves": [action]})["position"]
    expect(figure).to_have_attribute("data-goal-met", "true")
    expect(figure.locator(".dk-status")).to_contain_text("ถูกต้อง")
