"""Phase 2 for students: the page of a teacher-made exercise, /<lang>/teach/exercise/.

A teacher-made exercise (static/js/core/teacher-exercise.js) travels inside the assignment
code, so this page is a shell for every one of them: static/js/teach/exercise.js reads the link
``/<lang>/teach/exercise/#<item id>#<assignment code>`` (core/exercise-link.js), finds the item
and runs on it the very puzzle UI of a catalog puzzle page (core/puzzle-ui.js), in assignment
mode. What the build gives it: the pieces and cards of every game (the sprites), the game and
kind names, and the puzzle-independent page fields of every kind (PuzzleKind.page_words: the
words a kind's UI needs), in a JSON data block with the page's own words.
"""
from __future__ import annotations

from markupsafe import Markup

from ..assets import AssetUrls
from ..context import Output
from ..games import PLUGINS
from ..loader import Site
from ..modules import module_graph
from ..puzzles.registry import KINDS
from ..replies import page_json
from .frame import pages

STRINGS: dict[str, dict[str, str]] = {
    "th": {
        "title": "โจทย์จากครู",
        "intro": "โจทย์ที่ครูสร้างเองในงานที่มอบหมาย ทำแล้วผลจะเก็บไว้ในเครื่องนี้ กลับไปหน้างานเพื่อส่งผลให้ครู",
        "noscript": "หน้าโจทย์ต้องเปิดใช้จาวาสคริปต์ จึงจะอ่านโจทย์จากลิงก์และเก็บผลได้",
        "loading": "กำลังเปิดโจทย์…",
        # words for static/js/teach/exercise.js
        "noItem": "ลิงก์นี้ไม่บอกว่าเป็นโจทย์ข้อไหน เปิดโจทย์จากหน้างานที่ครูส่งมาอีกครั้ง",
        "notInAssignment": "โจทย์ข้อนี้ไม่อยู่ในงานนี้ (ลิงก์อาจถูกแก้หรือตัดตอนคัดลอก) เปิดโจทย์จากหน้างานอีกครั้ง",
        "cannotJudge": "เว็บนี้ยังตรวจโจทย์ชนิดนี้ไม่ได้ ({game} · {kind}) ข้ามข้อนี้ไปก่อน แล้วแจ้งครู",
        "safe": "งานที่ทำไว้ในเครื่องนี้ยังอยู่ครบ",
        "back": "กลับไปหน้างาน",
        "meta": "{game} · {kind} · โจทย์ที่ครูสร้างเอง",
        "own": "โจทย์ที่ครูสร้างเอง",
    },
    "en": {
        "title": "Teacher's exercise",
        "intro": "An exercise your teacher made for this assignment. Your work is kept on this device: go back to "
                 "the assignment to send your results.",
        "noscript": "The exercise page needs JavaScript to read the exercise from the link and keep your work.",
        "loading": "Opening the exercise…",
        "noItem": "This link does not say which exercise to open. Open it again from your assignment page.",
        "notInAssignment": "This exercise is not part of this assignment (the link may have been edited or cut off). "
                           "Open it again from your assignment page.",
        "cannotJudge": "This site cannot check this kind of exercise yet ({game} · {kind}). Skip it for now and tell "
                       "your teacher.",
        "safe": "Your work on this device is safe.",
        "back": "Back to the assignment",
        "meta": "{game} · {kind} · made by your teacher",
        "own": "Made by your teacher",
    },
}
#: Keys of STRINGS only the template uses (the rest go to the browser).
PAGE_KEYS = ("title", "intro", "noscript", "loading")


def page_block(site: Site, lang: str) -> dict:
    """The page's data block: its words, the game and kind names, every kind's page words."""
    s = STRINGS[lang]
    return {
        "words": {key: value for key, value in s.items() if key not in PAGE_KEYS},
        "games": {game: names[lang] for game, names in site.all_game_names.items()},
        "kinds": {kind.id: kind.name_th if lang == "th" else kind.name_en for kind in KINDS.values()},
        "kindWords": {kind.id: words for kind in KINDS.values() if (words := kind.page_words(lang))},
    }


def outputs(site: Site, urls: AssetUrls) -> list[Output]:
    """The teacher-made exercise's page in every language."""
    sprites = "".join(PLUGINS[game].sprite() for game in site.game_names)

    def own(lang: str) -> dict:
        s = STRINGS[lang]
        return dict(title=s["title"], summary=s["intro"], s=s, block=Markup(page_json(page_block(site, lang))),
                    sprite=Markup(sprites), preload_modules=module_graph("teach/exercise.js"))

    return pages(site, urls, "teach/exercise/", "teach-exercise.html", "site_builder/teach/exercise_page.py", own,
                 under_guide=False)
