"""The street options (A-M13) against Fairy-Stockfish's ``cambodian`` variant (pyffish).

Seeded random games from the start position, with both options on, are played by our engine
and by FSF with the whole history (FSF tracks the first-move rights as "gates", written like
castling rights in FEN field 3: ``DEde``). At every ply the legal move sets are compared.

One rule differs on purpose, and the comparison maps it exactly: A-M13 takes the Khun's leap
away once the Khun has been in check; FSF (position.cpp do_move, "Remove king leaping right
when aimed by a rook") takes it away when an enemy Ruea moves onto the Khun's rank or file,
blocked or not, and never for a check by another piece. So this test keeps both rights itself,
each by its own rule, and checks (1) that each engine's field 3 shows exactly the rights its
rule gives, and (2) that our move generation, given FSF's rights, produces FSF's legal moves.
Counting differs too (FSF's cambodian counts to 63) but never changes the legal moves.
"""

from __future__ import annotations

import random

import pytest
from fsf_oracle import sf
from mk_helpers import DEFAULTS

from engine.makruk import MakrukGame
from engine.makruk.position import (
    BLACK, HOME_PIECE, KING_HOME, NO_RIGHTS, RIGHT_LETTERS, START_FEN, WHITE, Position, move_uci,
)

pytestmark = pytest.mark.pyffish

VARIANT = "cambodian"
STREET = {"kingKnightLeap": True, "metDoubleStep": True}
GAMES = 40
PLY_CAP = 60


def fsf_start() -> str:
    """FSF's cambodian start: our start position with the rights written out (``DEde``)."""
    return sf.start_fen(VARIANT)


def letters(rights: set[int]) -> str:
    """Field 3 as FSF writes it."""
    return "".join(letter for sq, letter in RIGHT_LETTERS.items() if sq in rights) or "-"


def our_field(rights: set[int], pos: Position) -> str:
    """Field 3 as we write it: FSF's, except '0' for no right while a Khun or Met stands at home."""
    if not rights and any(pos.board[sq] == piece for sq, piece in HOME_PIECE.items()):
        return NO_RIGHTS
    return letters(rights)


def next_rights(rights: set[int], pos_after: Position, frm: int, to: int, mover: str, moved: str,
                fsf_rule: bool) -> set[int]:
    """The rights after a move, by A-M13 (in check) or by FSF's rule (a Ruea aims at the Khun)."""
    left = rights - {frm, to}
    them = BLACK if mover == WHITE else WHITE
    king = KING_HOME[them]
    if king in left:
        if fsf_rule:
            aimed = moved.upper() == "R" and (to & 7 == king & 7 or to >> 3 == king >> 3)
        else:
            aimed = pos_after.in_check(them)
        if aimed:
            left -= {king}
    return left


def choose(rng: random.Random, pos: Position, legal: list[int]) -> int:
    """Random play that favours first moves, checks, and Ruea moves onto the lines of a Khun
    that may still leap (where the two rules part)."""
    them = BLACK if pos.turn == WHITE else WHITE
    king = KING_HOME[them]
    street = [m for m in legal if (m & 63) in pos.rights]
    aiming = [m for m in legal if king in pos.rights and pos.board[m & 63] in "Rr"
              and ((m >> 6) & 7 == king & 7 or (m >> 6) >> 3 == king >> 3)]
    rueas = [m for m in legal if pos.board[m & 63] in "Rr"]
    roll = rng.random()
    if street and roll < 0.2:
        return rng.choice(street)
    if aiming and roll < 0.7:
        return rng.choice(aiming)
    if rueas and roll < 0.5:
        return rng.choice(rueas)
    if roll < 0.75:
        checks = []
        for m in legal:
            after = pos.copy()
            after.push(m)
            if after.in_check():
                checks.append(m)
        if checks:
            return rng.choice(checks)
    return rng.choice(legal)


def play_and_compare(seed: int, stats: dict) -> str | None:
    rng = random.Random(seed)
    options = {**DEFAULTS, **STREET, "bareKingsDraw": False}
    state = MakrukGame(START_FEN, options).state
    street = state.street
    ours, theirs = set(state.pos.rights), set(state.pos.rights)
    moves: list[str] = []
    for _ in range(PLY_CAP):
        pos = state.pos
        fsf_fen = sf.get_fen(VARIANT, fsf_start(), moves, False, False, True)
        if pos.fen().split()[2] != our_field(ours, pos):
            return f"after {moves}: our field 3 {pos.fen().split()[2]!r}, A-M13 gives {our_field(ours, pos)!r}"
        if fsf_fen.split()[2] != letters(theirs):
            return f"after {moves}: FSF field 3 {fsf_fen.split()[2]!r}, its rule gives {letters(theirs)!r}"
        with_fsf_rights = pos.copy()
        with_fsf_rights.rights = frozenset(theirs)
        mine = sorted(move_uci(m) for m in with_fsf_rights.legal_moves(street))
        fsf = sorted(sf.legal_moves(VARIANT, fsf_start(), moves))
        if mine != fsf:
            return (f"after {moves}: only ours {sorted(set(mine) - set(fsf))}, "
                    f"only FSF {sorted(set(fsf) - set(mine))}")
        stats["positions"] += 1
        stats["rights differ"] += ours != theirs
        legal = [m for m in state.handles() if move_uci(m) in fsf]  # both engines must play it
        if not legal:
            break
        move = choose(rng, pos, legal)
        frm, to, moved = move & 63, (move >> 6) & 63, pos.board[move & 63]
        if frm in ours and abs((to >> 3) - (frm >> 3)) + abs((to & 7) - (frm & 7)) == (3 if moved in "Kk" else 2):
            stats["street moves"] += 1
        state = state.child(move)
        ours = next_rights(ours, state.pos, frm, to, pos.turn, moved, fsf_rule=False)
        theirs = next_rights(theirs, state.pos, frm, to, pos.turn, moved, fsf_rule=True)
        moves.append(move_uci(move))
    return None


def test_start_positions_agree():
    start = MakrukGame(START_FEN, {**DEFAULTS, **STREET})
    assert start.position_text() == fsf_start()
    assert MakrukGame(fsf_start(), {**DEFAULTS, **STREET}).position_text() == fsf_start()


def test_random_games_with_history_agree_with_cambodian():
    stats = {"positions": 0, "rights differ": 0, "street moves": 0}
    problems = [p for p in (play_and_compare(seed, stats) for seed in range(GAMES)) if p]
    print(f"\ncambodian: {stats}")
    assert not problems, "\n".join(problems[:5])
    assert stats["positions"] >= GAMES * 20, stats
    assert stats["street moves"] >= GAMES // 2, stats
    assert stats["rights differ"] >= 10, "the mapped rule difference must be exercised"


def test_the_rule_difference_in_one_position():
    """A Ma checks the unmoved Khun and is taken: A-M13 loses the leap, FSF keeps it."""
    fen = "4k3/8/8/8/4n3/8/8/2RK4 b De - 0 1"
    moves = ["e4c3", "c1c3", "e8e7", "c3c1", "e7e8"]
    ours = MakrukGame(fen, {**DEFAULTS, **STREET})
    for move in moves:
        ours.play(move)
    assert not {"d1b2", "d1f2"} & {m.text for m in ours.legal_moves()}
    assert {"d1b2", "d1f2"} <= set(sf.legal_moves(VARIANT, fen, moves))
    # And a Ruea moving onto the Khun's file behind a blocker: FSF loses the leap, A-M13 keeps it.
    fen = "4k3/r7/8/8/8/8/3S4/3K4 b D - 0 1"
    ours = MakrukGame(fen, {**DEFAULTS, **STREET})
    ours.play("a7d7")
    assert {"d1b2", "d1f2"} <= {m.text for m in ours.legal_moves()}
    assert not {"d1b2", "d1f2"} & set(sf.legal_moves(VARIANT, fen, ["a7d7"]))
