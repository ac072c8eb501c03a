/**
 * The .xlsx writer (teach/xlsx-write.js): unzipped back by a tiny reader (helpers/unzip.mjs: the
 * stored entries, their CRC-32 checked with node's zlib), every cell's type and value as written.
 * tests/site_builder/test_xlsx_file.py checks the same kind of file with Python's zipfile + XML.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sheetCells, unzipStored } from './helpers/unzip.mjs';
import { columnName, xlsxBytes } from '../../site_builder/static/js/teach/xlsx-write.js';
import { crc32 } from '../../site_builder/static/js/core/codes.js';
import { crc32 as zlibCrc32 } from 'node:zlib';

test('crc32 (core/codes.js) is the zip one', () => {
  for (const text of ['', 'a', 'สมุดคะแนน', 'x'.repeat(1000)]) {
    const bytes = new TextEncoder().encode(text);
    assert.equal(crc32(bytes), zlibCrc32(bytes), text.slice(0, 10));
  }
});

test('column names: A … Z, AA, AZ, BA …', () => {
  assert.deepEqual([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnName), ['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
});

test('every cell comes back with its type and value: numbers t="n", text inline, dates as day numbers, the header bold', () => {
  const rows = [
    ['เลขที่', 'ชื่อ', 'ข้อ 1 <เรือ> & "ม้า": คะแนน', 'เวลา (วินาที)', 'ส่งเมื่อ'],
    [1, 'สมชาย ใจดี', 1, 65, { serial: 46353.5, text: '2026-11-27 12:00' }],
    [2, '=HYPERLINK("x")', 0, 0.5, null],
    [null, 'ไม่มีเลขที่', -3, '', 'ข้อความ\nสองบรรทัด'],
  ];
  const files = unzipStored(xlsxBytes({ sheet: 'การบ้าน/สัปดาห์ [1]', rows }));
  assert.deepEqual([...files.keys()].sort(), ['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels',
    'xl/styles.xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']);
  assert.match(files.get('xl/workbook.xml'), /<sheet name="การบ้าน สัปดาห์  1" sheetId="1"/, 'no character Excel refuses in the name');
  const cells = sheetCells(files.get('xl/worksheets/sheet1.xml'));
  const want = {
    A1: ['inlineStr', 'เลขที่', '1'], B1: ['inlineStr', 'ชื่อ', '1'], C1: ['inlineStr', 'ข้อ 1 <เรือ> & "ม้า": คะแนน', '1'],
    D1: ['inlineStr', 'เวลา (วินาที)', '1'], E1: ['inlineStr', 'ส่งเมื่อ', '1'],
    A2: ['n', 1, null], B2: ['inlineStr', 'สมชาย ใจดี', null], C2: ['n', 1, null], D2: ['n', 65, null], E2: ['n', 46353.5, '2'],
    A3: ['n', 2, null], B3: ['inlineStr', '=HYPERLINK("x")', null], C3: ['n', 0, null], D3: ['n', 0.5, null],
    B4: ['inlineStr', 'ไม่มีเลขที่', null], C4: ['n', -3, null], E4: ['inlineStr', 'ข้อความ\nสองบรรทัด', null],
  };
  assert.deepEqual(Object.fromEntries([...cells].map(([ref, c]) => [ref, [c.type, c.value, c.style]])), want);
  assert.match(files.get('xl/styles.xml'), /<font><b\/>.*<cellXfs count="3">.*fontId="1".*numFmtId="22"/s, 'style 1 bold, style 2 a date');
});

test('the same rows make the same bytes (no clock inside)', () => {
  const book = { sheet: 'a', rows: [['x'], [1]] };
  assert.deepEqual(xlsxBytes(book), xlsxBytes(book));
});
