/**
 * The gradebook's spreadsheet (teach/gradebook-export.js): class-list order kept, exercise titles in
 * the header, numbers as numbers (the score 1/0, seconds, tries, hints), the time sent as a date a
 * spreadsheet reads (Thai time), the CSV with bare numbers and no formula, a safe file name.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { csvText, fileName, sheetRows } from '../../site_builder/static/js/teach/gradebook-export.js';
import { orderByClass } from '../../site_builder/static/js/teach/class-list.js';

const WORDS = {
  xNo: 'เลขที่', xName: 'ชื่อ', xVerified: 'ตรวจ', xSolved: 'ทำได้ (ข้อ)', xSeconds: 'เวลารวม (วินาที)',
  xItem: 'ข้อ {n} {title}', xScore: '{item}: คะแนน', xResult: '{item}: ผล', xAttempts: '{item}: ครั้งที่ลอง',
  xHints: '{item}: คำใบ้', xItemSeconds: '{item}: เวลา (วินาที)', xSubmitted: 'ส่งเมื่อ', xLate: 'ส่งช้า (ชั่วโมง)', xCopies: 'งานเหมือนกับของ',
  xFlags: 'หมายเหตุ',
  ok: '✓ ผ่าน', notOk: '⚠ ไม่ผ่าน', unchecked: '… ยังตรวจไม่ได้',
  r_solved: '✓ ทำได้', r_retried: '↺ ทำได้หลังพลาด', r_failed: '✗ ทำไม่ได้', r_seen: '◇ ดูเฉลย', r_: '– ไม่ได้ทำ',
  hintsUsed: 'ใช้คำใบ้',
};
const w = (key, vars = {}) => (WORDS[key] ?? key).replace(/\{(\w+)\}/g, (_, k) => String(vars[k]));
const flagText = ({ key }) => w(key);

const cell = (result, attempts, hints, ms, status = 'ok') => ({ result, attempts, hints, ms, status });
const rows = [
  { name: 'สมหญิง รักเรียน', verified: 'ok', solved: 1, ms: 125_400, flags: [], r: { submitted: '2026-11-27T05:05:00.000Z' },
    cells: [cell('retried', 2, 0, 65_400), cell('failed', 1, 0, 60_000), cell('', 0, 0, 0, 'missing')] },
  { name: '=สมชาย', verified: 'bad', solved: 2, ms: 30_000, flags: [{ key: 'hintsUsed', vars: {} }], r: { submitted: '2026-11-27T17:30:00.000Z' },
    copyOf: ['ต้น', 'มานี'],
    cells: [cell('solved', 1, 1, 10_000), cell('seen', 1, 0, 20_000), cell('', 0, 0, 0, 'missing')] },
];
const titles = ['เรือดิ่ง, ลงแถว', 'ม้ารุก "ขุน"', 'หายไป'];

test('one row per student in the class list\'s order, every number a number, dates as day numbers', () => {
  const classRows = [{ no: 2, name: 'สมหญิง รักเรียน' }, { no: 1, name: 'สมศรี' }, { no: 3, name: '=สมชาย' }];
  const sheet = sheetRows(orderByClass(classRows, rows), titles, { w, flagText, due: '2026-11-27' });
  const [head, ...body] = sheet;
  assert.deepEqual(head.slice(0, 10), ['เลขที่', 'ชื่อ', 'ตรวจ', 'ทำได้ (ข้อ)', 'เวลารวม (วินาที)',
    'ข้อ 1 เรือดิ่ง, ลงแถว: คะแนน', 'ข้อ 1 เรือดิ่ง, ลงแถว: ผล', 'ข้อ 1 เรือดิ่ง, ลงแถว: ครั้งที่ลอง',
    'ข้อ 1 เรือดิ่ง, ลงแถว: คำใบ้', 'ข้อ 1 เรือดิ่ง, ลงแถว: เวลา (วินาที)']);
  assert.equal(head.length, 5 + 5 * titles.length + 4);
  assert.deepEqual(head.slice(-4), ['ส่งเมื่อ', 'ส่งช้า (ชั่วโมง)', 'งานเหมือนกับของ', 'หมายเหตุ']);
  assert.deepEqual(body.map((line) => line.slice(0, 2)), [[1, 'สมศรี'], [2, 'สมหญิง รักเรียน'], [3, '=สมชาย']]);
  assert.deepEqual(body[0], [1, 'สมศรี'], 'a student with no code: the number and the name only');
  assert.deepEqual(body[1].slice(2, 15), ['✓ ผ่าน', 1, 125, 1, '↺ ทำได้หลังพลาด', 2, 0, 65, 0, '✗ ทำไม่ได้', 1, 0, 60]);
  assert.deepEqual(body[1].slice(15, 20), [null, null, null, null, null], 'an item not on the site: empty, not text');
  assert.deepEqual(body[1][20], { serial: 46353.50347222, text: '2026-11-27 12:05' }, 'Thai time (UTC+7)');
  assert.equal(body[2][20].text, '2026-11-28 00:30', 'past midnight in Thailand: the next day');
  assert.deepEqual([body[1][21], body[2][21]], [null, 1], 'due on the 27th (Thai time): on time, then 1 hour begun late');
  assert.deepEqual([body[1][22], body[2][22]], [null, 'ต้น, มานี'], 'the copy partners named, the rows in the class list\'s order');
  assert.equal(body[2][23], 'ใช้คำใบ้');
  const columns = head.map((_, i) => i).filter((i) => /คะแนน|ครั้งที่ลอง|คำใบ้|วินาที|ชั่วโมง|ทำได้ \(ข้อ\)|เลขที่/.test(String(head[i])));
  for (const line of body.slice(1)) {
    for (const i of columns) assert.ok(line[i] === null || typeof line[i] === 'number', `${head[i]}: ${line[i]}`);
  }
});

test('the CSV: numbers bare, text quoted where needed, no formula from a name, the date as text a sheet reads', () => {
  const sheet = sheetRows(rows.map((row, i) => ({ no: i + 1, name: row.name, result: row })), titles, { w, flagText });
  const csv = csvText(sheet);
  const lines = csv.split('\r\n');
  assert.equal(lines.at(-1), '', 'ends with a line break');
  assert.ok(lines[0].startsWith('เลขที่,ชื่อ,ตรวจ,ทำได้ (ข้อ),เวลารวม (วินาที),"ข้อ 1 เรือดิ่ง, ลงแถว: คะแนน"'), lines[0]);
  assert.ok(lines[0].includes('"ข้อ 2 ม้ารุก ""ขุน"": คะแนน"'), lines[0]);
  assert.equal(lines[1], '1,สมหญิง รักเรียน,✓ ผ่าน,1,125,1,↺ ทำได้หลังพลาด,2,0,65,0,✗ ทำไม่ได้,1,0,60,,,,,,2026-11-27 12:05,,,');
  assert.ok(lines[2].startsWith("2,'=สมชาย,⚠ ไม่ผ่าน,2,30,1,✓ ทำได้,1,1,10,"), lines[2]);
  assert.ok(!csv.startsWith('\uFEFF'), 'the caller adds the BOM');
});

test('the file name: the title (Thai kept, only safe characters) and the date in Thai time', () => {
  const now = new Date('2026-11-27T18:00:00Z'); // already the 28th in Thailand
  assert.equal(fileName('การบ้าน <b>สัปดาห์ 1</b>', now), 'การบ้าน-b-สัปดาห์-1-b-2026-11-28');
  assert.equal(fileName('../../etc/passwd: "x"?', now), 'etc-passwd-x-2026-11-28');
  assert.equal(fileName('***', now), '2026-11-28');
  assert.match(fileName('ก'.repeat(200), now), /^ก{60}-2026-11-28$/);
});
