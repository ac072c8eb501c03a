"""The gradebook with a class list (issue 23 §3) in real Chromium on a 360 px phone.

The teacher pastes a class list with a header, a blank line and a duplicate number (the duplicate
listed by its line, the rest read), then three result codes made in the page with the site's own
encodeResult: one sent two days after the due day, one the same code under another student's name,
one from a name not on the list. The table is in เลขที่ order with the students who sent nothing
greyed at their place, the late flag beside the Thai local time, the copied pair side by side (the
copy's row moved up right after the first, both bracketed and tagged, named above the table),
the unknown name after the class; a reload keeps the list as typed. A list read from an .xlsx file,
a storage that is full (said, the list still used), axe-clean. Screenshots at 360 and 1280 px.
"""
from __future__ import annotations

import io
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.teach_pages import check_codes
from tests.e2e.test_teach_gradebook import AXE, ENCODE, MATE, QUIZ, item, page_data

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp")
CLASS_LIST = ("เลขที่\tชื่อ\n"
              "1\tด.ช. สมชาย ใจดี\n"
              "\n"
              "2\tด.ญ. สมหญิง รักเรียน\n"
              "2\tด.ญ. ชูใจ ใฝ่ดี\n"  # line 5: number 2 again
              "๓\tนายปิติ มานะ\n"  # Thai digit
              "04\tด.ญ. มานี มีตา\n")


def results(site: Path) -> list[dict]:
    mate, quiz = page_data(site, MATE), page_data(site, QUIZ)
    work = [item(MATE, [["m", next(iter(mate["tree"]["wins"]))]], "solved", 1, ms=41_237),
            item(QUIZ, [["a", quiz["quiz"]["correct"]]], "solved", 1, ms=19_804)]
    # due 2025-01-06: the day ends 2025-01-06T17:00Z; 2025-01-08T20:10Z is 9 Jan 03:10 in Bangkok
    late = {"name": "สมชาย ใจดี", "started": "2025-01-08T19:50:00Z", "submitted": "2025-01-08T20:10:00Z", "items": work}
    copy = {**late, "name": "เด็กหญิงมานี มีตา"}  # the same code, the name changed
    stranger = {"name": "ต้น", "started": "2025-01-06T02:00:00Z", "submitted": "2025-01-06T02:20:00Z",
                "items": [item(MATE, [["m", next(iter(mate["tree"]["wins"]))]], "solved", 1, ms=52_001)]}
    return [late, copy, stranger]


def test_a_class_list_orders_the_gradebook_shows_who_is_missing_late_and_copied(page: Page, built_site):
    page.set_viewport_size({"width": 360, "height": 780})
    page.goto("/th/teach/gradebook/")
    assignment = {"title": "การบ้านหมากรุก", "instructions": "", "lang": "th", "due": "2025-01-06",
                  "hints": True, "solution": True, "items": [MATE, QUIZ]}
    made = page.evaluate(ENCODE, [assignment, results(built_site), results(built_site)[2]])
    page.goto(f"/th/teach/gradebook/#{made['code']}")
    book = page.locator("#kr-gradebook")
    expect(book).to_have_attribute("data-state", "ready", timeout=30_000)
    expect(page.locator("#gb-due")).to_have_text("กำหนดส่ง: 6 ม.ค. 2568 (ภายในเที่ยงคืน เวลาประเทศไทย)")

    page.get_by_label("ชื่อห้อง").fill("ม.1/2")
    page.get_by_label("ชื่อห้อง").dispatch_event("change")
    page.get_by_label("รายชื่อ (บรรทัดละหนึ่งคน)").fill(CLASS_LIST)
    page.get_by_role("button", name="ใช้รายชื่อนี้").click()
    expect(page.locator("#gb-class-status")).to_have_text("อ่านรายชื่อได้ 4 คน")
    problems = page.locator("#gb-class-problems li")
    expect(problems).to_have_count(1)
    expect(problems).to_have_text("บรรทัด 5: 2 ด.ญ. ชูใจ ใฝ่ดี — เลขที่ 2 ซ้ำกับบรรทัด 4")
    expect(problems).to_have_attribute("data-reason", "duplicate-number")
    rows = page.locator("#gb-table tbody tr")
    expect(page.locator("#gb-table tbody tr[data-absent]")).to_have_count(4)  # nobody has sent yet

    check_codes(page, "\n".join(made["codes"]))

    def check_table():
        expect(rows).to_have_count(5)
        # เลขที่ order, but the copy (4) right after the code it copies (1)
        expect(rows.locator(".gb-no")).to_have_text(["1.", "4.", "2.", "3."])
        for absent in (rows.nth(2), rows.nth(3)):
            expect(absent).to_have_attribute("data-absent", "true")
            expect(absent).to_contain_text("ยังไม่ส่งรหัส")
        expect(page.locator("#gb-table tbody tr[data-copy-group]")).to_have_count(2)
        first = rows.nth(0)
        expect(first.locator(".gb-when")).to_have_text("9 ม.ค. 2568 03:10")
        expect(first.locator(".gb-late")).to_have_text("⚠ ส่งช้า 2 วัน 4 ชั่วโมง")
        expect(first).to_have_attribute("data-verified", "ok")
        expect(first.locator(".gb-mark")).to_have_text("✓ ผ่าน")  # the replay passed: said as passed ...
        expect(first.locator(".gb-mark")).to_have_css("color", "rgb(27, 110, 42)")  # ... in a pass's green, not red
        expect(first).to_have_attribute("data-copied", "true")
        expect(first.locator(".gb-flags li.gb-flag-copy")).to_have_text(  # ... with the copy's warning
            "⚠ รหัสเดียวกับของ เด็กหญิงมานี มีตา ที่เปลี่ยนชื่อ: เริ่มทำพร้อมกัน ในทุกข้อ (ครบ 2 ข้อ) งานเหมือนกันทุกตา เวลาเท่ากัน")
        copied = rows.nth(1)
        for n, edge in ((0, "first"), (1, "last")):  # the bracket of copy group 1
            expect(rows.nth(n)).to_have_attribute("data-copy-group", "1")
            expect(rows.nth(n)).to_have_attribute("data-copy-edge", edge)
            expect(rows.nth(n).locator(".gb-copy-tag")).to_have_text("⚠ งานเหมือนกัน กลุ่ม 1")
        expect(copied.locator("th")).to_contain_text("ด.ญ. มานี มีตา")
        expect(copied.locator(".gb-code-name")).to_have_text("ชื่อในรหัส: เด็กหญิงมานี มีตา")
        expect(copied.locator(".gb-flags")).to_contain_text("รหัสเดียวกับของ สมชาย ใจดี ที่เปลี่ยนชื่อ")
        stranger = rows.nth(4)
        expect(stranger).to_have_attribute("data-unknown", "true")
        expect(stranger.locator(".gb-unknown")).to_have_text("ไม่อยู่ในรายชื่อห้อง")
        expect(stranger.locator(".gb-late")).to_have_count(0)
        expect(stranger.locator(".gb-when")).to_have_text("6 ม.ค. 2568 09:20")
        expect(page.locator("#gb-copy-list li")).to_have_text(["สมชาย ใจดี ↔ เด็กหญิงมานี มีตา: ทุกข้อ (ครบ 2 ข้อ) — "
                                                               "รหัสเดียวกันที่เปลี่ยนชื่อ เริ่มทำพร้อมกัน งานเหมือนกันทุกตา เวลาเท่ากัน"])

    check_table()
    sizes = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert sizes[0] <= sizes[1], sizes  # the page never scrolls sideways at 360 px
    page.locator("#gb-class").screenshot(path=str(SHOTS / "class-list-360.png"))
    page.locator("#gb-results").screenshot(path=str(SHOTS / "class-table-360.png"))

    page.reload()  # the list as typed, its problems and the order all come back
    expect(book).to_have_attribute("data-state", "ready", timeout=60_000)
    expect(page.get_by_label("ชื่อห้อง")).to_have_value("ม.1/2")
    expect(page.get_by_label("รายชื่อ (บรรทัดละหนึ่งคน)")).to_have_value(CLASS_LIST)
    expect(problems).to_have_count(1)
    check_table()

    page.set_viewport_size({"width": 1280, "height": 900})
    page.screenshot(path=str(SHOTS / "class-1280.png"), full_page=True)
    page.set_viewport_size({"width": 360, "height": 780})
    page.screenshot(path=str(SHOTS / "class-360.png"), full_page=True)


def test_typing_is_kept_on_reload_before_it_is_used(page: Page):
    page.set_viewport_size({"width": 360, "height": 780})
    page.goto("/th/teach/gradebook/")
    code = page.evaluate("""async () => (await import('/static/js/core/assignment.js')).encodeAssignment(
        {title: 'งาน', instructions: '', lang: 'th', due: null, hints: true, solution: true, items: ['mk-mate1-001']})""")
    page.goto(f"/th/teach/gradebook/#{code}")
    expect(page.locator("#kr-gradebook")).to_have_attribute("data-state", "ready", timeout=30_000)
    expect(page.locator("#gb-due")).to_have_text("งานนี้ไม่ได้กำหนดวันส่ง")
    field = page.get_by_label("รายชื่อ (บรรทัดละหนึ่งคน)")
    field.press_sequentially("1 สมชาย\n๒ สม")  # typed, never submitted
    page.reload()
    expect(page.locator("#kr-gradebook")).to_have_attribute("data-state", "ready", timeout=30_000)
    expect(field).to_have_value("1 สมชาย\n๒ สม")
    expect(page.locator("#gb-table tbody tr[data-absent]")).to_have_count(2)


def xlsx(rows: list[list[str]]) -> bytes:
    """A one-sheet workbook as a spreadsheet program saves it (shared strings, deflated parts)."""
    strings = sorted({cell for row in rows for cell in row if not cell.isdigit()})
    cells = "".join(
        f'<row r="{r}">' + "".join(
            f'<c r="{chr(65 + c)}{r}"><v>{cell}</v></c>' if cell.isdigit()
            else f'<c r="{chr(65 + c)}{r}" t="s"><v>{strings.index(cell)}</v></c>'
            for c, cell in enumerate(row)) + "</row>"
        for r, row in enumerate(rows, start=1))
    ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
    rel = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
    parts = {
        "xl/workbook.xml": f'<workbook {ns} {rel}><sheets><sheet name="ห้อง" sheetId="1" r:id="rId1"/></sheets></workbook>',
        "xl/_rels/workbook.xml.rels": '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                                      '<Relationship Id="rId1" Type="worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
        "xl/sharedStrings.xml": f'<sst {ns}>' + "".join(f"<si><t>{escape(s)}</t></si>" for s in strings) + "</sst>",
        "xl/worksheets/sheet1.xml": f"<worksheet {ns}><sheetData>{cells}</sheetData></worksheet>",
    }
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in parts.items():
            z.writestr(name, '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' + text)
    return out.getvalue()


def test_a_class_list_from_an_xlsx_file_and_a_full_storage_said(new_context, tmp_path):
    context = new_context(bypass_csp=True, viewport={"width": 360, "height": 780})  # axe is an inline script
    page = context.new_page()
    page.goto("/th/teach/gradebook/")
    code = page.evaluate("""async () => (await import('/static/js/core/assignment.js')).encodeAssignment(
        {title: 'งาน', instructions: '', lang: 'th', due: null, hints: true, solution: true, items: ['mk-mate1-001']})""")
    page.goto(f"/th/teach/gradebook/#{code}")
    expect(page.locator("#kr-gradebook")).to_have_attribute("data-state", "ready", timeout=30_000)
    sheet = tmp_path / "ห้อง 1-2.xlsx"
    sheet.write_bytes(xlsx([["เลขที่", "ชื่อ", "นามสกุล"], ["1", "ด.ช. สมชาย", "ใจดี"], ["2", "ด.ญ. สมหญิง", "รักเรียน"],
                            ["2", "ปิติ", "มานะ"]]))
    page.locator("#gb-class-file").set_input_files(str(sheet))
    expect(page.locator("#gb-class-status")).to_have_text("อ่านรายชื่อได้ 2 คน")
    expect(page.locator("#gb-class-problems li")).to_have_text(["บรรทัด 4: 2 ปิติ มานะ — เลขที่ 2 ซ้ำกับบรรทัด 3"])
    expect(page.locator("#gb-table tbody tr[data-absent] th")).to_have_text(["1. ด.ช. สมชาย ใจดี", "2. ด.ญ. สมหญิง รักเรียน"])

    # the storage fills up: said, and the list still works on the page
    page.evaluate("() => { Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); }; }")
    page.get_by_label("รายชื่อ (บรรทัดละหนึ่งคน)").fill("1 สมชาย ใจดี\n2 สมหญิง รักเรียน\n3 ปิติ มานะ")
    expect(page.locator("#gb-class-error")).to_contain_text("บันทึกรายชื่อไว้ในเครื่องนี้ไม่ได้")
    expect(page.locator("#gb-table tbody tr[data-absent]")).to_have_count(3)
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("axe.run(document, { resultTypes: ['violations'] })")
    context.close()
    assert [(v["id"], [n["target"] for n in v["nodes"]]) for v in result["violations"]] == []
