"""Mak-hot's miner: noisy self-play, and the positions worth a puzzle, with their titles.

Games start with a few random moves; then both sides pick by a one-ply look with noise: the
biggest capture, a crowning, and not leaving a piece to be taken (one side careful, the other
careless, so games end in won endings sooner). A position becomes a candidate when (win) the
side to move wins in exactly N with one single key, or (best-move) one move wins at least two
men more than any other within three plies and the gain is on the board soon (the best-move
kind's own line). At most one candidate per game; site_builder/puzzles/mine.py proves and writes it.
"""
from __future__ import annotations

import random

from engine.core import search
from engine.core.budget import unlimited
from engine.core.gain import solution_line
from engine.makhos import MakhosGame, MakhosState, fen
from engine.options import resolve

from ...plugin import Candidate, Miner
from .words import SIDES

MIN_PLY = 6
MAX_MEN_FOR_WIN = 9  # both sides together: a win in N is searched only in thin positions


def _hangs(state: MakhosState) -> float:
    """What the side to move can take at once (its best capture's gain), 0 without one."""
    return max((state.gain(h) for h in state.handles() if h[2]), default=0.0)


def self_play(start: MakhosState, rng: random.Random, max_plies: int = 140):
    """Yield (ply, state) of one noisy self-play game from ``start``."""
    state = start
    random_plies = rng.randint(2, 8)
    strong = rng.choice(("white", "black"))
    noise = {strong: rng.uniform(0.05, 0.3), "white" if strong == "black" else "black": rng.uniform(0.8, 2.0)}
    for ply in range(max_plies):
        handles = state.handles()
        if not handles or state.outcome() is not None:
            return
        yield ply, state
        if ply < random_plies:
            move = rng.choice(sorted(handles))
        else:
            def score(h):
                after = state.child(h)
                return state.gain(h) - 0.9 * _hangs(after) + rng.gauss(0, noise[state.turn])
            move = max(sorted(handles), key=score)
        state = state.child(move)


def _men(state: MakhosState) -> int:
    position = state.position
    return (position.white | position.black).bit_count()


def _sacrifice(state: MakhosState, handle) -> bool:
    """Can the opponent capture right after the key?"""
    return any(h[2] for h in state.child(handle).handles())


def win_candidate(state: MakhosState, n: int) -> dict | None:
    """The line and features of a win in exactly ``n`` with one single key, or None."""
    if _men(state) > MAX_MEN_FOR_WIN or len(state.handles()) < 2:
        return None
    found = search.single_key_line(search.MateSolver(unlimited()), state, n)
    if found is None:
        return None
    key, line, _, _ = found
    typed = state.move(key)
    features = {"win_in": n, "capture": bool(typed.captures), "crowns": typed.promotion,
                "king": state.position.is_king(key[0]), "sacrifice": _sacrifice(state, key),
                "solver": state.turn, "legal": len(state.handles())}
    return {"line": line, "features": features}


def best_move_candidate(state: MakhosState) -> dict | None:
    """The line and features of a position where one move wins at least two men more, or None."""
    scores = search.MaterialSearch(unlimited()).move_scores(state, 3)
    ranked = sorted(scores, key=lambda m: (-scores[m], m))
    if len(ranked) < 2:
        return None
    key, second = ranked[0], ranked[1]
    balance = state.evaluate()
    if scores[key] >= search.WIN_SCORE / 2 or scores[key] - scores[second] < 2.0 or scores[key] - balance < 2.0:
        return None
    handle = next(h for h in state.handles() if state.move(h).text == key)
    if state.gain(handle) >= scores[key] - balance - 0.5:
        return None  # the biggest capture on the board: no puzzle
    line = solution_line(state, key, 3, search.MaterialSearch(unlimited()))
    if line is None:
        return None
    typed = state.move(handle)
    features = {"capture": bool(typed.captures), "crowns": typed.promotion,
                "king": state.position.is_king(handle[0]), "sacrifice": _sacrifice(state, handle),
                "gain": round(scores[key] - balance, 1), "solver": state.turn, "legal": len(state.handles())}
    return {"line": line, "features": features}


def _title(f: dict) -> dict[str, str]:
    if f["sacrifice"]:
        return {"th": "ยอมให้กินก่อน แล้วกินคืนมากกว่า", "en": "Give one, take more"}
    if f["crowns"]:
        return {"th": "เข้าฮอสให้ทัน", "en": "Crown in time"}
    if f["king"]:
        return {"th": "ฮอสบินไกล", "en": "The flying king"}
    if f["capture"]:
        return {"th": "เลือกทางกินให้ถูก", "en": "Choose the right capture"}
    return {"th": "ตาเงียบที่ปิดทาง", "en": "A quiet move that shuts the door"}


def texts(kind: str, f: dict) -> dict:
    side = f["solver"]
    tags = []
    if kind == "win":
        n = f["win_in"]
        goal = {"th": f"{SIDES['th'][side]}เดินก่อน บังคับชนะให้ได้ใน {n} ตา",
                "en": f"{SIDES['en'][side]} to move and win in {n}."}
        tags.append(f"win-in-{n}")
        difficulty = n
    else:
        goal = None  # the best-move kind's own goal says how many moves the line plays on
        tags.append("win-material")
        difficulty = 2
    if f["sacrifice"]:
        tags.append("sacrifice")
    if f["king"] or f["crowns"]:
        tags.append("king")
    if not f["capture"]:
        tags.append("quiet-move")
        difficulty += 1
    return {"title": _title(f), "goal": goal, "tags": tags, "difficulty": max(1, min(5, difficulty))}


class MakhosMiner(Miner):
    kinds = ("win", "best-move")

    def key(self, position: str) -> str:
        """The position text is already canonical (side to move and sorted piece lists)."""
        return position.strip()

    def candidates(self, kind, rng, mate_in, min_pieces, seen, mating: frozenset[str] = frozenset()):
        start = MakhosGame(MakhosGame.start_position, resolve(MakhosGame.options, {})).state
        while True:
            found = None
            for ply, state in self_play(start, rng):
                position = fen.write(fen.Setup(state.position, state.forced, state.missed))
                if ply < MIN_PLY or self.key(position) in seen:
                    continue
                found = win_candidate(state, mate_in) if kind == "win" else best_move_candidate(state)
                if found is not None:
                    fields = {"win_in": mate_in} if kind == "win" else {}
                    found = Candidate(position, found["line"], self.key(position),
                                      texts(kind, found["features"]), fields)
                    break
            yield found
