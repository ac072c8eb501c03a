"""Build: temp dir + swap; on any failure the previous output is byte-for-byte unchanged."""
import hashlib

import pytest
from sb_helpers import board, fake_assets, lesson, write_tree

import site_builder.__main__ as cli
from site_builder.__main__ import main
from site_builder.build import build
from site_builder.errors import BuildFailed, BuildProblem


def snapshot(folder):
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_build_writes_every_page(project, tmp_path):
    out = tmp_path / "site"
    build(project, out, assets=fake_assets)
    files = set(snapshot(out))
    assert "pagefind/pagefind.js" in files  # the search index (site_builder/search_index.py)
    assert {f for f in files if not f.startswith("pagefind/")} == {
        "index.html", "404.html", "th/index.html", "en/index.html",
        "th/makruk/board/index.html", "th/makruk/moves/index.html", "th/makruk/sandbox/index.html",
        "en/makruk/board/index.html", "en/makruk/moves/index.html", "en/makruk/sandbox/index.html",
        "th/makruk/counting-trainer/index.html", "en/makruk/counting-trainer/index.html",
        "sw.js", "th/manifest.webmanifest", "en/manifest.webmanifest",  # offline mode (site_builder/offline.py)
        "th/offline/index.html", "en/offline/index.html", "th/offline/fallback/index.html", "en/offline/fallback/index.html",
        "th/search/index.html", "en/search/index.html",  # search (site_builder/search.py)
        "th/makruk/board/replies.json", "en/makruk/board/replies.json",  # its live board's recorded replies
        "th/makruk/sandbox/replies.json", "en/makruk/sandbox/replies.json",  # the sandbox's start and first moves
    }
    assert sorted(p.name for p in tmp_path.iterdir()) == ["proj", "site"]


def test_content_error_keeps_previous_output_bytes(project, tmp_path):
    out = tmp_path / "site"
    build(project, out, assets=fake_assets)
    before = snapshot(out)
    write_tree(project, {"content/en/makruk/02-moves.md": lesson("Moves", 2, board("moves: e3e5"))})
    with pytest.raises(BuildFailed):
        build(project, out, assets=fake_assets)
    assert snapshot(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["proj", "site"]


def test_failure_while_rendering_removes_the_temp_dir_and_keeps_output(project, tmp_path):
    out = tmp_path / "site"
    build(project, out, assets=fake_assets)
    before = snapshot(out)

    def broken_assets(tmp, root):
        (tmp / "half-written.txt").write_text("x")
        raise BuildFailed([BuildProblem("node_modules/pyodide", 0, "missing", "run `npm ci`")])

    with pytest.raises(BuildFailed):
        build(project, out, assets=broken_assets)
    assert snapshot(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["proj", "site"]


def test_successful_rebuild_replaces_the_output(project, tmp_path):
    out = tmp_path / "site"
    build(project, out, assets=fake_assets)
    (out / "stale.txt").write_text("old")
    write_tree(project, {"content/th/makruk/02-moves.md": lesson("การเดินใหม่", 2)})
    build(project, out, assets=fake_assets)
    assert not (out / "stale.txt").exists()
    assert "การเดินใหม่" in (out / "th/makruk/moves/index.html").read_text()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["proj", "site"]


def test_cli_check_prints_problems_and_count_and_fails(project, capsys):
    write_tree(project, {"content/en/makruk/02-moves.md": lesson("Moves", 2, board("interactive: 1", "moves: e3e5"))})
    assert main(["--root", str(project), "check"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("content/en/makruk/02-moves.md:7: interactive must be true or false, not '1' — ")
    assert err[1].startswith("content/en/makruk/02-moves.md:8: move 1 of 1: illegal move 'e3e5'")
    assert err[2] == "2 problems found; the output was left unchanged."
    assert not (project / "_site").exists()


def test_cli_build_with_out(project, tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(cli, "build", lambda root, out: build(root, out, assets=fake_assets))
    out = tmp_path / "elsewhere"
    assert main(["--root", str(project), "build", "--out", str(out)]) == 0
    assert (out / "th/makruk/board/index.html").is_file()
    assert f"into {out}" in capsys.readouterr().out


def _dead_pid():
    """A process id that is not running (a child that has exited and been reaped)."""
    import subprocess
    import sys
    proc = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    return int(proc.stdout)


def test_a_build_removes_what_a_killed_build_left_behind(project, tmp_path):
    import os
    out = tmp_path / "site"
    build(project, out, assets=fake_assets)
    dead = _dead_pid()
    left = [tmp_path / f"site.tmp-{dead}-abc123", tmp_path / f"site.old-{dead}-def456",
            tmp_path / "site.tmp-x1y2z3", tmp_path / "site.old-q9w8e7"]  # the names builds used before
    for folder in left:
        (folder / "th").mkdir(parents=True)
        (folder / "th/index.html").write_text("half written")
    alive = tmp_path / f"site.tmp-{os.getppid()}-running"  # a build still running elsewhere: kept
    alive.mkdir()
    other = tmp_path / "other.tmp-x1y2z3"  # not this output's: kept
    other.mkdir()
    build(project, out, assets=fake_assets)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["proj", "site", alive.name, other.name])
    assert (out / "th/index.html").read_text() != "half written"


def test_a_failed_build_also_clears_old_leftovers_but_keeps_the_output(project, tmp_path):
    out = tmp_path / "site"
    build(project, out, assets=fake_assets)
    before = snapshot(out)
    (tmp_path / f"site.tmp-{_dead_pid()}-zzz").mkdir()

    def broken_assets(tmp, root):
        raise BuildFailed([BuildProblem("node_modules/pyodide", 0, "missing", "run `npm ci`")])

    with pytest.raises(BuildFailed):
        build(project, out, assets=broken_assets)
    assert snapshot(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["proj", "site"]


def test_engine_failure_in_phase_1_is_reported_and_leaves_the_output(project, tmp_path, monkeypatch, capsys):
    from site_builder.games.makruk import trainer
    out = tmp_path / "site"
    build(project, out, assets=fake_assets)
    before = snapshot(out)

    def refusing(request):  # the engine refuses the trainer's positions
        return {"ok": False, "error": {"code": "INTERNAL", "message": "internal engine error: boom"}}

    monkeypatch.setattr(trainer, "call", refusing)
    monkeypatch.setattr(cli, "build", lambda root, out: build(root, out, assets=fake_assets))
    assert main(["--root", str(project), "build", "--out", str(out)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("site_builder/games/makruk/trainer.py: the counting trainer cannot be built: ")
    assert "Traceback" not in "\n".join(err) and err[-1] == "1 problem found; the output was left unchanged."
    assert snapshot(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["proj", "site"]


def test_phase_2_calls_no_engine(tmp_path, monkeypatch):
    """Everything a page shows is computed in phase 1: rendering works with the engine switched off."""
    import engine.api
    from pz_helpers import project as puzzle_project
    from pz_helpers import puzzle

    from site_builder import boards
    from site_builder import build as build_module
    from site_builder.games.makruk import counting, trainer
    from site_builder.puzzles import engine_ctx
    root = puzzle_project(tmp_path / "proj", {"mk-m2": puzzle("mk-m2")},
                          {"content/th/makruk/01-a.md": lesson("ก", 1, board("moves: e3e4")),
                           "content/en/makruk/01-a.md": lesson("A", 1, board("moves: e3e4"))})
    site = build_module.check(root)

    def no_engine(*args, **kwargs):
        raise AssertionError(f"engine called while rendering: {args}")

    for module in (engine.api, boards, trainer, counting, engine_ctx):
        monkeypatch.setattr(module, "call", no_engine)
    for method in ("record", "state", "describe", "line_words"):
        monkeypatch.setattr(engine_ctx.GameEngine, method, no_engine)
    monkeypatch.setattr(build_module, "load_site", lambda root, proofs=None: site)
    build_module.build(root, tmp_path / "site", assets=fake_assets)
    page = (tmp_path / "site/en/puzzles/mk-m2/index.html").read_text(encoding="utf-8")
    assert "White: Ruea h1 to h8 — checkmate" in page
    assert (tmp_path / "site/th/makruk/counting-trainer/index.html").is_file()
