/**
 * Count panel (การนับศักดิ์) of a live Makruk board, added by Makruk's module (index.js
 * attach) under the board's status line and updated with every engine `play` reply:
 *   - which count runs (board's honour / pieces' honour) and who counts,
 *   - "ตาที่ x / y" (the number announced with the counter's last move / the limit), or the
 *     start number before the first counted move ("เริ่มนับที่ 4 / 16"),
 *   - how many moves the other side has left to mate,
 *   - a button for the counting action the engine offers now (reply.actions:
 *     count-start / count-stop / count-draw),
 *   - the outcome in words when the count decided the game,
 *   - a "Thai numerals" toggle kept in localStorage (one setting for every panel).
 * It is hidden when no count runs, none can be started and no count decided the game (the
 * maths and what to say: count-maths.js).
 * `spoken` is the panel as one sentence, for the board's screen-reader live region.
 */
import { lang } from '../../core/i18n.js';
import { countFacts, thaiDigits } from './count-maths.js';

const STORE_KEY = 'kradan.thaiNumerals.v1';

const STRINGS = {
  th: {
    title: 'การนับศักดิ์',
    board: 'นับศักดิ์กระดาน',
    pieces: 'นับศักดิ์หมาก',
    white: 'ขาว',
    black: 'ดำ',
    counter: '{side}เป็นฝ่ายนับ',
    progress: 'ตาที่ {count} / {limit}',
    fromStart: 'เริ่มนับที่ {start} / {limit}',
    left: '{side}เหลือ {moves} ตาเพื่อรุกให้จน',
    lastMove: 'ตานี้เป็นตาสุดท้ายของ{side} ถ้าไม่จนจะเสมอ',
    none: 'ยังไม่มีการนับ',
    canStart: 'ไม่มีเบี้ยคว่ำเหลือแล้ว {side}ขอนับศักดิ์กระดานได้',
    'count-start': 'เริ่มนับศักดิ์กระดาน',
    'count-start-pieces': 'เริ่มนับศักดิ์หมาก',
    'count-stop': 'หยุดนับ',
    'count-draw': 'ขอเสมอเพราะนับครบ',
    expired: 'นับครบ {limit} แล้ว ยังไม่จน — เสมอ',
    pastLimit: 'เลขเริ่มนับ {start} เกินขีดจำกัด {limit} — เสมอทันที',
    mated: 'จนก่อนนับครบ — {side}ชนะ',
    mateWhileCounting: '{side}รุกจนขณะที่ตัวเองกำลังนับ — เสมอ',
    thaiNumerals: 'เลขไทย',
    sep: ' · ',
  },
  en: {
    title: 'Counting',
    board: "Board's honour count",
    pieces: "Pieces' honour count",
    white: 'White',
    black: 'Black',
    counter: '{side} counts',
    progress: 'move {count} / {limit}',
    fromStart: 'counting starts at {start} / {limit}',
    left: '{side} has {moves} moves left to mate',
    lastMove: "This is {side}'s last move: no mate means a draw",
    none: 'No count is running',
    canStart: 'No unpromoted Bia is left: {side} may start a board\'s honour count',
    'count-start': "Start the board's honour count",
    'count-start-pieces': "Start the pieces' honour count",
    'count-stop': 'Stop counting',
    'count-draw': 'Claim the draw: the count is complete',
    expired: 'Counted to {limit} with no mate — draw',
    pastLimit: 'The start number {start} is past the limit {limit} — drawn at once',
    mated: 'Mate inside the count — {side} wins',
    mateWhileCounting: '{side} gave mate while counting — draw',
    thaiNumerals: 'Thai numerals',
    sep: ' · ',
  },
};

const panels = new Set();
let thaiNumerals = readSetting();

function readSetting() {
  try {
    return globalThis.localStorage?.getItem(STORE_KEY) === '1';
  } catch {
    return false; // storage blocked: the toggle still works for this page
  }
}

function writeSetting(on) {
  thaiNumerals = on;
  try {
    globalThis.localStorage?.setItem(STORE_KEY, on ? '1' : '0');
  } catch { /* storage blocked */ }
  for (const panel of panels) panel.refresh();
}

globalThis.addEventListener?.('storage', (event) => {
  if (event.key === STORE_KEY) {
    thaiNumerals = event.newValue === '1';
    for (const panel of panels) panel.refresh();
  }
});

/** A number as the reader asked for it (Thai or Arabic digits). */
export function numeral(n) {
  return thaiNumerals ? thaiDigits(n) : String(n);
}

/**
 * The words function of a string table ({th: {...}, en: {...}}): the page language's text for
 * `key`, each {name} filled from `vars`, numbers in the digits the reader chose.
 */
export function numeralWords(strings) {
  return (key, vars = {}) => (strings[lang][key] ?? key).replace(/\{(\w+)\}/g, (_, name) =>
    (typeof vars[name] === 'number' ? numeral(vars[name]) : vars[name]));
}

const s = numeralWords(STRINGS);

/** What the panel says about one reply: {visible, kind, lines, action, outcome} (count-maths.js). */
const describeCount = (state) => countFacts(state, s);

function el(tag, className, parent) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (parent) parent.append(node);
  return node;
}

export class CountPanel {
  #state = null;
  #onAction;

  /**
   * Build the (hidden) panel inside `parent`, before `before` (or at the end).
   * `onAction(action)` is called with "count-start" | "count-stop" | "count-draw".
   */
  constructor(parent, before, onAction) {
    this.#onAction = onAction;
    this.element = el('div', 'kr-count');
    this.element.setAttribute('role', 'group'); // not a landmark: a page may have many boards
    this.element.setAttribute('aria-label', s('title'));
    this.element.hidden = true;
    parent.insertBefore(this.element, before ?? null);
    this.heading = el('p', 'kr-count-kind', this.element);
    this.body = el('p', 'kr-count-lines', this.element);
    this.meter = el('progress', 'kr-count-meter', this.element);
    this.meter.setAttribute('aria-hidden', 'true');
    this.outcome = el('p', 'kr-count-outcome', this.element);
    const bar = el('div', 'kr-count-bar', this.element);
    this.button = el('button', 'kr-btn kr-count-action', bar);
    this.button.type = 'button';
    this.button.addEventListener('click', () => {
      const action = this.button.dataset.action;
      if (action) this.#onAction(action);
    });
    const toggle = el('label', 'kr-count-thai', bar);
    this.toggle = el('input', '', toggle);
    this.toggle.type = 'checkbox';
    this.toggle.addEventListener('change', () => writeSetting(this.toggle.checked));
    toggle.append(` ${s('thaiNumerals')}`);
    panels.add(this);
  }

  /** Show the count of an engine `play` reply. */
  update(state) {
    this.#state = state;
    const info = describeCount(state);
    this.info = info;
    this.element.hidden = !info.visible;
    this.element.dataset.kind = info.kind ?? 'none';
    const counting = state.status.counting || {};
    this.element.dataset.count = counting.count ?? '';
    this.element.dataset.start = counting.start ?? '';
    this.element.dataset.limit = counting.limit ?? '';
    this.element.dataset.outcome = info.outcome ? state.status.reason : '';
    this.heading.textContent = info.heading;
    this.body.replaceChildren(...info.lines.flatMap((line, i) => {
      const span = el('span', `kr-count-line kr-count-line-${i}`);
      span.textContent = line;
      return i ? [' ', span] : [span];
    }));
    this.meter.hidden = !counting.kind;
    if (counting.kind) {
      this.meter.max = counting.limit;
      this.meter.value = Math.min(counting.limit, counting.count || Math.max(0, counting.start - 1));
    }
    this.outcome.textContent = info.outcome;
    this.button.hidden = !info.action;
    this.button.dataset.action = info.action ?? '';
    this.button.textContent = info.actionLabel ?? '';
    this.toggle.checked = thaiNumerals;
  }

  /** Repaint with the last state (after the numeral setting changed). */
  refresh() {
    if (this.#state) this.update(this.#state);
  }

  /** The panel as one sentence for screen readers ("" when hidden). */
  get spoken() {
    if (!this.info?.visible) return '';
    return [this.info.heading, ...this.info.lines, this.info.outcome].filter(Boolean).join(s('sep'));
  }

  /** Stop following the numeral setting (the board was removed). */
  destroy() {
    panels.delete(this);
    this.element.remove();
  }
}
