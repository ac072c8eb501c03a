"""Mining: candidate files are written with proofs that pass, depend only on the seed, filter by the
mating piece, and wait for hand-written hints (the build refuses them until then)."""
import json
import tomllib

from pz_helpers import hints_for, project

from site_builder.__main__ import main
from site_builder.games.makruk import PLUGIN
from site_builder.puzzles.engine_ctx import GameEngine
from site_builder.puzzles.prove import load_puzzles


def only_hint_problems(root):
    """Load the project: every problem must be a missing hint (the files are otherwise good)."""
    puzzles, problems = load_puzzles(root)
    assert problems and all(p.what.startswith("hints.") and "has no hints" in p.what for p in problems), problems
    return puzzles


def with_hints(path):
    """A mined file with the hints a reviewer would write."""
    text = path.read_text(encoding="utf-8").split("# hints:")[0]
    hints = hints_for(path.stem)
    table = "".join(f"{lang} = {json.dumps(hints[lang], ensure_ascii=False)}\n" for lang in hints)
    path.write_text(text + "\n[hints]\n" + table, encoding="utf-8")


def test_mine_writes_files_whose_proof_passes_and_waits_for_hints(tmp_path, capsys):
    root = project(tmp_path / "proj", {})
    assert main(["--root", str(root), "puzzles", "mine", "--game", "makruk", "--kind", "mate", "--mate-in", "1",
                 "--count", "2", "--seed", "3"]) == 0
    files = sorted((root / "puzzles/makruk").glob("*.toml"))
    assert [f.name for f in files] == ["mk-mate1-001.toml", "mk-mate1-002.toml"]
    out = capsys.readouterr()
    assert out.out.split() == [str(f) for f in files]
    assert "write its [hints]" in out.err
    for f in files:
        data = tomllib.loads(f.read_text(encoding="utf-8"))
        assert data["mate_in"] == 1 and len(data["solution"]) == 1
        assert data["tags"][0] == "mate-in-1" and 1 <= data["difficulty"] <= 5
        assert "hints" not in data and "# hints:" in f.read_text(encoding="utf-8")
        assert data["title"]["th"] and data["goal"]["en"].endswith("mate in 1.")
        assert data["credit"] == {"th": "กระดาน (เอนจินค้นพบ)", "en": "Kradan (engine-mined)"}
    only_hint_problems(root)
    for f in files:
        with_hints(f)
    puzzles, problems = load_puzzles(root)
    assert problems == [] and len(puzzles.puzzles) == 2


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
    only_hint_problems(root)


def test_mine_keeps_only_mates_given_by_the_pieces_asked_for(tmp_path):
    root = project(tmp_path / "proj", {})
    assert main(["--root", str(root), "puzzles", "mine", "--mate-in", "1", "--count", "3", "--seed", "11",
                 "--mating-piece", "ma", "--mating-piece", "khon"]) == 0
    engine = GameEngine(PLUGIN)
    for f in sorted((root / "puzzles/makruk").glob("*.toml")):
        data = tomllib.loads(f.read_text(encoding="utf-8"))
        mate = data["solution"][-1]
        piece = engine.record(data["position"]).view()["board"][mate[:2]]
        assert piece.upper() in ("N", "S"), (f.name, piece)
        assert {"ma", "khon"} & set(data["tags"])


def test_mine_best_move_writes_the_whole_line(tmp_path):
    root = project(tmp_path / "proj", {})
    out = tmp_path / "elsewhere"
    assert main(["--root", str(root), "puzzles", "mine", "--kind", "best-move", "--count", "1", "--seed", "1",
                 "--out", str(out)]) == 0
    [f] = list(out.glob("*.toml"))
    assert f.name == "mk-best-001.toml"
    (root / "puzzles/makruk").mkdir()
    f.rename(root / "puzzles/makruk" / f.name)
    with_hints(root / "puzzles/makruk" / f.name)
    puzzles, problems = load_puzzles(root)
    assert problems == [] and puzzles.puzzles[0].kind == "best-move"


def test_mine_reports_when_it_finds_too_few(tmp_path, capsys):
    root = project(tmp_path / "proj", {})
    assert main(["--root", str(root), "puzzles", "mine", "--mate-in", "3", "--count", "1", "--max-games", "0"]) == 1
    assert "found 0 of 1 after 0 games" in capsys.readouterr().err
