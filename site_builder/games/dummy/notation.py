"""The table text of Dummy puzzles and lesson blocks: a finished table (dummy-table.md) written
one fact per line, read into the engine's table JSON and written back in one canonical form.

    level thep                 # thep | sian | khot_sian
    head 2H                    # this game's head card
    P1 meld 2D 3D 4D 5D        # a meld of P1 (its id is P1.0, P1.1 ... in the order written)
    P1 meld* KS KH KD          # * = put down in the knocking turn (in_knock)
    P2 layoff 6D P1.0          # P2 lays 6D off onto the meld P1.0 (layoff* in the knock)
    P2 hand 3C 4C 6D 7D        # the cards P2 still holds (a player with no hand line holds none)
    knock P1 9D                # P1 knocks with 9D face down
    collected 9H               # the cards taken from the pile in the knocking turn, key card first
    fool P4                    # P4 fed the knocker the card he knocked with (ตีโง่)
    shown P2                   # P2 showed two spetos in the first round (§81)
    called P3                  # P3's dummy or set-completing discard was called (§32), once per line
    dealer P1 / next_head 7S   # §65 tie-break data (the next game's dealer and head card)
    high P2 KH                 # the card P2 drew for high card (จับใหญ่, §57/§58/§66), one line a player
    liable P4 all P1           # เหมา (A-D25): P4 pays P1 what the others would (covers all, head,
                               # speto_fee or knocker_speto); two culprits: liable P2 P3 head P4

The players are always P1 P2 P3 P4, in turn order. Reading checks only the shape of the text;
the rules are the engine's (``validate``).
"""
from __future__ import annotations

SEATS = ("P1", "P2", "P3", "P4")
LEVELS = ("thep", "sian", "khot_sian")
SINGLE = ("level", "head", "knock", "fool", "dealer", "next_head", "collected")
REPEATED = ("shown", "called", "high", "liable")


class NotationError(ValueError):
    """A line of table text that cannot be read: ``line`` (1-based) and what is wrong."""

    def __init__(self, line: int, what: str):
        super().__init__(f"line {line}: {what}")
        self.line = line
        self.what = what


def _player(word: str, number: int) -> str:
    if word not in SEATS:
        raise NotationError(number, f"{word!r} is not a player: use {', '.join(SEATS)}")
    return word


def _player_line(table: dict, words: list[str], number: int) -> None:
    player = table["players"][SEATS.index(_player(words[0], number))]
    if len(words) < 2:
        raise NotationError(number, f"{words[0]} needs meld, layoff or hand and cards")
    what, cards = words[1], words[2:]
    if what in ("meld", "meld*"):
        player["melds"].append({"cards": cards, **({"in_knock": True} if what.endswith("*") else {})})
    elif what in ("layoff", "layoff*"):
        if len(cards) != 2:
            raise NotationError(number, "a layoff line is: P2 layoff 6D P1.0 (one card, then the meld id)")
        player["layoffs"].append({"card": cards[0], "onto": cards[1], **({"in_knock": True} if what.endswith("*") else {})})
    elif what == "hand":
        if player["hand"]:
            raise NotationError(number, f"{words[0]}'s hand is written twice")
        player["hand"] = cards
    else:
        raise NotationError(number, f"{what!r}: after a player write meld, meld*, layoff, layoff* or hand")


def read(text: str) -> dict:
    """The table JSON of ``text``; NotationError at the first line that cannot be read."""
    table = {"level": "", "head": "", "players": [{"id": seat, "melds": [], "layoffs": [], "hand": []} for seat in SEATS],
             "knock": None, "fool": None}
    seen, events, tie = set(), {}, {}
    for number, raw in enumerate(text.split("\n"), 1):
        words = raw.split("#", 1)[0].split()
        if not words:
            continue
        key, rest = words[0], words[1:]
        if key in SEATS:
            _player_line(table, words, number)
            continue
        if key not in SINGLE + REPEATED:
            raise NotationError(number, f"{key!r} is not a table line: use level, head, P1-P4, knock, collected, "
                                        "fool, shown, called, dealer, next_head, high or liable")
        if key in SINGLE and key in seen:
            raise NotationError(number, f"{key} is written twice")
        seen.add(key)
        if key == "collected":
            table.setdefault("knock_collected", rest)
            continue
        if key == "knock":
            if len(rest) != 2:
                raise NotationError(number, "a knock line is: knock P1 9D (the knocker, the face-down card)")
            table["knock"] = {"player": _player(rest[0], number), "face_down": rest[1]}
            continue
        if key == "high":
            if len(rest) != 2:
                raise NotationError(number, "a high line is: high P2 KH (the player, the card drawn)")
            tie.setdefault("high_cards", {})[_player(rest[0], number)] = rest[1]
            continue
        if key == "liable":
            if len(rest) not in (3, 4):
                raise NotationError(number, "a liable line is: liable P4 all P1 (culprit, what it covers, who is paid); "
                                            "two culprits: liable P2 P3 head P4")
            events.setdefault("liabilities", []).append(
                {"culprits": [_player(word, number) for word in rest[:-2]], "covers": rest[-2],
                 "beneficiary": _player(rest[-1], number)})
            continue
        if len(rest) != 1:
            raise NotationError(number, f"{key} takes one word")
        value = rest[0]
        if key == "level":
            if value not in LEVELS:
                raise NotationError(number, f"level {value!r}: use {', '.join(LEVELS)}")
            table["level"] = value
        elif key == "head":
            table["head"] = value
        elif key == "fool":
            table["fool"] = {"feeder": _player(value, number)}
        elif key == "shown":
            events.setdefault("two_spetos_shown_by", []).append(_player(value, number))
        elif key == "called":
            events.setdefault("called_discards", []).append(_player(value, number))
        elif key == "dealer":
            tie["dealer"] = _player(value, number)
        else:
            tie["next_head"] = value
    for key in ("level", "head"):
        if not table[key]:
            raise NotationError(1, f"the table needs a {key} line")
    collected = table.pop("knock_collected", [])
    if table["knock"] is not None:
        table["knock"]["collected"] = collected
    elif collected:
        raise NotationError(1, "collected needs a knock line")
    if table["fool"] is not None:
        if table["knock"] is None:
            raise NotationError(1, "fool needs a knock line")
        table["fool"]["receiver"] = table["knock"]["player"]
    if events:
        table["events"] = events
    if tie:
        table["tie_break"] = tie
    return table


def write(table: dict) -> str:
    """The canonical text of a table JSON (as :func:`read` gives it)."""
    lines = [f"level {table['level']}", f"head {table['head']}"]
    for player in table["players"]:
        pid = player["id"]
        lines += [f"{pid} meld{'*' if m.get('in_knock') else ''} {' '.join(m['cards'])}" for m in player["melds"]]
        lines += [f"{pid} layoff{'*' if l.get('in_knock') else ''} {l['card']} {l['onto']}" for l in player["layoffs"]]
        if player["hand"]:
            lines.append(f"{pid} hand {' '.join(player['hand'])}")
    knock = table.get("knock")
    if knock:
        lines.append(f"knock {knock['player']} {knock['face_down']}")
        if knock.get("collected"):
            lines.append(f"collected {' '.join(knock['collected'])}")
    if table.get("fool"):
        lines.append(f"fool {table['fool']['feeder']}")
    events = table.get("events", {})
    lines += [f"shown {pid}" for pid in events.get("two_spetos_shown_by", [])]
    lines += [f"called {pid}" for pid in events.get("called_discards", [])]
    tie = table.get("tie_break", {})
    lines += [f"{key} {tie[key]}" for key in ("dealer", "next_head") if tie.get(key)]
    lines += [f"high {pid} {card}" for pid, card in tie.get("high_cards", {}).items()]
    lines += [f"liable {' '.join(l['culprits'])} {l['covers']} {l['beneficiary']}" for l in events.get("liabilities", [])]
    return "\n".join(lines)
