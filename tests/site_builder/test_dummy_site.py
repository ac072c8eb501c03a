"""Dummy Knock on the site: a card game joins through CardGameSite (no sandbox, no board
diagrams), its lesson card blocks are drawn at build time, and the calculator page carries the
engine's options and the words its script needs."""
from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import pytest

from engine.api import call
from site_builder.games import PLUGINS
from site_builder.games.dummy.calculator import share_link
from site_builder.games.dummy.cards_svg import card_svg
from site_builder.games.dummy.notation import read

STANDARD = ("level thep; head 2H; P1 meld 2D 3D 4D 5D; P1 meld* KS KH KD; P2 meld AH AC AD; P2 hand 3C 4C 6D 7D; "
            "P3 meld 7H 8H 9H; P3 hand TC JC 6H 5C; P4 meld 6C 7C 8C; P4 hand KC JH TH AS; knock P1 9D")


@pytest.fixture(scope="module")
def site(project_build):
    return project_build.out


def page(site, path: str) -> str:
    return (site / path / "index.html").read_text(encoding="utf-8")


def test_dummy_is_a_card_game_with_a_calculator_and_no_sandbox(site):
    assert PLUGINS["dummy"].boards is False and PLUGINS["makruk"].boards is True
    assert not (site / "th" / "dummy" / "sandbox").exists()
    assert (site / "th" / "makruk" / "sandbox" / "index.html").is_file()
    home = page(site, "th")
    dummy = home[home.index('id="dummy"'):]
    assert "/th/dummy/calculator/" in dummy and "/th/dummy/sandbox/" not in home
    assert "/th/makruk/sandbox/" in home


def test_every_lesson_is_built_in_both_languages_with_cards_drawn_as_named_images(site):
    for lang in ("th", "en"):
        lessons = sorted(p.parent.name for p in (site / lang / "dummy").glob("*/index.html"))
        written = list((Path(__file__).resolve().parents[2] / "content" / lang / "dummy").glob("*.md"))
        assert {"calculator", "play"} <= set(lessons) and len(lessons) == len(written) + 2  # the lessons, the calculator, the practice table
    html = page(site, "th/dummy/cards-and-points")
    assert 'aria-label="แหม่มโพดำ"' in html and 'aria-label="2 ดอกจิก"' in html
    assert html.count('<svg class="dk-card"') >= 6
    assert '<symbol id="dk-suit-S"' in html  # the suit shapes the cards use


@pytest.mark.parametrize("card, letter, colour", [("QS", "S", "#1b1b1b"), ("2C", "C", "#1b1b1b"),
                                                  ("TH", "H", "#b3261e"), ("AD", "D", "#b3261e")])
def test_a_card_shows_its_suit_by_shape_as_well_as_colour_never_by_letter(card, letter, colour):
    svg = card_svg(card, "th")
    assert svg.count(f'href="#dk-suit-{letter}"') == 2 and f'fill="{colour}"' in svg  # small under the rank, large in the middle
    assert re.findall(r">([^<]+)</text>", svg) == [{"T": "10"}.get(card[0], card[0])]  # the rank alone: no S/H/D/C
    assert ">10</text>" in card_svg("TS", "en")


def test_a_table_block_links_to_the_calculator_holding_that_table(site):
    html = page(site, "en/dummy/worked-settlement")
    link = re.search(r'href="(/en/dummy/calculator/#t=[^"]+)"', html)[1]
    raw = link.split("#t=")[1]
    table = json.loads(base64.urlsafe_b64decode(raw + "=" * (-len(raw) % 4)))
    assert call({"op": "settle", "game": "dummy", "table": table})["net"] == {"P1": 1700, "P2": -1800, "P3": 700, "P4": -600}
    assert share_link("en", table) == link


def test_the_calculator_page_carries_the_engines_options_and_its_words(site):
    for lang in ("th", "en"):
        html = page(site, f"{lang}/dummy/calculator")
        assert '<script type="module" src="/static/js/games/dummy/calculator.js"></script>' in html
        assert 'href="/static/css/dummy.css"' in html
        data = json.loads(re.search(r'<script type="application/json" id="dk-data">(.*?)</script>', html, re.S)[1])
        engine = {o["name"] for o in next(g for g in call({"op": "games"})["games"] if g["id"] == "dummy")["options"]}
        assert {o["name"] for o in data["options"]} == engine and len(engine) == 13 and "foolForced" in engine
        assert all(c["label"] for o in data["options"] for c in o["choices"])
        assert len(data["words"]["cards"]) == 52 and set(data["words"]["items"]) >= {"tier", "knock_fee", "fool"}
    th = json.loads(re.search(r'id="dk-data">(.*?)</script>', page(site, "th/dummy/calculator"), re.S)[1])
    assert th["words"]["cards"]["QS"] == "แหม่มโพดำ" and th["words"]["seat"].format(n=3) == "ขา 3"


@pytest.mark.parametrize("body, message", [
    (["cards: QS 2X"], "not cards: 2X"),
    (["cards: QS", "table: level thep"], "either a cards: line or a table: line"),
    (["table: level thep; head 2H; P1 hand 2H"], "the engine refuses the table"),
    (["table: level thep; head 2H; P5 hand 3H"], "'P5' is not a table line"),
])
def test_a_bad_lesson_block_is_a_build_problem_naming_what_is_wrong(body, message):
    block, problems = PLUGINS["dummy"].parse_board(body, 10, "content/th/dummy/x.md")
    assert block is None and problems and message in problems[0].what


def test_a_good_table_block_reads_back_to_the_engines_table():
    block, problems = PLUGINS["dummy"].parse_board([f"table: {STANDARD}", "calculator: yes"], 5, "x.md")
    assert problems == [] and block.calculator and block.table == read(STANDARD.replace(";", "\n"))
    figure = PLUGINS["dummy"].figure(block, "th")
    assert figure.startswith('<figure class="kr-board dk-figure"') and 'data-interactive="false"' in figure
    assert "ขา 1 น็อก" in figure and "/th/dummy/calculator/#t=" in figure
