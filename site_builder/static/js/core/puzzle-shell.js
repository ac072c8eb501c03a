/**
 * The puzzle page's shell, shared by every puzzle UI (puzzle.js's move and quiz puzzles, and
 * the games' own, e.g. Makruk's counting play-outs): feedback, hints, progress, the success
 * panel and the links back to the index. Keep its surface stable:
 *   new Shell(data, figure); .root .body .feedback .nojs .hintsShown; state (setter = data-state);
 *   .engine (core/recorded-engine.js over data.replies: pass it to mountBoard and engine calls);
 *   showNote(text), liveNote(key, readyKey) (p.kr-pz-note: the live engine loading, ready, failed);
 *   say(verdict, detail, tone); addHints(bar, box); startAttempt(); fail(result = 'failed' | 'seen');
 *   solve(text); inView(...elements) scrolls the least so that they are all on screen.
 *   log(type, value) records an event of an assignment (["m", move], ["t"], ["r"], ["a", answer],
 *   ["h"], ["s"]: see core/assignment-mode.js; a no-op outside assignment mode): log a move or an
 *   answer BEFORE judging it, as fail() and solve() mark the last one wrong / solving; .assignment is
 *   the page's AssignmentMode or null, loaded (.modeReady) only on a page opened as an assignment's
 *   item; may(what) is the solution lock's word (core/solution-lock.js: 'hints' | 'solution' |
 *   'analyse' | 'tools', decided from that assignment and the solve): every puzzle UI asks it
 *   before it reveals anything; forbids('hints' | 'solution') = !may(…) guards those buttons;
 *   showWritten(only) shows the page's written parts (.kr-nojs) when the UI cannot run (on an
 *   assignment's page its written solution is out of the page until the lock allows it).
 *   judge() resolves to the puzzle's judge (judges/: the gradebook's replay uses the same one),
 *   made at its first use from `loadJudge()`, which each puzzle UI sets (a promise of its judge
 *   module): a page downloads no judge before the reader's first move or answer.
 *   button(parent, action, text, className) makes a button[data-action]; words(key, vars) the
 *   puzzle UI's own words (those core/i18n.js does not have); moveWords(game, state, move) a move
 *   in the engine's words.
 * The result of a visit is shown with progress-ui.js's resultBadge, the very badge the puzzle
 * list shows: "solved after a mistake" reads the same on both pages.
 */
import { t, lang, fill } from './i18n.js';
import * as progress from './progress.js';
import { add, noticeText, resultBadge } from './progress-ui.js';
import { moveName } from '../boards/describe.js';
import { recordedEngine } from './recorded-engine.js';
import { WRITTEN, keptOut, mayReveal, mayShow, writtenFate } from './solution-lock.js';

/** The puzzle UI's own words (the rest come from core/i18n.js). */
const WORDS = {
  th: {
    result: 'บันทึกผลแล้ว:',
    resultUnsaved: 'ผลครั้งนี้ (ยังไม่ได้บันทึก):',
    before: 'ครั้งก่อน:',
    takeBack: 'ย้อนตาที่ผิด',
    takenBack: 'ย้อนแล้ว ลองตาอื่นจากตำแหน่งนี้',
    solvedBest: 'ได้หมากมาแล้ว ความได้เปรียบอยู่บนกระดานจริง',
    showAnswer: 'ดูเฉลย',
    answerShown: 'เฉลย',
    wrongNudge: 'ลองดูตำแหน่งอีกครั้ง',
    analyse: 'วิเคราะห์ตำแหน่งนี้',
    liveOffTree: 'ตานี้ไม่อยู่ในเฉลยที่เตรียมไว้ในหน้า กำลังโหลดเอนจินมาตอบ…',
    liveLoading: 'กำลังโหลดเอนจิน ครั้งแรกอาจใช้เวลาสักครู่…',
    liveAnalyse: 'กำลังโหลดเอนจินเพื่อวิเคราะห์…',
    liveReady: 'เอนจินพร้อมแล้ว',
    analyseReady: 'เอนจินพร้อมแล้ว เดินหมากได้ทั้งสองฝ่ายเพื่อวิเคราะห์',
    liveFailed: 'โหลดเอนจินไม่สำเร็จ แต่ส่วนที่เตรียมไว้ในหน้ายังใช้ได้',
    dataRepaired: 'ข้อมูลเฉลยในหน้านี้เสียหาย จึงโหลดหน้าใหม่จากเครือข่ายมาใช้แทนแล้ว',
    dataBroken: 'ข้อมูลเฉลยในหน้านี้เสียหายและโหลดใหม่ไม่ได้ จึงใช้เอนจินแทน เดินหมากได้อิสระ และอ่านเฉลยที่เขียนไว้ด้านล่างได้ ผลที่บันทึกไว้ยังอยู่ครบ',
    dataBrokenLocked: 'ข้อมูลโจทย์ในหน้านี้เสียหายและโหลดใหม่ไม่ได้ จึงใช้เอนจินแทน เดินหมากได้อิสระ ผลที่บันทึกไว้ยังอยู่ครบ',
    solutionLocked: 'ครูปิดเฉลยของงานนี้ไว้ จึงดูเฉลยไม่ได้ ลองคิดเองก่อน',
  },
  en: {
    result: 'Saved:',
    resultUnsaved: 'This time (not saved):',
    before: 'Last time:',
    takeBack: 'Take the move back',
    takenBack: 'Taken back: try another move from here.',
    solvedBest: 'The material is won: the gain is on the board.',
    showAnswer: 'Show the answer',
    answerShown: 'Answer',
    wrongNudge: 'Look at the position again.',
    analyse: 'Analyse this position',
    liveOffTree: 'This move is not in the solution stored in the page: loading the engine to answer…',
    liveLoading: 'Loading the engine (the first time may take a while)…',
    liveAnalyse: 'Loading the engine for analysis…',
    liveReady: 'The engine is ready.',
    analyseReady: 'The engine is ready: move either side to analyse.',
    liveFailed: 'The engine could not load, but what the page stores still works.',
    dataRepaired: 'The solution data in this page was damaged, so a fresh copy was loaded from the network.',
    dataBroken: 'The solution data in this page is damaged and could not be loaded again, so the engine is used instead: move freely and read the written solution below. Your saved results are all still there.',
    dataBrokenLocked: 'The puzzle data in this page is damaged and could not be loaded again, so the engine is used instead: move freely. Your saved results are all still there.',
    solutionLocked: 'Your teacher has locked the solution of this assignment: work it out yourself.',
  },
};

/** The puzzle UI's word `key` with {names} filled in. */
export function words(key, vars = {}) {
  return fill(WORDS[lang][key], vars);
}

/** The move `move` of `state` (an engine reply) in words: the engine's own ("เรือดำ f8 ไป f2"). */
export function moveWords(game, state, move) {
  const legal = state?.legal?.find((m) => m.move === move);
  return legal?.words?.[lang] ?? moveName(game, state, move);
}

const ASSIGNMENT_HASH = /^#(as=|t-)/; // core/assignment-mode.js itemHash, core/exercise-link.js exerciseUrl
/** What the page's written part `el` reveals, if an assignment may lock it (core/solution-lock.js WRITTEN). */
const lockable = (el) => WRITTEN.find(([selector]) => el.matches(selector))?.[1] ?? null;

/**
 * Show the page's written parts (.kr-nojs) to a reader the puzzle UI cannot serve (the engine
 * failed, the data is damaged), each only if `may(what)` allows it (core/solution-lock.js): a
 * locked one is taken out of the page (not only hidden) and, for the solution, a note says the
 * teacher locked it. `parts`: [element, its place (a marker where it was taken out, or null)].
 * @param {Array<[HTMLElement, Comment | null]>} parts
 * @param {(what: import('./solution-lock.js').Reveal) => boolean} may
 */
export function revealWritten(parts, may) {
  for (const [el, marker] of parts) {
    const fate = writtenFate(lockable(el), may);
    if (fate === 'shown') {
      marker?.replaceWith(el);
      el.hidden = false;
      continue;
    }
    const place = marker ?? el; // whichever of the two is in the page
    if (fate === 'note') {
      const note = document.createElement('p');
      note.className = 'kr-pz-locked';
      note.textContent = words('solutionLocked');
      place.replaceWith(note);
    } else {
      place.remove();
    }
    el.remove();
  }
}

/** May a page that has no puzzle UI (its data is damaged) reveal `what`? Never in an assignment's page. */
export const mayWithoutShell = (what) => mayReveal(what, { pending: ASSIGNMENT_HASH.test(window.location.hash) });
const LIST_KEY = 'kradan.puzzles.list'; // written by puzzle-index.js: the filtered list the reader came from

/** A button with a data-action, appended to `parent`. */
export function button(parent, action, text, className = 'kr-btn') {
  const el = add(parent, 'button', className, text);
  el.type = 'button';
  el.dataset.action = action;
  return el;
}

/** The filtered list the reader came from on the index page, if it is this puzzle's. */
function cameFrom(data) {
  try {
    const list = JSON.parse(sessionStorage.getItem(LIST_KEY) || 'null');
    if (list && list.index === data.index && Array.isArray(list.ids)) return list;
  } catch {
    // no session storage or bad text: use the page's own links
  }
  return null;
}

/** Next puzzle: the next one of the reader's filtered list, else data.next. */
function nextUrl(data) {
  const list = cameFrom(data);
  const i = list ? list.ids.indexOf(data.id) : -1;
  if (i >= 0 && i + 1 < list.ids.length) return `${data.index}${encodeURIComponent(list.ids[i + 1])}/`;
  return data.next;
}

/** The index, with the filters the reader had there. */
function indexUrl(data) {
  const list = cameFrom(data);
  return list && typeof list.query === 'string' && list.query.startsWith('?') ? data.index + list.query : data.index;
}

/** The page's puzzle UI shared by both kinds: feedback, success panel, links. */
export class Shell {
  constructor(data, figure) {
    this.data = data;
    this.figure = figure;
    this.saved = progress.entry(data.id); // before this visit
    /** @type {() => Promise<import('../judges/index.js').JudgeModule>} the puzzle UI sets it (see judge()) */
    this.loadJudge = () => Promise.reject(new Error('no judge for this puzzle'));
    /** @type {Promise<import('../judges/verdict.js').Judge> | null} made by judge() */
    this.judging = null;
    this.hintsShown = 0;
    this.newAttempts = 0;
    this.failedThisVisit = false;
    this.solvedThisVisit = false;
    // Assignment mode (core/assignment-mode.js) is loaded only for a page opened from a student's
    // assignment (#as=…): other readers never download it. Until it is known, hints and the
    // solution are held back and events wait in order (`modeReady`).
    this.assignment = null;
    this.modePending = ASSIGNMENT_HASH.test(window.location.hash);
    this.modeReady = this.modePending ? import('./assignment-mode.js').then(({ AssignmentMode }) => AssignmentMode.enter(data)).then((mode) => {
      this.assignment = mode;
      mode?.attach(this.success);
      return mode;
    }, () => null).finally(() => { this.modePending = false; }) : Promise.resolve(null);

    // Board and puzzle panel side by side on wide screens: the page's #kr-puzzle-board and
    // #kr-puzzle-ui (or the bare figure) go into one grid.
    const boardBox = document.getElementById('kr-puzzle-board') ?? figure;
    const uiBox = document.getElementById('kr-puzzle-ui');
    this.layout = document.createElement('div');
    this.layout.className = 'kr-pz-layout';
    boardBox.before(this.layout);
    this.layout.append(boardBox);
    if (uiBox) this.layout.append(uiBox);
    // What the page shows for readers without JavaScript (static choices, hints, solution).
    this.nojs = /** @type {HTMLElement[]} */ ([...document.querySelectorAll('.kr-nojs')]);
    for (const el of this.nojs) el.hidden = true;
    // On an assignment's page the written solution and hints leave the page until the lock allows
    // them (showWritten): hidden is not enough, the page's text is there to read.
    /** @type {Array<[HTMLElement, Comment | null]>} */
    this.written = this.nojs.map((el) => {
      if (!keptOut(lockable(el), this.modePending)) return [el, null];
      const marker = document.createComment('kr-locked');
      el.replaceWith(marker);
      return [el, marker];
    });
    this.root = add(uiBox ?? this.layout, 'section', 'kr-pz');
    this.root.setAttribute('aria-label', t('pzRegion'));
    this.root.dataset.kind = data.kind;

    // What the engine says comes from the replies the build stored in the page; anything else
    // loads the live engine, and the note says so.
    this.note = add(this.root, 'p', 'kr-pz-note');
    this.note.setAttribute('role', 'status');
    this.note.hidden = true;
    // A page without recorded replies (a teacher-made exercise) loads the live engine at once.
    this.engine = recordedEngine(data.replies, { onLive: () => this.liveNote(data.replies ? 'liveOffTree' : 'liveLoading') });

    this.before = add(this.root, 'p', 'kr-pz-before');
    this.showBefore();
    this.feedback = add(this.root, 'div', 'kr-pz-feedback');
    this.feedback.setAttribute('role', 'status');
    this.feedback.setAttribute('aria-live', 'polite');
    this.feedback.setAttribute('aria-atomic', 'true');
    this.verdict = add(this.feedback, 'p', 'kr-pz-verdict');
    this.detail = add(this.feedback, 'p', 'kr-pz-detail');
    this.body = add(this.root, 'div', 'kr-pz-body');

    this.success = add(this.root, 'div', 'kr-pz-success');
    this.success.hidden = true;
    this.successTitle = add(this.success, 'h2', 'kr-pz-success-title', t('pzSolvedTitle'));
    this.successTitle.tabIndex = -1;
    this.successResult = add(this.success, 'p', 'kr-pz-result');
    this.successText = add(this.success, 'p', 'kr-pz-success-text');
    this.successStats = add(this.success, 'p', 'kr-pz-success-stats');
    const go = add(this.success, 'div', 'kr-pz-go');
    const next = nextUrl(data);
    if (next) {
      const a = add(go, 'a', 'kr-btn kr-btn-primary kr-pz-next', t('pzNext'));
      a.href = next;
      a.rel = 'next';
    }
    const back = add(go, 'a', 'kr-btn kr-pz-index', t('pzIndex'));
    back.href = indexUrl(data);
    if (this.modePending) { // an assignment's item: where "next" leads is known once its code is read
      go.hidden = true;
      this.modeReady.then((mode) => mode?.ready).finally(() => { go.hidden = false; });
    }

    this.notice = add(this.root, 'p', 'kr-pz-notice');
    this.notice.setAttribute('role', 'alert');
    this.showNotice();

    const links = add(this.root, 'p', 'kr-pz-links');
    const index = add(links, 'a', 'kr-pz-link-index', t('pzIndex'));
    index.href = indexUrl(data);
    const mine = add(links, 'a', 'kr-pz-link-progress', t('pzProgressLink'));
    mine.href = `${data.index}#kr-progress`;
  }

  /**
   * The puzzle's judge, made at its first use from `this.loadJudge()` (set by the puzzle UI).
   * @returns {Promise<import('../judges/verdict.js').Judge>}
   */
  judge() {
    this.judging ??= this.loadJudge().then((module) => module.createJudge(this.data, { engine: this.engine }));
    return this.judging;
  }

  /** Record an event of the assignment this page is part of (nothing outside assignment mode). */
  log(type, value) {
    this.modeReady.then((mode) => mode?.log(type, value));
  }

  /** The page judged the last move or answer 'wrong' or 'solved' (for the assignment's record). */
  judged(value) {
    this.modeReady.then((mode) => mode?.verdict(value));
  }

  /**
   * May the page reveal `what` now ('hints' | 'solution' | 'analyse' | 'tools')? The lock
   * (core/solution-lock.js mayShow) decides from what the page's data has, the page's assignment
   * (none: everything) and the solve.
   * @param {import('./solution-lock.js').Reveal} what
   */
  may(what) {
    return mayShow(what, this.data, { rules: this.assignment?.rules ?? null, pending: this.modePending, solved: this.solvedThisVisit });
  }

  /** Does the page's assignment forbid `rule` ('hints' | 'solution')? (Never outside one.) */
  forbids(rule) {
    return !this.may(rule);
  }

  /**
   * The puzzle UI cannot run (the engine failed): show the page's written parts (those matching
   * `only`, else all), each if the lock allows it once the page's assignment is read; a locked
   * solution stays out of the page, with a note saying the teacher locked it.
   * @param {string} [only] a selector
   */
  async showWritten(only) {
    await this.modeReady.then((mode) => mode?.ready);
    revealWritten(this.written.filter(([el]) => !only || el.matches(only)), (what) => this.may(what));
  }

  /** Show `text` in the note line (empty: hide it). */
  showNote(text) {
    this.note.textContent = text;
    this.note.hidden = !text;
  }

  /**
   * The live engine is loading (the note says `key`'s words); the note then says it is ready
   * (`readyKey`) or that it failed. Resolves true once it is ready.
   */
  liveNote(key, readyKey = 'liveReady') {
    this.showNote(words(key));
    return this.engine.goLive().then(() => {
      this.showNote(words(readyKey));
      return true;
    }, () => {
      this.showNote(words('liveFailed'));
      return false;
    });
  }

  set state(value) { this.root.dataset.state = value; }

  get state() { return this.root.dataset.state; }

  /** Show the verdict line (tone: info | good | bad) and the detail line. */
  say(verdict, detail = '', tone = 'info') {
    this.verdict.textContent = verdict;
    this.detail.textContent = detail;
    this.detail.hidden = !detail;
    this.feedback.dataset.tone = tone;
    // On a phone the verdict on a move sits under the board: bring it into view if it is below the screen.
    if (tone !== 'info' && verdict) this.inView(this.feedback);
  }

  /**
   * Scroll the least so that every element in `elements` is on screen (the first one wins when
   * they do not all fit): on a phone the board, the verdict and its button stay together.
   */
  inView(...elements) {
    const boxes = elements.filter((el) => el && !el.hidden).map((el) => el.getBoundingClientRect())
      .filter((box) => box.height > 0);
    if (!boxes.length) return;
    const top = Math.min(...boxes.map((box) => box.top));
    const bottom = Math.max(...boxes.map((box) => box.bottom));
    let by = 0;
    if (bottom > window.innerHeight) by = bottom - window.innerHeight + 8;
    if (top - by < 0) by = top - 8; // too tall for the screen: the first element stays in view
    if (Math.abs(by) >= 1) window.scrollBy({ top: by, behavior: 'instant' });
  }

  /** "Last time: ✓ Solved" — the saved result, with the list's badge. */
  showBefore() {
    const state = this.saved?.state;
    this.before.replaceChildren();
    if (state) {
      this.before.append(`${words('before')} `);
      resultBadge(this.before, state);
    }
    this.before.dataset.state = state ?? '';
    this.before.hidden = !state;
  }

  showNotice() {
    this.notice.textContent = noticeText(progress.notice());
    this.notice.hidden = !this.notice.textContent;
  }

  /** The hint button (in `bar`) and the list it fills in `box`, one hint at a time (hidden without hints). */
  addHints(bar, box = this.body) {
    this.hintButton = button(bar, 'hint', '');
    this.hintsHeading = add(box, 'h2', 'kr-pz-hints-heading', t('pzHintsHeading'));
    this.hintList = add(box, 'ol', 'kr-pz-hints');
    this.hintList.setAttribute('aria-live', 'polite'); // a new hint is read out
    this.hintButton.addEventListener('click', () => this.showHint());
    this.updateHints();
  }

  updateHints() {
    const total = this.data.hints?.length ?? 0;
    this.hintButton.hidden = total === 0;
    this.hintsHeading.hidden = this.hintsShown === 0;
    this.hintList.hidden = this.hintsShown === 0;
    const done = this.hintsShown >= total;
    this.hintButton.disabled = done;
    this.hintButton.textContent = done ? t('pzHintsDone', { total }) : t('pzHint', { n: this.hintsShown + 1, total });
  }

  showHint() {
    const hints = this.data.hints ?? [];
    if (this.hintsShown >= hints.length || this.forbids('hints')) return;
    this.log('h');
    const text = hints[this.hintsShown];
    this.hintsShown += 1;
    add(this.hintList, 'li', '', text);
    this.updateHints();
    progress.noteHints(this.data.id, this.hintsShown);
  }

  /** An attempt starts (first move or answer after a (re)start). */
  startAttempt() { this.newAttempts += 1; }

  /** Save how it went: "solved" | "failed" | "seen" (a solve after a mistake of this visit is "retried"). */
  record(result) {
    const done = progress.record(this.data.id, {
      result, mistake: this.failedThisVisit, newAttempts: this.newAttempts, hints: this.hintsShown,
    });
    this.newAttempts = 0;
    this.showNotice();
    return done;
  }

  /** The first failure of this visit is saved; later ones only add attempts. */
  fail(result = 'failed') {
    if (result === 'failed') this.judged('wrong');
    if (this.solvedThisVisit) return;
    this.record(result);
    this.failedThisVisit = true;
  }

  solve(text) {
    this.judged('solved');
    this.solvedThisVisit = true;
    const { entry, saved } = this.record('solved');
    this.state = 'solved';
    this.successResult.replaceChildren(`${words(saved ? 'result' : 'resultUnsaved')} `);
    resultBadge(this.successResult, entry.state);
    this.successResult.dataset.saved = String(saved);
    this.successText.textContent = text;
    this.successStats.textContent = t('pzStats', { attempts: entry.attempts, hints: this.hintsShown });
    this.success.hidden = false;
    this.successTitle.focus({ preventScroll: true });
    this.inView(this.successTitle, this.success);
  }
}
