"""The assignment link and the student's result code (static/js/core/assignment.js, codes.js),
run in Node exactly as the browser loads them: round trips, every refusal, and the progress code
that now shares their packing. Needs node (fails without it)."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

JS = Path(__file__).resolve().parents[2] / "site_builder" / "static" / "js" / "core"

RUNNER = r"""
import * as A from './assignment.js';
import { pack } from './codes.js';
import * as P from './progress.js';
const input = JSON.parse(await new Promise((done) => {
  let text = ''; process.stdin.on('data', (c) => { text += c; }); process.stdin.on('end', () => done(text));
}));
const attempt = async (fn) => { try { return { ok: await fn() }; } catch (err) { return { error: err.code ?? String(err), detail: err.detail }; } };
const out = [];
for (const step of input) {
  switch (step.op) {
    case 'assign': out.push(await attempt(async () => {
      const code = await A.encodeAssignment(step.a);
      return { code, id: A.assignmentId(step.a), back: await A.decodeAssignment(step.link ? `https://x/th/a/#${code}` : code) };
    })); break;
    case 'decodeAssignment': out.push(await attempt(() => A.decodeAssignment(step.text))); break;
    case 'result': out.push(await attempt(async () => {
      const code = await A.encodeResult(step.r);
      return { code, back: await A.decodeResult(step.spaced ? code.replace(/(.{10})/g, '$1\n ') : code) };
    })); break;
    case 'decodeResult': out.push(await attempt(() => A.decodeResult(step.text))); break;
    case 'pack': out.push(await attempt(() => pack(step.tag, step.version, step.json))); break;
    case 'words': out.push({ ok: A.codeWords(step.text) }); break;
    case 'progress': out.push(await attempt(async () => P.parseCode(step.text ?? await P.exportCode(step.progress)))); break;
    default: throw new Error(step.op);
  }
}
console.log(JSON.stringify(out));
"""


def run(tmp_path: Path, steps: list[dict]) -> list[dict]:
    node = shutil.which("node")
    assert node, "node is needed to run the browser's assignment.js"
    for name in ("assignment.js", "teacher-exercise.js", "codes.js", "progress.js"):
        shutil.copy(JS / name, tmp_path / name)
    (tmp_path / "package.json").write_text('{"type": "module"}')
    (tmp_path / "run.js").write_text(RUNNER)
    done = subprocess.run([node, "run.js"], cwd=tmp_path, input=json.dumps(steps), capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


ASSIGNMENT = {"title": "การบ้าน <script>alert(1)</script>", "instructions": "ทำข้อ ๑–๔ ให้ครบ\nส่งทาง LINE",
              "lang": "th", "due": "2026-12-01", "hints": False, "solution": True,
              "items": ["mk-mate1-001", "ko-tsume1-004", "dm-score-003", "mh-win2-002"]}
RESULT = {"assignment": "0abc123", "name": "ด.ญ. มะลิ <img src=x onerror=alert(1)>",
          "started": "2026-11-23T01:00:00.000Z", "submitted": "2026-11-23T01:20:00.000Z",
          "items": [
              {"id": "mk-mate1-001", "events": [["m", "e2e4"], ["t"], ["h"], ["m", "Ra1a8"]], "claimed": "retried",
               "attempts": 2, "hints": 1, "ms": 61234},
              {"id": "ko-tsume1-004", "events": [["a", ["b", "c"]], ["a", "12"], ["s"]], "claimed": "seen",
               "attempts": 2, "hints": 0, "ms": 5000},
              {"id": "dm-score-003", "events": [["a", {"A": -50, "B": 25}], ["r"]], "claimed": "solved",
               "attempts": 1, "hints": 0, "ms": 0},
              {"id": "mh-win2-002", "events": [], "claimed": "", "attempts": 0, "hints": 0, "ms": 0}]}


def test_an_assignment_comes_back_whole_from_its_code_and_from_its_link(tmp_path):
    reordered = dict(ASSIGNMENT, items=list(reversed(ASSIGNMENT["items"])))
    plain, linked, other = run(tmp_path, [{"op": "assign", "a": ASSIGNMENT}, {"op": "assign", "a": ASSIGNMENT, "link": True},
                                          {"op": "assign", "a": reordered}])
    assert plain["ok"]["back"] == ASSIGNMENT
    assert linked["ok"]["back"] == ASSIGNMENT
    assert plain["ok"]["code"].startswith("KA1Z-")
    assert plain["ok"]["id"] == linked["ok"]["id"] and len(plain["ok"]["id"]) == 7
    assert other["ok"]["id"] != plain["ok"]["id"], "the order of the items is part of the assignment"


def test_an_untitled_assignment_is_named_in_its_language(tmp_path):
    th, en = run(tmp_path, [{"op": "assign", "a": dict(ASSIGNMENT, title="  ")},
                            {"op": "assign", "a": dict(ASSIGNMENT, title="", lang="en")}])
    assert th["ok"]["back"]["title"] == "งานจากครู" and en["ok"]["back"]["title"] == "Assignment"


@pytest.mark.parametrize("change", [
    {"items": []}, {"items": ["a"] * 2}, {"items": ["bad id"]},
    {"lang": "fr"}, {"due": "1 Dec"}, {"hints": "yes"}, {"title": "x" * 121}, {"instructions": 5},
])
def test_an_assignment_with_a_wrong_field_is_refused(tmp_path, change):
    (answer,) = run(tmp_path, [{"op": "assign", "a": dict(ASSIGNMENT, **change)}])
    assert answer["error"] == "BAD_CODE"


def test_an_assignment_over_the_item_limit_says_so(tmp_path):
    (answer,) = run(tmp_path, [{"op": "assign", "a": dict(ASSIGNMENT, items=[f"p{i}" for i in range(41)])}])
    assert answer == {"error": "TOO_MANY_ITEMS", "detail": {"count": 41, "max": 40}}


def test_a_result_keeps_every_move_answer_and_verdict(tmp_path):
    (answer,) = run(tmp_path, [{"op": "result", "r": RESULT, "spaced": True}])
    assert answer["ok"]["code"].startswith("KS1Z-")
    assert answer["ok"]["back"] == RESULT, "a code split over lines in a chat still reads the same"


def test_every_bad_code_gets_its_own_error(tmp_path):
    (made,) = run(tmp_path, [{"op": "result", "r": RESULT}])
    code = made["ok"]["code"]
    flipped = code[:12] + ("A" if code[12] != "A" else "B") + code[13:]
    older_json = json.dumps(["0abc123", "x", 0, 0, []])
    older, newer, assignment = run(tmp_path, [{"op": "pack", "tag": "KS", "version": 0, "json": older_json},
                                              {"op": "pack", "tag": "KS", "version": 2, "json": older_json},
                                              {"op": "assign", "a": ASSIGNMENT}])
    texts = [code[:-4], code[: len(code) // 2], "", "สวัสดีครับ", flipped, older["ok"], newer["ok"],
             assignment["ok"]["code"]]
    answers = run(tmp_path, [{"op": "decodeResult", "text": text} for text in texts])
    assert [a.get("error") for a in answers] == ["BAD_CODE", "BAD_CODE", "BAD_CODE", "BAD_CODE", "BAD_CHECKSUM",
                                                 "BAD_VERSION", "BAD_VERSION", "WRONG_KIND"]
    assert answers[5]["detail"] == {"version": 0, "older": True}
    assert answers[6]["detail"] == {"version": 2, "older": False}
    assert answers[7]["detail"] == {"tag": "KA"}
    (as_link,) = run(tmp_path, [{"op": "decodeAssignment", "text": code}])
    assert as_link == {"error": "WRONG_KIND", "detail": {"tag": "KS"}}


def test_a_result_whose_fields_were_edited_into_nonsense_is_refused(tmp_path):
    bad_rows = [["0abc123", "", 0, 0, []], ["0abc123", "x", 0, 0, [["id", [["z"]], "s", 1, 0, 0]]],
                ["0abc123", "x", 0, 0, [["id", [], "?", 1, 0, 0]]], ["0abc123", "x", 0, 0, [["id", [], "s", -1, 0, 0]]],
                {"name": "x"}]
    packed = run(tmp_path, [{"op": "pack", "tag": "KS", "version": 1, "json": json.dumps(row)} for row in bad_rows])
    answers = run(tmp_path, [{"op": "decodeResult", "text": p["ok"]} for p in packed])
    assert [a.get("error") for a in answers] == ["BAD_CODE", "BAD_CODE", "BAD_CODE", "BAD_FIELD", "BAD_CODE"]


def test_codes_are_found_in_chat_text_and_csv_cells_truncated_ones_too(tmp_path):
    (made,) = run(tmp_path, [{"op": "result", "r": RESULT}])
    code = made["ok"]["code"]
    text = f'\ufeffชื่อ,รหัส\n"มะลิ","{code}"\nผลของหนู: {code};KS1Z-abc\nสวัสดีค่ะ KAPOW'
    (found,) = run(tmp_path, [{"op": "words", "text": text}])
    assert found["ok"] == [code, code, "KS1Z-abc"]


def test_the_progress_code_still_round_trips_and_refuses_a_result_code(tmp_path):
    progress = {"version": 1, "puzzles": {"mk-mate1-001": {"state": "solved", "attempts": 1, "hints": 0,
                                                            "updated": "2026-11-23T01:00:00.000Z"}}}
    (made,) = run(tmp_path, [{"op": "result", "r": RESULT}])
    back, refused = run(tmp_path, [{"op": "progress", "progress": progress},
                                   {"op": "progress", "text": made["ok"]["code"]}])
    assert back["ok"] == progress
    assert refused["error"] == "BAD_CODE"


names = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=40).filter(lambda s: s.strip())


@settings(max_examples=10, deadline=None, derandomize=True, database=None)  # a failure reproduces
@given(st.lists(st.tuples(names, st.text(max_size=200), st.lists(st.from_regex(r"[a-z0-9-]{1,20}", fullmatch=True),
                                                              min_size=1, max_size=40, unique=True)),
                min_size=5, max_size=5))
def test_any_title_name_and_item_list_round_trips(tmp_path_factory, cases):
    tmp = tmp_path_factory.mktemp("codes")
    steps = []
    for title, instructions, items in cases:
        steps.append({"op": "assign", "a": dict(ASSIGNMENT, title=title.strip(), instructions=instructions.strip(), items=items)})
        steps.append({"op": "result", "r": dict(RESULT, name=title.strip(), items=[dict(RESULT["items"][0], id=i) for i in items])})
    answers = run(tmp, steps)
    for step, answer in zip(steps, answers):
        assert answer["ok"]["back"] == (step.get("a") or step["r"]), answer
