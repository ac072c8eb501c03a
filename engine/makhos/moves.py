"""Mak-hot move generation on bitboards, making moves, and a bulk-counting perft.

A move is a tuple ``(frm, to, taken, caps, path)``: origin and final square, the mask of the
pieces taken, their squares in jump order, and every landing square in order (``()`` for a
plain step or slide). Two capture routes over the same pieces in a different order differ in
``caps`` and ``path`` (rules A-H13).

Rules (../shared/rules/makhos.md §4): a man steps and captures diagonally forward; a king
(ฮอส) slides any distance and captures from a distance along an open diagonal, landing on the
square just beyond the piece it takes (A-H3; ``any_landing`` allows any empty square beyond),
its later jumps too (A-H11), its start square counting as empty (A-H12). Captured pieces leave
the board at once (A-H5), so none is jumped twice and their squares can be crossed; a king may
turn in any direction (A-H4; ``no_reverse`` forbids turning straight back). A capture goes on
while it can (A-H7), except that a man crowned on the far row stops there (A-H8).
"""

from __future__ import annotations

from .board import BIT, DARK, FAR_ROW, MAN_JUMPS, NOT_A, NOT_AB, NOT_GH, NOT_H, RAYS, WHITE


def _men_steps(men: int, empty: int, side: int) -> tuple[int, int, int, int]:
    """Target masks of the men's two forward steps and the square offsets back to their origins."""
    if side == WHITE:
        return ((men & NOT_H) << 9) & empty, 9, ((men & NOT_A) << 7) & empty, 7
    return ((men & NOT_H) >> 7) & empty, -7, ((men & NOT_A) >> 9) & empty, -9


def quiet_moves(own: int, other: int, kings: int, side: int) -> list[tuple]:
    """Every step of a man and every slide of a king."""
    occupied = own | other
    empty = DARK & ~occupied
    out = []
    append = out.append
    first, back1, second, back2 = _men_steps(own & ~kings, empty, side)
    for targets, back in ((first, back1), (second, back2)):
        while targets:
            low = targets & -targets
            to = low.bit_length() - 1
            append((to - back, to, 0, (), ()))
            targets ^= low
    mine = own & kings
    while mine:
        low = mine & -mine
        frm = low.bit_length() - 1
        mine ^= low
        for ray in RAYS[frm]:
            for to in ray:
                if occupied & BIT[to]:
                    break
                append((frm, to, 0, (), ()))
    return out


def count_quiet(own: int, other: int, kings: int, side: int) -> int:
    """``len(quiet_moves(...))`` without building the moves."""
    occupied = own | other
    first, _, second, _ = _men_steps(own & ~kings, DARK & ~occupied, side)
    count = first.bit_count() + second.bit_count()
    mine = own & kings
    while mine:
        low = mine & -mine
        mine ^= low
        for ray in RAYS[low.bit_length() - 1]:
            for to in ray:
                if occupied & BIT[to]:
                    break
                count += 1
    return count


def _men_capturing(men: int, other: int, empty: int, side: int) -> int:
    """The men that have a capture: an enemy diagonally ahead and the square beyond it empty."""
    if side == WHITE:
        return men & NOT_GH & (other >> 9) & (empty >> 18) | men & NOT_AB & (other >> 7) & (empty >> 14)
    return men & NOT_GH & (other << 7) & (empty << 14) | men & NOT_AB & (other << 9) & (empty << 18)


def _king_can_capture(sq: int, other: int, occupied: int, banned: int) -> bool:
    """Can a king on ``sq`` take a piece of ``other`` (any direction but ``banned``)?"""
    for d in range(4):
        if d == banned:
            continue
        ray = RAYS[sq][d]
        for i, s in enumerate(ray):
            if occupied & BIT[s]:
                if other & BIT[s] and i + 1 < len(ray) and not occupied & BIT[ray[i + 1]]:
                    return True
                break
    return False


def has_capture(own: int, other: int, kings: int, side: int) -> bool:
    """Does the side to move have any capture?"""
    occupied = own | other
    if _men_capturing(own & ~kings, other, DARK & ~occupied, side):
        return True
    mine = own & kings
    while mine:
        low = mine & -mine
        mine ^= low
        if _king_can_capture(low.bit_length() - 1, other, occupied & ~low, -1):
            return True
    return False


def capture_moves(own: int, other: int, kings: int, side: int, any_landing: bool = False,
                  no_reverse: bool = False) -> list[tuple]:
    """Every complete capture sequence of the side to move (empty when it has none)."""
    occupied = own | other
    out: list[tuple] = []
    men = _men_capturing(own & ~kings, other, DARK & ~occupied, side)
    far = FAR_ROW[side]
    while men:
        low = men & -men
        men ^= low
        sq = low.bit_length() - 1
        _man_jumps(sq, sq, other, occupied & ~low, MAN_JUMPS[side], far, [], [], 0, out)
    mine = own & kings
    while mine:
        low = mine & -mine
        mine ^= low
        sq = low.bit_length() - 1
        # The king's own square counts as empty for the whole sequence (A-H12).
        _king_jumps(sq, sq, other, occupied & ~low, -1, any_landing, no_reverse, [], [], 0, out)
    return out


def _man_jumps(start: int, sq: int, other: int, occupied: int, jumps, far: int, path: list, caps: list,
               taken: int, out: list) -> None:
    went_on = False
    for over, land, _ in jumps[sq]:
        if other & BIT[over] and not occupied & BIT[land]:
            went_on = True
            path.append(land)
            caps.append(over)
            if BIT[land] & far:  # crowned: the move ends here (A-H8)
                out.append((start, land, taken | BIT[over], tuple(caps), tuple(path)))
            else:
                _man_jumps(start, land, other & ~BIT[over], occupied & ~BIT[over], jumps, far, path, caps,
                           taken | BIT[over], out)
            path.pop()
            caps.pop()
    if not went_on and caps:
        out.append((start, sq, taken, tuple(caps), tuple(path)))


def _king_jumps(start: int, sq: int, other: int, occupied: int, last: int, any_landing: bool, no_reverse: bool,
                path: list, caps: list, taken: int, out: list) -> None:
    went_on = False
    for d in range(4):
        if no_reverse and d == 3 - last:
            continue
        ray = RAYS[sq][d]
        for i, over in enumerate(ray):
            if not occupied & BIT[over]:
                continue
            if other & BIT[over]:
                landings = []
                for land in ray[i + 1:]:
                    if occupied & BIT[land]:
                        break
                    landings.append(land)
                    if not any_landing:
                        break
                if landings:
                    went_on = True
                    left, clear = other & ~BIT[over], occupied & ~BIT[over]
                    banned = 3 - d if no_reverse else -1
                    if len(landings) > 1:
                        # Landing anywhere beyond: where the capture can go on, it must (as in Russian draughts).
                        going_on = [land for land in landings if _king_can_capture(land, left, clear, banned)]
                        landings = going_on or landings
                    caps.append(over)
                    for land in landings:
                        path.append(land)
                        _king_jumps(start, land, left, clear, d, any_landing, no_reverse, path, caps,
                                    taken | BIT[over], out)
                        path.pop()
                    caps.pop()
            break
    if not went_on and caps:
        out.append((start, sq, taken, tuple(caps), tuple(path)))


def apply(own: int, other: int, kings: int, side: int, move: tuple) -> tuple[int, int, int]:
    """(own, other, kings) after ``move``; a man ending on its far row is crowned."""
    frm, to, taken = move[0], move[1], move[2]
    source, target = BIT[frm], BIT[to]
    own = own ^ source | target  # also right when a king's capture ends where it started
    if taken:
        other &= ~taken
        kings &= ~taken
    if kings & source:
        kings = kings & ~source | target
    elif target & FAR_ROW[side]:
        kings |= target
    return own, other, kings


def legal_moves(own: int, other: int, kings: int, side: int, rules, forced: bool = False) -> list[tuple]:
    """Captures only while one exists, unless ``rules.claimable`` and no capture was claimed (``forced``)."""
    moves = capture_moves(own, other, kings, side, rules.any_landing, rules.no_reverse)
    if not moves or (rules.claimable and not forced):
        moves += quiet_moves(own, other, kings, side)
    return moves


def perft(own: int, other: int, kings: int, side: int, depth: int, rules, budget, forced: bool = False) -> int:
    """Leaf nodes of the legal move tree ``depth`` plies deep, the last ply counted, not played.

    ``rules`` is :class:`engine.makhos.options.Rules`; ``forced`` makes captures compulsory at the
    root even under ``claimable`` (a claimed capture). ``budget.spend`` is charged per inner node.
    """
    optional = rules.claimable and not forced
    if depth <= 1:
        if depth < 1:
            return 1
        captures = capture_moves(own, other, kings, side, rules.any_landing, rules.no_reverse)
        if captures and not optional:
            return len(captures)
        return len(captures) + count_quiet(own, other, kings, side)
    moves = legal_moves(own, other, kings, side, rules, forced)
    budget.spend(len(moves))
    total = 0
    for move in moves:
        mine, theirs, crowned = apply(own, other, kings, side, move)
        total += perft(theirs, mine, crowned, 1 - side, depth - 1, rules, budget)
    return total
