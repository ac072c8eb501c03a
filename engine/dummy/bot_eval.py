"""How a computer player weighs one action of Dummy Knock, in units of M (the medium stake).

Every figure is a rough expectation a club player carries in his head, not an exact value:
* keeping a card is worth its chances to meld (cards that complete it and are still unseen);
* a discard may feed the next seat (ขาล่าง) a birth (เกิด) or a fool (ตีโง่, §74–75), make a
  ปี้ he collects with one card (§33), be called (§32, A-D41) or make us liable (§27–§30);
* a collect is worth the birth, the head fee (§20), a speto fee (§41) and the cards it lays down,
  against the cards it brings into the hand;
* a knock is worth the knock fee and the tiers times k (§74–79), plus the face-down and speto
  items (§50, §71).
"""

from __future__ import annotations

from dataclasses import dataclass

from . import cards as C
from . import melds as M
from .bot_read import GUARDS, Reading, partners, pii

FOOL_COST = 6.0          # §74–75: 2Mk to the receiver, Mk to each other loser, plus the worst tier
CALLED_COST = 3.0        # §32: M to each other player
LIABLE_COST = 2.0        # §27–§30: a fee paid for the other two
BIRTH_GIFT = 1.0         # the next seat gets born (or lays cards down) from our discard
PII_GIFT = 0.8           # the next seat may collect the top two cards with one hand card
GUARD_RISK = 0.8         # §28/§29: a speto guard discarded while its speto is still hidden
COMPLETE_MELD = 6.0      # a card of a meld already in hand
OUT_WEIGHT = 1.0         # each unseen card that would complete a pair into a meld
PILE_OUT_WEIGHT = 0.7    # ... or one that lies in the pile (collectable on a later turn)
KEPT_PAIRS = 6.0         # a short hand (≤ 4 cards) is what is left of pairs and runs: pairs that much likelier
SHORT_HAND = 4


@dataclass(frozen=True)
class Part:
    """One part of an ACTION: ``kind`` (draw, discard, pass, meld, layoff, collect, knock) and cards."""

    kind: str
    cards: tuple[str, ...]
    onto: str | None = None


def parts(action: str) -> list[Part]:
    """The parts of a canonical ACTION string, in order."""
    found = []
    for text in action.split(" ; "):
        words = text.split()
        kind = words[0]
        if kind == "collect":
            found.append(Part("collect", (words[1],)))
            found.append(Part("meld", tuple(words[3:])))
        elif kind == "layoff":
            found.append(Part("layoff", (words[1],), words[2]))
        else:
            found.append(Part(kind, tuple(words[1:])))
    return found


def holding_cost(card: str) -> float:
    """What a card costs to hold if someone else knocks: its points (§53), a speto its fee (§49)."""
    return 3.0 if C.is_speto(card) else C.points(card) / 20


def keep_value(card: str, hand, read: Reading) -> float:
    """How much ``card`` helps ``hand`` (which holds it) towards melds."""
    held = set(hand) - {card}
    value = 0.0
    for a, b in partners(card):
        inside = (a in held) + (b in held)
        if inside == 2:
            value += COMPLETE_MELD
        elif inside == 1:
            other = b if a in held else a
            value += OUT_WEIGHT if other in read.unseen else PILE_OUT_WEIGHT if other in read.pile_set else 0.0
    if read.me.born and read.dummy_on_table(card):
        value += 2.0   # we can lay it off ourselves
    return value


def _chance_held(pair_unseen: int, hand_count: int, unseen: int) -> float:
    """Rough chance that a hand of ``hand_count`` unseen cards holds ``pair_unseen`` given cards."""
    if unseen <= 0 or hand_count <= 0:
        return 0.0
    chance = 1.0
    for i in range(pair_unseen):
        chance *= max(0, hand_count - i) / max(1, unseen - i)
    return chance


def _knock_chance(hand_count: int) -> float:
    """Rough chance that a seat with ``hand_count`` cards knocks once it collects."""
    return {1: 0.4, 2: 0.8, 3: 0.8, 4: 0.35, 5: 0.15}.get(hand_count, 0.05)


def feed_chance(card: str, read: Reading) -> float:
    """Rough chance that the next seat can collect ``card`` into a meld on his turn."""
    seat = read.seats[read.next_seat]
    top = read.pile[-1] if read.pile else None
    chance = 0.0
    for a, b in partners(card):
        unseen = [x for x in (a, b) if x in read.unseen]
        known = [x for x in (a, b) if x == top]
        if len(unseen) + len(known) == 2:
            chance += _chance_held(len(unseen), seat.hand_count, len(read.unseen))
    if seat.hand_count <= SHORT_HAND:
        chance *= KEPT_PAIRS
    return min(chance, 0.95)


def called(card: str, read: Reading) -> bool:
    """A-D41: is discarding ``card`` a called discard (a dummy, or เต็ม on a ปี้ pair)?"""
    if read.dummy_on_table(card):
        return True
    if len(read.pile) >= 2 and pii(read.pile[-2], read.pile[-1]):
        shape, _ = M.shape([read.pile[-2], read.pile[-1], card])
        return shape is not None
    return False


def liable_pii(card: str, read: Reading) -> bool:
    """§27/§30: would ``card`` be a ปี้ on the head, or a speto-and-guard ปี้ pair?"""
    if not read.pile or not pii(read.pile[-1], card):
        return False
    top = read.pile[-1]
    on_head = len(read.pile) == 1 and read.pile_by[0] is None and not read.head_taken
    speto_pair = any({speto, guard} == {top, card} for speto, guards in GUARDS.items() for guard in guards)
    return on_head or speto_pair


def discard_risk(card: str, read: Reading, careful: bool) -> tuple[float, str]:
    """What discarding ``card`` may cost, and the main reason (a key of ``bot_words.WHY``)."""
    risk, reason = 0.0, "useless"
    if called(card, read):
        risk, reason = risk + CALLED_COST, "called"
    top = read.pile[-1] if read.pile else None
    if top is not None and pii(top, card):
        risk += PII_GIFT
        reason = reason if reason != "useless" else "pii"
        if liable_pii(card, read):
            risk, reason = risk + LIABLE_COST, "liable"
    if not careful:
        return risk, reason
    for speto, guards in GUARDS.items():
        if card in guards and not read.speto_down(speto) and speto not in read.hand:
            risk += GUARD_RISK
    chance = feed_chance(card, read)
    seat = read.seats[read.next_seat]
    gift = BIRTH_GIFT * (1.0 if not seat.born else 0.5)
    fool = FOOL_COST * _knock_chance(seat.hand_count)
    risk += chance * (gift + fool)
    if chance * fool > 1.0 and reason == "useless":
        reason = "fool"
    return risk, reason


def discard_score(card: str, read: Reading, careful: bool) -> tuple[float, str]:
    """Lower is a better discard: what we lose by letting it go, plus what it may feed others;
    and the reason to give (a key of ``bot_words.WHY``)."""
    risk, reason = discard_risk(card, read, careful)
    keep = keep_value(card, read.hand, read)
    if reason == "useless":
        reason = ("speto" if C.is_speto(card) else "useless" if keep == 0 and risk < 0.3
                  else "least_risk" if keep == 0 else "weakest")
    return keep + risk - holding_cost(card), reason


def meld_is_liable(cards, read: Reading) -> bool:
    """A-D38: a meld is liable when not ตัน, the stock holds ≥ 4 cards and it has no speto."""
    if read.stock_count < 4 or any(C.is_speto(card) for card in cards):
        return False
    shape, _ = M.shape(cards)
    return shape is not None and not closed(shape, {}, read)


def closed(shape: M.Shape, laid: dict[str, bool], read: Reading) -> bool:
    """A-D36 ตัน: no card outside the table's melds and layoffs (and this meld) fits it."""
    taken = set(shape.cards) | set(laid) | read.table_cards
    return not any(M.fits(shape, card, laid, M.LAYOFF_REACH, False)
                   for card in C.DECK if card not in taken)


def layoff_is_liable(card: str, onto: str, read: Reading) -> bool:
    """A-D38: a layoff on a run that stays open after it."""
    meld = read.melds.get(onto)
    if meld is None or meld.shape.kind == M.SET:
        return False
    return not closed(meld.shape, {**meld.laid, card: False}, read)


def collect_value(action: list[Part], read: Reading) -> tuple[float, str]:
    """What a collect that does not knock is worth, and its main reason."""
    key = action[0].cards[0]
    meld = [card for part in action[1:] if part.kind == "meld" for card in part.cards]
    index = read.pile.index(key)
    taken = read.pile[index:]
    from_hand = [card for card in meld if card in read.hand]
    new_hand = [card for card in read.hand if card not in meld] + [card for card in taken if card not in meld]
    value, reason = 0.3 * len(from_hand) + C.total(meld) / 40, "collect_meld"
    if not read.me.born:
        value, reason = value + 2.5, "collect_birth"
    if index == 0 and read.pile_by[0] is None and not read.head_taken:
        value, reason = value + 3.0, "collect_head"
    if any(C.is_speto(card) for card in from_hand):
        value, reason = value + 3.0, "collect_speto"
    for card in taken:
        if card not in meld:
            value -= 0.9 + holding_cost(card) - min(1.2, keep_value(card, new_hand, read) / 3)
    if meld_is_liable(meld, read):
        value -= 0.6
    return value, reason


def knock_value(action: list[Part], read: Reading) -> float:
    """What a knock is worth to us (per loser), to choose between ways of knocking."""
    face_down = action[-1].cards[0]
    down = [card for part in action if part.kind in ("meld", "layoff") for card in part.cards]
    mine = [card for player in read.view["players"] if player["id"] == read.seat
            for meld in player.get("melds") or [] for card in meld["cards"]]
    mine += [layoff["card"] for player in read.view["players"] if player["id"] == read.seat
             for layoff in player.get("layoffs") or []]
    colour = len({C.suit(card) for card in mine + down}) == 1
    k = (1 if read.me.born else 2) * (4 if colour else 1)
    value = 2.0 * k
    if C.is_speto(face_down):
        value += 3.0
    if any(meld.takes(face_down) or M.fits(meld.shape, face_down, meld.laid, M.FACE_DOWN_REACH, False)
           for meld in read.melds.values()):
        value += 1.0
    value += 2.0 * sum(1 for card in down if C.is_speto(card) and card in read.hand)
    value -= 0.01 * C.points(face_down)   # a tie: keep the smaller card face down
    return value
