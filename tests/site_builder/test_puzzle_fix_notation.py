"""A puzzle file's position problems say how to fix them in the puzzle's own game notation (the
game plugin's example, written as a TOML value on one line), never another game's, and point at
a line of the file, also when the field is missing."""
import pytest
from pz_helpers import puzzle
from test_puzzles_schema import problems_of

from site_builder.games import PLUGINS
from site_builder.puzzles.schema import own_examples

# A kind each game serves (kind fields are beside the point here: only position problems are read).
KINDS = {"makruk": "mate", "komayo": "mate", "makhos": "win", "dummy": "scoring"}
PREFIX = {"makruk": "mk", "komayo": "ko", "makhos": "mh", "dummy": "dk"}


def position_problems(tmp_path, game: str, **fields):
    """(line, what, fix) of the position problems of a puzzle of ``game`` with ``fields``, and its text."""
    pid = f"{PREFIX[game]}-x"
    text = puzzle(pid, game=game, kind=KINDS[game], **fields)
    _, found = problems_of(tmp_path, {f"puzzles/{game}/{pid}.toml": text})
    return [(line, what, fix) for _, line, what, fix in found if what.startswith("position:")], text


def other_games_examples(game: str) -> list[str]:
    return [PLUGINS[g].puzzle_example.position for g in PLUGINS if g != game]


@pytest.mark.parametrize("game", sorted(KINDS))
def test_a_missing_position_is_shown_in_the_games_own_notation_with_a_line(tmp_path, game):
    [(line, what, fix)], text = position_problems(tmp_path, game, position=None)
    assert what == "position: is missing"
    assert fix == f"add position = {own_examples(game)['position']}"
    assert "\n" not in fix, "the fix is one line; a multi-line position's breaks are written \\n"
    assert not any(other in fix for other in other_games_examples(game))
    assert line == text.split("\n").index(f'kind = "{KINDS[game]}"') + 1, "it points at the kind line, to add it there"


def test_a_position_of_the_wrong_type_shows_the_games_own_example(tmp_path):
    [(line, what, fix)], text = position_problems(tmp_path, "komayo", position=7)
    assert what.startswith("position: must be a string")
    assert fix == f"write e.g. position = {own_examples('komayo')['position']}"
    assert line == text.split("\n").index("position = 7") + 1


@pytest.mark.parametrize("game", ["makhos", "dummy"])
def test_a_position_the_engine_rejects_shows_the_games_own_example(tmp_path, game):
    [(line, what, fix)], text = position_problems(tmp_path, game, position="rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1")
    assert what.startswith("position: the engine rejects the position")
    assert fix == f"write a legal {game} position, like position = {own_examples(game)['position']}"
    assert "FEN" not in fix and "\n" not in fix
    assert line == next(i for i, l in enumerate(text.split("\n"), 1) if l.startswith("position = "))


def test_a_missing_id_shows_the_games_own_example(tmp_path):
    _, found = problems_of(tmp_path, {"puzzles/komayo/ko-x.toml": puzzle("ko-x", game="komayo", id=None)})
    [(line, fix)] = [(line, fix) for _, line, what, fix in found if what == "id: is missing"]
    assert fix == f"add id = {own_examples('komayo')['id']}" and line > 0
