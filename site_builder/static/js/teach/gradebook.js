/**
 * The gradebook (/<lang>/teach/gradebook/#<assignment code>, templates/teach-gradebook.html).
 *
 * Without a #code: a field to paste the assignment link (form#gb-open). With one: the
 * assignment (core/assignment.js), its items from the catalog (/<lang>/teach/catalog.json) and
 * each item's puzzle page data (core/puzzle-block.js: only a block whose SHA-256 matches); a
 * teacher-made item's data is made from the exercise inside the code (gradebook-check.js itemData). The
 * teacher pastes result codes (any separators, a whole chat) or picks .txt / .csv files; every
 * code is read (decodeResult) and every item replayed (teach/gradebook-check.js), then the table
 * (teach/gradebook-table.js) shows what the replay found, flags and all. Codes that do not count
 * (unreadable, older version, another assignment's, pasted twice) are listed with the start of
 * the code. A cell opens what the student did there, and the class's common wrong answers are
 * listed under the table (teach/gradebook-wrong-view.js). Export: CSV (UTF-8 with a BOM) and
 * XLSX (teach/gradebook-export.js, teach/xlsx-write.js), in the class list's order.
 * The class list (teach/class-panel.js, class-list.js) orders the table by เลขที่ and shows who
 * sent nothing; the due day and each code's Thai time and lateness (submission-time.js); codes of
 * different students with the same work are named side by side (gradebook-copies.js).
 * Kept: this assignment's codes in localStorage "kradan.gradebook.<assignment id>" ({codes: [...]});
 * a storage that fails keeps them in memory and says so. Nothing leaves the browser: the only
 * requests are this site's catalog and puzzle pages (and the engine, when a move needs it).
 * article#kr-gradebook[data-state]: idle (no code) | loading | checking | ready | error;
 * [data-checks]: how many pastes and files have been read to the end (the table drawn): a test
 * waits for it to pass the count before its paste ("ready" is the state before the paste too).
 */
import { CodeError, assignmentId, decodeAssignment, fragment } from '../core/assignment.js';
import { codeErrorText } from '../core/code-words.js';
import { fill, lang } from '../core/i18n.js';
import { recordedEngine } from '../core/recorded-engine.js';
import { checkStudent, findCodes, itemData, nameKey } from './gradebook-check.js';
import { readCodes } from './gradebook-read.js';
import { carriesOn, countedRows } from './gradebook-same.js';
import { GradeTable } from './gradebook-table.js';
import { csvText, fileName, sheetRows } from './gradebook-export.js';
import { WrongView } from './gradebook-wrong-view.js';
import { xlsxBytes } from './xlsx-write.js';
import { orderByClass } from './class-list.js';
import { fetchCatalog, itemEntry } from './catalog.js';
import { ClassPanel } from './class-panel.js';
import { fileText } from './file-text.js';
import { copyGroups, sameWork } from './gradebook-copies.js';
import { dueText, submissionText } from './submission-time.js';
import { loadGame } from '../games/index.js';

const root = document.getElementById('kr-gradebook');
const WORDS = JSON.parse(document.getElementById('kr-gradebook-words').textContent);
const KIND_WORDS = JSON.parse(document.getElementById('kr-gradebook-kind-words').textContent); // kind -> its page words
const w = (key, vars = {}) => fill(WORDS[key] ?? key, vars);
const $ = (id) => document.getElementById(id);
const status = $('gb-status');
const error = $('gb-error');
const messages = $('gb-messages');

const QUOTE = 24; // characters of a bad code quoted back

/** A flag of gradebook-check.js or gradebook-same.js in words. */
function flagText({ key, vars }) {
  const named = { ...vars };
  for (const result of ['claimed', 'replayed']) if (result in named) named[result] = w(`r_${named[result]}`);
  if ('submitted' in named) named.submitted = submissionText(named.submitted, lang);
  return w(key, named);
}

const quote = (code) => (code.length > QUOTE ? `${code.slice(0, QUOTE)}…` : code);

function say(text) { status.textContent = text; }

function fail(text) {
  error.textContent = text;
  error.hidden = !text;
}

/** A message under "codes not counted" (only text: names come from students). */
function note(text) {
  const li = document.createElement('li');
  li.textContent = text;
  messages.append(li);
  $('gb-messages-box').hidden = false;
}

/** The codes kept for assignment `aid` (localStorage), the teacher's choice per name, and whether saving works. */
class Store {
  constructor(aid) {
    this.key = `kradan.gradebook.${aid}`;
    this.codes = [];
    this.chosen = Object.create(null); // nameKey -> the code that counts (any name, "__proto__" too)
    try {
      const saved = JSON.parse(localStorage.getItem(this.key) || 'null');
      if (saved && Array.isArray(saved.codes)) this.codes = saved.codes.filter((c) => typeof c === 'string');
      if (saved?.chosen && typeof saved.chosen === 'object') {
        for (const [key, c] of Object.entries(saved.chosen)) if (typeof c === 'string') this.chosen[key] = c;
      }
    } catch {
      // unreadable or blocked storage: start empty, say so on the first save
    }
  }

  save() {
    try {
      localStorage.setItem(this.key, JSON.stringify({ codes: this.codes, chosen: this.chosen }));
      return true;
    } catch {
      return false;
    }
  }
}

/** The page once an assignment is open. */
class Gradebook {
  constructor(assignment, aid, catalog) {
    this.a = assignment;
    this.aid = aid;
    this.store = new Store(aid);
    this.rows = new Map(); // code -> row (checked once)
    this.items = assignment.items.map((id) => ({ id, entry: itemEntry(assignment, id, catalog) }));
    this.table = new GradeTable($('gb-table'), {
      w, flagText, due: assignment.due, onRemove: (row) => this.remove(row), onChoose: (row) => this.choose(row),
      onDetail: (row, i, opener) => this.detail(row, i, opener),
    });
    this.wrong = new WrongView({ w, lang });
    this.klass = new ClassPanel(aid, { w, onChange: () => this.draw() });
    this.checks = 0;
    root.dataset.checks = '0';
    this.draw();
  }

  /** A paste or a file read to its end: the page ready, one more check counted (article[data-checks]). */
  finished() {
    this.checks += 1;
    root.dataset.checks = String(this.checks);
    root.dataset.state = 'ready';
  }

  /**
   * Each item's puzzle data (undefined: not on the site; null: its page failed), engine and game
   * module (null when it cannot load: the shared judges still judge), loaded once.
   */
  async ready() {
    if (this.loaded) return this.loaded;
    this.loaded = Promise.all(this.items.map(async (item, i) => {
      if (!item.entry) return { id: item.id, data: undefined };
      const data = await itemData(item.entry, lang, KIND_WORDS);
      if (!data) {
        note(w('pageFailed', { n: i + 1 }));
        return { id: item.id, data: null };
      }
      const engine = recordedEngine(data.replies, { onLive: () => say(w('engineLoading')) });
      const game = await loadGame(data.game).catch(() => null);
      return { id: item.id, data, engine, game };
    }));
    return this.loaded;
  }

  /** Read the codes in `text`; keep this assignment's new ones; `quiet`: the stored ones (no messages on success). */
  async add(text, quiet = false) {
    const found = findCodes(text);
    if (!found.length) {
      if (!quiet) note(w('noneFound'));
      this.finished();
      return;
    }
    const kept = new Set(this.store.codes);
    const fresh = [];
    const { results, notes } = await readCodes(found, this.aid);
    for (const { key, vars, error: err } of notes) {
      note(w(key, { ...vars, code: quote(vars.code), why: err ? codeErrorText(err, 'result') : '' }));
    }
    if (!results.length && !notes.length && !quiet) note(w('noneFound'));
    for (const { code, r } of results) {
      if (kept.has(code) && !quiet) {
        note(w('already', { code: quote(code) }));
        continue;
      }
      kept.add(code);
      fresh.push({ code, r });
    }
    for (const { code, r } of fresh) this.keep(code, r, quiet);
    if (!this.store.save()) fail(w('notSaved'));
    if (fresh.length && !quiet) say(w('added', { n: fresh.length }));
    await this.check(fresh);
  }

  /**
   * Keep `code`. A code that carries on the work of an older one of the same name replaces it; one
   * that an older-kept code already carries on is left; any other code of the same name is kept
   * beside it, for the teacher to choose (gradebook-same.js).
   */
  keep(code, r, quiet) {
    const same = [...this.rows.values()].filter((row) => nameKey(row.r.name) === nameKey(r.name));
    if (same.some((row) => carriesOn(r, row.r))) {
      this.store.codes = this.store.codes.filter((c) => c !== code);
      return;
    }
    for (const older of same.filter((row) => carriesOn(row.r, r))) {
      this.rows.delete(older.code);
      this.store.codes = this.store.codes.filter((c) => c !== older.code);
      if (!quiet) note(w('replaced', { name: r.name }));
    }
    if (!quiet && same.length && [...this.rows.values()].some((row) => nameKey(row.r.name) === nameKey(r.name))) {
      note(w('keptBoth', { name: r.name }));
    }
    if (!this.store.codes.includes(code)) this.store.codes.push(code);
    this.rows.set(code, { code, r, pending: true });
  }

  /** The teacher's choice: `row` counts for its name (chosen again: every code of the name counts). */
  choose(row) {
    const key = nameKey(row.name);
    if (this.store.chosen[key] === row.code) delete this.store.chosen[key];
    else this.store.chosen[key] = row.code;
    if (!this.store.save()) fail(w('notSaved'));
    this.draw();
    this.table.table.querySelector(`button[data-action="choose"][data-code="${row.code}"]`)?.focus();
  }

  /** Replay what is new, then draw the table. */
  async check(fresh) {
    root.dataset.state = 'checking';
    const items = await this.ready();
    let done = 0;
    for (const { code } of fresh) {
      const row = this.rows.get(code);
      if (!row) continue; // replaced meanwhile
      done += 1;
      say(w('checking', { done, total: fresh.length }));
      try {
        this.rows.set(code, { ...(await checkStudent(row.r, this.a, items)), code });
      } catch {
        // a code no check foresaw: listed, never in the way of the others
        this.rows.delete(code);
        note(w('unreadable', { code: quote(code), why: w('notChecked') }));
      }
    }
    this.draw();
    say(w('checked', { n: this.rows.size }));
    this.finished();
  }

  /** The checked rows, with which of one name's codes count (gradebook-same.js). */
  current() {
    return countedRows([...this.rows.values()].filter((row) => !row.pending), this.store.chosen);
  }

  /** The class list's rows ([] without a list), for the table and the export (teach/class-list.js). */
  classRows() {
    return this.klass?.rows ?? [];
  }

  draw() {
    const rows = this.current();
    const classRows = this.classRows();
    const copies = sameWork(rows.filter((row) => row.counted).map((row) => row.r));
    $('gb-results').hidden = rows.length === 0 && classRows.length === 0;
    this.shown = markCopies(rows, copies, this.items);
    this.table.show(this.shown, this.items.length, classRows, copyGroups(copies));
    showCopies(copies, this.items);
    const counted = this.shown.filter((row) => row.counted);
    if (counted.length) this.ready().then((items) => this.wrong.summary(counted, items, this.titles()));
    else this.wrong.summary([], [], []); // nothing to load: the section hides
  }

  /** The exercises' titles, in the assignment's order. */
  titles() {
    return this.items.map((item) => item.entry?.title ?? item.id);
  }

  /** What the student of `row` did on item `i`, in the dialog (focus back to `opener` on close). */
  async detail(row, i, opener) {
    const items = await this.ready();
    await this.wrong.open(row, i, items[i], this.titles()[i], opener);
  }

  remove(row) {
    this.rows.delete(row.code);
    if (this.store.chosen[nameKey(row.name)] === row.code) delete this.store.chosen[nameKey(row.name)];
    this.store.codes = this.store.codes.filter((c) => c !== row.code);
    if (!this.store.save()) fail(w('notSaved'));
    this.draw();
    say(w('removed', { name: row.name }));
    $('gb-codes').focus();
  }

  /** Download the table as 'csv' or 'xlsx': the class list's order, the counted codes, numbers as numbers. */
  exportSheet(kind) {
    const rows = (this.shown ?? []).filter((row) => row.counted);
    const sheet = sheetRows(orderByClass(this.classRows(), rows), this.titles(), { w, flagText, due: this.a.due });
    const blob = kind === 'csv'
      ? new Blob([`\uFEFF${csvText(sheet)}`], { type: 'text/csv;charset=utf-8' })
      : new Blob([xlsxBytes({ sheet: this.a.title, rows: sheet })], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `${fileName(this.a.title, new Date())}.${kind}`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

/**
 * Which items, and how many of the assignment's: "ข้อ 1, 3 (2 จาก 4 ข้อ)", "ทุกข้อ (ครบ 4 ข้อ)".
 * @param {string[]} ids item ids (one the assignment does not have is left out: flagged on its own)
 * @param {{id: string}[]} items the assignment's items
 */
function itemNumbers(ids, items) {
  const numbers = ids.map((id) => items.findIndex((item) => item.id === id) + 1).filter((n) => n > 0); // not an extra item
  if (numbers.length === items.length) return w('itemsAll', { n: numbers.length });
  return w('itemNumbers', { list: numbers.join(', '), n: numbers.length, total: items.length });
}

/**
 * The rows with a flag on each code that shares work with another student's (gradebook-copies.js)
 * and `copyOf`, the other students' names (the spreadsheet's column).
 */
function markCopies(rows, copies, items) {
  return rows.map((row) => {
    if (!row.counted) return row;
    const shared = copies.flatMap(({ names, items: ids, exact }) => {
      const at = names.indexOf(row.name);
      return at === -1 ? [] : [{ other: names[1 - at], ids, exact }];
    });
    if (!shared.length) return row;
    const flags = shared.map(({ other, ids, exact }) => ({ key: exact ? 'copiedAll' : 'copied', vars: { other, items: itemNumbers(ids, items) } }));
    return { ...row, copied: true, copyOf: shared.map(({ other }) => other), flags: [...flags, ...row.flags] };
  });
}

/** The pairs of codes that share work, both names side by side, above the table. */
function showCopies(copies, items) {
  $('gb-copies').hidden = !copies.length;
  $('gb-copy-list').replaceChildren(...copies.map(({ names, items: ids, exact }) => {
    const li = document.createElement('li');
    li.textContent = w(exact ? 'copyPairAll' : 'copyPair', { a: names[0], b: names[1], items: itemNumbers(ids, items) });
    return li;
  }));
}

/** The assignment's title, facts and items (titles from the catalog; a missing one says so). */
function showAssignment(a, items) {
  $('gb-title').textContent = a.title;
  $('gb-due').textContent = a.due ? w('due', { date: dueText(a.due, lang) }) : w('noDue');
  $('gb-facts').textContent = [w('items', { n: a.items.length }), w(a.hints ? 'hintsOn' : 'hintsOff'),
    w(a.solution ? 'solutionOn' : 'solutionOff')].join(' · ');
  $('gb-items').replaceChildren(...items.map((item, i) => {
    const li = document.createElement('li');
    li.textContent = item.entry ? item.entry.title : w('missingItem', { n: i + 1, id: item.id });
    if (!item.entry) li.className = 'gb-missing';
    return li;
  }));
}

const loadCatalog = () => fetchCatalog(root.dataset.catalog).catch(() => null);

/** No assignment yet: the field to paste its link. */
function askForLink(text = '', why = '') {
  root.dataset.state = why ? 'error' : 'idle';
  const form = $('gb-open');
  const input = /** @type {HTMLInputElement} */ ($('gb-link'));
  const linkError = $('gb-link-error');
  form.hidden = false;
  input.value = text;
  linkError.textContent = why;
  linkError.hidden = !why;
  input.setAttribute('aria-invalid', String(Boolean(why)));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const code = fragment(input.value);
    try {
      await decodeAssignment(code);
    } catch (err) {
      if (!(err instanceof CodeError)) throw err;
      linkError.textContent = code ? codeErrorText(err, 'assignment') : w('noCode');
      linkError.hidden = false;
      input.setAttribute('aria-invalid', 'true');
      input.focus();
      return;
    }
    window.location.hash = code; // the page reopens on it (hashchange)
  });
}

async function main() {
  const code = fragment(window.location.hash);
  if (!code) {
    askForLink();
    return;
  }
  root.dataset.state = 'loading';
  say(w('loading'));
  let assignment;
  try {
    assignment = await decodeAssignment(code);
  } catch (err) {
    if (!(err instanceof CodeError)) throw err;
    say('');
    askForLink(code, codeErrorText(err, 'assignment'));
    return;
  }
  const catalog = await loadCatalog();
  if (!catalog) fail(w('catalogFailed'));
  const book = new Gradebook(assignment, assignmentId(assignment), catalog);
  showAssignment(assignment, book.items);
  $('gb-work').hidden = false;
  $('gb-input').addEventListener('submit', async (event) => {
    event.preventDefault();
    const box = /** @type {HTMLTextAreaElement} */ ($('gb-codes'));
    if (!catalog) return;
    await book.add(box.value);
    box.value = '';
  });
  $('gb-file').addEventListener('change', async (event) => {
    if (!catalog) return;
    const picker = /** @type {HTMLInputElement} */ (event.target);
    for (const file of picker.files) {
      try {
        await book.add(await fileText(file));
      } catch {
        note(w('fileFailed', { file: file.name }));
      }
    }
    picker.value = '';
  });
  $('gb-export').addEventListener('click', () => book.exportSheet('csv'));
  $('gb-export-xlsx').addEventListener('click', () => book.exportSheet('xlsx'));
  if (!catalog) {
    root.dataset.state = 'error';
    say('');
    return;
  }
  if (book.store.codes.length) await book.add(book.store.codes.join('\n'), true);
  else {
    root.dataset.state = 'ready';
    say('');
  }
}

window.addEventListener('hashchange', () => window.location.reload());
main();
