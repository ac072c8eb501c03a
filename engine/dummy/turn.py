"""One action applied to a STATE (dummy-play.md "Turn" and "Legality"): every check in the
contract's order (game over, turn, grammar, phase, then the parts in order), each refusal with
its reason and rule, and the new STATE. The given STATE is never changed.
"""

from __future__ import annotations

import copy

from . import melds as M
from .actions import Action, canonical, parse
from .events import called, collect_liabilities, knock_liabilities, layoff_liable, meld_liable
from .legal import Seat, fool_index, placing
from .position import is_pii, next_seat, player_of, previous_seat, sort_hand, targets
from .refusals import refuse

FIRST_ROUND = 4  # turns 1-4: each seat's first turn (§81)


def _cards_th(cards) -> str:
    return " ".join(cards)


class _Turn:
    """The seat to act playing one action on ``state`` (a working copy)."""

    def __init__(self, state: dict, options: dict):
        self.state = state
        self.options = options
        self.seat = state["turn"]
        self.player = player_of(state, self.seat)
        self.dark_before = not self.player["melds"]
        self.targets_before = set(targets(state))
        self.knocking = False

    # ---------------------------------------------------------------- checks
    def _fool(self) -> int | None:
        return fool_index(Seat.of(self.state, self.options.get("layoffOnto") == "melderCards"))

    def _phase(self, action: Action) -> None:
        phase, kind = self.state["phase"], action.kind
        if kind == "draw":
            if phase == "play":
                raise refuse("already_took")
            if phase == "last" or not self.state["stock"]:
                raise refuse("stock_empty")
        elif kind == "pass":
            if phase != "last":
                raise refuse("pass_only_at_stock_end")
        elif action.collect is not None:
            if phase == "play":
                raise refuse("one_collect")
            if phase == "last" and action.knock is None:
                raise refuse("stock_out_collect_to_knock")
        elif phase != "play":
            raise refuse("must_take_first")

    def _in_hand(self, card: str) -> None:
        if card not in self.player["hand"]:
            raise refuse("card_not_in_hand", card, card, rule="§45" if self.knocking else "§37")

    # ---------------------------------------------------------------- parts
    def _collect(self, action: Action) -> None:
        key, cards = action.collect
        pile = self.state["pile"]
        index = next((i for i, e in enumerate(pile) if e["card"] == key), None)
        if index is None:
            raise refuse("not_in_pile", key, key)
        if key not in cards:
            raise refuse("key_not_in_meld", key, key)
        hand = set(self.player["hand"])
        above = [e["card"] for e in pile[index + 1:]]
        for card in cards:
            if card != key and card not in hand and card not in above:
                raise refuse("card_not_available", card, card)
        if M.shape(cards)[0] is None:
            raise refuse("not_a_meld", _cards_th(cards), _cards_th(cards), rule="§33")
        held = sum(c in hand for c in cards)
        if not 1 <= held <= 2:
            raise refuse("collect_hand_cards", f"{held} from the hand", f"ใช้ไพ่ในมือ {held} ใบ")
        if above and is_pii(key, above[0]) and above[0] in cards and held != 1:
            raise refuse("pii_one_card", f"{above[0]} is the ปี้ of {key}", f"{above[0]} เป็นไพ่ปี้ของ {key}")
        self._speto_ban(action, cards)
        fool = self._fool() if index < len(pile) - 1 or self.options.get("foolForced") == "mustTake" else None
        if fool is not None and (index < fool or (self.options.get("foolForced") == "mustTake" and not self.knocking)):
            raise refuse("forced_fool", f"{pile[fool]['card']} can be collected to knock",
                         f"เก็บ {pile[fool]['card']} ไปน็อกได้")
        taken = pile[index:]
        del pile[index:]
        self.player["hand"] = sort_hand(self.player["hand"] + [e["card"] for e in taken])
        meld_id = self._put_meld(cards)
        self.state["took"] = {"kind": "collect", "key": key, "taken": [e["card"] for e in taken], "meld": meld_id,
                              "fool": len(taken) == 1 and taken[0]["by"] == previous_seat(self.seat)}
        events = self.state["events"]
        if key == self.state["head"] and taken[0]["by"] is None and events.get("head_collected_by") is None:
            events["head_collected_by"] = self.seat
        events.setdefault("liabilities", []).extend(
            collect_liabilities(self.state, self.seat, taken, tuple(cards), hand))
        self.state["phase"] = "play"

    def _speto_ban(self, action: Action, cards) -> None:
        """§35/§40, A-D33: a blocker collect needs its speto down in the same action or a knock."""
        if self.knocking:
            return
        speto = Seat.of(self.state).blocked(cards)
        if action.parts == 2:
            part_cards = action.melds[0] if action.melds else (action.layoffs[0][0],)
            if speto is None or speto not in part_cards:
                raise refuse("bad_action", "after a collect, one more part only puts down the speto its blocker "
                             "meld needs (§35)", "หลังการเก็บ ลงเพิ่มได้อีกส่วนเดียวเฉพาะการลงสเปโตที่ชุดตัวกันต้องการ (ข้อ 35)")
        elif speto is not None:
            raise refuse("speto_blocker", f"{_cards_th(cards)} while {speto} is not down",
                         f"{_cards_th(cards)} ขณะที่ {speto} ยังไม่ลง", rule="§35")

    def _put_meld(self, cards) -> str:
        meld = {"cards": list(canonical(cards)), "turn": self.state["turn_no"], "liable": False}
        for card in cards:
            if card in self.player["hand"]:
                self.player["hand"].remove(card)
        self.player["melds"].append(meld)
        meld_id = f"{self.seat}.{len(self.player['melds']) - 1}"
        meld["liable"] = meld_liable(self.state, targets(self.state)[meld_id])
        return meld_id

    def _meld(self, cards, single: bool) -> None:
        for card in cards:
            self._in_hand(card)
        if M.shape(cards)[0] is None:
            raise refuse("not_a_meld", _cards_th(cards), _cards_th(cards))
        if single:
            speto = Seat.of(self.state).blocked(cards)
            if speto is not None:
                raise refuse("speto_blocker", f"{_cards_th(cards)} while {speto} is not down",
                             f"{_cards_th(cards)} ขณะที่ {speto} ยังไม่ลง")
            if len(self.player["hand"]) == len(cards):
                raise refuse("keep_one_card")
        self._put_meld(cards)

    def _layoffs(self, listed: list[tuple[str, str]], single: bool) -> None:
        allowed = set(self.targets_before)
        took = self.state.get("took") or {}
        if took.get("kind") == "collect" and took.get("meld"):
            allowed.add(took["meld"])
        groups: dict[str, list[str]] = {}
        for card, onto in listed:
            self._in_hand(card)
            if onto not in allowed:
                raise refuse("unknown_meld", onto, onto)
            groups.setdefault(onto, []).append(card)
        if single and len(self.player["hand"]) == 1:
            raise refuse("keep_one_card")
        owner_only = self.options.get("layoffOnto") == "melderCards"
        for onto, cards in groups.items():
            target = targets(self.state)[onto]
            order, stuck = placing(target, cards, target.owner == self.seat, owner_only)
            if stuck:
                raise refuse("not_a_dummy", f"{stuck[0]} onto {onto}", f"{stuck[0]} ลงชุด {onto}")
            for card in order:
                self.player["hand"].remove(card)
                layoff = {"card": card, "onto": onto, "turn": self.state["turn_no"], "liable": False}
                self.player["layoffs"].append(layoff)
                layoff["liable"] = layoff_liable(self.state, targets(self.state)[onto])

    def _knock(self, action: Action) -> None:
        face_down = action.knock
        self._in_hand(face_down)
        rest = [c for c in self.player["hand"] if c != face_down]
        if rest:
            raise refuse("knock_incomplete", f"{_cards_th(rest)} still held", f"ยังมี {_cards_th(rest)} อยู่ในมือ")
        took = self.state["took"]
        if took["kind"] == "draw" and self.dark_before and not action.melds:
            raise refuse("dark_knock_needs_meld")
        self.player["hand"] = []
        self.state["knock"] = {"player": self.seat, "face_down": face_down, "turn": self.state["turn_no"],
                               "collected": list(took["taken"]) if took["kind"] == "collect" else []}
        if took["kind"] == "collect" and took.get("fool"):
            self.state["fool"] = {"feeder": previous_seat(self.seat), "receiver": self.seat}
        self.state["events"].setdefault("liabilities", []).extend(knock_liabilities(self.state, self.seat))
        self._end("knock")

    # ---------------------------------------------------------------- whole actions
    def _end(self, reason: str) -> None:
        self.state["phase"] = "ended"
        self.state["result"] = {"result": "ended", "reason": reason}

    def _discard(self, card: str) -> None:
        self._in_hand(card)
        if len(self.player["hand"]) == 1:
            raise refuse("keep_one_card")
        if called(self.state, card):
            self.state["events"].setdefault("called_discards", []).append(self.seat)
        self.player["hand"].remove(card)
        self.state["pile"].append({"card": card, "by": self.seat, "turn": self.state["turn_no"]})
        start_turn(self.state, next_seat(self.seat), self.state["turn_no"] + 1)

    def _must_take_fool(self) -> None:
        """A-D35 with ``foolForced = mustTake``: only the fool's collect-knocks are legal."""
        if self.options.get("foolForced") == "mustTake" and self._fool() is not None:
            raise refuse("forced_fool", "collect the fed card to knock", "ต้องเก็บไพ่ที่ขาบนตีโง่ไปน็อก")

    def _draw(self) -> None:
        self._must_take_fool()
        card = self.state["stock"].pop(0)
        self.player["hand"] = sort_hand(self.player["hand"] + [card])
        self.state["took"] = {"kind": "draw"}
        if not self.state["stock"]:
            self.state["last_drawer"] = self.seat
        self.state["phase"] = "play"

    def play(self, action: Action) -> None:
        self._phase(action)
        kind = action.kind
        if kind == "draw":
            self._draw()
        elif kind == "pass":
            self._must_take_fool()
            self._end("stock_out")
        elif kind == "discard":
            self._discard(action.card)
        elif kind in ("meld", "layoff"):
            if self.dark_before:
                raise refuse("dark_cannot_meld")
            if kind == "meld":
                self._meld(action.melds[0], single=True)
            else:
                self._layoffs(action.layoffs, single=True)
        else:
            self.knocking = action.knock is not None
            if action.collect is not None:
                self._collect(action)
            for cards in action.melds:
                self._meld(cards, single=False)
            self._layoffs(action.layoffs, single=False)
            if self.knocking:
                self._knock(action)
            elif not self.player["hand"]:
                raise refuse("keep_one_card")


def start_turn(state: dict, seat: str, turn_no: int) -> None:
    """``seat``'s turn begins: take, or the last chance after the stock ran out (§36); in the
    first round a seat holding both spetos shows them (§81)."""
    state.update(turn=seat, turn_no=turn_no, took=None, phase="take" if state["stock"] else "last")
    hand = player_of(state, seat)["hand"]
    if turn_no <= FIRST_ROUND and "QS" in hand and "2C" in hand:
        state["events"].setdefault("two_spetos_shown_by", []).append(seat)


def apply(state: dict, text: object, seat: str | None = None, options: dict | None = None) -> dict:
    """The STATE after the seat to act plays ``text``; a Refusal (ILLEGAL_MOVE) leaves ``state`` as it was."""
    options = options or {}
    if state["phase"] == "ended":
        raise refuse("game_over")
    if seat is not None and seat != state["turn"]:
        knock = isinstance(text, str) and "knock" in text
        raise refuse("not_your_turn", f"{seat} asked, {state['turn']} is to act",
                     f"{seat} ขอเล่น แต่ตอนนี้ถึงตา {state['turn']}", rule="§48" if knock else "§39")
    action = parse(text)
    new = copy.deepcopy(state)
    turn_no = new["turn_no"]
    _Turn(new, options).play(action)
    new["history"].append({"turn": turn_no, "seat": state["turn"], "action": text})
    return new
