"""Makruk's miner: noisy self-play, and the positions worth a puzzle, with their words.

Games start with a few random moves, then both sides pick moves by a 1-ply material search
with noise, preferring captures and checks (sharp positions come sooner). A position becomes a
candidate when (mate) the side to move mates in exactly N with one single key, or (best-move)
one quiet or tactical move wins at least 2 Bia more than any other move; the defender must still
have pieces. At most one candidate is taken per game (site_builder/puzzles/mine.py proves and
writes them).
"""
from __future__ import annotations

import random

from engine.core import search
from engine.core.budget import unlimited
from engine.core.gain import solution_line
from engine.makruk import MakrukGame, MakrukState
from engine.makruk.evaluation import VALUES, material_balance
from engine.makruk.position import PROMOTION, Position, move_uci
from engine.makruk.refusals import legal_handle
from engine.options import resolve

from ...plugin import Candidate, Miner
from .words import PIECE_TAGS, PIECE_WORDS, SIDE_WORDS

MIN_PLY = 8  # no candidates from the opening


# ---------------------------------------------------------------------- self-play
def self_play(start: MakrukState, rng: random.Random, max_plies: int = 160):
    """Yield (ply, state) of one noisy self-play game from ``start``."""
    state = start
    random_plies = rng.randint(2, 10)
    # One side plays carefully, the other makes mistakes: decisive games reach mating nets sooner.
    strong = rng.choice("wb")
    noise = {strong: rng.uniform(0.1, 0.5), "b" if strong == "w" else "w": rng.uniform(1.5, 3.0)}
    check_bonus = {strong: 1.0, "b" if strong == "w" else "w": 0.4}
    for ply in range(max_plies):
        pos, legal = state.pos, state.handles()
        if not legal or state.outcome() is not None:
            return
        yield ply, state
        if ply < random_plies:
            move = rng.choice(sorted(legal))
        else:
            best, best_score = None, None
            for m in sorted(legal):
                taken = pos.board[(m >> 6) & 63]
                nxt = state.child(m).pos
                score = (VALUES[taken.upper()] if taken else 0.0) - 0.9 * max(en_prise(nxt, pos.turn), default=0.0)
                score += rng.gauss(0, noise[pos.turn])
                if nxt.in_check():
                    score += check_bonus[pos.turn]
                if pos.board[m & 63] in "Pp":
                    score += 0.15
                if best_score is None or score > best_score:
                    best, best_score = m, score
            move = best
        state = state.child(move)


def en_prise(pos: Position, color: str) -> list[float]:
    """Values of ``color``'s pieces the other side can win: attacked and undefended, or a Ruea attacked."""
    enemy = "b" if color == "w" else "w"
    found = []
    for sq, piece in enumerate(pos.board):
        if piece is None or piece in "Kk" or (piece.isupper() != (color == "w")):
            continue
        if pos.attacked(sq, enemy) and (piece.upper() == "R" or not pos.attacked(sq, color)):
            found.append(VALUES[piece.upper()])
    return found


def _defender_has_pieces(pos: Position, minimum: int) -> bool:
    them = "b" if pos.turn == "w" else "w"
    count = sum(1 for p in pos.board if p is not None and p not in "Kk" and (p.isupper() == (them == "w")))
    return count >= minimum


def _sacrifice(state: MakrukState, move: int) -> bool:
    """Can the defender take the moved piece (worth more than a Bia) right away?"""
    nxt = state.child(move)
    to = (move >> 6) & 63
    piece = nxt.pos.board[to]
    if piece is None or VALUES[piece.upper()] <= 1.0:
        return False
    return any((m >> 6) & 63 == to for m in nxt.handles())


# ---------------------------------------------------------------------- mate candidates
def mate_candidate(state: MakrukState, n: int, min_pieces: int) -> dict | None:
    """The line and features of a mate in exactly ``n`` with one single key, or None."""
    pos = state.pos
    if not _defender_has_pieces(pos, min_pieces):
        return None
    found = search.single_key_line(search.MateSolver(unlimited()), state, n)
    if found is None:
        return None
    key, line, before, move = found
    mating_piece = "F" if move & PROMOTION else before.pos.board[move & 63]
    key_piece = pos.board[key & 63]
    features = {
        "mate_in": n,
        "key_check": state.child(key).pos.in_check(),
        "key_capture": pos.board[(key >> 6) & 63] is not None,
        "sacrifice": _sacrifice(state, key),
        "key_piece": key_piece.upper(),
        "key_to": move_uci(key)[2:4],
        "mating_piece": mating_piece.upper(),
        "mate_square": line[-1][2:4],
        "legal": len(state.handles()),
        "solver": state.turn,
    }
    return {"line": line, "features": features}


def _has_double_threat(state: MakrukState) -> bool:
    """Cheap filter before the engine's search: some move leaves two enemy pieces (or check and one) en prise."""
    pos = state.pos
    enemy = "b" if pos.turn == "w" else "w"
    if en_prise(pos, enemy):
        return False  # something already hangs: taking it is not a puzzle
    for m in state.handles():
        nxt = state.child(m).pos
        # en prise as seen by the mover, who is to move again after a reply
        loose = sorted(en_prise(nxt, enemy), reverse=True)
        threats = len(loose) + (1 if nxt.in_check() else 0)
        if threats >= 2 and (loose[1:2] or loose[:1])[0] >= 2.5:
            return True
    return False


def best_move_candidate(state: MakrukState, min_pieces: int) -> dict | None:
    """The line and features of a position where one move wins clearly more material, or None."""
    pos = state.pos
    if not _defender_has_pieces(pos, min_pieces) or pos.in_check():
        return None
    balance = material_balance(pos)
    if abs(balance) > 3 or not _has_double_threat(state):
        return None
    scores = search.MaterialSearch(unlimited()).move_scores(state, 3)
    ranked = sorted(scores, key=lambda m: (-scores[m], m))
    if len(ranked) < 2:
        return None
    key, second = ranked[0], ranked[1]
    if scores[key] >= search.WIN_SCORE / 2 or scores[key] - scores[second] < 2.0 or scores[key] - balance < 2.0:
        return None
    move = legal_handle(pos, key, state.street)
    taken = pos.board[(move >> 6) & 63]
    if taken is not None and VALUES[taken.upper()] > scores[key] - balance - 0.5:
        return None  # taking a loose piece is not a puzzle
    if search.MateSolver(unlimited()).shortest_win(state, 2) is not None:
        return None  # a mate: that is a mate puzzle
    line = solution_line(state, key, 3, search.MaterialSearch(unlimited()))
    if line is None:
        return None  # the gain is not on the board soon enough
    after = state.child(move)
    features = {
        "key_check": after.pos.in_check(),
        "key_capture": taken is not None,
        "sacrifice": _sacrifice(state, move),
        "key_piece": pos.board[move & 63].upper(),
        "key_to": key[2:4],
        "gain": round(scores[key] - balance, 1),
        "legal": len(state.handles()),
        "solver": state.turn,
    }
    return {"line": line, "features": features}


# ---------------------------------------------------------------------- texts
def mate_texts(f: dict) -> dict:
    n, side = f["mate_in"], f["solver"]
    kp, mp = _word_key(f["key_piece"]), _word_key(f["mating_piece"])
    w = {lang: PIECE_WORDS[lang] for lang in ("th", "en")}
    if n == 1:
        title = {"th": f"{w['th'][mp]}ปิดเกม", "en": f"The {w['en'][mp]} finishes it"}
    elif f["sacrifice"]:
        title = {"th": f"สละ{w['th'][kp]} แล้ว{w['th'][mp]}จน", "en": f"Give up the {w['en'][kp]}, mate with the {w['en'][mp]}"}
    elif not f["key_check"] and not f["key_capture"]:
        title = {"th": f"ตาเงียบของ{w['th'][kp]}", "en": f"A quiet {w['en'][kp]} move"}
    elif f["key_capture"]:
        title = {"th": f"{w['th'][kp]}กินแล้วไล่จน", "en": f"The {w['en'][kp]} takes, then mate"}
    else:
        title = {"th": f"{w['th'][kp]}รุกนำ {w['th'][mp]}ปิดท้าย", "en": f"{w['en'][kp]} checks, {w['en'][mp]} mates"}
    goal = {"th": f"{SIDE_WORDS['th'][side]}เดินก่อน รุกจนให้ได้ใน {n} ตา",
            "en": f"{SIDE_WORDS['en'][side]} to move and mate in {n}."}
    tags = [f"mate-in-{n}", PIECE_TAGS[mp]]
    if f["sacrifice"]:
        tags.append("sacrifice")
    if n > 1 and not f["key_check"] and not f["key_capture"]:
        tags.append("quiet-move")
    difficulty = n + (1 if "quiet-move" in tags else 0) + (1 if f["sacrifice"] else 0) + (1 if f["legal"] >= 35 else 0)
    return {"title": title, "goal": goal, "tags": tags, "difficulty": max(1, min(5, difficulty)),
            "mating_piece": PIECE_TAGS[mp]}


def best_move_texts(f: dict) -> dict:
    kp = _word_key(f["key_piece"])
    w = {lang: PIECE_WORDS[lang] for lang in ("th", "en")}
    title = {"th": f"{w['th'][kp]}ได้หมาก", "en": f"The {w['en'][kp]} wins material"}
    tags = ["win-material", PIECE_TAGS[kp]]
    if f["key_check"]:
        tags.append("check")
    difficulty = 2 + (0 if f["key_check"] or f["key_capture"] else 1) + (1 if f["legal"] >= 35 else 0)
    # no goal: the best-move kind's own says how many moves the line plays on
    return {"title": title, "goal": None, "tags": tags, "difficulty": max(1, min(5, difficulty))}


def _word_key(letter: str) -> str:
    """A board letter (``F``: a promoted Bia) as the key of PIECE_WORDS and PIECE_TAGS."""
    return "M~" if letter == "F" else letter


class MakrukMiner(Miner):
    kinds = ("mate", "best-move")

    def key(self, position: str) -> str:
        """Placement and side to move."""
        return " ".join(position.split()[:2])

    def candidates(self, kind, rng, mate_in, min_pieces, seen, mating: frozenset[str] = frozenset()):
        """As Miner.candidates; ``mating``: keep only mates given by pieces with these tags (all if empty)."""
        start = MakrukGame(MakrukGame.start_position, resolve(MakrukGame.options, {})).state
        while True:
            found = None
            for ply, state in self_play(start, rng):
                position = state.pos.fen()
                if ply < MIN_PLY or self.key(position) in seen:
                    continue
                if kind == "mate":
                    found = mate_candidate(state, mate_in, min_pieces)
                    texts = found and mate_texts(found["features"])
                    fields = {"mate_in": mate_in}
                    if texts and mating and texts["mating_piece"] not in mating:
                        found = None  # another piece mates: look further in this game
                else:
                    found = best_move_candidate(state, min_pieces)
                    texts = found and best_move_texts(found["features"])
                    fields = {}
                if found is not None:
                    found = Candidate(position, found["line"], self.key(position), texts, fields)
                    break
            yield found
