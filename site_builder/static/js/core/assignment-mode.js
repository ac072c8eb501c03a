/**
 * A puzzle page in assignment mode: opened from a student's assignment page
 * (/<lang>/a/#<code>, teach/student.js) as /<lang>/puzzles/<id>/#as=<assignmentId>&i=<n>, with
 * the student's state for that assignment saved in this browser (core/student-state.js) and
 * listing this puzzle; a teacher-made item of the assignment is opened on its own page as
 * /<lang>/teach/exercise/#<item id>#<code> (core/exercise-link.js; the state is made there when
 * this browser has none yet). Every puzzle UI gets it through core/puzzle-shell.js's Shell:
 *
 * - a bar above the puzzle, "งาน: <title> · ข้อ n จาก N", with a link back to the assignment;
 * - hint and solution buttons hidden when the assignment does not allow them, for every puzzle
 *   UI at once: article#kr-puzzle[data-as-hints|data-as-solution="off"] and
 *   css/assignment-mode.css (both "off" until the code is read); `rules` for the solution lock
 *   (core/solution-lock.js, asked through Shell.may), `allows(rule)`;
 * - the success panel's "next" goes to the next item (with its hash), after the last one back
 *   to the assignment page; the page's pager (the index's next puzzle) is hidden;
 * - `log(type, value)` appends an event (["m", move], ["t"], ["r"], ["a", answer], ["h"], ["s"])
 *   to the item; `verdict('wrong' | 'solved')` (Shell.fail / Shell.solve) says how the page judged
 *   the last move or answer (else it was right). The item is saved with its summary (`claimed`,
 *   `hints`: core/student-state.js summarize, puzzle-replay.js's grading rule over those
 *   verdicts); opening an item that already has events records ["r"] (the board starts over);
 * - `ms`: the time the item was open and visible (Page Visibility), saved every few seconds,
 *   when the page is hidden and when it is left.
 * When the browser cannot save, the bar says results may be lost on reload; the page goes on.
 */
import { lang, fill } from './i18n.js';
import { LIMITS, assignmentId, decodeAssignment } from './assignment.js';
import { hasItem, itemOf, loadState, newState, problem, saveState, summarize } from './student-state.js';
import { exerciseUrl, readExerciseHash } from './exercise-link.js';
import { isExerciseId } from './teacher-exercise.js';
import { add } from './progress-ui.js';

const WORDS = {
  th: {
    region: 'งานที่ครูมอบหมาย',
    bar: 'งาน: {title} · ข้อ {n} จาก {total}',
    opening: 'งานที่ครูมอบหมาย · ข้อ {n}',
    back: 'กลับไปหน้างาน',
    next: 'ข้อถัดไป',
    last: 'กลับไปหน้างานเพื่อส่งผล',
    notSaved: 'บันทึกผลไว้ในเครื่องไม่ได้ (พื้นที่เก็บข้อมูลเต็มหรือถูกปิดไว้) ทำต่อได้ แต่ถ้าโหลดหน้าใหม่ ผลอาจหาย',
    full: 'ข้อนี้บันทึกการทำครบจำนวนที่เก็บได้แล้ว ตาเดินหลังจากนี้จะไม่ถูกส่งให้ครู',
  },
  en: {
    region: 'Your assignment',
    bar: 'Assignment: {title} · item {n} of {total}',
    opening: 'Assignment · item {n}',
    back: 'Back to the assignment',
    next: 'Next item',
    last: 'Back to the assignment to send your results',
    notSaved: 'Your work cannot be saved in this browser (storage is full or blocked). You can go on, but a reload may lose it.',
    full: 'This item has recorded as many steps as a result can hold: later moves will not reach your teacher.',
  },
};
const word = (key, vars = {}) => fill(WORDS[lang][key], vars);

const FLUSH_MS = 5000;
const CSS = '/static/css/assignment-mode.css';

/** {aid, index} of a hash "#as=<aid>&i=<n>", or null. */
export function parseHash(hash) {
  const params = new URLSearchParams(String(hash).replace(/^#/, ''));
  const aid = params.get('as') ?? '';
  const index = Number(params.get('i'));
  if (!/^[0-9a-z]{7}$/.test(aid) || !Number.isInteger(index) || index < 1) return null;
  return { aid, index };
}

/** The hash of item `index` (1-based) of assignment `aid`. */
export const itemHash = (aid, index) => `#as=${aid}&i=${index}`;

/**
 * The page of item `id` (the `index`-th, 1-based) of assignment `aid` in assignment mode: a catalog
 * puzzle's page, or the exercise page of a teacher-made item, which carries the assignment `code`.
 */
export const itemUrl = (pageLang, id, aid, index, code) => (isExerciseId(id) ? exerciseUrl(pageLang, id, code)
  : `/${pageLang}/puzzles/${encodeURIComponent(id)}/${itemHash(aid, index)}`);

/** The student's assignment page of `code`. */
export const studentUrl = (pageLang, code) => `/${pageLang}/a/#${code}`;

export class AssignmentMode {
  /**
   * The page's assignment mode for puzzle `data`, or null when the page is not in it; a promise of
   * it on a teacher-made exercise's page (its code is read first).
   * @returns {AssignmentMode | null | Promise<AssignmentMode | null>}
   */
  static enter(data) {
    if (readExerciseHash(window.location.hash)) return AssignmentMode.enterExercise(data);
    const where = parseHash(window.location.hash);
    const state = where && loadState(where.aid);
    if (!state || !hasItem(state, data.id)) return null;
    return new AssignmentMode(data, where, state);
  }

  /**
   * A teacher-made exercise's page (#<id>#<code>): the item of the assignment in its code, with
   * the student's state in this browser (made here when there is none, as the assignment page would).
   */
  static async enterExercise(data) {
    const { id, code } = readExerciseHash(window.location.hash);
    let a;
    try {
      a = await decodeAssignment(code);
    } catch {
      return null; // the exercise page says what is wrong with the link
    }
    const index = a.items.indexOf(id) + 1;
    if (id !== data.id || index < 1) return null;
    const aid = assignmentId(a);
    let state = loadState(aid);
    if (!state) {
      state = newState(code, a.items);
      saveState(aid, state);
    }
    return new AssignmentMode(data, { aid, index }, state);
  }

  constructor(data, { aid, index }, state) {
    this.data = data;
    this.aid = aid;
    this.index = index;
    this.code = state.code;
    this.queue = Promise.resolve(); // changes to the saved state, one at a time
    this.dropped = false; // the last move or answer was not recorded (the item holds as many as a result can)
    this.rules = { hints: false, solution: false }; // until the code is read
    this.article = document.getElementById('kr-puzzle') ?? document.body;
    this.applyRules();
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = CSS;
    document.head.append(link);

    this.bar = document.createElement('nav');
    this.bar.className = 'kr-as-bar';
    this.bar.setAttribute('aria-label', word('region'));
    this.article.prepend(this.bar);
    // The page's own "next puzzle" is not the assignment's next item: the success panel has that.
    for (const pager of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('main > nav.pager'))) pager.hidden = true;
    this.barText = add(this.bar, 'p', 'kr-as-bar-text', word('opening', { n: index }));
    this.backLink = add(this.bar, 'a', 'kr-as-back', word('back'));
    this.backLink.href = studentUrl(lang, this.code);
    this.notice = add(this.bar, 'p', 'kr-as-notice');
    this.notice.setAttribute('role', 'alert');
    this.notice.hidden = true;

    this.visibleSince = document.visibilityState === 'visible' ? performance.now() : null;
    if (itemOf(state, data.id).events.length) this.log('r');
    document.addEventListener('visibilitychange', () => this.flush());
    window.addEventListener('pagehide', () => this.flush());
    setInterval(() => this.flush(), FLUSH_MS);
    this.ready = this.read(); // the title, the rules and the next item's link are known once it resolves
  }

  /** Read the assignment: title and count in the bar, its rules, the next item's link. */
  async read() {
    let a;
    try {
      a = await decodeAssignment(this.code);
    } catch {
      return; // a state is only made from a good code; the bar keeps its short words
    }
    this.assignment = a;
    this.total = a.items.length;
    if (a.items[this.index - 1] !== this.data.id) this.index = a.items.indexOf(this.data.id) + 1; // a hand-edited hash
    this.barText.textContent = word('bar', { title: a.title, n: this.index, total: this.total });
    this.rules = { hints: a.hints, solution: a.solution };
    this.applyRules();
    this.linkNext();
  }

  applyRules() {
    this.article.dataset.asHints = this.rules.hints ? 'on' : 'off';
    this.article.dataset.asSolution = this.rules.solution ? 'on' : 'off';
  }

  /** May the student use `rule` ('hints' | 'solution')? */
  allows(rule) {
    return Boolean(this.rules[rule]);
  }

  /** Shell's success panel: "next" to the next item (or back to the assignment), "back" to it. */
  attach(success) {
    this.success = success;
    this.linkNext();
  }

  linkNext() {
    if (!this.success || !this.assignment) return;
    const go = this.success.querySelector('.kr-pz-go') ?? this.success;
    let next = go.querySelector('a.kr-pz-next');
    if (!next) {
      next = document.createElement('a');
      next.className = 'kr-btn kr-btn-primary kr-pz-next';
      go.prepend(next);
    }
    const nextId = this.assignment.items[this.index];
    next.href = nextId ? itemUrl(lang, nextId, this.aid, this.index + 1, this.code) : studentUrl(lang, this.code);
    next.textContent = word(nextId ? 'next' : 'last');
    next.rel = nextId ? 'next' : '';
    const back = go.querySelector('a.kr-pz-index');
    if (back) {
      back.href = studentUrl(lang, this.code);
      back.textContent = word('back');
    }
  }

  /** Append the event [type, value?] to this item and save it with its summary. */
  log(type, value) {
    return this.update((item) => {
      this.dropped = item.events.length >= LIMITS.events;
      if (this.dropped) {
        this.say('full');
        return;
      }
      item.events.push(value === undefined ? [type] : [type, value]);
      if (type === 'm' || type === 'a') item.verdicts.push('right');
    });
  }

  /** The page judged the last move or answer 'wrong' or 'solved'. */
  verdict(value) {
    return this.update((item) => {
      if (item.verdicts.length && !this.dropped) item.verdicts[item.verdicts.length - 1] = value;
    });
  }

  /** Add the visible time since the last flush and save. */
  flush() {
    this.update(() => {});
  }

  /**
   * Change this item in the saved state (read again first: another tab may have changed it) and
   * save it with its summary. Changes run one after another, in the order they were asked for.
   */
  update(change) {
    const now = performance.now();
    const visible = this.visibleSince === null ? 0 : Math.round(now - this.visibleSince);
    this.visibleSince = document.visibilityState === 'visible' ? now : null;
    const run = this.queue.then(async () => {
      const state = loadState(this.aid);
      if (!state) return;
      const item = itemOf(state, this.data.id);
      item.ms += visible;
      change(item);
      const summary = await summarize(item);
      item.claimed = summary.result;
      item.hints = summary.hints;
      if (!saveState(this.aid, state) && problem()) this.say('notSaved');
    });
    this.queue = run.catch(() => {}); // one failed change never stops the next ones
    return run;
  }

  say(key) {
    this.notice.textContent = word(key);
    this.notice.hidden = false;
  }
}
