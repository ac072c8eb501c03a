"""The record-level rules of Mak-hot: claiming a missed capture (captureRule 'claimable', A-H6),
the opt-in draws (A-H9), and what the position text carries so it reads back to the same game."""

from __future__ import annotations

from makhos_helpers import game, play

from engine.api import call
from engine.core.protocol import Outcome

CLAIMABLE = {"captureRule": "claimable"}
# White can take f4 with e3 (e3xg5) but may step c3-d4 instead.
MISSED = "W:Wc3,e3:Bf4,a7"


# ----------------------------------------------------------------- claiming a missed capture
def test_a_missed_capture_can_be_claimed_by_the_opponent():
    after = play(MISSED, "c3-d4", **CLAIMABLE)
    assert after["actions"] == ["claim-capture"]
    assert after["status"]["missed_capture"] == "c3-d4"
    assert after["position"] == "B:We3,d4:Bf4,a7:Mc3-d4"


def test_the_claim_takes_the_move_back_and_the_capture_must_be_made():
    claimed = play(MISSED, "c3-d4", "claim-capture", **CLAIMABLE)
    assert claimed["turn"] == "white" and claimed["legal_moves"] == ["e3xg5"]
    assert claimed["position"] == "W:Wc3,e3:Bf4,a7:C" and claimed["status"]["must_capture"] is True
    assert claimed["last_move"] is None and claimed["actions"] == []
    refused = call({"op": "play", "game": "makhos", "position": MISSED, "options": CLAIMABLE,
                    "moves": ["c3-d4", "claim-capture", "c3-d4"]})["error"]
    assert refused["reason"] == "capture_claimed" and refused["field"] == "moves[2]" and "e3xg5" in refused["message"]


def test_after_the_claimed_capture_play_goes_on_as_before():
    later = play(MISSED, "c3-d4", "claim-capture", "e3xg5", **CLAIMABLE)
    assert later["position"] == "B:Wc3,g5:Ba7" and later["last_move"] == "e3xg5"


def test_not_claiming_is_playing_on():
    after = play(MISSED, "c3-d4", "f4xd2", **CLAIMABLE)
    assert after["actions"] == [] and after["status"]["missed_capture"] is None
    # Black's own step a7-b6 passes up f4xd2 in turn: now White may claim.
    assert play(MISSED, "c3-d4", "a7-b6", **CLAIMABLE)["status"]["missed_capture"] == "a7-b6"


def test_a_claim_is_refused_with_nothing_to_claim_or_under_strict_rules():
    nothing = call({"op": "play", "game": "makhos", "position": MISSED, "options": CLAIMABLE,
                    "moves": ["e3xg5", "claim-capture"]})["error"]
    assert nothing["code"] == "ILLEGAL_MOVE" and nothing["reason"] == "no_missed_capture"
    strict = call({"op": "play", "game": "makhos", "moves": ["b2-c3", "claim-capture"]})["error"]
    assert strict["reason"] == "claims_need_claimable" and strict["field"] == "moves[1]"


def test_the_claim_stays_open_when_the_missed_move_left_no_move_to_make():
    """The claimant may object before moving (S004), even with no move of its own left."""
    before = "W:Wa1,b6,c5,c3,d4,f4,g3:Ba7,e5"
    record = game(before, **CLAIMABLE)
    record.play("a1-b2")
    assert record.legal_moves() == [] and record.actions() == ["claim-capture"]
    assert record.outcome() is None
    assert record.state.outcome() == Outcome("no_moves", "white"), "the search never claims"
    record.play("claim-capture")
    assert sorted(m.text for m in record.legal_moves()) == ["d4xf6", "f4xd6"]


def test_the_missed_and_claimed_fields_read_back_to_the_same_game():
    for played in (["c3-d4"], ["c3-d4", "claim-capture"]):
        original = game(MISSED, **CLAIMABLE)
        for text in played:
            original.play(text)
        again = game(original.position_text(), **CLAIMABLE)
        assert again.position_text() == original.position_text()
        assert again.actions() == original.actions()
        assert sorted(m.text for m in again.legal_moves()) == sorted(m.text for m in original.legal_moves())


def test_a_king_that_passed_up_a_capture_goes_back_as_a_king():
    after = play("W:WKa1,e3:Bf4,a7", "a1-b2", **CLAIMABLE)
    assert after["position"] == "B:WKb2,e3:Bf4,a7:MKa1-b2"
    assert play(after["position"], "claim-capture", **CLAIMABLE)["board"]["a1"] == "K"


def test_a_man_crowned_by_a_missed_capture_goes_back_as_a_man():
    after = play("W:Wc7,e3:Bf4,a5", "c7-d8", **CLAIMABLE)
    assert after["position"] == "B:We3,Kd8:Bf4,a5:Mc7-d8"
    assert play(after["position"], "claim-capture", **CLAIMABLE)["board"]["c7"] == "M"


# ----------------------------------------------------------------- draws (A-H9), opt-in
SHUFFLE = ["h2-g1", "a7-b8", "g1-h2", "b8-a7"]  # two kings that can never take each other
KINGS = "W:WKh2:BKa7"


def test_repetition_draw_is_off_by_default_and_counts_positions_when_set():
    assert play(KINGS, *SHUFFLE * 3)["status"]["result"] == "ongoing"
    assert play(KINGS, *(SHUFFLE * 2)[:-1], repetitionDraw=3)["status"]["result"] == "ongoing"
    status = play(KINGS, *SHUFFLE * 2, repetitionDraw=3)["status"]
    assert (status["result"], status["reason"]) == ("draw", "repetition")


def test_no_progress_draw_counts_moves_of_both_sides_without_a_capture_or_a_man_move():
    moves = (SHUFFLE * 5)[:20]  # 10 moves each
    assert play(KINGS, *moves[:19], noProgressLimit=10)["status"]["result"] == "ongoing"
    status = play(KINGS, *moves, noProgressLimit=10)["status"]
    assert (status["result"], status["reason"]) == ("draw", "no_progress")
    assert play(KINGS, *moves)["status"]["result"] == "ongoing"


def test_a_man_move_restarts_the_no_progress_count():
    position = "W:WKh2,a3:BKa7"
    moves = SHUFFLE * 2 + ["a3-b4", "a7-b8"] + ["h2-g1", "b8-a7", "g1-h2", "a7-b8"] * 2
    assert play(position, *moves, noProgressLimit=10)["status"]["result"] == "ongoing"
    assert play(position, *moves[:19], "h2-g1", noProgressLimit=10)["status"]["result"] == "ongoing"


def test_a_game_over_refuses_more_moves():
    error = call({"op": "play", "game": "makhos", "position": "W:Wc3:Bd4", "moves": ["c3xe5", "d4-c3"]})["error"]
    assert error["code"] == "GAME_OVER" and error["field"] == "moves[1]"


def test_copy_is_independent():
    original = game()
    copied = original.copy()
    copied.play("b2-c3")
    assert original.position_text().startswith("W:") and copied.position_text().startswith("B:")
    assert original.played == [] and len(copied.played) == 1


# ----------------------------------------------------------------- words and the computer
def test_moves_in_words_name_pieces_captures_and_landings_in_order():
    said = {m["move"]: m["words"] for m in play("W:WKc3:Bd4,Kb2,h8")["legal"]}
    assert said["c3xa1xe5"] == {"th": "ฮอสขาว c3 กินฮอส b2 ลง a1 แล้วกินเบี้ย d4 ลง e5",
                                "en": "White king c3 takes king b2 to a1, then man d4 to e5"}
    assert said["c3xe5xa1"]["en"] == "White king c3 takes man d4 to e5, then king b2 to a1"
    crowning = play("W:Wb6:Bc7,h4")["legal"][0]["words"]
    assert crowning == {"th": "เบี้ยขาว b6 กินเบี้ย c7 ลง d8 เข้าฮอส",
                             "en": "White man b6 takes man c7 to d8, becomes a king"}
    step = play("W:Wa3:Bh8")["legal"][0]["words"]
    assert step == {"th": "เบี้ยขาว a3 ไป b4", "en": "White man a3 to b4"}
    assert play("W:Wa3:Bh8", "a3-b4")["last_move_words"] == step


def test_the_claim_in_words_and_the_words_of_a_taken_back_move_are_gone():
    record = game(MISSED, **CLAIMABLE)
    record.play("c3-d4")
    assert record.action_words("claim-capture") == {"th": "ดำทักท้วงให้กิน", "en": "Black claims the missed capture"}
    assert record.last_move_words["en"] == "White man c3 to d4"
    record.play("claim-capture")
    assert record.last_move_words is None


def test_the_computer_claims_a_missed_capture_that_wins():
    """White steps a1-b2 and leaves e3xg5, the capture of Black's last piece: Black must claim."""
    reply = call({"op": "bestmove", "game": "makhos", "position": "W:Wa1,e3:Bf4", "moves": ["a1-b2"],
                  "options": CLAIMABLE, "level": 3})
    assert reply["ok"] and reply["move"] == "f4xd2"
    blocked = call({"op": "bestmove", "game": "makhos", "position": "W:Wa1,b6,c5,c3,d4,f4,g3:Ba7,e5",
                    "moves": ["a1-b2"], "options": CLAIMABLE, "level": 1})
    assert blocked["move"] == "claim-capture"
