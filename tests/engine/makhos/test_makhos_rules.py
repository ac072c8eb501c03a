"""One test per rule of ../shared/rules/makhos.md §4 and per ambiguity A-H1 … A-H13, through the
engine's Game and the JSON door."""

from __future__ import annotations

from makhos_helpers import START, moves, play

from engine.api import call


def legal_object(reply: dict, text: str) -> dict:
    return next(m for m in reply["legal"] if m["move"] == text)


# ----------------------------------------------------------------- board, pieces, first move
def test_setup_eight_men_a_side_on_dark_squares_single_corner_left():
    """A-H1: a1 (White's single corner, on its left) is dark; 8 men a side on the two nearest rows."""
    board = play(START)["board"]
    assert {sq for sq, p in board.items() if p == "M"} == {"a1", "c1", "e1", "g1", "b2", "d2", "f2", "h2"}
    assert {sq for sq, p in board.items() if p == "m"} == {"b8", "d8", "f8", "h8", "a7", "c7", "e7", "g7"}


def test_white_moves_first_by_default_and_first_mover_is_an_option():
    """A-H2."""
    assert call({"op": "start", "game": "makhos"})["position"] == START
    black_first = call({"op": "start", "game": "makhos", "options": {"firstMover": "black"}})["position"]
    assert black_first == "B" + START[1:]
    reply = call({"op": "play", "game": "makhos", "options": {"firstMover": "black"}})
    assert reply["turn"] == "black" and "a7-b6" in reply["legal_moves"]


# ----------------------------------------------------------------- men
def test_a_man_steps_one_square_diagonally_forward_only():
    assert moves("W:Wd4:Bh8") == ["d4-c5", "d4-e5"]
    assert moves("B:Wa1:Bd4") == ["d4-c3", "d4-e3"]


def test_a_man_captures_forward_only():
    assert moves("W:Wd4:Bc3,e3,c5,h8") == ["d4xb6"]
    assert moves("W:Wd4:Bc3,e3,h8") == ["d4-c5", "d4-e5"]


def test_a_man_reaching_the_far_row_is_crowned():
    reply = play("W:Wc7:Ba3", "c7-d8")
    assert reply["board"]["d8"] == "K" and reply["position"] == "B:WKd8:Ba3"
    assert next(m for m in play("W:Wc7:Ba3")["legal"] if m["move"] == "c7-d8")["promotion"] is True


# ----------------------------------------------------------------- kings
def test_a_king_moves_any_distance_forward_or_backward_on_a_diagonal():
    assert moves("W:WKd4:Bh8") == sorted(["d4-e5", "d4-f6", "d4-g7", "d4-c5", "d4-b6", "d4-a7", "d4-e3",
                                          "d4-f2", "d4-g1", "d4-c3", "d4-b2", "d4-a1"])


def test_a_king_captures_from_a_distance_and_lands_just_beyond():
    """A-H3 default: the king on a1 sees e5 down an open diagonal and lands on f6, not g7 or h8."""
    reply = play("W:WKa1:Be5,a7")
    assert reply["legal_moves"] == ["a1xf6"]
    assert legal_object(reply, "a1xf6")["captures"] == ["e5"]


def test_king_landing_any_allows_every_empty_square_beyond():
    """A-H3 option ``kingLanding = any``."""
    assert moves("W:WKa1:Be5,a7", kingLanding="any") == ["a1xf6", "a1xg7", "a1xh8"]


def test_king_landing_any_must_land_where_the_capture_goes_on():
    """With ``any``, where one landing square lets the king capture again, it must land there (the
    Russian-draughts rule; the spec is silent): only f6 reaches e7."""
    assert moves("W:WKa1:Be5,e7,a3", kingLanding="any") == ["a1xf6xd8"]
    assert moves("W:WKa1:Be5,e7,a3") == ["a1xf6xd8"]


def test_a_king_may_turn_back_the_way_it_came():
    """A-H4 default: after c3xe5 the king jumps back over b2, crossing d4 and c3 (both now empty)."""
    assert moves("W:WKc3:Bd4,b2") == ["c3xa1xe5", "c3xe5xa1"]


def test_king_continuation_no_reverse_forbids_jumping_straight_back():
    """A-H4 option ``kingContinuation = noReverse``: straight on or at a right angle only."""
    assert moves("W:WKc3:Bd4,b2", kingContinuation="noReverse") == ["c3xa1", "c3xe5"]
    assert moves("W:WKc3:Bd4,f6,f4", kingContinuation="noReverse") == ["c3xe5xg3", "c3xe5xg7"]


def test_captured_pieces_leave_at_once_so_their_squares_can_be_crossed():
    """A-H5: the king on c3 takes d4 then, turning back, crosses d4 and c3 to take b2."""
    reply = play("W:WKc3:Bd4,b2", "c3xe5xa1")
    assert reply["board"] == {"a1": "K"} and reply["status"]["result"] == "white_wins"


def test_a_kings_later_jumps_may_be_from_a_distance():
    """A-H11: after a1xc3 the king sees f6 from c3 across an open d4-e5 and lands on g7."""
    assert moves("W:WKa1:Bb2,f6,h8") == ["a1xc3xg7"]


def test_the_moving_kings_start_square_counts_as_empty():
    """A-H12: round the four pieces and back onto c3, in either direction; and c3xe5xa1 passes over c3."""
    reply = play("W:WKc3,a1:Bd4,f4,f2,d2,h8")
    assert reply["legal_moves"] == ["c3xe1xg3xe5xc3", "c3xe5xg3xe1xc3"]
    assert legal_object(reply, "c3xe5xg3xe1xc3")["path"] == ["e5", "g3", "e1", "c3"]
    assert play("W:WKc3,a1:Bd4,f4,f2,d2,h8", "c3xe5xg3xe1xc3")["board"] == {"a1": "M", "c3": "K", "h8": "m"}
    assert "c3xe5xa1" in moves("W:WKc3:Bd4,b2")


# ----------------------------------------------------------------- capturing
def test_capture_is_compulsory_by_default():
    """A-H6 default ``strict``: the step b2-a3 is illegal while d2 can capture."""
    assert moves("W:Wb2,d2:Be3,h8") == ["d2xf4"]
    error = call({"op": "play", "game": "makhos", "position": "W:Wb2,d2:Be3,h8", "moves": ["b2-a3"]})["error"]
    assert error["reason"] == "capture_compulsory" and "d2xf4" in error["message"] and "d2xf4" in error["message_th"]


def test_under_claimable_a_non_capture_is_legal_while_a_capture_exists():
    """A-H6 option ``captureRule = claimable``."""
    assert moves("W:Wb2,d2:Be3,h8", captureRule="claimable") == ["b2-a3", "b2-c3", "d2-c3", "d2xf4"]


def test_multi_capture_goes_on_until_no_capture_is_left():
    """A-H7: c3 must take d4 and then f6 (or d6); stopping on e5 is refused."""
    assert moves("W:Wc3:Bd4,f6,d6") == ["c3xe5xc7", "c3xe5xg7"]


def test_free_choice_among_captures_no_majority_rule():
    """A-H7: a capture of one piece is as legal as one of two."""
    assert moves("W:Wc3,a3:Bd4,f6,b4,h8") == ["a3xc5", "c3xa5", "c3xe5xg7"]


def test_promotion_during_a_capture_ends_the_move():
    """A-H8: the man crowned on d8 stops there although a king could go on over e7."""
    reply = play("W:Wb6:Bc7,e7,h4")
    assert reply["legal_moves"] == ["b6xd8"]
    assert legal_object(reply, "b6xd8")["promotion"] is True
    after = play("W:Wb6:Bc7,e7,h4", "b6xd8")
    assert after["board"]["d8"] == "K" and after["board"]["e7"] == "m" and after["turn"] == "black"


def test_the_new_king_moves_as_a_king_after_the_opponents_move():
    """A-H8: it waits for the opponent's move, then captures and moves flying."""
    assert play("W:Wb6:Bc7,e7,h4", "b6xd8", "h4-g3")["legal_moves"] == ["d8xf6"]
    later = play("W:Wb6:Bc7,e7,h4", "b6xd8", "h4-g3", "d8xf6", "g3-h2")
    assert {"f6-b2", "f6-a1", "f6-h8"} <= set(later["legal_moves"])


def test_two_routes_over_the_same_pieces_are_two_moves():
    """A-H13: same pieces, other order, other landing squares."""
    reply = play("W:WKc3:Bd4,b2")
    first, second = legal_object(reply, "c3xa1xe5"), legal_object(reply, "c3xe5xa1")
    assert first["captures"] == ["b2", "d4"] and second["captures"] == ["d4", "b2"]
    assert first["path"] == ["a1", "e5"] and second["path"] == ["e5", "a1"]


# ----------------------------------------------------------------- the end of the game
def test_a_side_with_no_piece_loses():
    status = play("W:Wc3:Bd4", "c3xe5")["status"]
    assert (status["result"], status["reason"]) == ("white_wins", "no_pieces")


def test_a_side_with_no_legal_move_loses():
    reply = play("B:Wb6,c5:Ba7")
    assert reply["legal_moves"] == [] and reply["legal"] == []
    assert (reply["status"]["result"], reply["status"]["reason"]) == ("white_wins", "no_moves")
