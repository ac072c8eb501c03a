"""The Makruk counting trainer (/th/makruk/counting-trainer/): materials, positions, the page.

The page lets the reader pick a material balance (White's pieces against a bare black Khun),
builds a random position from a seed (static/js/games/makruk/counting-setup.js; :func:`candidates`
here is the same generator in Python) and lets the engine defend the bare Khun with the
``defend`` op.

Everything a number on the page depends on comes from the engine in phase 1 (:func:`load`):
the limit of each material (``engine.makruk.counting.pieces_limit``), the start number and the
attacker's moves (checked on a real position through ``engine.api.call``). The benchmark of
the defender is ``site_builder/bench/defender.py``.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from engine.api import call
from engine.makruk import counting
from engine.makruk.options import OPTIONS
from engine.makruk.position import Position
from engine.options import resolve

from ...errors import BuildProblem
from ...plugin import ExtraPage, NavEntry

GAME = "makruk"
# Horizon of the defend op (attacker moves searched), chosen per material by horizon_for():
# measured with the benchmark (site_builder/bench/defender.py: start and mid-game positions), horizon 3
# answers in 50-300 ms median per material in CPython, except a Ruea with other pieces (Ruea +
# Ma: ~300-750 ms, Ruea + Khon + Ma + 2 Bia-ngai: ~360-840 ms), which gets horizon 2
# (10-40 ms median). Pyodide in Chromium runs it at about the same speed to 2x slower.
DEFENDER_HORIZON = 3
LIGHT_HORIZON = 2
MAX_TRIES = 500  # same as counting-setup.js
RANDOM = "random"
FEN_LETTERS = {"K": "K", "R": "R", "S": "S", "N": "N", "M": "M", "F": "M~"}  # F = Bia-ngai


class TrainerError(Exception):
    """The engine refused, or could not give, a trainer position."""


@dataclass(frozen=True)
class Material:
    """White's pieces (besides the Khun) against a bare black Khun."""

    id: str
    pieces: str  # R Ruea, S Khon, N Ma, M Met, F Bia-ngai
    th: str
    en: str


MATERIALS = (
    Material("r", "R", "ขุน เรือ ต่อ ขุน", "Khun + Ruea vs Khun"),
    Material("2r", "RR", "ขุน เรือสองลำ ต่อ ขุน", "Khun + 2 Ruea vs Khun"),
    Material("r-n", "RN", "ขุน เรือ ม้า ต่อ ขุน", "Khun + Ruea + Ma vs Khun"),
    Material("2s-n", "SSN", "ขุน โคนสองตัว ม้า ต่อ ขุน", "Khun + 2 Khon + Ma vs Khun"),
    Material("s-2n", "SNN", "ขุน โคน ม้าสองตัว ต่อ ขุน", "Khun + Khon + 2 Ma vs Khun"),
    Material("2s", "SS", "ขุน โคนสองตัว ต่อ ขุน", "Khun + 2 Khon vs Khun"),
    Material("2n", "NN", "ขุน ม้าสองตัว ต่อ ขุน", "Khun + 2 Ma vs Khun"),
    Material("m-n", "MN", "ขุน เม็ด ม้า ต่อ ขุน", "Khun + Met + Ma vs Khun"),
    Material("s", "S", "ขุน โคน ต่อ ขุน", "Khun + Khon vs Khun"),
    Material("r-s-n-2f", "RSNFF", "ขุน เรือ โคน ม้า เบี้ยหงายสองตัว ต่อ ขุน",
             "Khun + Ruea + Khon + Ma + 2 Bia-ngai vs Khun"),
)
BY_ID = {m.id: m for m in MATERIALS}


def horizon_for(pieces: str) -> int:
    """The defend horizon for White's ``pieces``: 3, or 2 for a Ruea with other pieces (too slow at 3)."""
    return LIGHT_HORIZON if "R" in pieces and len(pieces) > 1 else DEFENDER_HORIZON


def mix32(x: int) -> int:
    """A 32-bit integer hash, so that neighbouring seeds start far apart (as in counting-setup.js)."""
    h = x & 0xFFFFFFFF
    h = ((h ^ (h >> 16)) * 0x45D9F3B) & 0xFFFFFFFF
    h = ((h ^ (h >> 16)) * 0x45D9F3B) & 0xFFFFFFFF
    return h ^ (h >> 16)


class Lcg:
    """32-bit linear congruential generator started from mix32(seed), bit for bit the one in counting-setup.js."""

    def __init__(self, seed: int):
        self.state = mix32(seed)

    def next(self) -> int:
        self.state = (self.state * 1664525 + 1013904223) & 0xFFFFFFFF
        return self.state

    def below(self, n: int) -> int:
        """A whole number 0 <= k < n from the high bits."""
        return (self.next() * n) >> 32


def placement(board: list[str | None]) -> str:
    """FEN placement of 64 squares (index = rank * 8 + file, a1 = 0)."""
    rows = []
    for rank in range(7, -1, -1):
        row, empty = "", 0
        for file in range(8):
            piece = board[rank * 8 + file]
            if piece is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
            empty = 0
            row += piece
        if empty:
            row += str(empty)
        rows.append(row)
    return "/".join(rows)


def candidate(rng: Lcg, pieces: str, limit: int) -> str:
    """The next candidate FEN: Black (bare) to move, the pieces' honour count set up."""
    board: list[str | None] = [None] * 64

    def put(letter: str) -> None:
        square = rng.below(64)
        while board[square] is not None:
            square = rng.below(64)
        board[square] = letter

    put("K")
    put("k")
    for piece in pieces:
        put(FEN_LETTERS[piece])
    on_board = len(pieces) + 2
    return f"{placement(board)} b - {2 * limit} {2 * on_board} 1"


def candidates(pieces: str, limit: int, seed: int, n: int) -> list[str]:
    """The first ``n`` candidates for ``seed``."""
    rng = Lcg(seed)
    return [candidate(rng, pieces, limit) for _ in range(n)]


def acceptable(reply: dict) -> bool:
    """Legal, game on, Black not in check, no white piece hanging to Black's first move."""
    if not reply.get("ok") or reply["status"]["result"] != "ongoing" or reply["status"]["check"]:
        return False
    return not any(move[2:4] in reply["board"] for move in reply["legal_moves"])


def not_lost(defence: dict) -> bool:
    """The engine's ``defend`` reply (horizon 1): false if even the best defence is mated next move."""
    return bool(defence.get("ok")) and defence["mate_in"] is None


def random_material(seed: int) -> str:
    """The material "random" stands for with this seed."""
    ids = [m.id for m in MATERIALS]
    return ids[Lcg(seed ^ 0x9E3779B9).below(len(ids))]


def limit_of(pieces: str) -> int:
    """The pieces' honour limit of White's ``pieces`` against a bare Khun (engine, default options)."""
    board: list[str | None] = [None] * 64
    board[0], board[63] = "K", "k"
    for square, piece in zip(range(8, 64), pieces):
        board[square] = FEN_LETTERS[piece]
    options = resolve(OPTIONS, {})
    return counting.pieces_limit(Position.from_fen(f"{placement(board)} b - - 0 1"), "w", options["limitOrder"])


def generate(material: str, seed: int) -> str:
    """The trainer's position for ``material`` and ``seed`` (the page does the same in JS)."""
    if material == RANDOM:
        material = random_material(seed)
    pieces = BY_ID[material].pieces
    rng, limit = Lcg(seed), limit_of(pieces)
    for _ in range(MAX_TRIES):
        fen = candidate(rng, pieces, limit)
        if not acceptable(call({"op": "play", "game": GAME, "position": fen})):
            continue
        if not_lost(call({"op": "defend", "game": GAME, "position": fen, "horizon": 1})):
            return fen
    raise TrainerError(f"no acceptable position for {material!r} with seed {seed} in {MAX_TRIES} tries")


def material_rows() -> list[dict]:
    """Each material with its start, limit and attacker moves, read back from the engine."""
    rows = []
    for m in MATERIALS:
        reply = call({"op": "play", "game": GAME, "position": generate(m.id, 1)})
        if not reply.get("ok"):
            raise TrainerError(f"the engine refused the trainer position for {m.id!r}: {reply.get('error')}")
        count = reply["status"]["counting"]
        start, limit = count["start"], count["limit"]
        rows.append({"id": m.id, "pieces": m.pieces, "th": m.th, "en": m.en, "start": start,
                     "limit": limit, "moves": max(0, limit - start + 1), "horizon": horizon_for(m.pieces)})
    return rows


SLUG = "counting-trainer"
LESSON_SLUG = "counting-basics"  # the trainer page links to this lesson when the site has it
PAGE_TEXT = {
    "th": {
        "title": "ฝึกนับศักดิ์",
        "summary": "เล่นฝ่ายที่ได้เปรียบ ไล่ขุนที่เหลือตัวเดียวให้จนก่อนที่อีกฝ่ายจะนับศักดิ์หมากครบ",
        "intro": "เลือกหมากที่ฝ่ายขาวมี แล้วกระดานจะสุ่มตำแหน่งให้ ขุนดำเหลือตัวเดียว เอนจินเดินแทนฝ่ายดำ "
                 "และหนีให้นานที่สุด ช่องนับศักดิ์ใต้กระดานบอกว่านับถึงตาไหนแล้ว รุกให้จนก่อนนับครบจึงจะชนะ "
                 "ตำแหน่งสุ่มจากเลขในที่อยู่ของหน้า ส่งลิงก์ให้เพื่อนเล่นตำแหน่งเดียวกันได้",
        "table_caption": "ตารางนับศักดิ์หมากของแบบหมากในหน้านี้ (คำนวณโดยเอนจิน)",
        "col_material": "หมากฝ่ายขาว", "col_start": "เริ่มนับที่", "col_limit": "นับครบที่",
        "col_moves": "ตาที่ฝ่ายรุกมี",
        "lesson_hint": "อ่านที่มาของตัวเลขเหล่านี้ในบทเรียนการนับศักดิ์",
        "noscript": "หน้าฝึกนี้ต้องเปิดใช้จาวาสคริปต์เพื่อเดินหมากกับเอนจิน ตารางด้านบนอ่านได้โดยไม่ต้องใช้",
    },
    "en": {
        "title": "Counting trainer",
        "summary": "Play the stronger side and mate the bare Khun before its pieces' honour count runs out.",
        "intro": "Pick White's material and the board sets up a random position against a bare black Khun. "
                 "The engine plays Black and runs away for as long as it can; the count panel under the board "
                 "shows where the count stands. Mate before the count is complete to win. The position comes "
                 "from the number in the page address, so you can send the link to a friend.",
        "table_caption": "Pieces' honour for the materials on this page (computed by the engine)",
        "col_material": "White's pieces", "col_start": "count starts at", "col_limit": "limit",
        "col_moves": "attacker's moves",
        "lesson_hint": "Read where these numbers come from in the counting lessons.",
        "noscript": "This trainer needs JavaScript to play against the engine; the table above works without it.",
    },
}


SOURCE = "site_builder/games/makruk/trainer.py"
TEMPLATE = "counting_trainer.html"


def nav(lang: str) -> NavEntry:
    return NavEntry(SLUG, PAGE_TEXT[lang]["title"])


def load() -> tuple[list[dict] | None, list[BuildProblem]]:
    """Phase 1: the material rows, or the problem that stops the build."""
    try:
        return material_rows(), []
    except (TrainerError, KeyError, TypeError) as error:  # an engine reply without the fields the page needs
        return None, [BuildProblem(SOURCE, 0, f"the counting trainer cannot be built: {error}",
                                   "check the engine's play and defend replies for the trainer positions "
                                   "(python -m engine), then build again")]


def page(rows: list[dict], lang: str, lessons: list) -> ExtraPage:
    """The trainer page (the data attributes the JS reads, the fallback table, the lesson link)."""
    data = [{"id": r["id"], "pieces": r["pieces"], "label": r[lang], "start": r["start"],
             "limit": r["limit"], "moves": r["moves"], "horizon": r["horizon"]} for r in rows]
    text = PAGE_TEXT[lang]
    lesson = next((p.url for p in lessons if p.slug == LESSON_SLUG), None)
    context = {"title": text["title"], "summary": text["summary"], "page": text,
               "materials": data, "materials_json": json.dumps(data, ensure_ascii=False, separators=(",", ":")),
               "horizon": DEFENDER_HORIZON, "random_id": RANDOM, "lesson_url": lesson}
    return ExtraPage(SLUG, TEMPLATE, f"site_builder/games/makruk/templates/{TEMPLATE}", context)
