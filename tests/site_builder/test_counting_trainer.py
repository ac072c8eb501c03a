"""The counting trainer's build-time side (site_builder/games/makruk/trainer.py): materials and
their numbers come from the engine in phase 1, positions are reproducible from a seed, and the
Python generator is the same as the browser's (static/js/games/makruk/counting-setup.js, run
under node; the test fails where node is missing)."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from engine.api import call
from site_builder.bench.defender import time_defender
from site_builder.games.makruk import trainer as ct

ROOT = Path(__file__).resolve().parents[2]
SETUP_JS = ROOT / "site_builder" / "static" / "js" / "games" / "makruk" / "counting-setup.js"


def test_spec_examples_from_the_engine():
    rows = {r["id"]: r for r in ct.material_rows()}
    # rules §1.3: K+R vs K starts at 4, limit 16, 13 attacker moves; seed S001: 8, 16, 9.
    assert (rows["r"]["start"], rows["r"]["limit"], rows["r"]["moves"]) == (4, 16, 13)
    assert (rows["r-s-n-2f"]["start"], rows["r-s-n-2f"]["limit"], rows["r-s-n-2f"]["moves"]) == (8, 16, 9)
    assert (rows["2r"]["limit"], rows["2s-n"]["limit"], rows["s-2n"]["limit"], rows["s"]["limit"]) == (8, 22, 32, 44)
    assert rows["m-n"]["limit"] == 64 and rows["2n"]["limit"] == 32
    for row in rows.values():
        assert row["start"] == len(row["pieces"]) + 3  # pieces + both Khun + 1
        assert row["moves"] == max(0, row["limit"] - row["start"] + 1)


@pytest.mark.parametrize("material", [m.id for m in ct.MATERIALS])
def test_generated_positions_are_fair_and_reproducible(material):
    for seed in (1, 2, 4_000_000_000):
        fen = ct.generate(material, seed)
        assert fen == ct.generate(material, seed)
        reply = call({"op": "play", "game": "makruk", "position": fen})
        assert ct.acceptable(reply), fen
        counting = reply["status"]["counting"]
        assert reply["turn"] == "black" and counting["kind"] == "pieces" and counting["counter"] == "black"
        assert counting["count"] == 0 and counting["start"] == len(ct.BY_ID[material].pieces) + 3
        assert reply["actions"] == []


def test_random_material_is_one_of_the_list_and_seeded():
    ids = {m.id for m in ct.MATERIALS}
    picks = {ct.random_material(seed) for seed in range(200)}
    assert picks <= ids and len(picks) > 3
    assert ct.generate("random", 5) == ct.generate(ct.random_material(5), 5)


def test_lcg_bit_for_bit():
    assert ct.mix32(0) == 0 and ct.mix32(1) != 1
    rng = ct.Lcg(0)
    assert [rng.next() for _ in range(3)] == [1013904223, 1196435762, 3519870697]
    assert ct.Lcg(123).below(64) == (ct.Lcg(123).next() * 64) >> 32


def test_python_and_browser_generators_agree():
    cases = [(m.pieces, ct.limit_of(m.pieces), seed) for m in ct.MATERIALS for seed in (0, 7, 123456789, 4294967295)]
    script = (
        f"import({json.dumps(SETUP_JS.as_uri())}).then((m) => {{"
        f"  const cases = {json.dumps(cases)};"
        "  const ids = " + json.dumps([m.id for m in ct.MATERIALS]) + ";"
        "  const out = cases.map(([p, l, s]) => m.candidates(p, l, s, 5));"
        "  const random = [0, 1, 2, 99, 4294967295].map((s) => m.randomMaterial(ids, s));"
        "  console.log(JSON.stringify({ out, random }));"
        "});"
    )
    proc = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    assert got["out"] == [ct.candidates(p, lim, seed, 5) for p, lim, seed in cases]
    assert got["random"] == [ct.random_material(s) for s in (0, 1, 2, 99, 4294967295)]


def test_page_context_carries_engine_numbers():
    rows, problems = ct.load()
    assert problems == []
    for lang in ("th", "en"):
        page = ct.page(rows, lang, [])
        assert (page.slug, page.template) == ("counting-trainer", "counting_trainer.html")
        ctx = page.context
        data = json.loads(ctx["materials_json"])
        assert [d["id"] for d in data] == [m.id for m in ct.MATERIALS]
        assert all(d["label"] for d in data) and ctx["horizon"] == ct.DEFENDER_HORIZON
        assert {d["id"]: d["horizon"] for d in data if d["horizon"] != 3} == {"2r": 2, "r-n": 2, "r-s-n-2f": 2}
        assert ctx["title"] and ctx["summary"] and ctx["page"]["intro"]


def test_time_defender_reports_median_and_max():
    result = time_defender(samples=3)
    assert result["samples"] == 3 and result["horizon"] == "per material"
    assert 0 < result["median_ms"] <= result["max_ms"]
    assert call({"op": "play", "game": "makruk", "position": result["slowest"]})["ok"]


def test_an_engine_failure_is_a_build_problem_not_a_traceback(monkeypatch):
    monkeypatch.setattr(ct, "call", lambda request: {"ok": False, "error": {"code": "INTERNAL", "message": "boom"}})
    rows, [problem] = ct.load()
    assert rows is None and problem.file == "site_builder/games/makruk/trainer.py"
    assert "the counting trainer cannot be built" in problem.what and "no acceptable position" in problem.what
