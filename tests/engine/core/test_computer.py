"""The generic computer (engine.core.computer) on a game small enough to know every answer: a pile
of stones, take 1 to 3, whoever takes the last stone wins (a pile of 4k is lost for the mover).
Also the door: ``bestmove`` is UNSUPPORTED_OP for a game without it."""

from __future__ import annotations

import random

import pytest
from door_checks import error_of

from engine.core.budget import Budget, without_time_limit
from engine.core.computer import LEVELS, Level, Searcher, choose, is_win, pick
from engine.core.protocol import Game, GameSpec, Move, Outcome, State
from engine.errors import UNSUPPORTED_OP
from engine.registry import GAMES

OTHER = {"first": "second", "second": "first"}


class Pile(State):
    __slots__ = ("left", "_turn")

    def __init__(self, left: int, turn: str = "first"):
        self.left, self._turn = left, turn

    @property
    def turn(self) -> str:
        return self._turn

    def handles(self):
        return [take for take in (1, 2, 3) if take <= self.left]

    def child(self, handle):
        return Pile(self.left - handle, OTHER[self._turn])

    def outcome(self):
        return Outcome("took_last", OTHER[self._turn]) if self.left == 0 else None

    def key(self):
        return self.left, self._turn

    def move(self, handle):
        return Move(f"take{handle}", None, "pile")

    def evaluate(self) -> float:
        return 0.0


class PileGame(Game):
    id, name, name_th, sides, start_position, options = "pile", "Pile", "กอง", ("first", "second"), "10", ()

    def __init__(self, position, options):
        super().__init__(position, options)
        self._state = Pile(int(position))

    @property
    def state(self):
        return self._state

    def position_text(self):
        return str(self._state.left)

    def legal_moves(self):
        return [self._state.move(h) for h in self._state.handles()]

    def play(self, text):
        handle = int(text.removeprefix("take"))
        self.played.append(self._state.move(handle))
        self._state = self._state.child(handle)

    def outcome(self):
        return self._state.outcome()

    def view(self):
        return {"board": {}}


DEEP = Level(3, depth=20, nodes=100_000, margin=0.0, seconds=None)


@pytest.mark.parametrize("left", [5, 6, 7, 9, 10, 11, 13])
def test_finds_the_winning_take_of_every_won_pile(left):
    choice = choose(PileGame(str(left), {}), DEEP, Budget(DEEP.nodes))
    assert choice.text == f"take{left % 4}" and is_win(choice.score)
    assert 0 < choice.nodes <= DEEP.nodes


def test_the_nearest_win_is_taken():
    choice = choose(PileGame("3", {}), DEEP, Budget(DEEP.nodes))
    assert choice.text == "take3" and choice.depth == 1, "a win at once ends the deepening"


@pytest.mark.parametrize("left", [4, 8, 12])
def test_a_lost_pile_is_known_lost(left):
    searcher = Searcher(Budget(DEEP.nodes))
    assert searcher.value(Pile(left), 20) < -900
    assert is_win(searcher.value(Pile(left + 1), 20))


@pytest.mark.parametrize("nodes", [1, 2, 5, 30])
def test_an_empty_budget_still_gives_a_legal_move_within_it(nodes):
    """The best move of the last finished depth, or the first in order when none finished."""
    choice = choose(PileGame("40", {}), Level(3, depth=30, nodes=nodes, margin=0.0, seconds=None), Budget(nodes))
    assert choice.text in {"take1", "take2", "take3"}
    assert choice.nodes <= nodes


def test_deepening_stops_at_the_last_finished_depth():
    budget = Budget(60)
    scores, depth = Searcher(budget).deepen(Pile(40), [1, 2, 3], 30, 0.0)
    assert 1 <= depth < 30 and set(scores) == {1, 2, 3}


def test_a_probe_spends_a_share_and_charges_the_outer_budget():
    budget = Budget(900)
    searcher = Searcher(budget)
    searcher.value(Pile(40), 30)
    assert 0 < budget.spent <= 300, "a third of what was left"
    assert searcher.budget is budget


def test_a_part_of_a_budget_is_no_bigger_and_ends_with_it():
    whole = Budget(100, seconds=30.0, clock_every=8)
    whole.spend(90)
    part = whole.part(50)
    assert (part.nodes, part.seconds, part.clock_every) == (10, 30.0, 8)
    assert part._deadline == whole._deadline


@pytest.mark.time_limits
def test_a_level_budget_has_the_levels_time_limit():
    level = Level(2, depth=2, nodes=300, margin=0.1, seconds=0.25)
    assert (level.budget().nodes, level.budget(40).nodes, level.budget().seconds) == (300, 40, 0.25)


@pytest.mark.time_limits
def test_a_level_has_no_time_limit_where_searches_run_on_nodes_alone():
    """The build records the computer's replies inside without_time_limit(): the same everywhere."""
    level = Level(3, depth=4, nodes=300, margin=0.0, seconds=0.25)
    with without_time_limit():
        assert level.budget().seconds is None
    assert level.budget().seconds == 0.25


def test_pick_without_margin_takes_the_first_best():
    assert pick({"a": 1.0, "b": 3.0, "c": 3.0}, ["a", "b", "c"], 0.0, random.Random(1)) == "b"


def test_pick_with_margin_stays_within_it_and_follows_its_seed():
    scores = {"a": 1.0, "b": 3.0, "c": 2.5, "d": 0.4}
    picked = {pick(scores, list(scores), 1.0, random.Random(seed)) for seed in range(50)}
    assert picked == {"b", "c"}, "every move within the margin, none outside"
    assert pick(scores, list(scores), 1.0, random.Random("x")) == pick(scores, list(scores), 1.0, random.Random("x"))


def test_pick_without_scores_takes_the_first_move():
    assert pick({}, ["first", "second"], 2.0, random.Random(0)) == "first"


def test_levels_grow_in_depth_and_budget_and_shrink_in_margin():
    numbers = sorted(LEVELS)
    assert numbers == [1, 2, 3]
    for low, high in zip(numbers, numbers[1:]):
        assert LEVELS[low].depth < LEVELS[high].depth and LEVELS[low].nodes < LEVELS[high].nodes
        assert LEVELS[low].margin > LEVELS[high].margin
    assert LEVELS[3].margin == 0


def test_bestmove_is_unsupported_for_a_game_without_it(monkeypatch):
    some = next(iter(GAMES.values()))
    monkeypatch.setitem(GAMES, "short", GameSpec("short", "Short", "สั้น", some.sides, ("start", "play"),
                                                  some.options, some.game))
    error = error_of({"op": "bestmove", "game": "short", "level": 1})
    assert error["code"] == UNSUPPORTED_OP and error["field"] == "op"


@pytest.mark.time_limits
def test_a_probe_that_runs_out_of_time_still_lets_the_computer_move():
    """Time up during Game.computer_action's probe: no BUDGET_EXCEEDED, a legal move comes."""
    class Probing(PileGame):
        def computer_action(self, value):
            value(self.state)
            return None

    budget = Budget(10_000, seconds=1e-9, clock_every=4)
    choice = choose(Probing("40", {}), Level(3, depth=30, nodes=10_000, margin=0.0, seconds=1e-9), budget)
    assert choice.text in {"take1", "take2", "take3"} and choice.nodes < 50
