"""Cards drawn at build time: the suit symbols (the page's sprite, which the browser's cards use
too), one card as SVG, a row of card groups, and a whole table as a figure.

A card shows its rank and its suit's shape (♠ ♥ ♦ ♣, small under the rank and large in the
middle), never a letter, so the four suits are told apart without colour and without English;
hearts and diamonds are red as well.
"""
from __future__ import annotations

from markupsafe import escape

from .words import WORDS, card_name, meld_name, seat

SUIT_SHAPES = {
    "S": '<path d="M5 .4C6.9 2.7 10 4.3 10 6.7 10 8.5 8 9.4 6.2 8.2L7 10H3L3.8 8.2C2 9.4 0 8.5 0 6.7 0 4.3 3.1 2.7 5 .4Z"/>',
    "H": '<path d="M5 9.6C2 7.1 0 5.3 0 3.2 0 1.4 1.4.3 2.8.3 3.9.3 4.6 1 5 1.8 5.4 1 6.1.3 7.2.3 8.6.3 10 1.4 10 3.2 10 5.3 8 7.1 5 9.6Z"/>',
    "D": '<path d="M5 0 9.2 5 5 10 .8 5Z"/>',
    "C": '<circle cx="5" cy="2.7" r="2.3"/><circle cx="2.5" cy="6" r="2.3"/><circle cx="7.5" cy="6" r="2.3"/>'
         '<path d="M4.3 5h1.4L6.8 10H3.2Z"/>',
}
RED = "HD"
COLOURS = {False: "#1b1b1b", True: "#b3261e"}  # black suits, red suits
RANK_SHOWN = {"T": "10"}


def sprite() -> str:
    """The suit symbols, inlined once per page that shows cards."""
    symbols = "".join(f'<symbol id="dk-suit-{suit}" viewBox="0 0 10 10">{shape}</symbol>'
                      for suit, shape in SUIT_SHAPES.items())
    return f'<svg class="kr-sprites" aria-hidden="true" focusable="false" width="0" height="0"><defs>{symbols}</defs></svg>'


def card_svg(card: str, lang: str, extra_class: str = "") -> str:
    """One card (``QS``) as an <svg role="img"> named in ``lang``; drawn by its attributes alone,
    so it reads the same on every page (static/js/games/dummy/cards.js draws the same markup)."""
    rank, suit = RANK_SHOWN.get(card[0], card[0]), card[1]
    colour = COLOURS[suit in RED]
    small = extra_class == "dk-small"
    size = ' width="30" height="42"' if small else ' width="40" height="56"'
    cls = "dk-card" + (f" {extra_class}" if extra_class else "")
    return (f'<svg class="{cls}" viewBox="0 0 40 56"{size} role="img" aria-label="{escape(card_name(card, lang))}">'
            f'{card_body(rank, suit, colour)}</svg>')


def card_body(rank: str, suit: str, colour: str) -> str:
    """The inside of a card's <svg>: face, rank, the suit's shape small under it and large in the middle."""
    return ('<rect x=".5" y=".5" width="39" height="55" rx="4" fill="#fff" stroke="#6b6b6b"/>'
            f'<text x="4" y="16" font-size="15" font-weight="700" font-family="sans-serif" fill="{colour}">{rank}</text>'
            f'<use href="#dk-suit-{suit}" x="4" y="19" width="10" height="10" fill="{colour}"/>'
            f'<use href="#dk-suit-{suit}" x="15" y="27" width="21" height="21" fill="{colour}"/>')


def group_html(cards, lang: str, label: str = "") -> str:
    """A group of cards side by side (a meld, a hand)."""
    name = f' aria-label="{escape(label)}"' if label else ""
    inner = "".join(card_svg(card, lang) for card in cards)
    return f'<span class="dk-group" role="group"{name}>{inner}</span>'


def cards_figure(groups: list[list[str]], caption: str, lang: str) -> str:
    """A figure of card groups (a lesson's ```dummy block with a ``cards`` line)."""
    body = " ".join(group_html(group, lang) for group in groups)
    cap = f"<figcaption>{escape(caption)}</figcaption>" if caption else ""
    return f'<figure class="kr-board dk-figure" data-game="dummy" data-interactive="false"><div class="dk-row">{body}</div>{cap}</figure>'


def table_html(table: dict, lang: str) -> str:
    """A finished table: the level, the head card, the knock; then each seat's melds, layoffs and hand."""
    w = WORDS[lang]
    knock, fool = table.get("knock"), table.get("fool")
    meta = [escape(w["level"].format(level=w["levels"][table["level"]])),
            f'{escape(w["head_card"])} {card_svg(table["head"], lang, "dk-small")}']
    if knock:
        meta.append(f'{escape(w["knocks"].format(seat=seat(knock["player"], lang)))} · {escape(w["face_down"])} '
                    f'{card_svg(knock["face_down"], lang, "dk-small")}')
    else:
        meta.append(escape(w["no_knock"]))
    if fool:
        meta.append(escape(w["fool_by"].format(seat=seat(fool["feeder"], lang))))
    rows = [f'<p class="dk-meta">{" · ".join(meta)}</p>']
    events = event_notes(table, lang)
    if events:
        rows.append(f'<p class="dk-meta">{" · ".join(events)}</p>')
    for player in table["players"]:
        pid = player["id"]
        parts = []
        for i, meld in enumerate(player["melds"]):
            label = meld_name(f"{pid}.{i}", lang) + (f" ({w['in_knock']})" if meld.get("in_knock") else "")
            parts.append(group_html(meld["cards"], lang, label))
        for layoff in player["layoffs"]:
            label = w["onto"].format(meld=meld_name(layoff["onto"], lang))
            parts.append(f'<span class="dk-layoff">{group_html([layoff["card"]], lang, label)}'
                         f'<span class="dk-onto">{escape(label)}</span></span>')
        hand = (f'<span class="dk-hand"><span class="dk-zone">{escape(w["hand"])}</span>'
                f'{group_html(player["hand"], lang, w["hand"])}</span>') if player["hand"] else ""
        rows.append(f'<div class="dk-seat"><p class="dk-seat-name">{escape(seat(pid, lang))}</p>'
                    f'<div class="dk-row">{" ".join(parts)} {hand}</div></div>')
    return f'<div class="dk-table">{"".join(rows)}</div>'


def event_notes(table: dict, lang: str) -> list[str]:
    """What a settlement needs besides the cards (HTML): cards collected in the knock, called
    discards, spetos shown, liabilities (เหมา), the high-card draw and the next game's head card."""
    w = WORDS[lang]
    knock, events, tie = table.get("knock") or {}, table.get("events") or {}, table.get("tie_break") or {}
    notes = []
    if knock.get("collected"):
        notes.append(f'{escape(w["collected"])} {" ".join(card_svg(c, lang, "dk-small") for c in knock["collected"])}')
    notes += [escape(w["called_by"].format(seat=seat(p, lang))) for p in events.get("called_discards", [])]
    notes += [escape(w["shown_by"].format(seat=seat(p, lang))) for p in events.get("two_spetos_shown_by", [])]
    for item in events.get("liabilities", []):
        culprits = " ".join(seat(p, lang) for p in item["culprits"])
        notes.append(escape(w["liable"].format(culprits=culprits, covers=w["covers"][item["covers"]],
                                               beneficiary=seat(item["beneficiary"], lang))))
    if tie.get("high_cards"):
        drawn = " ".join(f'{escape(seat(p, lang))} {card_svg(c, lang, "dk-small")}' for p, c in tie["high_cards"].items())
        notes.append(f'{escape(w["high_cards"])} {drawn}')
    if tie.get("dealer"):
        notes.append(escape(w["dealer"].format(seat=seat(tie["dealer"], lang))))
    if tie.get("next_head"):
        notes.append(f'{escape(w["next_head"])} {card_svg(tie["next_head"], lang, "dk-small")}')
    return notes


def table_figure(table: dict, caption: str, lang: str, link: str = "") -> str:
    """A table as a figure (puzzles, lesson blocks); ``link``: a calculator URL holding the table."""
    cap = escape(caption)
    if link:
        cap = f'{cap} <a href="{escape(link)}">{escape(WORDS[lang]["in_calculator"])}</a>' if cap else \
            f'<a href="{escape(link)}">{escape(WORDS[lang]["in_calculator"])}</a>'
    figcaption = f"<figcaption>{cap}</figcaption>" if cap else ""
    return (f'<figure class="kr-board dk-figure" data-game="dummy" data-interactive="false">'
            f'{table_html(table, lang)}{figcaption}</figure>')
