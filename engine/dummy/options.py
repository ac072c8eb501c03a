"""Dummy Knock's rule options: every "C" item of ../shared/rules/dummy.md that the settlement
depends on, with its default. (A-D13, who plays first, and A-D15, calls tracked automatically,
govern play, which the engine does not simulate: a table lists what happened.)"""

from __future__ import annotations

from ..options import Option

BOOL = (False, True)

OPTIONS = (
    Option("spetoHeldPer", "card", ("card", "holder"),
           "The speto-holding fee S (2M) is counted per speto card held, or once per holder.",
           "ค่าอมสเปโต (2 เท่าของเสียกลาง) คิดต่อสเปโตหนึ่งใบ หรือคิดครั้งเดียวต่อผู้อม", "A-D4"),
    Option("feePayers", "others", ("others", "losers"),
           "Who pays the head, speto, collected-speto and show-two-spetos fees: each of the other 3 "
           "players, or only those of them who lose the game.",
           "ผู้จ่ายค่าหัว ค่าสเปโต และค่าโชว์สเปโต 2 ตัว: ผู้เล่นอีก 3 คนทุกคน "
           "หรือเฉพาะคนที่เป็นผู้เสียในเกมนั้น", "A-D5"),
    Option("knockFeeTimesLoserFactor", False, BOOL,
           "The knock fee is also multiplied by the loser's own factor c (dark 2, colour 4 or 8).",
           "ค่าน็อกคูณด้วยตัวคูณของผู้เสียด้วย (ลบมืด 2 เท่า ถือสี 4 หรือ 8 เท่า)", "A-D6"),
    Option("tieBreak", "seed", ("seed", "seatOrder"),
           "Equal scores: as the seed says (the next head card's colour for two losers, the high cards "
           "for three, §57/§65/§66), or by seat order from the dealer (the earlier seat ranks better).",
           "แต้มเท่ากัน: ตัดสินตามกติกา (สีไพ่หัวเกมถัดไปเมื่อเสมอ 2 คน จับใหญ่เมื่อเสมอ 3 คน) "
           "หรือตามลำดับที่นั่งนับจากผู้ทำไพ่ (ผู้ที่นั่งก่อนได้ขั้นที่ดีกว่า)", "A-D7"),
    Option("colourDarkFoolFeeder", "bornCount", ("bornCount", "large"),
           "The tier of a fool feeder when the knock is colour-dark: by how many losers are born "
           "(§61-§64, as for a dark fool), or always large (as §60 rules for colour-light).",
           "ขั้นการเสียของผู้ตีโง่เมื่อผู้น็อกน็อกสีมืด: ตามจำนวนผู้เสียที่เกิดแล้ว (ข้อ 61-64 แบบตีโง่มืด) "
           "หรือเสียมากเสมอ (แบบตีโง่สีสว่างในข้อ 60)", "A-D8"),
    Option("stackFaceDownSpeto", True, BOOL,
           "A speto knocked face down earns the holding fee S and the face-down fee M (plus M if it is "
           "also a dummy); when off, only S (plus M if it is a dummy).",
           "คว่ำสเปโตน็อกได้ทั้งค่าอมสเปโตและค่าคว่ำสเปโต (และค่าดัมมี่ถ้าสเปโตเป็นดัมมี่) "
           "ถ้าปิด ได้เฉพาะค่าอมสเปโต (และค่าดัมมี่)", "A-D9"),
    Option("spetoFeeAtKnock", False, BOOL,
           "A knocker who melds or lays off a speto in the knocking turn also earns the §41 speto fee, "
           "besides the holding fee S.",
           "ผู้น็อกที่ลงชุดสเปโตหรือฝากสเปโตในตาที่น็อกได้ค่าสเปโตตามข้อ 41 เพิ่มจากค่าอมสเปโตด้วย", "A-D10"),
    Option("colourCountsFaceDown", False, BOOL,
           "A colour knock also needs the face-down card in the knocker's suit.",
           "น็อกสีต้องให้ไพ่ใบที่คว่ำเป็นดอกเดียวกันด้วย", "A-D11"),
    Option("colourWithoutKnock", False, BOOL,
           "Colour factors (a loser holding one suit) apply in a game nobody knocked too.",
           "ตัวคูณถือสีใช้กับเกมที่ไม่มีผู้น็อกด้วย", "A-D12"),
    Option("layoffOnto", "anyCard", ("anyCard", "melderCards"),
           "A dummy may extend a run over another player's dummy (S003), or only touch the meld "
           "owner's own cards (popular pages).",
           "ฝากดัมมี่ต่อจากดัมมี่ของผู้อื่นได้ (กติกาดัมมี่น็อก 2025) หรือต่อได้เฉพาะไพ่ของเจ้าของชุด", "A-D14"),
    Option("foolForced", "noDeeper", ("noDeeper", "mustTake"),
           "When the upper seat feeds a card one can knock with (§47): no deeper collect is allowed "
           "(drawing stays legal), or only the collect-knocks of that card are.",
           "เมื่อขาบนตีโง่ให้ (ข้อ 47): ห้ามเก็บไพ่ที่ลึกกว่าใบนั้น (ยังจั่วได้) "
           "หรือต้องเก็บใบนั้นไปน็อกเท่านั้น", "A-D35"),
    Option("multipliers", "S003", ("S003", "POP"),
           "Dark and colour factors: 2, 4 (colour) and 8 (colour-dark) as S003; or 2, 2 and 4 as the "
           "popular pages.",
           "ตัวคูณมืดและสี: 2, 4 (สี) และ 8 (สีมืด) ตามกติกาดัมมี่น็อก 2025 หรือ 2, 2 และ 4 ตามเว็บทั่วไป", "A-D17"),
    Option("liabilities", "cover", ("cover", "ignore"),
           "Paying on behalf of others (เหมา): the culprits pay the covered lines, or the listed "
           "liabilities are ignored.",
           "การเหมาเสียแทนขาอื่น: ผู้ผิดจ่ายแทนตามรายการที่ระบุ หรือไม่คิดการเหมา", "A-D25"),
)

# k for the knock types and c for the loser states: light, dark, colour-light, colour-dark.
FACTORS = {"S003": (1, 2, 4, 8), "POP": (1, 2, 2, 4)}
