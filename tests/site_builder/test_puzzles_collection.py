"""The committed collection in puzzles/makruk/ passes the build and has the promised mix."""
from collections import Counter

import pytest
from sb_helpers import PROJECT

from site_builder.puzzles.prove import load_puzzles


@pytest.fixture(scope="module")
def collection():
    puzzles, problems = load_puzzles(PROJECT)  # the project's proof cache keeps this fast
    assert problems == [], "\n".join(map(str, problems))
    return [p for p in puzzles.puzzles if p.kind in ("mate", "best-move", "rule-quiz")]


def test_at_least_forty_puzzles_of_every_kind(collection):
    assert len(collection) >= 40
    mates = Counter(p.fields["mate_in"] for p in collection if p.kind == "mate")
    assert mates[1] >= 8 and mates[2] >= 8 and mates[3] >= 6, mates
    assert sum(p.kind == "best-move" for p in collection) >= 3
    quizzes = [p for p in collection if p.kind == "rule-quiz"]
    assert len(quizzes) >= 5
    assert {p.proof["question"] for p in quizzes} == {"position-status", "legal-move", "is-draw"}
    assert {p.proof["answer"] for p in quizzes if p.proof["question"] == "position-status"} >= \
        {"checkmate", "stalemate", "check"}


def test_every_puzzle_is_bilingual_and_tagged_honestly(collection):
    for p in collection:
        assert p.title["th"] and p.title["en"] and p.title["th"] != p.title["en"], p.id
        assert len(p.hints["th"]) == len(p.hints["en"]), p.id
        assert p.tags, p.id
        if p.kind == "mate":
            n = p.fields["mate_in"]
            assert p.id.startswith(f"mk-mate{n}-") and f"mate-in-{n}" in p.tags, p.id
            assert len(p.hints["th"]) >= 2 and p.difficulty >= n, p.id
    titles = Counter(p.title["en"] for p in collection)
    assert max(titles.values()) == 1, titles.most_common(3)


def test_mates_have_no_unacknowledged_cooks(collection):
    for p in collection:
        if p.kind == "mate":
            keys = set(p.proof["keys"])
            assert keys == {p.proof["line"][0], *p.proof["alternatives"]}, p.id
