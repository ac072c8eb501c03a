"""Komayo's rules, one test per special rule, each on a position where it matters (rules ../shared/rules/komayo.md)."""

import pytest
from komayo_helpers import error, game_of, play

from engine.api import call
from engine.komayo.options import OLD_START, START

PRIVILEGE_POSITION = "4k3/3+R+P3/8/8/8/8/8/4K3 w RB 1"  # Gote's king next to a dragon and a tokin


# --------------------------------------------------------------------------- setup and pieces
def test_start_position_and_sides():
    listed = next(g for g in call({"op": "games"})["games"] if g["id"] == "komayo")
    assert listed["sides"] == ["sente", "gote"] and listed["start_position"] == START
    reply = play()
    assert reply["turn"] == "sente" and reply["hands"] == {"sente": {}, "gote": {}}
    assert reply["board"]["d1"] == "I" and reply["board"]["e1"] == "K" and reply["board"]["g2"] == "R"
    assert reply["board"]["b7"] == "r" and reply["board"]["g7"] == "b" and reply["board"]["e8"] == "k"


def test_older_start_and_handicap_options_change_the_start():
    assert play(startFen=OLD_START)["board"]["b2"] == "R"
    board = play(handicap=["R", "B"])["board"]
    assert board["g2"] == "+R" and board["b2"] == "+B" and board["b7"] == "r"


def test_start_op_honours_the_start_and_handicap_options():
    def start(**options) -> str:
        reply = call({"op": "start", "game": "komayo", "options": options})
        assert reply["ok"], reply
        return reply["position"]

    assert start() == START and start(startFen=OLD_START) == OLD_START
    assert start(handicap=["R", "B"]) == "lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1+B4+R1/LNSIKSNL b - 1"
    reply = call({"op": "play", "game": "komayo", "position": start(handicap=["I"]), "options": {"handicap": ["I"]}})
    assert reply["board"]["d1"] == "+I"  # a started handicap game is not promoted twice


def test_princess_slides_diagonally_and_leaps_in_all_eight_directions_promoted_adds_orthogonal_steps():
    moves = set(play("4k3/8/8/3p4/4I3/8/8/K7 b - 1")["legal_moves"])
    leaps = {"e4" + sq for sq in ("f6", "g5", "g3", "f2", "d2", "c3", "c5", "d6")}
    assert leaps <= moves
    assert {"e4d5", "e4f5", "e4h7", "e4b1"} <= moves and "e4c6" not in moves  # d5 blocks the slide
    assert not {"e4e5", "e4d4"} & moves
    promoted = set(play("4k3/8/8/3p4/4+I3/8/8/K7 b - 1")["legal_moves"])
    assert promoted - moves == {"e4e5", "e4d4", "e4f4", "e4e3"}


def test_every_promoted_form_moves_as_the_rules_say():
    def targets(piece: str) -> set[str]:
        return {m[2:4] for m in play(f"k7/8/8/8/3{piece}4/8/8/7K b - 1")["legal_moves"] if m.startswith("d4")}
    gold = {"d5", "c5", "e5", "c4", "e4", "d3"}
    for piece in ("+S", "+N", "+L", "+P"):
        assert targets(piece) == gold, piece
    assert targets("S") == {"d5", "c5", "e5", "c3", "e3"}
    assert targets("N") == {"c6", "e6"}
    assert targets("+R") >= {"c5", "e5", "c3", "e3", "d8", "a4"} and "b6" not in targets("+R")
    assert targets("+B") >= {"d5", "c4", "e4", "d3", "a7"} and "d6" not in targets("+B")


# --------------------------------------------------------------------------- promotion
def test_promotion_is_optional_entering_inside_and_leaving_the_zone():
    moves = set(play("4k3/8/4S3/8/8/8/8/4K3 b - 1")["legal_moves"])
    assert {"e6e7", "e6e7+", "e6d5", "e6d5+"} <= moves  # within the zone, and leaving it
    assert {"e3e4"} <= set(play("4k3/8/8/8/8/4S3/8/4K3 b - 1")["legal_moves"])
    assert "e3e4+" not in play("4k3/8/8/8/8/4S3/8/4K3 b - 1")["legal_moves"]


def test_lance_must_promote_on_the_last_rank():
    moves = set(play("4k3/L7/8/8/8/8/8/4K3 b - 1")["legal_moves"])
    assert "a7a8+" in moves and "a7a8" not in moves
    refused = error("4k3/L7/8/8/8/8/8/4K3 b - 1", ["a7a8"], illegalMovePolicy="reject")
    assert refused["code"] == "ILLEGAL_MOVE" and refused["reason"] == "promotion_required"
    # Gote's lance, on Gote's last rank (rank 1)
    assert {"a2a1+"} == {m for m in play("4k3/8/8/8/8/8/l7/4K3 w - 1")["legal_moves"] if m.startswith("a2a1")}


def test_knight_must_promote_on_the_last_two_ranks():
    moves = set(play("4k3/8/7N/1N6/8/8/8/4K3 b - 1")["legal_moves"])
    assert {"b5a7+", "b5c7+", "h6g8+"} <= moves and not {"b5a7", "b5c7", "h6g8"} & moves
    assert {"b4a6", "b4a6+", "b4c6", "b4c6+"} <= set(play("4k3/8/8/8/1N6/8/8/4K3 b - 1")["legal_moves"])


def test_v1_promotes_whenever_it_can():
    moves = set(play("4k3/8/4S3/8/8/8/8/4K3 b - 1", ruleset="v1")["legal_moves"])
    assert "e6e7+" in moves and "e6e7" not in moves


# --------------------------------------------------------------------------- hands and drops
@pytest.mark.parametrize("kept, plain", [("e8d7^", "e8d7"), ("e8e7^", "e8e7")], ids=["+R", "+P"])
def test_kings_privilege_keeps_the_captured_piece_promoted(kept, plain):
    piece = "+R" if kept.startswith("e8d7") else "+P"
    legal = play(PRIVILEGE_POSITION)
    assert {kept, plain} <= set(legal["legal_moves"])
    privileged = next(m for m in legal["legal"] if m["move"] == kept)
    assert privileged["privilege"] and privileged["captures"] == [kept[2:4]]
    assert play(PRIVILEGE_POSITION, [kept])["hands"]["gote"] == {piece: 1}
    assert play(PRIVILEGE_POSITION, [plain])["hands"]["gote"] == {piece[1]: 1}
    # The kept piece is dropped promoted, on Gote's next turn.
    later = play(PRIVILEGE_POSITION, [kept, "e1e2"])["legal_moves"]
    assert f"{piece}*a1" in later
    assert not any(m.startswith("P*") for m in play(PRIVILEGE_POSITION, ["e8e7", "e1e2"])["legal_moves"])


def test_only_a_king_capturing_a_promoted_piece_has_the_privilege():
    assert not [m for m in play(PRIVILEGE_POSITION, ruleset="v1")["legal_moves"] if m.endswith("^")]
    assert not [m for m in play("4k3/3R4/8/8/8/8/8/4K3 w - 1")["legal_moves"] if m.endswith("^")]
    refused = error("4k3/3R4/8/8/8/8/8/4K3 w - 1", ["e8d7^"], illegalMovePolicy="reject")
    assert refused["reason"] == "privilege_not_allowed" and "nothing promoted" in refused["message"]


def test_dropping_a_promoted_pawn():
    position = "4k3/8/8/8/8/8/8/4K3 b +PP 1"
    moves = set(play(position)["legal_moves"])
    assert "+P*e8" not in moves and "+P*a8" in moves  # any empty square, the last rank included
    assert not [m for m in moves if m.startswith("P*")]  # the unpromoted pawn is dead in hand
    after = play(position, ["+P*e5"])
    assert after["board"]["e5"] == "+P" and after["hands"]["sente"] == {"P": 1}
    drop = next(m for m in play(position)["legal"] if m["move"] == "+P*e5")
    assert drop["from"] is None and drop["drop"] == "+P" and not drop["promotion"]
    refused = error(position, ["P*e5"], illegalMovePolicy="reject")
    assert refused["reason"] == "dead_pawn"


def test_v1_drops_pawns_but_not_on_the_last_rank():
    moves = set(play("4k3/8/8/8/8/8/8/4K3 b P 1", ruleset="v1")["legal_moves"])
    assert "P*e5" in moves and "P*a8" not in moves and "P*a7" in moves


def test_a_knight_drop_is_refused_on_rank_7():
    position = "4k3/8/8/8/8/8/8/4K3 b NL 1"
    moves = set(play(position)["legal_moves"])
    assert "N*e6" in moves and "N*e7" not in moves and "N*e8" not in moves
    assert "L*e7" in moves and "L*e8" not in moves
    refused = error(position, ["N*e7"], illegalMovePolicy="reject")
    assert refused["code"] == "ILLEGAL_MOVE" and refused["reason"] == "no_move_after_drop"
    assert "N*e2" not in play("4k3/8/8/8/8/8/8/4K3 w nl 1")["legal_moves"]  # Gote: its rank 7 is rank 2


def test_drops_never_capture_nor_promote():
    refused = error("4k3/8/8/8/8/8/8/4K3 b S 1", ["S*e8"], illegalMovePolicy="reject")
    assert refused["reason"] == "square_occupied"
    refused = error("4k3/8/8/8/8/8/8/4K3 b S 1", ["S*e7+"], illegalMovePolicy="reject")
    assert refused["reason"] == "promotion_not_allowed"


def test_captured_pieces_go_to_the_hand_demoted():
    after = play("4k3/8/8/4+p3/8/8/4R3/4K3 b - 1", ["e2e5"])
    assert after["hands"]["sente"] == {"P": 1}
    assert after["position"] == "4k3/8/8/4R3/8/8/8/4K3 w P 2"


# --------------------------------------------------------------------------- game end
def test_the_king_may_be_left_en_prise_and_its_capture_wins():
    position = "4k3/8/8/8/8/P7/8/r3K3 b - 1"  # Gote's rook attacks Sente's king along rank 1
    reply = play(position)
    assert reply["status"]["check"] and {"a3a4", "e1d1"} <= set(reply["legal_moves"])  # ignore it, or walk along it
    won = play(position, ["a3a4", "a1e1"])
    assert won["status"]["result"] == "gote_wins" and won["status"]["reason"] == "king_captured"
    assert won["legal_moves"] == [] and won["hands"]["gote"] == {}  # a captured king goes to no hand
    assert error(position, ["a3a4", "a1e1", "e8e7"])["code"] == "GAME_OVER"


def test_an_illegal_move_loses_or_is_rejected():
    lost = play(START, ["e3e5"])
    assert lost["status"]["result"] == "gote_wins" and lost["status"]["reason"] == "illegal_move"
    assert lost["status"]["illegal"]["reason"] == "piece_cannot_move_there"
    assert lost["last_move"] == "e3e5" and lost["legal_moves"] == []
    assert error(START, ["e3e5"], illegalMovePolicy="reject")["code"] == "ILLEGAL_MOVE"
    assert error(START, ["e3e9"])["code"] == "BAD_MOVE"  # text that is not a move is never a loss


@pytest.mark.parametrize("move, reason", [
    ("S*e5", "not_in_hand"), ("e3e4+", "promotion_not_allowed"), ("e1e2^", "privilege_not_allowed"),
    ("d1d2", "piece_cannot_move_there"), ("g2g3", "own_piece_on_target"), ("e6e5", "not_your_piece"),
    ("e4e5", "no_piece"), ("g2g4", "path_blocked"),
])
def test_illegal_moves_name_their_reason(move, reason):
    refused = error(START, [move], illegalMovePolicy="reject")
    assert refused["code"] == "ILLEGAL_MOVE" and refused["reason"] == reason and refused["field"] == "moves[0]"
    assert move in refused["message"] and move in refused["message_th"]
    lost = play(START, [move])["status"]
    assert lost["reason"] == "illegal_move" and lost["illegal"]["reason"] == reason


def test_a_repetition_loses():
    loop = ["g2h2", "b7a7", "h2g2", "a7b7"]  # both rooks out and back: the start position again
    before = play(START, loop)
    assert "g2h2" not in before["legal_moves"] and "g2f2" in before["legal_moves"]
    lost = play(START, [*loop, "g2h2"])
    assert lost["status"]["result"] == "gote_wins" and lost["status"]["reason"] == "repetition"
    refused = error(START, [*loop, "g2h2"], illegalMovePolicy="reject")
    assert refused["reason"] == "repetition"
    # The same move into a different position is no repetition.
    assert play(START, ["g2h2", "b7a7", "h2g2", "h8h7", "g2h2"])["status"]["result"] == "ongoing"


def test_a_side_whose_every_move_would_repeat_loses():
    """A-K5: Gote's king can only shuttle a1-b1 (everything else is walled in); when the one move left
    would repeat, Gote must play a losing move: the game is lost."""
    shuttle = "7K/8/8/8/8/p1p5/pbpppppp/k1s+p+p+p+p+p w - 1"
    assert play(shuttle)["legal_moves"] == ["a1b1"]
    lost = play(shuttle, ["a1b1", "h8g8", "b1a1", "g8h8"])
    assert lost["legal_moves"] == [] and lost["status"]["result"] == "sente_wins"
    assert lost["status"]["reason"] == "repetition"


def king_walk() -> list[str]:
    """100 plies without a capture or a pawn move: Sente's king visits 51 squares, Gote's shuttles."""
    path = [f"{'abcdefgh'[f]}{r}" for r in range(1, 7) for f in (range(8) if r % 2 else range(7, -1, -1))]
    path += ["a7", "b7", "c7"]
    moves = []
    for i in range(50):
        moves += [path[i] + path[i + 1], "g8h8" if i % 2 == 0 else "h8g8"]
    return moves


WALK_START = "6k1/8/8/8/8/8/8/K7 b - 1"


def test_the_fifty_move_draw():
    walk = king_walk()
    assert play(WALK_START, walk[:99])["status"]["result"] == "ongoing"
    drawn = play(WALK_START, walk)
    assert drawn["status"]["result"] == "draw" and drawn["status"]["reason"] == "fifty_moves"
    assert drawn["status"]["quiet_plies"] == 100
    claim = play(WALK_START, walk, fiftyMove="claim")
    assert claim["status"]["result"] == "ongoing" and claim["actions"] == ["claim-draw"]
    assert play(WALK_START, [*walk, "claim-draw"], fiftyMove="claim")["status"]["reason"] == "fifty_moves"
    assert play(WALK_START, walk, fiftyMove="off")["actions"] == []
    assert error(WALK_START, ["claim-draw"], fiftyMove="claim")["code"] == "COUNT_NOT_ALLOWED"


def test_captures_and_unpromoted_pawn_moves_reset_the_fifty_move_count_drops_do_not():
    game = game_of("4k3/8/4p3/8/8/8/4P3/4K3 b SPr 1")
    counts = []
    for move in ("S*a5", "e8d8", "e2e3", "d8e8", "a5b6", "R*f1", "e1f1"):
        game.play(move)
        counts.append(game.quiet_plies)
    assert counts == [1, 2, 0, 1, 2, 3, 0]


def test_a_side_without_any_legal_move_loses():
    walled = "4K3/8/8/8/8/8/pppppppp/k+p+p+p+p+p+p+p w - 1"
    lost = play(walled)
    assert lost["legal_moves"] == [] and lost["status"]["result"] == "sente_wins"
    assert lost["status"]["reason"] == "no_moves"
    assert play(walled, noLegalMove="draw")["status"]["result"] == "draw"


def test_tsume_adjudication_ends_the_game_when_the_capture_cannot_be_avoided():
    mated = "3k4/3+P4/3+P4/8/8/8/8/4K3 w - 1"  # Gote's king cannot escape the tokins' reach
    assert play(mated)["status"]["result"] == "ongoing"
    adjudicated = play(mated, adjudicateTsume=True)["status"]
    assert adjudicated["result"] == "sente_wins" and adjudicated["reason"] == "checkmate"
