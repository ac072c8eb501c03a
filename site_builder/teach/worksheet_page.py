"""The printable worksheet /<lang>/teach/worksheet/#<assignment code>, one page per language.

The page is a blank sheet: static/js/teach/worksheet.js reads the assignment from the URL's
#fragment, finds each item in the catalog (catalog.py) and copies from the item's own puzzle
page what the page drew at build time: its diagram (SVG, with the sprite symbols it uses), its
task and its solution (the engine's proven line, the quiz's answer, the Dummy settlement); a
teacher-made exercise (inside the code) it draws and solves with the engine in the page (a kind's
own words, e.g. Dummy's card names, come in the page's #ws-kind-words block). Then it
prints on A4 or Letter (static/css/print.css): the items in two columns with answer lines, and
the answer key from a page of its own. Nothing leaves the browser.
"""
from __future__ import annotations

from markupsafe import Markup

from ..assets import AssetUrls
from ..context import Output
from ..loader import Site
from ..modules import module_graph
from ..replies import page_json
from .catalog import catalog_url
from .exercise_page import page_block
from .frame import pages

STRINGS: dict[str, dict[str, str]] = {
    "th": {
        "title": "ใบงาน",
        "summary": "ใบงานสำหรับพิมพ์ลงกระดาษ เอ 4 จากงานที่ครูสร้าง พร้อมเฉลยแยกหน้า",
        "print": "พิมพ์ใบงาน",
        "edit": "แก้ไขงานนี้",
        "builder": "สร้างงานใหม่",
        "noscript": "ใบงานต้องเปิดใช้จาวาสคริปต์ จึงจะอ่านงานจากลิงก์และวาดโจทย์ได้",
        "name": "ชื่อ",
        "class": "ชั้น",
        "number": "เลขที่",
        "date": "วันที่",
        # words for static/js/teach/worksheet.js (data-* of #ws-sheet)
        "loading": "กำลังเตรียมใบงาน…",
        "ready": "ใบงานพร้อมพิมพ์: โจทย์ {n} ข้อ และเฉลยแยกหน้า",
        "partly": "ใบงานพร้อมพิมพ์ แต่มี {missing} ข้อที่แสดงไม่ได้ (ดูข้อความในข้อนั้น)",
        "no_code": "ลิงก์นี้ไม่มีงานอยู่ สร้างงานในหน้าสร้างงานก่อน แล้วกดลิงก์ใบงานจากที่นั่น",
        "catalog_failed": "โหลดรายการโจทย์ไม่ได้ ({why}) ตรวจการเชื่อมต่ออินเทอร์เน็ตแล้วโหลดหน้านี้อีกครั้ง",
        "missing": "ข้อ {n}: ไม่มีโจทย์รหัส “{id}” ในเว็บแล้ว (อาจถูกลบหรือเปลี่ยนชื่อ) ข้อนี้จึงไม่ได้พิมพ์",
        "unloaded": "ข้อ {n}: โหลดโจทย์ “{id}” ไม่ได้ ({why}) ลองโหลดหน้านี้อีกครั้ง",
        "item": "ข้อ {n}",
        "due": "ส่งภายใน {date}",
        "lang_note": "งานนี้ครูเขียนเป็นภาษา{lang} ใบงานภาษา{lang}:",
        "lang_name_th": "ไทย",
        "lang_name_en": "อังกฤษ",
        "answer": "คำตอบ",
        "choose": "วงกลมคำตอบที่ถูก",
        "how": "ดูภาพกระดานของแต่ละข้อ แล้วเขียนคำตอบบนเส้นใต้ข้อนั้น",
        "key": "เฉลย",
        "key_line": "ทางเดิน (สัญลักษณ์)",
        "key_words": "ทางแก้",
        "teacher_made": "โจทย์ของครู",
        "seat": "ขา {n}",
    },
    "en": {
        "title": "Worksheet",
        "summary": "A worksheet to print on A4 paper from a teacher's assignment, with the answer key on its own page.",
        "print": "Print the worksheet",
        "edit": "Edit this assignment",
        "builder": "Make a new assignment",
        "noscript": "The worksheet needs JavaScript to read the assignment from the link and draw the exercises.",
        "name": "Name",
        "class": "Class",
        "number": "No.",
        "date": "Date",
        "loading": "Preparing the worksheet…",
        "ready": "The worksheet is ready to print: {n} exercises and the answer key on its own page",
        "partly": "The worksheet is ready to print, but {missing} exercises cannot be shown (see the note in their place)",
        "no_code": "This link has no assignment in it. Make one in the assignment builder, then open its worksheet link.",
        "catalog_failed": "The list of exercises did not load ({why}). Check the Internet connection and reload this page.",
        "missing": "Exercise {n}: the site no longer has an exercise “{id}” (removed or renamed), so it is not printed.",
        "unloaded": "Exercise {n}: the exercise “{id}” did not load ({why}). Try reloading this page.",
        "item": "Exercise {n}",
        "due": "Due {date}",
        "lang_note": "The teacher wrote this assignment in {lang}. The {lang} worksheet:",
        "lang_name_th": "Thai",
        "lang_name_en": "English",
        "answer": "Answer",
        "choose": "Circle the right answer",
        "how": "Look at each exercise's diagram and write your answer on the lines under it.",
        "key": "Answer key",
        "key_line": "Line (notation)",
        "key_words": "Solution",
        "teacher_made": "made by the teacher",
        "seat": "P{n}",
    },
}
#: Keys of STRINGS that worksheet.js needs (data-* attributes of #ws-sheet).
SCRIPT_KEYS = ("title", "loading", "ready", "partly", "no_code", "catalog_failed", "missing", "unloaded", "item",
               "due", "lang_note", "lang_name_th", "lang_name_en", "answer", "choose", "key_line", "key_words",
               "teacher_made", "seat")


def outputs(site: Site, urls: AssetUrls) -> list[Output]:
    """The worksheet page in every language."""
    def own(lang: str) -> dict:
        s = STRINGS[lang]
        return dict(title=s["title"], summary=s["summary"], s=s,
                    script_strings={**{key: s[key] for key in SCRIPT_KEYS}, "catalog": catalog_url(lang),
                                    "assign": f"/{lang}/teach/assign/"},
                    kind_words=Markup(page_json(page_block(site, lang)["kindWords"])),
                    preload_modules=module_graph("teach/worksheet.js"))

    return pages(site, urls, "teach/worksheet/", "teach-worksheet.html", "site_builder/templates/teach-worksheet.html", own)
