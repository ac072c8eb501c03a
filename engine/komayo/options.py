"""Komayo's rule options: every "C" item of ../shared/rules/komayo.md, with its default."""

from __future__ import annotations

from itertools import combinations

from ..options import Option

START = "lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL b - 1"
# An older FEEN string has Gote's bishop on b7 and rook on g7 (and Sente's mirrored): A-K1.
OLD_START = "lnsiksnl/1b4r1/pppppppp/8/8/PPPPPPPP/1R4B1/LNSIKSNL b - 1"

# Pieces a handicap may give Sente already promoted (A-K10): any of its single pieces.
HANDICAP_PIECES = ("I", "R", "B")
HANDICAPS = tuple(list(chosen) for n in range(len(HANDICAP_PIECES) + 1)
                  for chosen in combinations(HANDICAP_PIECES, n))

OPTIONS = (
    Option("startFen", START, (START, OLD_START),
           "The start position: rook on g2 and bishop on b2 for Sente (the FEEN string), or the older "
           "string with the two swapped. A game given the standard start text starts from this one.",
           "ตำแหน่งเริ่มเกม: เรืออยู่ g2 และโคนอยู่ b2 ของฝ่ายเดินก่อน (ตามสตริง FEEN) หรือแบบเก่าที่สลับสองตัวนี้ "
           "เกมที่ส่งตำแหน่งเริ่มมาตรฐานมาจะเริ่มจากตำแหน่งที่เลือกนี้", "A-K1"),
    Option("ruleset", "v2", ("v2", "v1"),
           "v2: unpromoted pawns are dead in hand, promotion is optional, the King's privilege exists. "
           "v1 (the older rules): pawns may be dropped (not on the last rank), promotion is compulsory "
           "whenever it is possible, no King's privilege.",
           "v2: เบี้ยที่ยังไม่เลื่อนขั้นวางลงกระดานไม่ได้ การเลื่อนขั้นเป็นทางเลือก และมีสิทธิ์ของขุน "
           "v1 (กติกาเก่า): วางเบี้ยได้ (ยกเว้นแถวสุดท้าย) ต้องเลื่อนขั้นทุกครั้งที่ทำได้ และไม่มีสิทธิ์ของขุน", "A-K2"),
    Option("illegalMovePolicy", "lose", ("lose", "reject"),
           "An illegal move (a repetition included) ends the game as a loss for its player, or is refused "
           "with an error and the game goes on.",
           "การเดินผิดกติกา (รวมการเดินซ้ำ) ทำให้ผู้เดินแพ้ทันที หรือถูกปฏิเสธพร้อมแจ้งเหตุผลแล้วเล่นต่อ", "A-K4"),
    Option("fiftyMove", "auto", ("auto", "claim", "off"),
           "After 100 plies with no capture and no move of an unpromoted pawn the game is drawn at once "
           "(auto), or when the side to move claims it (claim), or never (off).",
           "เมื่อเดินครบ 100 ตา (ฝ่ายละ 50) โดยไม่มีการกินและไม่มีการเดินเบี้ยที่ยังไม่เลื่อนขั้น "
           "ให้เสมอทันที (auto) หรือเสมอเมื่อฝ่ายที่ถึงตาเดินขอ (claim) หรือไม่ใช้กติกานี้ (off)", "A-K6"),
    Option("adjudicateTsume", False, (False, True),
           "End the game as soon as the side to move cannot avoid the capture of its king next move "
           "(reason checkmate), instead of playing on to the capture.",
           "จบเกมทันทีเมื่อฝ่ายที่ถึงตาเดินหนีการถูกกินขุนในตาถัดไปไม่พ้นแล้ว (รุกจน) "
           "แทนการเล่นต่อจนกินขุนจริง", "A-K7"),
    Option("noLegalMove", "lose", ("lose", "draw"),
           "A side to move that has no legal move at all loses, or the game is drawn.",
           "ฝ่ายที่ถึงตาเดินแต่ไม่มีตาเดินเลย ให้แพ้ หรือให้เสมอ", "A-K8"),
    Option("handicap", [], HANDICAPS,
           "Handicap: these Sente pieces start promoted (the stronger player takes Gote). Applies to a game "
           "given the standard start text.",
           "การให้เปรียบ: หมากเหล่านี้ของฝ่ายเดินก่อนเริ่มเกมแบบเลื่อนขั้นแล้ว (ผู้เล่นที่เก่งกว่าเล่นฝ่ายเดินหลัง) "
           "ใช้กับเกมที่ส่งตำแหน่งเริ่มมาตรฐานมา", "A-K10"),
)
