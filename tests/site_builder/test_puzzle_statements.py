"""A puzzle's statement says who moves and how many moves are asked (site_builder/puzzles/statement.py),
so that the goal and the solving box ("find mate in N") never disagree."""
from __future__ import annotations

import pytest
from pz_helpers import BARE_KINGS, best, project, puzzle, quiz

from site_builder.puzzles.prove import load_puzzles


def problems_of(tmp_path, files: dict[str, str]) -> list[tuple[str, str]]:
    _, problems = load_puzzles(project(tmp_path / "p", files))
    return [(p.file.rsplit("/", 1)[1], p.what) for p in sorted(problems)]


@pytest.mark.parametrize("goal, what", [
    ({"th": "ขาวเดินก่อน หาทางรุกจน", "en": "White to move and mate in 2."},
     "goal.th: the statement does not say how many moves are asked (2)"),
    ({"th": "ขาวเดินก่อน รุกจนให้ได้ใน 2 ตา", "en": "Mate in 2."},
     "goal.en: the statement does not say who moves ('White')"),
    ({"th": "รุกจนให้ได้ใน 3 ตา", "en": "White to move and mate in 2."},
     "goal.th: the statement does not say who moves ('ขาว') nor how many moves are asked (2)"),
])
def test_a_goal_that_leaves_out_the_side_or_the_count_is_refused(tmp_path, goal, what):
    assert problems_of(tmp_path, {"mk-a": puzzle("mk-a", goal=goal)}) == [("mk-a.toml", what)]


def test_every_default_statement_says_both(tmp_path):
    files = {"mk-a": puzzle("mk-a", goal=None), "mk-b": best("mk-b"),
             "mk-c": quiz("mk-c", BARE_KINGS, "is-draw")}
    root = project(tmp_path / "p", files)
    puzzles, problems = load_puzzles(root)
    assert problems == []
    goals = {p.id: puzzles.goal(p) for p in puzzles.puzzles}
    assert goals["mk-a"] == {"th": "ขาวเดินก่อน รุกจนให้ได้ใน 2 ตา", "en": "White to move and mate in 2."}
    assert goals["mk-b"]["en"] == ("White to move: find the best move and play on until the material is won on "
                                   "the board (at most 2 of your moves).")
    assert goals["mk-c"]["th"].startswith("ตาเดินของขาว ")


def test_a_best_move_goal_must_say_how_many_moves_it_plays_on(tmp_path):
    found = problems_of(tmp_path, {"mk-b": best("mk-b", goal={"th": "ขาวเดิน หาตาที่ได้หมาก",
                                                               "en": "White to move and win material."})})
    assert found == [("mk-b.toml", "goal.th: the statement does not say how many moves are asked (2)"),
                     ("mk-b.toml", "goal.en: the statement does not say how many moves are asked (2)")]
