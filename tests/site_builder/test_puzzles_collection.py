"""The committed collection in puzzles/makruk/ passes the build and has the promised mix: enough
puzzles of every kind, mates by many pieces, counting exercises that are not lesson diagrams,
hints written for each puzzle, and the list easiest first."""
import re
from collections import Counter

import pytest
from sb_helpers import PROJECT

from site_builder.content import load_content
from site_builder.games import PLUGINS
from site_builder.games.makruk import PLUGIN
from site_builder.puzzles.engine_ctx import GameEngine
from site_builder.puzzles.hints import MIN_HINTS
from site_builder.puzzles.registry import KINDS

MIN_OTHER_MATES = 0.30  # share of mates given by a piece other than the Ruea


@pytest.fixture(scope="module")
def everything(project_puzzles):
    return project_puzzles.puzzles  # checked and proven once per session (conftest.py)


@pytest.fixture(scope="module")
def collection(everything):
    return [p for p in everything if p.game == PLUGIN.id and p.kind in ("mate", "best-move", "rule-quiz")]


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
            assert p.difficulty >= n, p.id
    titles = Counter(p.title["en"] for p in collection)
    assert max(titles.values()) == 1, titles.most_common(3)


def test_every_puzzle_has_hints_of_its_own(everything):
    for p in everything:
        assert len(p.hints["th"]) >= MIN_HINTS and len(p.hints["en"]) >= MIN_HINTS, p.id
    for lang in ("th", "en"):
        hints = Counter(h for p in everything for h in p.hints[lang])
        assert max(hints.values()) == 1, hints.most_common(2)


def test_mates_have_no_unacknowledged_cooks(collection):
    for p in collection:
        if p.kind == "mate":
            keys = set(p.proof["keys"])
            assert keys == {p.proof["line"][0], *p.proof["alternatives"]}, p.id


def mating_piece(engine: GameEngine, puzzle) -> str:
    """The piece letter (upper case) that plays the mating move of the proven line."""
    record = engine.record(puzzle.position)
    for move in puzzle.proof["line"][:-1]:
        record.play(move)
    return record.view()["board"][puzzle.proof["line"][-1][:2]].upper()


def test_at_least_thirty_percent_of_the_mates_are_not_given_by_the_ruea(collection):
    engine = GameEngine(PLUGIN)
    pieces = Counter(mating_piece(engine, p) for p in collection if p.kind == "mate")
    others = sum(n for piece, n in pieces.items() if piece != "R")
    assert others / sum(pieces.values()) >= MIN_OTHER_MATES, pieces
    assert len(pieces) >= 4, pieces  # and not just one other piece


def lesson_placements() -> dict[str, str]:
    """Placement (first FEN field) of every lesson diagram, before and after its moves -> where it is."""
    pages, problems = load_content(PROJECT, tuple(PLUGINS))  # every game's folder is expected there
    assert not problems
    found = {}
    for page in pages:
        for board in (b for b in page.boards if PLUGINS[b.game].boards):  # a card game's blocks have no FEN
            found[board.position.split()[0]] = f"{page.rel}: {board.caption}"
        for start in re.findall(r"^position:\s*(\S+)", page.body, re.M):
            found.setdefault(start, page.rel)
    return found


def test_counting_exercises_are_not_lesson_diagrams(everything):
    lessons = lesson_placements()
    assert len(lessons) > 10
    engine = GameEngine(PLUGIN)
    for p in everything:
        if p.kind != "counting":
            continue
        record = engine.record(p.position)
        placements = [p.position.split()[0]]
        for move in p.proof["moves"]:
            record.play(move)
            placements.append(record.position_text().split()[0])
        for placement in placements:
            assert placement not in lessons, f"{p.id} is the diagram of {lessons[placement]}"


def test_the_list_starts_easiest_first(everything):
    order = list(KINDS)
    games = list(PLUGINS)  # the site's game order: Makruk first
    keys = [(games.index(p.game), p.difficulty, order.index(p.kind), p.id) for p in everything]
    assert keys == sorted(keys)
    assert everything[0].difficulty == 1
