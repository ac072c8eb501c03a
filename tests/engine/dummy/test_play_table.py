"""The finished hand as dummy-table.md's TABLE (dummy-play.md "TABLE at the end"): keys, the
storing order of layoffs, in_knock, the knock and the fool, the events derived from play
(§27-§30 and §43/§44 liabilities, §32 calls, §81), the tie-break, and its settlement."""

from __future__ import annotations

from dplay import accepts, state_with

from engine.dummy import play
from engine.dummy.play_ops import settlement
from engine.options import resolve
from engine.registry import GAMES

DREW = {"kind": "draw"}
OPTIONS = resolve(GAMES["dummy"].options, None)
TIE = {"next_head": "2S", "high_cards": {}}
TABLE_KEYS = ["level", "head", "players", "knock", "fool", "events", "tie_break", "discard_pile", "stock_count"]


def settled(state: dict) -> tuple[dict, dict]:
    table, reply = settlement(state, OPTIONS)
    assert reply is not None and sum(reply["net"].values()) == 0
    return table, reply


def test_layoffs_are_stored_by_target_then_by_the_end_they_touch():
    state = state_with({"P1": ["4H", "5C", "8H", "AS"]}, pile=[("KD", None, 0)],
                       melds={"P1": [["8D", "9D", "TD", "JD"]], "P2": [["5H", "6H", "7H"]], "P3": [["6C", "7C", "8C"]]},
                       phase="play", took=DREW, fill=True, tie_break=TIE)
    ended = accepts(state, "layoff 4H P2.0 ; layoff 5C P3.0 ; layoff 8H P2.0 ; knock AS")
    assert [l["card"] for l in ended["players"][0]["layoffs"]] == ["4H", "8H", "5C"]
    table, reply = settled(ended)
    assert list(table) == TABLE_KEYS
    assert table["players"][0] == {"id": "P1", "melds": [{"cards": ["8D", "9D", "TD", "JD"], "in_knock": False}],
                                   "layoffs": [{"card": "4H", "onto": "P2.0", "in_knock": True},
                                               {"card": "8H", "onto": "P2.0", "in_knock": True},
                                               {"card": "5C", "onto": "P3.0", "in_knock": True}], "hand": []}
    assert table["knock"] == {"player": "P1", "face_down": "AS", "collected": []}
    assert table["fool"] is None and table["tie_break"] == {"dealer": "P1", **TIE}
    assert table["discard_pile"] == [e["card"] for e in state["pile"]] and table["stock_count"] == 20
    assert reply["tiers"]["P1"] == "win" and reply["derived"]["knock_type"] == "normal"


def test_the_fool_and_the_collected_cards():
    state = state_with({"P1": ["5D", "6D", "9S", "KS", "KD", "KC"]},
                       pile=[("4C", None, 0), ("KH", "P2", 6), ("3H", "P3", 7), ("7D", "P4", 8)],
                       melds={"P1": [["TC", "JC", "QC"]]}, tie_break={"next_head": "2S", "high_cards": {}}, fill=True)
    ended = accepts(state, "collect 7D meld 5D 6D 7D ; meld KS KD KC ; knock 9S")
    table, reply = settled(ended)
    assert table["fool"] == {"feeder": "P4", "receiver": "P1"}
    assert table["knock"] == {"player": "P1", "face_down": "9S", "collected": ["7D"]}
    assert [m["in_knock"] for m in table["players"][0]["melds"]] == [False, True, True]
    assert table["tie_break"] == {"dealer": "P1", "next_head": "2S", "high_cards": {}}
    assert any(line["item"] == "fool" and line["from"] == "P4" for line in reply["ledger"])


def test_a_collect_earlier_in_the_knocking_turn_is_in_the_knock():
    state = state_with({"P1": ["5D", "6D", "8D", "9S", "KS", "KD", "KC"]},
                       pile=[("4C", None, 0), ("KH", "P2", 6), ("3H", "P3", 7), ("7D", "P4", 8)], fill=True)
    collected = accepts(state, "collect 7D meld 5D 6D 7D")
    melded = accepts(accepts(collected, "meld KS KD KC"), "layoff 8D P1.0")
    ended = accepts(melded, "knock 9S")
    table, reply = settled(ended)
    assert table["knock"]["collected"] == ["7D"] and table["fool"] == {"feeder": "P4", "receiver": "P1"}
    assert all(m["in_knock"] for m in table["players"][0]["melds"])
    assert reply["derived"]["knock_type"] == "dark"          # dark at the start of the turn (A-D18)


def test_the_speto_laid_on_its_own_blocker_meld_settles():
    state = state_with({"P2": ["2S", "2D", "2C", "9S", "TS", "JS", "AH"]}, pile=[("5C", None, 0), ("2H", "P1", 8)],
                       turn="P2")
    after = accepts(state, "collect 2H meld 2S 2H 2D ; layoff 2C P2.0")
    assert after["players"][1]["melds"] == [{"cards": ["2S", "2H", "2D"], "turn": 9, "liable": True}]
    assert after["players"][1]["layoffs"] == [{"card": "2C", "onto": "P2.0", "turn": 9, "liable": False}]
    # later, P2 knocks: the blocker meld of an earlier turn, with its speto laid on it, settles
    later = state_with({"P2": ["9S", "TS", "JS", "AH"]}, pile=[("5C", None, 0)], turn="P2", phase="play", took=DREW,
                       melds={"P2": [["2S", "2H", "2D"]]}, layoffs={"P2": [("2C", "P2.0")]}, fill=True)
    table, reply = settled(accepts(later, "meld 9S TS JS ; knock AH"))
    assert table["players"][1]["melds"][0] == {"cards": ["2S", "2H", "2D"], "in_knock": False}
    assert reply["tiers"]["P2"] == "win"


def test_head_liability_27():
    state = state_with({"P3": ["5D", "5C", "9S", "TS", "JS", "AH", "2D"]}, pile=[("5H", None, 0), ("5S", "P2", 7)],
                       turn="P3", turn_no=8)
    after = accepts(state, "collect 5H meld 5H 5D 5C")
    assert after["events"]["liabilities"] == [{"culprits": ["P2"], "covers": "head", "beneficiary": "P3",
                                               "rule": "§27", "turn": 8}]
    assert after["events"]["head_collected_by"] == "P3"
    late = dict(state, turn_no=11)
    assert accepts(late, "collect 5H meld 5H 5D 5C")["events"]["liabilities"] == []


def test_head_liability_27_both_discarders_of_a_run():
    state = state_with({"P3": ["4H", "9S", "TS", "JS", "AH", "2D", "3S"]},
                       pile=[("5H", None, 0), ("6H", "P1", 6), ("7H", "P2", 7)], turn="P3", turn_no=8)
    after = accepts(state, "collect 5H meld 4H 5H 6H 7H")
    assert after["events"]["liabilities"][0]["culprits"] == ["P1", "P2"]


def test_speto_liability_28_and_the_knocker_speto_part():
    state = state_with({"P2": ["2C", "3C", "8H", "9S"]}, pile=[("KD", None, 0), ("4C", "P1", 8)], turn="P2",
                       melds={"P2": [["5H", "6H", "7H"]]}, fill=True)
    after = accepts(state, "collect 4C meld 2C 3C 4C")
    assert [(l["culprits"], l["covers"], l["rule"]) for l in after["events"]["liabilities"]] == [(["P1"], "speto_fee", "§28")]
    ended = accepts(state, "collect 4C meld 2C 3C 4C ; layoff 8H P2.0 ; knock 9S")
    table, reply = settled(ended)
    assert table["events"]["liabilities"] == [
        {"culprits": ["P1"], "covers": "speto_fee", "beneficiary": "P2"},
        {"culprits": ["P1"], "covers": "knocker_speto", "beneficiary": "P2"}]
    moved = [line for line in reply["ledger"] if line.get("on_behalf_of")]
    assert moved and all(line["from"] == "P1" and line["item"] == "knocker_speto" for line in moved)


def test_speto_liability_30_a_pii_pair_from_the_pile():
    state = state_with({"P3": ["QD", "9S", "TS", "JS", "AH", "2D", "3S"]},
                       pile=[("KD", None, 0), ("QS", "P1", 7), ("QH", "P2", 8)], turn="P3")
    after = accepts(state, "collect QS meld QS QH QD")
    assert [(l["culprits"], l["covers"], l["rule"]) for l in after["events"]["liabilities"]] == [(["P2"], "speto_fee", "§30")]


def test_open_meld_and_layoff_liabilities_43_44():
    # P2's run was put down open with a full stock (liable); P1 knocks by laying off on it.
    state = state_with({"P1": ["8H", "AS"]}, pile=[("KD", None, 0)],
                       melds={"P1": [["6D", "7D", "8D", "9D", "TD", "JD"]], "P2": [["5H", "6H", "7H"]]}, phase="play",
                       took=DREW, fill=True, tie_break=TIE)
    state["players"][1]["melds"][0]["liable"] = True
    ended = accepts(state, "layoff 8H P2.0 ; knock AS")
    assert ended["events"]["liabilities"] == [{"culprits": ["P2"], "covers": "all", "beneficiary": "P1",
                                               "rule": "§43", "turn": 9}]
    settled(ended)
    # P3 laid 8H on it, leaving it open (liable): he is the culprit when P1 lays 9H (§44)
    state = state_with({"P1": ["9H", "AS"]}, pile=[("KD", None, 0)], layoffs={"P3": [("8H", "P2.0")]},
                       melds={"P1": [["6D", "7D", "8D", "9D", "TD", "JD"]], "P2": [["5H", "6H", "7H"]],
                              "P3": [["2S", "3S", "4S"]]}, phase="play", took=DREW, fill=True, tie_break=TIE)
    state["players"][1]["melds"][0]["liable"] = True
    state["players"][2]["layoffs"][0]["liable"] = True
    ended = accepts(state, "layoff 9H P2.0 ; knock AS")
    assert ended["events"]["liabilities"][0]["culprits"] == ["P3"]
    settled(ended)


def test_liable_flags_when_put_down_a_d38():
    state = state_with({"P1": ["5H", "6H", "7H", "QS", "KS", "AS", "2D"]}, pile=[("KD", None, 0)],
                       melds={"P1": [["9D", "TD", "JD"]]}, phase="play", took=DREW)
    after = accepts(state, "meld 5H 6H 7H")
    assert after["players"][0]["melds"][1]["liable"] is True       # open, full stock, no speto
    after = accepts(state, "meld QS KS AS")
    assert after["players"][0]["melds"][1]["liable"] is False      # holds a speto


def test_called_discards_a_d41():
    state = state_with({"P1": ["5H", "7D", "9S"]}, pile=[("KD", None, 0), ("7S", "P3", 7), ("7H", "P4", 8)],
                       melds={"P1": [["9D", "TD", "JD"]], "P2": [["2H", "3H", "4H"]]}, phase="play", took=DREW)
    assert accepts(state, "discard 5H")["events"]["called_discards"] == ["P1"]      # a dummy of P2.0
    assert accepts(state, "discard 7D")["events"]["called_discards"] == ["P1"]      # เต็ม with 7S 7H
    assert accepts(state, "discard 9S")["events"]["called_discards"] == []


def stock_out_state(tie_break: dict | None = None) -> dict:
    """P2's last chance: P1 drew the last card. Everyone holds 7 low cards (35 points)."""
    low = [r + s for r in "3456789" for s in "SHDC"]
    hands = {seat: low[i * 7:(i + 1) * 7] for i, seat in enumerate(("P1", "P2", "P3", "P4"))}
    used = {c for h in hands.values() for c in h}
    rest = [c for c in play.shuffled(1) if c not in used]
    pile = [(rest[0], None, 0)] + [(c, ("P1", "P2", "P3", "P4")[i % 4], i + 1) for i, c in enumerate(rest[1:])]
    extra = {"tie_break": tie_break} if tie_break else {}
    return state_with(hands, pile=pile, turn="P2", phase="last", last_drawer="P1", turn_no=30, **extra)


def test_stock_out_the_dealer_is_the_seat_after_the_last_drawer_and_ties_wait():
    ended = accepts(stock_out_state(), "pass")
    table, reply = settlement(ended, OPTIONS)
    assert table["knock"] is None and table["tie_break"] == {"dealer": "P2"} and table["stock_count"] == 0
    assert reply is None                                              # 4 equal scores need the high cards
    ended = accepts(stock_out_state({"next_head": "AS", "high_cards": {"P1": "AS", "P2": "KH", "P3": "2S",
                                                                           "P4": "QD"}}), "pass")
    table, reply = settled(ended)
    assert reply["tiers"]["P1"] == "win"


def test_the_contracts_compound_example_a_dark_fool_knock():
    state = state_with({"P2": ["7D", "9D", "QH", "QD", "QC", "6C", "3S"]}, pile=[("KD", None, 0), ("8D", "P1", 8)],
                       melds={"P1": [["7C", "8C", "9C"]]}, turn="P2", fill=True, tie_break=TIE)
    action = "collect 8D meld 7D 8D 9D ; meld QH QD QC ; layoff 6C P1.0 ; knock 3S"
    table, reply = settled(accepts(state, action))
    assert table["players"][1]["melds"] == [{"cards": ["7D", "8D", "9D"], "in_knock": True},
                                            {"cards": ["QH", "QD", "QC"], "in_knock": True}]
    assert table["players"][1]["layoffs"] == [{"card": "6C", "onto": "P1.0", "in_knock": True}]
    assert table["fool"] == {"feeder": "P1", "receiver": "P2"} and table["knock"]["collected"] == ["8D"]
    assert reply["derived"]["knock_type"] == "dark" and reply["tiers"]["P2"] == "win"
