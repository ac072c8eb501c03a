"""A second, brute-force Mak-hot move generator, written for the tests only.

It shares nothing with engine.makhos: a board is a dict {(file, rank): piece} with ``w``/``b``
for men and ``W``/``B`` for kings, moves are found by walking coordinates square by square,
and every capture route is grown one jump at a time on a copied board, straight from the rules
text (../shared/rules/makhos.md §4, A-H3 to A-H8, A-H11 to A-H13). It is slow and obvious on
purpose: the tests compare the engine's moves and perft counts with it.
"""

from __future__ import annotations

FILES = "abcdefgh"
DIAGONALS = ((1, 1), (-1, 1), (1, -1), (-1, -1))


def square_name(square: tuple[int, int]) -> str:
    return FILES[square[0]] + str(square[1] + 1)


def parse(text: str) -> tuple[dict, str]:
    """(board, side to move 'w' or 'b') of position text like 'W:Wa1,Kd4:Bb8' (no M or C field)."""
    fields = text.split(":")
    board = {}
    for field in fields[1:]:
        colour = field[0].lower()
        for token in filter(None, field[1:].split(",")):
            king = token[0] == "K"
            token = token[1:] if king else token
            board[(FILES.index(token[0]), int(token[1]) - 1)] = colour.upper() if king else colour
    return board, fields[0].lower()


def write(board: dict, side: str) -> str:
    lists = {"w": [], "b": []}
    for (f, r), piece in sorted(board.items(), key=lambda item: (item[0][1], item[0][0])):
        lists[piece.lower()].append(("K" if piece.isupper() else "") + square_name((f, r)))
    return f"{side.upper()}:W{','.join(lists['w'])}:B{','.join(lists['b'])}"


def on_board(square: tuple[int, int]) -> bool:
    return 0 <= square[0] < 8 and 0 <= square[1] < 8


def forward(piece: str) -> int:
    return 1 if piece.lower() == "w" else -1


def far_rank(piece: str) -> int:
    return 7 if piece.lower() == "w" else 0


def enemy(piece: str, other: str | None) -> bool:
    return other is not None and other.lower() != piece.lower()


def jumps(board: dict, square: tuple, piece: str, rules: dict, came_from: tuple | None) -> list:
    """Single captures of ``piece`` standing on ``square``: (direction, taken square, landing square)."""
    found = []
    for df, dr in DIAGONALS:
        if piece.islower() and dr != forward(piece):
            continue  # a man captures forward only
        reverse = came_from is not None and (df, dr) == (-came_from[0], -came_from[1])
        if reverse and rules["kingContinuation"] == "noReverse":
            continue
        distance = 1
        while True:
            over = (square[0] + df * distance, square[1] + dr * distance)
            if not on_board(over):
                break
            if board.get(over) is None:
                if piece.islower():
                    break  # a man jumps only an adjacent piece
                distance += 1
                continue
            if enemy(piece, board[over]):
                beyond = 1
                while True:
                    land = (over[0] + df * beyond, over[1] + dr * beyond)
                    if not on_board(land) or board.get(land) is not None:
                        break
                    found.append(((df, dr), over, land))
                    if piece.islower() or rules["kingLanding"] == "adjacent":
                        break
                    beyond += 1
            break
    return found


def routes(board: dict, square: tuple, piece: str, rules: dict, came_from=None) -> list:
    """Every complete capture route from ``square``: lists of (taken, landing), the piece off its start."""
    options = jumps(board, square, piece, rules, came_from)
    if piece.isupper() and rules["kingLanding"] == "any":
        keep = []
        for direction, over in {(d, o) for d, o, _ in options}:
            lands = [x for x in options if x[0] == direction and x[1] == over]
            going_on = []
            for _, _, land in lands:
                after = dict(board)
                del after[over]
                if jumps(after, land, piece, rules, direction):
                    going_on.append((direction, over, land))
            keep += going_on or lands
        options = keep
    out = []
    for direction, over, land in options:
        after = dict(board)
        del after[over]
        if piece.islower() and land[1] == far_rank(piece):
            out.append([(over, land)])  # crowned: the move ends (A-H8)
            continue
        longer = routes(after, land, piece, rules, direction)
        out += [[(over, land)] + rest for rest in longer] if longer else [[(over, land)]]
    return out


def legal(board: dict, side: str, rules: dict) -> dict:
    """Move text -> the board after it, for the side to move."""
    captures, steps = {}, {}
    for square, piece in board.items():
        if piece.lower() != side:
            continue
        empty_start = dict(board)
        del empty_start[square]  # the moving piece's own square is empty while it captures (A-H12)
        for route in routes(empty_start, square, piece, rules):
            after = dict(empty_start)
            for over, _ in route:
                del after[over]
            end = route[-1][1]
            after[end] = piece.upper() if end[1] == far_rank(piece) else piece
            text = square_name(square) + "".join("x" + square_name(land) for _, land in route)
            captures[text] = after
        for df, dr in DIAGONALS:
            if piece.islower() and dr != forward(piece):
                continue
            distance = 1
            while True:
                to = (square[0] + df * distance, square[1] + dr * distance)
                if not on_board(to) or board.get(to) is not None:
                    break
                after = dict(empty_start)
                after[to] = piece.upper() if to[1] == far_rank(piece) else piece
                steps[f"{square_name(square)}-{square_name(to)}"] = after
                if piece.islower():
                    break
                distance += 1
    if captures and rules["captureRule"] == "strict":
        return captures
    return {**captures, **steps}


def perft(board: dict, side: str, depth: int, rules: dict) -> int:
    if depth == 0:
        return 1
    moves = legal(board, side, rules)
    if depth == 1:
        return len(moves)
    other = "b" if side == "w" else "w"
    return sum(perft(after, other, depth - 1, rules) for after in moves.values())
