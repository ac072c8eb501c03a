"""UI strings for templates and diagram labels, Thai first. Game words live in the game's plugin."""
from __future__ import annotations

LANGS = ("th", "en")

STRINGS: dict[str, dict[str, str]] = {
    "th": {
        "lang_name": "ไทย",
        "tagline": "เรียนกติกาหมากกระดานไทย เดินหมากบนกระดานจริง",
        "home": "หน้าแรก",
        "lessons": "บทเรียน",
        "sandbox": "กระดานทดลอง",
        "prev": "ก่อนหน้า",
        "next": "ถัดไป",
        "switch_lang": "English",
        "breadcrumbs": "ตำแหน่งของหน้านี้",
        "nav": "สารบัญ",
        "skip": "ข้ามไปยังเนื้อหา",
        "noscript": "กระดานที่เดินได้ต้องเปิดใช้จาวาสคริปต์ ภาพกระดานและเนื้อหาทั้งหมดอ่านได้โดยไม่ต้องใช้",
        "not_found_title": "ไม่พบหน้านี้",
        "not_found_text": "ไม่มีหน้าที่อยู่นี้ ลองเริ่มจากหน้าแรก",
        "redirect_text": "ไปยังหน้าแรกภาษาไทย",
        "footer": "กระดาน — เว็บไซต์สอนหมากกระดานไทย",
        # the home page (a hub) and the lessons' links to practice
        "start_here": "เริ่มที่นี่",
        "start_intro": "ทางเดินสำหรับผู้เริ่มเล่น ทำตามลำดับทีละขั้น",
        "step_lesson": "อ่านบทแรก",
        "step_sandbox": "ลองเดินเอง",
        "step_puzzles": "แก้โจทย์",
        "step_extra": "ฝึกต่อ",
        "puzzle_count": "โจทย์ {n} ข้อ",
        "lesson_count": "{n} บท",
        "sandbox_blurb": "เดินหมากได้อิสระ ตั้งตำแหน่งเอง หรือเล่นกับคอมพิวเตอร์",
        "practice": "ฝึกเรื่องนี้กับโจทย์ {n} ข้อ",
        "practice_heading": "ฝึกต่อ",
        # diagram descriptions (the game plugin adds sides and pieces)
        "to_move": "ตาเดินของ{side}",
        "in_check": "{side}ถูกรุก",
        "last_move": "ตาที่เพิ่งเดิน {move}",
        "marked": "ช่องที่เน้น {squares}",
        "arrows": "ลูกศร {arrows}",
    },
    "en": {
        "lang_name": "English",
        "tagline": "Learn the rules of Thai board games and try the moves on live boards",
        "home": "Home",
        "lessons": "Lessons",
        "sandbox": "Sandbox",
        "prev": "Previous",
        "next": "Next",
        "switch_lang": "ไทย",
        "breadcrumbs": "Breadcrumbs",
        "nav": "Contents",
        "skip": "Skip to content",
        "noscript": "Interactive boards need JavaScript; the diagrams and all text work without it.",
        "not_found_title": "Page not found",
        "not_found_text": "There is no page at this address. Try the home page.",
        "redirect_text": "Go to the Thai home page",
        "footer": "Kradan — a site for learning Thai board games",
        "start_here": "Start here",
        "start_intro": "A path for beginners: take the steps in order.",
        "step_lesson": "Read the first lesson",
        "step_sandbox": "Try moves yourself",
        "step_puzzles": "Solve puzzles",
        "step_extra": "Practise",
        "puzzle_count": "{n} puzzles",
        "lesson_count": "{n} lessons",
        "sandbox_blurb": "Move freely, set up any position, or play the computer.",
        "practice": "Practise this with {n} puzzles",
        "practice_heading": "Practise",
        "to_move": "{side} to move",
        "in_check": "{side} is in check",
        "last_move": "last move {move}",
        "marked": "marked squares {squares}",
        "arrows": "arrows {arrows}",
    },
}


def strings(lang: str) -> dict[str, str]:
    """The UI strings of one language."""
    return STRINGS[lang]
