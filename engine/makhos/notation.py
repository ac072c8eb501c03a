"""Mak-hot move text: ``c3-d4`` for a step or slide, ``c3xe5xg7`` for a capture (every landing square)."""

from __future__ import annotations

import re

from .board import name

MOVE_PATTERN = re.compile(r"[a-h][1-8](?:-[a-h][1-8]|(?:x[a-h][1-8])+)")


def move_text(move: tuple) -> str:
    """``c3-d4`` or ``c3xe5xg7``."""
    frm, to, _, caps, path = move
    if caps:
        return name(frm) + "".join("x" + name(sq) for sq in path)
    return f"{name(frm)}-{name(to)}"
