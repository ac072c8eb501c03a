"""A Dummy drill's position: a hand in play, written as the deck and the actions so far, and
replayed by the engine (the ``deal`` and ``play`` door ops), so every drill position is one a
real hand reaches. The seat to act after the actions is the solver.

Notation (one item a line)::

    deck 7S 2H …          the 52 cards, top first (dummy-play.md ``deal``)
    dealer P1             optional (default P1)
    level sian            optional (default sian)
    show P3               optional: a seat whose hand the figure shows face up
    draw                  then the actions in order, one a line, exactly as the engine writes them
    discard 8D
    collect 8D meld 7D 8D 9D

The drawn figure shows what the solver sees (the engine's ``view``): his hand, the pile, every
meld and layoff, the other seats' card counts; a drill may also show one other hand face up.
"""
from __future__ import annotations

from markupsafe import escape

from engine.api import call

from .cards_svg import card_svg, group_html
from .words import WORDS, card_name, meld_name, seat

GAME = "dummy"
DEFAULTS = {"dealer": "P1", "level": "sian", "show": ""}
TEXTS = {
    "th": {"pile": "กองทิ้ง (ล่างสุดไปบนสุด)", "stock": "กองจั่วเหลือ {n} ใบ", "you": "{seat} (คุณ)",
           "hidden": "{n} ใบในมือ", "shown": "ไพ่ในมือ (เปิดให้ดูในแบบฝึกนี้)", "dark": "มืด", "light": "เกิดแล้ว",
           "head": "ไพ่หัว", "by": "ทิ้งโดย{seat}"},
    "en": {"pile": "Discard pile (bottom to top)", "stock": "{n} cards left in the stock", "you": "{seat} (you)",
           "hidden": "{n} cards in hand", "shown": "hand (shown face up for this drill)", "dark": "dark",
           "light": "born", "head": "head card", "by": "discarded by {seat}"},
}


class DrillPositionError(ValueError):
    """A drill position the engine cannot replay; ``str()`` says why."""


def parse(text: str) -> dict:
    """``{"deck", "dealer", "level", "moves"}`` of a drill position."""
    fields, moves = dict(DEFAULTS), []
    deck = None
    for number, raw in enumerate(text.strip().splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        word, _, rest = line.partition(" ")
        if word == "deck":
            deck = rest.split()
        elif word in DEFAULTS:
            fields[word] = rest.strip()
        elif deck is None:
            raise DrillPositionError(f"line {number}: a drill position starts with a 'deck' line of 52 cards")
        else:
            moves.append(line)
    if deck is None:
        raise DrillPositionError("a drill position needs a 'deck' line of 52 cards, top first")
    return {**fields, "deck": deck, "moves": moves}


def write(position: dict) -> str:
    """The position's text, as :func:`parse` reads it."""
    lines = [f"deck {' '.join(position['deck'])}"]
    lines += [f"{key} {position[key]}" for key in DEFAULTS if position[key] != DEFAULTS[key]]
    return "\n".join(lines + position["moves"])


def _door(request: dict) -> dict:
    reply = call({"game": GAME, **request})
    if not reply.get("ok"):
        error = reply["error"]
        where = f" ({error['field']})" if error.get("field") else ""
        raise DrillPositionError(f"the engine refuses it{where}: {error['message']}")
    return reply


def replay(position: dict) -> dict:
    """The engine's ``play`` reply after the position's actions (``position``: the STATE, ``legal``, …)."""
    state = _door({"op": "deal", "deck": position["deck"], "dealer": position["dealer"],
                   "level": position["level"]})["state"]
    reply = _door({"op": "play", "position": state, "moves": position["moves"]})
    if reply["status"]["result"] != "ongoing":
        raise DrillPositionError("the hand has ended after these actions; a drill asks about a hand in play")
    return reply


def seat_view(state: dict, solver: str) -> dict:
    return _door({"op": "view", "position": state, "seat": solver})["view"]


def describe(text: str) -> dict:
    """The plugin's ``describe`` of a drill position: the engine's reply plus the solver's VIEW."""
    try:
        position = parse(text)
        reply = replay(position)
        view = seat_view(reply["position"], reply["turn"])
    except DrillPositionError as error:
        return {"ok": False, "error": {"message": str(error)}}
    return {"ok": True, "position": write(position), "turn": reply["turn"], "drill": position,
            "state": reply["position"], "legal": reply["legal"], "view": view}


def figure(described: dict, lang: str) -> str:
    """The solver's view as a figure, with the hand of the position's ``show`` seat face up."""
    view, solver, state = described["view"], described["turn"], described["state"]
    shown = described["drill"]["show"]
    w, t = WORDS[lang], TEXTS[lang]
    pile = view["pile"]
    pile_cards = "".join(card_svg(entry["card"], lang, "dk-small") for entry in pile)
    label = ", ".join(_pile_label(entry, lang) for entry in pile)
    rows = [f'<p class="dk-meta">{escape(t["stock"].format(n=view["stock_count"]))} · '
            f'{escape(w["head_card"])} {card_svg(view["head"], lang, "dk-small")}</p>',
            f'<div class="dk-seat"><p class="dk-seat-name">{escape(t["pile"])}</p>'
            f'<div class="dk-row"><span class="dk-group" role="group" aria-label="{escape(label)}">{pile_cards}</span>'
            f'</div></div>']
    hands = {player["id"]: player["hand"] for player in state["players"]}
    for player in view["players"]:
        pid = player["id"]
        name = t["you"].format(seat=seat(pid, lang)) if pid == solver else seat(pid, lang)
        status = t["light"] if player["melds"] else t["dark"]
        parts = [group_html(meld["cards"], lang, meld_name(f"{pid}.{i}", lang)) for i, meld in enumerate(player["melds"])]
        for layoff in player["layoffs"]:
            onto = w["onto"].format(meld=meld_name(layoff["onto"], lang))
            parts.append(f'<span class="dk-layoff">{group_html([layoff["card"]], lang, onto)}'
                         f'<span class="dk-onto">{escape(onto)}</span></span>')
        if pid == solver:
            parts.append(f'<span class="dk-hand"><span class="dk-zone">{escape(w["hand"])}</span>'
                         f'{group_html(player["hand"], lang, w["hand"])}</span>')
        elif pid == shown:
            parts.append(f'<span class="dk-hand"><span class="dk-zone">{escape(t["shown"])}</span>'
                         f'{group_html(hands[pid], lang, t["shown"])}</span>')
        else:
            parts.append(f'<span class="dk-zone">{escape(t["hidden"].format(n=player["hand_count"]))}</span>')
        rows.append(f'<div class="dk-seat"><p class="dk-seat-name">{escape(name)} · {escape(status)}</p>'
                    f'<div class="dk-row">{" ".join(parts)}</div></div>')
    return (f'<figure class="kr-board dk-figure" data-game="dummy" data-interactive="false">'
            f'<div class="dk-table">{"".join(rows)}</div></figure>')


def _pile_label(entry: dict, lang: str) -> str:
    name = card_name(entry["card"], lang)
    if entry.get("by") is None:
        return f"{name} ({TEXTS[lang]['head']})"
    return f"{name} ({TEXTS[lang]['by'].format(seat=seat(entry['by'], lang))})"
