"""kind = "mate": the side to move mates in exactly ``mate_in`` moves, proven by the engine.

Checks: the line is legal, alternates attacker moves that keep the mate with the longest
defences, and ends in checkmate; the shortest mate is exactly ``mate_in``; every other key
that mates in ``mate_in`` is acknowledged in ``alternatives`` (a cook otherwise); every
acknowledged alternative really mates. The proof tree (engine.search.proof_tree) records
every mating move at every solver node, so the browser accepts every proven win.
"""
from __future__ import annotations

import json

from engine import search
from engine.makruk import move_uci

from ..engine_ctx import SIDE_WORDS, GameEngine, line_words, side_of
from . import register
from .base import Field, Issue, PuzzleKind

MAX_MATE = 5  # the engine's limit (engine.api.MAX_MATE_DEPTH)


class MateKind(PuzzleKind):
    def prove(self, puzzle, engine: GameEngine) -> tuple[dict | None, list[Issue]]:
        n = puzzle.fields["mate_in"]
        alternatives = list(puzzle.fields["alternatives"] or [])
        start, positions, played, issues = play_solution(engine, puzzle)
        if issues:
            return None, issues
        line = [move_uci(m) for m in played]
        want = 2 * n - 1
        if len(line) != want:
            return None, [Issue("solution", f"the line has {len(line)} moves; a mate in {n} has {want} "
                                f"({n} solver moves and the {n - 1} replies between them)",
                                f"give the key, then the best reply and the next move, ending with the mate "
                                f"({want} moves)")]
        if engine.outcome(positions[-1]) != search.WIN:
            return None, [Issue("solution", f"the line does not end in checkmate: after {line[-1]} "
                                f"{'the game is drawn' if engine.outcome(positions[-1]) else 'the defender can still move'}",
                                "end the line with the mating move")]

        solver = search.MateSolver(engine.options)
        key = played[0]
        shortest = solver.shortest_mate(start, n)
        if shortest is None:
            return None, [Issue("mate_in", not_forced(solver, engine, start, key, n),
                                "change the position, or the claim: the engine finds no forced mate "
                                f"in {n}")]
        if shortest < n:
            quick = solver.mating_moves(start, shortest)
            first = sorted(move_uci(m) for m, k in quick.items() if k == shortest)[0]
            return None, [Issue("mate_in", f"mate is shorter than claimed: mate in {shortest} by {first}",
                                f"write mate_in = {shortest} with that line, or change the position")]
        keys = {move_uci(m): k for m, k in solver.mating_moves(start, n).items()}
        issues = []
        if line[0] not in keys:
            issues.append(Issue("solution[0]", f"the key {line[0]} does not force mate: "
                                + not_forced(solver, engine, start, key, n, short=True),
                                f"start the line with a mating key: {', '.join(sorted(keys))}"))
        accepted = set()
        for i, text in enumerate(alternatives):
            try:
                move = engine.parse(start, text)
            except Exception as error:  # EngineError: bad or illegal move
                issues.append(Issue(f"alternatives[{i}]", str(getattr(error, "message", error)),
                                    "list legal moves of the start position"))
                continue
            uci = move_uci(move)
            if uci == line[0]:
                issues.append(Issue(f"alternatives[{i}]", f"{uci} is the key of the solution itself",
                                    "list only other keys in alternatives"))
            elif uci in accepted:
                issues.append(Issue(f"alternatives[{i}]", f"{uci} is listed twice", "list it once"))
            elif uci not in keys:
                issues.append(Issue(f"alternatives[{i}]", f"{uci} does not mate in {n}: "
                                    + not_forced(solver, engine, start, move, n, short=True),
                                    "remove it from alternatives"))
            accepted.add(uci)
        for cook in sorted(set(keys) - accepted - {line[0]}):
            issues.append(Issue("alternatives", f"cook: {cook} also mates in {keys[cook]}",
                                f"add it to alternatives (alternatives = {json.dumps(sorted(accepted | {cook}))}) "
                                "or change the position"))
        if issues:
            return None, issues
        issues = check_defences(solver, engine, positions, played, line, n)
        if issues:
            return None, issues
        tree = search.proof_tree(solver, start, n, line)
        follow_line(tree, line)
        return {"solver": side_of(start), "mate_in": n, "line": line, "keys": dict(sorted(keys.items())),
                "alternatives": sorted(accepted), "tree": tree, "nodes": solver.nodes}, []

    def page_data(self, puzzle, proof: dict, lang: str) -> dict:
        return {"mate_in": proof["mate_in"], "line": proof["line"], "tree": proof["tree"], "quiz": None}

    def default_goal(self, puzzle, proof: dict) -> dict[str, str]:
        n = puzzle.fields["mate_in"]
        return {"th": f"{SIDE_WORDS['th'][puzzle.solver]}เดินก่อน รุกจนให้ได้ใน {n} ตา",
                "en": f"{SIDE_WORDS['en'][puzzle.solver]} to move and mate in {n}."}

    def solution_text(self, puzzle, proof: dict, lang: str) -> list[str]:
        return line_words(GameEngine(puzzle.game), puzzle.position, proof["line"], lang)


def play_solution(engine: GameEngine, puzzle) -> tuple:
    """(start position, positions, played moves, issues): the solution played out from the start."""
    start = engine.position(puzzle.position)
    if engine.outcome(start) is not None:
        return start, [], [], [Issue("position", "the game is already over in this position",
                                     "set up a position where the solver still has to move")]
    line = list(puzzle.fields["solution"])
    issues = check_line(engine, puzzle.position, line, "solution")
    if issues:
        return start, [], [], issues
    positions, played, _ = engine.play_line(puzzle.position, line)
    return start, positions, played, []


def check_line(engine: GameEngine, fen: str, line: list[str], name: str) -> list[Issue]:
    """Every move of the line legal in turn (errors name the move's index and the legal moves)."""
    if not line:
        return [Issue(name, "is empty", "give the moves of the solution, solver's move first")]
    _, _, error = engine.play_line(fen, line)
    if error is None:
        return []
    where = f"{name}[{error.index}]"
    if error.error is None:
        return [Issue(where, f"the game is already over before {line[error.index]!r} "
                      f"(after {line[error.index - 1]})", f"end the line after {name}[{error.index - 1}]")]
    shown = " ".join(error.legal[:24]) + (" ..." if len(error.legal) > 24 else "")
    return [Issue(where, error.error.message, f"play a legal move there, one of: {shown}")]


def not_forced(solver: search.MateSolver, engine: GameEngine, pos, move: int, n: int, short: bool = False) -> str:
    """'mate in 2 is not forced: after c6c7, a8b8 defends' (or why the move ends the game)."""
    head = "" if short else f"mate in {n} is not forced: "
    uci = move_uci(move)
    nxt = engine.child(pos, move)
    result = engine.outcome(nxt)
    if result == search.DRAW:
        why = "stalemate" if not nxt.legal_moves() else "a draw"
        return f"{head}after {uci} the game ends in {why}"
    reply = solver.refutation(pos, move, n)
    if reply is None:  # cannot happen for a move that does not mate; keep the message useful anyway
        return f"{head}after {uci} there is no forced mate"
    return f"{head}after {uci}, {move_uci(reply)} defends"


def check_defences(solver, engine, positions, played, line, n) -> list[Issue]:
    """Solver moves after the key keep the mate; every reply is among the longest defences."""
    for j in range(0, len(played), 2):
        remaining = n - j // 2
        if j:
            mating = solver.mating_moves(positions[j], remaining)
            if played[j] not in mating:
                return [Issue(f"solution[{j}]", f"{line[j]} does not keep the mate: "
                              + not_forced(solver, engine, positions[j], played[j], remaining, short=True),
                              "play a move that mates in time: "
                              + ", ".join(sorted(move_uci(m) for m in mating)))]
        if j + 1 < len(played):
            d = j + 1
            left = remaining - 1
            longest = search.longest_defences(solver, positions[d], left)
            if line[d] not in longest:
                pos = positions[d]
                lengths = {move_uci(m): solver.shortest_mate(engine.child(pos, m), left) or 0
                           for m in pos.legal_moves()}
                best = sorted(longest)[0]
                return [Issue(f"solution[{d}]", f"{line[d]} is not the best defence: {best} holds out longer "
                              f"(mate in {lengths[best]} after it, in {lengths[line[d]]} after {line[d]})",
                              f"use a longest defence: {', '.join(sorted(longest))}")]
    return []


def follow_line(tree: dict, line: list[str]) -> None:
    """The tree's main path must be the author's line (proof_tree prefers it among equal defences)."""
    node = tree
    for j in range(0, len(line), 2):
        win = node["wins"][line[j]]
        if "mate" in win:
            return
        if win["reply"] != line[j + 1]:
            raise AssertionError(f"proof tree left the line at {line[j + 1]} (tree: {win['reply']})")
        node = win["node"]


MATE = register(MateKind(
    id="mate",
    name_th="รุกจน",
    name_en="Mate",
    doc_th="ฝ่ายที่เดินก่อนรุกจนได้ใน mate_in ตาพอดี เอนจินพิสูจน์ว่าบังคับจนได้ ไม่มีทางจนเร็วกว่านี้ "
           "และทุกตาแรกที่จนได้ต้องระบุใน alternatives",
    doc_en="The side to move mates in exactly mate_in moves. The engine proves the mate is forced and "
           "not shorter, and that every other first move that mates is listed in alternatives.",
    fields=(
        Field("mate_in", "int", required=True, bounds=(1, MAX_MATE), example="2",
              doc_th="จำนวนตาของฝ่ายที่แก้โจทย์จนถึงจน (1 ถึง 5)",
              doc_en="number of solver moves up to and including the mate (1 to 5)"),
        Field("solution", "list[str]", required=True, example='["c6b6", "a8b8", "h1h8"]',
              doc_th="ทางเดินหลัก ตาแรกของผู้แก้ แล้วสลับกับการป้องกันที่ดีที่สุด จบด้วยตาที่จน (2×mate_in−1 ตา)",
              doc_en="the main line: the solver's key, then best defence and reply in turn, ending with "
                     "the mate (2×mate_in−1 moves)"),
        Field("alternatives", "list[str]", default=(), example='["c6c7"]',
              doc_th="ตาแรกอื่นที่จนได้ใน mate_in ตาเหมือนกัน (ต้องระบุทุกตา ไม่อย่างนั้นถือว่าโจทย์มีช่องโหว่)",
              doc_en="other first moves that also mate in mate_in (all of them must be listed; "
                     "an unlisted one is a cook)"),
    ),
))
