"""Board blocks: parse the `key: value` lines of a game's fenced block and check them with the engine.

Game-neutral for square-board games: a plugin (site_builder/games/<id>/) gives a
:class:`BlockSpec` (its game id, sides and examples) and calls :func:`parse_board`. The
board's size is the engine game's (``files`` x ``ranks`` in the ``games`` op).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from engine.api import call
from engine.core.grid import Grid
from engine.registry import GAMES

from .errors import BuildProblem
from .frontmatter import key_lines

KEYS = ("position", "moves", "caption", "highlights", "arrows", "interactive", "orientation")
SQUARES = re.compile(r"[a-z][1-9][0-9]?")
COMMENT = re.compile(r"\s+#\s.*\Z")
MOVE_CODES = ("BAD_MOVE", "ILLEGAL_MOVE", "GAME_OVER", "COUNT_NOT_ALLOWED")


@dataclass(frozen=True)
class BlockSpec:
    """What a game's board blocks need to know: its id, its side ids (the orientations; the
    first is the default), examples for the messages, and the rule options the blocks are
    checked with (e.g. an illegal move refused rather than lost)."""

    game: str
    sides: tuple[str, ...]
    example_position: str
    example_moves: str
    options: dict = field(default_factory=dict)  # the rule options blocks are checked with (engine defaults)


@dataclass(frozen=True)
class Board:
    """A checked diagram: the position after the moves plus how to show it."""

    game: str
    position: str
    pieces: dict[str, str]
    turn: str
    check: bool
    result: str
    last_move: str | None
    last_squares: tuple[str, ...]  # the squares the last move left and landed on, marked on the diagram
    highlights: tuple[str, ...]
    arrows: tuple[str, ...]
    interactive: bool
    orientation: str  # the side id seen at the bottom
    flipped: bool  # rank 8 at the bottom (any side but the game's first)
    caption: str
    replies: dict | None = None  # a live board's recorded replies (replies.page_table), for its first move
    files: int = 8  # the board's size, the engine game's
    ranks: int = 8


@cache
def board_grid(game: str) -> Grid:
    """The board of engine game ``game``: the size its registry entry gives (and the ``games``
    op lists), read without asking the engine anything (phase 2 may use it too)."""
    return Grid(*GAMES[game].board_size)


def parse_board(spec: BlockSpec, lines: list[str], first_line: int, rel: str) -> tuple[Board | None, list[BuildProblem]]:
    """Read the block body (`first_line` = file line of lines[0]); return the board or problems."""
    entries, problems = key_lines(lines, first_line, rel, "board", KEYS)
    fields = {key: (value if key == "caption" else COMMENT.sub("", value), line_no)
              for line_no, key, value in entries}
    fence_line = first_line - 1
    opts = _options(spec, fields, fence_line, rel, problems)
    play = _play(spec, fields, fence_line, rel, problems)
    if problems or play is None:
        return None, problems
    reply, last = play
    return board_of(spec, reply, last, caption=fields.get("caption", ("", 0))[0], **opts), []


def board_of(spec: BlockSpec, reply: dict, last: dict | None = None, *, orientation: str, caption: str = "",
             highlights: tuple[str, ...] = (), arrows: tuple[str, ...] = (), interactive: bool = False) -> Board:
    """The Board of an engine ``play`` reply; ``last`` is the ``legal`` object of its last move (if any)."""
    last_squares = tuple(dict.fromkeys([last["from"] or last["to"], *last["path"]])) if last else ()
    grid = board_grid(spec.game)
    return Board(game=spec.game, position=reply["position"], pieces=reply["board"], turn=reply["turn"],
                 check=reply["status"].get("check", False), result=reply["status"]["result"],
                 last_move=reply["last_move"], last_squares=last_squares, highlights=highlights, arrows=arrows,
                 interactive=interactive, orientation=orientation, flipped=orientation != spec.sides[0],
                 caption=caption, files=grid.files, ranks=grid.ranks)


def _options(spec: BlockSpec, fields, fence_line, rel, problems) -> dict:
    """Check the display keys: highlights, arrows, interactive, orientation."""
    def get(key, default):
        return fields.get(key, (default, fence_line))

    grid = board_grid(spec.game)
    last = grid.names[-1]
    highlights, line = get("highlights", "")
    squares = tuple(highlights.replace(",", " ").split())
    for sq in squares:
        if sq not in grid.index:
            problems.append(BuildProblem(rel, line, f"highlight {sq!r} is not a square",
                                         f"write squares a1..{last} separated by spaces, e.g. 'a1 {last}'"))
    arrows_text, line = get("arrows", "")
    arrows = tuple(arrows_text.replace(",", " ").split())
    for arrow in arrows:
        pair = SQUARES.findall(arrow)
        if len(pair) != 2 or "".join(pair) != arrow or pair[0] == pair[1] or not set(pair) <= grid.index.keys():
            problems.append(BuildProblem(rel, line, f"arrow {arrow!r} is not a from-to square pair",
                                         "write arrows as two different squares joined, e.g. 'b1d2 g1f3'"))
    interactive, line = get("interactive", "true")
    if interactive not in ("true", "false"):
        problems.append(BuildProblem(rel, line, f"interactive must be true or false, not {interactive!r}",
                                     "write 'interactive: true' or 'interactive: false'"))
    orientation, line = get("orientation", spec.sides[0])
    if orientation not in spec.sides:
        problems.append(BuildProblem(rel, line, f"orientation must be {' or '.join(spec.sides)}, not {orientation!r}",
                                     "write " + " or ".join(f"'orientation: {side}'" for side in spec.sides)))
    return {"highlights": squares, "arrows": arrows,
            "interactive": interactive == "true", "orientation": orientation}


def _play(spec: BlockSpec, fields, fence_line, rel, problems) -> tuple[dict, dict | None] | None:
    """Ask the engine for the position after the moves, and the ``legal`` object of the last
    move; report what it rejects."""
    game = spec.game
    position, pos_line = fields.get("position", ("start", fence_line))
    moves_text, moves_line = fields.get("moves", ("", fence_line))
    moves = moves_text.replace(",", " ").split()
    if position == "start":
        reply = call({"op": "start", "game": game, "options": spec.options})
        if not reply["ok"]:
            problems.append(BuildProblem(rel, pos_line, f"the engine cannot set up {game}: "
                                         f"{reply['error']['message']}", "report this engine bug"))
            return None
        position = reply["position"]
    reply = call({"op": "play", "game": game, "position": position, "moves": moves, "options": spec.options})
    if reply["ok"]:
        return reply, _last_move(spec, position, moves, reply["last_move"])
    error = reply["error"]
    field = error.get("field") or ""
    index = _move_index(field)
    if index is None and error["code"] not in MOVE_CODES:
        problems.append(BuildProblem(rel, pos_line, error["message"],
                                     f"write 'start' or a {game} FEN such as '{spec.example_position}'"))
        return None
    if index is None:
        problems.append(BuildProblem(rel, moves_line, f"bad moves {moves_text!r}: {error['message']}",
                                     f"write moves separated by spaces, e.g. '{spec.example_moves}'"))
        return None
    before = call({"op": "play", "game": game, "position": position, "moves": moves[:index], "options": spec.options})
    legal = before.get("legal", [])
    same_piece = [m["move"] for m in legal if m["from"] and moves[index].startswith(m["from"])]
    legal = [m["move"] for m in legal]
    hint = " ".join((same_piece or legal)[:12]) or "none: the game is over"
    problems.append(BuildProblem(rel, moves_line, f"move {index + 1} of {len(moves)}: {error['message']}",
                                 f"play a legal move there, one of: {hint}"))
    return None


def _last_move(spec: BlockSpec, position: str, moves: list[str], last: str | None) -> dict | None:
    """The ``legal`` object of the last move played (None when none was; game actions such as
    a count request may follow it in ``moves``)."""
    if last is None:
        return None
    for i in range(len(moves) - 1, -1, -1):
        before = call({"op": "play", "game": spec.game, "position": position, "moves": moves[:i],
                       "options": spec.options})
        if before["last_move"] != last:  # moves[i] played it
            return next(m for m in before["legal"] if m["move"] == last)
    return None


def _move_index(field: str) -> int | None:
    """`moves[3]` -> 3; anything else -> None."""
    m = re.fullmatch(r"moves\[(\d+)\]", field)
    return int(m[1]) if m else None
