"""Proofs in worker processes (prove.prove_all) and the cached path of load_puzzles: what a proof
cache hit skips, and what is still checked on every build."""
import importlib
import json
import sys
import tomllib
from pathlib import Path

import pytest
from pz_helpers import MATE1, MATE3, STALEMATE, best, project, puzzle, quiz

from site_builder.puzzles import prove
from site_builder.puzzles.cache import SOURCES, ProofCache, code_hash
from site_builder.puzzles.engine_ctx import GameEngine
from site_builder.puzzles.prove import load_puzzles, prove_all, prove_one
from site_builder.puzzles.registry import KINDS

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = {
    "mk-m3": puzzle("mk-m3", position=MATE3, mate_in=3, solution=["d5c6", "a8a7", "h1h8", "a7a6", "h8a8"],
                    alternatives=None, difficulty=3),
    "mk-m2": puzzle("mk-m2"),
    "mk-m1": puzzle("mk-m1", position=MATE1, mate_in=1, solution=["h1h8"], alternatives=None, difficulty=1),
    "mk-best": best("mk-best", difficulty=3),
    "mk-q1": quiz("mk-q1", STALEMATE, "position-status", difficulty=1),
}
BROKEN = {
    "mk-a": puzzle("mk-a", alternatives=None),  # cooked: c6c7 mates in 2 too
    "mk-b": puzzle("mk-b"),
    "mk-c": puzzle("mk-c", solution=["c6b6", "a8b8", "h1h7"]),  # the line does not mate
    "mk-d": puzzle("mk-d", position=MATE1, mate_in=1, solution=["h1h7"], alternatives=None),
}


def plain(done):
    """A proof result without its timing, for comparing two runs."""
    return (done.proof, done.issues, done.replies, done.solution, done.unreplayable)


@pytest.fixture(scope="module")
def checked(tmp_path_factory):
    """The puzzles of PUZZLES, checked and not yet proven (in file order)."""
    root = project(tmp_path_factory.mktemp("par") / "proj", PUZZLES)
    return prove._check_files(prove.discover(root).files, ProofCache(None), prove.Provers(1))[0]


def test_worker_processes_give_what_one_process_gives_in_input_order(checked):
    jobs, parallel = prove_all(checked, jobs=2)
    assert jobs == 2
    _, serial = prove_all(checked, jobs=1)
    assert [plain(d) for d in parallel] == [plain(d) for d in serial]
    assert len({json.dumps(d.proof, sort_keys=True) for d in parallel}) == len(checked)  # each its own


def test_one_job_per_core_by_default_and_the_setting_overrides_it(monkeypatch):
    monkeypatch.delenv(prove.JOBS_ENV, raising=False)
    monkeypatch.setattr(prove.os, "cpu_count", lambda: 6)
    assert prove.proof_jobs() == 6
    monkeypatch.setattr(prove.os, "cpu_count", lambda: None)
    assert prove.proof_jobs() == 1
    monkeypatch.setenv(prove.JOBS_ENV, "3")
    assert prove.proof_jobs() == 3


def test_without_processes_the_proofs_run_in_this_one(checked, monkeypatch):
    def no_processes(*args, **kwargs):
        raise OSError("no semaphores here")

    monkeypatch.setattr(prove, "ProcessPoolExecutor", no_processes)
    jobs, done = prove_all(checked, jobs=4)
    assert jobs == 1 and [plain(d) for d in done] == [plain(prove_one(p)) for p in checked]


def test_a_proof_alone_starts_no_process_and_the_second_starts_them(checked, monkeypatch):
    started = []

    class Pool(prove.ProcessPoolExecutor):
        def __init__(self, *args, **kwargs):
            started.append(kwargs["max_workers"])
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(prove, "ProcessPoolExecutor", Pool)
    jobs, done = prove_all(checked[:1], jobs=2)  # an author's one edited puzzle
    assert (jobs, started) == (1, []) and [plain(d) for d in done] == [plain(prove_one(checked[0]))]
    jobs, done = prove_all(checked[:2], jobs=2)
    assert (jobs, started) == (2, [2]) and [plain(d) for d in done] == [plain(prove_one(p)) for p in checked[:2]]


def test_problems_of_every_file_come_together_in_file_order(tmp_path, monkeypatch):
    monkeypatch.setenv(prove.JOBS_ENV, "2")
    root = project(tmp_path / "proj", BROKEN)
    found, problems = load_puzzles(root, ProofCache(None))
    assert found.jobs == 2 and found.proven == 4
    assert [p.id for p in found.puzzles] == ["mk-b"]
    files = [p.file for p in problems]
    assert files == sorted(files) and {f.rsplit("/", 1)[1] for f in files} == {"mk-a.toml", "mk-c.toml", "mk-d.toml"}
    assert any("cook: c6c7 also mates in 2" in p.what for p in problems if p.file.endswith("mk-a.toml"))
    monkeypatch.setenv(prove.JOBS_ENV, "1")
    _, again = load_puzzles(root, ProofCache(None))
    assert again == problems


def forbid(monkeypatch, target, name):
    monkeypatch.setattr(target, name, lambda *a, **k: (_ for _ in ()).throw(AssertionError(f"{name} was called")))


def test_a_cache_hit_asks_the_engine_nothing_and_reads_the_replies_only_for_the_page(tmp_path, monkeypatch):
    root = project(tmp_path / "proj", PUZZLES)
    first, problems = load_puzzles(root)
    assert problems == [] and first.proven == 5
    for kind in {type(k) for k in KINDS.values()}:
        forbid(monkeypatch, kind, "prove")
        forbid(monkeypatch, kind, "solution_text")
    forbid(monkeypatch, GameEngine, "describe")
    forbid(monkeypatch, prove, "record")
    cache = ProofCache(root / ".cache/kradan-proofs")
    read = []
    monkeypatch.setattr(cache, "replies", lambda digest: read.append(digest) or ProofCache.replies(cache, digest))
    second, problems = load_puzzles(root, cache)
    assert problems == [] and (second.cache_hits, second.proven) == (5, 0) and read == []
    assert [(p.id, p.proof, p.solution, p.board) for p in second.puzzles] == \
        [(p.id, p.proof, p.solution, p.board) for p in first.puzzles]
    mate = next(p for p in second.puzzles if p.id == "mk-m2")
    assert second.replies(mate) == first.replies(next(p for p in first.puzzles if p.id == "mk-m2"))
    assert read == [mate.digest]
    assert second.page_table(mate, "th") is second.page_table(mate, "th")  # packed once


def test_a_cache_hit_is_still_checked_against_the_other_files(tmp_path):
    root = project(tmp_path / "proj", PUZZLES)
    load_puzzles(root)
    twin = puzzle("mk-twin", hints=_hints(root, "mk-m2"))
    (root / "puzzles/makruk/mk-twin.toml").write_text(twin, encoding="utf-8")
    (root / "puzzles/makruk/mk-other.toml").write_text(puzzle("mk-m1"), encoding="utf-8")  # id used twice
    found, problems = load_puzzles(root)
    assert found.cache_hits == 5
    said = [str(p) for p in problems]
    assert any("mk-twin.toml" in s and "repeats hint 1 of puzzles/makruk/mk-m2.toml" in s for s in said)
    assert any("mk-other.toml" in s and "is also used by puzzles/makruk/mk-m1.toml" in s for s in said)


def _hints(root, pid):
    return tomllib.loads((root / f"puzzles/makruk/{pid}.toml").read_text(encoding="utf-8"))["hints"]


def test_an_entry_without_its_replies_is_proven_again(tmp_path):
    root = project(tmp_path / "proj", {"mk-m2": PUZZLES["mk-m2"]})
    load_puzzles(root)
    [replies] = (root / ".cache/kradan-proofs").glob("*.replies.json")
    replies.unlink()
    again, problems = load_puzzles(root)
    assert problems == [] and (again.cache_hits, again.proven) == (0, 1)


def test_replies_gone_after_the_check_are_recorded_again_for_the_page(tmp_path):
    root = project(tmp_path / "proj", {"mk-m2": PUZZLES["mk-m2"]})
    first, _ = load_puzzles(root)
    expected = first.replies(first.puzzles[0])
    found, _ = load_puzzles(root, ProofCache(root / ".cache/kradan-proofs"))
    for path in (root / ".cache/kradan-proofs").glob("*.replies.json"):
        path.unlink()
    assert found.replies(found.puzzles[0]) == expected


def test_the_recorded_replies_code_is_part_of_the_cache_key():
    assert "site_builder/replies.py" in SOURCES


def test_a_game_from_outside_the_project_folders_is_part_of_the_cache_key(tmp_path, monkeypatch):
    package = tmp_path / "mygame"
    package.mkdir()
    (package / "__init__.py").write_text("from site_builder.games.makruk import PLUGIN\n", encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text('[tool.kradan.site]\nplugins = ["mygame"]\n', encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(sys.modules, "mygame", importlib.import_module("mygame"))
    assert prove.outside_sources(tmp_path) == (package,)  # its engine package (makruk's) is inside engine/
    cache = ProofCache(None)
    cache.extra_sources = (package,)
    before = cache.key("a file")
    (package / "__init__.py").write_text("from site_builder.games.makruk import PLUGIN  # edited\n", encoding="utf-8")
    code_hash.cache_clear()
    assert cache.key("a file") != before


def test_the_benchmark_collection_is_made_of_distinct_valid_puzzles(tmp_path):
    from site_builder.bench.collection import generate
    root = project(tmp_path / "proj", {"mk-m2": PUZZLES["mk-m2"], "mk-q1": PUZZLES["mk-q1"]})
    assert generate(root, tmp_path / "gen", count=5) == 5
    found, problems = load_puzzles(tmp_path / "gen", ProofCache(None))
    assert problems == [] and len(found.puzzles) == 5
    assert len({p.id for p in found.puzzles}) == len({p.digest for p in found.puzzles}) == 5
    assert sorted(p.id for p in found.puzzles) == ["mk-m2", "mk-m2-copy1", "mk-m2-copy2", "mk-q1", "mk-q1-copy1"]
    # A copy's title is told apart by letters, never digits (they could name a counting answer).
    copies = [p for p in found.puzzles if "-copy" in p.id]
    labels = [title.rsplit(" (", 1)[1].rstrip(")") for p in copies for title in p.title.values()]
    assert sorted(labels) == ["A", "A", "B", "ก", "ก", "ข"], [p.title for p in copies]


def test_the_benchmark_collection_copies_no_position_a_collection_may_hold_once(tmp_path):
    from site_builder.bench.collection import generate
    from site_builder.games import PLUGINS
    scoring = (ROOT / "puzzles" / "dummy" / "dk-score-001.toml").read_text(encoding="utf-8")
    root = project(tmp_path / "proj", {"mk-m2": PUZZLES["mk-m2"], "puzzles/dummy/dk-score-001.toml": scoring})
    assert generate(root, tmp_path / "gen", count=4) == 4
    found, problems = load_puzzles(tmp_path / "gen", ProofCache(None))
    assert problems == [] and sorted(p.id for p in found.puzzles) == ["dk-score-001", "mk-m2", "mk-m2-copy1", "mk-m2-copy2"]
    assert PLUGINS["dummy"].check_collection([], [p for p in found.puzzles if p.game == "dummy"]) == []


def test_copy_labels_count_in_letters():
    from site_builder.bench.collection import COPY_LETTERS, copy_label
    assert [copy_label(n, "en") for n in (1, 2, 24, 25, 26)] == ["A", "B", "Z", "AA", "AB"]
    assert copy_label(1, "th") == "ก" and copy_label(len(COPY_LETTERS["th"]) + 1, "th") == "กก"
