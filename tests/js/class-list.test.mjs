/**
 * The teacher's class list (issue 23 §3, teach/class-list.js): read from what a teacher pastes
 * (LINE, Excel and Google Sheets copies, CSV, "1 ด.ช. สมชาย ใจดี" lines, Thai digits), refused line
 * by line with the reason, and the gradebook's codes matched to it in เลขที่ order.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_ROWS, matchKey, matchResults, orderByClass, readClassList } from '../../site_builder/static/js/teach/class-list.js';

test('lines as a teacher types them: number, title, name; Thai digits and numbers as text', () => {
  const { rows, problems } = readClassList('1 ด.ช. สมชาย ใจดี\n๒ ด.ญ. สมหญิง รักเรียน\n03. นายปิติ มานะ\n๑๐) Mana Chujai\n');
  assert.deepEqual(problems, []);
  assert.deepEqual(rows, [
    { no: 1, name: 'ด.ช. สมชาย ใจดี' },
    { no: 2, name: 'ด.ญ. สมหญิง รักเรียน' },
    { no: 3, name: 'นายปิติ มานะ' },
    { no: 10, name: 'Mana Chujai' },
  ]);
});

test('a copy from Excel or Google Sheets: tabs, a header row, title/first/last in their own columns', () => {
  const text = 'เลขที่\tคำนำหน้า\tชื่อ\tนามสกุล\n01\tด.ช.\tสมชาย\tใจดี\n\n02\tด.ญ.\tสมหญิง\tรักเรียน\n';
  const { rows, problems } = readClassList(text);
  assert.deepEqual(problems, [], 'the header and the blank line are skipped silently');
  assert.deepEqual(rows, [{ no: 1, name: 'ด.ช. สมชาย ใจดี' }, { no: 2, name: 'ด.ญ. สมหญิง รักเรียน' }]);
});

test('a header names its columns: a student id column is not taken for the number', () => {
  const text = 'รหัสนักเรียน\tเลขที่\tชื่อ-สกุล\n12345\t1\tสมชาย ใจดี\n12346\t2\tสมหญิง รักเรียน\n';
  assert.deepEqual(readClassList(text).rows, [{ no: 1, name: 'สมชาย ใจดี' }, { no: 2, name: 'สมหญิง รักเรียน' }]);
});

test('CSV with a BOM, quotes, commas in a name, semicolons, Windows line ends', () => {
  const csv = '\ufeffNo,Name\r\n1,"Jaidee, Somchai"\r\n2,"Say ""Hi"" Mana"\r\n';
  assert.deepEqual(readClassList(csv).rows, [{ no: 1, name: 'Jaidee, Somchai' }, { no: 2, name: 'Say "Hi" Mana' }]);
  assert.deepEqual(readClassList('1;สมชาย ใจดี\n2;ปิติ มานะ').rows, [{ no: 1, name: 'สมชาย ใจดี' }, { no: 2, name: 'ปิติ มานะ' }]);
});

test('duplicates, a number with no name, a name with no number: refused line by line, the rest read', () => {
  const text = '1 สมชาย ใจดี\n\n2 สมหญิง รักเรียน\n2 ปิติ มานะ\n3 นาย สมชาย  ใจดี\n4\nมานี มีตา\n0 ชูใจ\n5 วีระ กล้าหาญ';
  const { rows, problems } = readClassList(text);
  assert.deepEqual(rows.map((row) => row.no), [1, 2, 5]);
  assert.deepEqual(problems.map(({ line, reason }) => [line, reason]), [
    [4, 'duplicate-number'], [5, 'duplicate-name'], [6, 'no-name'], [7, 'no-number'], [8, 'bad-number'],
  ]);
  assert.equal(problems[0].text, '2 ปิติ มานะ');
  assert.equal(problems[0].words.th, 'เลขที่ 2 ซ้ำกับบรรทัด 3');
  assert.equal(problems[0].words.en, 'Number 2 is already on line 3');
  assert.match(problems[1].words.th, /ซ้ำกับบรรทัด 1$/);
  for (const problem of problems) assert.ok(problem.words.th && problem.words.en, problem.reason);
});

test('a whole sheet pasted by mistake stops at MAX_ROWS and says so', () => {
  const text = Array.from({ length: MAX_ROWS + 50 }, (_, i) => `${i + 1}\tนักเรียน ${i + 1}`).join('\n');
  const { rows, problems } = readClassList(text);
  assert.equal(rows.length, MAX_ROWS);
  assert.deepEqual(problems.map((p) => [p.line, p.reason]), [[MAX_ROWS + 1, 'too-many']]);
});

test('names match trimmed, case- and space-insensitive, Thai titles left out', () => {
  assert.equal(matchKey('ด.ช. สมชาย  ใจดี'), matchKey('สมชาย ใจดี'));
  assert.equal(matchKey('เด็กชายสมชาย ใจดี'), matchKey(' สมชายใจดี '));
  assert.equal(matchKey('นางสาว มานี มีตา'), matchKey('มานี มีตา'));
  assert.equal(matchKey('น.ส.มานี มีตา'), matchKey('มานี มีตา'));
  assert.equal(matchKey('Mr. Mana CHUJAI'), matchKey('mana chujai'));
  assert.equal(matchKey('นาย'), 'นาย', 'a title alone is kept as the name');
  assert.notEqual(matchKey('สมชาย'), matchKey('สมชาย ใจดี'), 'a first name alone is not the full name');
  assert.notEqual(matchKey('Somchai Jaidee'), matchKey('สมชาย ใจดี'));
});

const CLASS = readClassList('1 ด.ช. สมชาย ใจดี\n2 ด.ญ. สมหญิง รักเรียน\n3 ปิติ มานะ').rows;

test('codes matched to the class: the missing, the matched (several codes of one name), the unknown', () => {
  const results = [{ name: 'ปิติ มานะ', id: 'a' }, { name: 'สมชายใจดี', id: 'b' }, { name: 'Somchai', id: 'c' }, { name: 'ปิติ  มานะ', id: 'd' }];
  const { matched, missing, unknown } = matchResults(CLASS, results);
  assert.deepEqual(matched.map(({ row, results: r }) => [row.no, r.map((x) => x.id)]), [[1, ['b']], [3, ['a', 'd']]]);
  assert.deepEqual(missing, [{ no: 2, name: 'ด.ญ. สมหญิง รักเรียน' }]);
  assert.deepEqual(unknown.map((x) => x.id), ['c']);
});

test('ordered by เลขที่: whoever sent nothing at their place, the unknown names after', () => {
  const rows = [...CLASS].reverse(); // the list's order in the text does not matter
  const results = [{ name: 'Nobody' }, { name: 'ปิติ มานะ' }, { name: 'สมชาย ใจดี' }];
  assert.deepEqual(orderByClass(rows, results).map(({ no, name, result }) => [no, name, result?.name ?? null]), [
    [1, 'ด.ช. สมชาย ใจดี', 'สมชาย ใจดี'],
    [2, 'ด.ญ. สมหญิง รักเรียน', null],
    [3, 'ปิติ มานะ', 'ปิติ มานะ'],
    [null, 'Nobody', 'Nobody'],
  ]);
  assert.deepEqual(orderByClass([], results).map((entry) => entry.no), [null, null, null]);
});
