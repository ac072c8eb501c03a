"""UI strings for templates and diagram labels, Thai first."""
from __future__ import annotations

LANGS = ("th", "en")

STRINGS: dict[str, dict[str, str]] = {
    "th": {
        "lang_name": "ไทย",
        "tagline": "เรียนกติกาหมากกระดานไทย เดินหมากบนกระดานจริง",
        "home": "หน้าแรก",
        "lessons": "บทเรียน",
        "sandbox": "กระดานทดลอง",
        "counting_trainer": "ฝึกนับศักดิ์",
        "sandbox_intro": "เดินหมากได้อย่างอิสระบนกระดานหมากรุกไทย",
        "prev": "ก่อนหน้า",
        "next": "ถัดไป",
        "switch_lang": "English",
        "switch_lang_label": "อ่านหน้านี้เป็นภาษาอังกฤษ",
        "breadcrumbs": "ตำแหน่งของหน้านี้",
        "nav": "สารบัญ",
        "skip": "ข้ามไปยังเนื้อหา",
        "noscript": "กระดานแบบโต้ตอบต้องใช้ JavaScript ภาพกระดานและเนื้อหาทั้งหมดอ่านได้โดยไม่ต้องใช้",
        "not_found_title": "ไม่พบหน้านี้",
        "not_found_text": "ไม่มีหน้าที่อยู่นี้ ลองเริ่มจากหน้าแรก",
        "redirect_text": "ไปยังหน้าแรกภาษาไทย",
        "footer": "กระดาน — เว็บไซต์สอนหมากกระดานไทย",
        # diagram descriptions
        "white": "ขาว",
        "black": "ดำ",
        "to_move": "ตาเดินของ{side}",
        "in_check": "{side}ถูกรุก",
        "last_move": "ตาที่เพิ่งเดิน {move}",
        "marked": "ช่องที่เน้น {squares}",
        "arrows": "ลูกศร {arrows}",
        "result_white_wins": "จบเกม ขาวชนะ",
        "result_black_wins": "จบเกม ดำชนะ",
        "result_draw": "จบเกม เสมอ",
        "piece_K": "ขุน", "piece_M": "เม็ด", "piece_S": "โคน", "piece_N": "ม้า",
        "piece_R": "เรือ", "piece_P": "เบี้ย", "piece_M~": "เบี้ยหงาย",
    },
    "en": {
        "lang_name": "English",
        "tagline": "Learn the rules of Thai board games and try the moves on live boards",
        "home": "Home",
        "lessons": "Lessons",
        "sandbox": "Sandbox",
        "counting_trainer": "Counting trainer",
        "sandbox_intro": "Play any moves you like on a Makruk board.",
        "prev": "Previous",
        "next": "Next",
        "switch_lang": "ไทย",
        "switch_lang_label": "Read this page in Thai",
        "breadcrumbs": "Breadcrumbs",
        "nav": "Contents",
        "skip": "Skip to content",
        "noscript": "Interactive boards need JavaScript; the diagrams and all text work without it.",
        "not_found_title": "Page not found",
        "not_found_text": "There is no page at this address. Try the home page.",
        "redirect_text": "Go to the Thai home page",
        "footer": "Kradan — a site for learning Thai board games",
        "white": "White",
        "black": "Black",
        "to_move": "{side} to move",
        "in_check": "{side} is in check",
        "last_move": "last move {move}",
        "marked": "marked squares {squares}",
        "arrows": "arrows {arrows}",
        "result_white_wins": "game over, White wins",
        "result_black_wins": "game over, Black wins",
        "result_draw": "game over, draw",
        "piece_K": "Khun", "piece_M": "Met", "piece_S": "Khon", "piece_N": "Ma",
        "piece_R": "Ruea", "piece_P": "Bia", "piece_M~": "Bia-ngai",
    },
}


def strings(lang: str) -> dict[str, str]:
    """The UI strings of one language."""
    return STRINGS[lang]
