"""kind = "mate": the side to move forces a win (checkmate) in exactly ``mate_in`` moves, proven by the engine.

Game-neutral: it works on the engine's protocol (``State``, handles, ``engine.core.search``).
Checks: the line is legal, alternates attacker moves that keep the win with the longest
defences, and ends the game with the solver's win; the shortest win is exactly ``mate_in``;
every other key that wins in ``mate_in`` is acknowledged in ``alternatives`` (a cook otherwise);
every acknowledged alternative really wins. The proof tree (``engine.core.search.proof_tree``)
records every winning move at every solver node, so the browser accepts every proven win.
"""
from __future__ import annotations

import json

from engine.api import MAX_WIN_DEPTH
from engine.core import search
from engine.core.prove import refutation_words
from engine.core.search import text_of
from engine.errors import EngineError

from ..engine_ctx import GameEngine, Line
from ...replies import PageRequest, tree_requests
from .base import Field, Issue, PuzzleKind

MAX_MATE = MAX_WIN_DEPTH  # the engine's limit


class MateKind(PuzzleKind):
    # The field holding N; a game whose win is not called mate names it its own way (makhos: win_in).
    count_field = "mate_in"

    def prove(self, puzzle, engine: GameEngine) -> tuple[dict | None, list[Issue]]:
        n = puzzle.fields[self.count_field]
        alternatives = list(puzzle.fields["alternatives"] or [])
        played, issues = play_solution(engine, puzzle)
        if issues:
            return None, issues
        start = played.states[0]
        line = [m.text for m in played.moves]
        want = 2 * n - 1
        if len(line) != want:
            return None, [Issue("solution", f"the line has {len(line)} moves; a mate in {n} has {want} "
                                f"({n} solver moves and the {n - 1} replies between them)",
                                f"give the key, then the best reply and the next move, ending with the mate "
                                f"({want} moves)")]
        if search.verdict(played.states[-2], played.states[-1]) != search.WIN:
            return None, [Issue("solution", f"the line does not end in checkmate: after {line[-1]} "
                                f"{'the game is drawn' if played.states[-1].outcome() else 'the defender can still move'}",
                                "end the line with the mating move")]

        solver = engine.solver()
        key = played.handles[0]
        shortest = solver.shortest_win(start, n)
        if shortest is None:
            return None, [Issue(self.count_field, not_forced(solver, start, key, n),
                                "change the position, or the claim: the engine finds no forced mate "
                                f"in {n}")]
        if shortest < n:
            quick = solver.winning_moves(start, shortest)
            first = sorted(text_of(start, h) for h, k in quick.items() if k == shortest)[0]
            return None, [Issue(self.count_field, f"mate is shorter than claimed: mate in {shortest} by {first}",
                                f"write {self.count_field} = {shortest} with that line, or change the position")]
        winning = solver.winning_moves(start, n)
        keys = search.describe_moves(start, winning)
        issues = []
        if line[0] not in keys:
            issues.append(Issue("solution[0]", f"the key {line[0]} does not force mate: "
                                + not_forced(solver, start, key, n, short=True),
                                f"start the line with a mating key: {', '.join(sorted(keys))}"))
        accepted = set()
        for i, text in enumerate(alternatives):
            try:
                move = engine.handle(puzzle.position, start, text)
            except EngineError as error:
                issues.append(Issue(f"alternatives[{i}]", error.message, "list legal moves of the start position"))
                continue
            written = text_of(start, move)
            if written == line[0]:
                issues.append(Issue(f"alternatives[{i}]", f"{written} is the key of the solution itself",
                                    "list only other keys in alternatives"))
            elif written in accepted:
                issues.append(Issue(f"alternatives[{i}]", f"{written} is listed twice", "list it once"))
            elif written not in keys:
                issues.append(Issue(f"alternatives[{i}]", f"{written} does not mate in {n}: "
                                    + not_forced(solver, start, move, n, short=True),
                                    "remove it from alternatives"))
            accepted.add(written)
        for cook in sorted(set(keys) - accepted - {line[0]}):
            issues.append(Issue("alternatives", f"cook: {cook} also mates in {keys[cook]}",
                                f"add it to alternatives (alternatives = {json.dumps(sorted(accepted | {cook}))}) "
                                "or change the position"))
        if issues:
            return None, issues
        issues = check_defences(solver, played, line, n)
        if issues:
            return None, issues
        tree = search.proof_tree(solver, start, n, line)
        follow_line(tree, line)
        giveaways = sorted(set(keys) | {start.move(h).to_square for h in winning})
        return {"solver": start.turn, "mate_in": n, "line": line, "keys": keys,
                "alternatives": sorted(accepted), "tree": tree, "nodes": solver.nodes, "giveaways": giveaways}, []

    def page_data(self, puzzle, proof: dict, lang: str) -> dict:
        return {"mate_in": proof["mate_in"], "line": proof["line"], "tree": proof["tree"], "quiz": None}

    def page_requests(self, puzzle, proof: dict) -> list[PageRequest]:
        return tree_requests(puzzle.game, puzzle.position, proof["tree"])

    def default_goal(self, puzzle, proof: dict) -> dict[str, str]:
        n = puzzle.fields[self.count_field]
        side = puzzle.site.words.side
        return {"th": f"{side(puzzle.solver, 'th')}เดินก่อน รุกจนให้ได้ใน {n} ตา",
                "en": f"{side(puzzle.solver, 'en')} to move and mate in {n}."}

    def solution_text(self, puzzle, proof: dict, lang: str) -> list[str]:
        return GameEngine(puzzle.site).line_words(puzzle.position, proof["line"], lang)

    def asked_moves(self, puzzle, proof: dict) -> int:
        return proof["mate_in"]


def play_solution(engine: GameEngine, puzzle) -> tuple[Line | None, list[Issue]]:
    """The solution played out from the start (states, handles, moves), or the issues that stop it."""
    if engine.state(puzzle.position).outcome() is not None:
        return None, [Issue("position", "the game is already over in this position",
                            "set up a position where the solver still has to move")]
    moves = list(puzzle.fields["solution"])
    if not moves:
        return None, [Issue("solution", "is empty", "give the moves of the solution, solver's move first")]
    played = engine.play_line(puzzle.position, moves)
    error = played.error
    if error is None:
        return played, []
    where = f"solution[{error.index}]"
    if error.error is None:
        return None, [Issue(where, f"the game is already over before {moves[error.index]!r} "
                            f"(after {moves[error.index - 1]})", f"end the line after solution[{error.index - 1}]")]
    shown = " ".join(error.legal[:24]) + (" ..." if len(error.legal) > 24 else "")
    return None, [Issue(where, error.error.message, f"play a legal move there, one of: {shown}")]


def not_forced(solver: search.MateSolver, state, move, n: int, short: bool = False) -> str:
    """'mate in 2 is not forced: after c6c7, a8b8 defends' (or why the move ends the game): the
    engine's words (engine.core.prove.refutation_words, which the prove op also says)."""
    head = "" if short else f"mate in {n} is not forced: "
    return head + refutation_words(solver, state, move, n)["en"]


def check_defences(solver: search.MateSolver, played: Line, line: list[str], n: int) -> list[Issue]:
    """Solver moves after the key keep the win; every reply is among the longest defences."""
    states, handles = played.states, played.handles
    for j in range(0, len(handles), 2):
        remaining = n - j // 2
        if j:
            winning = solver.winning_moves(states[j], remaining)
            if handles[j] not in winning:
                return [Issue(f"solution[{j}]", f"{line[j]} does not keep the mate: "
                              + not_forced(solver, states[j], handles[j], remaining, short=True),
                              "play a move that mates in time: "
                              + ", ".join(sorted(text_of(states[j], h) for h in winning)))]
        if j + 1 < len(handles):
            d = j + 1
            left = remaining - 1
            longest = search.longest_defences(solver, states[d], left)
            if line[d] not in longest:
                state = states[d]
                lengths = {text_of(state, h): solver.shortest_win(state.child(h), left) or 0
                           for h in state.handles()}
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


MATE = MateKind(
    id="mate",
    ops=("play", "mate"),
    name_th="รุกจน",
    name_en="Mate",
    doc_th="ฝ่ายที่เดินก่อนรุกจนได้ใน `mate_in` ตาพอดี เอนจินพิสูจน์ว่าบังคับจนได้ ไม่มีทางจนเร็วกว่านี้ "
           "และทุกตาแรกที่จนได้ต้องระบุใน `alternatives`",
    doc_en="The side to move mates in exactly mate_in moves. The engine proves the mate is forced and "
           "not shorter, and that every other first move that mates is listed in alternatives.",
    fields=(
        Field("mate_in", "int", required=True, bounds=(1, MAX_MATE), example="2",
              doc_th="จำนวนตาของฝ่ายที่แก้โจทย์จนถึงจน (1 ถึง 5)",
              doc_en="number of solver moves up to and including the mate (1 to 5)"),
        Field("solution", "list[str]", required=True, example='["c6b6", "a8b8", "h1h8"]',
              doc_th="ทางเดินหลัก ตาแรกของผู้แก้ แล้วสลับกับการป้องกันที่ดีที่สุด จบด้วยตาที่จน (2 × `mate_in` − 1 ตา)",
              doc_en="the main line: the solver's key, then best defence and reply in turn, ending with "
                     "the mate (2×mate_in−1 moves)"),
        Field("alternatives", "list[str]", default=(), example='["c6c7"]',
              doc_th="ตาแรกอื่นที่จนได้ใน `mate_in` ตาเหมือนกัน (ต้องระบุทุกตา ไม่อย่างนั้นถือว่าโจทย์มีช่องโหว่)",
              doc_en="other first moves that also mate in mate_in (all of them must be listed; "
                     "an unlisted one is a cook)"),
    ),
)
