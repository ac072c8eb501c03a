/**
 * One side's hand beside a board (drop games): a button per kind of piece in hand with its
 * count; promoted pieces are drawn promoted and marked. Board handles the input (tap a hand
 * piece then a square, or drag it onto the board) by listening on `element`.
 * DOM: div.kr-hand[data-side][data-place=top|bottom][role=group] >
 *      button.kr-hand-piece[data-piece][data-count][aria-pressed] (> svg, span.kr-hand-count),
 *      or span.kr-hand-empty.
 */
import { t } from '../core/i18n.js';
import { sideName } from './describe.js';
/** @import { Hand } from '../types/engine.js' */
/** @import { DropGameModule } from '../types/game.js' */

const SVG_NS = 'http://www.w3.org/2000/svg';

export class HandStrip {
  /** @type {DropGameModule} */
  #game;
  #drawn = ''; // what the strip shows now, to redraw only on a change

  /**
   * @param {DropGameModule} game
   * @param {string} side
   */
  constructor(game, side) {
    this.#game = game;
    this.side = side;
    this.element = document.createElement('div');
    this.element.className = 'kr-hand';
    this.element.dataset.side = side;
    this.element.setAttribute('role', 'group');
    this.element.setAttribute('aria-label', t('hand', { side: sideName(game, side) }));
  }

  /**
   * Draw `hand` ({kind: count}); `active`: the reader may drop from it; `selected`: the kind picked.
   * @param {Hand | undefined} hand
   * @param {{active: boolean, selected: string | null}} state
   */
  update(hand, { active, selected }) {
    const game = this.#game;
    const kinds = Object.entries(hand ?? {}).filter(([, count]) => count > 0);
    const drawn = JSON.stringify([kinds, active, selected]);
    if (drawn === this.#drawn) return;
    this.#drawn = drawn;
    if (!kinds.length) {
      const empty = document.createElement('span');
      empty.className = 'kr-hand-empty';
      empty.textContent = t('handEmpty');
      this.element.replaceChildren(empty);
      return;
    }
    this.element.replaceChildren(...kinds.map(([kind, count]) => {
      const letter = game.handLetter(kind, this.side);
      const promoted = Boolean(game.isPromoted?.(kind));
      const button = document.createElement('button');
      button.type = 'button';
      button.className = `kr-hand-piece${promoted ? ' kr-promoted' : ''}`;
      Object.assign(button.dataset, { piece: kind, count: String(count), promoted: String(promoted) });
      button.disabled = !active;
      button.setAttribute('aria-pressed', String(kind === selected));
      button.setAttribute('aria-label', t('handPiece', { piece: game.pieceName(letter), count }));
      const svg = document.createElementNS(SVG_NS, 'svg');
      svg.setAttribute('viewBox', '0 0 1 1');
      svg.setAttribute('aria-hidden', 'true');
      const use = document.createElementNS(SVG_NS, 'use');
      use.setAttribute('href', `#${game.sprite(letter)}`);
      use.setAttribute('width', '1');
      use.setAttribute('height', '1');
      svg.append(use);
      const badge = document.createElement('span');
      badge.className = 'kr-hand-count';
      badge.setAttribute('aria-hidden', 'true');
      badge.textContent = String(count);
      button.append(svg, badge);
      return button;
    }));
  }
}
