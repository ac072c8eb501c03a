/**
 * The gradebook as a spreadsheet (teach/gradebook.js downloads it as CSV and as XLSX). Pure: no DOM.
 *
 *   sheetRows(entries, titles, {w, flagText, due}) -> rows of cells (teach/xlsx-write.js XlsxCell):
 *     the header, then one row per entry, in the order given (the class list's: teach/class-list.js
 *     orderByClass): เลขที่ (number, or empty), name, verified, items solved, total seconds; per
 *     exercise (headed with its title) the score 1/0, the result in words, tries, hints and seconds;
 *     the time sent ({serial}: a date a spreadsheet reads; Thai time, teach/submission-time.js),
 *     the hours late (empty when on time or with no due date), the names of the students whose
 *     codes share its work (teach/gradebook-copies.js; the rows stay in the order given) and the
 *     notes. An entry with no code (row null) has its number and name only.
 *     Numbers are numbers, never text ("1 นาที" never appears in a number column).
 *   csvText(rows) -> the CSV (the caller adds the UTF-8 BOM): numbers bare, a date as
 *     'YYYY-MM-DD HH:MM' (read as a date), text quoted when needed and never a formula.
 *   fileName(title, now) -> '<title>-<YYYY-MM-DD>' (Thai date), only letters (Thai kept), digits and "-".
 */
import { SOLVED } from './gradebook-check.js';
import { lateBy, spreadsheetTime } from './submission-time.js';

/** @typedef {import('./xlsx-write.js').XlsxCell} XlsxCell */
/**
 * @typedef {{result: string, attempts: number, hints: number, ms: number, status: string}} Cell
 * @typedef {{name: string, verified: string, solved: number, ms: number, cells: Cell[],
 *   flags: {key: string, vars: Record<string, unknown>}[], r: {submitted: string}, copyOf?: string[]}} Row
 * @typedef {{no: number | null, name: string, result: Row | null}} Entry
 * @typedef {(key: string, vars?: Record<string, unknown>) => string} Words
 */

const VERIFIED = { ok: 'ok', bad: 'notOk', unchecked: 'unchecked' };

/** @param {number} ms */
const seconds = (ms) => Math.round(ms / 1000);

/**
 * The spreadsheet's rows (see the header).
 * @param {Entry[]} entries
 * @param {string[]} titles the exercises' titles, in the assignment's order
 * @param {{w: Words, flagText: (flag: {key: string, vars: Record<string, unknown>}) => string, due?: string | null}} words
 *   due: the assignment's due day ('YYYY-MM-DD') or null
 * @returns {XlsxCell[][]}
 */
export function sheetRows(entries, titles, { w, flagText, due = null }) {
  /** @type {XlsxCell[]} */
  const head = [w('xNo'), w('xName'), w('xVerified'), w('xSolved'), w('xSeconds')];
  for (const [i, title] of titles.entries()) {
    const item = w('xItem', { n: i + 1, title });
    head.push(...['xScore', 'xResult', 'xAttempts', 'xHints', 'xItemSeconds'].map((key) => w(key, { item })));
  }
  head.push(w('xSubmitted'), w('xLate'), w('xCopies'), w('xFlags'));
  const body = entries.map(({ no, name, result: row }) => {
    /** @type {XlsxCell[]} */
    const line = [no ?? null, name];
    if (!row) return line;
    line.push(w(VERIFIED[/** @type {keyof typeof VERIFIED} */ (row.verified)] ?? row.verified), row.solved, seconds(row.ms));
    for (const cell of row.cells) {
      if (cell.status === 'missing') line.push(null, null, null, null, null);
      else line.push(SOLVED.has(cell.result) ? 1 : 0, w(`r_${cell.result}`), cell.attempts, cell.hints, seconds(cell.ms));
    }
    const sent = spreadsheetTime(row.r.submitted);
    const late = lateBy(row.r.submitted, due);
    line.push(sent ? { serial: sent.serial, text: sent.text } : null, late ? late.days * 24 + late.hours : null,
      row.copyOf?.join(', ') || null, row.flags.map(flagText).join('; '));
    return line;
  });
  return [head, ...body];
}

/**
 * One CSV field: a number bare; text quoted when needed, a leading = + - @ neutralised (no formulas
 * from names).
 * @param {XlsxCell} value
 */
function field(value) {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = typeof value === 'object' ? /** @type {{text?: string}} */ (value).text ?? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The rows as CSV text (without the BOM).
 * @param {XlsxCell[][]} rows
 */
export function csvText(rows) {
  return `${rows.map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}

/**
 * The download's name without its extension: the assignment's title and the date (Thai time).
 * @param {string} title
 * @param {Date} now
 */
export function fileName(title, now) {
  const date = spreadsheetTime(now.toISOString())?.text.slice(0, 10) ?? '';
  const safe = title.normalize('NFC').replace(/[^\p{L}\p{M}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return [safe, date].filter(Boolean).join('-') || 'gradebook';
}
