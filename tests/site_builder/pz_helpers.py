"""Helpers for the puzzle tests: small puzzle files in tmp projects."""
from __future__ import annotations

import json
import random
from pathlib import Path

from sb_helpers import write_tree

MATE2 = "k7/8/2K5/8/8/8/8/7R w - - 0 1"  # keys c6b6 and c6c7 (both mate in 2)
MATE1 = "k7/8/1K6/8/8/8/8/7R w - - 0 1"  # h1h8 mates
MATE3 = "k7/8/8/3K4/8/8/8/7R w - - 0 1"  # d5c6 is the only key of a mate in 3
FORK = "r3k3/8/8/3N4/8/8/8/4K3 w - - 0 1"  # d5c7+ forks Khun and Ruea
STALEMATE = "k7/2M5/1K6/8/8/8/8/8 b - - 0 1"
CHECKMATE = "1R1k4/8/3K4/8/8/8/8/8 b - - 0 1"
BARE_KINGS = "8/8/3k4/8/8/3K4/8/8 w - - 0 1"


def value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {value(x)}" for k, x in v.items()) + " }"
    raise TypeError(v)


WORDS_TH = ("ขุน", "เรือ", "ม้า", "โคน", "เม็ด", "เบี้ย", "แถว", "มุม", "ขอบ", "ช่อง", "ทาง", "หนี", "คุม", "รุก", "กิน", "บัง")
WORDS_EN = ("khun", "ruea", "ma", "khon", "met", "bia", "rank", "corner", "edge", "square", "file", "escape", "guard",
            "check", "take", "block")


def hints_for(pid: str) -> dict:
    """Two hints per language that no other puzzle id gets (hints.py refuses repeated hints)."""
    rng = random.Random(pid)
    made = {}
    for lang, words in (("th", WORDS_TH), ("en", WORDS_EN)):
        made[lang] = [" ".join(rng.choice(words) for _ in range(12)) for _ in range(2)]
    return made


def puzzle(pid: str, **fields) -> str:
    """TOML text of a puzzle: a valid mate in 2 unless fields override (None removes a field)."""
    base = {
        "id": pid, "game": "makruk", "kind": "mate", "position": MATE2, "difficulty": 2,
        "tags": ["mate-in-2", "ruea"], "credit": "test", "mate_in": 2,
        "solution": ["c6b6", "a8b8", "h1h8"], "alternatives": ["c6c7"],
        "title": {"th": f"โจทย์ {pid}", "en": f"Puzzle {pid}"},
        "goal": {"th": "ขาวเดินก่อน รุกจนใน 2 ตา", "en": "White to move and mate in 2."},
        "hints": hints_for(pid),
    }
    base.update(fields)
    if "goal" not in fields and isinstance(base.get("mate_in"), int):  # the statement says the count asked
        n = base["mate_in"]
        base["goal"] = {"th": f"ขาวเดินก่อน รุกจนใน {n} ตา", "en": f"White to move and mate in {n}."}
    tables = {k: v for k, v in base.items() if isinstance(v, dict) and k in ("title", "goal", "hints")}
    lines = [f"{k} = {value(v)}" for k, v in base.items() if v is not None and k not in tables]
    for name, table in tables.items():
        lines += ["", f"[{name}]"] + [f"{k} = {value(v)}" for k, v in table.items()]
    return "\n".join(lines) + "\n"


def quiz(pid: str, position: str, question: str, **fields) -> str:
    merged = dict(kind="rule-quiz", position=position, question=question, mate_in=None, solution=None,
                  alternatives=None, tags=["rules"], goal=None)
    merged.update(fields)
    return puzzle(pid, **merged)


def best(pid: str, **fields) -> str:
    merged = dict(kind="best-move", position=FORK, mate_in=None, solution=["d5c7", "e8d7", "c7a8"],
                  alternatives=None, tags=["fork"], goal=None)
    merged.update(fields)
    return puzzle(pid, **merged)


def project(root: Path, puzzles: dict[str, str], content: dict[str, str] | None = None) -> Path:
    """A tmp project: minimal content plus puzzles/makruk/<id>.toml files (keys: file names or paths)."""
    files = dict(content or {
        "content/th/makruk/01-a.md": "---\ntitle: ก\norder: 1\nsummary: ส\n---\nข้อความ\n",
        "content/en/makruk/01-a.md": "---\ntitle: A\norder: 1\nsummary: S\n---\nText\n",
    })
    for name, text in puzzles.items():
        files[name if "/" in name else f"puzzles/makruk/{name}.toml"] = text
    (root / "puzzles").mkdir(parents=True, exist_ok=True)
    return write_tree(root, files)
