"""A slow, naive Komayo move generator written for the tests only, from the rules text alone
(../shared/rules/komayo.md): none of the engine's tables, codes or move ints.

A position is ``(board, side, hands)``: ``board`` maps (file, rank) (0-based, a1 = (0, 0)) to
``(owner, letter, promoted)`` with owner ``"b"`` (Sente) or ``"w"`` (Gote); ``hands`` maps an
owner to a sorted tuple of ``(letter, promoted)`` pieces. Moves are notation text.
"""

from __future__ import annotations

FILES = "abcdefgh"
KING = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
ROOK_LINES = [(1, 0), (-1, 0), (0, 1), (0, -1)]
BISHOP_LINES = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
KNIGHT_8 = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
GOLD = [(0, 1), (1, 1), (-1, 1), (1, 0), (-1, 0), (0, -1)]  # forward is +1


def movement(letter: str, promoted: bool) -> tuple[list, list]:
    """(single steps, slide directions) of a piece, forward = +dy, from the rules' piece list."""
    if letter == "K":
        return KING, []
    if letter == "I":
        return KNIGHT_8 + (ROOK_LINES if promoted else []), BISHOP_LINES
    if letter == "R":
        return (BISHOP_LINES if promoted else []), ROOK_LINES
    if letter == "B":
        return (ROOK_LINES if promoted else []), BISHOP_LINES
    if promoted:  # +S, +N, +L, +P all move like a gold
        return GOLD, []
    return {"S": ([(0, 1), (1, 1), (-1, 1), (1, -1), (-1, -1)], []), "N": ([(1, 2), (-1, 2)], []),
            "L": ([], [(0, 1)]), "P": ([(0, 1)], [])}[letter]


def parse(text: str):
    placement, side, hands_text = text.split()[:3]
    board = {}
    for row_index, row in enumerate(placement.split("/")):
        rank, file, promoted = 7 - row_index, 0, False
        for ch in row:
            if ch.isdigit():
                file += int(ch)
            elif ch == "+":
                promoted = True
            else:
                board[(file, rank)] = ("b" if ch.isupper() else "w", ch.upper(), promoted)
                file, promoted = file + 1, False
    hands = {"b": [], "w": []}
    count, promoted = "", False
    for ch in "" if hands_text == "-" else hands_text:
        if ch.isdigit():
            count += ch
        elif ch == "+":
            promoted = True
        else:
            hands["b" if ch.isupper() else "w"] += [(ch.upper(), promoted)] * int(count or 1)
            count, promoted = "", False
    return board, side, {owner: tuple(sorted(pieces)) for owner, pieces in hands.items()}


NAMES = {(f, r): FILES[f] + str(r + 1) for f in range(8) for r in range(8)}


def square(f: int, r: int) -> str:
    return NAMES[(f, r)]


def far(side: str, r: int) -> int:
    """How many ranks from the owner's own back rank (0..7)."""
    return r if side == "b" else 7 - r


def never_moves(letter: str, side: str, r: int) -> bool:
    """An unpromoted P or L on the last rank, or N on the last two, could never move."""
    return (letter in "PL" and far(side, r) == 7) or (letter == "N" and far(side, r) >= 6)


def moves(position, ruleset: str = "v2") -> list[str]:
    """Every legal move, as text."""
    board, side, hands = position
    if (side, "K", False) not in board.values():
        return []  # the king of the side to move was captured: the game is over
    forward = 1 if side == "b" else -1
    found = []
    for (f, r), (owner, letter, promoted) in board.items():
        if owner != side:
            continue
        steps, slides = movement(letter, promoted)
        targets = []
        for dx, dy in steps:
            t = (f + dx, r + dy * forward)
            if 0 <= t[0] < 8 and 0 <= t[1] < 8 and board.get(t, (None,))[0] != side:
                targets.append(t)
        for dx, dy in slides:
            t = (f + dx, r + dy * forward)
            while 0 <= t[0] < 8 and 0 <= t[1] < 8:
                if board.get(t, (None,))[0] == side:
                    break
                targets.append(t)
                if t in board:
                    break
                t = (t[0] + dx, t[1] + dy * forward)
        for t in targets:
            text = square(f, r) + square(*t)
            in_zone = far(side, r) >= 5 or far(side, t[1]) >= 5
            if letter == "K" or promoted or not in_zone:
                found.append(text)
            elif never_moves(letter, side, t[1]) or ruleset == "v1":
                found.append(text + "+")
            else:
                found += [text, text + "+"]
            victim = board.get(t)
            if letter == "K" and victim and victim[2] and ruleset == "v2":
                found.append(text + "^")
    for letter, promoted in sorted(set(hands[side])):
        if letter == "P" and not promoted and ruleset == "v2":
            continue
        for f in range(8):
            for r in range(8):
                if (f, r) not in board and (promoted or not never_moves(letter, side, r)):
                    found.append(("+" if promoted else "") + letter + "*" + square(f, r))
    return found


def play(position, text: str):
    """The position after the legal move ``text``."""
    board, side, hands = position
    board, mine = dict(board), list(hands[side])
    if "*" in text:
        piece, to = text.split("*")
        dropped = (piece[-1], piece.startswith("+"))
        mine.remove(dropped)
        board[(FILES.index(to[0]), int(to[1]) - 1)] = (side, *dropped)
    else:
        frm, to = (FILES.index(text[0]), int(text[1]) - 1), (FILES.index(text[2]), int(text[3]) - 1)
        owner, letter, promoted = board.pop(frm)
        victim = board.get(to)
        board[to] = (owner, letter, promoted or text.endswith("+"))
        if victim and victim[1] != "K":
            mine.append((victim[1], victim[2] and text.endswith("^")))
    other = "w" if side == "b" else "b"
    return board, other, {side: tuple(sorted(mine)), other: hands[other]}


def perft(position, depth: int, ruleset: str = "v2", count=None) -> int:
    """Leaf nodes ``depth`` plies deep; ``count(text)`` is called on every leaf move."""
    found = moves(position, ruleset)
    if depth == 1:
        if count:
            for text in found:
                count(text)
        return len(found)
    return sum(perft(play(position, text), depth - 1, ruleset, count) for text in found)


def captures_king(position, text: str) -> bool:
    board, side, _ = position
    target = board.get((FILES.index(text[2]), int(text[3]) - 1)) if "*" not in text else None
    return target is not None and target[1] == "K"


def walled_in(board: dict, side: str) -> bool:
    """Is ``side``'s king surrounded by its own pieces (and the board's edge)? Else it can always step."""
    king = next((sq for sq, piece in board.items() if piece[:2] == (side, "K")), None)
    if king is None:
        return False
    for dx, dy in KING:
        t = (king[0] + dx, king[1] + dy)
        if 0 <= t[0] < 8 and 0 <= t[1] < 8 and board.get(t, (None,))[0] != side:
            return False
    return True


def can_move(position, ruleset: str) -> bool:
    """Has the side to move any move?"""
    board, side, _ = position
    return not walled_in(board, side) or bool(moves(position, ruleset))


def winning_move(position, text: str, n: int, ruleset: str = "v2") -> bool:
    """Does ``text`` win within ``n`` moves of its player (the king captured, or the opponent left
    without a move), whatever the opponent replies?"""
    if captures_king(position, text):
        return True
    board, side, _ = position
    if n == 1 and not walled_in(board, "w" if side == "b" else "b"):
        return False  # no move of ours can take away every step of a king not walled in
    after = play(position, text)
    if not can_move(after, ruleset):
        return True
    if n == 1:
        return False
    for reply in moves(after, ruleset):
        if captures_king(after, reply) or not wins(play(after, reply), n - 1, ruleset):
            return False
    return True


def wins(position, n: int, ruleset: str = "v2") -> bool:
    """Can the side to move win within ``n`` of its own moves? Tries first the moves after which
    it would threaten to capture the king."""
    board, side, _ = position
    found = moves(position, ruleset)
    if n == 1 and not walled_in(board, "w" if side == "b" else "b"):
        return any(captures_king(position, text) for text in found)
    if n > 1:
        def threatens(text: str) -> bool:
            after_board, _, after_hands = play(position, text)
            mover = (after_board, side, after_hands)
            return any(captures_king(mover, t) for t in moves(mover, ruleset))
        found.sort(key=lambda t: not threatens(t))
    return any(winning_move(position, text, n, ruleset) for text in found)


def winning_keys(position, n: int, ruleset: str = "v2") -> list[str]:
    """Every move that wins within ``n`` moves."""
    return sorted(text for text in moves(position, ruleset) if winning_move(position, text, n, ruleset))
