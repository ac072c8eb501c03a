"""Mak-hot's rule options: every "C" item of ../shared/rules/makhos.md, with its default."""

from __future__ import annotations

from typing import NamedTuple

from ..options import Option

OPTIONS = (
    Option("captureRule", "strict", ("strict", "claimable"),
           "strict: a move that does not capture is illegal while a capture exists. claimable (the seed's "
           "tournament rule): it is legal, and the opponent may claim the missed capture before moving "
           "(the action 'claim-capture'): the move is taken back and the player must capture.",
           "strict: ถ้ามีตากินอยู่ จะเดินโดยไม่กินไม่ได้ claimable (ตามกติกาการแข่งขันในต้นฉบับ): "
           "เดินโดยไม่กินได้ แต่ฝ่ายตรงข้ามทักท้วงให้กินได้ก่อนเดินหมากของตน (คำสั่ง 'claim-capture') "
           "แล้วฝ่ายที่เดินต้องถอนตาเดินนั้นและกินแทน", "A-H6"),
    Option("kingLanding", "adjacent", ("adjacent", "any"),
           "Where a king lands after a capture: on the square just beyond the piece it takes (adjacent), "
           "or on any empty square beyond it, as in international draughts (any).",
           "ฮอสที่กินต้องลงช่องที่อยู่ถัดจากหมากที่ถูกกินทันที (adjacent) หรือลงช่องว่างช่องใดก็ได้ที่เลยหมากนั้นไป "
           "แบบหมากฮอสสากล (any)", "A-H3"),
    Option("kingContinuation", "any", ("any", "noReverse"),
           "Which way a king may jump next in a multi-capture: any direction, back the way it came included "
           "(any), or straight on or at a right angle but never straight back (noReverse).",
           "ทิศที่ฮอสกินต่อได้ในการกินหลายต่อ: ทิศใดก็ได้ รวมทั้งย้อนกลับทางเดิม (any) "
           "หรือตรงไปหรือหักมุมฉากเท่านั้น ห้ามย้อนกลับ (noReverse)", "A-H4"),
    Option("firstMover", "white", ("white", "black"),
           "The side that moves first from the start position.",
           "ฝ่ายที่เดินก่อนจากตำแหน่งเริ่มต้น", "A-H2"),
    Option("repetitionDraw", 0, (0, 3, 4, 5),
           "Draw when the same position (pieces and side to move) occurs this many times; 0: never.",
           "เสมอเมื่อตำแหน่งเดิม (หมากและฝ่ายที่เดิน) เกิดซ้ำครบจำนวนครั้งนี้ 0 คือไม่ใช้กติกานี้", "A-H9"),
    Option("noProgressLimit", 0, (0, 10, 15, 20, 25, 30, 40, 50),
           "Draw when each side has made this many moves in a row with no capture and no man moved; 0: never.",
           "เสมอเมื่อทั้งสองฝ่ายเดินติดต่อกันฝ่ายละครบจำนวนตานี้ โดยไม่มีการกินและไม่มีการเดินเบี้ย "
           "0 คือไม่ใช้กติกานี้", "A-H9"),
)


class Rules(NamedTuple):
    """The options a position's moves depend on (the draws and the first mover live in the game)."""

    claimable: bool = False
    any_landing: bool = False
    no_reverse: bool = False


def bind(options: dict) -> Rules:
    """The move rules of resolved ``options``."""
    return Rules(options["captureRule"] == "claimable", options["kingLanding"] == "any",
                 options["kingContinuation"] == "noReverse")
