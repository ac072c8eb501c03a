"""Counting cross-check against Fairy-Stockfish (pyffish) in endgames.

Every scenario plays a line (forced moves, then seeded random moves until the game ends)
and compares every position with FSF: the whole FEN, counting fields 4 (limit in plies)
and 5 (counting ply) included, the legal moves and the game's end, with the mappings of
test_cross_pyffish (FSF draws one ply after us at countingPly == limit; K vs K). Our
numbers (start, limit, count) are also checked against rules §1.2 directly.

Options: FSF_OPTIONS from test_cross_pyffish (boardCountStart automatic, 3-fold
repetition, mate while counting wins, ...).
"""

from __future__ import annotations

import pytest
from fsf_oracle import sf
from test_cross_pyffish import (
    FSF_OPTIONS, VARIANT, compare_position, counting_fields, fsf_fen_after, fsf_optional_end, new_game,
    new_stats, play_and_compare,
)

from engine.api import call
from engine.api import status as game_status

pytestmark = pytest.mark.pyffish


def walk(start: str, moves: list[str]) -> list[tuple[str, dict]]:
    """Play ``moves`` from ``start``, comparing every position with FSF.

    Returns (FSF FEN, our status) for every position, the start included.
    """
    game = new_game(start)
    fsf_fen = fsf_fen_after(start, [])
    stats = new_stats()
    seen = []
    for i in range(len(moves) + 1):
        problem = compare_position(game, start, moves[:i], fsf_fen, stats)
        assert problem is None, f"start {start!r} moves {moves[:i]}: {problem}"
        seen.append((fsf_fen, game_status(game)))
        if i == len(moves):
            break
        game.play(moves[i])
        fsf_fen = fsf_fen_after(fsf_fen, [moves[i]])
    return seen


def fields(fen: str) -> list[str]:
    return fen.split()[3:5]


def counting(kind, counter, count, start, limit) -> dict:
    return {"kind": kind, "counter": counter, "count": count, "start": start, "limit": limit}


def play_out(start: str, prefix: list[str], seeds=range(3), max_plies: int = 200) -> dict:
    """Forced ``prefix`` then seeded random games to their end, every position compared."""
    stats = new_stats()
    for seed in seeds:
        problem = play_and_compare(start, seed, stats, max_plies, tuple(prefix))
        assert problem is None, problem
    return stats


# --- pieces' honour: start number and limit, then the count to its end ------------------
@pytest.mark.parametrize("name, fen, first, start, limit", [
    ("K+R vs K", "8/8/8/4k3/8/8/8/R3K3 w - - 0 1", "a1a2", 4, 16),
    ("K+2R vs K", "8/8/8/4k3/8/8/8/R2RK3 w - - 0 1", "a1a2", 5, 8),
    ("K+2S vs K", "8/8/8/4k3/8/8/8/2S1KS2 w - - 0 1", "c1c2", 5, 22),
    ("K+2N vs K", "8/8/8/4k3/8/8/8/1N2K1N1 w - - 0 1", "b1c3", 5, 32),
    ("K+M+N vs K", "8/8/8/4k3/8/8/8/1N2KM2 w - - 0 1", "b1c3", 5, 64),
    ("K+S vs K", "8/8/8/4k3/8/8/8/2S1K3 w - - 0 1", "c1c2", 4, 44),
    ("K+R+N+S+2 Bia-ngai vs K (S001)", "7k/r7/8/8/8/8/2M~M~4/R2KSN2 w - - 0 1", "a1a7", 8, 16),
])
def test_pieces_honour_fields_and_end_match_fsf(name, fen, first, start, limit):
    seen = walk(fen, [first])
    fsf_fen, status = seen[-1]
    # FSF: countingLimit = 2 * limit, countingPly = 2 * pieces = 2 * (start - 1).
    assert fields(fsf_fen) == [str(2 * limit), str(2 * (start - 1))]
    assert status["counting"] == counting("pieces", "black", 0, start, limit)
    stats = play_out(fen, [first])
    assert sum(stats["ends"].get(r, 0) for r in ("counting", "checkmate", "stalemate", "repetition",
                                                   "insufficient_material")) == 3


def test_first_count_of_the_bare_khun_is_the_start_number():
    fen = "8/8/8/4k3/8/8/8/R3K3 w - - 0 1"
    seen = walk(fen, ["a1a2", "e5d5", "a2a3", "d5e5"])
    assert [fields(f) for f, _ in seen[1:]] == [["32", "6"], ["32", "7"], ["32", "8"], ["32", "9"]]
    assert [s["counting"]["count"] for _, s in seen[1:]] == [0, 4, 4, 5]


def test_count_runs_out_one_ply_earlier_than_fsf_k_r_vs_k():
    """A-M6 mapping in detail: ours draws at countingPly == 32 with Black to move; FSF at 33."""
    fen = "8/8/8/3k4/8/8/8/R3K3 b - 32 30 1"  # Black has counted 15 and moves now (count 16)
    seen = walk(fen, ["d5e5", "a1a2"])
    (_, before), (fsf_16, after_16), (fsf_end, end) = seen
    assert after_16["counting"]["count"] == 16 and after_16["result"] == "ongoing"
    assert fields(fsf_end) == ["32", "32"] and end["reason"] == "counting"
    assert not fsf_optional_end(fen, ["d5e5", "a1a2"])
    assert fsf_optional_end(fen, ["d5e5", "a1a2", "e5d5"])


def test_mate_on_the_attackers_last_move_wins_in_both():
    fen = "k7/8/1K6/8/8/8/8/7R w - 32 31 40"
    seen = walk(fen, ["h1h8"])
    assert seen[-1][1]["reason"] == "checkmate" and seen[-1][1]["result"] == "white_wins"
    assert sf.game_result(VARIANT, fen, ["h1h8"]) == -sf.VALUE_MATE


def test_count_started_past_its_limit_draws_at_once_in_both():
    """A-M11: K + 2 Ruea + 2 Ma + 2 Khon + Met against a bare Khun: 9 pieces, start 10 > 8."""
    fen = "7k/8/8/8/8/8/n7/RRNNSSMK w - - 0 1"
    seen = walk(fen, ["a1a2"])
    fsf_fen, status = seen[-1]
    assert fields(fsf_fen) == ["16", "18"]
    assert status["reason"] == "counting" and status["counting"]["start"] == 10
    assert fsf_optional_end(fen, ["a1a2"])


# --- promotions and captures that start or change counts --------------------------------
def test_promotion_of_the_last_bia_starts_the_board_count():
    fen = "4k3/8/8/2P5/8/8/8/R2K1s2 w - - 0 1"
    seen = walk(fen, ["c5c6m"])
    fsf_fen, status = seen[-1]
    assert fsf_fen.split()[0] == "4k3/8/2M~5/8/8/8/8/R2K1s2"
    assert fields(fsf_fen) == ["128", "0"]
    assert status["counting"] == counting("board", "black", 0, 1, 64)
    play_out(fen, ["c5c6m"], seeds=range(2))


def test_promotion_of_the_last_bia_bares_into_pieces_honour():
    fen = "4k3/8/8/2P5/8/8/8/R2K4 b - - 0 1"
    seen = walk(fen, ["e8d8", "c5c6m"])
    assert fields(seen[1][0]) == ["-", "1"], "no count while a Bia is unpromoted"
    fsf_fen, status = seen[-1]
    # K + Ruea + Bia-ngai against K: 4 pieces, start 5; one Ruea: limit 16.
    assert fields(fsf_fen) == ["32", "8"]
    assert status["counting"] == counting("pieces", "black", 0, 5, 16)
    play_out(fen, ["e8d8", "c5c6m"], seeds=range(2))


def test_capture_of_the_last_piece_during_a_board_count_switches_to_pieces_honour():
    fen = "4k3/8/8/3n4/8/8/8/R2K4 w - - 0 1"
    moves = ["a1a2", "d5b4", "a2a4", "e8e7", "a4b4"]
    seen = walk(fen, moves)
    assert fields(seen[1][0]) == ["128", "0"] and seen[1][1]["counting"]["kind"] == "board"
    assert fields(seen[4][0]) == ["128", "3"]
    fsf_fen, status = seen[-1]
    assert fields(fsf_fen) == ["32", "6"]
    assert status["counting"] == counting("pieces", "black", 0, 4, 16)
    play_out(fen, moves, seeds=range(2))


def test_capture_of_the_last_piece_from_a_fen_board_count():
    fen = "4k3/8/8/8/8/8/2n5/R2K4 w - 128 20 1"
    seen = walk(fen, ["d1c2"])
    assert fields(seen[-1][0]) == ["32", "6"]


def test_bare_khun_capturing_during_pieces_honour_keeps_count_and_limit():
    """A-M9: K+2 Khon (limit 22); the bare Khun takes a Khon; K+Khon alone would be 44."""
    fen = "8/8/8/8/3k4/8/2S5/3K1S2 w - - 0 1"
    seen = walk(fen, ["c2c3", "d4c3"])
    assert fields(seen[1][0]) == ["44", "8"]
    fsf_fen, status = seen[-1]
    assert fields(fsf_fen) == ["44", "9"]
    assert status["counting"]["limit"] == 22 and status["counting"]["count"] == 5
    play_out(fen, ["c2c3", "d4c3"], seeds=range(2))


def test_bare_khun_capturing_the_last_piece_is_k_vs_k():
    fen = "8/8/8/8/3k4/8/2S5/3K4 w - - 0 1"
    seen = walk(fen, ["c2c3", "d4c3"])
    fsf_fen, status = seen[-1]
    assert status["reason"] == "insufficient_material"
    assert tuple(sf.has_insufficient_material(VARIANT, fen, ["c2c3", "d4c3"])) == (True, True)
    assert sf.legal_moves(VARIANT, fsf_fen, []), "FSF plays on in K vs K"


# --- board's honour ------------------------------------------------------------------------
def test_board_count_runs_out_one_ply_earlier_than_fsf():
    fen = "4k3/8/8/8/3s4/8/8/R2K4 w - 128 124 1"  # White counts (even ply, White to move)
    moves = ["a1a2", "e8f8", "a2a3", "f8g8"]
    seen = walk(fen, moves)
    assert seen[-1][1]["reason"] == "counting" and fields(seen[-1][0]) == ["128", "128"]
    assert not fsf_optional_end(fen, moves) and fsf_optional_end(fen, moves + ["a3a4"])


def test_counter_mating_during_board_count_wins_as_in_fsf():
    fen = "k7/8/1K6/8/8/8/s7/7R w - 128 10 1"  # White counts board's honour and mates
    seen = walk(fen, ["h1h8"])
    assert seen[-1][1]["result"] == "white_wins"
    assert sf.game_result(VARIANT, fen, ["h1h8"]) == -sf.VALUE_MATE
    # Our default (A-M8) differs from FSF on purpose: the counter's mate is a draw.
    reply = call({"op": "play", "game": "makruk", "position": fen, "moves": ["h1h8"]})
    assert (reply["status"]["result"], reply["status"]["reason"]) == ("draw", "mate_while_counting")


def test_automatic_board_count_after_the_last_bia_is_captured():
    fen = "4k3/8/8/2s5/8/2P5/8/R2K4 b - - 0 1"
    seen = walk(fen, ["c5d4", "d1e1", "d4c3"])
    assert fields(seen[-1][0]) == ["128", "0"]
    assert seen[-1][1]["counting"] == counting("board", "white", 0, 1, 64)


# --- the bare Khun takes the last Bia (found by the random cross-check) ---------------------
def test_bare_khun_capturing_the_last_bia_starts_pieces_honour_on_that_move():
    """§1.2 pieces' honour 1: the count arises on the move that captures the last
    unpromoted Bia, also when the bare Khun captures it. FSF writes the count at once
    (countingPly = 2 * pieces - 1, so the bare side's next move is counted pieces + 1)."""
    fen = "8/8/8/8/3k4/2P5/8/R2K4 b - - 0 1"
    game = new_game(fen)
    game.play("d4c3")
    assert fsf_fen_after(fen, ["d4c3"]) == "8/8/8/8/8/2k5/8/R2K4 w - 32 5 2"
    assert game.position.fen() == "8/8/8/8/8/2k5/8/R2K4 w - 32 5 2"
    assert game_status(game)["counting"] == counting("pieces", "black", 0, 4, 16)


def test_bare_khun_capturing_the_last_bia_past_the_limit_draws_at_once():
    """A-M11 through that capture: 9 pieces remain against two Ruea (start 10 > limit 8).
    FSF draws at once; the attacker must not get a move (here Ra8 would mate)."""
    fen = "7R/8/8/k7/P7/8/4K1SM/1R2SNN1 b - - 0 1"
    assert fsf_optional_end(fen, ["a5a4"])
    assert sf.get_san_moves(VARIANT, fen, ["a5a4", "h8a8"])[-1] == "Ra8#"
    reply = call({"op": "play", "game": "makruk", "position": fen, "moves": ["a5a4"], "options": FSF_OPTIONS})
    assert (reply["status"]["result"], reply["status"]["reason"]) == ("draw", "counting")
    assert counting_fields(reply["position"]) == (16, 17)
    default = call({"op": "play", "game": "makruk", "position": fen, "moves": ["a5a4"]})
    assert (default["status"]["result"], default["status"]["reason"]) == ("draw", "counting"), \
        "minAttackerMoves defaults to 0 (A-M11)"
