/**
 * The move chooser of a board (like lichess's promotion dialog): when several legal moves
 * fit what the reader did (promote or not, the King's privilege or not, two capture routes),
 * a small dialog over the board lists them as buttons.
 *   const chooser = new Chooser(host, {onPick(move, hadFocus), onCancel(hadFocus)});
 *   chooser.open(title, [{move, label, detail}]); chooser.close(); chooser.isOpen
 * (hadFocus: the focus was in the dialog, so the caller may put it back where it belongs.)
 * Keyboard: focus goes to the first choice; arrow keys move between the buttons, Tab stays
 * inside, Enter/Space picks, Escape cancels. DOM: div.kr-chooser[role=dialog] >
 * p.kr-chooser-title, button.kr-choice[data-move], button.kr-chooser-cancel.
 */
import { t } from '../core/i18n.js';
/** @import { LegalMove } from '../types/engine.js' */
/** @typedef {{move: LegalMove, label: string, detail: string}} Choice */

let chooserCount = 0;

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} className
 * @param {HTMLElement} parent
 * @returns {HTMLElementTagNameMap[K]}
 */
function make(tag, className, parent, text = '') {
  const el = document.createElement(tag);
  el.className = className;
  if (text) el.textContent = text;
  parent.append(el);
  return el;
}

export class Chooser {
  /** @type {(move: LegalMove, hadFocus: boolean) => void} */
  #onPick;
  /** @type {(hadFocus: boolean) => void} */
  #onCancel;
  /** @type {HTMLParagraphElement} */
  #title;
  /** @type {HTMLDivElement} */
  #list;
  /** @type {HTMLButtonElement} */
  #cancel;

  /**
   * @param {HTMLElement} host
   * @param {{onPick: (move: LegalMove, hadFocus: boolean) => void, onCancel: (hadFocus: boolean) => void}} handlers
   */
  constructor(host, { onPick, onCancel }) {
    this.#onPick = onPick;
    this.#onCancel = onCancel;
    const id = `kr-chooser-${++chooserCount}`;
    this.element = make('div', 'kr-chooser', host);
    this.element.setAttribute('role', 'dialog');
    this.element.setAttribute('aria-modal', 'true');
    this.element.setAttribute('aria-labelledby', id);
    this.element.hidden = true;
    this.#title = make('p', 'kr-chooser-title', this.element);
    this.#title.id = id;
    this.#list = make('div', 'kr-chooser-list', this.element);
    this.#cancel = make('button', 'kr-btn kr-chooser-cancel', this.element, t('cancel'));
    this.#cancel.type = 'button';
    this.#cancel.dataset.action = 'cancel';
    this.#cancel.addEventListener('click', () => this.#cancelled());
    this.element.addEventListener('keydown', (e) => this.#onKey(e));
  }

  get isOpen() { return !this.element.hidden; }

  /**
   * Show `items` ({move: legal object, label, detail}) under `title` and focus the first.
   * @param {string} title
   * @param {Choice[]} items
   */
  open(title, items) {
    this.#title.textContent = title;
    this.#list.replaceChildren(...items.map(({ move, label, detail }) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'kr-btn kr-choice';
      button.dataset.move = move.move;
      make('span', 'kr-choice-label', button, label);
      make('span', 'kr-choice-detail', button, detail);
      button.addEventListener('click', () => this.#onPick(move, this.close()));
      return button;
    }));
    this.element.hidden = false;
    this.#buttons()[0]?.focus({ preventScroll: true });
  }

  /** Hide the dialog; returns whether the focus was in it. */
  close() {
    const hadFocus = this.element.contains(document.activeElement);
    this.element.hidden = true;
    this.#list.replaceChildren();
    return hadFocus;
  }

  #cancelled() {
    this.#onCancel(this.close());
  }

  #buttons() { return [...this.element.querySelectorAll('button')]; }

  /** @param {KeyboardEvent} event */
  #onKey(event) {
    const buttons = this.#buttons();
    const here = buttons.indexOf(/** @type {HTMLButtonElement} */ (document.activeElement));
    /** @type {(by: number) => void} */
    const move = (by) => {
      event.preventDefault();
      buttons[(here + by + buttons.length) % buttons.length].focus();
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      this.#cancelled();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowRight') move(1);
    else if (event.key === 'ArrowUp' || event.key === 'ArrowLeft') move(-1);
    else if (event.key === 'Tab') move(event.shiftKey ? -1 : 1);
  }
}
