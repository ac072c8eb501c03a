/**
 * The cells of the first sheet of an .xlsx file (Excel, Google Sheets, LibreOffice), as text, for
 * the class list (teach/class-panel.js). An .xlsx is a zip of XML files: the zip's directory is
 * read here, its deflated parts inflated by the browser (DecompressionStream 'deflate-raw'), and
 * xl/workbook.xml, its relations, xl/sharedStrings.xml and the first sheet read with a few regular
 * expressions (their layout is fixed by the Office Open XML standard; no formulas are computed:
 * a formula cell gives the value the spreadsheet saved).
 *
 *   isZip(bytes) -> does the file start like a zip?
 *   xlsxRows(bytes) -> Promise<string[][]>: row r of the sheet at index r - 1 (empty rows as [],
 *     so a row's number is its line in readClassList's problems); throws XlsxError('NOT_XLSX' |
 *     'TOO_BIG' | 'NO_DEFLATE') when the file cannot be read.
 */

/** The largest part inflated (a class list is a few kilobytes; a sheet of a whole school, a few MB). */
const MAX_PART = 16 * 1024 * 1024;
/** The most rows read (readClassList reads 300 students). */
const MAX_ROWS = 2000;

export class XlsxError extends Error {
  /** @param {'NOT_XLSX' | 'TOO_BIG' | 'NO_DEFLATE'} code */
  constructor(code) {
    super(code);
    this.code = code;
  }
}

/** @param {Uint8Array} bytes */
export const isZip = (bytes) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/**
 * The parts of the zip: name -> {method, size, start, end} of its data.
 * @param {Uint8Array} bytes
 */
function zipParts(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) { end = i; break; }
  }
  if (end === -1) throw new XlsxError('NOT_XLSX');
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  /** @type {Map<string, {method: number, size: number, start: number, end: number}>} */
  const parts = new Map();
  const names = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) throw new XlsxError('NOT_XLSX');
    const method = view.getUint16(at + 10, true);
    const compressed = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50) throw new XlsxError('NOT_XLSX');
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + compressed > bytes.length) throw new XlsxError('NOT_XLSX');
    parts.set(name, { method, size, start, end: start + compressed });
  }
  return parts;
}

/**
 * The text of one part of the zip ('' if there is no such part).
 * @param {Uint8Array} bytes
 * @param {ReturnType<typeof zipParts>} parts
 * @param {string} name
 */
async function partText(bytes, parts, name) {
  const part = parts.get(name);
  if (!part) return '';
  if (part.size > MAX_PART) throw new XlsxError('TOO_BIG');
  const data = bytes.slice(part.start, part.end);
  if (part.method === 0) return new TextDecoder().decode(data);
  if (part.method !== 8) throw new XlsxError('NOT_XLSX');
  if (typeof DecompressionStream === 'undefined') throw new XlsxError('NO_DEFLATE');
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  const inflated = new Uint8Array(await new Response(stream).arrayBuffer());
  if (inflated.length > MAX_PART) throw new XlsxError('TOO_BIG');
  return new TextDecoder().decode(inflated);
}

/** XML text with its entities read. @param {string} text */
const unescape = (text) => text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e) => {
  const named = /** @type {Record<string, string>} */ ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e.toLowerCase()];
  if (named) return named;
  const code = e[1].toLowerCase() === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
});

/** An attribute of a tag's attribute text. @param {string} attributes @param {string} name */
const attribute = (attributes, name) => new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attributes)?.[1] ?? '';

/** The text of every <t> in `xml` (a shared string's rich-text runs; phonetic runs left out). @param {string} xml */
const runsText = (xml) => [...xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '').matchAll(/<t\b[^>]*>([\s\S]*?)<\/t>/g)]
  .map((m) => unescape(m[1])).join('');

/** Column index of a cell reference ("C7" -> 2). @param {string} ref */
const column = (ref) => [...(/^[A-Z]+/.exec(ref)?.[0] ?? 'A')].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;

/**
 * The path of the workbook's first sheet.
 * @param {string} workbook
 * @param {string} rels
 */
function firstSheet(workbook, rels) {
  const sheet = /<sheet\b([^>]*)\/?>/.exec(workbook);
  const id = sheet ? attribute(sheet[1], 'r:id') : '';
  for (const [, attributes] of rels.matchAll(/<Relationship\b([^>]*)\/?>/g)) {
    if (id && attribute(attributes, 'Id') === id) {
      const target = attribute(attributes, 'Target');
      return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    }
  }
  return 'xl/worksheets/sheet1.xml';
}

/**
 * The first sheet's cells as text (see the file's head).
 * @param {Uint8Array} bytes
 * @returns {Promise<string[][]>}
 */
export async function xlsxRows(bytes) {
  if (!isZip(bytes)) throw new XlsxError('NOT_XLSX');
  const parts = zipParts(bytes);
  const workbook = await partText(bytes, parts, 'xl/workbook.xml');
  if (!workbook) throw new XlsxError('NOT_XLSX');
  const sheet = await partText(bytes, parts, firstSheet(workbook, await partText(bytes, parts, 'xl/_rels/workbook.xml.rels')));
  const shared = [...(await partText(bytes, parts, 'xl/sharedStrings.xml')).matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => runsText(m[1]));
  /** @type {string[][]} */
  const rows = [];
  for (const [, rowAttributes, body = ''] of sheet.matchAll(/<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const index = Number(attribute(rowAttributes, 'r')) - 1 || rows.length;
    if (index >= MAX_ROWS) break;
    /** @type {string[]} */
    const cells = [];
    for (const [, cellAttributes, content = ''] of body.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const type = attribute(cellAttributes, 't');
      const value = /<v>([\s\S]*?)<\/v>/.exec(content)?.[1] ?? '';
      const text = type === 's' ? shared[Number(value)] ?? '' : type === 'inlineStr' ? runsText(content) : unescape(value);
      const at = attribute(cellAttributes, 'r') ? column(attribute(cellAttributes, 'r')) : cells.length;
      if (at >= 0 && at < 100) cells[at] = text.replace(/[\t\r\n]+/g, ' ');
    }
    while (rows.length < index) rows.push([]);
    rows[index] = Array.from(cells, (cell) => cell ?? '');
  }
  return rows;
}
