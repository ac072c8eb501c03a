/**
 * The gradebook's class list panel (form#gb-class in templates/teach-gradebook.html): the teacher
 * names the class, pastes the list (เลขที่ + ชื่อ) or picks a file (.csv, .tsv, .txt, .xlsx), and
 * every line that cannot be read is listed with its reason (teach/class-list.js).
 *
 *   const panel = new ClassPanel(aid, {w, onChange});  panel.rows -> the list's rows ([] without one)
 *   onChange() is called whenever the rows change later (the gradebook redraws its table).
 * Kept in this browser, saved on every keystroke: localStorage "kradan.classlist" =
 *   {lists: {class name: the text as typed}, current: the class last used, byAssignment: {aid: class name}}.
 * A storage that fails (full or blocked) is reported; the list still works until the page closes.
 */
import { lang } from '../core/i18n.js';
import { readClassList } from './class-list.js';
import { bytesText } from './file-text.js';
import { isZip, xlsxRows } from './xlsx-read.js';

const KEY = 'kradan.classlist';
const SETTLE_MS = 300; // the table follows the typing once it pauses

/** @typedef {{lists: Record<string, string>, current: string, byAssignment: Record<string, string>}} Saved */

/** The lists kept in this browser (empty if none or unreadable). @returns {Saved} */
function loadSaved() {
  /** @type {Saved} */
  const saved = { lists: Object.create(null), current: '', byAssignment: Object.create(null) };
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) || 'null');
    for (const field of /** @type {const} */ (['lists', 'byAssignment'])) {
      if (stored?.[field] && typeof stored[field] === 'object') {
        for (const [key, value] of Object.entries(stored[field])) if (typeof value === 'string') saved[field][key] = value;
      }
    }
    if (typeof stored?.current === 'string') saved.current = stored.current;
  } catch {
    // unreadable or blocked storage: start empty; the first save says whether saving works
  }
  return saved;
}

/**
 * The text of a class list file: the first sheet of an .xlsx as tab-separated lines, any other file as text.
 * @param {Blob} file
 */
async function classFileText(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!isZip(bytes)) return bytesText(bytes);
  return (await xlsxRows(bytes)).map((row) => row.join('\t')).join('\n');
}

export class ClassPanel {
  /**
   * @param {string} aid the assignment's id (the class it was last graded with opens with it)
   * @param {{w: (key: string, vars?: Record<string, unknown>) => string, onChange: () => void}} options
   */
  constructor(aid, { w, onChange }) {
    this.aid = aid;
    this.w = w;
    this.onChange = onChange;
    /** @type {import('./class-list.js').ClassRow[]} */
    this.rows = [];
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
    this.form = $('gb-class');
    this.name = /** @type {HTMLInputElement} */ ($('gb-class-name'));
    this.names = $('gb-class-names');
    this.text = /** @type {HTMLTextAreaElement} */ ($('gb-class-text'));
    this.file = /** @type {HTMLInputElement} */ ($('gb-class-file'));
    this.status = $('gb-class-status');
    this.error = $('gb-class-error');
    this.problems = $('gb-class-problems');
    this.saved = loadSaved();
    const name = this.saved.byAssignment[aid] ?? this.saved.current;
    this.name.value = name || w('defaultClass');
    this.text.value = this.saved.lists[this.className()] ?? '';
    this.listNames();
    this.text.addEventListener('input', () => {
      this.keep();
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.apply(), SETTLE_MS);
    });
    this.name.addEventListener('change', () => this.switchClass());
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      clearTimeout(this.timer);
      this.keep();
      this.apply();
    });
    this.file.addEventListener('change', () => this.readFile());
    this.apply(false);
  }

  /** The class's name as typed (the default name when left empty). */
  className() {
    return this.name.value.trim() || this.w('defaultClass');
  }

  /** The saved classes offered when naming one (datalist). */
  listNames() {
    this.names.replaceChildren(...Object.keys(this.saved.lists).sort().map((name) => {
      const option = document.createElement('option');
      option.value = name;
      return option;
    }));
  }

  /** Save what is typed now under the class's name; a failed save is reported. */
  keep() {
    const name = this.className();
    this.saved.lists[name] = this.text.value;
    this.saved.current = name;
    this.saved.byAssignment[this.aid] = name;
    let saved = true;
    try {
      localStorage.setItem(KEY, JSON.stringify(this.saved));
    } catch {
      saved = false;
    }
    this.error.textContent = saved ? '' : this.w('classNotSaved');
    this.error.hidden = saved;
    this.listNames();
  }

  /** Another class named: its saved list if there is one, else the text typed so far kept under the new name. */
  switchClass() {
    const list = this.saved.lists[this.className()];
    if (list !== undefined) this.text.value = list;
    this.keep();
    this.apply();
  }

  /** Read a picked file into the list (replacing the text), then save and apply it. */
  async readFile() {
    const file = this.file.files?.[0];
    if (!file) return;
    try {
      this.text.value = await classFileText(file);
    } catch {
      this.error.textContent = this.w('classFileFailed', { file: file.name });
      this.error.hidden = false;
      return;
    } finally {
      this.file.value = '';
    }
    this.keep();
    this.apply();
  }

  /**
   * Read the text: the rows for the table, each refused line listed with its reason.
   * @param {boolean} notify call onChange (not while the gradebook is still being made: it draws once ready)
   */
  apply(notify = true) {
    const { rows, problems } = readClassList(this.text.value);
    this.rows = rows;
    this.status.textContent = rows.length || problems.length ? this.w('classRead', { n: rows.length }) : '';
    this.problems.replaceChildren(...problems.map((problem) => {
      const li = document.createElement('li');
      li.dataset.line = String(problem.line);
      li.dataset.reason = problem.reason;
      li.textContent = this.w('classProblem', { line: problem.line, text: problem.text, why: problem.words[lang] });
      return li;
    }));
    this.problems.hidden = !problems.length;
    if (notify) this.onChange();
  }
}
