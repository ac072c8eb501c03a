"""Phase 2 for teachers: the gradebook /<lang>/teach/gradebook/#<assignment code>.

The page is a shell; static/js/teach/gradebook.js reads the assignment from the URL's
#fragment (without one: a field to paste the assignment link), takes the students' result codes
(pasted, or .txt / .csv files) and checks every one by replaying its moves and answers against
each item's puzzle page (core/puzzle-replay.js). The table shows students x items with totals,
sorts, and exports as CSV (UTF-8 with a BOM, for Excel). The codes stay in this browser
(localStorage ``kradan.gradebook.<assignment id>``): nothing is sent anywhere.
The browser's words travel in a JSON data block (no inline scripts: strict CSP).
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
        "title": "สมุดคะแนน",
        "intro": "วางรหัสผลที่นักเรียนส่งมา หน้านี้ตรวจทุกรหัสด้วยการเล่นตาเดินและคำตอบของนักเรียนซ้ำ "
                 "แล้วแสดงผลเป็นตาราง ข้อมูลทั้งหมดอยู่ในเครื่องนี้ ไม่ส่งไปที่ไหน",
        "noscript": "สมุดคะแนนต้องเปิดใช้จาวาสคริปต์ จึงจะอ่านรหัสและตรวจผลได้",
        "teach": "สำหรับครู",
        "linkLabel": "ลิงก์งาน (หรือรหัสงาน)",
        "linkHelp": "วางลิงก์งานที่ส่งให้นักเรียน หรือลิงก์สมุดคะแนนจากหน้าสร้างงาน",
        "open": "เปิดสมุดคะแนน",
        "codesLabel": "รหัสผลของนักเรียน",
        "codesHelp": "วางได้หลายรหัสพร้อมกัน คั่นด้วยอะไรก็ได้ (ขึ้นบรรทัดใหม่ เว้นวรรค จุลภาค) "
                     "วางข้อความจากแชตทั้งก้อนก็ได้",
        "check": "ตรวจรหัส",
        "fileLabel": "หรือเลือกไฟล์ข้อความหรือไฟล์ตารางที่มีรหัสผล",
        "fileButton": "เลือกไฟล์…",
        "tableHeading": "ผลของนักเรียน",
        "tableCaption": "ผลของนักเรียนแต่ละคนในแต่ละข้อ",
        "messagesHeading": "รหัสที่ไม่ได้นับ",
        "export": "ดาวน์โหลดไฟล์ตารางคะแนน (ซีเอสวี)",
        # words for static/js/teach/gradebook.js
        "noCode": "ยังไม่ได้เปิดงาน วางลิงก์งานด้านบนก่อน",
        "loading": "กำลังเปิดงาน…",
        "checking": "กำลังตรวจรหัส {done} จาก {total}…",
        "engineLoading": "บางตาเดินไม่อยู่ในเฉลยที่เตรียมไว้ กำลังโหลดเอนจินมาตรวจ…",
        "checked": "ตรวจแล้ว {n} คน",
        "noneFound": "ไม่พบรหัสผลในข้อความนี้ ลองคัดลอกข้อความที่นักเรียนส่งมาทั้งหมด",
        "added": "เพิ่ม {n} รหัส",
        "already": "รหัสนี้มีอยู่แล้ว ไม่นับซ้ำ: {code}",
        "replaced": "{name} ส่งรหัสใหม่ที่ทำต่อจากรหัสเดิม ใช้รหัสใหม่แทนรหัสเดิม",
        "unreadable": "อ่านรหัสนี้ไม่ได้: {code} — {why}",
        "otherAssignment": "รหัสของ {name} เป็นของงานอื่น ไม่ใช่งานนี้: {code}",
        "fileFailed": "อ่านไฟล์ {file} ไม่ได้",
        "notSaved": "บันทึกรหัสไว้ในเครื่องนี้ไม่ได้ (พื้นที่เก็บข้อมูลเต็มหรือถูกปิดไว้) ตารางยังใช้ได้ "
                    "แต่ถ้าปิดหน้านี้ต้องวางรหัสใหม่",
        "catalogFailed": "โหลดรายชื่อโจทย์ไม่ได้ จึงตรวจผลไม่ได้ ลองโหลดหน้านี้ใหม่เมื่อต่ออินเทอร์เน็ตได้ "
                         "รหัสที่วางไว้ยังอยู่ครบ",
        "missingItem": "ข้อ {n} ({id}) ไม่มีในเว็บแล้ว ไม่นับข้อนี้",
        "pageFailed": "โหลดหน้าโจทย์ข้อ {n} ไม่ได้ จึงยังตรวจข้อนี้ไม่ได้",
        "student": "ชื่อ",
        "item": "ข้อ {n}",
        "total": "รวม",
        "time": "เวลา",
        "verified": "ตรวจ",
        "remove": "ลบ",
        "removeLabel": "ลบ {name} ออกจากตาราง",
        "removed": "ลบ {name} แล้ว",
        "itemTotals": "ทำได้ในข้อนี้",
        "solvedOf": "{n}/{total}",
        "r_solved": "✓ ทำได้",
        "r_retried": "↺ ทำได้หลังพลาด",
        "r_failed": "✗ ทำไม่ได้",
        "r_seen": "◇ ดูเฉลย",
        "r_": "– ไม่ได้ทำ",
        "attempts": "ลอง {n} ครั้ง",
        "hints": "คำใบ้ {n}",
        "ok": "✓ ผ่าน",
        "notOk": "⚠ ไม่ผ่าน",
        "unchecked": "… ยังตรวจไม่ได้",
        "forged": "ข้อ {n}: ผลที่อ้าง ({claimed}) ไม่ตรงกับการเล่นซ้ำ ({replayed})",
        "counts": "ข้อ {n}: จำนวนครั้งที่ลองหรือคำใบ้ไม่ตรงกับการเล่นซ้ำ",
        "problem": "ข้อ {n}: มีตาเดินหรือคำตอบที่หน้าโจทย์ไม่มีทางบันทึกได้",
        "engineFailed": "ข้อ {n}: โหลดเอนจินไม่สำเร็จ จึงตรวจข้อนี้ไม่ได้",
        "tooLong": "ข้อ {n}: รหัสนี้มีการเดินหรือคำตอบมากเกินกว่าที่สมุดคะแนนเล่นซ้ำได้ จึงไม่ได้ตรวจข้อนี้",
        "extraItem": "มีข้อ {id} ที่ไม่อยู่ในงานนี้",
        "sameName": "ชื่อซ้ำ: ชื่อนี้ส่งมา {n} รหัสที่ไม่ได้ทำต่อจากกัน (รหัสนี้ส่งเมื่อ {submitted}) "
                    "กด \"นับรหัสนี้\" ที่รหัสที่จะนับ หรือปล่อยไว้ถ้าเป็นนักเรียนคนละคนที่ชื่อเหมือนกัน",
        "chosen": "ชื่อซ้ำ: ครูเลือกนับรหัสนี้ (ส่งเมื่อ {submitted}) จาก {n} รหัสของชื่อนี้",
        "notCounted": "ชื่อซ้ำ: ไม่นับรหัสนี้ (ส่งเมื่อ {submitted}) ครูเลือกนับอีกรหัสของชื่อนี้",
        "choose": "นับรหัสนี้",
        "chooseLabel": "นับรหัสนี้ของ {name}",
        "keptBoth": "{name} ส่งรหัสมาอีกรหัสที่ไม่ได้ทำต่อจากรหัสเดิม จึงเก็บไว้ทั้งสองรหัส ให้ครูเลือกว่าจะนับรหัสไหน",
        "notChecked": "ตรวจรหัสนี้ไม่ได้ ค่าข้างในรหัสไม่ตรงกับที่หน้าโจทย์บันทึก",
        "hintsUsed": "ใช้คำใบ้ทั้งที่งานนี้ไม่อนุญาต",
        "solutionUsed": "ดูเฉลยทั้งที่งานนี้ไม่อนุญาต",
        "sortBy": "เรียงตาม{column}",
        "csvName": "ชื่อ",
        "csvVerified": "ตรวจผ่าน",
        "csvSolved": "ทำได้ (ข้อ)",
        "csvTime": "เวลารวม (นาที:วินาที)",
        "csvResult": "ข้อ {n} ผล",
        "csvAttempts": "ข้อ {n} ครั้งที่ลอง",
        "csvHints": "ข้อ {n} คำใบ้",
        "csvItemTime": "ข้อ {n} เวลา",
        "csvFlags": "หมายเหตุ",
        "csvSubmitted": "ส่งเมื่อ",
        "yes": "ใช่",
        "no": "ไม่",
        "hintsOn": "ดูคำใบ้ได้",
        "hintsOff": "ดูคำใบ้ไม่ได้",
        "solutionOn": "ดูเฉลยได้",
        "solutionOff": "ดูเฉลยไม่ได้",
        "items": "{n} ข้อ",
    },
    "en": {
        "title": "Gradebook",
        "intro": "Paste the result codes your students sent. Every code is checked by replaying the "
                 "student's moves and answers, then shown in a table. Everything stays on this device.",
        "noscript": "The gradebook needs JavaScript to read and check the codes.",
        "teach": "For teachers",
        "linkLabel": "Assignment link (or code)",
        "linkHelp": "Paste the link you gave your students, or the gradebook link from the assignment builder.",
        "open": "Open the gradebook",
        "codesLabel": "Students' result codes",
        "codesHelp": "Paste many codes at once, separated by anything (new lines, spaces, commas); "
                     "a whole chat text works too.",
        "check": "Check the codes",
        "fileLabel": "Or choose a .txt or .csv file with result codes",
        "fileButton": "Choose files…",
        "tableHeading": "Students' results",
        "tableCaption": "Each student's result on each item",
        "messagesHeading": "Codes not counted",
        "export": "Download as CSV",
        "noCode": "No assignment is open yet: paste the assignment link above first.",
        "loading": "Opening the assignment…",
        "checking": "Checking code {done} of {total}…",
        "engineLoading": "Some moves are not in the stored solutions: loading the engine to check them…",
        "checked": "{n} students checked",
        "noneFound": "No result code found in this text. Result codes start with KS1.",
        "added": "{n} codes added",
        "already": "This code is already here and is not counted twice: {code}",
        "replaced": "{name} sent a newer code that carries on the older one: it replaces it.",
        "unreadable": "This code cannot be read: {code} — {why}",
        "otherAssignment": "{name}'s code is for another assignment, not this one: {code}",
        "fileFailed": "The file {file} could not be read.",
        "notSaved": "The codes cannot be saved on this device (storage is full or blocked). The table works, "
                    "but you will have to paste them again after closing this page.",
        "catalogFailed": "The list of exercises could not be loaded, so nothing can be checked. Reload this page "
                         "when you are online; the codes you pasted are kept.",
        "missingItem": "Item {n} ({id}) no longer exists on the site and is not counted.",
        "pageFailed": "The page of item {n} could not be loaded, so that item cannot be checked yet.",
        "student": "Name",
        "item": "Item {n}",
        "total": "Total",
        "time": "Time",
        "verified": "Check",
        "remove": "Remove",
        "removeLabel": "Remove {name} from the table",
        "removed": "{name} removed.",
        "itemTotals": "Solved on this item",
        "solvedOf": "{n}/{total}",
        "r_solved": "✓ Solved",
        "r_retried": "↺ Solved after a mistake",
        "r_failed": "✗ Not solved",
        "r_seen": "◇ Solution seen",
        "r_": "– Not tried",
        "attempts": "{n} tries",
        "hints": "{n} hints",
        "ok": "✓ Verified",
        "notOk": "⚠ Not verified",
        "unchecked": "… Not checked yet",
        "forged": "Item {n}: the claimed result ({claimed}) does not replay ({replayed})",
        "counts": "Item {n}: the tries or hints claimed do not replay",
        "problem": "Item {n}: holds moves or answers the puzzle page could never record",
        "engineFailed": "Item {n}: the engine could not load, so this item is not checked",
        "tooLong": "Item {n}: the code holds more moves or answers than the gradebook replays, so this item is not checked",
        "extraItem": "Holds an item {id} that is not in this assignment",
        "sameName": "Same name: this name sent {n} codes that do not carry on from each other (this one sent "
                    "{submitted}). Press \"Count this one\" on the code that counts, or leave them if they are "
                    "different students with the same name.",
        "chosen": "Same name: you count this code (sent {submitted}) of the {n} codes of this name",
        "notCounted": "Same name: not counted (sent {submitted}); you chose another code of this name",
        "choose": "Count this one",
        "chooseLabel": "Count this code of {name}",
        "keptBoth": "{name} sent another code that does not carry on the first one: both are kept, choose which counts.",
        "notChecked": "This code cannot be checked: what it holds does not match what the puzzle pages record.",
        "hintsUsed": "Used hints although this assignment allows none",
        "solutionUsed": "Opened a solution although this assignment allows none",
        "sortBy": "Sort by {column}",
        "csvName": "Name",
        "csvVerified": "Verified",
        "csvSolved": "Solved (items)",
        "csvTime": "Total time (min:s)",
        "csvResult": "Item {n} result",
        "csvAttempts": "Item {n} tries",
        "csvHints": "Item {n} hints",
        "csvItemTime": "Item {n} time",
        "csvFlags": "Notes",
        "csvSubmitted": "Sent at",
        "yes": "yes",
        "no": "no",
        "hintsOn": "Hints allowed",
        "hintsOff": "No hints",
        "solutionOn": "Solutions allowed",
        "solutionOff": "No solutions",
        "items": "{n} items",
    },
}
#: Keys of STRINGS only the template uses (the rest go to the browser).
PAGE_KEYS = ("title", "intro", "noscript", "teach", "linkLabel", "linkHelp", "open", "codesLabel", "codesHelp",
             "check", "fileLabel", "fileButton", "tableHeading", "tableCaption", "messagesHeading", "export")


def outputs(site: Site, urls: AssetUrls) -> list[Output]:
    """The gradebook page in every language."""
    def own(lang: str) -> dict:
        s = STRINGS[lang]
        return dict(title=s["title"], summary=s["intro"], s=s, words=browser_words(s, PAGE_KEYS),
                    catalog_url=catalog_url(lang), preload_modules=module_graph("teach/gradebook.js"))

    return pages(site, urls, "teach/gradebook/", "teach-gradebook.html", "site_builder/teach/gradebook_page.py", own)
