/**
 * The student's assignment page (/<lang>/a/#<assignment code>, site_builder/teach/student_page.py).
 *
 * Reads the code in the #fragment (a bad, cut-off, other-kind or other-version code gets a clear
 * message and changes nothing saved), the exercise catalog (/<lang>/teach/catalog.json: titles and
 * game names; an id it lacks is shown as gone and skipped; a teacher-made item comes inside the
 * code: its title, else its game and kind names, linked to its exercise page teach/exercise.js)
 * and the student's state in this browser (core/student-state.js, made here on the first visit
 * with every item listed). Shows the title, the instructions (text only), the due date, the rules and every item with its state; asks only
 * for a display name; "start"/"continue" opens the first unfinished item as a puzzle page in
 * assignment mode (core/assignment-mode.js). "Make my result code" gives the result code
 * (assignment.js encodeResult) to copy or share (navigator.share, else a LINE link).
 * Everything the student or the teacher typed is shown with textContent only.
 *
 * DOM hooks: #kr-st-error, #kr-st-storage, #kr-st-work, #kr-st-name-input, #kr-st-start,
 * ol#kr-st-items > li.student-item[data-id][data-state] (data-missing when gone), #kr-st-make,
 * textarea#kr-st-code, [data-action="copy" | "share"], a#kr-st-line, #kr-st-saved.
 */
import { lang, fill, longDate } from '../core/i18n.js';
import { LIMITS, assignmentId, decodeAssignment, encodeResult, fragment } from '../core/assignment.js';
import { damaged, itemOf, loadState, newState, problem, resultOf, saveState, savedStates } from '../core/student-state.js';
import { itemUrl, studentUrl } from '../core/assignment-mode.js';
import { add } from '../core/progress-ui.js';
import { fetchCatalog, itemEntry } from './catalog.js';

const root = document.getElementById('kr-student');
const WORDS = JSON.parse(document.getElementById('kr-student-words').textContent);
const word = (key, vars = {}) => fill(WORDS[key], vars);
const $ = (id) => document.getElementById(id);
const FINISHED = ['solved', 'retried', 'seen'];

/** The words for a code that is not a readable assignment link. */
function codeProblem(err) {
  switch (err?.code) {
    case 'BAD_VERSION': return word(err.detail.older ? 'oldVersion' : 'newVersion', { version: err.detail.version });
    case 'WRONG_KIND': return err.detail.tag === 'KS' ? word('wrongKind') : word('badCode');
    case 'NO_DEFLATE': return word('noDeflate');
    case 'TOO_MANY_ITEMS': return word('tooMany', err.detail);
    default: return word('badCode');
  }
}

/** The catalog (teach/catalog.js), or null when it cannot be loaded. */
async function loadCatalog() {
  try {
    return await fetchCatalog(root.dataset.catalog);
  } catch {
    return null;
  }
}

/** Today in the reader's time zone, "YYYY-MM-DD". */
function today() {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The name typed, trimmed and cut to the longest a result holds. */
const cleanName = (text) => [...String(text).trim()].slice(0, LIMITS.name).join('');

class StudentPage {
  constructor(a, code, catalog) {
    this.a = a;
    this.code = code;
    this.aid = assignmentId(a);
    this.catalog = catalog;
    this.nameInput = /** @type {HTMLInputElement} */ ($('kr-st-name-input'));
    this.nameNote = $('kr-st-name-note');
    const state = loadState(this.aid) ?? newState(code, a.items);
    state.code = code;
    for (const id of a.items) itemOf(state, id);
    this.save(state);
    this.nameInput.value = state.name;
  }

  /** The saved state (read again: a puzzle page or another tab may have changed it). */
  get state() {
    return loadState(this.aid) ?? newState(this.code, this.a.items);
  }

  /** Save `state`; the notice says when the saved work was damaged or cannot be saved now. */
  save(state) {
    saveState(this.aid, state);
    const notice = $('kr-st-storage');
    notice.textContent = [damaged(this.aid) ? word('stateDamaged') : '', problem() ? word('storageFull') : ''].filter(Boolean).join(' ');
    notice.hidden = !notice.textContent;
  }

  /** The entry of item `id` (teach/catalog.js itemEntry), or null when it is not on the site. */
  entry(id) {
    return itemEntry(this.a, id, this.catalog);
  }

  /** Is item `id` on the site or in the code? (Everything is, when the catalog could not be read.) */
  exists(id) {
    return !this.catalog || Boolean(this.entry(id));
  }

  show() {
    const { a } = this;
    $('kr-st-title').textContent = a.title;
    document.title = `${a.title} · ${document.title}`;
    const instructions = $('kr-st-instructions');
    instructions.textContent = a.instructions;
    instructions.hidden = !a.instructions;
    this.showFacts();
    this.render();
    $('kr-st-name').addEventListener('submit', (event) => {
      event.preventDefault();
      this.saveName(true);
    });
    this.nameInput.addEventListener('change', () => this.saveName(false));
    $('kr-st-start').addEventListener('click', () => this.start());
    $('kr-st-make').addEventListener('click', () => this.makeCode());
    root.querySelector('[data-action="copy"]').addEventListener('click', () => this.copy());
    root.querySelector('[data-action="share"]').addEventListener('click', () => this.share());
    // Back from a puzzle page (the page may come from the back/forward cache) or another tab: show the latest.
    window.addEventListener('pageshow', (event) => { if (event.persisted) this.render(); });
    window.addEventListener('storage', () => this.render());
    $('kr-st-work').hidden = false;
  }

  showFacts() {
    const { a } = this;
    const facts = $('kr-st-facts');
    facts.replaceChildren();
    add(facts, 'li', 'student-due', a.due ? word('due', { date: longDate(a.due) }) : word('noDue'));
    if (a.due && today() > a.due) add(facts, 'li', 'student-late', word('pastDue'));
    add(facts, 'li', '', word(a.hints ? 'hintsOn' : 'hintsOff'));
    add(facts, 'li', '', word(a.solution ? 'solutionOn' : 'solutionOff'));
  }

  /** The items with their states, the progress line and the start button. */
  render() {
    const { state } = this;
    const list = $('kr-st-items');
    list.replaceChildren();
    let done = 0;
    let next = -1;
    this.a.items.forEach((id, i) => {
      const claimed = itemOf(state, id).claimed;
      const li = add(list, 'li', 'student-item');
      li.dataset.id = id;
      li.dataset.state = claimed;
      if (!this.exists(id)) {
        li.dataset.missing = 'true';
        add(li, 'span', 'student-item-title', `${word('item', { n: i + 1 })}: ${id}`);
        add(li, 'span', 'student-item-meta', word('missing'));
        return;
      }
      if (FINISHED.includes(claimed)) done += 1;
      else if (next < 0) next = i;
      const entry = this.entry(id);
      const link = add(li, 'a', 'student-item-title', `${word('item', { n: i + 1 })}: ${entry?.title ?? id}`);
      link.href = itemUrl(lang, id, this.aid, i + 1, this.code);
      if (entry) {
        const meta = [this.catalog?.games?.[entry.game] ?? entry.game, this.catalog?.kinds?.[entry.kind] ?? entry.kind];
        add(li, 'span', 'student-item-meta', meta.join(' · '));
      }
      add(li, 'span', 'student-state', word(claimed || 'todo')).dataset.state = claimed;
    });
    const total = this.a.items.filter((id) => this.exists(id)).length;
    $('kr-st-progress').textContent = next < 0 ? word('allDone') : word('progress', { done, total });
    const start = $('kr-st-start');
    this.next = next;
    start.hidden = next < 0;
    const begun = Object.values(state.items).some((item) => item.events.length);
    start.textContent = begun ? word('continue', { n: next + 1 }) : word('start');
  }

  /** Save the name typed; false (and a note) when it is empty. */
  saveName(say) {
    const name = cleanName(this.nameInput.value);
    this.nameInput.setAttribute('aria-invalid', String(!name));
    if (!name) {
      this.nameNote.textContent = word('nameNeeded');
      this.nameInput.focus();
      return false;
    }
    const { state } = this;
    state.name = name;
    this.save(state);
    this.nameInput.value = name;
    this.nameNote.textContent = say ? word('nameSaved') : '';
    return true;
  }

  start() {
    if (!this.saveName(false) || this.next < 0) return;
    window.location.assign(itemUrl(lang, this.a.items[this.next], this.aid, this.next + 1, this.code));
  }

  /** The result code of everything done so far, shown to copy or share. */
  async makeCode() {
    if (!this.saveName(false)) return;
    const { state } = this;
    state.submitted = new Date().toISOString();
    this.save(state);
    const { result, damagedItems } = await resultOf(this.aid, state, this.a.items);
    let code;
    try {
      code = await encodeResult(result);
    } catch {
      $('kr-st-copy-note').textContent = word('codeFailed');
      return;
    }
    this.text = word('shareText', { title: this.a.title, name: state.name, code });
    const box = /** @type {HTMLTextAreaElement} */ ($('kr-st-code'));
    box.value = code;
    box.rows = Math.min(12, Math.max(3, Math.ceil(code.length / 34))); // the whole code in view on a phone
    $('kr-st-result').hidden = false;
    /** @type {HTMLElement} */ (root.querySelector('[data-action="share"]')).hidden = typeof navigator.share !== 'function';
    const line = /** @type {HTMLAnchorElement} */ ($('kr-st-line'));
    line.hidden = typeof navigator.share === 'function';
    line.href = `https://line.me/R/share?text=${encodeURIComponent(this.text)}`;
    $('kr-st-copy-note').textContent = damagedItems.length ? word('itemsDamaged', { items: damagedItems.join(', ') }) : '';
    box.focus();
    box.select();
  }

  async copy() {
    const box = /** @type {HTMLTextAreaElement} */ ($('kr-st-code'));
    let copied = false;
    try {
      await navigator.clipboard.writeText(box.value);
      copied = true;
    } catch {
      box.focus();
      box.select();
      try {
        copied = document.execCommand('copy');
      } catch {
        copied = false;
      }
    }
    $('kr-st-copy-note').textContent = word(copied ? 'copied' : 'copyFailed');
  }

  async share() {
    try {
      await navigator.share({ title: this.a.title, text: this.text });
    } catch {
      // the student closed the share sheet: the code is still in the box
    }
  }
}

/** The other assignments saved in this browser, as links back to them (nothing is ever lost). */
async function showSaved(except = '') {
  const list = $('kr-st-saved-list');
  list.replaceChildren();
  for (const { aid, state } of savedStates()) {
    if (aid === except) continue;
    let a;
    try {
      a = await decodeAssignment(state.code);
    } catch {
      continue;
    }
    const done = a.items.filter((id) => FINISHED.includes(state.items[id]?.claimed)).length;
    const link = add(add(list, 'li'), 'a', '', word('savedItem', { title: a.title, done, total: a.items.length }));
    link.href = studentUrl(lang, state.code);
  }
  $('kr-st-saved').hidden = !list.children.length;
}

function showError(text) {
  const error = $('kr-st-error');
  error.textContent = text;
  error.hidden = false;
}

async function main() {
  const status = $('kr-st-status');
  let code = '';
  try {
    code = fragment(window.location.hash);
  } catch {
    code = '?'; // "%" garbage in the link: not a code
  }
  if (!code) {
    showError(word('noCode'));
    await showSaved();
    return;
  }
  status.hidden = false;
  let a;
  try {
    a = await decodeAssignment(code);
  } catch (err) {
    status.hidden = true;
    showError(codeProblem(err));
    await showSaved();
    return;
  }
  const catalog = await loadCatalog();
  status.hidden = true;
  if (!catalog) showError(word('catalogFailed'));
  const page = new StudentPage(a, code, catalog);
  page.show();
  await showSaved(page.aid);
}

window.addEventListener('hashchange', () => window.location.reload());
main();
