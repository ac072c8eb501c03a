"""Puzzle files: strict TOML, field names and types, ids, games, kinds, hints, positions."""
import pytest
from pz_helpers import MATE2, project, puzzle

from site_builder.puzzles.prove import load_puzzles


def problems_of(tmp_path, files):
    root = project(tmp_path / "p", files)
    puzzles, problems = load_puzzles(root)
    return puzzles, [(p.file, p.line, p.what, p.fix) for p in sorted(problems)]


def one(tmp_path, text, pid="mk-x"):
    _, found = problems_of(tmp_path, {pid: text})
    assert len(found) == 1, found
    return found[0]


def test_a_valid_file_loads(tmp_path):
    puzzles, found = problems_of(tmp_path, {"mk-x": puzzle("mk-x")})
    assert found == []
    [p] = puzzles.puzzles
    assert (p.id, p.kind, p.solver, p.difficulty, p.tags) == ("mk-x", "mate", "white", 2, ("mate-in-2", "ruea"))
    assert p.position == MATE2


def test_broken_toml_names_its_line(tmp_path):
    text = puzzle("mk-x").replace('difficulty = 2', 'difficulty = "2')
    file, line, what, fix = one(tmp_path, text)
    assert file == "puzzles/makruk/mk-x.toml"
    assert line == 5 and what.startswith("not valid TOML")
    assert "double quotes" in fix


def test_duplicate_key_is_a_toml_error_with_line(tmp_path):
    text = puzzle("mk-x") .replace("credit = ", 'kind = "mate"\ncredit = ')
    _, line, what, _ = one(tmp_path, text)
    assert line == 7 and "not valid TOML" in what


def test_unknown_field_with_suggestion(tmp_path):
    text = puzzle("mk-x").replace("mate_in = 2", "mate_in = 2\nmate_n = 2")
    _, line, what, fix = one(tmp_path, text)
    assert line == 9
    assert what == "mate_n: unknown field for a 'mate' puzzle"
    assert fix.startswith("did you mean 'mate_in'?")


def test_field_of_another_kind_is_unknown(tmp_path):
    text = puzzle("mk-x", question="is-draw")
    _, _, what, _ = one(tmp_path, text)
    assert what == "question: unknown field for a 'mate' puzzle"


@pytest.mark.parametrize("field, bad, message", [
    ("difficulty", '"2"', "difficulty: must be a whole number, not a string '2'"),
    ("difficulty", "true", "difficulty: must be a whole number, not a boolean True"),
    ("mate_in", "2.0", "mate_in: must be a whole number, not a number 2.0"),
    ("tags", '"ruea"', "tags: must be a list of strings"),
    ("solution", '["c6b6", 3]', "solution: must be a list of strings"),
    ("position", "7", "position: must be a string in double quotes, not a whole number 7"),
])
def test_wrong_types(tmp_path, field, bad, message):
    text = "\n".join(f"{field} = {bad}" if line.startswith(f"{field} = ") else line
                     for line in puzzle("mk-x").split("\n"))
    _, line, what, fix = one(tmp_path, text)
    assert what.startswith(message)
    assert line == text.split("\n").index(f"{field} = {bad}") + 1
    assert fix.startswith("write e.g.")


def test_title_needs_both_languages(tmp_path):
    text = puzzle("mk-x", title={"th": "ชื่อ"})
    _, line, what, _ = one(tmp_path, text)
    assert what.startswith("title: must be a table with exactly th and en strings")
    assert line == text.split("\n").index("[title]") + 1


def test_missing_required_fields(tmp_path):
    _, found = problems_of(tmp_path, {"mk-x": puzzle("mk-x", difficulty=None, solution=None)})
    assert [(line, what) for _, line, what, _ in found] == [
        (3, "difficulty: is missing"), (3, "solution: is missing (a 'mate' puzzle needs it)")]  # line 3: kind = "mate"


def test_duplicate_ids_across_files(tmp_path):
    _, found = problems_of(tmp_path, {"mk-x": puzzle("mk-x"), "puzzles/other/mk-x.toml": puzzle("mk-x")})
    whats = [(f, what) for f, _, what, _ in found]
    assert ("puzzles/other/mk-x.toml", "id: 'mk-x' is also used by puzzles/makruk/mk-x.toml") in whats


def test_id_must_equal_the_file_stem(tmp_path):
    _, line, what, fix = one(tmp_path, puzzle("mk-y"), pid="mk-x")
    assert (line, what) == (1, "id: 'mk-y' differs from the file name 'mk-x.toml'")
    assert 'id = "mk-x"' in fix


def test_id_must_be_url_safe_and_not_reserved(tmp_path):
    _, found = problems_of(tmp_path, {"Mk_X": puzzle("Mk_X"), "format": puzzle("format")})
    assert sorted(what for _, _, what, _ in found) == ["id: 'Mk_X' cannot be used in a URL",
                                                       "id: 'format' cannot be used in a URL"]


def test_unknown_game_and_unknown_kind(tmp_path):
    _, found = problems_of(tmp_path, {"mk-a": puzzle("mk-a", game="chess"),
                                      "mk-b": puzzle("mk-b", kind="riddle")})
    whats = {what: fix for _, _, what, fix in found}
    assert "game: the engine has no game 'chess'" in whats
    assert whats["kind: unknown kind 'riddle'"].startswith("use one of: rule-quiz, mate, best-move")


def test_game_must_match_its_folder(tmp_path):
    _, found = problems_of(tmp_path, {"puzzles/other/mk-a.toml": puzzle("mk-a")})
    assert [what for _, _, what, _ in found] == ["game: 'makruk' does not match the folder puzzles/other/"]


def test_hints_length_mismatch(tmp_path):
    text = puzzle("mk-x", hints={"th": ["ก", "ข"], "en": ["a"]})
    _, line, what, fix = one(tmp_path, text)
    assert what == "hints: 2 Thai hints but 1 English hints"
    assert line == text.split("\n").index("[hints]") + 1 and "same order" in fix


@pytest.mark.parametrize("difficulty", [0, 6])
def test_difficulty_outside_range(tmp_path, difficulty):
    _, _, what, fix = one(tmp_path, puzzle("mk-x", difficulty=difficulty))
    assert what == f"difficulty: {difficulty} is outside 1..5"


def test_bad_tag(tmp_path):
    _, _, what, _ = one(tmp_path, puzzle("mk-x", tags=["Mate in 2"]))
    assert what == "tags[0]: tag 'Mate in 2' cannot be used in a filter"


def test_illegal_position_gives_the_engine_message(tmp_path):
    _, line, what, _ = one(tmp_path, puzzle("mk-x", position="k6R/8/1K6/8/8/8/8/8 w - - 0 1"))
    assert line == 4
    assert what.startswith("position: the engine rejects the position: impossible position")
    assert "the side not to move (black) is in check" in what


def test_bad_fen(tmp_path):
    _, _, what, _ = one(tmp_path, puzzle("mk-x", position="k7/8 w"))
    assert "bad FEN" in what


def test_a_toml_file_outside_a_game_folder(tmp_path):
    _, found = problems_of(tmp_path, {"puzzles/mk-x.toml": puzzle("mk-x")})
    assert found == [("puzzles/mk-x.toml", 0, "a puzzle file must sit in a game folder",
                      "move it to puzzles/<game>/<id>.toml, e.g. puzzles/makruk/")]


def test_every_problem_of_every_file_at_once(tmp_path):
    _, found = problems_of(tmp_path, {"mk-a": puzzle("mk-a", difficulty=9),
                                      "mk-b": puzzle("mk-b", bogus=1, hints={"th": [], "en": ["x"]}),
                                      "mk-c": puzzle("mk-c", alternatives=[])})
    assert [(f.rsplit("/", 1)[1], w.split(":")[0]) for f, _, w, _ in found] == [
        ("mk-a.toml", "difficulty"), ("mk-b.toml", "bogus"), ("mk-b.toml", "hints"), ("mk-c.toml", "alternatives")]
