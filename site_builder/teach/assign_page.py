"""Phase 2 for teachers: the assignment builder /<lang>/teach/assign/, one per language.

The teacher filters the exercise catalog (catalog.py) by game, kind, level and tag, searches it,
picks up to 40 exercises, orders them, sets a title, instructions, the assignment's language, a
due date and whether hints and solutions are allowed. static/js/teach/assign.js turns that into an
assignment code (core/assignment.js) and shows, as it changes: the student's link, its QR code
(qrcode-generator, vendored by site_builder/assets.py), and links to the gradebook and the
worksheet. The builder's own URL carries the same code (``#<code>``), so a reload or a shared
builder link opens the same assignment again. Without JavaScript the page says it needs it.
Its "make your own exercise" panel (static/js/teach/maker.js) gets the games' board sizes and start
positions from the engine (#maker-games) and their piece sprites, and says plainly that catalog
exercises have public solution pages and the teacher's own do not.
"""
from __future__ import annotations

from engine.api import call
from markupsafe import Markup

from ..assets import QR_MODULE, AssetUrls
from ..context import Output
from ..i18n import LANGS
from ..games import PLUGINS
from ..loader import Site
from ..modules import module_graph
from ..puzzles.pages import json_block
from .catalog import catalog_url
from .frame import pages

STRINGS: dict[str, dict[str, str]] = {
    "th": {
        "title": "สร้างงานให้นักเรียน",
        "intro": "เลือกโจทย์ จัดลำดับ ตั้งค่า แล้วส่งลิงก์หรือคิวอาร์โค้ดให้นักเรียน ทุกอย่างอยู่ในลิงก์ ไม่มีการส่งข้อมูลไปเก็บที่เซิร์ฟเวอร์",
        "teach": "สำหรับครู",
        "noscript": "หน้าสร้างงานต้องเปิดใช้จาวาสคริปต์ในเบราว์เซอร์ ถ้าเปิดไม่ได้ ยังดูโจทย์ทั้งหมดได้ที่หน้ารวมโจทย์",
        "all_puzzles": "โจทย์ทั้งหมด",
        "choose": "1. เลือกโจทย์",
        "game": "เกม",
        "kind": "ชนิดโจทย์",
        "level": "ระดับ",
        "tag": "ป้ายกำกับ",
        "any": "ทั้งหมด",
        "search": "ค้นหาจากชื่อ โจทย์ หรือรหัส",
        "search_placeholder": "เช่น จนใน 2 ตา",
        "results": "โจทย์ที่ตรงกับตัวกรอง",
        "picked": "2. โจทย์ที่เลือก",
        "picked_empty": "ยังไม่ได้เลือกโจทย์ กดปุ่ม “เพิ่ม” ที่โจทย์ด้านบน",
        "settings": "3. ตั้งค่างาน",
        "assignment_title": "ชื่องาน",
        "assignment_title_placeholder": "เช่น การบ้านหมากรุก ม.1/2",
        "instructions": "คำชี้แจงสำหรับนักเรียน",
        "assignment_lang": "ภาษาของงาน",
        "lang_th": "ภาษาไทย",
        "lang_en": "ภาษาอังกฤษ",
        "lang_note": "นักเรียนจะเห็นหน้างานและโจทย์เป็นภาษานี้",
        "due": "วันที่ต้องส่ง (ไม่บังคับ)",
        "hints": "ให้ดูคำใบ้ได้",
        "solution": "ให้ดูเฉลยได้",
        "share": "4. ส่งให้นักเรียน",
        "share_empty": "เลือกโจทย์อย่างน้อย 1 ข้อ แล้วลิงก์และคิวอาร์โค้ดจะขึ้นที่นี่",
        "link": "ลิงก์สำหรับนักเรียน",
        "copy_link": "คัดลอกลิงก์",
        "qr_label": "คิวอาร์โค้ดของลิงก์",
        "open_student": "เปิดดูแบบนักเรียน",
        "gradebook": "สมุดคะแนน",
        "worksheet": "ใบงานสำหรับพิมพ์",
        "download_png": "บันทึกคิวอาร์โค้ดเป็นรูปภาพ",
        "download_svg": "บันทึกคิวอาร์โค้ดแบบขยายได้ไม่แตก (สำหรับพิมพ์)",
        # words for static/js/teach/assign.js
        "loading": "กำลังโหลดรายการโจทย์…",
        "catalog_failed": "โหลดรายการโจทย์ไม่ได้ ({why}) ตรวจการเชื่อมต่อแล้วโหลดหน้านี้ใหม่",
        "found": "พบโจทย์ {n} ข้อ",
        "none_found": "ไม่มีโจทย์ที่ตรงกับตัวกรองและคำค้นหานี้",
        "add": "เพิ่ม",
        "add_label": "เพิ่ม: “{title}”",
        "added_label": "เลือกแล้ว: “{title}”",
        "added": "เลือกแล้ว",
        "full": "เลือกครบ {max} ข้อแล้ว เอาข้อที่ไม่ใช้ออกก่อนจึงจะเพิ่มได้อีก",
        "picked_count": "เลือกแล้ว {n} จาก {max} ข้อ",
        "up": "เลื่อนขึ้น",
        "down": "เลื่อนลง",
        "remove": "เอาออก",
        "up_label": "เลื่อนขึ้น: “{title}”",
        "down_label": "เลื่อนลง: “{title}”",
        "remove_label": "เอาออก: “{title}”",
        "moved": "ย้าย “{title}” ไปเป็นข้อ {n} จาก {total}",
        "added_live": "เพิ่ม “{title}” เป็นข้อ {n}",
        "removed_live": "เอา “{title}” ออกแล้ว เหลือ {total} ข้อ",
        "meta": "{game} · {kind} · {level}",
        "missing": "ไม่มีโจทย์นี้ในเว็บแล้ว ({id})",
        "missing_note": "งานนี้มีโจทย์ที่ไม่มีในเว็บแล้ว {n} ข้อ ({ids}) ยังเก็บไว้ในรายการให้ ถ้าไม่ใช้แล้วกด “เอาออก”",
        "bad_hash": "{why} หน้านี้จึงเริ่มงานใหม่ที่ว่างเปล่าให้ ลิงก์เดิมยังอยู่ในช่องที่อยู่ของเบราว์เซอร์จนกว่าจะเริ่มแก้ไข",
        "hash_bad": "ลิงก์สร้างงานนี้ไม่ครบหรือเสียหาย (อาจคัดลอกมาไม่ครบ)",
        "hash_older": "ลิงก์นี้มาจากรุ่นเก่า ({version}) ที่หน้านี้อ่านไม่ได้แล้ว",
        "hash_newer": "ลิงก์นี้มาจากรุ่นใหม่กว่าหน้านี้ ({version}) ลองโหลดหน้าใหม่",
        "hash_kind": "ท้ายลิงก์นี้ไม่ใช่รหัสงาน แต่เป็นรหัสอีกชนิด เช่น รหัสผลงานของนักเรียน ซึ่งต้องวางในสมุดคะแนน",
        "hash_deflate": "เบราว์เซอร์นี้อ่านลิงก์แบบย่อไม่ได้ ลองเปิดด้วยเบราว์เซอร์โครมหรือซาฟารีรุ่นใหม่",
        "hash_too_many": "ลิงก์นี้มีโจทย์ {count} ข้อ แต่งานหนึ่งมีได้ไม่เกิน {max} ข้อ ให้แบ่งเป็นหลายงาน",
        "copied": "คัดลอกลิงก์แล้ว ส่งให้นักเรียนทางไลน์หรือช่องทางอื่นได้เลย",
        "copy_failed": "คัดลอกอัตโนมัติไม่ได้ เลือกลิงก์ในช่องแล้วกดคัดลอกเอง",
        "qr_too_long": "ลิงก์นี้ยาวเกินกว่าจะทำเป็นคิวอาร์โค้ดได้ ({n} ตัวอักษร) ลองย่อคำชี้แจงหรือชื่องาน หรือลดจำนวนโจทย์ ลิงก์ยังใช้ได้ตามปกติ",
        "qr_note": "ให้นักเรียนสแกนด้วยกล้องมือถือ",
        "invalid": "ตั้งค่างานไม่ได้: ตรวจชื่องาน คำชี้แจง และวันที่ส่งอีกครั้ง",
        "maker": "หรือสร้างโจทย์เอง",
        "maker_intro": "ตั้งตำแหน่งบนกระดาน (หรือวางโต๊ะของเกมไพ่) เลือกสิ่งที่ให้นักเรียนทำ แล้วให้เครื่องตรวจ โจทย์ที่เครื่องพิสูจน์ได้แล้วเท่านั้นจึงเพิ่มในงานได้",
        "maker_public": "โจทย์จากคลังของเว็บมีหน้าเฉลยที่ใครก็เปิดดูได้ ส่วนโจทย์ที่ครูสร้างเองไม่มีหน้าเฉลยสาธารณะ: ตัวโจทย์และเฉลยอยู่ในลิงก์งานนี้เท่านั้น",
        "too_long": "งานนี้ยาวเกินกว่าที่ลิงก์และคิวอาร์โค้ดจะรับได้ ({chars} ตัวอักษร ได้ไม่เกิน {max}) จึงยังไม่ได้ทำลิงก์ ให้ย่อคำชี้แจง เอาโจทย์ที่ครูสร้างเองออกบางข้อ หรือใช้โจทย์ที่สั้นกว่า (จนในจำนวนตาที่น้อยกว่า) หรือแบ่งเป็นหลายงาน",
        "own_already": "โจทย์นี้อยู่ในงานแล้ว",
    },
    "en": {
        "title": "Make an assignment",
        "intro": "Pick exercises, put them in order, choose the settings, then give your class the link or the QR "
                 "code. Everything is in the link: nothing is sent to or stored on a server.",
        "teach": "For teachers",
        "noscript": "The assignment builder needs JavaScript turned on in your browser. Without it you can still "
                    "browse every exercise on the puzzles page.",
        "all_puzzles": "All puzzles",
        "choose": "1. Choose exercises",
        "game": "Game",
        "kind": "Kind",
        "level": "Level",
        "tag": "Tag",
        "any": "Any",
        "search": "Search titles, tasks or ids",
        "search_placeholder": "e.g. mate in 2",
        "results": "Exercises matching the filters",
        "picked": "2. Your exercises",
        "picked_empty": "No exercise chosen yet. Press “Add” next to an exercise above.",
        "settings": "3. Settings",
        "assignment_title": "Title",
        "assignment_title_placeholder": "e.g. Homework, week 3, class 7/2",
        "instructions": "Instructions for students",
        "assignment_lang": "Language of the assignment",
        "lang_th": "Thai",
        "lang_en": "English",
        "lang_note": "Students see the assignment and its exercises in this language.",
        "due": "Due date (optional)",
        "hints": "Hints allowed",
        "solution": "“Show solution” allowed",
        "share": "4. Give it to your class",
        "share_empty": "Choose at least one exercise; the link and the QR code will appear here.",
        "link": "Link for students",
        "copy_link": "Copy link",
        "qr_label": "QR code of the link",
        "open_student": "Open as a student",
        "gradebook": "Gradebook",
        "worksheet": "Printable worksheet",
        "download_png": "Save the QR code as a picture (PNG)",
        "download_svg": "Save the QR code for printing (SVG, sharp at any size)",
        "loading": "Loading the exercises…",
        "catalog_failed": "The list of exercises could not be loaded ({why}). Check the connection and reload this page.",
        "found": "{n} exercises found",
        "none_found": "No exercise matches these filters and words.",
        "add": "Add",
        "add_label": "Add: “{title}”",
        "added_label": "Added: “{title}”",
        "added": "Added",
        "full": "You have chosen {max} exercises, the most one assignment holds. Remove one to add another.",
        "picked_count": "{n} of {max} chosen",
        "up": "Up",
        "down": "Down",
        "remove": "Remove",
        "up_label": "Up: “{title}”",
        "down_label": "Down: “{title}”",
        "remove_label": "Remove: “{title}”",
        "moved": "Moved “{title}” to number {n} of {total}",
        "added_live": "Added “{title}” as number {n}",
        "removed_live": "Removed “{title}”; {total} left",
        "meta": "{game} · {kind} · {level}",
        "missing": "This exercise is no longer on the site ({id})",
        "missing_note": "This assignment lists {n} exercises that are no longer on the site ({ids}). They are kept "
                        "in the list; press “Remove” if you no longer need them.",
        "bad_hash": "{why} So this page starts a new, empty assignment. The old link stays in the address bar "
                    "until you change something.",
        "hash_bad": "This builder link is incomplete or damaged (perhaps not all of it was copied).",
        "hash_older": "This link is from an older version ({version}) that this page no longer reads.",
        "hash_newer": "This link is from a newer version ({version}) than this page. Try reloading it.",
        "hash_kind": "The end of this link is not an assignment code but another kind of code ({tag}), such as a "
                     "student's result code, which goes into the gradebook.",
        "hash_deflate": "This browser cannot read compressed links. Try a recent Chrome or Safari.",
        "hash_too_many": "This link has {count} exercises, but an assignment holds at most {max}: split it into "
                         "several assignments.",
        "copied": "Link copied. Send it to your class over LINE or any other way.",
        "copy_failed": "Could not copy automatically. Select the link in the box and copy it yourself.",
        "qr_too_long": "This link is too long for a QR code ({n} characters). Shorten the instructions or the title, "
                       "or choose fewer exercises. The link itself still works.",
        "qr_note": "Students scan it with their phone's camera.",
        "invalid": "These settings cannot be used: check the title, the instructions and the due date.",
        "maker": "Or make your own exercise",
        "maker_intro": "Set up a position on the board (or paste a card game's table), choose the task and have the engine "
                       "check it. Only an exercise the engine has proven can be added.",
        "maker_public": "Catalog exercises have public solution pages that anyone can open. Your own exercises do not: "
                        "the exercise and its solution travel only inside this assignment's link.",
        "too_long": "This assignment is too long for a link and its QR code ({chars} characters; at most {max}), so no "
                    "link was made. Shorten the instructions, remove some of your own exercises, use shorter ones (a mate in fewer moves), or "
                    "split the work into several assignments.",
        "own_already": "This exercise is in the assignment already.",
    },
}
#: Keys of STRINGS that static/js/teach/assign.js needs (the page's JSON block #assign-strings).
SCRIPT_KEYS = ("catalog_failed", "found", "none_found", "add", "add_label", "added", "added_label", "full", "picked_count",
               "up", "down", "remove", "up_label", "down_label", "remove_label", "moved", "added_live",
               "removed_live", "meta", "missing", "missing_note", "bad_hash", "hash_bad", "hash_older",
               "hash_newer", "hash_kind", "hash_deflate", "hash_too_many", "copied", "copy_failed",
               "qr_too_long", "qr_label", "invalid", "too_long", "own_already")


def maker_games(site: Site, lang: str) -> list[dict]:
    """The games the "make your own exercise" panel (static/js/teach/maker.js) offers, from the
    engine's `games` op: name, sides and, for a board game, its size and start position."""
    info = {g["id"]: g for g in call({"op": "games"})["games"]}
    return [{"id": game, "name": names[lang], "sides": info[game]["sides"],
             **({"files": info[game].get("files", 8), "ranks": info[game].get("ranks", 8),
                 "start": info[game]["start_position"]} if info[game].get("start_position") else {})}
            for game, names in site.game_names.items()]


def outputs(site: Site, urls: AssetUrls) -> list[Output]:
    """The assignment builder in every language; its board editor draws the board games' own piece sprites."""
    sprites = Markup("".join(PLUGINS[game].sprite() for game in site.game_names if PLUGINS[game].boards))

    def own(lang: str) -> dict:
        s = STRINGS[lang]
        return dict(title=s["title"], summary=s["intro"], s=s, langs=LANGS, catalog_url=catalog_url(lang),
                    puzzles_url=f"/{lang}/puzzles/",
                    script_strings=json_block({key: s[key] for key in SCRIPT_KEYS}),
                    maker_games=json_block(maker_games(site, lang)), sprites=sprites,
                    preload_modules=(*module_graph("teach/assign.js"), QR_MODULE))

    return pages(site, urls, "teach/assign/", "teach-assign.html", "site_builder/templates/teach-assign.html", own)
