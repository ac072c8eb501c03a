"""The puzzle pages' words and URLs: the index, one puzzle, the author's guide; the names of tags."""
from __future__ import annotations

STRINGS = {
    "th": {
        "puzzles": "โจทย์",
        "puzzles_title": "โจทย์หมากกระดาน",
        "puzzles_intro": "โจทย์ทุกข้อผ่านการตรวจด้วยเอนจิน: ทางแก้ถูกพิสูจน์ และทุกตาที่ชนะได้จริงนับว่าถูก",
        "difficulty": "ระดับ {n}/5",
        "difficulty_label": "ความยาก",
        "tags": "ป้ายกำกับ",
        "goal": "โจทย์",
        "hints": "คำใบ้",
        "hint_n": "คำใบ้ {n}",
        "solution": "เฉลย",
        "to_move": "ตาเดินของ{side}",
        "next_puzzle": "โจทย์ถัดไป",
        "all_puzzles": "โจทย์ทั้งหมด",
        "format": "วิธีเขียนไฟล์โจทย์",
        "format_title": "วิธีเขียนไฟล์โจทย์ (สำหรับผู้แต่งโจทย์)",
        "noscript": "กระดานสำหรับแก้โจทย์ต้องเปิดใช้จาวาสคริปต์ ถ้าไม่มี ยังอ่านโจทย์ ดูภาพกระดาน คำใบ้ และเฉลยด้านล่างได้",
        "choices": "ตัวเลือก",
        "count": "{n} ข้อ",
        "credit": "ที่มา",
    },
    "en": {
        "puzzles": "Puzzles",
        "puzzles_title": "Puzzles",
        "puzzles_intro": "Every puzzle is checked by the engine: the solution is proven and every move that "
                         "really wins is accepted.",
        "difficulty": "Difficulty {n}/5",
        "difficulty_label": "Difficulty",
        "tags": "Tags",
        "goal": "Task",
        "hints": "Hints",
        "hint_n": "Hint {n}",
        "solution": "Solution",
        "to_move": "{side} to move",
        "next_puzzle": "Next puzzle",
        "all_puzzles": "All puzzles",
        "format": "How to write a puzzle file",
        "format_title": "How to write a puzzle file (for authors)",
        "noscript": "Solving on the board needs JavaScript. Without it you can still read the task, see the "
                    "diagram, the hints and the solution below.",
        "choices": "Choices",
        "count": "{n} puzzles",
        "credit": "Source",
    },
}


# Tags every game's puzzles may use; a game plugin adds its own (``puzzle_tags``: pieces, its own kinds).
NEUTRAL_TAGS = {
    **{f"mate-in-{n}": {"th": f"จนใน {n} ตา", "en": f"mate in {n}"} for n in range(1, 6)},
    "quiet-move": {"th": "ตาเงียบ", "en": "quiet move"},
    "sacrifice": {"th": "สละหมาก", "en": "sacrifice"},
    "win-material": {"th": "ได้หมาก", "en": "win material"},
    "fork": {"th": "จับสองตัว", "en": "fork"},
    "pin": {"th": "ตรึง", "en": "pin"},
    "check": {"th": "รุก", "en": "check"},
    "checkmate": {"th": "จน", "en": "checkmate"},
    "stalemate": {"th": "อับ", "en": "stalemate"},
    "draw": {"th": "เสมอ", "en": "draw"},
    "moves": {"th": "การเดินหมาก", "en": "how pieces move"},
    "rules": {"th": "กติกา", "en": "rules"},
    "worked-example": {"th": "ตัวอย่างทีละขั้น", "en": "worked example"},
    "sources-differ": {"th": "ตำราต่างกัน", "en": "sources differ"},
}


def tag_words(site) -> dict[str, dict[str, str]]:
    """Every tag a game's puzzles may use, with its name per language (a game's own name for a tag
    wins over the neutral one)."""
    return {**NEUTRAL_TAGS, **site.puzzle_tags}


def tag_names(site, lang: str) -> dict[str, str]:
    """tag -> its name in ``lang``."""
    return {tag: words[lang] for tag, words in tag_words(site).items()}


def strings(lang: str) -> dict[str, str]:
    return STRINGS[lang]


def index_url(lang: str) -> str:
    return f"/{lang}/puzzles/"


def format_url(lang: str) -> str:
    return f"/{lang}/puzzles/format/"


def nav_link(present: bool, lang: str) -> dict | None:
    """The site navigation's link to the puzzle index (None when the project has no puzzles/ folder)."""
    return {"url": index_url(lang), "title": STRINGS[lang]["puzzles"]} if present else None
