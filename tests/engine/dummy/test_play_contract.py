"""An independent audit of Dummy play at the door (``engine.api.call``), written from the text of
/work/shared/rules/dummy-play.md alone: deal layout, the play reply, the check order, every
reason code of the Legality table with an allowed and a refused case, canonical compound
strings, exact ``legal`` lists of small hand-enumerated states, the readings A-D31, A-D33,
A-D35, A-D39, the stock end, §81, the VIEW and the TABLE, and BAD_POSITION.

Standard library + pytest only (these tests also run inside Pyodide)."""

from __future__ import annotations

import copy
import json

import pytest

from engine.api import call

RANKS = "23456789TJQKA"
SUITS = "SHDC"
DECK = [r + s for r in RANKS for s in SUITS]  # canonical order: rank 2..A, then suit S H D C
SEATS = ("P1", "P2", "P3", "P4")
THAI = range(0x0E00, 0x0E80)


def canonical(cards):
    return sorted(cards, key=lambda c: (RANKS.index(c[0]), SUITS.index(c[1])))


# --------------------------------------------------------------------------- building STATEs
def build(players: dict, pile=(), turn="P1", phase="take", took=None, turn_no=9, stock_top=(), bury=None,
          **extra) -> dict:
    """A STATE in the contract's shape. ``players``: seat -> {"hand", "melds" (card lists),
    "layoffs" ((card, onto) pairs)}; seats not given get 7 dark cards. ``pile``: (card, by, turn)
    bottom first, the first is the head. Every card not placed is in the stock: ``stock_top``
    first, then the rest in deck order. With ``bury`` the stock keeps that many cards and the
    rest lie in the pile just above the head, discarded long ago (a table a hand can end in)."""
    entries = [{"card": c, "by": by, "turn": t} for c, by, t in pile]
    players = filler(players, avoid=[c for c, _, _ in pile] + list(stock_top))
    rows = []
    for seat in SEATS:
        spec = players.get(seat, {})
        rows.append({"id": seat, "hand": list(spec.get("hand", [])),
                     "melds": [{"cards": list(m), "turn": 2, "liable": False} for m in spec.get("melds", [])],
                     "layoffs": [{"card": c, "onto": o, "turn": 3, "liable": False}
                                 for c, o in spec.get("layoffs", [])]})
    used = [e["card"] for e in entries] + [c for r in rows for c in r["hand"]] + \
        [c for r in rows for m in r["melds"] for c in m["cards"]] + [l["card"] for r in rows for l in r["layoffs"]]
    assert len(used) == len(set(used)), "test bug: a card placed twice"
    stock = list(stock_top) + [c for c in DECK if c not in used and c not in stock_top]
    if bury is not None:
        stock, old = stock[:bury], stock[bury:]
        entries[1:1] = [{"card": c, "by": SEATS[i % 4], "turn": 1 + i % 4} for i, c in enumerate(old)]
    state = {"game": "dummy", "level": "sian", "dealer": "P4", "head": entries[0]["card"] if entries else "AS",
             "stock": stock, "pile": entries, "players": rows, "turn": turn, "phase": phase, "turn_no": turn_no,
             "took": took, "last_drawer": None,
             "events": {"two_spetos_shown_by": [], "called_discards": [], "liabilities": [], "head_collected_by": None},
             "knock": None, "fool": None, "result": None, "history": []}
    state.update(extra)
    return state


def dark(*cards):
    return {"hand": list(cards)}


def filler(state_players: dict, avoid=()) -> dict:
    """Give every seat not in ``state_players`` a dark hand of 7 cards not used elsewhere (a fixed
    list first, then the deck from the top down); ``avoid`` = cards that must stay out."""
    pool = [c for c in ["KC", "9D", "5C", "JH", "2D", "8C", "TH", "4D", "QC", "7H", "3D", "AC", "6D",
                        "TC", "AH", "7D", "KH", "3H", "JD", "6H", "9C"] + DECK[::-1]
            if c not in avoid and all(c not in p.get("hand", []) and all(c not in m for m in p.get("melds", []))
                                      and all(c != l[0] for l in p.get("layoffs", [])) for p in state_players.values())]
    pool = list(dict.fromkeys(pool))
    out = dict(state_players)
    for seat in SEATS:
        if seat not in out:
            out[seat], pool = {"hand": pool[:7]}, pool[7:]
    return out


# --------------------------------------------------------------------------- door helpers
def door(request: dict) -> dict:
    reply = call({"game": "dummy", **request})
    json.dumps(reply)
    return reply


def play(state: dict, moves, seat=None, **options) -> dict:
    request = {"op": "play", "position": state, "moves": list(moves)}
    if seat is not None:
        request["seat"] = seat
    if options:
        request["options"] = options
    reply = door(request)
    assert reply["ok"] is True, reply
    return reply


def after(state: dict, moves, **options) -> dict:
    return play(state, moves, **options)["position"]


def legal(state: dict, **options) -> list[str]:
    return play(state, [], **options)["legal"]


def has_thai(text: str) -> bool:
    return any(ord(ch) in THAI for ch in text)


def refused(state: dict, moves, reason: str, rules, index: int | None = None, seat=None, **options) -> dict:
    """The play must be refused at ``moves[index]`` (default: the last) with ``reason`` and a rule
    in ``rules``; Thai and English words; the given STATE untouched."""
    before = copy.deepcopy(state)
    request = {"op": "play", "position": state, "moves": list(moves)}
    if seat is not None:
        request["seat"] = seat
    if options:
        request["options"] = options
    reply = door(request)
    assert state == before, "the input STATE was mutated"
    assert reply["ok"] is False and set(reply) == {"ok", "error"}, reply
    error = reply["error"]
    assert error["code"] == "ILLEGAL_MOVE", error
    assert error["reason"] == reason, error
    rules = (rules,) if isinstance(rules, str) or rules is None else tuple(rules)
    assert error["rule"] in rules, error
    assert error["field"] == f"moves[{len(moves) - 1 if index is None else index}]", error
    assert error["message"], error
    assert has_thai(error["message_th"]), error
    return error


# --------------------------------------------------------------------------- Ops: deal
def test_deal_layout_dealer_first_one_card_at_a_time():
    deck = DECK[::-1]  # any fixed order
    for dealer in SEATS:
        state = door({"op": "deal", "deck": deck, "dealer": dealer, "level": "thep"})["state"]
        start = SEATS.index(dealer)
        for i in range(4):
            seat = SEATS[(start + i) % 4]
            hand = state["players"][SEATS.index(seat)]["hand"]
            assert sorted(hand) == sorted(deck[i:28:4]), (dealer, seat)
            assert hand == canonical(hand)
        assert [p["id"] for p in state["players"]] == list(SEATS)
        assert all(p["melds"] == [] and p["layoffs"] == [] for p in state["players"])
        assert state["head"] == deck[28]
        assert state["pile"] == [{"card": deck[28], "by": None, "turn": 0}]
        assert state["stock"] == deck[29:]
        assert state["turn"] == SEATS[(start + 1) % 4]  # the dealer's ขาล่าง acts first (A-D13)
        assert state["turn_no"] == 1 and state["phase"] == "take"
        assert state["dealer"] == dealer and state["level"] == "thep" and state["game"] == "dummy"
        assert state["took"] is None and state["last_drawer"] is None and state["knock"] is None
        assert state["fool"] is None and state["result"] is None


def test_a_seeded_deal_is_a_replay():
    one = door({"op": "deal", "seed": 11})["state"]
    assert one == door({"op": "deal", "seed": 11})["state"]
    moves = ["draw", "discard " + one["players"][1]["hand"][0]]
    assert play(one, moves)["position"] == play(copy.deepcopy(one), moves)["position"]


# --------------------------------------------------------------------------- Ops: play reply
def test_play_reply_keys_while_ongoing():
    state = door({"op": "deal", "deck": DECK, "dealer": "P1"})["state"]
    reply = play(state, ["draw"])
    assert set(reply) == {"ok", "position", "turn", "phase", "legal", "status", "last_move"}
    assert reply["turn"] == "P2" and reply["phase"] == "play" and reply["last_move"] == "draw"
    assert reply["status"] == {"result": "ongoing", "reason": None}
    assert reply["position"]["turn"] == "P2" and reply["position"]["turn_no"] == 1
    drawn = state["stock"][0]
    assert drawn in reply["position"]["players"][1]["hand"] and reply["position"]["stock"] == state["stock"][1:]
    assert reply["legal"] == sorted(reply["legal"]) and len(reply["legal"]) == len(set(reply["legal"]))
    # after the discard the turn passes: turn_no counts turns
    card = reply["position"]["players"][1]["hand"][0]
    nxt = play(reply["position"], [f"discard {card}"])
    assert nxt["turn"] == "P3" and nxt["phase"] == "take" and nxt["position"]["turn_no"] == 2
    assert nxt["position"]["pile"][-1] == {"card": card, "by": "P2", "turn": 1}
    assert nxt["last_move"] == f"discard {card}"


def test_play_without_moves_gives_the_legal_list_and_no_last_move():
    state = door({"op": "deal", "deck": DECK, "dealer": "P1"})["state"]
    reply = play(state, [])
    assert reply["last_move"] is None and "draw" in reply["legal"] and reply["position"] == state


# --------------------------------------------------------------------------- Ops: seat / turn / check order
def test_seat_must_be_the_seat_to_act():
    state = door({"op": "deal", "deck": DECK, "dealer": "P1"})["state"]
    refused(state, ["draw"], "not_your_turn", ("§48", "§39"), seat="P1")
    assert play(state, ["draw"], seat="P2")["phase"] == "play"


def test_a_knock_or_meld_after_ones_own_discard_is_not_your_turn():
    hand = ["3S", "4S", "5S", "9H", "9D", "KC", "2D"]
    s = build({"P1": {"hand": hand, "melds": [["6H", "7H", "8H"]]}}, pile=[("AD", None, 0)],
              stock_top=["JC"])
    refused(s, ["draw", "discard JC", "meld 3S 4S 5S"], "not_your_turn", ("§48", "§39"), seat="P1")
    refused(s, ["draw", "discard KC", "knock JC"], "not_your_turn", "§48", seat="P1")  # no knock after discarding


def test_parts_are_checked_in_order():
    s = light_p1(["3S", "4S", "5S", "9S"], stock_top=["JD"])
    pos = after(s, ["draw"])
    refused(pos, ["meld 3S 4S 5S ; knock 9S"], "knock_incomplete", "§45")
    refused(pos, ["meld 3S 4S 5S ; layoff AC P1.0 ; knock 9S"], "card_not_in_hand", ("§37", "§45"))
    refused(pos, ["meld 3S 4S 5S 6S ; layoff 9S P3.4 ; knock JD"], "card_not_in_hand", ("§37", "§45"))
    refused(pos, ["meld 3S 4S 5S ; layoff 9S P3.4 ; knock JD"], "unknown_meld", "A-D14")


def test_check_order_game_over_then_turn_then_grammar_then_phase():
    hand = ["3S", "4S", "5S", "9H", "9D", "KC", "2D"]
    s = build({"P1": {"hand": hand, "melds": [["6H", "7H", "8H"]]}}, pile=[("AD", None, 0)],
              stock_top=["JC"])
    # turn before grammar and phase
    refused(s, ["fly away"], "not_your_turn", ("§48", "§39"), seat="P2")
    # grammar before phase
    refused(s, ["fly away"], "bad_action", None)
    refused(s, ["meld 4S 3S 5S"], "not_canonical", None)
    # phase: a well-formed meld before taking
    refused(s, ["meld 3S 4S 5S"], "must_take_first", "§26")


def ended_by_knock():
    """P1 (light) draws JC and knocks: meld 3S 4S 5S ; knock JC."""
    s = build({"P1": {"hand": ["3S", "4S", "5S"], "melds": [["6H", "7H", "8H"], ["9D", "TD", "JD"]]}},
              pile=[("AD", None, 0), ("8C", "P4", 8)], stock_top=["JC"], bury=20)
    return s, play(s, ["draw", "meld 3S 4S 5S ; knock JC"])


def test_game_over_comes_first():
    _, reply = ended_by_knock()
    end = reply["position"]
    assert end["phase"] == "ended" and reply["legal"] == [] and reply["turn"] == end["turn"] == "P1"
    assert reply["status"] == {"result": "ended", "reason": "knock"} and end["turn_no"] == 9
    refused(end, ["fly away"], "game_over", "§84", seat="P3")
    refused(end, ["draw"], "game_over", "§84")


# --------------------------------------------------------------------------- Legality, one by one
def light_p1(hand, stock_top=("JC",), pile=(("AD", None, 0),), **kw):
    return build({"P1": {"hand": list(hand), "melds": [["6H", "7H", "8H"]]}, **kw.pop("others", {})},
                 pile=list(pile), stock_top=list(stock_top), **kw)


def test_must_take_first():
    s = light_p1(["3S", "4S", "5S", "9S"])
    for move in ["discard 9S", "meld 3S 4S 5S", "layoff 9S P1.0", "knock 9S"]:
        refused(s, [move], "must_take_first", "§26")
    assert play(s, ["draw", "discard 9S"])["turn"] == "P2"


def test_already_took_and_one_collect():
    s = light_p1(["3S", "4S", "9S", "KD"], pile=[("5S", None, 0)])
    refused(s, ["draw", "draw"], "already_took", "§22")
    refused(s, ["draw", "collect 5S meld 3S 4S 5S"], "one_collect", "§34")
    refused(s, ["collect 5S meld 3S 4S 5S", "collect 5S meld 3S 4S 5S"], "one_collect", "§34")
    refused(s, ["collect 5S meld 3S 4S 5S", "draw"], "already_took", "§22")
    assert play(s, ["collect 5S meld 3S 4S 5S"])["phase"] == "play"


def test_pass_only_at_stock_end():
    s = light_p1(["3S", "4S", "9S", "KD"])
    refused(s, ["pass"], "pass_only_at_stock_end", "§84")
    refused(s, ["draw", "pass"], "pass_only_at_stock_end", "§84")


def stock_end_state():
    """One card left in the stock; P1 (light) draws it; P2 (light) can collect-knock with 9S
    if P1 discards it."""
    players = {"P1": {"hand": ["3S", "4S", "9S", "KD"], "melds": [["6H", "7H", "8H"]]},
               "P2": {"hand": ["TS", "JS", "2H"], "melds": [["5D", "6D", "7D"], ["2C", "3C", "4C"]]}}
    return build(players, pile=[("2S", None, 0)], stock_top=["AD"], bury=1)


def test_stock_end_last_drawer_last_phase_and_pass():
    s = stock_end_state()
    assert s["stock"] == ["AD"]
    drew = play(s, ["draw"])
    assert drew["position"]["last_drawer"] == "P1" and drew["position"]["stock"] == []
    assert drew["phase"] == "play" and drew["turn"] == "P1"  # the last drawer plays on
    refused(drew["position"], ["draw"], "already_took", "§22")
    mid = play(drew["position"], ["discard KD"])
    pos = mid["position"]
    assert mid["turn"] == "P2" and mid["phase"] == "last" and pos["phase"] == "last"
    refused(pos, ["draw"], "stock_empty", "§21")
    assert mid["legal"] == ["pass"]
    end = play(pos, ["pass"])
    assert end["status"] == {"result": "ended", "reason": "stock_out"}
    assert end["phase"] == "ended" and end["turn"] == "P2" and end["legal"] == []
    assert end["position"]["turn_no"] == pos["turn_no"] and end["position"]["turn"] == "P2"
    assert end["table"]["knock"] is None and end["table"]["stock_count"] == 0
    assert end["table"]["tie_break"] == {"dealer": "P2"}  # the seat after last_drawer (§11)
    assert end["table"]["fool"] is None and end["table"]["discard_pile"][-1] == "KD"
    assert all(not m["in_knock"] for p in end["table"]["players"] for m in p["melds"] + p["layoffs"])
    assert [p["hand"] for p in end["table"]["players"]] == [canonical(p["hand"]) for p in pos["players"]]
    assert "settlement" in end
    if end["settlement"] is None:
        assert end["pending"] == "tie_break"
    refused(end["position"], ["pass"], "game_over", "§84")


def test_stock_end_collect_must_knock():
    pos = after(stock_end_state(), ["draw", "discard 9S"])
    assert pos["phase"] == "last" and pos["turn"] == "P2"
    refused(pos, ["collect 9S meld 9S TS JS"], "stock_out_collect_to_knock", "§36")
    assert legal(pos) == ["collect 9S meld 9S TS JS ; knock 2H", "pass"]
    reply = play(pos, ["collect 9S meld 9S TS JS ; knock 2H"])
    assert reply["status"] == {"result": "ended", "reason": "knock"}
    assert reply["table"]["fool"] == {"feeder": "P1", "receiver": "P2"}
    assert reply["table"]["tie_break"] == {"dealer": "P2"}  # the knocker (§10)


def test_stock_empty_draw_in_take_phase():
    end = after(stock_end_state(), ["draw"])
    # a crafted position: P1 to take with an empty stock
    crafted = copy.deepcopy(end)
    p1 = crafted["players"][0]
    crafted["pile"].append({"card": p1["hand"].pop(), "by": "P1", "turn": crafted["turn_no"]})
    crafted["phase"], crafted["took"], crafted["last_drawer"] = "take", None, None
    crafted["history"] = []
    refused(crafted, ["draw"], "stock_empty", "§21")


def collect_state(pile, hand=("3S", "4S", "9H", "9D", "9C", "KD", "2H"), seat_melds=None, by="P3"):
    players = {"P1": {"hand": list(hand), "melds": seat_melds or []}}
    entries = [(pile[0], None, 0)] + [(c, by, 5 + i) for i, c in enumerate(pile[1:])]
    return build(players, pile=entries)


def test_collect_part_reasons():
    s = collect_state(["5S", "8H"])
    refused(s, ["collect 9S meld 9S 9H 9D"], "not_in_pile", "§33")
    refused(s, ["collect 5S meld 9H 9D 9C"], "key_not_in_meld", "§33")
    refused(s, ["collect 5S meld 3S 4S 5S 6S"], "card_not_available", "§33")
    refused(s, ["collect 5S meld 4S 5S 8H"], "not_a_meld", "§33")  # a collect meld: §33
    refused(s, ["collect 8H meld 8H 9H 9D"], "not_a_meld", "§33")
    ok = play(s, ["collect 5S meld 3S 4S 5S"])
    pos = ok["position"]
    assert pos["took"]["kind"] == "collect" and pos["took"]["key"] == "5S"
    assert pos["took"]["taken"] == ["5S", "8H"] and pos["took"]["meld"] == "P1.0"
    assert pos["players"][0]["melds"][0]["cards"] == ["3S", "4S", "5S"]
    assert "8H" in pos["players"][0]["hand"] and pos["pile"] == []
    assert pos["events"]["head_collected_by"] == "P1"


def test_collect_hand_cards_zero_or_more_than_two():
    s = collect_state(["2C", "5S", "6S", "7S"], hand=("3S", "4S", "9H", "9D", "9C", "KD", "2H"))
    refused(s, ["collect 5S meld 5S 6S 7S"], "collect_hand_cards", "§33")
    refused(s, ["collect 5S meld 3S 4S 5S 6S 7S"], "pii_one_card", "§33")  # 6S is 5S's ปี้ (A-D31)
    s2 = collect_state(["KS", "9S"])
    refused(s2, ["collect 9S meld 9S 9H 9D 9C"], "collect_hand_cards", "§33")
    assert play(s2, ["collect 9S meld 9S 9H 9D"])["phase"] == "play"
    # K plus 2 hand cards plus taken cards is fine
    assert play(s, ["collect 5S meld 4S 5S 6S 7S"])["phase"] == "play"


def test_pii_rule_a_d31():
    # 5H discarded directly on 5S: a ปี้ (same rank)
    s = collect_state(["2C", "5S", "5H"], hand=("3S", "4S", "5D", "5C", "9C", "KD", "2H"))
    refused(s, ["collect 5S meld 5S 5H 5D 5C"], "pii_one_card", "§33")
    assert play(s, ["collect 5S meld 5S 5H 5D"])["phase"] == "play"
    assert play(s, ["collect 5S meld 5S 5H 5C"])["phase"] == "play"
    # K without its ปี้ is an ordinary collect: 2 hand cards
    assert play(s, ["collect 5S meld 3S 4S 5S"])["phase"] == "play"
    assert play(s, ["collect 5S meld 5S 5D 5C"])["phase"] == "play"
    # one rank above in the same suit is a ปี้ too
    s2 = collect_state(["2C", "5S", "6S"], hand=("3S", "4S", "7S", "5C", "9C", "KD", "2H"))
    refused(s2, ["collect 5S meld 3S 4S 5S 6S"], "pii_one_card", "§33")
    refused(s2, ["collect 5S meld 4S 5S 6S 7S"], "pii_one_card", "§33")
    assert play(s2, ["collect 5S meld 4S 5S 6S"])["phase"] == "play"
    # a card one rank away in another suit is not a ปี้
    s3 = collect_state(["2C", "5S", "6H"], hand=("3S", "4S", "7S", "5C", "9C", "KD", "2H"))
    assert play(s3, ["collect 5S meld 3S 4S 5S"])["phase"] == "play"


@pytest.mark.parametrize("hand, pile, move", [
    (("2S", "2H", "9C", "KD", "7H", "TC", "4D"), ["AC", "2D"], "collect 2D meld 2S 2H 2D"),
    (("QH", "QD", "9C", "KD", "7H", "TC", "4D"), ["AC", "QC"], "collect QC meld QH QD QC"),
    (("4C", "5C", "9H", "KD", "7H", "TH", "4D"), ["AH", "3C"], "collect 3C meld 3C 4C 5C"),
    (("4C", "5C", "9H", "KD", "7H", "TH", "4D"), ["AH", "3C", "6C"], "collect 3C meld 3C 4C 5C 6C"),
    (("TS", "JS", "9H", "KD", "7H", "TH", "4D"), ["AC", "9S"], "collect 9S meld 9S TS JS"),
    (("TS", "JS", "9H", "KD", "7H", "TH", "4D"), ["AC", "9S", "2D", "8S"], "collect 9S meld 8S 9S TS JS"),
])
def test_speto_blockers_are_refused(hand, pile, move):
    refused(collect_state(pile, hand=hand), [move], "speto_blocker", "§35")  # a collect: §35


def test_speto_blocker_not_a_blocker_and_exceptions():
    # 4-5-6♣ is not a blocker; neither is 2-3-4♣ (it holds the speto)
    s = collect_state(["AD", "6C"], hand=("4C", "5C", "9H", "KD", "7H", "TH", "4D"))
    assert play(s, ["collect 6C meld 4C 5C 6C"])["phase"] == "play"
    # (1) the speto is already on the table
    on_table = build({"P1": {"hand": ["2S", "2H", "9C", "KD", "7H", "TC", "4D"]},
                             "P3": {"hand": ["JD", "KH"], "melds": [["2C", "3C", "4C"]]}},
                     pile=[("AD", None, 0), ("2D", "P3", 5)])
    assert play(on_table, ["collect 2D meld 2S 2H 2D"])["phase"] == "play"
    # (3) inside a knock action the blocker is allowed
    knock = build({"P1": {"hand": ["2S", "2H", "9C", "TC", "JC"], "melds": [["6H", "7H", "8H"]]}},
                  pile=[("AD", None, 0), ("2D", "P3", 5)])
    refused(knock, ["collect 2D meld 2S 2H 2D"], "speto_blocker", ("§35", "§40"))
    knock2 = build({"P1": {"hand": ["2S", "2H", "9C", "TC", "JC", "KD"], "melds": [["6H", "7H", "8H"]]}},
                   pile=[("AD", None, 0), ("2D", "P3", 5)])
    reply = play(knock2, ["collect 2D meld 2S 2H 2D ; meld 9C TC JC ; knock KD"])
    assert reply["status"] == {"result": "ended", "reason": "knock"}
    # a light player's hand meld of a blocker (§40) is refused; laying off is never banned
    light = light_p1(["QH", "QD", "QC", "9S"], stock_top=["JC"])
    refused(light, ["draw", "meld QH QD QC"], "speto_blocker", "§40")  # a meld from the hand: §40


def test_section_35_exception_2_compound():
    # the contract's own example: P2 collects 2H into 2S 2H 2D and lays off 2C on the new meld P2.0
    players = {"P2": {"hand": ["2S", "2D", "2C", "9C", "KD", "7H", "TC"]}}
    s = build(players, pile=[("AD", None, 0), ("2H", "P4", 5)], turn="P2")
    refused(s, ["collect 2H meld 2S 2H 2D"], "speto_blocker", ("§35", "§40"))
    reply = play(s, ["collect 2H meld 2S 2H 2D ; layoff 2C P2.0"])
    p2 = reply["position"]["players"][1]
    assert reply["phase"] == "play" and p2["melds"][0]["cards"] == ["2S", "2H", "2D"]
    assert [l["card"] for l in p2["layoffs"]] == ["2C"] and p2["layoffs"][0]["onto"] == "P2.0"
    assert "collect 2H meld 2S 2H 2D ; layoff 2C P2.0" in legal(s)
    assert legal(s) == ["collect 2H meld 2H 2D 2C", "collect 2H meld 2S 2H 2C",
                        "collect 2H meld 2S 2H 2D ; layoff 2C P2.0", "draw"]
    assert "collect 2H meld 2S 2H 2D" not in legal(s)
    # anything else after a collect without a knock is bad_action
    refused(s, ["collect 2H meld 2S 2H 2D ; layoff 2C P2.0 ; meld 9C TC KD"], "bad_action", None)
    s_run = build({"P2": {"hand": ["2S", "2D", "2C", "3C", "4C", "9C", "KD"]}},
                  pile=[("AD", None, 0), ("2H", "P4", 5)], turn="P2")
    # a meld from the hand that contains the speto
    assert "collect 2H meld 2S 2H 2D ; meld 2C 3C 4C" in legal(s_run)
    assert play(s_run, ["collect 2H meld 2S 2H 2D ; meld 2C 3C 4C"])["phase"] == "play"


def test_a_compound_without_knock_is_bad_action():
    s = collect_state(["AD", "8H"], hand=("9H", "TH", "4S", "4D", "4C", "KS", "2D"), by="P4")
    refused(s, ["collect 8H meld 8H 9H TH ; meld 4S 4D 4C"], "bad_action", None)


def test_canonical_compound_order_and_not_canonical():
    s = build({"P1": {"hand": ["9H", "TH", "4S", "4D", "4C", "KS", "5C"], "melds": [["6C", "7C", "8C"]]}},
              pile=[("AD", None, 0), ("8H", "P3", 5)])
    good = "collect 8H meld 8H 9H TH ; meld 4S 4D 4C ; layoff 5C P1.0 ; knock KS"
    assert good in legal(s)
    refused(s, ["collect 8H meld 9H 8H TH ; meld 4S 4D 4C ; layoff 5C P1.0 ; knock KS"], "not_canonical", None)
    refused(s, ["collect 8H meld 8H 9H TH ; meld 4D 4S 4C ; layoff 5C P1.0 ; knock KS"], "not_canonical", None)
    refused(s, ["collect 8H meld 8H 9H TH ; layoff 5C P1.0 ; meld 4S 4D 4C ; knock KS"], "not_canonical", None)
    refused(s, ["meld 4S 4D 4C ; collect 8H meld 8H 9H TH ; layoff 5C P1.0 ; knock KS"], "not_canonical", None)
    reply = play(s, [good])
    assert reply["status"] == {"result": "ended", "reason": "knock"} and reply["last_move"] == good


def test_melds_sorted_as_strings_in_a_compound():
    s = light_p1(["9S", "TS", "JS", "3D", "4D", "5D"], stock_top=["KC"])
    # "meld 3D 4D 5D" < "meld 9S TS JS" as strings; 9S TS JS is a blocker, allowed inside a knock
    good = "meld 3D 4D 5D ; meld 9S TS JS ; knock KC"
    pos = after(s, ["draw"])
    assert good in legal(pos)
    refused(pos, ["meld 9S TS JS ; meld 3D 4D 5D ; knock KC"], "not_canonical", None)
    refused(pos, ["meld 9S TS JS"], "speto_blocker", ("§35", "§40"))


def test_layoffs_sorted_in_a_compound_and_table_layoff_order():
    # contract: `layoff 4H P2.0 ; layoff 5C P3.0 ; layoff 8H P2.0` is stored 4H, 8H, 5C
    players = {"P1": {"hand": ["4H", "5C", "8H"], "melds": [["9S", "9H", "9D"], ["JC", "QC", "KC"]]},
               "P2": {"hand": ["KD", "AH", "2S", "3S"], "melds": [["5H", "6H", "7H"]]},
               "P3": {"hand": ["KH", "JD", "2H", "3H"], "melds": [["6C", "7C", "8C"]]},
               "P4": {"hand": ["2D", "3D", "4D", "5D", "6D", "7D", "8D"]}}
    s = build(players, pile=[("AD", None, 0), ("TC", "P4", 8)], stock_top=["QD"], bury=20)
    pos = after(s, ["draw"])
    move = "layoff 4H P2.0 ; layoff 5C P3.0 ; layoff 8H P2.0 ; knock QD"
    assert move in legal(pos)
    refused(pos, ["layoff 4H P2.0 ; layoff 8H P2.0 ; layoff 5C P3.0 ; knock QD"], "not_canonical", None)
    reply = play(pos, [move])
    table = reply["table"]
    p1 = table["players"][0]
    assert p1["layoffs"] == [{"card": "4H", "onto": "P2.0", "in_knock": True},
                             {"card": "8H", "onto": "P2.0", "in_knock": True},
                             {"card": "5C", "onto": "P3.0", "in_knock": True}]
    assert p1["melds"] == [{"cards": ["9S", "9H", "9D"], "in_knock": False},
                           {"cards": ["JC", "QC", "KC"], "in_knock": False}]
    assert p1["hand"] == []
    assert table["knock"] == {"player": "P1", "face_down": "QD", "collected": []}
    assert table["fool"] is None
    assert table["tie_break"]["dealer"] == "P1"


def test_forced_fool_no_deeper_default_and_must_take():
    # P4 (P1's ขาบน) discarded 8H on top; P1 can collect-knock with it: a fool is available
    hand = ["9H", "TH", "4S", "4D", "4C", "KS"]
    base = {"P1": {"hand": hand, "melds": [["6C", "7C", "8C"]]}}
    s = build(base, pile=[("AD", None, 0), ("4H", "P3", 7), ("8H", "P4", 8)])
    fool = "collect 8H meld 8H 9H TH ; meld 4S 4D 4C ; knock KS"
    refused(s, ["collect 4H meld 4S 4H 4D"], "forced_fool", "§47")
    refused(s, ["collect 4H meld 4H 4D 4C"], "forced_fool", "§47")
    assert play(s, ["draw"])["phase"] == "play"  # a draw stays legal
    assert play(s, ["collect 8H meld 8H 9H TH"])["phase"] == "play"  # the top card itself, not deeper
    ls = legal(s)
    assert fool in ls and "draw" in ls and not any(m.startswith("collect 4H") for m in ls)
    must = legal(s, foolForced="mustTake")
    assert must and all(m.startswith("collect 8H ") and " ; knock " in m for m in must), must
    assert fool in must
    refused(s, ["draw"], "forced_fool", "§47", foolForced="mustTake")
    reply = play(s, [fool])
    assert reply["table"]["fool"] == {"feeder": "P4", "receiver": "P1"}
    assert reply["table"]["knock"] == {"player": "P1", "face_down": "KS", "collected": ["8H"]}
    assert [m["in_knock"] for m in reply["table"]["players"][0]["melds"]] == [False, True, True]
    # the same top card discarded by another seat is no fool: deeper collects are fine
    s3 = build(base, pile=[("AD", None, 0), ("4H", "P4", 7), ("8H", "P3", 8)], bury=20)
    assert play(s3, ["collect 4H meld 4S 4H 4D"])["phase"] == "play"
    deeper = "collect 4H meld 4S 4H 4D ; meld 8H 9H TH ; layoff 4C P1.1 ; knock KS"
    refused(s, [deeper], "forced_fool", "§47")
    table = play(s3, [deeper])["table"]
    assert table["fool"] is None  # K was not the top card
    assert table["knock"] == {"player": "P1", "face_down": "KS", "collected": ["4H", "8H"]}


def test_fool_when_collected_earlier_in_the_knocking_turn():
    hand = ["9H", "TH", "4S", "4D", "4C", "KS"]
    s = build({"P1": {"hand": hand, "melds": [["6C", "7C", "8C"]]}},
              pile=[("AD", None, 0), ("8H", "P4", 8)])
    reply = play(s, ["collect 8H meld 8H 9H TH", "meld 4S 4D 4C ; knock KS"])
    assert reply["table"]["fool"] == {"feeder": "P4", "receiver": "P1"}
    assert reply["table"]["knock"]["collected"] == ["8H"]
    assert [m["in_knock"] for m in reply["table"]["players"][0]["melds"]] == [False, True, True]


def test_keep_one_card_a_d39():
    s = light_p1(["5D", "6D", "7D"], stock_top=["KS"])
    pos = after(s, ["draw", "meld 5D 6D 7D"])
    refused(pos, ["discard KS"], "keep_one_card", "§45")
    assert legal(pos) == ["knock KS"]
    s2 = light_p1(["5H"], stock_top=["9H"])
    pos2 = after(s2, ["draw", "layoff 5H P1.0"])
    refused(pos2, ["layoff 9H P1.0"], "keep_one_card", "§45")
    s3 = light_p1(["4S", "5S"], stock_top=["3S"])
    refused(after(s3, ["draw"]), ["meld 3S 4S 5S"], "keep_one_card", "§45")


def test_card_not_in_hand():
    s = light_p1(["3S", "4S", "5S", "9S"], stock_top=["JD"])
    pos = after(s, ["draw"])
    refused(pos, ["discard AC"], "card_not_in_hand", ("§37", "§45"))
    refused(pos, ["meld 3S 4S 5S 6S"], "card_not_in_hand", "§37")
    refused(pos, ["meld 3S 4S 5S ; knock AC"], "card_not_in_hand", "§45")  # the knock card: §45
    refused(pos, ["meld 3S 4S 9S"], "not_a_meld", "§37")  # a meld from the hand: §37
    refused(pos, ["layoff 9H P1.0"], "card_not_in_hand", ("§37", "§45"))


def test_dark_cannot_meld_outside_a_knock():
    s = build({"P1": {"hand": ["3S", "4S", "5S", "9H", "KD", "2D", "7C"]},
                      "P2": {"hand": ["JD", "QD"], "melds": [["6H", "7H", "8H"]]}},
              pile=[("AD", None, 0)], stock_top=["JC"])
    pos = after(s, ["draw"])
    refused(pos, ["meld 3S 4S 5S"], "dark_cannot_meld", "§37")
    refused(pos, ["layoff 9H P2.0"], "dark_cannot_meld", "§37")
    assert not any(m.startswith(("meld", "layoff")) and " ; knock " not in m for m in legal(pos))


def test_unknown_meld_and_not_a_dummy_a_d14():
    s = build({"P1": {"hand": ["8D", "9D", "TD", "4D", "KS"], "melds": [["9S", "9H", "9C"]]},
                      "P2": {"hand": ["JH", "QH"], "melds": [["5D", "6D", "7D"]]}},
              pile=[("AD", None, 0)], stock_top=["2H"])
    pos = after(s, ["draw"])
    refused(pos, ["layoff 8D P3.0"], "unknown_meld", "A-D14")
    refused(pos, ["layoff 8D P2.7"], "unknown_meld", "A-D14")
    refused(pos, ["layoff 9D P2.0"], "not_a_dummy", "A-D14")  # position 2 not touching the end
    refused(pos, ["layoff KS P1.0"], "not_a_dummy", "A-D14")
    assert play(pos, ["layoff 4D P2.0"])["phase"] == "play"  # position 1 below the run
    assert play(pos, ["layoff 8D P2.0", "layoff 9D P2.0"])["phase"] == "play"
    refused(after(pos, ["layoff 8D P2.0", "layoff 9D P2.0"]), ["layoff TD P2.0"], "not_a_dummy", "A-D14")
    assert play(pos, ["layoff 9D P1.0"])["phase"] == "play"  # the 4th card of a set


def test_knock_incomplete_and_dark_knock_needs_meld():
    s = light_p1(["3S", "4S", "5S", "9S"], stock_top=["JD"])
    pos = after(s, ["draw"])
    refused(pos, ["knock JD"], "knock_incomplete", "§45")
    refused(pos, ["meld 3S 4S 5S ; knock JD"], "knock_incomplete", "§45")
    # dark at the start of the turn, drew, lays everything off: no meld
    players = {"P1": {"hand": ["3D", "4D", "8D", "9D", "3H", "4H", "8H"]},
               "P2": {"hand": ["JC", "QC"], "melds": [["5D", "6D", "7D"]]},
               "P3": {"hand": ["JH", "QH"], "melds": [["5H", "6H", "7H"]]}}
    s2 = build(players, pile=[("AD", None, 0)], stock_top=["9H"])
    pos2 = after(s2, ["draw"])
    move = ("layoff 3D P2.0 ; layoff 3H P3.0 ; layoff 4D P2.0 ; layoff 4H P3.0 ; layoff 8D P2.0 ; "
            "layoff 8H P3.0 ; layoff 9D P2.0 ; knock 9H")
    refused(pos2, [move], "dark_knock_needs_meld", "§46")
    assert not any(m.startswith("layoff") for m in legal(pos2))


# --------------------------------------------------------------------------- exact legal lists
def test_legal_exact_take_phase_only_draw():
    s = build({"P1": {"hand": ["2S", "5H", "8D", "JC", "KS", "4H", "TD"]}},
              pile=[("AD", None, 0)])
    assert legal(s) == ["draw"]


def test_legal_exact_play_phase_light_player():
    s = build({"P1": {"hand": ["8D", "9D", "TD"], "melds": [["5D", "6D", "7D"], ["2H", "2D", "2C"]]},
               "P2": dark("2S", "3S", "4H", "6S", "8S", "JH", "QS"),
               "P3": dark("3D", "3H", "5S", "7S", "9S", "JS", "QH"),
               "P4": dark("3C", "4C", "4S", "6C", "8C", "TC", "AC")},
              pile=[("AS", None, 0)], stock_top=["KS"], bury=20)
    reply = play(s, ["draw"])
    assert reply["legal"] == ["discard 8D", "discard 9D", "discard KS", "discard TD",
                              "layoff 8D P1.0", "meld 8D 9D TD", "meld 8D 9D TD ; knock KS"]
    for move in reply["legal"]:
        assert play(reply["position"], [move])["ok"]


def test_legal_exact_take_phase_fool_and_must_take():
    s = build({"P1": {"hand": ["8D", "9D", "KS"], "melds": [["5D", "6D", "7D"]]},
               "P2": dark("2S", "3S", "4H", "6S", "8S", "JH", "QS"),
               "P3": dark("2H", "3H", "5S", "7S", "9S", "JS", "QH"),
               "P4": dark("2C", "3C", "4S", "6C", "8C", "JC", "AC")},
              pile=[("AS", None, 0), ("TD", "P4", 8)])
    assert legal(s) == ["collect TD meld 8D 9D TD", "collect TD meld 8D 9D TD ; knock KS", "draw"]
    assert legal(s, foolForced="mustTake") == ["collect TD meld 8D 9D TD ; knock KS"]


def test_legal_exact_four_card_set_splits():
    # a set of 4 or a set of 3 with the 4th card face down; a layoff or the same card melded
    s = build({"P1": {"hand": ["9S", "9H", "9D"], "melds": [["5C", "6C", "7C"]]},
               "P2": dark("2S", "3S", "4H", "6S", "8S", "JH", "QS"),
               "P3": dark("2H", "3H", "5S", "7S", "KS", "JS", "QH"),
               "P4": dark("2C", "3C", "4S", "6D", "8D", "TC", "AC")},
              pile=[("AS", None, 0)], stock_top=["9C"])
    reply = play(s, ["draw"])
    expected = ["discard 9C", "discard 9D", "discard 9H", "discard 9S",
                "meld 9S 9H 9C", "meld 9S 9H 9C ; knock 9D",
                "meld 9S 9H 9D", "meld 9S 9H 9D ; knock 9C",
                "meld 9S 9H 9D 9C",  # a 4-set leaves no card: only as... refused (A-D39)? see below
                "meld 9S 9D 9C", "meld 9S 9D 9C ; knock 9H",
                "meld 9H 9D 9C", "meld 9H 9D 9C ; knock 9S"]
    # meld of all 4 would empty the hand without a knock (A-D39): not legal
    expected.remove("meld 9S 9H 9D 9C")
    assert reply["legal"] == sorted(expected)


# --------------------------------------------------------------------------- §81
def deck_with(hands: dict, dealer="P1") -> list[str]:
    """A 52-card deck (top first) that deals ``hands`` (seat -> 7 cards) with ``dealer``."""
    rest = [c for c in DECK if all(c not in h for h in hands.values())]
    order = [SEATS[(SEATS.index(dealer) + i) % 4] for i in range(4)]
    pools = {seat: list(hands.get(seat, [])) for seat in SEATS}
    for seat in SEATS:
        while len(pools[seat]) < 7:
            pools[seat].append(rest.pop(0))
    deck = []
    for i in range(7):
        for seat in order:
            deck.append(pools[seat][i])
    return deck + rest


def test_two_spetos_shown_when_the_first_turn_starts():
    deck = deck_with({"P3": ["QS", "2C", "3D", "7H", "9S", "JD", "KC"]})
    state = door({"op": "deal", "deck": deck, "dealer": "P1"})["state"]
    assert state["events"]["two_spetos_shown_by"] == []
    card = state["players"][1]["hand"][0]
    pos = after(state, ["draw", f"discard {card}"])
    assert pos["turn"] == "P3" and pos["events"]["two_spetos_shown_by"] == ["P3"]
    # the first player's first turn starts at the deal
    deck2 = deck_with({"P2": ["QS", "2C", "3D", "7H", "9S", "JD", "KC"]})
    state2 = door({"op": "deal", "deck": deck2, "dealer": "P1"})["state"]
    assert state2["events"]["two_spetos_shown_by"] == ["P2"]


# --------------------------------------------------------------------------- VIEW
def test_view_hides_other_hands_and_the_stock():
    state = door({"op": "deal", "seed": 5})["state"]
    assert "tie_break" in state
    seat = state["turn"]
    before = copy.deepcopy(state)
    view = door({"op": "view", "position": state, "seat": seat})["view"]
    assert state == before
    assert "stock" not in view and "tie_break" not in view and view["stock_count"] == len(state["stock"])
    for mine, seen in zip(state["players"], view["players"]):
        if mine["id"] == seat:
            assert seen == mine  # VIEW = STATE except the other hands
        else:
            assert seen == {**mine, "hand": None, "hand_count": len(mine["hand"])}
    for key in state:
        if key not in ("stock", "tie_break", "players"):
            assert view[key] == state[key], key


def test_view_at_the_end_shows_every_hand():
    _, reply = ended_by_knock()
    end = reply["position"]
    view = door({"op": "view", "position": end, "seat": "P3"})["view"]
    assert view["players"] == end["players"]
    assert "stock" not in view and view["stock_count"] == len(end["stock"])


# --------------------------------------------------------------------------- TABLE
def test_table_exact_keys_and_settlement_agrees_with_settle():
    s, reply = ended_by_knock()
    table = reply["table"]
    assert set(table) == {"level", "head", "players", "knock", "fool", "events", "tie_break", "discard_pile",
                          "stock_count"}
    for player in table["players"]:
        assert set(player) == {"id", "melds", "layoffs", "hand"}
        for meld in player["melds"]:
            assert set(meld) == {"cards", "in_knock"}
        for lay in player["layoffs"]:
            assert set(lay) == {"card", "onto", "in_knock"}
        assert player["hand"] == canonical(player["hand"])
    assert set(table["knock"]) == {"player", "face_down", "collected"}
    assert table["knock"] == {"player": "P1", "face_down": "JC", "collected": []}
    assert table["players"][0]["melds"] == [{"cards": ["6H", "7H", "8H"], "in_knock": False},
                                           {"cards": ["9D", "TD", "JD"], "in_knock": False},
                                           {"cards": ["3S", "4S", "5S"], "in_knock": True}]
    assert table["tie_break"] == {"dealer": "P1"}
    assert table["discard_pile"] == [e["card"] for e in s["pile"]] and table["discard_pile"][-1] == "8C"
    assert table["stock_count"] == len(s["stock"]) - 1 == 19
    assert table["events"] == {"two_spetos_shown_by": [], "called_discards": [], "liabilities": [],
                               "head_collected_by": None}  # as in the STATE
    assert table["level"] == "sian" and table["head"] == "AD"
    settle = door({"op": "settle", "table": table})
    if reply["settlement"] is None:
        assert reply["pending"] == "tie_break" and settle["ok"] is False
    else:
        assert "pending" not in reply
        assert {k: v for k, v in settle.items() if k != "ok"} == {k: v for k, v in reply["settlement"].items()
                                                                   if k != "ok"}
        assert sum(reply["settlement"]["net"].values()) == 0


def test_table_tie_break_copies_next_head_and_high_cards():
    s, _ = ended_by_knock()
    s["tie_break"] = {"next_head": "7S", "high_cards": {"P1": "AS", "P2": "9D", "P3": "KH", "P4": "2C"}}
    # 7S must not be a card of the hand for the table; tie-break cards are of the next deal
    reply = play(s, ["draw", "meld 3S 4S 5S ; knock JC"])
    assert reply["table"]["tie_break"] == {"dealer": "P1", "next_head": "7S",
                                           "high_cards": {"P1": "AS", "P2": "9D", "P3": "KH", "P4": "2C"}}
    assert reply["settlement"] is not None and "pending" not in reply


def test_table_leaves_out_keys_missing_from_state():
    s, _ = ended_by_knock()
    s["events"] = {}
    reply = play(s, ["draw", "meld 3S 4S 5S ; knock JC"])
    events = reply["table"]["events"]
    assert "head_collected_by" not in events and "two_spetos_shown_by" not in events
    assert "called_discards" not in events and None not in events.values()
    s["tie_break"] = {"next_head": "7S"}
    assert play(s, ["draw", "meld 3S 4S 5S ; knock JC"])["table"]["tie_break"] == {"dealer": "P1", "next_head": "7S"}


# --------------------------------------------------------------------------- BAD_POSITION
def bad_position(state):
    reply = door({"op": "play", "position": state, "moves": ["draw"]})
    assert reply["ok"] is False and reply["error"]["code"] == "BAD_POSITION", reply
    assert reply["error"]["message"] and has_thai(reply["error"]["message_th"])
    return reply["error"]


def test_bad_positions():
    good = door({"op": "deal", "deck": DECK, "dealer": "P1"})["state"]
    dup = copy.deepcopy(good)
    dup["players"][0]["hand"][0] = dup["players"][1]["hand"][0]
    bad_position(dup)
    unknown = copy.deepcopy(good)
    unknown["players"][0]["hand"][0] = "1X"
    bad_position(unknown)
    short = copy.deepcopy(good)
    short["stock"].pop()
    bad_position(short)
    extra_in_stock = copy.deepcopy(good)
    extra_in_stock["stock"].append(extra_in_stock["stock"][0])
    bad_position(extra_in_stock)
    three = copy.deepcopy(good)
    three["players"].pop()
    bad_position(three)
    wrong_type = copy.deepcopy(good)
    wrong_type["players"] = "P1 P2 P3 P4"
    bad_position(wrong_type)
    bad_meld = copy.deepcopy(good)
    hand = bad_meld["players"][0]["hand"]
    assert hand[:3] == ["2S", "3S", "4S"] and hand[3] == "5S"
    bad_meld["players"][0]["melds"] = [{"cards": ["2S", "3S", "5S"], "turn": 1, "liable": False}]
    del hand[:4]
    hand.insert(0, "4S")
    bad_position(bad_meld)
    bad_phase = copy.deepcopy(good)
    bad_phase["phase"] = "sleep"
    bad_position(bad_phase)


def test_a_refused_move_in_a_list_returns_an_error_and_changes_nothing():
    state = door({"op": "deal", "deck": DECK, "dealer": "P1"})["state"]
    before = copy.deepcopy(state)
    card = state["players"][1]["hand"][0]
    error = refused(state, ["draw", f"discard {card}", "discard 2S"], "not_your_turn", ("§48", "§39"),
                    index=2, seat="P2")
    assert state == before and error["field"] == "moves[2]"
    refused(state, ["draw", "discard ZZ"], "bad_action", None)


@pytest.mark.parametrize("moves", [["draw", 7], "draw"])
def test_a_malformed_action_list_is_refused(moves):
    state = door({"op": "deal", "deck": DECK, "dealer": "P1"})["state"]
    before = copy.deepcopy(state)
    reply = door({"op": "play", "position": state, "moves": moves})
    assert reply["ok"] is False and state == before
    assert reply["error"]["message"] and has_thai(reply["error"]["message_th"])


# --------------------------------------------------------------------------- bestmove
def test_bestmove_is_legal_deterministic_and_sees_only_the_view():
    state = door({"op": "deal", "seed": 9})["state"]
    seat = state["turn"]
    other = copy.deepcopy(state)
    # swap a hidden card between two other seats and reorder the stock: the seat's VIEW is unchanged
    a, b = [p for p in other["players"] if p["id"] != seat][:2]
    a["hand"][0], b["hand"][0] = b["hand"][0], a["hand"][0]
    a["hand"], b["hand"] = canonical(a["hand"]), canonical(b["hand"])
    other["stock"].reverse()
    view = door({"op": "view", "position": state, "seat": seat})["view"]
    for level in (1, 2, 3):
        move = door({"op": "bestmove", "position": state, "seat": seat, "level": level})["move"]
        assert move in legal(state)
        assert door({"op": "bestmove", "position": state, "seat": seat, "level": level})["move"] == move
        assert door({"op": "bestmove", "position": other, "seat": seat, "level": level})["move"] == move
        assert door({"op": "bestmove", "position": view, "seat": seat, "level": level})["move"] == move


# --------------------------------------------------------------------------- A-D34, dark and born
def test_layoffs_in_one_action_only_onto_melds_already_down_or_the_collect_meld():
    s = light_p1(["3S", "4S", "5S", "6S"], stock_top=["KD"])
    pos = after(s, ["draw"])
    assert not any("P1.1" in m for m in legal(pos))
    reply = door({"op": "play", "position": pos, "moves": ["meld 3S 4S 5S ; layoff 6S P1.1 ; knock KD"]})
    assert reply["ok"] is False and reply["error"]["code"] == "ILLEGAL_MOVE", reply
    assert [m for m in legal(pos) if "knock" in m] == ["meld 3S 4S 5S 6S ; knock KD"]


def test_a_dark_knock_with_a_meld_may_lay_off():
    players = {"P1": {"hand": ["3D", "4D", "8D", "2S", "3S", "4S", "8H"]},
               "P2": {"hand": ["JC", "QC", "KC", "AC"], "melds": [["5D", "6D", "7D"]]},
               "P3": {"hand": ["JH", "QH", "KH", "AH"], "melds": [["5H", "6H", "7H"]]}}
    s = build(players, pile=[("AD", None, 0)], stock_top=["9H"], bury=20)
    pos = after(s, ["draw"])
    move = "layoff 3D P2.0 ; layoff 4D P2.0 ; layoff 8D P2.0 ; layoff 8H P3.0 ; meld 2S 3S 4S ; knock 9H"
    refused(pos, [move], "not_canonical", None)
    move = "meld 2S 3S 4S ; layoff 3D P2.0 ; layoff 4D P2.0 ; layoff 8D P2.0 ; layoff 8H P3.0 ; knock 9H"
    assert move in legal(pos)
    table = play(pos, [move])["table"]
    p1 = table["players"][0]
    assert p1["melds"] == [{"cards": ["2S", "3S", "4S"], "in_knock": True}]
    assert [l["card"] for l in p1["layoffs"]] == ["4D", "3D", "8D", "8H"]
    assert all(l["in_knock"] for l in p1["layoffs"])


def test_a_dark_player_who_collects_is_born_and_may_meld():
    s = collect_state(["AD", "8H"], hand=("9H", "TH", "4S", "4D", "4C", "KS", "2D"), by="P3")
    pos = after(s, ["collect 8H meld 8H 9H TH"])
    assert "meld 4S 4D 4C" in legal(pos)
    assert play(pos, ["meld 4S 4D 4C"])["phase"] == "play"


# --------------------------------------------------------------------------- events
def test_called_discards_a_d41():
    s = build({"P1": {"hand": ["8D", "KS", "2H"], "melds": [["9S", "9H", "9C"], ["JC", "QC", "KC"]]},
               "P2": {"hand": ["AH", "AC", "3S", "4H"], "melds": [["5D", "6D", "7D"]]}},
              pile=[("AS", None, 0)], stock_top=["3C"], bury=20)
    pos = after(s, ["draw", "discard 8D"])  # 8D is a dummy of P2.0 (position 1)
    assert pos["events"]["called_discards"] == ["P1"]
    quiet = after(s, ["draw", "discard KS"])
    assert quiet["events"]["called_discards"] == []
    full = build({"P1": {"hand": ["5D", "KS", "2H"], "melds": [["9S", "9H", "9C"], ["JC", "QC", "KC"]]}},
                 pile=[("AD", None, 0), ("5S", "P3", 7), ("5H", "P4", 8)], stock_top=["3C"], bury=20)
    assert after(full, ["draw", "discard 5D"])["events"]["called_discards"] == ["P1"]  # เต็ม


def test_head_liability_section_27():
    s = build({"P1": {"hand": ["5D", "9C", "TC", "JC", "QC", "KC", "2D"]}},
              pile=[("5S", None, 0), ("5H", "P3", 7)])
    assert len(s["stock"]) <= 23
    move = "collect 5S meld 5S 5H 5D ; meld 9C TC JC QC KC ; knock 2D"
    assert move in legal(s)
    reply = play(s, [move])
    events = reply["table"]["events"]
    assert events["head_collected_by"] == "P1"
    assert events["liabilities"][0] == {"culprits": ["P3"], "covers": "head", "beneficiary": "P1"}
    assert all(set(l) == {"culprits", "covers", "beneficiary"} for l in events["liabilities"])
    assert reply["table"]["knock"] == {"player": "P1", "face_down": "2D", "collected": ["5S", "5H"]}
    assert reply["table"]["fool"] is None


# --------------------------------------------------------------------------- splits and windows
def test_a_six_card_run_as_one_meld_or_as_two():
    pos = after(light_p1(["3D", "4D", "5D", "6D", "7D", "8D"], stock_top=["KS"]), ["draw"])
    knocks = [m for m in legal(pos) if "knock" in m]
    assert knocks == ["meld 3D 4D 5D 6D 7D 8D ; knock KS", "meld 3D 4D 5D ; meld 6D 7D 8D ; knock KS"]  # "6" < ";"


def test_legal_exact_every_run_window_containing_k():
    s = build({"P1": {"hand": ["4H", "5H", "7H", "8H", "KS"], "melds": [["9C", "TC", "JC"]]}},
              pile=[("AS", None, 0), ("6H", "P3", 8)])
    assert legal(s) == [
        "collect 6H meld 4H 5H 6H",
        "collect 6H meld 4H 5H 6H ; layoff 7H P1.1 ; layoff 8H P1.1 ; knock KS",
        "collect 6H meld 5H 6H 7H",
        "collect 6H meld 5H 6H 7H ; layoff 4H P1.1 ; layoff 8H P1.1 ; knock KS",
        "collect 6H meld 6H 7H 8H",
        "collect 6H meld 6H 7H 8H ; layoff 4H P1.1 ; layoff 5H P1.1 ; knock KS",
        "draw"]


def test_section_35_exception_2_keeps_one_card_in_hand():
    s = build({"P2": {"hand": ["2S", "2D", "2C"], "melds": [["9S", "9H", "9D"], ["5C", "6C", "7C"]]}},
              pile=[("AD", None, 0), ("2H", "P4", 5)], turn="P2")
    move = "collect 2H meld 2S 2H 2D ; layoff 2C P2.2"
    assert move not in legal(s)
    reply = door({"op": "play", "position": s, "moves": [move]})
    assert reply["ok"] is False and reply["error"]["reason"] in ("keep_one_card", "bad_action"), reply


# --------------------------------------------------------------------------- A-D38 (§43/§44)
def liable_table(p3_layoff: bool) -> dict:
    players = {"P1": {"hand": ["8D", "3S", "4S", "5S"], "melds": [["JC", "QC", "KC"]]},
               "P2": {"hand": ["AH", "AC", "3H", "4H"], "melds": [["5D", "6D", "7D"]]},
               "P3": {"hand": ["2H", "TH", "JH", "QH"], "melds": [["9S", "9H", "9C"]],
                      "layoffs": [("4D", "P2.0")] if p3_layoff else []}}
    s = build(players, pile=[("AD", None, 0)], stock_top=["KS"], bury=20)
    s["players"][1]["melds"][0]["liable"] = True
    if p3_layoff:
        s["players"][2]["layoffs"][0]["liable"] = True
    return s


@pytest.mark.parametrize("p3_layoff, culprit", [(False, "P2"), (True, "P3")])
def test_knocker_layoff_on_a_liable_meld(p3_layoff, culprit):
    move = "meld 3S 4S 5S ; layoff 8D P2.0 ; knock KS"
    reply = play(liable_table(p3_layoff), ["draw", move])
    assert reply["table"]["events"]["liabilities"] == [{"culprits": [culprit], "covers": "all", "beneficiary": "P1"}]


def test_layoffs_are_never_banned_and_exception_1_for_a_hand_meld():
    s = build({"P1": {"hand": ["3C", "QH", "QD", "QC", "9S"], "melds": [["6H", "7H", "8H"]]},
               "P2": {"hand": ["AH", "AD", "3H", "4H"], "melds": [["4C", "5C", "6C"]]}},
              pile=[("AS", None, 0)], stock_top=["2D"])
    pos = after(s, ["draw"])
    assert play(pos, ["layoff 3C P2.0"])["phase"] == "play"  # 3-4-5-6♣ by a layoff: never banned
    refused(pos, ["meld QH QD QC"], "speto_blocker", ("§35", "§40"))
    spoken = build({"P1": {"hand": ["QH", "QD", "QC", "9S"], "melds": [["6H", "7H", "8H"]]},
                    "P2": {"hand": ["AH", "AD", "3H", "4H"], "melds": [["QS", "KS", "AS"]]}},
                   pile=[("AC", None, 0)], stock_top=["2D"])
    assert play(spoken, ["draw", "meld QH QD QC"])["phase"] == "play"  # exception (1): QS on the table


def test_head_liability_section_27_with_a_run_names_the_next_discarder_too():
    s = build({"P1": {"hand": ["4S", "9C", "TC", "JC", "QC", "KC", "2D"]}},
              pile=[("5S", None, 0), ("6S", "P3", 7), ("7S", "P4", 8)])
    move = "collect 5S meld 4S 5S 6S 7S ; meld 9C TC JC QC KC ; knock 2D"
    assert move in legal(s)
    reply = play(s, [move])
    assert reply["table"]["events"]["liabilities"][0] == {"culprits": ["P3", "P4"], "covers": "head",
                                                          "beneficiary": "P1"}
    assert reply["table"]["fool"] is None and reply["table"]["knock"]["collected"] == ["5S", "6S", "7S"]


def test_a_knock_with_speto_fee_all_and_knocker_speto_liabilities_settles():
    # §28 (2D guards 2C, discarded by P3 within the round) and §43 (P3's liable run gets the knocker's layoff)
    s = build({"P1": {"hand": ["2S", "2C", "3S", "4S", "5S", "8D", "KH"], "melds": [["JC", "QC", "KC"]]},
               "P3": {"hand": ["AH", "AC", "3H", "4H"], "melds": [["5D", "6D", "7D"]]}},
              pile=[("AD", None, 0), ("2D", "P3", 7)])
    s["players"][2]["melds"][0]["liable"] = True
    move = "collect 2D meld 2S 2D 2C ; meld 3S 4S 5S ; layoff 8D P3.0 ; knock KH"
    assert move in legal(s)
    reply = play(s, [move])
    assert reply["table"]["events"]["liabilities"] == [
        {"culprits": ["P3"], "covers": "speto_fee", "beneficiary": "P1"},
        {"culprits": ["P3"], "covers": "all", "beneficiary": "P1"},
        {"culprits": ["P3"], "covers": "knocker_speto", "beneficiary": "P1"}]
    assert reply["settlement"] is not None and sum(reply["settlement"]["net"].values()) == 0


def test_a_collect_that_would_empty_the_hand_needs_a_knock():
    s = build({"P1": {"hand": ["8D", "9D"], "melds": [["JC", "QC", "KC"], ["4H", "5H", "6H"]]}},
              pile=[("AS", None, 0), ("TD", "P3", 8)])
    refused(s, ["collect TD meld 8D 9D TD"], "keep_one_card", "§45")
    assert legal(s) == ["draw"]


def test_a_tie_without_tie_break_is_pending_a_d42():
    # stock out: P1 and P3 both end on -15 (P2 wins, P4 is dark): §65 needs the next head
    players = {"P1": {"hand": ["3S", "4S", "9S", "KD"], "melds": [["6H", "7H", "8H"]]},
               "P2": {"hand": ["TS", "JS", "2H"], "melds": [["5D", "6D", "7D"], ["2C", "3C", "4C"]]},
               "P3": {"hand": ["AH", "TC", "QH", "5S"], "melds": [["9H", "TH", "JH"]]},
               "P4": {"hand": ["2D", "3D", "4D", "8D", "9D", "5C", "6C"]}}
    s = build(players, pile=[("2S", None, 0)], stock_top=["AD"], bury=1)
    reply = play(s, ["draw", "discard KD", "pass"])
    assert reply["settlement"] is None and reply["pending"] == "tie_break"
    s["tie_break"] = {"next_head": "7D", "high_cards": {}}
    reply = play(s, ["draw", "discard KD", "pass"])
    assert "pending" not in reply and reply["settlement"]["points"]["P1"] == reply["settlement"]["points"]["P3"]
    assert reply["table"]["tie_break"] == {"dealer": "P2", "next_head": "7D", "high_cards": {}}


def test_runs_are_ace_high_without_wrap():
    s = light_p1(["2H", "3H", "QS", "KS", "AS"], stock_top=["AH"])
    pos = after(s, ["draw"])
    refused(pos, ["meld 2H 3H AH"], "not_a_meld", "§37")
    assert play(pos, ["meld QS KS AS"])["phase"] == "play"


def test_moves_after_the_end_in_the_same_list_are_game_over():
    s, _ = ended_by_knock()
    refused(s, ["draw", "meld 3S 4S 5S ; knock JC", "pass"], "game_over", "§84")
