"""A lesson's live Dummy table (```dummy with interactive: true, site_builder/games/dummy/fragment.py):
the builder deals or reads the STATE, plays the moves and checks the goal with the engine; every
mistake in the block is a problem naming its line; the figure carries the STATE, the goal and the
table's words in the lesson's language, and shows the hand to play without JavaScript."""
from __future__ import annotations

import json
import re
from html import unescape

import pytest

from engine.api import call
from site_builder.games.dummy import fragment
from site_builder.games.dummy.site import PLUGIN
from site_builder.games.dummy.words import card_name


def parse(*lines: str):
    return PLUGIN.parse_board(list(lines), 10, "content/th/dummy/x.md")


def figure_data(html: str) -> dict:
    return json.loads(unescape(re.search(r'class="dk-live-data">(.*?)</script>', html).group(1)))


def test_a_seeded_block_becomes_the_engines_table_after_its_moves():
    block, problems = parse("interactive: true", "seed: 36", "moves: draw", "goal: discard", "caption: ทิ้งไพ่หนึ่งใบ")
    assert problems == []
    dealt = call({"op": "deal", "game": "dummy", "seed": 36})["state"]
    expected = call({"op": "play", "game": "dummy", "position": dealt, "moves": ["draw"]})["position"]
    assert isinstance(block, fragment.LiveBlock) and block.interactive
    assert json.loads(block.state_json) == expected
    html = PLUGIN.figure(block, "th")
    data = figure_data(html)
    assert data["state"] == expected and data["goal"] == "discard"
    assert data["ui"]["goalKinds"]["discard"] == "ทิ้งไพ่" and data["words"]["seat"] == "ขา {n}"
    assert 'data-interactive="true"' in html and "ทิ้งไพ่หนึ่งใบ" in html
    actor = next(p for p in expected["players"] if p["id"] == expected["turn"])
    assert all(f'aria-label="{card_name(card, "th")}"' in html for card in actor["hand"])  # the hand, without JS


def test_a_block_with_a_state_line_reads_the_state_as_it_is():
    state = call({"op": "deal", "game": "dummy", "seed": 5, "dealer": "P4"})["state"]
    block, problems = parse("interactive: true", "state: " + json.dumps(state), "goal: draw")
    assert problems == [] and json.loads(block.state_json) == state


@pytest.mark.parametrize("lines, line, what", [
    (("seed: 3",), 9, "needs interactive: true"),
    (("interactive: yes", "seed: 3"), 10, "needs interactive: true"),
    (("interactive: true",), 9, "either a seed: line or a state: line"),
    (("interactive: true", "seed: 3", "state: {}"), 9, "either a seed: line or a state: line"),
    (("interactive: true", "seed: three"), 11, "not a whole number"),
    (("interactive: true", "state: {not json"), 11, "not JSON"),
    (("interactive: true", "seed: 36", "moves: discard 2C"), 12, "the engine refuses it"),
    (("interactive: true", "seed: 36", "goal: win"), 12, "neither an action kind"),
    (("interactive: true", "seed: 36", "goal: discard 2C"), 12, "not a legal action"),
])
def test_a_wrong_block_is_a_problem_at_its_line(lines, line, what):
    block, problems = parse(*lines)
    assert block is None and len(problems) == 1
    assert problems[0].line == line and what in problems[0].what, problems[0]


def test_a_block_whose_moves_end_the_hand_is_refused():
    state = call({"op": "deal", "game": "dummy", "seed": 16, "dealer": "P4"})["state"]
    reply = call({"op": "play", "game": "dummy", "position": state, "moves": []})
    knock = min((a for a in reply["legal"] if "knock" in a), key=len, default=None)
    if knock is None:
        pytest.fail("seed 16 no longer gives a knock at once: pick a seed whose first player can knock")
    block, problems = parse("interactive: true", "state: " + json.dumps(state), f"moves: {knock}")
    assert block is None and "the hand is over" in problems[0].what
