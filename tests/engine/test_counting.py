"""Makruk counting (§1.2, §1.3 and A-M2 … A-M11): both honours, their limits and options."""

import copy
import random

import pytest

from engine.api import call
from engine.makruk import move_uci
from engine.makruk_game import MakrukGame, OPTIONS

DEFAULTS = {o.name: o.default for o in OPTIONS}


def play(position, moves=(), **options):
    reply = call({"op": "play", "game": "makruk", "position": position, "moves": list(moves), "options": options})
    assert reply["ok"], reply
    return reply


def quiet_moves(position, prefix, plies, **options):
    """Extend ``prefix`` by ``plies`` moves that neither end the game nor repeat a position."""
    rng = random.Random(7)
    moves = list(prefix)
    game = replay(position, moves, options)
    for _ in range(plies):
        candidates = [move_uci(m) for m in game.legal_moves()]
        rng.shuffle(candidates)
        for move in candidates:
            trial = copy.deepcopy(game)
            trial.play(move)
            if trial.status()["result"] == "ongoing" and trial.history.count(trial.position.key()) <= 2:
                break
        else:
            raise AssertionError(f"no quiet move after {moves}")
        game = trial
        moves.append(move)
    return moves


def plus_non_mating_move(position, moves):
    """``moves`` plus the first legal move that does not give checkmate."""
    reply = play(position, moves)
    return moves + [next(m for m in reply["legal_moves"]
                         if play(position, moves + [m])["status"]["reason"] != "checkmate")]


def replay(position, moves, options):
    game = MakrukGame(position, {**DEFAULTS, **options})
    for move in moves:
        game.play(move)
    return game


# Seed S001's example: K + Khon + Ma + Ruea + 2 Bia-ngai against a lone Khun (7 pieces).
S001 = "7k/r7/8/8/8/8/2M~M~4/R2KSN2 w - - 0 1"


def test_seed_001_example_start_8_limit_16_attacker_gets_9_moves():
    after_capture = play(S001, ["a1a7"])
    assert after_capture["status"]["counting"] == {"kind": "pieces", "counter": "black", "count": 0,
                                                   "start": 8, "limit": 16}
    # Fairy-Stockfish writes the limit (plies) and the counting ply into FEN fields 4 and 5.
    assert after_capture["position"].split()[3:5] == ["32", "14"]
    moves = ["a1a7"]
    attacker_moves = 0
    for expected_count in range(8, 17):
        moves = quiet_moves(S001, moves, 1)  # the bare Khun counts
        reply = play(S001, moves)
        assert reply["status"]["counting"]["count"] == expected_count
        assert reply["status"]["result"] == "ongoing"
        moves = quiet_moves(S001, moves, 1) if expected_count < 16 else plus_non_mating_move(S001, moves)
        attacker_moves += 1
    final = play(S001, moves)
    assert attacker_moves == 9
    assert final["status"]["result"] == "draw" and final["status"]["reason"] == "counting"
    assert final["actions"] == [] and final["legal_moves"] == []


def test_rook_against_bare_khun_starts_at_4_with_limit_16():
    fen = "8/8/8/4k3/8/8/8/R3K3 w - - 0 1"
    reply = play(fen, ["a1a2"])
    counting = reply["status"]["counting"]
    assert (counting["start"], counting["limit"], counting["counter"]) == (4, 16, "black")
    # 13 attacker moves: the draw comes after White's reply to Black's count 16.
    moves = quiet_moves(fen, ["a1a2"], 2 * 13 - 1)
    assert play(fen, moves)["status"]["result"] == "ongoing"
    assert play(fen, moves)["status"]["counting"]["count"] == 16
    last = plus_non_mating_move(fen, moves)
    assert play(fen, last)["status"]["reason"] == "counting"


def test_mate_on_the_last_allowed_move_still_wins():
    # Black's Khun a8 has counted to 16; White's last move mates.
    fen = "k7/8/1K6/8/8/8/8/7R w - 32 31 40"
    reply = play(fen, ["h1h8"])
    assert reply["status"]["reason"] == "checkmate" and reply["status"]["result"] == "white_wins"


@pytest.mark.parametrize("material, limit", [
    ("RR", 8), ("R", 16), ("SS", 22), ("NN", 32), ("S", 44), ("N", 64), ("M", 64), ("RNS", 16), ("SNN", 32),
])
def test_limit_table(material, limit):
    file = "abcdefgh"[len(material)]  # the Khun stands right of the material on rank 1
    fen = f"7k/8/8/8/8/8/8/{material}K{7 - len(material)} b - - 0 1"
    reply = play(fen, ["h8g8", f"{file}1{file}2"])
    assert reply["status"]["counting"]["limit"] == limit


def test_limit_order_option_puts_one_khon_before_two_ma():
    fen = "7k/8/8/8/8/8/8/SNNK4 b - - 0 1"
    assert play(fen, ["h8g8", "a1b2"])["status"]["counting"]["limit"] == 32
    assert play(fen, ["h8g8", "a1b2"], limitOrder="khonBeforeKnights")["status"]["counting"]["limit"] == 44


def test_start_past_the_limit_is_an_immediate_draw_or_one_move_with_option():
    # Two Ruea (limit 8) and 7 pieces left after the capture: 8 on the board, the count would start at 9.
    fen = "6k1/r7/8/8/8/8/1SSNN3/R2K3R w - - 0 1"
    reply = play(fen, ["a1a7"])
    assert reply["status"]["counting"]["start"] == 9
    assert reply["status"]["reason"] == "counting"
    assert play(fen, ["a1a7"], minAttackerMoves=1)["status"]["result"] == "ongoing"


# --- board's honour ---------------------------------------------------------------------
BOARD = "4k3/8/3n4/8/8/8/8/R2KS3 b - - 0 1"  # no Bia: Black (K+Ma) may count against K+Ruea+Khon


def test_board_count_on_claim_counts_the_counters_moves_and_can_stop():
    reply = play(BOARD)
    assert reply["actions"] == ["count-start"]
    assert reply["status"]["counting"]["kind"] is None
    reply = play(BOARD, ["count-start"])
    assert reply["status"]["counting"] == {"kind": "board", "counter": "black", "count": 0, "start": 1, "limit": 64}
    assert reply["turn"] == "black", "a counting action does not use up the turn"
    assert reply["position"].split()[3:5] == ["128", "0"]
    moves = quiet_moves(BOARD, ["count-start"], 3)
    assert play(BOARD, moves)["status"]["counting"]["count"] == 2
    assert play(BOARD, moves)["actions"] == [], "White may not stop Black's count"
    moves = quiet_moves(BOARD, moves, 1)
    reply = play(BOARD, moves)
    assert reply["actions"] == ["count-stop"]
    stopped = play(BOARD, moves + ["count-stop"])
    assert stopped["status"]["counting"]["kind"] is None and stopped["position"].split()[3] == "-"
    again = play(BOARD, moves + ["count-stop", "count-start"] + quiet_moves(BOARD, moves + ["count-stop", "count-start"], 1)[-1:])
    assert again["status"]["counting"]["count"] == 1, "a new count starts again from 1"


def test_board_count_runs_out_after_64_and_one_reply():
    fen = "4k3/8/3n4/8/8/8/8/R2KS3 b - 128 126 80"  # Black announced 63; White replied
    moves = quiet_moves(fen, [], 1)
    assert play(fen, moves)["status"]["counting"]["count"] == 64
    assert play(fen, plus_non_mating_move(fen, moves))["status"]["reason"] == "counting"


def test_board_count_is_refused_while_bia_remain_and_board_unchanged():
    fen = "4k3/8/3n4/8/8/3P4/8/R2KS3 b - - 0 1"
    reply = call({"op": "play", "game": "makruk", "position": fen, "moves": ["count-start"]})
    assert reply["ok"] is False
    assert reply["error"]["code"] == "COUNT_NOT_ALLOWED" and reply["error"]["field"] == "moves[0]"
    assert "Bia" in reply["error"]["message"] and "เบี้ย" in reply["error"]["message_th"]
    assert play(fen)["position"] == fen


@pytest.mark.parametrize("moves, needle", [
    (["count-stop"], "no count is running"),
    (["count-start", "count-start"], "already running"),
    (["count-start", "d6c4", "count-stop"], "only the counter"),
])
def test_count_actions_refused_with_reason(moves, needle):
    reply = call({"op": "play", "game": "makruk", "position": BOARD, "moves": moves})
    assert reply["error"]["code"] == "COUNT_NOT_ALLOWED" and needle in reply["error"]["message"]


def test_fewer_material_option_limits_who_may_claim():
    white_to_move = "4k3/8/3n4/8/8/8/8/R2KS3 w - - 0 1"
    assert play(white_to_move)["actions"] == ["count-start"]
    assert play(white_to_move, boardCountClaimant="fewerMaterial")["actions"] == []
    assert play(BOARD, boardCountClaimant="fewerMaterial")["actions"] == ["count-start"]


def test_automatic_board_count_option():
    reply = play("4k3/8/3n4/8/8/8/8/R2KS3 w - - 0 1", ["a1a2"], boardCountStart="automatic")
    assert reply["status"]["counting"]["kind"] == "board" and reply["status"]["counting"]["counter"] == "black"


def test_mate_by_the_counter_while_counting_is_a_draw_by_default():
    # Black counts (board's honour) and then mates White: a draw unless the option says win.
    fen = "8/8/8/7S/8/3k4/r7/3K1n2 b - 128 0 1"
    assert play(fen)["status"]["counting"]["kind"] == "board"
    moves = ["a2a1"]
    reply = play(fen, moves)
    assert reply["status"]["check"] is True and reply["legal_moves"] == []
    assert reply["status"] == {**reply["status"], "result": "draw", "reason": "mate_while_counting"}
    assert play(fen, moves, mateWhileCounting="win")["status"]["result"] == "black_wins"


def test_bared_counter_switches_to_pieces_honour():
    # Black counts board's honour with K+Ma; White takes the Ma: Black is bare.
    fen = "4k3/8/3n4/8/8/8/8/R2KS3 b - - 0 1"
    moves = ["count-start", "d6c4", "a1a4", "e8e7", "a4c4"]
    reply = play(fen, moves)
    assert reply["status"]["counting"] == {"kind": "pieces", "counter": "black", "count": 0, "start": 5,
                                           "limit": 16}
    chooses = play(fen, moves, bareKingDuringBoardCount="defenderChooses")
    assert chooses["status"]["counting"]["kind"] == "board"
    assert chooses["actions"] == ["count-start", "count-stop"]
    switched = play(fen, moves + ["count-start"], bareKingDuringBoardCount="defenderChooses")
    assert switched["status"]["counting"]["kind"] == "pieces"


def test_bare_khun_capture_keeps_limit_unless_option():
    fen = "8/8/8/8/2R5/3k4/8/R2K4 w - - 0 1"
    moves = ["a1a2", "d3c4"]  # Black counts against K+2 Ruea (limit 8), then takes a Ruea
    assert play(fen, moves[:1])["status"]["counting"]["limit"] == 8
    assert play(fen, moves)["status"]["counting"]["limit"] == 8
    assert play(fen, moves, recomputeLimitOnDefenderCapture=True)["status"]["counting"]["limit"] == 16


@pytest.mark.parametrize("fen, needle", [
    ("4k3/8/3n4/8/8/3P4/8/R2KS3 b - 128 3 1", "unpromoted Bia"),
    ("4k3/8/3n4/8/8/8/8/R2KS3 b - 128 140 1", "past the limit"),
    ("8/8/8/4k3/8/8/R7/4K3 b - 100 6 1", "limit field"),
    ("4k3/8/3n4/8/8/8/8/R2KS3 b - 32 3 1", "both sides have pieces"),
    ("8/8/8/4k3/8/8/R7/4K3 w - 32 6 1", "bare Khun"),
])
def test_impossible_counting_fields_are_refused(fen, needle):
    reply = call({"op": "play", "game": "makruk", "position": fen})
    assert reply["ok"] is False and reply["error"]["code"] == "ILLEGAL_POSITION"
    assert needle in reply["error"]["message"]


def test_counting_state_resumes_from_fen():
    fen = "8/8/8/4k3/8/8/R7/4K3 b - 32 6 1"
    reply = play(fen, ["e5e4"])
    assert reply["status"]["counting"]["count"] == 4
    assert play(reply["position"])["status"]["counting"] == reply["status"]["counting"]


def test_claim_expiry_option_needs_a_claim():
    fen = "k7/8/1K6/8/8/8/8/7R w - 32 31 40"
    moves = ["h1h2"]
    assert play(fen, moves)["status"]["reason"] == "counting"
    claim = play(fen, moves, countExpiry="claim")
    assert claim["status"]["result"] == "ongoing" and "count-draw" in claim["actions"]
    assert play(fen, moves + ["count-draw"], countExpiry="claim")["status"]["reason"] == "counting"


def test_bare_khun_taking_the_last_bia_starts_its_own_count():
    # White's bare Khun takes Black's last Bia; White counts from its next move: 4 pieces → 5.
    reply = play("8/8/8/3p4/2K5/8/8/1m~1k1n2 w - - 0 1", ["c4d5"])
    assert reply["status"]["counting"] == {"kind": "pieces", "counter": "white", "count": 0, "start": 5, "limit": 64}
    assert reply["position"].split()[3:5] == ["128", "7"]
    after = play(reply["position"], quiet_moves(reply["position"], [], 2))
    assert after["status"]["counting"]["count"] == 5


def test_limit_above_what_the_material_allows_is_refused():
    # Two Ruea allow at most 8 moves; 16 could only come from less material.
    reply = call({"op": "play", "game": "makruk", "position": "8/8/8/4k3/8/8/R7/R3K3 b - 32 8 1"})
    assert reply["ok"] is False and "more than the material allows" in reply["error"]["message"]
    # One Ruea with limit 8 is possible: the bare Khun may have taken the other one.
    assert call({"op": "play", "game": "makruk", "position": "8/8/8/4k3/8/8/R7/4K3 b - 16 6 1"})["ok"]
