/**
 * What students got wrong, on the gradebook page (teach/gradebook.js): the dialog of one student's
 * item (dialog#gb-detail: every move and answer in words, the wrong ones marked, from
 * teach/gradebook-detail.js) and the class's most common wrong answers per exercise
 * (section#gb-wrong, teach/wrong-answers.js). The dialog is modal (showModal: focus goes in and
 * stays in, Escape closes) and gives the focus back to the cell that opened it.
 *
 *   const view = new WrongView({w, lang});
 *   await view.open({name, title, n, cell, events, item}, opener)
 *   await view.summary(rows, items, titles)
 *     item = the gradebook's loaded item {data, engine} (data null / undefined: not replayed);
 *     rows = the counted rows (gradebook-check.js checkStudent, cells[i].replay the replay).
 * A teacher-made board exercise's moves are put in words by the live engine, loaded only when such
 * a cell opens or a wrong move of it is listed (#gb-detail-status, #gb-wrong-status say it loads,
 * and say so when it failed: the moves then stay in notation).
 * Names and answers come from students: only ever text (textContent), never markup.
 */
import { add } from '../core/progress-ui.js';
import { engineLook, needsLiveWords, rowLines } from './gradebook-detail.js';
import { classLines, commonWrong } from './wrong-answers.js';

/** @typedef {import('./gradebook-detail.js').Line} Line */
/** @typedef {(key: string, vars?: Record<string, unknown>) => string} Words */

const KIND_KEYS = { hint: 'dHint', takeBack: 'dTakeBack', restart: 'dRestart', solution: 'dSolution' };
const MARK_KEYS = { right: 'dRight', wrong: 'dWrong', solved: 'dSolved' };
const NOTE_KEYS = { after: 'dAfter', stopped: 'dStopped', unchecked: 'dUnchecked' };

export class WrongView {
  /** @param {{w: Words, lang: string}} options */
  constructor({ w, lang }) {
    this.w = w;
    this.lang = lang;
    this.dialog = /** @type {HTMLDialogElement} */ (document.getElementById('gb-detail'));
    this.section = /** @type {HTMLElement} */ (document.getElementById('gb-wrong'));
    /** @type {HTMLElement | null} */
    this.opener = null;
    this.dialog.querySelector('[data-action="close"]')?.addEventListener('click', () => this.dialog.close());
    this.dialog.addEventListener('close', () => this.opener?.focus());
    // a press on the backdrop (outside the box, not on its padding) closes it too
    this.dialog.addEventListener('click', (event) => {
      const box = this.dialog.getBoundingClientRect();
      const outside = event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
      if (event.target === this.dialog && outside) this.dialog.close();
    });
  }

  /**
   * One line of the dialog.
   * @param {Line} line
   */
  lineItem(line) {
    const { w } = this;
    const li = document.createElement('li');
    li.className = 'gb-line';
    if (line.mark) li.dataset.mark = line.mark;
    if (line.note) li.dataset.note = line.note;
    if (line.mark) add(li, 'span', 'gb-line-mark', w(MARK_KEYS[line.mark]));
    let text = line.kind === 'move' ? line.text : line.kind === 'answer' ? w('dAnswer', { answer: line.text }) : w(KIND_KEYS[line.kind]);
    if (line.reply) text += ` — ${w('dReply', { reply: line.reply })}`;
    add(li, 'span', 'gb-line-text', text);
    if (line.note) add(li, 'span', 'gb-line-note', w(NOTE_KEYS[line.note]));
    return li;
  }

  /**
   * Show what `row` did on item `index` (its title `title`), focus the dialog's close button.
   * @param {any} row
   * @param {number} index
   * @param {any} item the loaded item
   * @param {string} title
   * @param {HTMLElement} opener the cell's button, focused again on close
   */
  async open(row, index, item, title, opener) {
    const { w } = this;
    this.opened = (this.opened ?? 0) + 1;
    const opened = this.opened; // a cell opened later wins
    const cell = row.cells[index];
    this.opener = opener;
    /** @type {HTMLElement} */ (this.dialog.querySelector('#gb-detail-title')).textContent = w('dTitle', { name: row.name, n: index + 1, title });
    /** @type {HTMLElement} */ (this.dialog.querySelector('#gb-detail-summary')).textContent = [
      w(`r_${cell.result}`), w('attempts', { n: cell.attempts }), w('hints', { n: cell.hints }),
    ].join(' · ');
    const list = /** @type {HTMLElement} */ (this.dialog.querySelector('#gb-detail-lines'));
    const empty = /** @type {HTMLElement} */ (this.dialog.querySelector('#gb-detail-empty'));
    const status = /** @type {HTMLElement} */ (this.dialog.querySelector('#gb-detail-status'));
    const live = Boolean(item.data && needsLiveWords(item.data));
    list.replaceChildren();
    empty.hidden = true;
    status.textContent = live ? w('wordsLoading') : '';
    if (!this.dialog.open) this.dialog.showModal();
    /** @type {HTMLElement | null} */ (this.dialog.querySelector('[data-action="close"]'))?.focus();
    const lines = await rowLines(row, index, item, this.lang);
    if (opened !== this.opened) return;
    list.replaceChildren(...lines.map((line) => this.lineItem(line)));
    empty.hidden = lines.length > 0;
    status.textContent = live && engineLook(item.engine, item.data).failed ? w('wordsFailed') : '';
  }

  /**
   * The class's most common wrong answers, exercise by exercise, under the table.
   * @param {any[]} rows the counted rows
   * @param {any[]} items the loaded items
   * @param {string[]} titles
   */
  async summary(rows, items, titles) {
    const { w } = this;
    this.turn = (this.turn ?? 0) + 1;
    const turn = this.turn; // a newer draw's summary wins
    const status = /** @type {HTMLElement} */ (this.section.querySelector('#gb-wrong-status'));
    const { students, failed } = await classLines(rows, items, this.lang, () => {
      if (turn === this.turn) status.textContent = w('wordsLoading');
    });
    if (turn !== this.turn) return;
    status.textContent = failed ? w('wordsFailed') : '';
    const wrong = commonWrong(students);
    const body = /** @type {HTMLElement} */ (this.section.querySelector('#gb-wrong-items'));
    body.replaceChildren(...titles.map((title, i) => {
      const part = document.createElement('section');
      part.className = 'gb-wrong-item';
      part.dataset.item = String(i);
      add(part, 'h3', '', w('item', { n: i + 1 }) + ` ${title}`);
      const mine = wrong.filter((x) => x.item === i);
      if (!mine.length) {
        add(part, 'p', 'note', w('wNone'));
        return part;
      }
      const list = add(part, 'ol', 'gb-wrong-list');
      for (const x of mine) {
        const li = add(list, 'li', 'gb-wrong-answer');
        add(li, 'span', 'gb-wrong-words', x.before.length ? w('wAfter', { line: x.before.join(' · '), answer: x.words }) : x.words);
        add(li, 'span', 'gb-wrong-count', w('wCount', { n: x.count }));
        add(li, 'span', 'gb-wrong-names', x.names.join(', '));
      }
      return part;
    }));
    this.section.hidden = rows.length === 0;
  }
}
