"""Board blocks: parse the `key: value` lines of a ```makruk fence and check them with the engine."""
from __future__ import annotations

import re
from dataclasses import dataclass

from engine.api import call

from .errors import BuildProblem
from .frontmatter import key_lines

BOARD_GAMES = ("makruk",)
KEYS = ("position", "moves", "caption", "highlights", "arrows", "interactive", "orientation")
SQUARE = re.compile(r"[a-h][1-8]\Z")
ARROW = re.compile(r"([a-h][1-8])([a-h][1-8])\Z")
COMMENT = re.compile(r"\s+#\s.*\Z")
EXAMPLE_FEN = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"
MOVE_CODES = ("BAD_MOVE", "ILLEGAL_MOVE", "GAME_OVER", "COUNT_NOT_ALLOWED")


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
    highlights: tuple[str, ...]
    arrows: tuple[str, ...]
    interactive: bool
    orientation: str
    caption: str


def parse_board(game: str, lines: list[str], first_line: int, rel: str) -> tuple[Board | None, list[BuildProblem]]:
    """Read the block body (`first_line` = file line of lines[0]); return the board or problems."""
    entries, problems = key_lines(lines, first_line, rel, "board", KEYS)
    fields = {key: (value if key == "caption" else COMMENT.sub("", value), line_no)
              for line_no, key, value in entries}
    fence_line = first_line - 1
    opts = _options(fields, fence_line, rel, problems)
    play = _play(game, fields, fence_line, rel, problems)
    if problems or play is None:
        return None, problems
    return Board(game=game, position=play["position"], pieces=play["board"], turn=play["turn"],
                 check=play["status"]["check"], result=play["status"]["result"],
                 last_move=play["last_move"], caption=fields.get("caption", ("", 0))[0], **opts), []


def _options(fields, fence_line, rel, problems) -> dict:
    """Check the display keys: highlights, arrows, interactive, orientation."""
    def get(key, default):
        return fields.get(key, (default, fence_line))

    highlights, line = get("highlights", "")
    squares = tuple(highlights.replace(",", " ").split())
    for sq in squares:
        if not SQUARE.match(sq):
            problems.append(BuildProblem(rel, line, f"highlight {sq!r} is not a square",
                                         "write squares a1..h8 separated by spaces, e.g. 'e4 d5'"))
    arrows_text, line = get("arrows", "")
    arrows = tuple(arrows_text.replace(",", " ").split())
    for arrow in arrows:
        m = ARROW.match(arrow)
        if not m or m[1] == m[2]:
            problems.append(BuildProblem(rel, line, f"arrow {arrow!r} is not a from-to square pair",
                                         "write arrows as two different squares joined, e.g. 'b1d2 g1f3'"))
    interactive, line = get("interactive", "true")
    if interactive not in ("true", "false"):
        problems.append(BuildProblem(rel, line, f"interactive must be true or false, not {interactive!r}",
                                     "write 'interactive: true' or 'interactive: false'"))
    orientation, line = get("orientation", "white")
    if orientation not in ("white", "black"):
        problems.append(BuildProblem(rel, line, f"orientation must be white or black, not {orientation!r}",
                                     "write 'orientation: white' or 'orientation: black'"))
    return {"highlights": squares, "arrows": arrows,
            "interactive": interactive == "true", "orientation": orientation}


def _play(game, fields, fence_line, rel, problems) -> dict | None:
    """Ask the engine for the position after the moves; report what it rejects."""
    position, pos_line = fields.get("position", ("start", fence_line))
    moves_text, moves_line = fields.get("moves", ("", fence_line))
    moves = moves_text.replace(",", " ").split()
    if position == "start":
        reply = call({"op": "start", "game": game, "options": {}})
        if not reply["ok"]:
            problems.append(BuildProblem(rel, pos_line, f"the engine cannot set up {game}: "
                                         f"{reply['error']['message']}", "report this engine bug"))
            return None
        position = reply["position"]
    reply = call({"op": "play", "game": game, "position": position, "moves": moves, "options": {}})
    if reply["ok"]:
        return reply
    error = reply["error"]
    field = error.get("field") or ""
    index = _move_index(field)
    if index is None and error["code"] not in MOVE_CODES:
        problems.append(BuildProblem(rel, pos_line, error["message"],
                                     f"write 'start' or a {game} FEN such as '{EXAMPLE_FEN}'"))
        return None
    if index is None:
        problems.append(BuildProblem(rel, moves_line, f"bad moves {moves_text!r}: {error['message']}",
                                     "write UCI moves separated by spaces, e.g. 'e3e4 d6d5'"))
        return None
    legal = call({"op": "legal_moves", "game": game, "position": position, "moves": moves[:index],
                  "options": {}}).get("moves", [])
    same_piece = [m for m in legal if m[:2] == moves[index][:2]]
    hint = " ".join((same_piece or legal)[:12]) or "none: the game is over"
    problems.append(BuildProblem(rel, moves_line, f"move {index + 1} of {len(moves)}: {error['message']}",
                                 f"play a legal move there, one of: {hint}"))
    return None


def _move_index(field: str) -> int | None:
    """`moves[3]` -> 3; anything else -> None."""
    m = re.fullmatch(r"moves\[(\d+)\]", field)
    return int(m[1]) if m else None
