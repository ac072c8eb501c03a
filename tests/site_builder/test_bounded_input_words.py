"""The words the pages say when they refuse an oversized input (issue 22 §3): a 41-item assignment
link names the 40-item limit (the student's page, the teacher's builder), a too-long replay is
"not checked" in the gradebook, the Dummy calculator names a link's size or a table's card count.
Each is in Thai and English, carries the numbers the browser fills in, and none says the input was
cut off or damaged. (The browser logic that picks them: tests/js/assignment-limit*.test.mjs,
replay-bounds.test.mjs, dummy-table-link.test.mjs.)"""
import re

import pytest

from site_builder.games.dummy.calculator import UI
from site_builder.teach import assign_page, gradebook_page, student_page

THAI = re.compile(r"[\u0e00-\u0e7f]")
CUT_OFF = re.compile(r"cut off|incomplete|damaged|ไม่ครบ|เสียหาย|ตัดตอน", re.I)

WORDS = [
    (student_page.STRINGS, "tooMany", ("{count}", "{max}")),
    (assign_page.STRINGS, "hash_too_many", ("{count}", "{max}")),
    (gradebook_page.STRINGS, "tooLong", ("{n}",)),
    (UI, "linkTooLong", ("{chars}", "{max}")),
    (UI, "tooManyCards", ("{cards}", "{max}")),
]


@pytest.mark.parametrize("strings, key, holes", WORDS, ids=[w[1] for w in WORDS])
def test_each_refusal_is_said_in_both_languages_with_its_numbers(strings, key, holes):
    for lang in ("th", "en"):
        text = strings[lang][key]
        assert all(hole in text for hole in holes), (lang, text)
        assert not CUT_OFF.search(text), (lang, text)
    assert THAI.search(strings["th"][key]) and not THAI.search(strings["en"][key])


def test_the_builder_page_hands_its_words_to_the_script():
    assert "hash_too_many" in assign_page.SCRIPT_KEYS


def test_the_limit_words_differ_from_a_cut_off_links():
    for lang in ("th", "en"):
        assert student_page.STRINGS[lang]["tooMany"] != student_page.STRINGS[lang]["badCode"]
        assert CUT_OFF.search(student_page.STRINGS[lang]["badCode"])
