"""A lesson's live table: a ```dummy block with ``interactive: true``.

    ```dummy
    interactive: true
    seed: 7                       (or  state: {STATE JSON on one line, dummy-play.md})
    moves: draw | discard 9C      (optional: actions played first, split by |)
    goal: collect                 (optional: an action kind, or one exact ACTION)
    caption: Collect the 8♦ from the pile.
    ```

The build deals (or reads the STATE), plays the moves and checks the goal with the engine; the
figure carries the resulting STATE, the goal and the table's words for
static/js/games/dummy/fragment.js. Without JavaScript it shows the hand of the seat to act and
the discard pile.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from markupsafe import escape

from engine.api import call

from ...errors import BuildProblem
from . import cards_svg
from .calculator import json_block
from .play_page import table_words
from .words import WORDS, seat

GAME = "dummy"
KINDS = ("draw", "collect", "meld", "layoff", "discard", "knock", "pass")
LIVE_KEYS = ("interactive", "state", "seed", "moves", "goal")
HELP = ("write interactive: true with either seed: <number> or state: <STATE JSON on one line>, then optionally "
        "moves: <action> | <action> and goal: <collect, knock, meld, layoff, discard, draw, pass, or one exact action>")


@dataclass(frozen=True)
class LiveBlock:
    """A lesson's live table: the STATE the reader starts from, and the goal (may be empty)."""

    game: str
    state_json: str
    goal: str
    caption: str
    interactive: bool = True
    replies: None = None  # the board games' recorded first replies: a card table has none


def parse(fields: dict[str, tuple[str, int]], rel: str, first_line: int) -> tuple[LiveBlock | None, list[BuildProblem]]:
    """The block's fields (key -> (value, file line)) checked with the engine."""
    def problem(line: int, what: str) -> tuple[None, list[BuildProblem]]:
        return None, [BuildProblem(rel, line, what, HELP)]

    interactive, line = fields.get("interactive", ("", first_line - 1))
    if interactive != "true":
        return problem(line, "a live table needs interactive: true (seed, state, moves and goal belong to it)")
    if ("seed" in fields) == ("state" in fields):
        return problem(first_line - 1, "a live ```dummy block needs either a seed: line or a state: line")
    if "seed" in fields:
        text, line = fields["seed"]
        if not text.isdigit():
            return problem(line, f"seed: {text!r} is not a whole number")
        reply = call({"op": "deal", "game": GAME, "seed": int(text)})
        if not reply.get("ok"):
            return problem(line, f"the engine cannot deal: {reply['error']['message']}")
        state = reply["state"]
    else:
        text, line = fields["state"]
        try:
            state = json.loads(text)
        except json.JSONDecodeError as error:
            return problem(line, f"state: not JSON ({error.msg} at column {error.colno})")
    moves_text, moves_line = fields.get("moves", ("", first_line))
    moves = [m.strip() for m in moves_text.split("|") if m.strip()]
    reply = call({"op": "play", "game": GAME, "position": state, "moves": moves})
    if not reply.get("ok"):
        return problem(moves_line if moves else line, f"the engine refuses it: {reply['error']['message']}")
    if reply["phase"] == "ended":
        return problem(moves_line, "the hand is over after these moves: leave the reader something to play")
    goal, goal_line = fields.get("goal", ("", first_line))
    if goal and " " not in goal and goal not in KINDS:
        return problem(goal_line, f"goal: {goal!r} is neither an action kind ({', '.join(KINDS)}) nor an action")
    if " " in goal and goal not in reply["legal"]:
        return problem(goal_line, f"goal: {goal!r} is not a legal action at the start of this table")
    caption = fields.get("caption", ("", 0))[0]
    return LiveBlock(GAME, json.dumps(reply["position"], separators=(",", ":")), goal, caption), []


def figure(block: LiveBlock, lang: str) -> str:
    """The live figure: the still view (the hand to play and the pile) and the data for the script."""
    state = json.loads(block.state_json)
    actor = next(p for p in state["players"] if p["id"] == state["turn"])
    pile = [entry["card"] for entry in state["pile"]]
    still = (f'<div class="dk-static"><p class="dk-seat-name">{escape(seat(actor["id"], lang))}</p>'
             f'<div class="dk-row">{cards_svg.group_html(actor["hand"], lang, WORDS[lang]["hand"])}</div>'
             + (f'<div class="dk-row">{cards_svg.group_html(pile, lang)}</div>' if pile else "") + "</div>")
    data = {**table_words(lang), "state": state, "goal": block.goal}
    cap = f"<figcaption>{escape(block.caption)}</figcaption>" if block.caption else ""
    return (f'<figure class="kr-board dk-figure dk-live-figure" data-game="dummy" data-interactive="true">{still}'
            f'<script type="application/json" class="dk-live-data">{json_block(data)}</script>{cap}</figure>')
