"""Hints that teach the puzzle (site_builder/puzzles/hints.py), tags with names, credits in both languages."""
import re

import pytest
from pz_helpers import STALEMATE, hints_for, project, puzzle, quiz
from sb_helpers import PROJECT

from site_builder.puzzles.hints import masked, same_hint
from site_builder.puzzles.prove import load_puzzles

TEMPLATE = {"th": ["หาตารุกที่ขุนฝ่ายตรงข้ามไม่มีช่องหนี", "ตาแรกเดินเรือ"],
            "en": ["Find a check the Khun cannot escape.", "The first move is made by your Ruea."]}


def problems_of(tmp_path, files: dict[str, str]) -> list[tuple[str, str]]:
    _, problems = load_puzzles(project(tmp_path / "p", files))
    return [(p.file.rsplit("/", 1)[1], p.what) for p in sorted(problems)]


def test_the_helpers_own_hints_pass(tmp_path):
    assert problems_of(tmp_path, {"mk-a": puzzle("mk-a"), "mk-b": puzzle("mk-b")}) == []


@pytest.mark.parametrize("hints, what", [
    (None, "hints.th: has no hints; a puzzle needs at least 2 in each language"),
    ({"th": ["ขุนดำติดมุม ใช้เรือปิดแถว"], "en": ["The black Khun is in the corner: close a rank with the Ruea."]},
     "hints.th: has only 1 hint; a puzzle needs at least 2 in each language"),
])
def test_a_puzzle_needs_two_hints_in_each_language(tmp_path, hints, what):
    found = problems_of(tmp_path, {"mk-a": puzzle("mk-a", hints=hints)})
    assert ("mk-a.toml", what) in found and len(found) == 2  # th and en


def test_a_hint_may_not_name_the_key_square(tmp_path):
    # the keys of MATE2 are c6b6 and c6c7 (both mate in 2): naming b6 or c7 gives the answer away
    hints = {"th": ["ขุนขาวเข้าไปใกล้ขุนดำก่อน", "ขุนขาวเดินไปที่ b6"],
             "en": ["Bring your Khun closer first.", "The Khun goes to c7 or b6."]}
    found = problems_of(tmp_path, {"mk-a": puzzle("mk-a", hints=hints)})
    assert found == [("mk-a.toml", "hints.th: hint 2 gives the answer away: it names 'b6'"),
                     ("mk-a.toml", "hints.en: hint 2 gives the answer away: it names 'b6'"),
                     ("mk-a.toml", "hints.en: hint 2 gives the answer away: it names 'c7'")]


def test_a_number_answer_may_not_be_in_a_hint(tmp_path):
    text = quiz("counting-a", "4k3/1s6/8/8/8/8/1R6/4K3 w - - 0 1", "start", kind="counting", moves=["b2b7"],
                tags=["counting"], hints={"th": ["นับหมากบนกระดานหลังเรือกิน", "คำตอบคือ ๔"],
                                          "en": ["Count the pieces after the capture.", "Three pieces plus one."]})
    assert problems_of(tmp_path, {"counting-a": text}) == [
        ("counting-a.toml", "hints.th: hint 2 gives the answer away: it names '4'")]


def test_a_hint_may_not_spell_a_move_of_the_line_in_any_ply_or_form(tmp_path):
    # MATE2's line is c6b6 a8b8 h1h8: the defender's reply counts as much as the mating move
    hints = {"th": ["ขุนขาวเข้าไปใกล้ขุนดำก่อน", "ปิดท้ายด้วยเรือ h1 ไป h8"],
             "en": ["Bring your Khun closer first.", "When the black Khun on a8 runs to b8, the Ruea finishes."]}
    found = problems_of(tmp_path, {"mk-a": puzzle("mk-a", hints=hints)})
    assert found == [
        ("mk-a.toml", "hints.th: hint 2 gives the answer away: it names the move h1h8 of the solution (as 'h1 ไป h8')"),
        ("mk-a.toml", "hints.en: hint 2 gives the answer away: it names the move a8b8 of the solution "
                      "(as 'a8 runs to b8')")]


def test_a_hint_may_name_a_piece_and_a_square_that_are_not_a_move(tmp_path):
    hints = {"th": ["ขุนดำที่ a8 ติดมุม", "เรือที่ h1 คุมทั้งแถวได้"],
             "en": ["The black Khun on a8 is in the corner.", "The Ruea on h1 can hold a whole rank; h7 too."]}
    assert problems_of(tmp_path, {"mk-a": puzzle("mk-a", hints=hints)}) == []


def test_a_title_may_not_name_the_answer_either(tmp_path):
    found = problems_of(tmp_path, {"mk-a": puzzle("mk-a", title={"th": "ขุนไป b6", "en": "Ruea h1 to h8"})})
    assert found == [("mk-a.toml", "title.th: the title gives the answer away: it names 'b6'"),
                     ("mk-a.toml", "title.en: the title gives the answer away: it names the move h1h8 of the "
                                   "solution (as 'h1 to h8')")]


def test_a_makhos_line_is_caught_in_its_own_notation_and_in_words(tmp_path):
    text = (PROJECT / "puzzles/makhos/mh-win2-002.toml").read_text(encoding="utf-8")
    first = text.split("[hints]")[1].split('"')[1]
    text = text.replace(first, "ฮอสขาว e7 ไป f8 ก่อน แล้วฮอสดำต้องกิน", 1)
    text = re.sub(r'(\[title\]\nth = )".*?"', r'\1"ตาแรก e7-f8"', text)
    found = problems_of(tmp_path, {"puzzles/makhos/mh-win2-002.toml": text})
    assert found == [
        ("mh-win2-002.toml", "title.th: the title gives the answer away: it names the move e7-f8 of the solution "
                             "(as 'e7-f8')"),
        ("mh-win2-002.toml", "hints.th: hint 1 gives the answer away: it names the move e7-f8 of the solution "
                             "(as 'e7 ไป f8')")]


def test_a_question_s_right_choice_may_not_be_in_a_hint_but_a_short_word_may(tmp_path):
    text = quiz("mk-q", STALEMATE, "position-status",
                hints={"th": ["ขุนดำถูกโจมตีอยู่หรือไม่", "คำตอบคือ อับ (ไม่ถูกรุกแต่ไม่มีตาเดิน)"],
                       "en": ["Is the black Khun attacked?", "Check, mate and stalemate differ in one thing."]})
    assert problems_of(tmp_path, {"mk-q": text}) == [
        ("mk-q.toml", "hints.th: hint 2 gives the answer away: it names the right choice "
                      "'อับ (ไม่ถูกรุกแต่ไม่มีตาเดิน)'")]


@pytest.mark.parametrize("second", [
    ["หาตารุกที่ขุนฝ่ายตรงข้ามไม่มีช่องหนี", "ตาแรกเดินม้า"],  # one word swapped
    ["หาตารุกที่ขุนฝ่ายตรงข้ามไม่มีช่องหนี!", "ตาแรกเดินเบี้ยหงาย"],  # a longer word, punctuation
])
def test_a_template_hint_with_one_word_changed_is_refused(tmp_path, second):
    files = {"mk-a": puzzle("mk-a", hints=TEMPLATE),
             "mk-b": puzzle("mk-b", hints={"th": second, "en": ["Find a check the Met cannot escape.",
                                                                 "The first move is made by your Ma."]})}
    found = problems_of(tmp_path, files)
    assert [f for f, _ in found] == ["mk-b.toml"] * 4
    assert any(what.startswith("hints.en: hint 1 ('Find a check the Met cannot escape.') repeats hint 1 of "
                               "puzzles/makruk/mk-a.toml") for _, what in found)


def test_squares_and_numbers_do_not_make_a_template_new(tmp_path):
    a = {"th": ["เรือไปที่ช่อง h7", "ขุนดำมีทางหนี 2 ช่อง"], "en": ["The Ruea goes to h7.", "The Khun has 2 squares."]}
    b = {"th": ["เรือไปที่ช่อง a4", "ขุนดำมีทางหนี 3 ช่อง"], "en": ["The Ruea goes to a4.", "The Khun has 3 squares."]}
    found = problems_of(tmp_path, {"mk-a": puzzle("mk-a", hints=a), "mk-b": puzzle("mk-b", hints=b)})
    assert len(found) == 4 and all(f == "mk-b.toml" and "repeats" in what for f, what in found)


def test_two_hints_of_one_puzzle_must_differ(tmp_path):
    hints = {"th": ["มองหาตาที่รุกด้วยเรือ", "มองหาตาที่รุกด้วยม้า"], "en": hints_for("mk-a")["en"]}
    assert problems_of(tmp_path, {"mk-a": puzzle("mk-a", hints=hints)}) == [
        ("mk-a.toml", "hints.th: hints 1 and 2 say the same thing")]


def test_masking_and_sameness():
    assert masked("The Ruea goes to H7!  Then ๓ more.") == "the ruea goes to § then # more"
    assert same_hint(masked("Look at your Ma."), masked("Look at your Ruea."))
    assert same_hint(masked("ตาแรกเดินเรือ"), masked("ตาแรกเดินเบี้ยหงาย"))
    assert not same_hint(masked("The black Khun is on the edge; cover the rank next to it."),
                         masked("Your Ma jumps in with check; nothing can take it there."))
    assert not same_hint(masked("Look at your Ma and at the corner it guards."),
                         masked("Look at your Ruea, then at the file it could open."))


def test_a_tag_needs_a_thai_and_english_name(tmp_path):
    found = problems_of(tmp_path, {"mk-a": puzzle("mk-a", tags=["mate-in-2", "rooks"])})
    assert found == [("mk-a.toml", "tags[1]: the site has no Thai and English name for the tag 'rooks'")]


def test_credit_in_one_or_two_languages(tmp_path):
    root = project(tmp_path / "p", {"mk-a": puzzle("mk-a", credit={"th": "กระดาน", "en": "Kradan"}),
                                    "mk-b": puzzle("mk-b", credit="Somchai")})
    puzzles, problems = load_puzzles(root)
    assert problems == []
    credits = {p.id: p.credit for p in puzzles.puzzles}
    assert credits == {"mk-a": {"th": "กระดาน", "en": "Kradan"}, "mk-b": {"th": "Somchai", "en": "Somchai"}}
    found = problems_of(tmp_path / "b", {"mk-c": puzzle("mk-c", credit={"th": "กระดาน"})})
    assert found == [("mk-c.toml", "credit: must be a string, or a table with exactly th and en strings, "
                                   "not a table {'th': 'กระดาน'}")]


def test_the_hint_check_runs_on_cached_proofs_too(tmp_path):
    root = project(tmp_path / "p", {"mk-a": puzzle("mk-a")})
    assert load_puzzles(root)[1] == []
    (root / "puzzles/makruk/mk-b.toml").write_text(puzzle("mk-b", hints=hints_for("mk-a")), encoding="utf-8")
    _, problems = load_puzzles(root)  # mk-a comes from the cache now; mk-b repeats its hints
    assert {p.file for p in problems} == {"puzzles/makruk/mk-b.toml"} and len(problems) == 4
