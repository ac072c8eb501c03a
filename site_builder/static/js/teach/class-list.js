/**
 * The teacher's class list (เลขที่ + ชื่อ) and the gradebook's codes matched to it. Pure: no DOM.
 *
 *   readClassList(text) -> {rows: [{no, name}], problems: [{line, text, reason, words: {th, en}}]}
 *     text: pasted from LINE, Excel or Google Sheets (tab-separated), CSV (, or ;), or lines such as
 *     "1 ด.ช. สมชาย ใจดี" / "1. สมชาย ใจดี"; numbers in Thai digits (๐-๙) or as text ("01", "1.").
 *     Blank lines are skipped; a header row (เลขที่, ชื่อ, No, Name…) is recognised and skipped, and
 *     when it names its columns, the number and name are taken from them. A line that cannot be
 *     read, or repeats a number or a name of an earlier line, is refused with its reason; the others
 *     are still read. The rows keep the order of the text.
 *   matchKey(name) -> the name as matched (see below)
 *   matchResults(rows, results) -> {matched: [{row, results}], missing: [row], unknown: [result]}
 *   orderByClass(rows, results) -> [{no, name, result | null}]: the class in เลขที่ order, each
 *     student once per code sent (null: nothing sent), then the codes whose name is on no row
 *     (no: null), in the order given.
 *
 * Matching a code's name to a row: trimmed, case- and space-insensitive, Thai digits as Arabic ones,
 * a title in front ignored (ด.ช. ด.ญ. เด็กชาย เด็กหญิง นาย นางสาว นาง น.ส. Mr Mrs Ms Miss Master).
 * NOT matched: a nickname for the full name, the first name alone for first name + surname, a typo or
 * another spelling (tone marks, ะ/ั), English letters for a Thai name, first name and surname swapped.
 * Those codes are listed after the class as not on the list, for the teacher to see. A name that
 * itself begins with a title's letters ("นางนวล") loses them on both sides alike, so it still matches
 * itself; only "นางนวล" and "นวล" in one class would be taken for one name (readClassList refuses the
 * second as a duplicate, so the teacher sees it).
 */

/** Lines read at most (a class is 30 to 50; a whole sheet pasted by mistake stops here). */
export const MAX_ROWS = 300;
/** The longest name kept (a result code holds 40 characters; a list may add a title). */
export const MAX_NAME = 100;

/** @typedef {{no: number, name: string}} ClassRow */
/**
 * @typedef {'duplicate-number' | 'duplicate-name' | 'no-name' | 'no-number' | 'bad-number'
 *   | 'too-long' | 'too-many'} ProblemReason
 */
/** @typedef {{line: number, text: string, reason: ProblemReason, words: {th: string, en: string}}} Problem */

const THAI_DIGITS = '๐๑๒๓๔๕๖๗๘๙';
const NUMBER = /^[0-9๐-๙]{1,4}\.?$/;
const NUMBER_HEADS = /^(เลขที่|เลขที|ที่|ลำดับ|ลำดับที่|no\.?|number|#)$/i;
const NAME_HEADS = /^(ชื่อ|ชื่อ-?\s?สกุล|ชื่อ\s?-\s?นามสกุล|ชื่อ\s?นามสกุล|นามสกุล|สกุล|คำนำหน้า|คำนำหน้าชื่อ|name|full\s?name|first\s?name|last\s?name|surname|title|student)$/i;
const TITLES = /^(?:ด\s*\.\s*ช\s*\.?|ด\s*\.\s*ญ\s*\.?|น\s*\.\s*ส\s*\.?|เด็กชาย|เด็กหญิง|นางสาว|นาย|นาง|mrs\.?(?=\s)|mr\.?(?=\s)|ms\.?(?=\s)|miss(?=\s)|master(?=\s))\s*/i;

/** "๐๑" -> "01". @param {string} text */
const arabic = (text) => text.replace(/[๐-๙]/g, (d) => String(THAI_DIGITS.indexOf(d)));

/**
 * The name as matched: Unicode NFC, invisible characters dropped, Thai digits as Arabic, a title
 * in front left out (when a name remains), spaces removed, case folded.
 * @param {string} name
 */
export function matchKey(name) {
  let text = arabic(name.normalize('NFC').replace(/[\u200b-\u200d\ufeff]/g, '')).trim();
  const untitled = text.replace(TITLES, '');
  if (untitled.trim()) text = untitled;
  return text.replace(/\s+/g, '').toLocaleLowerCase();
}

/** A name as shown: spaces squeezed. @param {string} text */
const cleanName = (text) => text.replace(/[\u200b-\u200d\ufeff]/g, '').replace(/\s+/g, ' ').trim();

/**
 * The cells of one CSV line (quotes "" inside quoted cells), split on `sep`.
 * @param {string} line
 * @param {string} sep
 */
function csvCells(line, sep) {
  /** @type {string[]} */
  const cells = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') { cell += '"'; i += 1; } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && !cell.trim()) { quoted = true; cell = ''; } else if (c === sep) { cells.push(cell); cell = ''; } else cell += c;
  }
  cells.push(cell);
  return cells.map((c) => c.trim());
}

/**
 * The cells of a line: tab-separated (a spreadsheet's copy), CSV (, or ;), or "1 ชื่อ" / "1. ชื่อ".
 * @param {string} line
 */
function cells(line) {
  if (line.includes('\t')) return line.split('\t').map((c) => c.trim());
  const spaced = /^\s*([0-9๐-๙]{1,4})[.)]?\s+(.+)$/.exec(line);
  if (spaced && !/[,;]/.test(spaced[2])) return [spaced[1], spaced[2]];
  const sep = line.includes(',') ? ',' : line.includes(';') ? ';' : '';
  return sep ? csvCells(line, sep) : [line.trim()];
}

/** Is `cell` a number (เลขที่)? @param {string} cell */
const isNumber = (cell) => NUMBER.test(cell);

/**
 * Columns named by a header row: {number: index, names: [indexes]}, or null if `row` is no header.
 * @param {string[]} row
 */
function headerColumns(row) {
  const filled = row.filter(Boolean);
  if (!filled.length || filled.some(isNumber)) return null;
  const number = row.findIndex((c) => NUMBER_HEADS.test(c));
  const names = row.flatMap((c, i) => (NAME_HEADS.test(c) ? [i] : []));
  if (number === -1 && !names.length) return null;
  return { number, names };
}

/**
 * Words for a problem, Thai and English.
 * @param {ProblemReason} reason
 * @param {{no?: number, line?: number, name?: string}} vars
 * @returns {{th: string, en: string}}
 */
function problemWords(reason, { no, line, name } = {}) {
  switch (reason) {
    case 'duplicate-number': return { th: `เลขที่ ${no} ซ้ำกับบรรทัด ${line}`, en: `Number ${no} is already on line ${line}` };
    case 'duplicate-name': return { th: `ชื่อ ${name} ซ้ำกับบรรทัด ${line}`, en: `The name ${name} is already on line ${line}` };
    case 'no-name': return { th: 'มีเลขที่แต่ไม่มีชื่อ', en: 'A number with no name' };
    case 'no-number': return { th: 'ไม่มีเลขที่ (ใส่เลขที่ไว้หน้าชื่อ เช่น 1 สมชาย ใจดี)', en: 'No number (put it before the name, e.g. 1 Somchai Jaidee)' };
    case 'bad-number': return { th: 'เลขที่ต้องเป็นจำนวนเต็มตั้งแต่ 1', en: 'The number must be a whole number from 1' };
    case 'too-long': return { th: `ชื่อยาวเกิน ${MAX_NAME} ตัวอักษร`, en: `The name is longer than ${MAX_NAME} characters` };
    default: return { th: `อ่านได้ไม่เกิน ${MAX_ROWS} คน บรรทัดที่เหลือไม่ได้อ่าน`, en: `At most ${MAX_ROWS} students are read; the rest was not` };
  }
}

/**
 * The number and name of one line's cells, or the reason they cannot be read.
 * @param {string[]} row
 * @param {{number: number, names: number[]} | null} columns from the header row, if any
 * @returns {{no: number, name: string} | {reason: ProblemReason}}
 */
function rowOf(row, columns) {
  const named = columns && columns.number !== -1 ? columns.number : -1; // a header naming the number's column: only that one
  const numberAt = named !== -1 ? (isNumber(row[named] ?? '') ? named : -1) : row.findIndex(isNumber);
  const nameAt = columns && columns.names.length ? columns.names : row.map((_, i) => i).filter((i) => i !== numberAt && !isNumber(row[i]));
  const name = cleanName(nameAt.filter((i) => i !== numberAt).map((i) => row[i] ?? '').join(' '));
  if (numberAt === -1) return { reason: 'no-number' };
  const no = Number(arabic(row[numberAt]).replace(/\.$/, ''));
  if (!Number.isInteger(no) || no < 1) return { reason: 'bad-number' };
  if (!name) return { reason: 'no-name' };
  if (name.length > MAX_NAME) return { reason: 'too-long' };
  return { no, name };
}

/**
 * The class list in `text` (see the file's head).
 * @param {string} text
 * @returns {{rows: ClassRow[], problems: Problem[]}}
 */
export function readClassList(text) {
  /** @type {ClassRow[]} */
  const rows = [];
  /** @type {Problem[]} */
  const problems = [];
  /** @type {Map<number, number>} */
  const numbers = new Map(); // no -> line
  /** @type {Map<string, number>} */
  const names = new Map(); // matchKey -> line
  /** @type {{number: number, names: number[]} | null} */
  let columns = null;
  let seenRow = false;
  const lines = text.replace(/^\ufeff/, '').split(/\r\n|\r|\n/);
  for (const [i, raw] of lines.entries()) {
    const line = i + 1;
    const trimmed = raw.replace(/\s+/g, ' ').trim(); // as quoted back: a tab shown as a space
    const row = cells(raw);
    if (!row.some(Boolean)) continue; // a blank line, or a line of empty cells
    if (!seenRow && !columns) {
      const header = headerColumns(row);
      if (header) {
        columns = header;
        continue;
      }
    }
    seenRow = true;
    if (rows.length + problems.length >= MAX_ROWS) {
      problems.push({ line, text: trimmed, reason: 'too-many', words: problemWords('too-many') });
      break;
    }
    const read = rowOf(row, columns);
    if ('reason' in read) {
      problems.push({ line, text: trimmed, reason: read.reason, words: problemWords(read.reason) });
      continue;
    }
    const key = matchKey(read.name);
    const numberLine = numbers.get(read.no);
    const nameLine = names.get(key);
    if (numberLine !== undefined) {
      problems.push({ line, text: trimmed, reason: 'duplicate-number', words: problemWords('duplicate-number', { no: read.no, line: numberLine }) });
    } else if (nameLine !== undefined) {
      problems.push({ line, text: trimmed, reason: 'duplicate-name', words: problemWords('duplicate-name', { name: read.name, line: nameLine }) });
    } else {
      numbers.set(read.no, line);
      names.set(key, line);
      rows.push(read);
    }
  }
  return { rows, problems };
}

/**
 * The codes matched to the class: each row with the results of its name (any number of them: the
 * gradebook keeps several codes of one name side by side), the rows with none, and the results
 * whose name is on no row. One row per name: if two rows had one name, the first takes the codes.
 * @template {{name: string}} R
 * @param {ClassRow[]} rows
 * @param {R[]} results
 * @returns {{matched: {row: ClassRow, results: R[]}[], missing: ClassRow[], unknown: R[]}}
 */
export function matchResults(rows, results) {
  /** @type {Map<string, {row: ClassRow, results: R[]}>} */
  const byKey = new Map();
  for (const row of rows) {
    const key = matchKey(row.name);
    if (!byKey.has(key)) byKey.set(key, { row, results: [] });
  }
  /** @type {R[]} */
  const unknown = [];
  for (const result of results) {
    const entry = byKey.get(matchKey(result.name));
    if (entry) entry.results.push(result);
    else unknown.push(result);
  }
  const entries = [...byKey.values()];
  return {
    matched: entries.filter((entry) => entry.results.length),
    missing: entries.filter((entry) => !entry.results.length).map((entry) => entry.row),
    unknown,
  };
}

/**
 * The class in เลขที่ order, one entry per code sent (result null: the student sent none), then the
 * codes whose name is on no row (no: null, name: the code's), in the order given.
 * @template {{name: string}} R
 * @param {ClassRow[]} rows
 * @param {R[]} results
 * @returns {{no: number | null, name: string, result: R | null}[]}
 */
export function orderByClass(rows, results) {
  const { matched, missing, unknown } = matchResults(rows, results);
  /** @type {Map<ClassRow, R[]>} */
  const sent = new Map(matched.map((entry) => [entry.row, entry.results]));
  /** @type {{no: number | null, name: string, result: R | null}[]} */
  const ordered = [];
  for (const row of [...new Set([...matched.map((entry) => entry.row), ...missing])].sort((a, b) => a.no - b.no)) {
    const codes = sent.get(row) ?? [];
    if (!codes.length) ordered.push({ no: row.no, name: row.name, result: null });
    for (const result of codes) ordered.push({ no: row.no, name: row.name, result });
  }
  for (const result of unknown) ordered.push({ no: null, name: result.name, result });
  return ordered;
}
