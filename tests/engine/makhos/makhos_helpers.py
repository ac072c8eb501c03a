"""Shared by the Mak-hot tests: option sets, a game under options, random positions, mirroring."""

from __future__ import annotations

import itertools
import os
import random
import sys

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from engine.api import call
from engine.makhos import MakhosGame
from engine.makhos.options import OPTIONS
from engine.options import resolve

START = MakhosGame.start_position
DEFAULTS = {o.name: o.default for o in OPTIONS}
DARK = [(f, r) for r in range(8) for f in range(8) if (f + r) % 2 == 0]
FILES = "abcdefgh"

# Every combination of the options that change how pieces move and capture.
MOVE_RULES = [dict(zip(("captureRule", "kingLanding", "kingContinuation"), values)) for values in
              itertools.product(("strict", "claimable"), ("adjacent", "any"), ("any", "noReverse"))]

# Pyodide (the engine's tests also run there, see tests/pyodide) is several times slower.
SCALE = float(os.environ.get("KRADAN_HYPOTHESIS_SCALE", "0.25" if sys.platform == "emscripten" else "1"))


def props(max_examples: int):
    """Derandomized hypothesis settings: the same examples every run, so a failure reproduces."""
    return settings(max_examples=max(5, int(max_examples * SCALE)), deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def game(position: str = START, **options) -> MakhosGame:
    return MakhosGame(position, resolve(OPTIONS, options))


def moves(position: str = START, **options) -> list[str]:
    """Sorted legal move texts."""
    return sorted(m.text for m in game(position, **options).legal_moves())


def play(position: str, *played: str, **options) -> dict:
    """The door's ``play`` reply after ``played`` from ``position`` (it must succeed)."""
    reply = call({"op": "play", "game": "makhos", "position": position, "moves": list(played), "options": options})
    assert reply["ok"], reply
    return reply


def name(square: tuple[int, int]) -> str:
    return FILES[square[0]] + str(square[1] + 1)


def placement_text(pieces: dict, side: str) -> str:
    """Position text of {(file, rank): 'w'|'W'|'b'|'B'} with ``side`` ('W' or 'B') to move."""
    lists = {"w": [], "b": []}
    for square, piece in sorted(pieces.items(), key=lambda item: (item[0][1], item[0][0])):
        lists[piece.lower()].append(("K" if piece.isupper() else "") + name(square))
    return f"{side}:W{','.join(lists['w'])}:B{','.join(lists['b'])}"


def random_placement(rng: random.Random, kings: bool = True, most: int = 8) -> str:
    """A legal position: 1..``most`` pieces a side on dark squares, no man on its far row."""
    counts = {"w": rng.randint(1, most), "b": rng.randint(1, most)}
    squares = rng.sample(DARK, counts["w"] + counts["b"])
    pieces = {}
    for i, square in enumerate(squares):
        colour = "w" if i < counts["w"] else "b"
        far = square[1] == (7 if colour == "w" else 0)
        pieces[square] = colour.upper() if far or (kings and rng.random() < 0.3) else colour
    return placement_text(pieces, rng.choice("WB"))


@st.composite
def placements(draw, kings: bool = True) -> str:
    return random_placement(random.Random(draw(st.integers(0, 2 ** 32))), kings)


def mirror_square(text: str) -> str:
    """The square turned half round the board (a1 <-> h8)."""
    return FILES[7 - FILES.index(text[0])] + str(9 - int(text[1]))


def mirror_move(text: str) -> str:
    """A move's text with every square turned half round the board."""
    out, i = [], 0
    while i < len(text):
        if text[i] in FILES:
            out.append(mirror_square(text[i:i + 2]))
            i += 2
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def mirror_position(text: str) -> str:
    """Colours swapped and the board turned half round: the same position seen from the other side."""
    fields = text.split(":")
    side = "B" if fields[0] == "W" else "W"
    lists = {}
    for field in fields[1:3]:
        entries = [("K" if e.startswith("K") else "") + mirror_square(e.lstrip("K")) for e in field[1:].split(",") if e]
        lists["B" if field[0] == "W" else "W"] = ",".join(entries)
    return f"{side}:W{lists['W']}:B{lists['B']}"
