/**
 * A one-sheet .xlsx file (Office Open XML SpreadsheetML), written without a library: the minimal
 * parts of a workbook in a zip whose entries are stored (not compressed), each with its CRC-32
 * (core/codes.js). Pure: rows in, bytes out (the gradebook's export, teach/gradebook-export.js).
 *
 *   xlsxBytes({sheet, rows}) -> Uint8Array
 *     sheet: the sheet's name (cut to 31 characters, without the characters Excel refuses);
 *     rows:  arrays of cells, the first row the header (bold). A cell is a number (t="n"), a
 *            string (an inline string, t="inlineStr"), a date {serial} (a spreadsheet day number,
 *            a number shown as a date and time), or null / '' (left empty).
 */
import { crc32 } from '../core/codes.js';

/** @typedef {number | string | {serial: number, text?: string} | null} XlsxCell a date: its day number (text: how a CSV writes it) */

/** Style ids of styles.xml's cellXfs: 0 plain, 1 bold (the header), 2 date and time (built-in format 22). */
const STYLE = { bold: 1, date: 2 };

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** @param {string} text */
const escape = (text) => text
  .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '') // not allowed in XML at all
  .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * "A", "B", … "Z", "AA", … : the column letters of the 0-based column `i`.
 * @param {number} i
 */
export function columnName(i) {
  let name = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/**
 * One cell's XML at `ref` ("B3"), or '' for an empty one.
 * @param {XlsxCell} cell
 * @param {string} ref
 * @param {boolean} bold
 */
function cellXml(cell, ref, bold) {
  const style = bold ? ` s="${STYLE.bold}"` : '';
  if (cell === null || cell === undefined || cell === '') return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? `<c r="${ref}"${style} t="n"><v>${cell}</v></c>` : '';
  if (typeof cell === 'object') return `<c r="${ref}" s="${STYLE.date}" t="n"><v>${cell.serial}</v></c>`;
  return `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${escape(String(cell))}</t></is></c>`;
}

/** @param {XlsxCell[][]} rows */
function sheetXml(rows) {
  const body = rows.map((row, r) => `<row r="${r + 1}">${row.map((cell, c) => cellXml(cell, `${columnName(c)}${r + 1}`, r === 0)).join('')}</row>`);
  const frozen = '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>';
  return `${XML}<worksheet xmlns="${MAIN}">${frozen}<sheetData>${body.join('')}</sheetData></worksheet>`;
}

/** @param {string} name */
const sheetName = (name) => (name.replace(/[\\/?*[\]:]/g, ' ').trim().slice(0, 31) || 'Sheet1');

/**
 * The workbook's parts, path -> XML text.
 * @param {{sheet: string, rows: XlsxCell[][]}} book
 * @returns {[string, string][]}
 */
function parts({ sheet, rows }) {
  const sheetType = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
  return [
    ['[Content_Types].xml', `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">`
      + '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
      + '<Default Extension="xml" ContentType="application/xml"/>'
      + `<Override PartName="/xl/workbook.xml" ContentType="${sheetType}.sheet.main+xml"/>`
      + `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${sheetType}.worksheet+xml"/>`
      + `<Override PartName="/xl/styles.xml" ContentType="${sheetType}.styles+xml"/></Types>`],
    ['_rels/.rels', `${XML}<Relationships xmlns="${PKG_REL}">`
      + `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`],
    ['xl/workbook.xml', `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>`
      + `<sheet name="${escape(sheetName(sheet))}" sheetId="1" r:id="rId1"/></sheets></workbook>`],
    ['xl/_rels/workbook.xml.rels', `${XML}<Relationships xmlns="${PKG_REL}">`
      + `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>`
      + `<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`],
    ['xl/styles.xml', `${XML}<styleSheet xmlns="${MAIN}">`
      + '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>'
      + '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>'
      + '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
      + '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
      + '<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
      + '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>'
      + '<xf numFmtId="22" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>'
      + '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'],
    ['xl/worksheets/sheet1.xml', sheetXml(rows)],
  ];
}

/**
 * A zip of `files` (path, bytes), every entry stored.
 * @param {[string, Uint8Array][]} files
 */
export function storedZip(files) {
  const encoder = new TextEncoder();
  /** @type {Uint8Array[]} */
  const chunks = [];
  /** @type {Uint8Array[]} */
  const directory = [];
  let offset = 0;
  for (const [path, data] of files) {
    const name = encoder.encode(path);
    const crc = crc32(data);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true); // local file header
    local.setUint16(4, 20, true); // version needed: 2.0
    local.setUint16(6, 0x0800, true); // names in UTF-8
    local.setUint16(8, 0, true); // stored
    local.setUint16(12, 0x21, true); // date: 1980-01-01 (no clock: the same file for the same rows)
    local.setUint32(14, crc, true);
    local.setUint32(18, data.length, true);
    local.setUint32(22, data.length, true);
    local.setUint16(26, name.length, true);
    const central = new DataView(new ArrayBuffer(46));
    central.setUint32(0, 0x02014b50, true); // central directory header
    central.setUint16(4, 20, true);
    central.setUint16(6, 20, true);
    central.setUint16(8, 0x0800, true);
    central.setUint16(10, 0, true);
    central.setUint16(14, 0x21, true);
    central.setUint32(16, crc, true);
    central.setUint32(20, data.length, true);
    central.setUint32(24, data.length, true);
    central.setUint16(28, name.length, true);
    central.setUint32(42, offset, true);
    chunks.push(new Uint8Array(local.buffer), name, data);
    directory.push(new Uint8Array(central.buffer), name);
    offset += 30 + name.length + data.length;
  }
  const size = directory.reduce((sum, part) => sum + part.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true); // end of central directory
  end.setUint16(8, files.length, true);
  end.setUint16(10, files.length, true);
  end.setUint32(12, size, true);
  end.setUint32(16, offset, true);
  const all = [...chunks, ...directory, new Uint8Array(end.buffer)];
  const out = new Uint8Array(all.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of all) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * The .xlsx file of one sheet (see the header).
 * @param {{sheet: string, rows: XlsxCell[][]}} book
 */
export function xlsxBytes(book) {
  const encoder = new TextEncoder();
  return storedZip(parts(book).map(([path, text]) => [path, encoder.encode(text)]));
}
