"""serve's rebuilds put the new pages in place first, with the last search index, and refresh the
index in the background (site_builder.search_later); the served folder is never missing or half
written (site_builder.folders). Pagefind runs for real (a missing one fails, never skips)."""
from __future__ import annotations

import os
import subprocess
import sys
import threading
from functools import partial

from sb_helpers import fake_assets, lesson, write_tree

from site_builder import search_later
from site_builder.build import Rebuilder, build, leftovers
from site_builder.folders import put_folder
from site_builder.search_index import index_pages

LESSON = "content/th/makruk/01-a.md"


def _project(tmp_path):
    return write_tree(tmp_path / "proj", {
        LESSON: lesson("บทแรก", 1, "เรือเดินตรง"),
        "content/en/makruk/01-a.md": lesson("First", 1, "The Ruea moves straight"),
    })


def _bundle(out):
    """{name: inode} of the served Pagefind bundle's files."""
    return {p.relative_to(out).as_posix(): p.stat().st_ino for p in (out / "pagefind").rglob("*") if p.is_file()}


def test_a_rebuild_serves_its_pages_with_the_last_index_then_refreshes_it(tmp_path, monkeypatch):
    root, out = _project(tmp_path), tmp_path / "site"
    rebuilder = Rebuilder(root, out, partial(build, assets=fake_assets))
    rebuilder.build()  # the first build indexes before its swap: nothing to serve meanwhile
    first = _bundle(out)
    assert "pagefind/pagefind.js" in first and rebuilder.search.wait(60)

    (root / LESSON).write_text(lesson("บทแรก", 1, "ม้าเดินเป็นรูปตัวแอล"), encoding="utf-8")
    gate = threading.Event()
    monkeypatch.setattr(search_later, "index_pages", lambda *args: gate.wait(60) and index_pages(*args))
    rebuilder.build()
    assert "ม้าเดิน" in (out / "th/makruk/a/index.html").read_text(encoding="utf-8")  # the new page, at once
    assert _bundle(out) == first  # with the last index: the same files (hard links)
    assert not rebuilder.search.wait(0.1)  # its refresh waits for the gate
    work = [p for p in tmp_path.iterdir() if "-search-" in p.name]
    assert len(work) == 1 and not set(work) & set(leftovers(out))  # this process's work: no leftover
    gate.set()
    assert rebuilder.search.wait(60)
    refreshed = _bundle(out)
    assert refreshed.keys() != first.keys() and "pagefind/pagefind.js" in refreshed  # a new index, whole
    assert not [p for p in tmp_path.iterdir() if "-search-" in p.name or ".tmp-" in p.name]


def test_a_failed_index_keeps_the_last_one_and_says_so(tmp_path, monkeypatch, capsys):
    root, out = _project(tmp_path), tmp_path / "site"
    rebuilder = Rebuilder(root, out, partial(build, assets=fake_assets))
    rebuilder.build()
    first = _bundle(out)
    monkeypatch.setenv("KRADAN_PAGEFIND", str(tmp_path / "no-pagefind.cjs"))
    (root / LESSON).write_text(lesson("บทแรก", 1, "ม้าเดินเป็นรูปตัวแอล"), encoding="utf-8")
    rebuilder.build()
    assert rebuilder.search.wait(60)
    assert _bundle(out) == first
    err = capsys.readouterr().err
    assert "the search index was not refreshed (the site keeps its last one)" in err
    assert "no-pagefind.cjs: Pagefind is missing, so the site's search cannot be built" in err


def test_the_served_bundle_is_never_missing_while_rebuilds_and_refreshes_run(tmp_path):
    root, out = _project(tmp_path), tmp_path / "site"
    rebuilder = Rebuilder(root, out, partial(build, assets=fake_assets))
    rebuilder.build()
    missing, done = [], threading.Event()

    def look():
        while not done.is_set():
            for path in (out / "pagefind" / "pagefind.js", out / "th" / "makruk" / "a" / "index.html"):
                if not path.is_file():
                    missing.append(path)

    watcher = threading.Thread(target=look)
    watcher.start()
    try:
        for n in range(4):
            (root / LESSON).write_text(lesson("บทแรก", 1, f"เรือเดินตรง {n}"), encoding="utf-8")
            rebuilder.build()
        assert rebuilder.search.wait(120)
    finally:
        done.set()
        watcher.join()
    assert missing == []


def test_put_folder_replaces_a_folder_and_hands_back_the_old_one(tmp_path):
    target, new = tmp_path / "served", tmp_path / "new"
    assert put_folder(new.mkdir() or new, target) is None and target.is_dir()  # nothing to replace
    (target / "a.txt").write_text("old")
    new.mkdir()
    (new / "a.txt").write_text("new")
    replaced = put_folder(new, target)
    assert (target / "a.txt").read_text() == "new" and (replaced / "a.txt").read_text() == "old"


def test_a_folder_of_this_process_is_not_a_leftover_but_a_dead_ones_is(tmp_path):
    out = tmp_path / "site"
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    mine = tmp_path / f"site.tmp-{os.getpid()}-search-abc"
    dead = tmp_path / f"site.tmp-{int(gone.stdout)}-search-abc"
    for folder in (mine, dead):
        folder.mkdir()
    assert leftovers(out) == [dead]
