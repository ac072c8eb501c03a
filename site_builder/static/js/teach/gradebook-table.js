/**
 * The gradebook's table (teach/gradebook.js gives the rows of gradebook-check.js).
 *
 *   const table = new GradeTable(tableElement, {w, flagText, due, onRemove, onChoose, onDetail});
 *   table.show(rows, itemCount, classRows?, copyGroups?)  draws students x items with totals per student and per item;
 *                                with a class list (teach/class-list.js), in เลขที่ order until a header
 *                                is pressed: whoever sent no code at their place, greyed
 *                                (tr[data-absent]), codes whose name is not on the list after, marked
 *                                (tr[data-unknown]); each code's sending time in Thai time with a late
 *                                flag (.gb-late) against the due day `due` (teach/submission-time.js);
 *                                headers are sort buttons (th[aria-sort]), every student has a
 *                                remove button (button[data-action="remove"][data-name]); codes
 *                                sent under one name stay side by side (any sort), each with a
 *                                "count this one" button (button[data-action="choose"][data-code],
 *                                aria-pressed); a row not counted (tr[data-counted="false"]) is
 *                                left out of the totals. Codes that share work (copyGroups: names,
 *                                teach/gradebook-copies.js) stay together (any order, the class
 *                                list's too) where the first of them falls, bracketed
 *                                (tr[data-copy-group="n"][data-copy-edge="first|last|both"]) and
 *                                tagged in the name cell (.gb-copy-tag).
 *                                Each item cell is a button (button[data-action="detail"][data-item]):
 *                                onDetail(row, itemIndex, button) opens what the student did there.
 * The spreadsheet export is teach/gradebook-export.js.
 * Names come from students' codes: only ever text (textContent), never markup.
 */
import { lang } from '../core/i18n.js';
import { add } from '../core/progress-ui.js';
import { orderByClass } from './class-list.js';
import { besideCopies } from './gradebook-copies.js';
import { SOLVED, nameKey } from './gradebook-check.js';
import { lateBy, lateText, submissionText } from './submission-time.js';

const RANK = { solved: 4, retried: 3, seen: 2, failed: 1, '': 0 };
const VERIFIED_RANK = { ok: 2, unchecked: 1, bad: 0 };
/** The flags of teach/gradebook.js that say a code shares work with another's: a warning, not a failed check. */
const COPY_FLAGS = new Set(['copied', 'copiedAll']);

/** "1:05" for 65 000 ms. */
export function minutes(ms) {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export class GradeTable {
  constructor(table, { w, flagText, due = null, onRemove, onChoose, onDetail }) {
    this.table = table;
    this.onDetail = onDetail;
    this.w = w;
    this.flagText = flagText;
    this.due = due;
    this.classRows = [];
    this.groups = []; // the names of codes that share work (teach/gradebook-copies.js copyGroups)
    this.onRemove = onRemove;
    this.onChoose = onChoose;
    this.sort = null; // {key, dir: 1 | -1}
    this.rows = [];
    this.count = 0;
  }

  /** The value a column sorts by. */
  sortValue(row, key) {
    if (key === 'name') return row.name;
    if (key === 'total') return row.solved;
    if (key === 'time') return row.ms;
    if (key === 'verified') return VERIFIED_RANK[row.verified];
    if (key === 'submitted') return Date.parse(row.r.submitted) || 0;
    return RANK[row.cells[Number(key)].result] ?? 0;
  }

  /**
   * The table's lines {no, name, result: row | null} (teach/class-list.js orderByClass): in เลขที่
   * order until a header is pressed, then the rows in that order and the students who sent nothing
   * after them; the codes of one name together where the first of them falls.
   */
  ordered() {
    const placed = orderByClass(this.classRows, this.rows);
    if (!this.sort && this.classRows.length) return placed;
    const lineOf = new Map(placed.map((line) => [line.result, line]));
    return [...this.sorted().map((row) => lineOf.get(row)), ...placed.filter((line) => !line.result)];
  }

  /** The lines in order (ordered()), the codes that share work side by side, each with its copy group's place. */
  lines() {
    return besideCopies(this.ordered(), (line) => line.result?.name ?? null, this.groups);
  }

  /** The rows in the chosen order, the codes of one name together where the first of them falls. */
  sorted() {
    let rows = this.rows;
    if (this.sort) {
      const { key, dir } = this.sort;
      rows = [...this.rows].sort((a, b) => {
        const x = this.sortValue(a, key);
        const y = this.sortValue(b, key);
        const order = typeof x === 'string' ? x.localeCompare(y, document.documentElement.lang) : x - y;
        return dir * order || a.name.localeCompare(b.name);
      });
    }
    const byName = new Map();
    for (const row of rows) byName.set(nameKey(row.name), [...(byName.get(nameKey(row.name)) ?? []), row]);
    return [...byName.values()].flat();
  }

  show(rows, count, classRows = [], groups = []) {
    this.rows = rows;
    this.count = count;
    this.classRows = classRows;
    this.groups = groups;
    this.draw();
  }

  toggle(key) {
    const dir = this.sort?.key === key ? -this.sort.dir : (key === 'name' ? 1 : -1);
    this.sort = { key, dir };
    this.draw();
    this.table.querySelector(`th[data-sort="${key}"] button`)?.focus();
  }

  header(row, key, text) {
    const th = add(row, 'th');
    th.scope = 'col';
    th.dataset.sort = key;
    th.setAttribute('aria-sort', this.sort?.key !== key ? 'none' : this.sort.dir > 0 ? 'ascending' : 'descending');
    const button = add(th, 'button', 'gb-sort', text);
    button.type = 'button';
    button.addEventListener('click', () => this.toggle(key));
    return th;
  }

  draw() {
    const { w } = this;
    const [thead, tbody, tfoot] = ['thead', 'tbody', 'tfoot'].map((tag) => this.table.querySelector(tag));
    const head = document.createElement('tr');
    this.header(head, 'name', w('student'));
    for (let i = 0; i < this.count; i++) this.header(head, String(i), w('item', { n: i + 1 }));
    this.header(head, 'total', w('total'));
    this.header(head, 'time', w('time'));
    this.header(head, 'submitted', w('submitted'));
    this.header(head, 'verified', w('verified'));
    add(head, 'td', 'gb-remove-head');
    thead.replaceChildren(head);

    tbody.replaceChildren(...this.lines().map(({ line, copy }) => (line.result
      ? this.bracket(this.studentRow(line.result, line), copy) : this.absentRow(line))));

    const foot = document.createElement('tr');
    const label = add(foot, 'th', '', w('itemTotals'));
    label.scope = 'row';
    const counted = this.rows.filter((row) => row.counted !== false);
    for (let i = 0; i < this.count; i++) {
      const done = counted.filter((row) => SOLVED.has(row.cells[i].result) && row.cells[i].status !== 'missing').length;
      add(foot, 'td', 'gb-num', w('solvedOf', { n: done, total: counted.length }));
    }
    for (let i = 0; i < 5; i++) add(foot, 'td', '', '');
    tfoot.replaceChildren(foot);
  }

  /**
   * The name cell of a line: the class list's number and name (the code's own name under it when
   * written otherwise), or the code's name marked as not on the list.
   * @param {HTMLTableRowElement} tr
   * @param {{no: number | null, name: string}} line
   * @param {string | null} codeName
   */
  nameCell(tr, { no, name }, codeName) {
    const th = add(tr, 'th', 'gb-name');
    th.scope = 'row';
    const label = add(th, 'span', '', '');
    if (no !== null) add(label, 'span', 'gb-no', `${no}.`);
    label.append(no !== null ? ` ${name}` : name);
    if (no !== null && codeName !== null && codeName.trim() !== name) add(th, 'span', 'gb-code-name', this.w('codeName', { name: codeName }));
    if (no === null && this.classRows.length) add(th, 'span', 'gb-unknown', this.w('notOnList'));
  }

  /** A student of the class list who sent no code: greyed, at their place. */
  absentRow(line) {
    const tr = document.createElement('tr');
    tr.dataset.absent = 'true';
    this.nameCell(tr, line, null);
    const cell = add(tr, 'td', 'gb-absent', this.w('notSent'));
    cell.colSpan = this.count + 4;
    add(tr, 'td', 'gb-remove', '');
    return tr;
  }

  /**
   * Mark `tr` as a line of copy group `copy` (the bracket of teach.css, a tag in the name cell).
   * @param {HTMLTableRowElement} tr
   * @param {{n: number, first: boolean, last: boolean} | null} copy
   */
  bracket(tr, copy) {
    if (!copy) return tr;
    tr.dataset.copyGroup = String(copy.n);
    if (copy.first || copy.last) tr.dataset.copyEdge = copy.first && copy.last ? 'both' : copy.first ? 'first' : 'last';
    add(/** @type {HTMLElement} */ (tr.querySelector('th.gb-name')), 'span', 'gb-copy-tag', this.w('copyTag', { n: copy.n }));
    return tr;
  }

  /** The time a code was sent, in Thai time, and how late it is. */
  submittedCell(tr, row) {
    const td = add(tr, 'td', 'gb-submitted');
    add(td, 'span', 'gb-when', submissionText(row.r.submitted, lang));
    const late = lateBy(row.r.submitted, this.due);
    if (late) add(td, 'span', 'gb-late', `⚠ ${lateText(late, lang)}`);
  }

  studentRow(row, line = { no: null, name: row.name }) {
    const { w } = this;
    const tr = document.createElement('tr');
    tr.dataset.verified = row.verified;
    tr.dataset.counted = String(row.counted !== false);
    if (line.no === null && this.classRows.length) tr.dataset.unknown = 'true';
    if (row.copied) tr.dataset.copied = 'true';
    this.nameCell(tr, line, row.name);
    for (const [i, cell] of row.cells.entries()) {
      const td = add(tr, 'td', 'gb-cell');
      td.dataset.result = cell.result;
      td.dataset.status = cell.status;
      if (cell.status === 'missing') {
        td.textContent = '—';
        continue;
      }
      const open = add(td, 'button', 'gb-cell-button');
      open.type = 'button';
      open.dataset.action = 'detail';
      open.dataset.item = String(i);
      add(open, 'span', 'gb-result', `${cell.status === 'bad' ? '⚠ ' : ''}${w(`r_${cell.result}`)}`);
      const facts = [w('attempts', { n: cell.attempts }), w('hints', { n: cell.hints }), minutes(cell.ms)];
      add(open, 'span', 'gb-facts', facts.join(' · '));
      add(open, 'span', 'teach-sr', w('detailOpen', { name: row.name, n: i + 1 }));
      open.addEventListener('click', () => this.onDetail?.(row, i, open));
    }
    add(tr, 'td', 'gb-num gb-total', w('solvedOf', { n: row.solved, total: this.count }));
    add(tr, 'td', 'gb-num', minutes(row.ms));
    this.submittedCell(tr, row);
    const check = add(tr, 'td', 'gb-verified');
    add(check, 'span', 'gb-mark', w({ ok: 'ok', bad: 'notOk', unchecked: 'unchecked' }[row.verified]));
    if (row.flags.length) {
      const list = add(check, 'ul', 'gb-flags');
      for (const flag of row.flags) add(list, 'li', COPY_FLAGS.has(flag.key) ? 'gb-flag-copy' : '', this.flagText(flag));
    }
    const cell = add(tr, 'td', 'gb-remove');
    const remove = add(cell, 'button', 'teach-button gb-remove-button', w('remove'));
    remove.type = 'button';
    remove.dataset.action = 'remove';
    remove.dataset.name = row.name;
    remove.setAttribute('aria-label', w('removeLabel', { name: row.name }));
    remove.addEventListener('click', () => this.onRemove(row));
    if (row.group > 1) {
      const chosen = row.flags.some((flag) => flag.key === 'chosen');
      const choose = add(cell, 'button', 'teach-button gb-choose-button', w('choose'));
      choose.type = 'button';
      choose.dataset.action = 'choose';
      choose.dataset.code = row.code;
      choose.setAttribute('aria-pressed', String(chosen));
      choose.setAttribute('aria-label', `${w('chooseLabel', { name: row.name })} — ${this.flagText(row.flags[0])}`);
      choose.addEventListener('click', () => this.onChoose(row));
    }
    return tr;
  }
}
