"""serve's rebuilds (build.Rebuilder, serve.watch): one proof cache in memory across rebuilds,
every file still checked, a Python change restarts the process instead of rebuilding."""
import threading
import time
from functools import partial

import pytest
from pz_helpers import project, puzzle
from sb_helpers import fake_assets

from site_builder.build import Rebuilder, build
from site_builder.errors import BuildFailed
from site_builder.puzzles.cache import ProofCache
from site_builder.serve import changed_files, sources_stamp, watch


def test_rebuilds_share_the_proof_cache_in_memory_and_still_check_every_file(tmp_path, monkeypatch):
    root = project(tmp_path / "proj", {"mk-a": puzzle("mk-a"), "mk-b": puzzle("mk-b")})
    rebuilder = Rebuilder(root, tmp_path / "site", partial(build, assets=fake_assets))
    site, took = rebuilder.build()
    assert site.puzzles.proven == 2 and took.startswith("in ") and ", CPU " in took
    reads = []
    monkeypatch.setattr(ProofCache, "_read", lambda self, digest: reads.append(digest))
    again, _ = rebuilder.build()
    assert (again.puzzles.cache_hits, again.puzzles.proven) == (2, 0) and reads == []  # nothing read from disk
    (root / "puzzles/makruk/mk-b.toml").write_text(puzzle("mk-b", difficulty=3), encoding="utf-8")
    third, _ = rebuilder.build()
    assert (third.puzzles.cache_hits, third.puzzles.proven) == (1, 1)
    (root / "puzzles/makruk/mk-b.toml").write_text(puzzle("mk-b", alternatives=None), encoding="utf-8")
    with pytest.raises(BuildFailed) as failed:  # a cooked puzzle is refused, as by a fresh build
        rebuilder.build()
    assert "mk-b.toml:9: alternatives: cook: c6c7 also mates in 2" in str(failed.value)


def test_changed_files_lists_what_was_added_removed_or_edited(tmp_path):
    (tmp_path / "content").mkdir()
    a, b = tmp_path / "content/a.md", tmp_path / "content/b.md"
    a.write_text("one")
    b.write_text("two")
    before = sources_stamp(tmp_path)
    a.write_text("one, longer")
    b.unlink()
    (tmp_path / "content/c.md").write_text("three")
    assert changed_files(before, sources_stamp(tmp_path)) == {str(a), str(b), str(tmp_path / "content/c.md")}


def test_a_python_change_restarts_instead_of_rebuilding(tmp_path):
    (tmp_path / "content").mkdir()
    (tmp_path / "engine").mkdir()
    lesson, code = tmp_path / "content/a.md", tmp_path / "engine/rules.py"
    lesson.write_text("one")
    code.write_text("X = 1\n")
    rebuilt, restarted = threading.Event(), threading.Event()
    watch(tmp_path, rebuilt.set, interval=0.05, restart=restarted.set)
    time.sleep(0.2)
    lesson.write_text("two, longer")
    assert rebuilt.wait(5) and not restarted.is_set()
    rebuilt.clear()
    code.write_text("X = 2  # changed\n")
    assert restarted.wait(5) and not rebuilt.is_set()
