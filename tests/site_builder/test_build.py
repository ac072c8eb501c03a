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
    assert set(snapshot(out)) == {
        "index.html", "404.html", "th/index.html", "en/index.html",
        "th/makruk/board/index.html", "th/makruk/moves/index.html", "th/makruk/sandbox/index.html",
        "en/makruk/board/index.html", "en/makruk/moves/index.html", "en/makruk/sandbox/index.html",
        "th/makruk/counting-trainer/index.html", "en/makruk/counting-trainer/index.html",
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
