"""Every rule of dummy-play.md's Legality table: an allowed case and a refused one, with the
stable reason code and the rule number (crafted STATEs; the state is left unchanged)."""

from __future__ import annotations

import pytest
from dplay import accepts, refusal, state_with

from engine.dummy import play

DREW = {"kind": "draw"}
# P2's run 2H 3H 4H and P3's set KS KH KD lie on the table in most states below.
TABLE = {"P2": [["2H", "3H", "4H"]], "P3": [["KS", "KH", "KD"]]}


def light(hand, **kw) -> dict:
    """P1 born (his run 9C TC JC down), in the play phase after a draw."""
    melds = {**TABLE, "P1": [["9C", "TC", "JC"]], **kw.pop("melds", {})}
    return state_with({"P1": hand}, pile=[("4C", None, 0)], melds=melds, phase="play", took=DREW, **kw)


def dark(hand, **kw) -> dict:
    return state_with({"P1": hand}, pile=[("4C", None, 0)], melds={**TABLE, **kw.pop("melds", {})}, phase="play",
                      took=DREW, **kw)


def test_game_over_84():
    state = light(["5H", "6D"])
    ended = accepts(state, "layoff 5H P2.0 ; knock 6D")
    assert ended["phase"] == "ended" and ended["result"] == {"result": "ended", "reason": "knock"}
    assert refusal(ended, "draw") == ("game_over", "§84")
    assert play.legal(ended) == []


def test_not_your_turn_48_39():
    state = play.deal(seed=3, dealer="P1")
    assert state["turn"] == "P2"
    assert refusal(state, "draw", seat="P3") == ("not_your_turn", "§39")
    after = play.apply(state, "draw", seat="P2")
    discard = next(a for a in play.legal(after) if a.startswith("discard"))
    after = play.apply(after, discard, seat="P2")
    assert refusal(after, "knock 2S", seat="P2") == ("not_your_turn", "§48")


@pytest.mark.parametrize("action", ["shuffle", "discard", "discard 1X", "draw ; knock 3S", "meld 5D 5D 6D",
                                    "meld 5D 6D 7D ; meld 8S 8H 8D", "layoff 5H", "layoff 5H X2.0",
                                    "collect 7D 5D 6D", "knock 5D ; knock 6D", 17, ""])
def test_bad_action(action):
    assert refusal(light(["5D", "6D", "7D", "8S", "8H", "8D"]), action)[0] == "bad_action"


@pytest.mark.parametrize("action", ["meld 7D 6D 5D", "Draw", "discard 5d", "knock 3S ; meld 5D 6D 7D",
                                    "discard  5D", "meld 5D 6D 7D; knock 3S", "layoff 5H p2.0"])
def test_not_canonical(action):
    assert refusal(light(["5D", "6D", "7D", "3S", "5H"]), action)[0] == "not_canonical"


def test_must_take_first_26():
    state = state_with({"P1": ["5D", "6D", "7D", "9S"]}, pile=[("4C", None, 0)])
    assert refusal(state, "discard 9S") == ("must_take_first", "§26")
    assert refusal(state, "knock 9S")[0] == "must_take_first"
    accepts(state, "draw")


def test_already_took_22_and_one_collect_34():
    state = state_with({"P1": ["5D", "6D", "9S"]}, pile=[("4C", None, 0), ("7D", "P4", 8)])
    drawn = accepts(state, "draw")
    assert refusal(drawn, "draw") == ("already_took", "§22")
    assert refusal(drawn, "collect 7D meld 5D 6D 7D") == ("one_collect", "§34")
    accepts(state, "collect 7D meld 5D 6D 7D")


def last_chance(hand) -> dict:
    """P1's last chance (§36): P4 drew the last card (the rest of the deck is in his hand) and
    discarded 7D."""
    state = state_with({"P1": hand}, pile=[("4C", None, 0), ("7D", "P4", 30)], phase="last", last_drawer="P4")
    state["players"][3]["hand"] = sorted(state["stock"])
    state["stock"] = []
    return state


def test_stock_empty_21_and_pass_84():
    state = last_chance(["5D", "6D", "9S"])
    assert refusal(state, "draw") == ("stock_empty", "§21")
    assert play.legal(state) == ["collect 7D meld 5D 6D 7D ; knock 9S", "pass"]
    ended = accepts(state, "pass")
    assert ended["result"] == {"result": "ended", "reason": "stock_out"} and ended["turn"] == "P1"
    assert refusal(state_with({"P1": ["9S"]}, pile=[("4C", None, 0)]), "pass") == ("pass_only_at_stock_end", "§84")


def test_stock_out_collect_to_knock_36():
    state = last_chance(["5D", "6D", "9S", "9H"])
    assert refusal(state, "collect 7D meld 5D 6D 7D") == ("stock_out_collect_to_knock", "§36")
    assert refusal(state, "discard 9S")[0] == "must_take_first"
    accepts(last_chance(["5D", "6D", "9S"]), "collect 7D meld 5D 6D 7D ; knock 9S")


PII = [("4C", None, 0), ("7D", "P2", 6), ("8D", "P3", 7), ("KC", "P4", 8)]
PII_ENTRIES = [{"card": c, "by": b, "turn": t} for c, b, t in PII]


@pytest.mark.parametrize("action, reason", [
    ("collect 2S meld 2S 2H 2D", "not_in_pile"),
    ("collect 7D meld 4D 5D 6D", "key_not_in_meld"),
    ("collect 7D meld 7D 8D 9D TD", "card_not_available"),
    ("collect 7D meld 5D 7D 9D", "not_a_meld"),
    ("collect 7D meld 4D 5D 6D 7D", "collect_hand_cards"),
    ("collect 7D meld 5D 6D 7D 8D", "pii_one_card"),
])
def test_collect_refusals_33(action, reason):
    state = state_with({"P1": ["4D", "5D", "6D", "9D", "3S", "9C", "QH"]}, pile=PII)
    assert refusal(state, action) == (reason, "§33")


@pytest.mark.parametrize("action", ["collect 7D meld 6D 7D 8D", "collect 7D meld 5D 6D 7D", "collect 7D meld 7D 8D 9D",
                                    ])
def test_collects_allowed_a_d31(action):
    state = state_with({"P1": ["4D", "5D", "6D", "9D", "3S", "9C", "QH"]}, pile=PII)
    after = accepts(state, action)
    key = action.split()[1]
    took = after["took"]
    assert took["kind"] == "collect" and took["key"] == key and took["meld"] == "P1.0" and not took["fool"]
    assert after["pile"] == PII_ENTRIES[: [c for c, _, _ in PII].index(key)]
    assert after["players"][0]["melds"][0]["cards"] == action.split(" meld ")[1].split()


def test_a_complete_run_in_the_pile_still_needs_a_hand_card():
    state = state_with({"P1": ["4S", "5S", "3S", "9C", "QH", "JH", "2H"]},
                       pile=[("4C", None, 0), ("7D", "P2", 6), ("8D", "P3", 7), ("9D", "P4", 8)])
    assert refusal(state, "collect 7D meld 7D 8D 9D") == ("collect_hand_cards", "§33")


BLOCKER = [("4C", None, 0), ("2D", "P4", 8)]


def test_speto_blocker_35_collect_and_its_exceptions():
    state = state_with({"P1": ["2S", "2H", "5D", "9C", "3S", "JH", "7S"]}, pile=BLOCKER)
    assert refusal(state, "collect 2D meld 2S 2H 2D") == ("speto_blocker", "§35")
    # exception 1: the speto is on the table already
    on_table = state_with({"P1": ["2S", "2H", "5D", "9C", "3S", "JH", "7S"]}, pile=[("5C", None, 0), ("2D", "P4", 8)],
                          melds={"P3": [["2C", "3C", "4C"]]})
    accepts(on_table, "collect 2D meld 2S 2H 2D")
    # exception 2: the same action puts the speto down (dummy-play.md's example)
    same = state_with({"P1": ["2S", "2H", "2C", "3C", "4C", "9C", "3S"]}, pile=[("5C", None, 0), ("2D", "P4", 8)])
    after = accepts(same, "collect 2D meld 2S 2H 2D ; layoff 2C P1.0")
    assert after["players"][0]["layoffs"][0]["card"] == "2C"
    accepts(same, "collect 2D meld 2S 2H 2D ; meld 2C 3C 4C")
    assert refusal(same, "collect 2D meld 2S 2H 2D ; layoff 3C P1.0")[0] == "bad_action"   # not the speto
    # exception 3: inside a knock
    knock = state_with({"P1": ["2S", "2H", "9S", "TS", "JS", "AH"]}, pile=BLOCKER)
    accepts(knock, "collect 2D meld 2S 2H 2D ; meld 9S TS JS ; knock AH")


def test_speto_blocker_40_meld():
    state = light(["QH", "QD", "QC", "5S"])
    assert refusal(state, "meld QH QD QC") == ("speto_blocker", "§40")
    shown = light(["QH", "QD", "QC", "5S"], melds={"P4": [["TS", "JS", "QS"]]})
    accepts(shown, "meld QH QD QC")


FOOL = [("4C", None, 0), ("KH", "P2", 6), ("3H", "P3", 7), ("7D", "P4", 8)]


def fool_state(**kw) -> dict:
    return state_with({"P1": ["5D", "6D", "9S", "KS", "KD", "KC"]}, pile=FOOL, melds={"P1": [["TC", "JC", "QC"]]}, **kw)


def test_forced_fool_47_a_d35():
    state = fool_state()
    assert refusal(state, "collect KH meld KH KD KC") == ("forced_fool", "§47")
    accepts(state, "draw")
    after = accepts(state, "collect 7D meld 5D 6D 7D ; meld KS KD KC ; knock 9S")
    assert after["fool"] == {"feeder": "P4", "receiver": "P1"}
    assert after["knock"] == {"player": "P1", "face_down": "9S", "turn": 9, "collected": ["7D"]}
    # without a knock on offer the deeper collect is fine
    plain = state_with({"P1": ["5D", "9S", "KS", "KD", "KC", "2S"]}, pile=FOOL, melds={"P1": [["TC", "JC", "QC"]]})
    accepts(plain, "collect KH meld KH KD KC")


def test_forced_fool_must_take_option():
    state = fool_state()
    assert refusal(state, "draw", foolForced="mustTake") == ("forced_fool", "§47")
    assert refusal(state, "collect 7D meld 5D 6D 7D", foolForced="mustTake") == ("forced_fool", "§47")
    assert all(a.startswith("collect 7D") and "knock" in a for a in play.legal(state, {"foolForced": "mustTake"}))
    accepts(state, "collect 7D meld 5D 6D 7D ; meld KS KD KC ; knock 9S", foolForced="mustTake")
    last = last_chance(["5D", "6D", "9S"])                         # P4, the ขาบน, fed 7D with his last discard
    assert refusal(last, "pass", foolForced="mustTake") == ("forced_fool", "§47")
    assert play.legal(last, {"foolForced": "mustTake"}) == ["collect 7D meld 5D 6D 7D ; knock 9S"]


def test_keep_one_card_45_a_d39():
    state = light(["5D", "6D", "7D"])
    assert refusal(state, "meld 5D 6D 7D") == ("keep_one_card", "§45")
    accepts(light(["5D", "6D", "7D", "8S"]), "meld 5D 6D 7D")
    assert refusal(light(["5H"]), "discard 5H") == ("keep_one_card", "§45")
    assert refusal(light(["5H"]), "layoff 5H P2.0") == ("keep_one_card", "§45")
    accepts(light(["5H"]), "knock 5H")
    two = state_with({"P1": ["5D", "6D"]}, pile=[("4C", None, 0), ("7D", "P4", 8)], melds={"P1": [["9C", "TC", "JC"]]})
    assert refusal(two, "collect 7D meld 5D 6D 7D") == ("keep_one_card", "§45")


def test_card_not_in_hand_37_45():
    state = light(["5D", "6D", "7D", "8S"])
    assert refusal(state, "discard 9H") == ("card_not_in_hand", "§37")
    assert refusal(state, "meld 9H TH JH") == ("card_not_in_hand", "§37")
    assert refusal(state, "meld 5D 6D 7D ; knock 9H") == ("card_not_in_hand", "§45")
    accepts(state, "meld 5D 6D 7D ; knock 8S")


def test_dark_cannot_meld_37():
    state = dark(["5D", "6D", "7D", "5H", "8S", "9S", "2S", "AH"])
    assert refusal(state, "meld 5D 6D 7D") == ("dark_cannot_meld", "§37")
    assert refusal(state, "layoff 5H P2.0") == ("dark_cannot_meld", "§37")
    accepts(light(["5D", "6D", "7D", "5H"]), "layoff 5H P2.0")


def test_unknown_meld_and_not_a_dummy_a_d14():
    state = light(["5H", "6H", "9H", "5D", "6D", "7D", "8D", "8S"])
    assert refusal(state, "layoff 5H P3.4") == ("unknown_meld", "A-D14")
    assert refusal(state, "layoff 9H P2.0") == ("not_a_dummy", "A-D14")
    assert refusal(state, "layoff 6H P2.0") == ("not_a_dummy", "A-D14")   # position 2 before position 1
    after = accepts(state, "layoff 5H P2.0")
    accepts(after, "layoff 6H P2.0")
    # a meld made in the same action takes no layoff (A-D34)
    knock = light(["5D", "6D", "7D", "8D", "8S"])
    assert refusal(knock, "meld 5D 6D 7D ; layoff 8D P1.1 ; knock 8S") == ("unknown_meld", "A-D14")
    accepts(knock, "meld 5D 6D 7D 8D ; knock 8S")


def test_knock_incomplete_45():
    state = light(["5D", "6D", "7D", "8S", "AH"])
    assert refusal(state, "meld 5D 6D 7D ; knock 8S") == ("knock_incomplete", "§45")
    assert refusal(state, "knock AH") == ("knock_incomplete", "§45")


LAYOFF_ONLY = ["2H", "6H", "7H", "3C", "4C", "8C", "9C", "AS"]
LAYOFF_KNOCK = ("layoff 2H P2.0 ; layoff 3C P4.0 ; layoff 4C P4.0 ; layoff 6H P2.0 ; layoff 7H P2.0 ; "
                "layoff 8C P4.0 ; layoff 9C P4.0 ; knock AS")


def test_dark_knock_needs_meld_46():
    runs = {"P2": [["3H", "4H", "5H"]], "P4": [["5C", "6C", "7C"]]}
    state = state_with({"P1": LAYOFF_ONLY}, pile=[("KD", None, 0)], melds=runs, phase="play", took=DREW)
    assert refusal(state, LAYOFF_KNOCK) == ("dark_knock_needs_meld", "§46")
    born = state_with({"P1": LAYOFF_ONLY}, pile=[("KD", None, 0)], melds={**runs, "P1": [["TS", "JS", "QS"]]},
                      phase="play", took=DREW)
    after = accepts(born, LAYOFF_KNOCK)
    assert [l["card"] for l in after["players"][0]["layoffs"]] == ["2H", "6H", "7H", "4C", "3C", "8C", "9C"]


def test_a_dark_player_may_lay_off_inside_his_knock_a_d34():
    state = dark(["5D", "6D", "7D", "5H", "6H", "8S", "9S", "TS"])
    after = accepts(state, "meld 5D 6D 7D ; meld 8S 9S TS ; layoff 5H P2.0 ; knock 6H")
    assert after["knock"]["player"] == "P1"


def test_the_first_player_is_the_dealers_lower_seat_a_d13_and_the_deal_14():
    deck = list(play.shuffled(11))
    state = play.deal(deck, dealer="P3")
    assert state["turn"] == "P4" and state["turn_no"] == 1 and state["phase"] == "take"
    assert state["players"][2]["hand"] == sorted(deck[0:28:4], key=lambda c: ("23456789TJQKA".index(c[0]), "SHDC".index(c[1])))
    assert state["head"] == deck[28] and state["stock"] == deck[29:]
    assert state["pile"] == [{"card": deck[28], "by": None, "turn": 0}]


def test_two_spetos_shown_when_the_first_turn_starts_81():
    deck = [c for c in play.shuffled(5) if c not in ("QS", "2C")]
    deck[1:1] = ["QS"]
    deck[5:5] = ["2C"]          # P2 (dealer P1) gets deck[1] and deck[5]
    state = play.deal(deck, dealer="P1")
    assert state["events"]["two_spetos_shown_by"] == ["P2"]
    deck2 = [c for c in play.shuffled(5) if c not in ("QS", "2C")]
    deck2[2:2] = ["QS"]
    deck2[6:6] = ["2C"]         # P3 shows them when his first turn starts
    state = play.deal(deck2, dealer="P1")
    assert state["events"]["two_spetos_shown_by"] == []
    state = play.apply(state, "draw")
    state = play.apply(state, next(a for a in play.legal(state) if a.startswith("discard")))
    assert state["turn"] == "P3" and state["events"]["two_spetos_shown_by"] == ["P3"]


CONTRACT_REASONS = {
    "game_over": "§84", "not_your_turn": "§39", "bad_action": None, "not_canonical": None, "must_take_first": "§26",
    "already_took": "§22", "one_collect": "§34", "stock_empty": "§21", "pass_only_at_stock_end": "§84",
    "stock_out_collect_to_knock": "§36", "not_in_pile": "§33", "key_not_in_meld": "§33", "card_not_available": "§33",
    "not_a_meld": "§37", "collect_hand_cards": "§33", "pii_one_card": "§33", "speto_blocker": "§40",
    "forced_fool": "§47", "keep_one_card": "§45", "card_not_in_hand": "§37", "dark_cannot_meld": "§37",
    "unknown_meld": "A-D14", "not_a_dummy": "A-D14", "knock_incomplete": "§45", "dark_knock_needs_meld": "§46",
}


def test_the_reason_codes_are_the_contracts_each_in_thai_and_english():
    from engine.dummy.refusals import REASONS

    assert {reason: rule for reason, (rule, _, _) in REASONS.items()} == CONTRACT_REASONS
    for rule, english, thai in REASONS.values():
        assert english.split()[0].isascii() and any("\u0e00" <= ch <= "\u0e7f" for ch in thai)
