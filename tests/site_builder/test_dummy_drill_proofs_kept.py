"""The catalog's Dummy drills keep their proofs now that the engine's ``prove`` op proves them.

dummy_drill_proofs.json was written ONCE, before the move, by the old site_builder/games/dummy/
drills.py (which proved the drills in the builder through ``play`` and ``bestmove`` door calls):
every catalog drill's proof, as the build cached it. It is never regenerated from the new code; a
new catalog drill is proven here only when it is added to that file by hand (the test says so).
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from sb_helpers import PROJECT as ROOT

from site_builder.puzzles.cache import ProofCache
from site_builder.puzzles.prove import load_puzzles

RECORDED = Path(__file__).with_name("dummy_drill_proofs.json")
KINDS = ("dummy-discard", "dummy-collect", "dummy-knock")


@pytest.fixture(scope="module")
def drills(tmp_path_factory):
    """Every catalog drill, proven afresh (no proof cache)."""
    root = tmp_path_factory.mktemp("dummy-drill-proofs")
    (root / "puzzles" / "dummy").mkdir(parents=True)
    for path in (ROOT / "puzzles" / "dummy").glob("dk-drill-*.toml"):
        shutil.copy(path, root / "puzzles" / "dummy" / path.name)
    puzzles, problems = load_puzzles(root, ProofCache(None))
    assert problems == []
    return {p.id: p for p in puzzles.puzzles if p.kind in KINDS}


def test_every_catalog_drill_has_a_recorded_proof(drills):
    recorded = json.loads(RECORDED.read_text(encoding="utf-8"))
    assert sorted(drills) == sorted(recorded), "a drill was added or removed: record its proof from review, by hand"
    assert len(recorded) >= 30


def test_the_engine_gives_every_catalog_drill_exactly_its_old_proof(drills):
    recorded = json.loads(RECORDED.read_text(encoding="utf-8"))
    changed = [pid for pid, puzzle in sorted(drills.items()) if puzzle.proof != recorded[pid]]
    assert changed == []
