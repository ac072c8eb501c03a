"""What each kind proves: mate (forced, exact length, cooks, best defence), best-move, rule quizzes."""
import pytest
from pz_helpers import (BARE_KINGS, CHECKMATE, FORK, MATE1, MATE2, MATE3, STALEMATE, best, project, puzzle,
                        quiz)

from engine.api import call
from engine.core import search
from engine.core.search import text_of
from site_builder.games.makruk import PLUGIN
from site_builder.puzzles.engine_ctx import GameEngine
from site_builder.puzzles.prove import load_puzzles


def check(tmp_path, text, pid="mk-x"):
    root = project(tmp_path / "p", {pid: text})
    puzzles, problems = load_puzzles(root)
    return puzzles.puzzles, [(p.line, p.what, p.fix) for p in sorted(problems)]


def only_problem(tmp_path, text):
    _, found = check(tmp_path, text)
    assert len(found) == 1, found
    return found[0]


# ---------------------------------------------------------------------- mate
def test_mate_in_two_with_its_alternative_is_proven(tmp_path):
    [p], found = check(tmp_path, puzzle("mk-x"))
    assert found == []
    assert p.proof["keys"] == {"c6b6": 2, "c6c7": 2}
    assert set(p.proof["tree"]["wins"]) == {"c6b6", "c6c7"}


def test_mate_in_one_and_three(tmp_path):
    [p], found = check(tmp_path, puzzle("mk-x", position=MATE1, mate_in=1, solution=["h1h8"], alternatives=None))
    assert found == [] and p.proof["tree"]["wins"] == {"h1h8": {"mate": True}}
    engine = GameEngine(PLUGIN)
    line = _main_line(engine, engine.solver(), MATE3, 3)
    [p], found = check(tmp_path / "b", puzzle("mk-y", position=MATE3, mate_in=3, solution=line, alternatives=None),
                       "mk-y")
    assert found == [] and p.proof["line"] == line


def _main_line(engine, solver, fen, n):
    state, line = engine.state(fen), []
    for r in range(n, 0, -1):
        moves = solver.winning_moves(state, r)
        move = min(moves, key=lambda m: (moves[m], text_of(state, m)))
        line.append(text_of(state, move))
        state = state.child(move)
        if r > 1:
            defence = sorted(search.longest_defences(solver, state, r - 1))[0]
            line.append(defence)
            state = state.child(_handle(state, defence))
    return line


def _handle(state, text):
    return next(h for h in state.handles() if text_of(state, h) == text)


def test_illegal_move_in_the_line(tmp_path):
    text = puzzle("mk-x", solution=["c6b6", "a8a7", "h1h8"])
    line, what, fix = only_problem(tmp_path, text)
    assert line == text.split("\n").index('solution = ["c6b6", "a8a7", "h1h8"]') + 1
    assert what.startswith("solution[1]: illegal move 'a8a7'")
    assert fix == "play a legal move there, one of: a8b8"


def test_malformed_move_in_the_line(tmp_path):
    _, what, _ = only_problem(tmp_path, puzzle("mk-x", solution=["c6b6", "a8b9", "h1h8"]))
    assert what.startswith("solution[1]: 'a8b9' is not a move")


def test_moves_after_the_mate(tmp_path):
    _, what, fix = only_problem(tmp_path, puzzle("mk-x", position=MATE1, mate_in=1, alternatives=None,
                                                 solution=["h1h8", "a8b8"]))
    assert what == "solution[1]: the game is already over before 'a8b8' (after h1h8)"


def test_line_of_the_wrong_length(tmp_path):
    _, what, _ = only_problem(tmp_path, puzzle("mk-x", solution=["c6b6", "a8b8"]))
    assert what.startswith("solution: the line has 2 moves; a mate in 2 has 3")


def test_line_that_does_not_end_in_mate(tmp_path):
    _, what, _ = only_problem(tmp_path, puzzle("mk-x", solution=["c6b6", "a8b8", "h1h7"]))
    assert what == "solution: the line does not end in checkmate: after h1h7 the defender can still move"


def test_mate_not_forced(tmp_path):
    fen = "8/8/8/7k/8/4K3/6R1/8 w - - 0 1"  # e3f4? h5h4?? g2h2# is no forced mate
    _, what, fix = only_problem(tmp_path, puzzle("mk-x", position=fen, solution=["e3f4", "h5h4", "g2h2"],
                                                 alternatives=None))
    assert what.startswith("mate_in: mate in 2 is not forced: after e3f4, ")
    assert what.endswith(" defends")
    assert "no forced mate in 2" in fix


def test_shorter_mate_than_claimed(tmp_path):
    _, what, fix = only_problem(tmp_path, puzzle("mk-x", position=MATE1, solution=["h1h7", "a8b8", "h7h8"],
                                                 alternatives=None))
    assert what == "mate_in: mate is shorter than claimed: mate in 1 by h1h8"
    assert fix.startswith("write mate_in = 1")


def test_unacknowledged_cook(tmp_path):
    text = puzzle("mk-x", alternatives=None)
    line, what, fix = only_problem(tmp_path, text)
    assert what == "alternatives: cook: c6c7 also mates in 2"
    assert fix.startswith("add it to alternatives") and fix.endswith("or change the position")
    assert 'alternatives = ["c6c7"]' in fix
    assert line == text.split("\n").index('solution = ["c6b6", "a8b8", "h1h8"]') + 1  # no alternatives line


def test_listed_alternative_that_does_not_mate(tmp_path):
    text = puzzle("mk-x", alternatives=["c6c7", "h1h7"])
    line, what, fix = only_problem(tmp_path, text)
    assert what.startswith("alternatives[1]: h1h7 does not mate in 2: after h1h7, ")
    assert fix == "remove it from alternatives"
    assert line == text.split("\n").index('alternatives = ["c6c7", "h1h7"]') + 1


def test_illegal_alternative(tmp_path):
    _, what, _ = only_problem(tmp_path, puzzle("mk-x", alternatives=["c6c7", "a1a2"]))
    assert what.startswith("alternatives[1]: illegal move 'a1a2'")


def test_defence_that_is_not_the_longest(tmp_path):
    fen = "4K3/7k/8/4R3/8/8/8/8 w - - 0 1"  # e8f7: h7h6 holds out longer than h7h8
    engine = GameEngine(PLUGIN)
    solver = engine.solver()
    state = engine.state(fen)
    state = state.child(_handle(state, "e8f7"))
    state = state.child(_handle(state, "h7h8"))
    slow = sorted(text_of(state, m) for m, k in solver.winning_moves(state, 2).items() if k == 2)[0]
    after = state.child(_handle(state, slow))
    reply = text_of(after, after.handles()[0])
    after = after.child(_handle(after, reply))
    mate = text_of(after, next(iter(solver.winning_moves(after, 1))))
    text = puzzle("mk-x", position=fen, mate_in=3, solution=["e8f7", "h7h8", slow, reply, mate], alternatives=None)
    _, what, fix = only_problem(tmp_path, text)
    assert what == "solution[1]: h7h8 is not the best defence: h7h6 holds out longer (mate in 2 after it, in 1 after h7h8)"
    assert fix == "use a longest defence: h7h6"


def test_game_already_over(tmp_path):
    _, what, _ = only_problem(tmp_path, puzzle("mk-x", position=CHECKMATE, solution=["d8e8"]))
    assert what == "position: the game is already over in this position"


# ---------------------------------------------------------------------- best-move
def test_best_move_fork_plays_on_until_the_ruea_is_taken(tmp_path):
    [p], found = check(tmp_path, best("mk-x"))
    assert found == []
    tree = p.proof["tree"]
    # the check that forks is not the end: the defender's best reply, then the capture that wins the Ruea
    assert set(tree["wins"]) == {"d5c7"}
    win = tree["wins"]["d5c7"]
    assert win["reply"] == "e8d7" and win["node"]["wins"] == {"c7a8": {"done": True}}
    assert p.proof["line"] == ["d5c7", "e8d7", "c7a8"] and p.proof["gain"] == 5.0
    state = GameEngine(PLUGIN).state(FORK)
    legal = {text_of(state, h) for h in state.handles()}
    assert set(tree["refutations"]) == legal - {"d5c7"}
    assert tree["refutations"]["d5f6"] is not None
    # at the second node too, every other move has the defender's answer
    after = GameEngine(PLUGIN).record(FORK)
    after.play("d5c7")
    after.play("e8d7")
    second = {text_of(after.state, h) for h in after.state.handles()}
    assert set(win["node"]["refutations"]) == second - {"c7a8"}


def test_best_move_line_that_stops_before_the_material_is_won(tmp_path):
    _, what, fix = only_problem(tmp_path, best("mk-x", solution=["d5c7"]))
    assert what.startswith("solution: the line stops before the material is won: after d5c7 the balance is +0.0")
    assert fix == "play it on: d5c7 e8d7 c7a8"


def test_best_move_line_that_goes_on_after_the_material_is_won(tmp_path):
    _, what, fix = only_problem(tmp_path, best("mk-x", solution=["d5c7", "e8d7", "c7a8", "d7d6"]))
    assert what == "solution[3]: the material is already won after c7a8 (balance +5.0 and safe)"
    assert fix == "end the line after solution[2]"


def test_best_move_line_with_a_weak_defence(tmp_path):
    # the forked Khun can take the loose white Khon on f8 instead of just stepping away: that is its best reply
    fen = "r3kS2/8/8/3N4/8/8/8/4K3 w - - 0 1"
    _, what, fix = only_problem(tmp_path, best("mk-x", position=fen, solution=["d5c7", "e8d7", "c7a8"]))
    assert what == ("solution[1]: e8d7 is not the defender's best reply: e8f8 keeps more "
                    "(-3.0 against -5.5 for the defender, depth 3)")
    assert fix == "use a best reply: e8f8, e8f7"
    [p], found = check(tmp_path / "b", best("mk-x", position=fen, solution=["d5c7", "e8f8", "c7a8"]))
    assert found == [] and p.proof["tree"]["wins"]["d5c7"]["reply"] == "e8f8"


def test_best_move_that_is_not_clear(tmp_path):
    _, what, fix = only_problem(tmp_path, best("mk-x", margin=6.0))
    assert what.startswith("alternatives: d5b4, d5b6, d5c3, d5e3, d5f4, d5f6 and 3 more are nearly as good as d5c7: ")
    assert "d5b4 (-2.0)" in what and what.endswith("against +3.0 at depth 3 (margin 6)")
    assert fix.startswith('add ["d5b4", ') and fix.endswith("to alternatives, or change the position")


def test_best_move_key_that_is_not_best(tmp_path):
    _, what, fix = only_problem(tmp_path, best("mk-x", solution=["d5f6"]))
    assert what == "solution[0]: d5c7 is better than the key d5f6: +3.0 against -2.0 (depth 3)"


def test_best_move_listed_alternative_that_is_bad(tmp_path):
    _, what, _ = only_problem(tmp_path, best("mk-x", alternatives=["e1e2"]))
    assert what.startswith("alternatives[0]: e1e2 is not nearly as good as d5c7")


def test_best_move_depth_bounds(tmp_path):
    _, what, _ = only_problem(tmp_path, best("mk-x", depth=5))
    assert what == "depth: 5 is outside 1..4"


# ---------------------------------------------------------------------- rule quiz
@pytest.mark.parametrize("fen, answer", [(STALEMATE, "stalemate"), (CHECKMATE, "checkmate"),
                                         (MATE2, "none"), ("1R1k4/8/8/3K4/8/8/8/8 b - - 0 1", "check")])
def test_position_status_is_computed(tmp_path, fen, answer):
    [p], found = check(tmp_path, quiz("mk-x", fen, "position-status"))
    assert found == []
    ids = {"checkmate": "a", "stalemate": "b", "check": "c", "none": "d"}
    assert p.proof["correct"] == [ids[answer]] and p.proof["answer"] == answer


@pytest.mark.parametrize("fen, draw", [(STALEMATE, True), (BARE_KINGS, True), (CHECKMATE, False), (MATE2, False)])
def test_is_draw_is_computed(tmp_path, fen, draw):
    [p], found = check(tmp_path, quiz("mk-x", fen, "is-draw"))
    assert found == []
    assert p.proof["correct"] == (["a"] if draw else ["b"])


def test_legal_move_quiz_explains_with_the_engine_message(tmp_path):
    [p], found = check(tmp_path, quiz("mk-x", MATE2, "legal-move", choices=["a8a7", "h1h8", "c6c8"]))
    assert found == []
    assert p.proof["correct"] == ["b"]
    refusal = call({"op": "play", "game": "makruk", "position": MATE2, "moves": ["a8a7"]})["error"]
    assert refusal["message_th"] in p.proof["explanation"]["th"]
    labels = [c["label"]["en"] for c in p.proof["choices"]]
    assert all(label in p.proof["explanation"]["en"] for label in labels)
    assert "a8a7" not in p.proof["explanation"]["en"]  # moves in words, not in notation
    # a wrong choice gets the engine's reason as its nudge; the right one has none
    assert set(p.proof["nudges"]) == {"a", "c"}
    assert refusal["message_th"] in p.proof["nudges"]["a"]["th"]
    assert p.proof["giveaways"] == ["h1h8"]


@pytest.mark.parametrize("fen, question", [(STALEMATE, "position-status"), (CHECKMATE, "position-status"),
                                           ("1R1k4/8/8/3K4/8/8/8/8 b - - 0 1", "position-status"),
                                           (MATE2, "position-status"), (STALEMATE, "is-draw"), (MATE2, "is-draw")])
def test_every_wrong_choice_has_a_nudge_that_is_not_the_explanation(tmp_path, fen, question):
    [p], found = check(tmp_path, quiz("mk-x", fen, question))
    assert found == []
    proof = p.proof
    wrong = {c["id"] for c in proof["choices"]} - set(proof["correct"])
    assert set(proof["nudges"]) == wrong
    for nudge in proof["nudges"].values():
        for lang in ("th", "en"):
            assert nudge[lang] and nudge[lang] != proof["explanation"][lang]
            right = next(c["label"][lang] for c in proof["choices"] if c["id"] in proof["correct"])
            assert right not in nudge[lang]


def test_legal_move_quiz_asking_for_the_illegal_one(tmp_path):
    [p], found = check(tmp_path, quiz("mk-x", MATE2, "legal-move", choices=["h1h8", "c6c7", "c6b7"], ask="illegal"))
    assert found == [] and p.proof["correct"] == ["c"]


def test_wrong_quiz_two_legal_choices(tmp_path):
    _, what, fix = only_problem(tmp_path, quiz("mk-x", MATE2, "legal-move", choices=["h1h8", "c6c7", "a8a7"]))
    assert what == "choices: 2 of the choices are legal (h1h8, c6c7); the question asks for exactly one"
    assert 'ask = "illegal"' in fix


def test_quiz_choices_only_for_legal_move(tmp_path):
    _, what, _ = only_problem(tmp_path, quiz("mk-x", MATE2, "is-draw", choices=["h1h8", "c6c7"]))
    assert what == 'choices: is only used with question = "legal-move"'


def test_quiz_unknown_question_and_bad_move_text(tmp_path):
    _, what, fix = only_problem(tmp_path, quiz("mk-x", MATE2, "who-wins"))
    assert what == "question: 'who-wins' is not allowed"
    _, found = check(tmp_path / "b", quiz("mk-x", MATE2, "legal-move", choices=["h1h8", "zz"]))
    assert found[0][1].startswith("choices[1]: 'zz' is not a move")


def test_quiz_does_not_accept_a_solution(tmp_path):
    _, what, _ = only_problem(tmp_path, quiz("mk-x", MATE2, "is-draw", solution=["h1h8"]))
    assert what == "solution: unknown field for a 'rule-quiz' puzzle"
