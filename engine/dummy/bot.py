"""The computer players of Dummy Knock (the ``bestmove`` op): three levels that see only their
seat's VIEW and always answer one of ``legal(view)``.

* Level 1 plays simply: a knock when one is there, else collects the top card when it can, melds
  and lays off whatever it can, and discards its highest card that pairs with nothing.
* Level 2 also keeps the cards that can meld, collects when it pays, and avoids called discards
  and ปี้ on the top card.
* Level 3 also weighs what a discard may feed the next seat (a birth, a fool), the §27–§30
  liabilities, and holds melds and layoffs that would make it liable (§43–§44, A-D38).

Every level is deterministic (ties go to the first action in ``legal`` order) and bounded: it
scores each legal action once.
"""

from __future__ import annotations

from .. import errors
from ..errors import EngineError
from . import cards as C
from . import play
from .bot_eval import collect_value, discard_score, knock_value, layoff_is_liable, meld_is_liable, parts
from .bot_read import Reading, partners
from .bot_words import action_words, why_words

LEVELS = (1, 2, 3)
COLLECT_THRESHOLD = {2: 0.5, 3: 0.8}   # a collect must beat a draw by this much (units of M)


def best_action(view: dict, seat: str, level: int, choices: list[str] | None = None) -> dict:
    """``{"move", "words": {"th", "en"}, "level", "why": {"th", "en"}}`` for ``seat`` to act in ``view``
    (a STATE is first turned into ``seat``'s VIEW). ``choices``: ``legal(view)`` when the caller has
    it already (the door checks the answer against it), so that it is not worked out twice."""
    if level not in LEVELS:
        raise EngineError(errors.BAD_OPTION_VALUE, f"level must be 1, 2 or 3, got {errors.quote(level)}",
                          f"ระดับต้องเป็น 1 2 หรือ 3 แต่ได้ {errors.quote(level)}", "level")
    view = _seat_view(view, seat)
    choices = play.legal(view) if choices is None else choices
    if not choices:
        raise EngineError(errors.GAME_OVER, "the hand is over; there is no action to choose",
                          "เกมจบแล้ว ไม่มีการเล่นให้เลือก")
    read = Reading(view, seat)
    move, why, card = _choose(read, choices, level)
    return {"move": move, "words": action_words(move), "level": level, "why": why_words(why, card)}


def _seat_view(position: dict, seat: str) -> dict:
    if not isinstance(position, dict) or not isinstance(position.get("players"), list):
        raise EngineError(errors.BAD_POSITION, "the position must be a Dummy STATE or VIEW",
                          "ตำแหน่งต้องเป็น STATE หรือ VIEW ของดัมมี่", "position")
    if isinstance(position.get("stock"), list):
        position = play.view(position, seat)
    if position.get("turn") != seat:
        raise EngineError(errors.BAD_REQUEST, f"it is {errors.quote(position.get('turn'))}'s turn, not {errors.quote(seat)}'s",
                          f"ตานี้เป็นของ {errors.quote(position.get('turn'))} ไม่ใช่ {errors.quote(seat)}", "seat")
    mine = [player for player in position["players"] if player.get("id") == seat]
    if not mine or not isinstance(mine[0].get("hand"), list):
        raise EngineError(errors.BAD_POSITION, f"the view does not show {errors.quote(seat)}'s hand",
                          f"ตำแหน่งนี้ไม่แสดงไพ่ในมือของ {errors.quote(seat)}", "position")
    return position


def _choose(read: Reading, choices: list[str], level: int) -> tuple[str, str, str | None]:
    """The chosen action, its reason key and the card the reason names."""
    split = {action: parts(action) for action in choices}
    knocks = [action for action in choices if split[action][-1].kind == "knock"]
    if knocks:
        best = knocks[0] if level == 1 else max(knocks, key=lambda action: knock_value(split[action], read))
        return best, "knock", None
    if read.phase in ("take", "last"):
        return _take(read, choices, split, level)
    return _play(read, choices, split, level)


def _take(read: Reading, choices: list[str], split: dict, level: int) -> tuple[str, str, str | None]:
    if "pass" in choices:
        return "pass", "pass", None
    collects = [action for action in choices if split[action][0].kind == "collect"]
    if level == 1:
        top = read.pile[-1] if read.pile else None
        on_top = [action for action in collects if split[action][0].cards[0] == top]
        if on_top:
            return on_top[0], "collect_meld", None
        return _draw(choices)
    scored = [(collect_value(split[action], read), action) for action in collects]
    if scored:
        (value, reason), action = max(scored, key=lambda entry: entry[0][0])
        if value >= COLLECT_THRESHOLD[level]:
            return action, reason, None
    return _draw(choices)


def _draw(choices: list[str]) -> tuple[str, str, None]:
    return ("draw", "draw", None) if "draw" in choices else (choices[0], "only", None)


def _play(read: Reading, choices: list[str], split: dict, level: int) -> tuple[str, str, str | None]:
    single = {kind: [action for action in choices if split[action][0].kind == kind and len(split[action]) == 1]
              for kind in ("meld", "layoff", "discard")}
    if not single["discard"]:   # nothing to discard without emptying the hand (A-D39)
        return (single["meld"] + single["layoff"] + choices)[0], "only", None
    if level == 1:
        if single["meld"]:
            return single["meld"][0], "meld", None
        if single["layoff"]:
            return single["layoff"][0], "layoff", None
        return _simple_discard(read, single["discard"]), "highest", None
    if level == 2:
        if single["meld"]:
            return max(single["meld"], key=lambda action: len(split[action][0].cards)), "meld", None
        if single["layoff"]:
            return single["layoff"][0], "layoff", None
    else:
        safe_melds = [action for action in single["meld"] if not meld_is_liable(split[action][0].cards, read)]
        if safe_melds:
            return max(safe_melds, key=lambda action: len(split[action][0].cards)), "meld_safe", None
        safe_layoffs = [action for action in single["layoff"]
                        if not layoff_is_liable(split[action][0].cards[0], split[action][0].onto, read)]
        if safe_layoffs:
            return safe_layoffs[0], "layoff_safe", None
    return _careful_discard(read, single["discard"], split, careful=level == 3)


def _simple_discard(read: Reading, discards: list[str]) -> str:
    """Level 1: the highest card that pairs with nothing in hand, else the highest card."""
    held = set(read.hand)

    def loose(card: str) -> bool:
        return not any(a in held or b in held for a, b in partners(card))

    cards = [action.split()[1] for action in discards]
    pool = [card for card in cards if loose(card)] or cards
    best = max(pool, key=lambda card: (C.points(card), C.rank(card)))
    return f"discard {best}"


def _careful_discard(read: Reading, discards: list[str], split: dict, careful: bool) -> tuple[str, str, str]:
    scored = []
    for action in discards:
        card = split[action][0].cards[0]
        score, reason = discard_score(card, read, careful)
        scored.append((score, reason, action, card))
    score, reason, action, card = min(scored, key=lambda entry: entry[0])
    return action, reason, card


__all__ = ["best_action", "LEVELS"]
