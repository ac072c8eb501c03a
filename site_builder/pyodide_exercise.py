"""Run inside Pyodide, never imported by the builder: every op of every game through the JSON
door, good requests and bad ones. pyodide_trace.mjs runs it to see which standard-library
modules the engine loads; tests/pyodide/run_in_pyodide.mjs runs it on the trimmed files the site
ships to prove they suffice. ``exercise(names)`` imports ``names`` first (missing ones are
skipped: a guarded optional import is absent in the browser too) and returns, per game, how
many replies were ok and the sorted error codes of the rest."""
from __future__ import annotations


def exercise(names: list[str]) -> dict:
    for name in names:
        try:
            __import__(name)
        except ImportError:
            pass
    from engine.api import call, call_json

    summary: dict = {}

    def ask(gid: str, request: dict) -> dict:
        reply = call(request)
        tally = summary.setdefault(gid, {"ok": 0, "errors": []})
        if reply.get("ok"):
            tally["ok"] += 1
        else:
            tally["errors"].append(reply["error"]["code"])
        return reply

    for game in ask("-", {"op": "games"})["games"]:
        gid = game["id"]
        start = ask(gid, {"op": "start", "game": gid}).get("position")
        for op in game["ops"]:
            ask(gid, {"op": op, "game": gid, "position": start, "moves": []})
            ask(gid, {"op": op, "game": gid, "position": "not a position", "moves": ["?"]})
        played = ask(gid, {"op": "play", "game": gid, "position": start, "moves": []})
        for move in played.get("legal_moves", [])[:2]:
            ask(gid, {"op": "play", "game": gid, "position": start, "moves": [move]})
        summary[gid]["perft2"] = ask(gid, {"op": "perft", "game": gid, "depth": 2}).get("nodes")
        for level in (1, 2, 3):
            ask(gid, {"op": "bestmove", "game": gid, "position": start, "moves": [], "level": level, "budget": 2000})
        ask(gid, {"op": "mate", "game": gid, "position": start, "moves": [], "mate_in": 1, "budget": 2000})
        ask(gid, {"op": "defend", "game": gid, "position": start, "moves": [], "horizon": 1, "budget": 2000})
        if "deal" in game["ops"]:
            _deal_and_play(ask, gid)
    for text in ("", "[", "{}", '{"op": 1}', '{"op": "nope"}', "[" * 200 + "]" * 200, '{"op": "games"}'):
        call_json(text)
    for tally in summary.values():
        tally["errors"] = sorted(set(tally["errors"]))
    return summary


def _deal_and_play(ask, gid: str) -> None:
    """A card game's hand from the deal to its settlement: each turn through play, view and
    (the first turns) bestmove, then an action the door refuses."""
    ask(gid, {"op": "deal", "game": gid, "deck": ["??"]})
    position = ask(gid, {"op": "deal", "game": gid, "seed": 1}).get("state")
    for turn in range(300):
        reply = ask(gid, {"op": "play", "game": gid, "position": position, "moves": []})
        if not reply.get("legal"):
            break
        seat = reply["turn"]
        ask(gid, {"op": "view", "game": gid, "position": position, "seat": seat})
        move = reply["legal"][-1]
        if turn < 3:
            asked = {"op": "bestmove", "game": gid, "position": position, "seat": seat, "level": 3}
            move = ask(gid, asked).get("move", move)
        position = ask(gid, {"op": "play", "game": gid, "position": position, "moves": [move]})["position"]
    ask(gid, {"op": "play", "game": gid, "position": position, "moves": ["bogus"]})
