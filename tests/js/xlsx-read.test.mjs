/**
 * A class list from an .xlsx file (issue 23 §3, teach/xlsx-read.js): the first sheet of a workbook
 * laid out as Excel saves it (shared strings with rich-text runs and entities, an inline string,
 * numbers, empty rows left out, cells skipped), zipped with deflate and stored parts, read back as
 * rows that readClassList takes; a file that is no workbook is refused.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { crc32, deflateRawSync } from 'node:zlib';
import { XlsxError, isZip, xlsxRows } from '../../site_builder/static/js/teach/xlsx-read.js';
import { readClassList } from '../../site_builder/static/js/teach/class-list.js';

/** A zip of `files` ({name: text}); `stored` names the parts left uncompressed. */
function zip(files, stored = new Set()) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text, 'utf8');
    const method = stored.has(name) ? 0 : 8;
    const body = method ? deflateRawSync(data) : data;
    const nameBytes = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, body);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const WORKBOOK = {
  '[Content_Types].xml': `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`,
  'xl/workbook.xml': `${XML}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="ม.1/2" sheetId="1" r:id="rId3"/><sheet name="อื่น" sheetId="2" r:id="rId4"/></sheets></workbook>`,
  'xl/_rels/workbook.xml.rels': `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId4" Type="…/worksheet" Target="worksheets/sheet2.xml"/><Relationship Id="rId3" Type="…/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
  'xl/sharedStrings.xml': `${XML}<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="5" uniqueCount="5">`
    + '<si><t>เลขที่</t></si><si><t>ชื่อ - นามสกุล</t></si>'
    + '<si><r><rPr><b/></rPr><t xml:space="preserve">ด.ช. สมชาย </t></r><r><t>ใจดี</t></r></si>'
    + '<si><t>ด.ญ. สมหญิง &amp; &#3619;ักเรียน</t></si><si><t>ไม่ใช่แผ่นแรก</t></si></sst>',
  'xl/worksheets/sheet1.xml': `${XML}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`
    + '<row r="1" spans="1:2"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>'
    + '<row r="2"><c r="A2"><v>1</v></c><c r="B2" s="1" t="s"><v>2</v></c></row>'
    + '<row r="4"><c r="A4" s="2"/><c r="B4" t="s"><v>3</v></c><c r="D4"><v>99</v></c></row>'
    + '<row r="5"><c r="A5" t="str"><f>A2+2</f><v>3</v></c><c r="B5" t="inlineStr"><is><t>ปิติ มานะ</t></is></c></row>'
    + '</sheetData></worksheet>',
  'xl/worksheets/sheet2.xml': `${XML}<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>4</v></c></row></sheetData></worksheet>`,
};

test('the first sheet of a workbook, as Excel saves it, row by row', async () => {
  const bytes = zip(WORKBOOK, new Set(['xl/workbook.xml']));
  assert.ok(isZip(bytes));
  assert.deepEqual(await xlsxRows(bytes), [
    ['เลขที่', 'ชื่อ - นามสกุล'],
    ['1', 'ด.ช. สมชาย ใจดี'],
    [],
    ['', 'ด.ญ. สมหญิง & รักเรียน', '', '99'],
    ['3', 'ปิติ มานะ'],
  ]);
});

test('its rows make a class list whose problems name the sheet\'s row numbers', async () => {
  const rows = await xlsxRows(zip(WORKBOOK));
  const { rows: students, problems } = readClassList(rows.map((row) => row.join('\t')).join('\n'));
  assert.deepEqual(students, [{ no: 1, name: 'ด.ช. สมชาย ใจดี' }, { no: 3, name: 'ปิติ มานะ' }]);
  assert.deepEqual(problems.map((p) => [p.line, p.reason]), [[4, 'no-number']]);
});

test('a file that is no workbook is refused with a reason', async () => {
  await assert.rejects(xlsxRows(new TextEncoder().encode('1,สมชาย\n')), (e) => e instanceof XlsxError && e.code === 'NOT_XLSX');
  await assert.rejects(xlsxRows(zip({ 'word/document.xml': '<w/>' })), (e) => e instanceof XlsxError && e.code === 'NOT_XLSX');
  const cut = zip(WORKBOOK).slice(0, 200); // a download cut short: no directory at its end
  await assert.rejects(xlsxRows(cut), (e) => e instanceof XlsxError && e.code === 'NOT_XLSX');
});
