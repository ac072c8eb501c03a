/**
 * The gradebook's table and its CSV (teach/gradebook.js gives the rows of gradebook-check.js).
 *
 *   const table = new GradeTable(tableElement, {w, flagText, onRemove, onChoose});
 *   table.show(rows, itemCount)  draws students x items with totals per student and per item;
 *                                headers are sort buttons (th[aria-sort]), every student has a
 *                                remove button (button[data-action="remove"][data-name]); codes
 *                                sent under one name stay side by side (any sort), each with a
 *                                "count this one" button (button[data-action="choose"][data-code],
 *                                aria-pressed); a row not counted (tr[data-counted="false"]) is
 *                                left out of the totals.
 *   csvText(rows, itemCount, w, flagText) -> the CSV (one row per student, headers in the page's
 *                                language); the caller adds the BOM.
 * Names come from students' codes: only ever text (textContent), never markup.
 */
import { add } from '../core/progress-ui.js';
import { SOLVED, nameKey } from './gradebook-check.js';

const RANK = { solved: 4, retried: 3, seen: 2, failed: 1, '': 0 };
const VERIFIED_RANK = { ok: 2, unchecked: 1, bad: 0 };

/** "1:05" for 65 000 ms. */
export function minutes(ms) {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export class GradeTable {
  constructor(table, { w, flagText, onRemove, onChoose }) {
    this.table = table;
    this.w = w;
    this.flagText = flagText;
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
    return RANK[row.cells[Number(key)].result] ?? 0;
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

  show(rows, count) {
    this.rows = rows;
    this.count = count;
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
    this.header(head, 'verified', w('verified'));
    add(head, 'td', 'gb-remove-head');
    thead.replaceChildren(head);

    tbody.replaceChildren(...this.sorted().map((row) => this.studentRow(row)));

    const foot = document.createElement('tr');
    const label = add(foot, 'th', '', w('itemTotals'));
    label.scope = 'row';
    const counted = this.rows.filter((row) => row.counted !== false);
    for (let i = 0; i < this.count; i++) {
      const done = counted.filter((row) => SOLVED.has(row.cells[i].result) && row.cells[i].status !== 'missing').length;
      add(foot, 'td', 'gb-num', w('solvedOf', { n: done, total: counted.length }));
    }
    add(foot, 'td', '', '');
    add(foot, 'td', '', '');
    add(foot, 'td', '', '');
    add(foot, 'td', '', '');
    tfoot.replaceChildren(foot);
  }

  studentRow(row) {
    const { w } = this;
    const tr = document.createElement('tr');
    tr.dataset.verified = row.verified;
    tr.dataset.counted = String(row.counted !== false);
    const name = add(tr, 'th', 'gb-name');
    name.scope = 'row';
    add(name, 'span', '', row.name);
    for (const cell of row.cells) {
      const td = add(tr, 'td', 'gb-cell');
      td.dataset.result = cell.result;
      td.dataset.status = cell.status;
      if (cell.status === 'missing') {
        td.textContent = '—';
        continue;
      }
      add(td, 'span', 'gb-result', `${cell.status === 'bad' ? '⚠ ' : ''}${w(`r_${cell.result}`)}`);
      const facts = [w('attempts', { n: cell.attempts }), w('hints', { n: cell.hints }), minutes(cell.ms)];
      add(td, 'span', 'gb-facts', facts.join(' · '));
    }
    add(tr, 'td', 'gb-num gb-total', w('solvedOf', { n: row.solved, total: this.count }));
    add(tr, 'td', 'gb-num', minutes(row.ms));
    const check = add(tr, 'td', 'gb-verified');
    add(check, 'span', 'gb-mark', w({ ok: 'ok', bad: 'notOk', unchecked: 'unchecked' }[row.verified]));
    if (row.flags.length) {
      const list = add(check, 'ul', 'gb-flags');
      for (const flag of row.flags) add(list, 'li', '', this.flagText(flag));
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

/** One CSV field: quoted when needed; a leading = + - @ is neutralised (no formulas from names). */
function field(value) {
  let text = String(value ?? '');
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The gradebook as CSV text (without the BOM): one row per student. */
export function csvText(rows, count, w, flagText) {
  const head = [w('csvName'), w('csvVerified'), w('csvSolved'), w('csvTime')];
  for (let n = 1; n <= count; n++) head.push(w('csvResult', { n }), w('csvAttempts', { n }), w('csvHints', { n }), w('csvItemTime', { n }));
  head.push(w('csvFlags'), w('csvSubmitted'));
  const lines = [head];
  for (const row of rows) {
    const line = [row.name, w(row.verified === 'ok' ? 'yes' : 'no'), row.solved, minutes(row.ms)];
    for (const cell of row.cells) {
      if (cell.status === 'missing') line.push('—', '', '', '');
      else line.push(w(`r_${cell.result}`), cell.attempts, cell.hints, minutes(cell.ms));
    }
    line.push(row.flags.map(flagText).join('; '), row.r.submitted);
    lines.push(line);
  }
  return `${lines.map((line) => line.map(field).join(',')).join('\r\n')}\r\n`;
}
