"""Phase 2 for students: the assignment page /<lang>/a/, THE link a teacher shares (#<code>).

The page is a shell; static/js/teach/student.js reads the assignment code in the URL's
#fragment, the exercise catalog (/<lang>/teach/catalog.json) for the items' titles, and the
student's state in this browser (core/student-state.js). It asks only for a display name, walks
the student through the items (each a puzzle page in assignment mode:
``/<lang>/puzzles/<id>/#as=<assignmentId>&i=<n>``) and makes the result code to send back.
Nothing is sent anywhere by the page itself. The browser's words travel in a JSON data block.
"""
from __future__ import annotations

from ..assets import AssetUrls
from ..context import Output
from ..loader import Site
from ..modules import module_graph
from .catalog import catalog_url
from .frame import browser_words, pages

STRINGS: dict[str, dict[str, str]] = {
    "th": {
        "title": "งานจากครู",
        "intro": "ใส่ชื่อของคุณ ทำโจทย์ทีละข้อ แล้วส่งรหัสผลให้ครู ไม่ต้องสมัครสมาชิก งานที่ทำเก็บไว้ในเครื่องนี้",
        "noscript": "หน้างานต้องเปิดใช้จาวาสคริปต์ จึงจะอ่านลิงก์งานและเก็บผลได้",
        "loading": "กำลังเปิดงาน…",
        # words for static/js/teach/student.js
        "noCode": "ลิงก์นี้ไม่มีงานอยู่ เปิดลิงก์ที่ครูส่งมาอีกครั้ง หรือสแกนคิวอาร์โค้ดของครู",
        "badCode": "ลิงก์งานนี้ไม่ครบหรือเสียหาย (อาจถูกตัดตอนคัดลอก) ขอลิงก์ใหม่จากครู "
                   "หรือคัดลอกลิงก์ทั้งหมดอีกครั้ง งานที่ทำไว้ในเครื่องนี้ยังอยู่ครบ",
        "oldVersion": "ลิงก์งานนี้ทำจากเว็บรุ่นเก่า (รุ่น {version}) เปิดไม่ได้แล้ว ขอลิงก์ใหม่จากครู "
                      "งานที่ทำไว้ในเครื่องนี้ยังอยู่ครบ",
        "newVersion": "ลิงก์งานนี้ทำจากเว็บรุ่นใหม่กว่า (รุ่น {version}) โหลดหน้านี้ใหม่เมื่อต่ออินเทอร์เน็ตได้ "
                      "งานที่ทำไว้ในเครื่องนี้ยังอยู่ครบ",
        "wrongKind": "นี่คือรหัสผลของนักเรียน ไม่ใช่ลิงก์งาน รหัสผลต้องส่งให้ครูวางในสมุดคะแนน",
        "noDeflate": "เบราว์เซอร์นี้อ่านลิงก์งานไม่ได้ ลองเปิดด้วยเบราว์เซอร์โครมหรือซาฟารีรุ่นใหม่",
        "tooMany": "ลิงก์งานนี้มีโจทย์ {count} ข้อ แต่งานหนึ่งมีได้ไม่เกิน {max} ข้อ ขอให้ครูแบ่งเป็นหลายงาน "
                   "งานที่ทำไว้ในเครื่องนี้ยังอยู่ครบ",
        "catalogFailed": "โหลดรายชื่อโจทย์ไม่ได้ จึงแสดงเป็นรหัสโจทย์แทน ยังทำงานได้ตามปกติ",
        "missing": "โจทย์ข้อนี้ไม่มีในเว็บแล้ว ข้ามไปได้เลย",
        "due": "ส่งภายใน {date}",
        "pastDue": "เลยกำหนดส่งแล้ว ยังทำและส่งผลได้ ครูจะเห็นเวลาที่ส่ง",
        "noDue": "ไม่มีกำหนดส่ง",
        "hintsOn": "ดูคำใบ้ได้",
        "hintsOff": "งานนี้ดูคำใบ้ไม่ได้",
        "solutionOn": "ดูเฉลยได้ (ข้อที่ดูเฉลยก่อนทำได้ จะนับว่าดูเฉลย)",
        "solutionOff": "งานนี้ดูเฉลยไม่ได้",
        "rulesLabel": "กติกาของงาน",
        "nameLabel": "ชื่อที่จะให้ครูเห็น",
        "nameHelp": "ชื่อจริงหรือชื่อเล่นก็ได้ ไม่เกิน 40 ตัวอักษร แก้ได้ตลอด",
        "nameSave": "บันทึกชื่อ",
        "nameSaved": "บันทึกชื่อแล้ว",
        "nameNeeded": "ใส่ชื่อก่อน ครูจะได้รู้ว่าเป็นงานของใคร",
        "start": "เริ่มทำข้อแรก",
        "continue": "ทำต่อ: ข้อ {n}",
        "allDone": "ทำครบทุกข้อแล้ว ส่งผลให้ครูได้เลย (กลับไปทำข้อไหนซ้ำก็ได้ แต่ผลที่นับคือครั้งแรก)",
        "progress": "ทำแล้ว {done} จาก {total} ข้อ",
        "itemsHeading": "โจทย์ในงานนี้",
        "item": "ข้อ {n}",
        "todo": "ยังไม่ได้ทำ",
        "solved": "✓ ทำได้",
        "retried": "↺ ทำได้หลังพลาด",
        "failed": "✗ ยังทำไม่ได้",
        "seen": "ดูเฉลยแล้ว",
        "sendHeading": "ส่งผลให้ครู",
        "sendHelp": "กดเมื่อไรก็ได้ ทำไม่ครบก็ส่งได้ ถ้าทำเพิ่มหลังส่ง ให้กดทำรหัสใหม่แล้วส่งอีกครั้ง",
        "send": "ทำรหัสผล",
        "resultLabel": "รหัสผลของคุณ",
        "holds": "รหัสนี้เก็บตาเดินและคำตอบทุกข้อที่คุณทำ ไม่ใช่แค่คะแนน ครูจะตรวจโดยเล่นซ้ำตามนั้น",
        "copyCode": "คัดลอกรหัส",
        "copied": "คัดลอกรหัสแล้ว วางในแชตที่จะส่งให้ครูได้เลย",
        "copyFailed": "คัดลอกเองไม่ได้ กดค้างที่รหัสแล้วเลือกคัดลอก",
        "share": "แชร์รหัส",
        "line": "ส่งทางไลน์",
        "shareText": "ผลงาน “{title}” ของ {name}\n{code}",
        "storageFull": "บันทึกงานไว้ในเครื่องนี้ไม่ได้ (พื้นที่เก็บข้อมูลเต็มหรือถูกปิดไว้) ทำต่อได้ "
                       "แต่ถ้าโหลดหน้าใหม่ ผลอาจหาย ทำรหัสผลส่งครูไว้ก่อน",
        "stateDamaged": "งานที่บันทึกไว้ในเครื่องนี้เสียหายบางส่วน เก็บส่วนที่อ่านได้ไว้แล้ว ข้อที่อ่านไม่ได้ต้องทำใหม่",
        "itemsDamaged": "ข้อ {items} ส่งในรหัสไม่ได้ (ข้อมูลในเครื่องเสียหายหรือยาวเกินไป) จึงส่งเป็น \"ยังไม่ได้ทำ\" "
                        "ทำข้อนั้นใหม่แล้วทำรหัสผลอีกครั้งได้",
        "codeFailed": "ทำรหัสผลไม่ได้ เพราะข้อมูลงานในเครื่องนี้เสียหาย ลองโหลดหน้านี้ใหม่ ถ้ายังไม่ได้ให้แจ้งครู",
        "savedHeading": "งานที่เคยเปิดในเครื่องนี้",
        "savedItem": "{title} ({done}/{total} ข้อ)",
    },
    "en": {
        "title": "Assignment",
        "intro": "Type your name, solve the items one by one, then send your result code to your teacher. "
                 "No sign-up: your work is kept on this device.",
        "noscript": "The assignment page needs JavaScript to read the link and keep your work.",
        "loading": "Opening the assignment…",
        "noCode": "This link has no assignment in it. Open the link your teacher sent again, or scan the QR code.",
        "badCode": "This assignment link is incomplete or damaged (maybe cut off when it was copied). "
                   "Ask your teacher for the link again, or copy all of it. Your work on this device is safe.",
        "oldVersion": "This assignment link was made by an older version of the site (version {version}) and "
                      "cannot be opened any more. Ask your teacher for a new link. Your work on this device is safe.",
        "newVersion": "This assignment link was made by a newer version of the site (version {version}). "
                      "Reload this page when you are online. Your work on this device is safe.",
        "wrongKind": "This is a student's result code, not an assignment link. Result codes go to the "
                     "teacher's gradebook.",
        "noDeflate": "This browser cannot read assignment links. Try a recent Chrome or Safari.",
        "tooMany": "This assignment link has {count} exercises, but an assignment holds at most {max}. Ask your "
                   "teacher to split it into several assignments. Your work on this device is safe.",
        "catalogFailed": "The list of exercises could not be loaded, so their codes are shown instead. "
                         "Everything else works.",
        "missing": "This exercise no longer exists on the site: skip it.",
        "due": "Due {date}",
        "pastDue": "The due date has passed. You can still work and send your results; your teacher sees when.",
        "noDue": "No due date",
        "hintsOn": "Hints allowed",
        "hintsOff": "No hints in this assignment",
        "solutionOn": "Solutions allowed (an item whose solution you open before solving counts as seen)",
        "solutionOff": "No solutions in this assignment",
        "rulesLabel": "Rules of this assignment",
        "nameLabel": "Your name, as your teacher will see it",
        "nameHelp": "A real name or a nickname, up to 40 characters. You can change it any time.",
        "nameSave": "Save name",
        "nameSaved": "Name saved.",
        "nameNeeded": "Type your name first, so your teacher knows whose work it is.",
        "start": "Start the first item",
        "continue": "Continue: item {n}",
        "allDone": "Every item is done: send your results. (You may redo any item, but the first try counts.)",
        "progress": "{done} of {total} items done",
        "itemsHeading": "Items of this assignment",
        "item": "Item {n}",
        "todo": "Not started",
        "solved": "✓ Solved",
        "retried": "↺ Solved after a mistake",
        "failed": "✗ Not solved yet",
        "seen": "Solution seen",
        "sendHeading": "Send your results",
        "sendHelp": "Any time, even before you finish. If you do more after sending, make a new code and send it again.",
        "send": "Make my result code",
        "resultLabel": "Your result code",
        "holds": "This code holds every move and answer you gave, not only a score: your teacher checks it by replaying them.",
        "copyCode": "Copy the code",
        "copied": "Code copied: paste it into the chat with your teacher.",
        "copyFailed": "Could not copy: press and hold the code, then choose Copy.",
        "share": "Share the code",
        "line": "Send with LINE",
        "shareText": "Results of “{title}” by {name}\n{code}",
        "storageFull": "Your work cannot be saved on this device (storage is full or blocked). You can go on, "
                       "but a reload may lose it: make your result code and send it first.",
        "stateDamaged": "Part of the work saved on this device was damaged. What could be read is kept; "
                        "the items that could not be read must be done again.",
        "itemsDamaged": "Item {items} cannot go in the code (the work saved on this device is damaged or too long), "
                        "so it is sent as \"not tried\". Do it again and make a new code.",
        "codeFailed": "The result code cannot be made: the work saved on this device is damaged. Reload this page; "
                      "if that does not help, tell your teacher.",
        "savedHeading": "Assignments opened on this device",
        "savedItem": "{title} ({done}/{total} items)",
    },
}
#: Keys of STRINGS only the template uses (the rest go to the browser).
PAGE_KEYS = ("title", "intro", "noscript", "loading")


def outputs(site: Site, urls: AssetUrls) -> list[Output]:
    """The student's assignment page in every language."""
    def own(lang: str) -> dict:
        s = STRINGS[lang]
        return dict(title=s["title"], summary=s["intro"], s=s, words=browser_words(s, PAGE_KEYS),
                    catalog_url=catalog_url(lang), preload_modules=module_graph("teach/student.js"))

    return pages(site, urls, "a/", "teach-student.html", "site_builder/teach/student_page.py", own, under_guide=False)
