"""Recorded replies (site_builder/replies.py) and their reader (static/js/core/recorded-engine.js).

The build packs each page's engine replies (one language, parents' fields left out); Node runs
the very module the pages load and must give back, for every recorded request, exactly the
engine's reply as the page reads it. Needs node (fails without it).
"""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from engine.api import call
from engine.core.budget import without_time_limit
from site_builder.puzzles.cache import ProofCache
from site_builder.puzzles.prove import cache_folder
from site_builder.replies import (LEGAL_DEFAULTS, RECORDED_LEVELS, PageRequest, bestmove, first_moves, page_table, play,
                                  record, request_key, sandbox_replies, tree_requests)

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "site_builder" / "static" / "js" / "core"

RUNNER = """
import { recordedEngine, requestKey } from './recorded-engine.js';
const input = JSON.parse(await new Promise((resolve) => {
  let text = ''; process.stdin.on('data', (c) => { text += c; }); process.stdin.on('end', () => resolve(text));
}));
const liveCalls = [];
const live = { status: 'idle', ready: Promise.resolve(), onStatus() {},
  call(request) { liveCalls.push(request); return Promise.resolve({ ok: true, live: true }); } };
const out = { replies: [], keys: [], onLive: 0, optional: null, liveCalls };
const engine = recordedEngine(input.table, { live, onLive: () => { out.onLive += 1; } });
for (const request of input.requests) {
  out.keys.push(requestKey(request));
  out.replies.push(await engine.call(request));
}
out.statusBefore = engine.status;
out.onLiveBefore = out.onLive;
try { await engine.call(input.miss, { optional: true }); out.optional = 'answered'; } catch (err) { out.optional = err.code; }
out.miss = [await engine.call(input.miss), await engine.call(input.miss)];
out.statusAfter = engine.live;
console.log(JSON.stringify(out));
"""


def run_reader(tmp_path: Path, table: dict, requests: list[dict], miss: dict) -> dict:
    node = shutil.which("node")
    assert node, "node is needed to run the browser's recorded-engine.js"
    for name in ("recorded-engine.js", "engine-client.js"):
        shutil.copy(JS / name, tmp_path / name)
    (tmp_path / "package.json").write_text('{"type": "module"}')
    (tmp_path / "run.js").write_text(RUNNER)
    done = subprocess.run([node, "run.js"], cwd=tmp_path, input=json.dumps({"table": table, "requests": requests,
                          "miss": miss}), capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def as_page_reads(entry: dict, lang: str) -> dict:
    """The engine's reply as the page must see it: one language, the kept legal moves, no legal_moves."""
    reply = {k: v for k, v in entry["reply"].items() if k != "legal_moves"}
    if "legal" in reply:
        keep = entry["legal"]
        reply["legal"] = [{**LEGAL_DEFAULTS, **m, "words": {lang: m["words"][lang]}} for m in reply["legal"]
                          if keep is None or m["move"] in keep]
    if isinstance(reply.get("last_move_words"), dict):
        reply["last_move_words"] = {lang: reply["last_move_words"][lang]}
    return reply


@pytest.fixture(scope="module")
def puzzles(project_puzzles):
    return project_puzzles  # checked and proven once per session (conftest.py)


def one_of_each(puzzles) -> list:
    """The first puzzle of each (game, kind, question) that records replies."""
    chosen = {}
    for puzzle in puzzles.puzzles:
        key = (puzzle.game, puzzle.kind, puzzle.proof.get("question"))
        if puzzles.replies(puzzle) and key not in chosen:
            chosen[key] = puzzle
    return list(chosen.values())


@pytest.mark.parametrize("lang", ["th", "en"])
def test_the_page_reader_gives_back_every_recorded_reply(tmp_path, puzzles, lang):
    chosen = one_of_each(puzzles)
    kinds = {(p.game, p.kind) for p in chosen}
    assert {("makruk", "mate"), ("makruk", "best-move"), ("makruk", "counting"), ("makhos", "win"),
            ("komayo", "mate"), ("dummy", "scoring")} <= kinds
    for puzzle in chosen:
        recorded = puzzles.replies(puzzle)
        table = page_table(recorded, lang)
        miss = play(puzzle.game, "not a recorded position", [])
        out = run_reader(tmp_path, table, [e["request"] for e in recorded], miss)
        assert out["keys"] == [request_key(e["request"]) for e in recorded]
        for entry, got in zip(recorded, out["replies"]):
            assert got == as_page_reads(entry, lang), (puzzle.id, entry["request"])
        assert out["statusBefore"] == "ready" and out["onLiveBefore"] == 0
        assert out["optional"] == "NOT_RECORDED"  # a "why is this illegal" question never loads Pyodide
        assert out["miss"] == [{"ok": True, "live": True}] * 2 and out["liveCalls"] == [miss, miss]
        assert out["statusAfter"] is True and out["onLive"] == 1  # the page says so once


def test_a_mate_page_records_every_solver_move_and_each_answer(puzzles):
    puzzle = next(p for p in puzzles.puzzles if p.kind == "mate" and p.game == "makruk" and p.proof["mate_in"] == 2)
    keys = {tuple(e["request"]["moves"]) for e in puzzles.replies(puzzle)}
    root = call(play(puzzle.game, puzzle.position, []))
    tree = puzzle.proof["tree"]
    for legal in root["legal"]:
        move = legal["move"]
        assert (move,) in keys
        answer = tree["wins"].get(move, {}).get("reply") or tree["refutations"].get(move)
        if answer:
            assert (move, answer) in keys
    key, win = next((m, w) for m, w in tree["wins"].items() if "reply" in w)
    for move in call(play(puzzle.game, puzzle.position, [key, win["reply"]]))["legal"]:
        assert (key, win["reply"], move["move"]) in keys


def test_packing_leaves_out_what_the_parent_already_says():
    fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"
    tree = {"wins": {"a1a8": {"mate": True}}, "refutations": {"e1d1": "e8d8"}}  # a made-up tree: only its shape counts
    table = page_table(record(tree_requests("makruk", fen, tree)), "th")
    assert table["game"] == "makruk" and table["position"] == fen and not table["other"]
    root, check = table["plays"][""], table["plays"]["a1a8"]
    assert root["full"] is True and len(root["legal"]) > 5
    assert "full" not in check and check["board"] == {"a1": None, "a8": "R"}
    assert "position" in check and "last_move" not in check and "last_move_words" not in check
    assert check["~"]["status"]["check"] is True and "result" not in check["~"]["status"]
    assert table["plays"]["e1d1"]["legal"] == [{"move": "e8d8", "from": "e8", "to": "d8",
                                                 "words": {"th": "ขุนดำ e8 ไป d8"}}]


def test_a_lesson_board_records_each_first_move_as_pending():
    fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"
    recorded = first_moves("makruk", fen)
    legal = call(play("makruk", fen, []))["legal"]
    assert len(recorded) == 1 + len(legal)
    assert all(e["reply"].get("pending") and e["legal"] == [] for e in recorded[1:])
    assert recorded[0]["request"] == play("makruk", fen, []) and recorded[0]["legal"] is None
    assert [e["request"]["moves"] for e in recorded[1:]] == [[m["move"]] for m in legal]


@pytest.mark.parametrize("game", ["makruk", "makhos", "komayo"])
def test_the_sandbox_records_its_start_every_first_move_and_the_computers_first_replies(game):
    start = call({"op": "start", "game": game, "options": {}})
    position = start["position"]
    # As the build keeps them (a build earlier in the run has stored them: read, not searched again)
    recorded = ProofCache(cache_folder(ROOT)).computed(f"sandbox-{game}", lambda: list(sandbox_replies(game)))
    assert recorded[0]["request"] == {"op": "start", "game": game, "options": {}}
    assert recorded[0]["reply"] == start
    by_key = {request_key(e["request"]): e for e in recorded}
    legal = [m["move"] for m in call(play(game, position, []))["legal"]]
    assert by_key[request_key(play(game, position, []))]["legal"] is None  # the start keeps every legal move
    assert RECORDED_LEVELS == (1, 2, 3)  # every level's first reply needs no engine (issue 21 §1)
    searched = set(legal[:4])  # level 3 searched again for a few first moves (seconds each)

    def reply_at(moves: list[str], level: int) -> dict:
        if level < 3 or moves[-1:] == [] or moves[-1] in searched:
            return call(bestmove(game, position, moves, level))
        return by_key[request_key(bestmove(game, position, moves, level))]["reply"]

    with without_time_limit():  # as the build records them: the same replies on every machine
        openings = {call(bestmove(game, position, [], level))["move"] for level in RECORDED_LEVELS}
        asked = {first: [reply_at([first], level) for level in RECORDED_LEVELS] for first in legal}
    for first, answers in asked.items():
        for level, answer in zip(RECORDED_LEVELS, answers):
            assert by_key[request_key(bestmove(game, position, [first], level))]["reply"] == answer
            assert answer["move"] in call(play(game, position, [first]))["legal_moves"]
            after = by_key[request_key(play(game, position, [first, answer["move"]]))]
            assert after["reply"]["pending"] and after["legal"] == []
        entry = by_key[request_key(play(game, position, [first]))]
        if first in openings:  # the computer's opening: the reader answers it with every legal move
            assert entry["legal"] is None and "pending" not in entry["reply"]
        else:  # only the computer's replies; the reader's own come from the live engine
            assert entry["reply"]["pending"] and sorted(entry["legal"]) == sorted({a["move"] for a in answers})
    for opening in openings:
        for answer in call(play(game, position, [opening]))["legal"]:
            assert by_key[request_key(play(game, position, [opening, answer["move"]]))]["reply"]["pending"]
    table = page_table(list(recorded), "th")
    assert table["position"] == position and "" in table["plays"]
    assert request_key(bestmove(game, position, [legal[0]], RECORDED_LEVELS[0])) in table["other"]


def test_the_sandbox_replies_are_kept_once_per_engine_version(tmp_path, monkeypatch):
    """Level 3's replies cost seconds: the proof cache keeps them, and a second build reads them;
    so does another project built on the machine (the machine's cache), but not one whose cache is off."""
    monkeypatch.setenv("KRADAN_CACHE_DIR", str(tmp_path / "machine"))
    made = []

    def make():
        made.append(1)
        return [{"request": {"op": "start"}, "reply": {"ok": True}, "legal": [len(made)]}]

    first = ProofCache(tmp_path / "a").computed("sandbox-toy", make)
    again = ProofCache(tmp_path / "a").computed("sandbox-toy", make)  # a new process: from the folder
    assert first == again and len(made) == 1
    assert len(list((tmp_path / "a").glob("*.computed.json"))) == 1

    other = ProofCache(tmp_path / "b").computed("sandbox-toy", make)  # another project: from the machine
    assert other == first and len(made) == 1
    assert len(list((tmp_path / "b").glob("*.computed.json"))) == 1

    off = ProofCache(None).computed("sandbox-toy", make)
    assert off != first and len(made) == 2
    assert len(list((tmp_path / "machine").rglob("*.computed.json"))) == 1


def test_an_unwritable_cache_still_gives_the_replies(tmp_path, monkeypatch):
    """A read-only tree (and machine cache) builds, only slower: the replies are made every time."""
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("KRADAN_CACHE_DIR", str(blocked / "machine"))
    made = []
    replies = ProofCache(blocked / "proofs").computed("sandbox-toy", lambda: made.append(1) or [{"n": len(made)}])
    assert replies == [{"n": 1}] and made == [1]


def test_a_recorded_computer_reply_is_the_same_for_the_same_request():
    """The computer's pick is seeded by the level and the position: recording it is recording what the page would get."""
    request = bestmove("makruk", call({"op": "start", "game": "makruk", "options": {}})["position"], ["a3a4"], 1)
    assert len({call(request)["move"] for _ in range(3)}) == 1


def test_a_request_the_engine_refuses_is_a_build_error():
    with pytest.raises(ValueError, match="refused a page request"):
        record([PageRequest(play("makruk", "8/8/8/8/8/8/8/8 w - - 0 1", ["a1a2"]))])
