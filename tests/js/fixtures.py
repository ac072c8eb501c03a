"""Real puzzle page data for the node unit tests (tests/js/*.test.mjs), made by the real builder.

    python tests/js/fixtures.py OUT.json

writes {"trees": {label: data}, "solutions": [data of every puzzle with a proven tree],
"quizzes": {label: data}, "shapes": {label: data}, "playout": {"data", "line", "drawn", "live"}, "scoring": {ask: {"data",
"answer", "player"}}, "teacher": {"mate" | "scoring": {"game", "kind", "data", "live", ["answer"]}}}
(teacher-made exercises' data as the engine proves them; see teacher_fixtures): each ``data`` is a puzzle page's data block (site_builder/puzzles/pages.py
page_data, Thai), recorded replies and all. ``playout.live`` holds the engine's replies
(engine.api) to the requests a replay makes off the page's recorded line, as [request, reply]
pairs: node's fake live engine answers from them. tests/site_builder/test_js_units.py runs this
once and hands the file to node (KRADAN_JS_FIXTURES); tests/js/helpers/fixtures.mjs runs it
itself when node is run alone.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from engine.api import call  # noqa: E402
from site_builder.puzzles.pages import page_data  # noqa: E402
from site_builder.puzzles.prove import load_puzzles  # noqa: E402

TREES = {
    "makruk-mate2": lambda p: p.game == "makruk" and p.kind == "mate" and p.proof.get("mate_in") == 2,
    "makruk-best": lambda p: p.game == "makruk" and p.kind == "best-move",
    "makhos-win": lambda p: p.game == "makhos" and p.kind == "win",
    "makhos-best": lambda p: p.game == "makhos" and p.kind == "best-move",
    "komayo-mate": lambda p: p.game == "komayo" and p.kind == "mate",
}


def drawn_playout(playout: dict) -> tuple[list[str], list[list[dict]]]:
    """Attacker moves that let the count run out (always the first legal Khun move), and the engine's
    replies to every request a replay of them makes."""
    fen, moves, live = playout["fen"], [], []

    def ask(request: dict) -> dict:
        reply = call(request)
        live.append([request, reply])
        return reply

    while True:
        reply = ask({"op": "play", "game": "makruk", "position": fen, "moves": list(moves)})
        if reply["status"]["result"] != "ongoing":
            assert reply["status"]["result"] == "draw", reply["status"]
            return [mv for i, mv in enumerate(moves) if i % 2 == 0], live
        if reply["turn"] == playout["defender"]:
            defence = ask({"op": "defend", "game": "makruk", "position": fen, "moves": list(moves),
                           "horizon": playout["horizon"]})
            moves.append(defence["move"])
            continue
        moves.append(next(mv["move"] for mv in reply["legal"] if reply["board"][mv["from"]] in ("K", "k")))


def teacher_fixtures(first) -> dict:
    """What a teacher-made exercise holds (core/teacher-exercise.js data), made by the engine as the
    builder makes it (the ``prove`` op for a forced win, ``settle`` for a Dummy figure), with the
    live engine's replies to every request a replay of its right line and of a wrong key asks: a
    teacher-made exercise has no recorded replies, the live engine answers."""
    mate = first(lambda p: p.game == "makruk" and p.kind == "mate" and p.proof.get("mate_in") == 2)
    proof = call({"op": "prove", "game": "makruk", "position": mate.position, "task": {"kind": "mate", "in": 2}})
    assert proof["ok"], proof
    win = {key: proof[key] for key in ("position", "solver", "orientation", "mate_in", "line", "tree")}
    line = proof["line"]
    live = []
    for cut in range(0, len(line), 2):  # before each of the solver's moves of the line
        request = {"op": "play", "game": "makruk", "position": proof["position"], "moves": line[:cut]}
        live.append([request, call(request)])
    scoring = first(lambda p: p.kind == "scoring" and p.fields.get("ask") == "net")
    table = scoring.board["table"]
    settle = {"op": "settle", "game": "dummy", "table": table}
    figure = {"table": table, "question": {"ask": "net", "player": scoring.fields["player"], "item": ""}}
    return {"mate": {"game": "makruk", "kind": "mate", "data": win, "live": live},
            "scoring": {"game": "dummy", "kind": "scoring", "data": figure, "answer": scoring.proof["answer"],
                        "live": [[settle, call(settle)]]}}


def fixtures() -> dict:
    found, problems = load_puzzles(ROOT)
    assert not problems, problems
    puzzles = found.puzzles

    def data(puzzle) -> dict:
        return page_data(found, puzzle, "th")

    def first(test):
        return next(p for p in puzzles if test(p))

    quizzes = {}
    for p in puzzles:
        label = f"{p.game}-{p.kind}-{p.proof.get('question') or 'quiz'}"
        if p.proof.get("correct") is not None and label not in quizzes:
            quizzes[label] = data(p)
    playout = data(first(lambda p: p.kind == "counting" and p.proof.get("question") == "play-out"))
    drawn, live = drawn_playout(playout["playout"])
    scoring = {}
    for p in puzzles:
        ask = p.fields.get("ask") if p.kind == "scoring" else None
        if ask and ask not in scoring:
            scoring[ask] = {"data": data(p), "answer": p.proof["answer"], "player": p.fields.get("player")}
    shapes = {}  # the first puzzle of every shape of the collection: game, kind, question (tests/js/solution-lock-pages.test.mjs)
    for p in puzzles:
        shapes.setdefault(f"{p.game}-{p.kind}-{p.proof.get('question') or p.fields.get('ask') or ''}", p)
    return {
        "shapes": {label: data(p) for label, p in shapes.items()},
        "teacher": teacher_fixtures(first),
        "trees": {label: data(first(test)) for label, test in TREES.items()},
        "solutions": [data(p) for p in puzzles if p.proof.get("tree")],
        "quizzes": quizzes,
        "playout": {"data": playout, "drawn": drawn, "live": live},
        "scoring": scoring,
    }


if __name__ == "__main__":
    Path(sys.argv[1]).write_text(json.dumps(fixtures(), ensure_ascii=False), encoding="utf-8")
