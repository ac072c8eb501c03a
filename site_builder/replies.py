"""Recorded engine replies: what a page answers without Pyodide (solving a puzzle, a lesson board's first move).

A page asks the engine JSON requests (a board's ``play``, Dummy's ``settle``, a defender's
``defend``). A kind lists the requests its page makes (``PuzzleKind.page_requests``); the build
answers each once through the engine's JSON door (``engine.api.call``, as the browser would),
stores them with the proof (so the proof cache keeps them) and the page carries them keyed by
the request's canonical text. ``static/js/core/recorded-engine.js`` looks a request up by the
same key; a request not recorded goes to the live engine, which then loads on demand.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from engine.api import call
from engine.core.budget import without_time_limit


@dataclass(frozen=True)
class PageRequest:
    """One request the page will make; ``legal``: keep only these legal moves (None: all of them)."""

    request: dict
    legal: tuple[str, ...] | None = None
    pending: bool = False  # the reply is shown at once, its legal moves come from the live engine


def request_key(request: dict) -> str:
    """The canonical text of a request: keys sorted at every level, no spaces (as recorded-engine.js)."""
    return json.dumps(request, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def play(game: str, position: str, moves: list[str]) -> dict:
    """A board's request (boards/record.js): ``position`` after ``moves``."""
    return {"op": "play", "game": game, "position": position, "moves": list(moves)}


def record(requests: Iterable[PageRequest]) -> list[dict]:
    """Answer every request once: ``[{"request", "reply", "legal"}]`` in first-asked order.

    A request the engine refuses is a bug of the kind that listed it: it raises.
    """
    seen: dict[str, dict] = {}
    for item in requests:
        key = request_key(item.request)
        if key in seen:
            continue
        reply = call(item.request)
        if not reply.get("ok"):
            raise ValueError(f"the engine refused a page request {key}: {reply['error']['message']}")
        if item.pending:
            reply = {**reply, "pending": True}
        legal = None if item.legal is None else list(item.legal)
        seen[key] = {"request": item.request, "reply": _kept(reply, legal), "legal": legal}
    return list(seen.values())


def page_table(recorded: list[dict], lang: str) -> dict:
    """The page's table, cut to what the page reads in ``lang`` and packed (recorded-engine.js unpacks):

    ``{"game", "position", "plays": {moves joined by spaces: state}, "other": {request key: reply}}``.
    ``plays`` holds the ``play`` replies from the board's position (that of the first play
    request recorded, the board's start); each one but the root keeps only what differs from
    its parent's (the same moves but the last; see ``_packed``). A legal move keeps only the
    fields that differ from ``LEGAL_DEFAULTS`` (``path`` defaults to ``[to]``).
    """
    first = next((e["request"] for e in recorded if e["request"]["op"] == "play"), {})
    game, position = first.get("game"), first.get("position")
    plays: dict[str, dict] = {}
    other: dict[str, dict] = {}
    for entry in recorded:
        request, reply = entry["request"], _cut(entry["reply"], entry["legal"], lang)
        if request.keys() == {"op", "game", "position", "moves"} and request["op"] == "play" \
                and (request["game"], request["position"]) == (game, position):
            plays[" ".join(request["moves"])] = reply
        else:
            other[request_key(request)] = reply
    packed = {key: _packed(reply, plays.get(_parent(key)) if key else None, key) for key, reply in plays.items()}
    return {"game": game, "position": position, "plays": packed, "other": other}


def page_json(data: object) -> str:
    """JSON for a page's <script type="application/json">: no '<', '>' or '&', so '</script>' cannot occur."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def text_digest(text: str) -> str:
    """SHA-256 (hex) of a data block's exact text: the page checks it before trusting the block."""
    return hashlib.sha256(text.encode()).hexdigest()


LEGAL_DEFAULTS = {"captures": [], "drop": None, "promotion": False, "privilege": False}


def _parent(key: str) -> str | None:
    return key.rpartition(" ")[0] if key else None


def _packed(reply: dict, parent: dict | None, key: str) -> dict:
    """``reply`` as its changes from ``parent`` (the whole reply, marked ``"full"``, without one).

    Changed fields are kept, except: ``board`` becomes the changed squares (null: emptied);
    another object field with the same keys as the parent's goes under ``"~"`` as its changed
    keys; ``last_move`` is left out when it is the key's last move, and then ``last_move_words``
    when they are the parent's words for that move (recorded-engine.js restores both).
    """
    if parent is None or not parent.keys() <= reply.keys():
        return {**reply, "full": True}
    out: dict = {}
    patches: dict = {}
    for field, value in reply.items():
        before = parent.get(field)
        if field not in parent:
            out[field] = value
        elif field == "board":
            squares = value.keys() | before.keys()
            out["board"] = {sq: value.get(sq) for sq in sorted(squares) if value.get(sq) != before.get(sq)}
        elif value == before:
            continue
        elif isinstance(value, dict) and isinstance(before, dict) and value.keys() == before.keys():
            patches[field] = {k: v for k, v in value.items() if before[k] != v}
        else:
            out[field] = value
    if "last_move" in reply:
        last = key.rpartition(" ")[2]
        words = next((m.get("words") for m in parent.get("legal", []) if m["move"] == last), None)
        out.pop("last_move", None)
        out.pop("last_move_words", None)
        if reply["last_move"] != last:
            out["last_move"] = reply["last_move"]
        if reply["last_move"] != last or reply.get("last_move_words") != words:
            out["last_move_words"] = reply.get("last_move_words")
    if patches:
        out["~"] = patches
    return out


def _kept(reply: dict, keep: list[str] | None) -> dict:
    """What a page can read of a reply, in every language: ``legal_moves`` dropped (the page reads
    ``legal``), only ``keep``'s legal moves. ``record`` stores replies so (a proof's replies stay small)."""
    out = {key: value for key, value in reply.items() if key != "legal_moves"}
    if "legal" in out and keep is not None:
        out["legal"] = [m for m in out["legal"] if m["move"] in keep]
    return out


def _cut(reply: dict, keep: list[str] | None, lang: str) -> dict:
    """One language's words of what a page reads (``_kept``)."""
    out = _kept(reply, keep)
    if "legal" in out:
        out["legal"] = [_short_move(move, lang) for move in out["legal"]]
    for field in ("last_move_words", "words"):  # a play reply's last move, a bestmove reply's move
        if isinstance(out.get(field), dict):
            out[field] = {lang: out[field][lang]}
    return out


def _short_move(move: dict, lang: str) -> dict:
    """A legal move in ``lang`` only, without the fields that hold their default."""
    out = {key: value for key, value in move.items()
           if not (key in LEGAL_DEFAULTS and value == LEGAL_DEFAULTS[key])}
    if out.get("path") == [move.get("to")]:
        del out["path"]
    if isinstance(move.get("words"), dict):
        out["words"] = {lang: move["words"][lang]}
    return out


def tree_requests(game: str, position: str, tree: dict) -> list[PageRequest]:
    """Every position a solving board shows: each solver node (all its legal moves), each solver
    move's result (only the planned reply kept) and each reply's result. After a refutation the
    attempt is over, so that position keeps no legal moves."""
    found = [PageRequest(play(game, position, []))]

    def walk(prefix: list[str], node: dict) -> None:
        for move, win in node.get("wins", {}).items():
            reply = win.get("reply")
            found.append(PageRequest(play(game, position, prefix + [move]), (reply,) if reply else ()))
            if reply:
                found.append(PageRequest(play(game, position, prefix + [move, reply])))
                walk(prefix + [move, reply], win["node"])
        for move, reply in node.get("refutations", {}).items():
            found.append(PageRequest(play(game, position, prefix + [move]), (reply,) if reply else ()))
            if reply:
                found.append(PageRequest(play(game, position, prefix + [move, reply]), ()))

    walk([], tree)
    return found


REPLIES_FILE = "replies.json"  # beside a lesson's index.html: {board position: its table}


@lru_cache(maxsize=None)
def first_moves(game: str, position: str) -> tuple[dict, ...]:
    """A lesson board's recorded replies (both languages; once per position, whatever the page):
    its position with every legal move, and each move's result marked ``pending`` (no legal
    moves: the board shows the move at once, the live engine gives the rest)."""
    root = record([PageRequest(play(game, position, []))])
    legal = root[0]["reply"].get("legal", [])
    return tuple(root + record(PageRequest(play(game, position, [m["move"]]), (), pending=True) for m in legal))


# The computer's levels whose first replies a sandbox records, each searched to its node budget
# alone (budget.without_time_limit): the same replies on every machine. Level 3 costs about 5 s
# of CPU a game, once per engine version (the proof cache keeps them: ProofCache.computed).
RECORDED_LEVELS = (1, 2, 3)


def bestmove(game: str, position: str, moves: list[str], level: int) -> dict:
    """The computer's request (boards/computer.js): its move at ``level`` in ``position`` after ``moves``."""
    return {"op": "bestmove", "game": game, "position": position, "moves": list(moves), "level": level}


def _computer_moves(game: str, position: str, moves: list[str]) -> tuple[list[dict], tuple[str, ...]]:
    """The recorded ``bestmove`` answers at each of RECORDED_LEVELS, and the moves they choose (once each)."""
    with without_time_limit():
        answers = record(PageRequest(bestmove(game, position, moves, level)) for level in RECORDED_LEVELS)
    return answers, tuple(dict.fromkeys(a["reply"]["move"] for a in answers))


@lru_cache(maxsize=None)
def sandbox_replies(game: str) -> tuple[dict, ...]:
    """The sandbox's recorded replies, so that the first exchange with the computer needs no engine:
    its ``start`` request and start position (every legal move); the reader's first moves, each with
    the computer's reply at each of RECORDED_LEVELS (the ``bestmove`` answer, and the position after
    it, ``pending``); and when the computer plays first, its opening move at each level, the
    position after it (every legal move) and the reader's answers to it (``pending``).
    The computer's pick is seeded by its level and the position (engine/core/computer.py), so the
    browser's engine gives the same replies (unless a slow machine reaches the level's time limit:
    its reply is then another level-3 move, and the recorded one is still a real one)."""
    start = record([PageRequest({"op": "start", "game": game, "options": {}})])
    position = start[0]["reply"]["position"]
    root = record([PageRequest(play(game, position, []))])
    openings, opened = _computer_moves(game, position, [])
    found = start + root + openings
    for first in (m["move"] for m in root[0]["reply"].get("legal", [])):
        answers, replies = _computer_moves(game, position, [first])
        if first in opened:  # the computer's own opening: the reader may answer it, so every legal move
            after = record([PageRequest(play(game, position, [first]))])
            found += after + record(PageRequest(play(game, position, [first, m["move"]]), (), pending=True)
                                    for m in after[0]["reply"].get("legal", []))
        else:  # only the computer's replies: the reader's own next moves come from the live engine
            found += record([PageRequest(play(game, position, [first]), replies, pending=True)])
        found += answers + record(PageRequest(play(game, position, [first, reply]), (), pending=True)
                                  for reply in replies)
    return tuple(found)


@lru_cache(maxsize=None)
def first_move_table(game: str, position: str, lang: str) -> dict:
    """The recorded replies of a lesson board (first_moves), packed for its page in ``lang``."""
    return page_table(list(first_moves(game, position)), lang)
