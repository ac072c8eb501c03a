"""The gradebook's .xlsx (static/js/teach/xlsx-write.js, with the rows of teach/gradebook-export.js)
read by Python's zipfile and ElementTree, as a spreadsheet program would: a valid zip whose every
CRC holds, every part well-formed XML, every part the content types and relationships name present,
numbers in number cells (t="n"), text in inline strings, the date a day number with a date style.
Needs node (fails without it, never skips)."""
from __future__ import annotations

import base64
import io
import shutil
import subprocess
import zipfile
from pathlib import Path
from xml.etree import ElementTree

ROOT = Path(__file__).resolve().parents[2]
MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
RELS = "{http://schemas.openxmlformats.org/package/2006/relationships}"

SCRIPT = """
import { sheetRows } from './site_builder/static/js/teach/gradebook-export.js';
import { xlsxBytes } from './site_builder/static/js/teach/xlsx-write.js';
const w = (key, vars = {}) => `${key}${Object.values(vars).join(' ')}`;
const cell = (result, attempts, hints, ms) => ({ result, attempts, hints, ms, status: 'ok' });
const rows = [{ name: 'สมหญิง <รักเรียน> & "ลูกศิษย์"', verified: 'ok', solved: 1, ms: 65400, flags: [],
  r: { submitted: '2026-11-27T05:05:00.000Z' }, cells: [cell('retried', 2, 1, 65400)] }];
const sheet = sheetRows([{ no: 7, name: rows[0].name, result: rows[0] }, { no: 8, name: 'สมศรี', result: null }],
  ['เรือดิ่ง'], { w, flagText: () => '' });
process.stdout.write(Buffer.from(xlsxBytes({ sheet: 'การบ้าน: สัปดาห์ 1', rows: sheet })).toString('base64'));
"""


def workbook() -> bytes:
    node = shutil.which("node")
    assert node, "node is needed to write the .xlsx"
    run = subprocess.run([node, "--disable-warning=MODULE_TYPELESS_PACKAGE_JSON", "--input-type=module", "-e", SCRIPT],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    return base64.b64decode(run.stdout)


def test_the_gradebook_xlsx_is_a_valid_workbook_with_typed_cells():
    book = zipfile.ZipFile(io.BytesIO(workbook()))
    assert book.testzip() is None  # every entry's CRC-32 holds
    assert all(info.compress_type == zipfile.ZIP_STORED for info in book.infolist())
    parts = {name: ElementTree.fromstring(book.read(name)) for name in book.namelist()}  # all well-formed
    types = parts["[Content_Types].xml"]
    overrides = {o.get("PartName").lstrip("/") for o in types if o.tag.endswith("Override")}
    assert overrides == {"xl/workbook.xml", "xl/worksheets/sheet1.xml", "xl/styles.xml"} <= set(parts)
    for rels, base in (("_rels/.rels", ""), ("xl/_rels/workbook.xml.rels", "xl/")):
        for rel in parts[rels].iter(f"{RELS}Relationship"):
            assert base + rel.get("Target") in parts, rel.get("Target")
    sheets = parts["xl/workbook.xml"].find(f"{MAIN}sheets")
    assert [s.get("name") for s in sheets] == ["การบ้าน  สัปดาห์ 1"]

    cells = {}
    for c in parts["xl/worksheets/sheet1.xml"].iter(f"{MAIN}c"):
        kind = c.get("t")
        value = c.find(f"{MAIN}is/{MAIN}t").text if kind == "inlineStr" else float(c.find(f"{MAIN}v").text)
        cells[c.get("r")] = (kind, value, c.get("s"))
    header = {ref: v for ref, (_, v, _s) in cells.items() if ref.endswith("1") and ref[:-1].isalpha()}
    assert all(cells[ref][2] == "1" for ref in header)  # the header row is bold
    assert cells["A2"] == ("n", 7.0, None) and cells["B2"] == ("inlineStr", 'สมหญิง <รักเรียน> & "ลูกศิษย์"', None)
    assert [cells[ref] for ref in ("D2", "E2", "F2", "H2", "I2", "J2")] == [
        ("n", 1.0, None), ("n", 65.0, None), ("n", 1.0, None), ("n", 2.0, None), ("n", 1.0, None), ("n", 65.0, None)]
    assert cells["G2"][0] == "inlineStr"
    assert cells["K2"] == ("n", 46353.50347222, "2")  # 2026-11-27 12:05 Thai time, a date style
    xfs = parts["xl/styles.xml"].find(f"{MAIN}cellXfs")
    assert xfs[2].get("numFmtId") == "22" and xfs[1].get("fontId") == "1"
    assert parts["xl/styles.xml"].find(f"{MAIN}fonts")[1].find(f"{MAIN}b") is not None
    assert cells["A3"] == ("n", 8.0, None) and cells["B3"][1] == "สมศรี" and "C3" not in cells  # no code: number and name
