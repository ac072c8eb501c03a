"""kind = "win": Mak-hot's forced win in N (the opponent is left with no piece or no legal move).

The proof is the mate kind's (:mod:`site_builder.puzzles.kinds.mate`: forced, not shorter,
every winning key listed, longest defences, a tree of every winning move); only the words
differ: checkers has no mate, it has a side that cannot move.
"""
from __future__ import annotations

from engine.api import MAX_WIN_DEPTH
from engine.makhos import MakhosGame

from ...puzzles.kinds.base import Field
from ...puzzles.kinds.mate import MateKind

MAX_WIN = min(MAX_WIN_DEPTH, 4)


class WinKind(MateKind):
    count_field = "win_in"

    def default_goal(self, puzzle, proof: dict) -> dict[str, str]:
        n = puzzle.fields[self.count_field]
        side = puzzle.site.words.side
        return {"th": f"{side(puzzle.solver, 'th')}เดินก่อน บังคับชนะให้ได้ใน {n} ตา",
                "en": f"{side(puzzle.solver, 'en')} to move and win in {n}."}


WIN = WinKind(
    id="win",
    games=(MakhosGame.id,),
    name_th="บังคับชนะ",
    name_en="Win",
    doc_th="ฝ่ายที่เดินก่อนบังคับให้อีกฝ่ายหมดหมากหรือไม่มีตาเดินได้ใน `win_in` ตาพอดี เอนจินพิสูจน์ว่าบังคับได้ "
           "ไม่มีทางชนะเร็วกว่านี้ และทุกตาแรกที่ชนะได้ต้องระบุใน `alternatives`",
    doc_en="The side to move leaves the opponent with no piece or no move in exactly win_in moves. The engine "
           "proves the win is forced and not shorter, and that every other winning first move is listed in "
           "alternatives.",
    fields=(
        Field("win_in", "int", required=True, bounds=(1, MAX_WIN), example="2",
              doc_th=f"จำนวนตาของฝ่ายที่แก้โจทย์จนถึงตาที่ชนะ (1 ถึง {MAX_WIN})",
              doc_en=f"number of solver moves up to and including the winning one (1 to {MAX_WIN})"),
        Field("solution", "list[str]", required=True, example='["c3xe5", "f6xd4", "e1-f2"]',
              doc_th="ทางเดินหลัก ตาแรกของผู้แก้ แล้วสลับกับการป้องกันที่ดีที่สุด จบด้วยตาที่ชนะ (2 × `win_in` − 1 ตา)",
              doc_en="the main line: the solver's key, then best defence and reply in turn, ending with the "
                     "winning move (2×win_in−1 moves)"),
        Field("alternatives", "list[str]", default=(), example='["c3-d4"]',
              doc_th="ตาแรกอื่นที่ชนะได้ใน `win_in` ตาเหมือนกัน (ต้องระบุทุกตา)",
              doc_en="other first moves that also win in win_in (all of them must be listed)"),
    ),
)
