"""The teachers' guide /<lang>/teach/: how to run a lesson with Kradan, step by step, in Thai and
in English, with screenshots of the tools and links to them (the assignment builder, the
gradebook, the worksheet).

The screenshots are committed files, static/img/teach/<lang>-<name>.webp, made from a built site by
``python -m site_builder.teach.screenshots`` (phone width, a few tens of KB each). The page
gives each its width and height (read from the file) so nothing shifts while it loads, and
loads it lazily. A missing screenshot stops the build with the command that makes it.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..assets import AssetUrls
from ..context import Output, base_context
from ..errors import BuildFailed, BuildProblem
from ..i18n import LANGS, strings
from ..loader import Site
from .image_size import image_size

SHOTS = Path(__file__).resolve().parents[1] / "static" / "img" / "teach"
SHOTS_URL = "/static/img/teach/"
#: The screenshots of the guide: name -> what it shows (the alt text) per language.
SHOT_ALT = {
    "assign": {"th": "หน้าสร้างงานบนโทรศัพท์: ตัวกรองเกม ชนิดโจทย์ และระดับ และรายการโจทย์ที่เลือกเพิ่มได้",
               "en": "The assignment builder on a phone: filters for game, kind and level, and the exercises to add"},
    "share": {"th": "ลิงก์งานและคิวอาร์โค้ดที่หน้าสร้างงานทำให้ พร้อมปุ่มคัดลอกลิงก์",
              "en": "The assignment's link and QR code made by the builder, with the copy button"},
    "student": {"th": "หน้างานของนักเรียนบนโทรศัพท์: ชื่องาน ช่องใส่ชื่อ และรายการโจทย์",
                "en": "The student's assignment page on a phone: the title, the name box and the list of exercises"},
    "gradebook": {"th": "สมุดคะแนน: ตารางนักเรียนกับโจทย์แต่ละข้อ เครื่องหมายตรวจแล้ว และปุ่มดาวน์โหลดไฟล์ซีเอสวี",
                  "en": "The gradebook: the table of students and exercises, the verified marks and the CSV download"},
    "worksheet": {"th": "ใบงานสำหรับพิมพ์: ชื่องาน เส้นเขียนชื่อ และโจทย์ข้อแรกพร้อมภาพกระดาน",
                  "en": "The printable worksheet: the title, lines for the name and the first exercise with its diagram"},
}
SHOT_NAMES = tuple(SHOT_ALT)

STRINGS: dict[str, dict[str, str]] = {
    "th": {
        "title": "คู่มือครู: สอนหมากกระดานด้วยกระดาน",
        "crumb": "สำหรับครู",
        "summary": "ครูสั่งงานเป็นลิงก์หรือคิวอาร์โค้ด นักเรียนทำบนโทรศัพท์โดยไม่ต้องสมัคร ส่งรหัสผลงานกลับทางไลน์ "
                   "แล้วสมุดคะแนนตรวจให้ทุกข้อ พิมพ์ใบงานได้ด้วย ทั้งหมดนี้ไม่มีบัญชีผู้ใช้และไม่มีข้อมูลออกจากเครื่อง",
        "tools": "เครื่องมือสำหรับครู",
        "assign": "สร้างงาน",
        "assign_blurb": "เลือกโจทย์ ได้ลิงก์และคิวอาร์โค้ดให้นักเรียน",
        "gradebook": "สมุดคะแนน",
        "gradebook_blurb": "วางรหัสผลงานของนักเรียน ตรวจและรวมคะแนน",
        "worksheet": "ใบงาน",
        "worksheet_blurb": "พิมพ์โจทย์ลงกระดาษ เอ 4 พร้อมเฉลยแยกหน้า",
        "steps": "ขั้นตอนการสอนหนึ่งคาบ",
        "assign_open": "เปิดหน้าสร้างงาน",
        "gradebook_open": "เปิดสมุดคะแนน",
        "worksheet_open": "เปิดหน้าใบงาน",
    },
    "en": {
        "title": "For teachers: running a lesson with Kradan",
        "crumb": "For teachers",
        "summary": "Give the class exercises as a link or a QR code; students solve them on their phones with no "
                   "sign-up and send back a result code (over LINE, say); your gradebook checks every answer. "
                   "Worksheets print too. No accounts, and nothing leaves anyone's device.",
        "tools": "Teachers' tools",
        "assign": "Assignment builder",
        "assign_blurb": "Pick exercises; get a link and a QR code for the class",
        "gradebook": "Gradebook",
        "gradebook_blurb": "Paste the students' result codes; check and total them",
        "worksheet": "Worksheet",
        "worksheet_blurb": "Print the exercises on A4, with the answer key on its own page",
        "steps": "A lesson, step by step",
        "assign_open": "Open the assignment builder",
        "gradebook_open": "Open the gradebook",
        "worksheet_open": "Open the worksheet page",
    },
}


@dataclass(frozen=True)
class Step:
    """One step of the guide: a heading, paragraphs, a list, the tool it uses and its screenshot."""

    heading: str
    paragraphs: tuple[str, ...] = ()
    points: tuple[str, ...] = ()
    tool: str = ""  # "assign" | "gradebook" | "worksheet": a link to that tool after the text
    shot: str = ""  # a name in SHOT_NAMES
    level: int = 3  # 3: a step of the lesson; 2: a part of its own after the steps (privacy, problems)


GUIDE: dict[str, tuple[Step, ...]] = {
    "th": (
        Step("1. ก่อนเข้าสอน: สร้างงาน",
             ("เปิดหน้าสร้างงาน แล้วเลือกโจทย์ที่อยากให้นักเรียนทำ เลือกได้จากทุกเกมและทุกแบบ "
              "ใช้ตัวกรองเกม ชนิดโจทย์ ระดับ และป้ายกำกับ หรือพิมพ์ค้นหา แตะเพื่อเพิ่มโจทย์ แล้วจัดลำดับข้อได้",
              "ตั้งชื่องานและเขียนคำชี้แจงเป็นภาษาไทยหรือภาษาอังกฤษ ใส่วันส่งถ้าต้องการ "
              "และเลือกว่าจะให้นักเรียนดูคำใบ้และดูเฉลยได้หรือไม่"),
             tool="assign", shot="assign"),
        Step("2. ส่งงานให้นักเรียน: ลิงก์หรือคิวอาร์โค้ด",
             ("หน้าสร้างงานให้ลิงก์สั้น ๆ หนึ่งลิงก์ และคิวอาร์โค้ดของลิงก์นั้น "
              "ส่งลิงก์ในกลุ่มไลน์ของห้อง หรือฉายคิวอาร์โค้ดขึ้นจอให้นักเรียนสแกนด้วยกล้องโทรศัพท์",
              "งานทั้งงานอยู่ในลิงก์ ไม่ได้เก็บไว้ที่เซิร์ฟเวอร์ใด เก็บลิงก์ไว้ให้ดี "
              "เปิดลิงก์หน้าสร้างงานอีกครั้งเมื่อต้องการแก้ไข (แก้แล้วจะได้ลิงก์ใหม่ ต้องส่งให้นักเรียนใหม่)"),
             shot="share"),
        Step("3. นักเรียนทำโจทย์บนโทรศัพท์",
             ("นักเรียนเปิดลิงก์ แล้วพิมพ์ชื่อที่จะให้ครูเห็น ไม่ต้องสมัครสมาชิก ไม่ต้องมีรหัสผ่านหรืออีเมล "
              "จากนั้นทำโจทย์ทีละข้อ เดินหมากบนกระดานหรือตอบคำถาม",),
             ("งานที่ทำแล้วเก็บไว้ในโทรศัพท์ของนักเรียนเอง ปิดหน้าหรือโหลดใหม่ก็ไม่หาย",
              "ถ้าอินเทอร์เน็ตหลุดกลางคาบ ทำต่อได้เลย เมื่อเปิดลิงก์เดิมในเครื่องเดิมงานยังอยู่ครบ",
              "ให้นักเรียนใช้เบราว์เซอร์เดิม ไม่ใช้โหมดไม่ระบุตัวตน และอย่าล้างข้อมูลเบราว์เซอร์ก่อนส่งงาน"),
             shot="student"),
        Step("4. นักเรียนส่งรหัสผลงาน",
             ("ทำครบแล้วนักเรียนกดส่งงาน จะได้รหัสผลงานหนึ่งชุด คัดลอกหรือกดแชร์ แล้วส่งให้ครู เช่น ทางแชตไลน์ "
              "รหัสนี้เก็บตาเดินและคำตอบที่นักเรียนให้ไว้จริง ไม่ใช่แค่คะแนน ครูจึงตรวจได้ว่าทำถูกจริงหรือไม่",)),
        Step("5. ตรวจงานในสมุดคะแนน",
             ("เปิดสมุดคะแนนของงานนั้น แล้ววางรหัสผลงานของนักเรียนทั้งหมดพร้อมกัน "
              "(คัดลอกข้อความทั้งแชตมาวางได้เลย) หรือเลือกไฟล์ข้อความหรือไฟล์ซีเอสวี ที่มีรหัสอยู่",
              "สมุดคะแนนเล่นตาเดินและคำตอบของนักเรียนซ้ำกับโจทย์ทุกข้อ ข้อที่ผลตรงกันจะขึ้นว่าตรวจแล้ว "
              "และจะเตือนเมื่อพบสิ่งผิดปกติ"),
             ("รหัสที่อ้างว่าทำถูก แต่เล่นซ้ำแล้วไม่ถูก (รหัสถูกแก้)",
              "รหัสของงานอื่น ที่ไม่ใช่งานนี้",
              "ชื่อนักเรียนซ้ำกัน",
              "ตารางแสดงนักเรียนทุกคนกับทุกข้อ: ถูกหรือผิด จำนวนครั้งที่ลอง คำใบ้ที่ใช้ และเวลา พร้อมคะแนนรวม "
              "กดหัวตารางเพื่อเรียงลำดับ กดช่องของนักเรียนเพื่อดูตาเดินและคำตอบทีละตา ตาที่ผิดมีเครื่องหมายบอก "
              "ใต้ตารางมีคำตอบผิดที่พบบ่อยของแต่ละข้อ และดาวน์โหลดเป็นไฟล์ซีเอสวีหรือไฟล์เอ็กเซล "
              "ที่ภาษาไทยอ่านได้ถูกต้อง คะแนนและเวลาเป็นตัวเลขที่คำนวณต่อได้"),
             tool="gradebook", shot="gradebook"),
        Step("6. พิมพ์ใบงาน",
             ("ถ้าอยากให้ทำบนกระดาษ เปิดใบงานจากหน้าสร้างงาน แล้วกดพิมพ์ใบงาน "
              "ใบงานจัดหน้าสำหรับกระดาษ เอ 4 มีเส้นเขียนชื่อ ภาพกระดานของทุกข้อ และเส้นสำหรับเขียนคำตอบ "
              "เฉลยที่เอนจินพิสูจน์แล้วอยู่แยกหน้าสุดท้าย ดึงหน้านั้นออกก่อนถ่ายเอกสารให้นักเรียน "
              "จะบันทึกเป็นไฟล์พีดีเอฟ แทนการพิมพ์ก็ได้ในหน้าต่างพิมพ์ของเบราว์เซอร์",),
             tool="worksheet", shot="worksheet"),
        Step("รายชื่อห้อง วันส่ง และงานที่เหมือนกัน",
             ("วางรายชื่อนักเรียน (เลขที่และชื่อ) ในสมุดคะแนน หรือเลือกไฟล์เอ็กเซลหรือไฟล์ซีเอสวี ของรายชื่อ "
              "ตารางจะเรียงตามเลขที่ คนที่ยังไม่ส่งรหัสขึ้นเป็นแถวสีเทาตรงเลขที่ของตัวเอง "
              "รหัสที่ชื่อไม่อยู่ในรายชื่อจะอยู่ท้ายตารางพร้อมคำเตือน แต่ละห้องเก็บรายชื่อแยกกันไว้ในเครื่องของครู",
              "ชื่อในรหัสจับคู่กับรายชื่อโดยไม่สนใจช่องว่าง ตัวพิมพ์เล็กใหญ่ และคำนำหน้า (ด.ช. ด.ญ. นาย นางสาว) "
              "แต่ชื่อเล่น ชื่อที่สะกดต่างกัน หรือชื่อภาษาอังกฤษ จะไม่ถูกจับคู่ ให้นักเรียนพิมพ์ชื่อจริงตามรายชื่อ",
              "ถ้างานมีวันส่ง ตารางบอกเวลาที่นักเรียนกดส่งเป็นเวลาประเทศไทย และบอกว่าส่งช้ากี่วันกี่ชั่วโมง "
              "เวลานี้มาจากนาฬิกาในโทรศัพท์ของนักเรียน ถ้านาฬิกาเครื่องนั้นตั้งผิด เวลาก็ผิดไปด้วย",
              "สิ่งที่รหัสผลงานพิสูจน์ได้ และพิสูจน์ไม่ได้:"),
             ("พิสูจน์ได้: ตาเดินและคำตอบในรหัส เมื่อเล่นซ้ำแล้วได้ผลตามที่รหัสอ้าง รหัสที่ถูกแก้ผลจะถูกจับได้",
              "พิสูจน์ไม่ได้: ใครเป็นคนเดิน รหัสไม่รู้ว่าใครถือโทรศัพท์อยู่ และไม่รู้ว่านักเรียนสองคนนั่งทำด้วยกันหรือไม่",
              "รหัสสองรหัสที่ตาเดินเหมือนกันและเวลาที่ใช้ในข้อเดียวกันตรงกันถึงหนึ่งในพันวินาที ถูกเตือนว่างานเหมือนกัน "
              "โดยแสดงชื่อทั้งสองคู่กัน และย้ายแถวของทั้งสองคนมาอยู่ติดกันในตาราง มีวงเล็บและป้ายกลุ่มกำกับ "
              "เช่น รหัสของเพื่อนที่เปลี่ยนชื่อแล้วส่งซ้ำ แต่ตาเดินเหมือนกันอย่างเดียวไม่ถูกเตือน "
              "เพราะโจทย์ง่าย ๆ อย่างรุกจนในตาเดียว ทุกคนก็เดินเหมือนกัน",
              "คำเตือนนี้เป็นเพียงสิ่งที่ควรถามต่อ ไม่ใช่หลักฐานว่าลอก คุยกับนักเรียนก่อนตัดสิน"), level=2),
        Step("ความเป็นส่วนตัว",
             ("กระดานไม่มีบัญชีผู้ใช้และไม่มีเซิร์ฟเวอร์เก็บข้อมูลของครูหรือนักเรียน",),
             ("งานอยู่ในลิงก์ที่ครูส่งเท่านั้น",
              "ความคืบหน้าของนักเรียนอยู่ในโทรศัพท์ของนักเรียน",
              "สมุดคะแนนทำงานในเบราว์เซอร์ของครู รหัสผลงานที่วางไม่ถูกส่งไปที่ใด",
              "ถ้าล้างข้อมูลเบราว์เซอร์ ข้อมูลในเครื่องนั้นจะหายไป ดาวน์โหลดไฟล์ซีเอสวี เก็บไว้ทุกครั้งที่ตรวจงานเสร็จ"), level=2),
        Step("เมื่อมีปัญหา",
             (),
             ("ลิงก์หรือรหัสไม่ครบหรือเสียหาย: หน้าจะบอกว่าผิดตรงไหน ให้คัดลอกลิงก์หรือรหัสมาใหม่ทั้งหมด",
              "รหัสจากรุ่นเก่าของเว็บ: หน้าจะบอกว่าอ่านไม่ได้ ให้นักเรียนเปิดลิงก์งานอีกครั้งแล้วส่งรหัสใหม่",
              "โจทย์บางข้อถูกลบออกจากเว็บแล้ว: ข้อนั้นจะขึ้นข้อความแจ้ง ข้ออื่นยังทำ ตรวจ และพิมพ์ได้ตามปกติ"), level=2),
    ),
    "en": (
        Step("1. Before the lesson: make an assignment",
             ("Open the assignment builder and pick the exercises you want the class to do, from any game and "
              "of any kind. Filter by game, kind, level and tag, or type to search; tap to add an exercise, "
              "then put them in the order you want.",
              "Give the assignment a title and instructions, in Thai or in English, a due date if you like, and "
              "choose whether students may see hints and the solution."),
             tool="assign", shot="assign"),
        Step("2. Hand it to the class: a link or a QR code",
             ("The builder gives you one short link and a QR code of it. Post the link in the class's LINE "
              "group, or show the QR code on the projector for students to scan with their phone cameras.",
              "The whole assignment lives in the link; no server keeps it. Keep the link: open the builder's "
              "link again to edit the assignment (an edited assignment has a new link to send again)."),
             shot="share"),
        Step("3. Students solve on their phones",
             ("A student opens the link and types the name the teacher will see. There is no sign-up, no "
              "password and no e-mail. Then they work through the exercises: moves on the board, answers to "
              "questions.",),
             ("Their work is kept on their own phone: closing or reloading the page loses nothing.",
              "If the Wi-Fi drops in the middle of the lesson they can keep going; opening the same link on the "
              "same phone brings everything back.",
              "Ask students to stay in the same browser, not in a private window, and not to clear its data "
              "before they have sent their code."),
             shot="student"),
        Step("4. Students send a result code",
             ("When they are done, students press submit and get a result code to copy or share; they send it to "
              "you, for example in a LINE chat. The code holds the moves and answers they actually gave, not only "
              "a score, so it can be checked.",)),
        Step("5. Check the work in the gradebook",
             ("Open the assignment's gradebook and paste all the students' result codes at once (a whole chat "
              "copied as it is works), or choose a text or CSV file that has them.",
              "The gradebook replays each student's moves and answers against every exercise. An item whose "
              "replay agrees is marked verified, and anything odd is flagged:"),
             ("a code that claims an exercise was solved when its moves do not solve it (an edited code);",
              "a code from a different assignment;",
              "two students with the same name.",
              "The table shows every student and every exercise: right or wrong, attempts, hints used and time, "
              "with totals. Click a column heading to sort; click a student's cell to see their moves and answers "
              "one by one, the wrong ones marked; under the table, each exercise's most common wrong answers. "
              "Download a CSV or Excel file with the Thai intact and scores and times as numbers."),
             tool="gradebook", shot="gradebook"),
        Step("6. Print a worksheet",
             ("For work on paper, open the worksheet from the assignment builder and press print. The worksheet "
              "is laid out for A4: lines for the student's name, each exercise's diagram and lines for the answer. "
              "The answer key, proven by the engine, is on its own page at the end: take it out before you copy "
              "the sheets for the class. The browser's print window can also save it as a PDF file.",),
             tool="worksheet", shot="worksheet"),
        Step("The class list, due dates and copied work",
             ("Paste your class list (number and name) into the gradebook, or choose an Excel or CSV file of it. "
              "The table is then sorted by number; a student who has not sent a code is a grey row at their "
              "number, and a code whose name is not on the list comes after the class, marked. Each class keeps "
              "its own list, on your device only.",
              "A code's name is matched to the list ignoring spaces, capitals and titles (ด.ช., ด.ญ., นาย, "
              "นางสาว, Mr, Ms), but a nickname, another spelling or a name in English letters is not matched: ask "
              "students to type their name as it is on the list.",
              "With a due date, the table shows when each code was sent, in Thai time, and how many days and "
              "hours late. That time comes from the student's phone clock: a phone set to the wrong time gives "
              "the wrong time.",
              "What a result code proves, and what it does not:"),
             ("It proves that its moves and answers replay to the results it claims: an edited result is caught.",
              "It does not prove who made the moves: a code cannot know who held the phone, nor whether two "
              "students sat together.",
              "Two codes with the same moves and the same time on an item, to the millisecond, are flagged side by "
              "side as the same work, their rows moved next to each other in the table under a bracket (a friend's "
              "code sent again under another name, for example). The same moves "
              "alone are not flagged: on an easy item, a mate in one, everyone plays the same move.",
              "A flag is a question to ask, not proof of copying: talk to the students before you decide."), level=2),
        Step("Privacy",
             ("Kradan has no accounts and no server that stores anything about teachers or students.",),
             ("The assignment is only in the link you send.",
              "A student's progress stays on the student's phone.",
              "The gradebook runs in your browser: the codes you paste are sent nowhere.",
              "Clearing the browser's data erases what it kept, so download the CSV each time you finish checking."), level=2),
        Step("When something goes wrong",
             (),
             ("A link or code that is cut short or damaged: the page says what is wrong; copy the whole link or "
              "code again.",
              "A code from an older version of the site: the page says it cannot read it; the student opens the "
              "assignment link again and sends a new code.",
              "An exercise that has been removed from the site: its place says so, and the other exercises still "
              "work, check and print as usual."), level=2),
    ),
}


def guide_url(lang: str) -> str:
    return f"/{lang}/teach/"


def guide_crumb(lang: str) -> dict[str, str]:
    """The guide as a breadcrumb of the other teacher pages."""
    return {"title": STRINGS[lang]["crumb"], "url": guide_url(lang)}


def tools(lang: str) -> dict[str, dict[str, str]]:
    """The three tools the guide links to: key -> {title, blurb, open (a link's words), url}."""
    s = STRINGS[lang]
    pages = {"assign": "assign/", "gradebook": "gradebook/", "worksheet": "worksheet/"}
    return {key: {"title": s[key], "blurb": s[f"{key}_blurb"], "open": s[f"{key}_open"], "url": guide_url(lang) + path} for key, path in pages.items()}


def shot(name: str, lang: str) -> dict:
    """A screenshot's URL, alt text, size and shape (wide: wider than tall); BuildFailed when its file is missing."""
    path = SHOTS / f"{lang}-{name}.webp"
    if not path.is_file():
        raise BuildFailed([BuildProblem(str(path), 0, "the teachers' guide's screenshot is missing",
                                        "make the screenshots from a built site: python -m site_builder.teach.screenshots "
                                        "--site <built site> --out site_builder/static/img/teach")])
    width, height = image_size(path)
    return {"url": SHOTS_URL + path.name, "alt": SHOT_ALT[name][lang], "width": width, "height": height,
            "wide": width > height}


def outputs(site: Site, urls: AssetUrls) -> list[Output]:
    """The guide in every language."""
    items = []
    for lang in LANGS:
        s = STRINGS[lang]
        url = guide_url(lang)
        links = tools(lang)
        steps = [{"step": step, "tool": links.get(step.tool), "shot": shot(step.shot, lang) if step.shot else None}
                 for step in GUIDE[lang]]
        ctx = base_context(site, urls, lang, url, {other: guide_url(other) for other in LANGS})
        ctx.update(title=s["title"], summary=s["summary"], s=s, tools=links, steps=steps,
                   breadcrumbs=[{"title": strings(lang)["home"], "url": f"/{lang}/"}, guide_crumb(lang)])
        items.append(Output(f"{lang}/teach/index.html", "teach-guide.html", ctx, "site_builder/teach/guide_page.py"))
    return items
