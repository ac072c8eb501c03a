"""Mining: candidate files are written, pass the build's own check, and depend only on the seed."""
import tomllib

from pz_helpers import project

from site_builder.__main__ import main
from site_builder.puzzles.prove import load_puzzles


def test_mine_writes_files_that_pass_the_check(tmp_path, capsys):
    root = project(tmp_path / "proj", {})
    assert main(["--root", str(root), "puzzles", "mine", "--game", "makruk", "--kind", "mate", "--mate-in", "1",
                 "--count", "2", "--seed", "3"]) == 0
    files = sorted((root / "puzzles/makruk").glob("*.toml"))
    assert [f.name for f in files] == ["mk-mate1-001.toml", "mk-mate1-002.toml"]
    assert capsys.readouterr().out.split() == [str(f) for f in files]
    puzzles, problems = load_puzzles(root)
    assert problems == [] and len(puzzles.puzzles) == 2
    for f in files:
        data = tomllib.loads(f.read_text(encoding="utf-8"))
        assert data["mate_in"] == 1 and len(data["solution"]) == 1
        assert data["tags"][0] == "mate-in-1" and 1 <= data["difficulty"] <= 5
        assert len(data["hints"]["th"]) == len(data["hints"]["en"]) >= 2
        assert data["title"]["th"] and data["goal"]["en"].endswith("mate in 1.")


def test_mine_is_deterministic_and_skips_existing_ids(tmp_path):
    outputs = []
    for name in ("a", "b"):
        root = project(tmp_path / name, {})
        assert main(["--root", str(root), "puzzles", "mine", "--mate-in", "1", "--count", "1", "--seed", "5"]) == 0
        outputs.append({f.name: f.read_bytes() for f in (root / "puzzles/makruk").glob("*.toml")})
    assert outputs[0] == outputs[1] and list(outputs[0]) == ["mk-mate1-001.toml"]
    # mining again into the same project continues the numbering and never repeats a position
    root = tmp_path / "a"
    assert main(["--root", str(root), "puzzles", "mine", "--mate-in", "1", "--count", "1", "--seed", "5"]) == 0
    names = sorted(f.name for f in (root / "puzzles/makruk").glob("*.toml"))
    assert names == ["mk-mate1-001.toml", "mk-mate1-002.toml"]
    texts = [tomllib.loads((root / "puzzles/makruk" / n).read_text())["position"] for n in names]
    assert texts[0] != texts[1]
    _, problems = load_puzzles(root)
    assert problems == []


def test_mine_best_move(tmp_path):
    root = project(tmp_path / "proj", {})
    out = tmp_path / "elsewhere"
    assert main(["--root", str(root), "puzzles", "mine", "--kind", "best-move", "--count", "1", "--seed", "1",
                 "--out", str(out)]) == 0
    [f] = list(out.glob("*.toml"))
    assert f.name == "mk-best-001.toml"
    (root / "puzzles/makruk").mkdir()
    f.rename(root / "puzzles/makruk" / f.name)
    puzzles, problems = load_puzzles(root)
    assert problems == [] and puzzles.puzzles[0].kind == "best-move"


def test_mine_reports_when_it_finds_too_few(tmp_path, capsys):
    root = project(tmp_path / "proj", {})
    assert main(["--root", str(root), "puzzles", "mine", "--mate-in", "3", "--count", "1", "--max-games", "0"]) == 1
    assert "found 0 of 1 after 0 games" in capsys.readouterr().err
