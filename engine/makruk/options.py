"""Makruk's rule options: every "C" item of ../shared/rules/makruk.md, with its default."""

from __future__ import annotations

from ..options import Option

BOOL = (False, True)

OPTIONS = (
    Option("repetitionCount", 4, (3, 4, 5),
           "Draw when the same position (pieces and side to move) occurs this many times.",
           "เสมอเมื่อตำแหน่งเดิม (หมากและฝ่ายที่เดิน) เกิดขึ้นครบจำนวนครั้งนี้", "A-M12"),
    Option("shuttleDraw", False, BOOL,
           "The seed's literal reading: a side whose last 4 moves shuttled one piece between the same "
           "two squares draws at once.",
           "อ่านตามต้นฉบับ: ฝ่ายที่ 4 ตาล่าสุดเดินหมากตัวเดียวไปกลับระหว่างสองช่องเดิม ให้เสมอทันที", "A-M12"),
    Option("kingKnightLeap", False, BOOL,
           "Old street rule (as Fairy-Stockfish's cambodian): a Khun never moved nor checked may leap once to "
           "the knight squares sideways one rank ahead (d1 to b2 or f2), never capturing.",
           "กติกาแบบเก่า: ขุนที่ยังไม่เคยเดินและไม่เคยถูกรุกกระโดดได้หนึ่งครั้งไปช่องแบบม้าด้านข้าง "
           "หน้าหนึ่งแถว (d1 ไป b2 หรือ f2) และกินด้วยการกระโดดนี้ไม่ได้", "A-M13"),
    Option("metDoubleStep", False, BOOL,
           "Old street rule: an unmoved Met may move two squares straight forward once, even over a piece, "
           "onto an empty square.",
           "กติกาแบบเก่า: เม็ดที่ยังไม่เคยเดินเดินตรงไปข้างหน้าสองช่องได้หนึ่งครั้ง ข้ามหมากได้ "
           "แต่ต้องลงช่องว่าง", "A-M13"),
    Option("bareKingsDraw", True, BOOL,
           "Khun against Khun alone is an immediate draw.",
           "เหลือขุนต่อขุนเป็นเสมอทันที", "A-M14"),
    Option("boardCountStart", "claim", ("claim", "automatic", "fsf"),
           "Board's honour starts when a player asks (claim); or by itself once no unpromoted Bia remain, "
           "counted by the side with less material from its own turn on (automatic; none on equal material); "
           "or by itself, counted by whoever moves next, as Fairy-Stockfish does (fsf).",
           "ศักดิ์กระดานเริ่มเมื่อผู้เล่นขอนับ (claim) หรือเริ่มเองเมื่อไม่มีเบี้ยคว่ำเหลือ "
           "โดยฝ่ายที่มีหมากน้อยกว่าเป็นผู้นับ เริ่มจากตาเดินของตน (automatic ถ้าหมากเท่ากันจะไม่เริ่มเอง) "
           "หรือเริ่มเองโดยฝ่ายที่จะเดินต่อไปเป็นผู้นับ แบบ Fairy-Stockfish (fsf)", "A-M4"),
    Option("piecesCountStart", "automatic", ("automatic", "claim"),
           "Pieces' honour starts by itself when a side is bare, or only when the bare side asks.",
           "ศักดิ์หมากเริ่มเองเมื่อฝ่ายหนึ่งเหลือขุนตัวเดียว หรือเริ่มเมื่อฝ่ายนั้นขอนับ", "A-M4"),
    Option("boardCountClaimant", "any", ("any", "fewerMaterial"),
           "Who may ask for a board's-honour count: either player, or only the side with less material.",
           "ผู้ที่ขอนับศักดิ์กระดานได้: ผู้เล่นฝ่ายใดก็ได้ หรือเฉพาะฝ่ายที่มีหมากน้อยกว่า", "A-M3"),
    Option("bareKingDuringBoardCount", "switch", ("switch", "defenderChooses"),
           "When the counting side loses its last piece: switch to pieces' honour, or let it choose.",
           "เมื่อฝ่ายที่นับเสียหมากตัวสุดท้าย: เปลี่ยนเป็นศักดิ์หมากทันที หรือให้ฝ่ายนั้นเลือก", "A-M2"),
    Option("limitOrder", "fsf", ("fsf", "khonBeforeKnights"),
           "Order of the pieces' honour limit table for mixed material.",
           "ลำดับการใช้ตารางศักดิ์หมากเมื่อมีหมากหลายชนิด", "A-M5"),
    Option("countExpiry", "automatic", ("automatic", "claim"),
           "When the count runs out the game is drawn at once, or only when the counter claims it.",
           "เมื่อนับครบ เกมเสมอทันที หรือเสมอเมื่อฝ่ายที่นับขอ", "A-M7"),
    Option("mateWhileCounting", "draw", ("draw", "win"),
           "A checkmate given by the counting side while its count runs is a draw, or a win.",
           "ฝ่ายที่กำลังนับรุกจนระหว่างนับ ให้เสมอ หรือให้ชนะ", "A-M8"),
    Option("recomputeLimitOnDefenderCapture", False, BOOL,
           "If the bare Khun captures during pieces' honour, recompute the limit from what is left.",
           "ถ้าขุนที่เหลือตัวเดียวกินหมากระหว่างนับศักดิ์หมาก ให้คิดขีดจำกัดใหม่ตามหมากที่เหลือ", "A-M9"),
    Option("minAttackerMoves", 0, (0, 1),
           "Moves the attacker always gets when the start number is already past the limit.",
           "จำนวนตาที่ฝ่ายรุกได้เดินเสมอ เมื่อเลขเริ่มนับเกินขีดจำกัดแล้ว", "A-M11"),
)
