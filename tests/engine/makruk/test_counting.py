"""Makruk counting (§1.2, §1.3 and A-M2 … A-M11): both honours, their limits and options."""

import copy
import random

import pytest
from mk_helpers import new_game, play

from engine.api import call


def quiet_moves(position, prefix, plies, **options):
    """Extend ``prefix`` by ``plies`` moves that neither end the game nor repeat a position."""
    rng = random.Random(7)
    moves = list(prefix)
    game = replay(position, moves, options)
    for _ in range(plies):
        candidates = [m.text for m in game.legal_moves()]
        rng.shuffle(candidates)
        for move in candidates:
            trial = copy.deepcopy(game)
            trial.play(move)
            if trial.outcome() is None and trial.history.count(trial.position.key()) <= 2:
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
    return new_game(position, moves, **options)


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


# --- who counts when board's honour starts by itself (A-M4) -------------------------------
CAPTURE_LAST_BIA = "4k3/8/8/3s4/4P3/8/R7/4K3 b - - 0 1"  # Black's Khon takes White's last Bia


def test_automatic_board_count_is_counted_by_the_side_with_less_material():
    # After d5e4 White (K+Ruea) is to move; Black (K+Khon) has less material and counts from its turn.
    waiting = play(CAPTURE_LAST_BIA, ["d5e4"], boardCountStart="automatic")
    assert waiting["status"]["counting"]["kind"] is None and waiting["position"].split()[3] == "-"
    started = play(CAPTURE_LAST_BIA, ["d5e4", "a2a3"], boardCountStart="automatic")
    assert started["status"]["counting"] == {"kind": "board", "counter": "black", "count": 0, "start": 1,
                                             "limit": 64}
    assert started["position"].split()[3:5] == ["128", "0"]
    counted = play(CAPTURE_LAST_BIA, ["d5e4", "a2a3", "e8d8"], boardCountStart="automatic")
    assert counted["status"]["counting"]["count"] == 1


def test_fsf_board_count_is_counted_by_whoever_moves_next():
    reply = play(CAPTURE_LAST_BIA, ["d5e4"], boardCountStart="fsf")
    assert reply["status"]["counting"]["counter"] == "white"
    assert reply["position"].split()[3:5] == ["128", "0"]


def test_no_automatic_board_count_on_equal_material_but_either_side_may_claim():
    fen = "4k3/8/8/3s4/4P3/8/S7/4K3 b - - 0 1"  # after d5e4: K+Khon against K+Khon
    for moves in (["d5e4"], ["d5e4", "a2b3"], ["d5e4", "a2b3", "e8d8"]):
        reply = play(fen, moves, boardCountStart="automatic")
        assert reply["status"]["counting"]["kind"] is None
        assert reply["actions"] == ["count-start"]


# --- every FEN the engine writes, it reads back -------------------------------------------
def test_bare_khun_taking_the_last_piece_during_pieces_honour_reads_back():
    """Found by the round-trip property: K vs K with the count still running (bareKingsDraw off)."""
    assert play("8/3k4/8/8/8/8/8/5K2 w - 32 7 41", bareKingsDraw=False)["status"]["counting"]["counter"] == "black"
    reply = play("8/3k4/8/8/8/8/8/2R2K2 w - - 0 1", ["c1c7", "d7c7"], bareKingsDraw=False)
    assert reply["position"] == "8/2k5/8/8/8/8/8/5K2 w - 32 7 2"
    again = play(reply["position"], bareKingsDraw=False)
    assert again["position"] == reply["position"] and again["legal_moves"] == reply["legal_moves"]
    assert {k: v for k, v in again["status"]["counting"].items() if k != "start"} == \
        {k: v for k, v in reply["status"]["counting"].items() if k != "start"}
    # The FEN cannot say that the count began at 4 (K+Ruea against K): read back, it starts at pieces + 1.
    assert (reply["status"]["counting"]["start"], again["status"]["counting"]["start"]) == (4, 3)


def test_a_count_claimed_late_is_read_back_past_its_limit():
    fen = "k7/8/1K6/8/8/8/8/7R w - 32 31 40"
    moves = ["h1h2", "a8b8", "h2h3"]  # Black may claim the draw after h1h2 but plays on
    reply = play(fen, moves, countExpiry="claim")
    assert reply["position"].split()[3:5] == ["32", "34"] and "count-draw" in reply["actions"]
    again = play(reply["position"], countExpiry="claim")
    assert again["position"] == reply["position"] and again["actions"] == reply["actions"]
    refused = call({"op": "play", "game": "makruk", "position": reply["position"]})
    assert refused["error"]["code"] == "ILLEGAL_POSITION" and "past the limit" in refused["error"]["message"]


def test_one_attacker_move_past_the_limit_survives_a_capture_by_the_bare_khun():
    """minAttackerMoves 1, start 10 > limit 8: the bare Khun takes on its first count; the FEN
    written then still gives the attacker its move (the start is raised as far as the count ran)."""
    fen = "7k/6N1/8/8/8/8/8/RRNSSMK1 w - - 0 1"  # White takes nothing yet: Black is already bare
    reply = play(fen, ["a1a2"], minAttackerMoves=1)
    assert reply["status"]["counting"]["start"] == 10 and reply["status"]["result"] == "ongoing"
    took = play(fen, ["a1a2", "h8g7"], minAttackerMoves=1)
    assert took["status"]["result"] == "ongoing" and took["position"].split()[3:5] == ["16", "19"]
    again = play(took["position"], minAttackerMoves=1)
    assert again["status"] == took["status"] and again["legal_moves"] == took["legal_moves"]
    for last in took["legal_moves"]:
        original = play(fen, ["a1a2", "h8g7", last], minAttackerMoves=1)["status"]
        assert original["result"] != "ongoing", "the attacker had exactly one move"
        assert play(took["position"], [last], minAttackerMoves=1)["status"] == original


def test_bared_counter_may_claim_pieces_honour_when_it_does_not_start_by_itself():
    moves = ["count-start", "d6c4", "a1a4", "e8e7", "a4c4"]  # as in the switch test above
    reply = play(BOARD, moves, piecesCountStart="claim")
    assert reply["status"]["counting"]["kind"] == "board" and reply["actions"] == ["count-start", "count-stop"]
    switched = play(BOARD, moves + ["count-start"], piecesCountStart="claim")
    assert switched["status"]["counting"] == {"kind": "pieces", "counter": "black", "count": 0, "start": 5,
                                              "limit": 16}


def test_a_board_count_ends_when_the_counter_bares_its_opponent_and_pieces_honour_waits_for_a_claim():
    fen = "4k3/8/3n4/8/8/8/8/R2KS3 w - - 0 1"
    moves = ["count-start", "a1a4", "d6c4", "a4c4"]  # White counts, then takes Black's last piece
    reply = play(fen, moves, piecesCountStart="claim")
    assert reply["status"]["counting"]["kind"] is None and reply["actions"] == ["count-start"]
    assert play(fen, moves)["status"]["counting"]["kind"] == "pieces", "by default pieces' honour starts"


def test_a_bared_counters_board_count_and_pieces_honour_share_their_fen_fields():
    """Found by the round-trip property inside Pyodide. With defenderChooses a bared counter may
    keep its board count; FEN then writes what pieces' honour with limit 64 writes, and the
    reader takes a board count only where pieces' honour could not have reached the ply."""
    kept = "8/8/4K3/4n3/8/k7/8/8 w - 128 {} 8"  # White, bare, counts against K+Ma: 3 pieces
    board = play(kept.format(4), bareKingDuringBoardCount="defenderChooses")
    assert board["status"]["counting"]["kind"] == "board" and board["actions"] == ["count-start", "count-stop"]
    either = play(kept.format(8), bareKingDuringBoardCount="defenderChooses")
    assert either["status"]["counting"]["kind"] == "pieces" and either["actions"] == []
    assert {k: v for k, v in either["status"]["counting"].items() if k not in ("kind", "start")} == \
        {"counter": "white", "count": 4, "limit": 64}
    # At ply 2 x pieces, pieces' honour has just begun (count 0): a kept board count would be at 3.
    assert play(kept.format(6), bareKingDuringBoardCount="defenderChooses")["status"]["counting"]["count"] == 0
