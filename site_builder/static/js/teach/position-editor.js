/**
 * The board editor of the builder's "make your own exercise" panel (teach/maker.js): a palette
 * of the game's pieces for both sides (the site's own piece sprites, Komayo in the reader's
 * style), the board drawn as the live boards draw it (boards/grid.js), the side to move and the
 * position's FEN, kept in step with the board both ways (teach/maker-model.js).
 *
 * A tap or click on a square puts the chosen piece there; a second tap with the same piece
 * clears it (the eraser clears any). Keyboard: the board is one tab stop, arrow keys move the
 * cursor, Enter or Space places; every square is named in words ("e4, ขาว ขุน"). A FEN that does
 * not read says why under the field; the text stays as typed and the board as it was.
 *
 * DOM hooks (tests): .maker-palette button[data-piece] (aria-pressed), svg.maker-board
 * g[data-square], #maker-fen, #maker-turn, #maker-fen-error.
 */
/** @import { BoardGameModule } from '../types/game.js' */
/** @import { EditorSpec, EditorPosition } from './maker-model.js' */
import { drawGrid, squareAtXY, squareXY, svgEl, viewBox } from '../boards/grid.js';
import { squareLabel, sideName } from '../boards/describe.js';
import { fill } from '../core/i18n.js';
import { FenError, emptyPosition, paletteOf, readFen, toggle, writeFen } from './maker-model.js';

/** @type {Record<string, [number, number]>} */
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
const ERASER = '';

/**
 * A new element with attributes and children (the maker's panel builds with it too).
 * @param {string} tag
 * @param {Record<string, string>} [attrs]
 * @param {(Node | string)[]} children
 */
export function make(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

export class PositionEditor {
  /** @type {EditorPosition} */
  position;
  #game;
  #spec;
  #words;
  #onChange;
  #chosen;
  #cursor;
  /** @type {Map<string, {cell: SVGGElement, piece: SVGUseElement}>} */
  #cells = new Map();

  /**
   * @param {HTMLElement} host where the editor goes (emptied)
   * @param {BoardGameModule} game the game's module (its `pieces`, sprites and names)
   * @param {EditorSpec} spec the board's size, sides and start position
   * @param {Record<string, string>} words the panel's words (teach/maker.js WORDS)
   * @param {string} fen the position to start from (the start position if it does not read)
   * @param {(fen: string) => void} onChange called with the FEN after every change on the board
   */
  constructor(host, game, spec, words, fen, onChange) {
    this.#game = game;
    this.#spec = spec;
    this.#words = words;
    this.#onChange = onChange;
    this.#chosen = spec.pieces[0];
    this.#cursor = `a${spec.ranks}`;
    host.replaceChildren();
    this.palette = make('div', { class: 'maker-palette', role: 'group', 'aria-label': words.palette });
    for (const letter of [...paletteOf(spec), ERASER]) this.palette.append(this.#paletteButton(letter));
    this.palette.addEventListener('click', (event) => {
      const button = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest('[data-piece]'));
      if (button) this.#choose(button.dataset.piece ?? ERASER);
    });
    this.svg = /** @type {SVGSVGElement} */ (svgEl('svg', { class: 'kr-live-board maker-board', viewBox: viewBox(spec), role: 'grid',
      tabindex: '0', 'aria-label': fill(words.boardLabel, { board: game.words.board ?? '' }) }));
    ({ cells: this.#cells } = drawGrid(this.svg, 'maker-sq', true, (square) => Boolean(game.shaded?.(square)), spec));
    this.svg.addEventListener('click', (event) => {
      const cell = /** @type {Element} */ (event.target).closest('[data-square]');
      if (cell) this.#place(/** @type {SVGGElement} */ (cell).dataset.square ?? '');
    });
    this.svg.addEventListener('keydown', (event) => this.#onKey(event));
    this.turn = /** @type {HTMLSelectElement} */ (make('select', { class: 'teach-select', id: 'maker-turn' }));
    for (const side of spec.sides) this.turn.append(make('option', { value: side }, sideName(game, side)));
    this.turn.addEventListener('change', () => this.#set({ ...this.position, turn: this.turn.value }, true));
    this.fen = /** @type {HTMLInputElement} */ (make('input', { class: 'teach-input maker-fen', id: 'maker-fen', type: 'text',
      autocomplete: 'off', spellcheck: 'false', 'aria-describedby': 'maker-fen-error' }));
    this.fen.addEventListener('input', () => this.#typed());
    this.fenError = make('p', { class: 'teach-error', id: 'maker-fen-error', role: 'alert' });
    this.fenError.hidden = true;
    const empty = make('button', { type: 'button', class: 'teach-button', 'data-act': 'empty' }, words.emptyBoard);
    const start = make('button', { type: 'button', class: 'teach-button', 'data-act': 'start' }, words.startBoard);
    empty.addEventListener('click', () => this.#set(emptyPosition(spec), true));
    start.addEventListener('click', () => this.setFen(spec.start, true));
    host.append(
      this.palette,
      make('div', { class: 'maker-board-wrap' }, this.svg),
      make('div', { class: 'teach-field' }, make('label', { for: 'maker-turn' }, words.turn), this.turn),
      make('div', { class: 'teach-actions' }, empty, start),
      make('div', { class: 'teach-field' }, make('label', { for: 'maker-fen' }, words.fen), this.fen,
        make('p', { class: 'note' }, words.fenNote)),
      this.fenError,
    );
    if (this.setFen(fen, false)) { // a FEN kept as the teacher typed it: shown with why, the board at the start
      this.setFen(spec.start, false);
      this.fen.value = fen;
      this.#typed();
    }
    this.#choose(this.#chosen);
  }

  /**
   * @param {string} letter a piece letter, or ERASER
   */
  #paletteButton(letter) {
    const label = letter === ERASER ? this.#words.eraser
      : `${sideName(this.#game, this.#game.sideOf(letter))} ${this.#game.pieceName(letter)}`;
    const button = make('button', { type: 'button', class: 'maker-piece', 'data-piece': letter, 'aria-label': label,
      'aria-pressed': 'false', title: label });
    if (letter === ERASER) {
      button.append(this.#words.eraserShort);
    } else {
      const svg = svgEl('svg', { viewBox: '0 0 1 1', 'aria-hidden': 'true', focusable: 'false' });
      svgEl('use', { href: `#${this.#game.sprite(letter, this.#spec.sides[0])}`, width: '1', height: '1' }, svg);
      button.append(svg);
    }
    return button;
  }

  /** @param {string} letter */
  #choose(letter) {
    this.#chosen = letter;
    for (const button of this.palette.querySelectorAll('[data-piece]')) {
      button.setAttribute('aria-pressed', String(/** @type {HTMLElement} */ (button).dataset.piece === letter));
    }
  }

  /** @param {string} square */
  #place(square) {
    this.#cursor = square;
    this.#set(toggle(this.position, square, this.#chosen || null), true);
  }

  /** @param {KeyboardEvent} event */
  #onKey(event) {
    const step = ARROWS[event.key];
    if (step) {
      event.preventDefault();
      const [x, y] = squareXY(this.#cursor, true, this.#spec);
      const clamp = (v, most) => Math.min(most - 1, Math.max(0, v));
      this.#cursor = squareAtXY(clamp(x + step[0], this.#spec.files), clamp(y + step[1], this.#spec.ranks), true, this.#spec);
      this.#paint();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      this.#place(this.#cursor);
    }
  }

  /** The FEN field changed: the board follows when it reads, else the field says why (its text stays). */
  #typed() {
    const problem = this.setFen(this.fen.value, true, false);
    this.#showProblem(problem);
  }

  /** @param {FenError | null} problem */
  #showProblem(problem) {
    this.fenError.textContent = problem ? fill(this.#words[`fen_${problem.reason}`] ?? this.#words.fen_piece, problem.detail) : '';
    this.fenError.hidden = !problem;
  }

  /**
   * Show `fen` on the board; null, or the FenError saying why it does not read (the board stays).
   * @param {string} fen
   * @param {boolean} notify call onChange
   * @param {boolean} [rewrite] put the FEN written back in the field (off while the teacher types)
   */
  setFen(fen, notify, rewrite = true) {
    try {
      const position = readFen(fen, this.#spec);
      this.#set(position, notify, rewrite ? null : fen);
      return null;
    } catch (err) {
      if (!(err instanceof FenError)) throw err;
      return err;
    }
  }

  /**
   * @param {EditorPosition} position
   * @param {boolean} notify
   * @param {string | null} [typed] the field's text to keep (the teacher's own, while typing)
   */
  #set(position, notify, typed = null) {
    this.position = position;
    const fen = writeFen(position, this.#spec);
    if (typed === null) {
      this.fen.value = fen;
      this.#showProblem(null);
    }
    this.turn.value = position.turn;
    this.#paint();
    if (notify) this.#onChange(fen);
  }

  /** The FEN of the board. */
  get fenText() {
    return writeFen(this.position, this.#spec);
  }

  #paint() {
    for (const [square, { cell, piece }] of this.#cells) {
      const letter = this.position.board[square];
      if (letter) piece.setAttribute('href', `#${this.#game.sprite(letter, this.#spec.sides[0])}`);
      else piece.removeAttribute('href');
      cell.classList.toggle('kr-occupied', Boolean(letter));
      cell.classList.toggle('kr-cursor', square === this.#cursor);
      cell.setAttribute('aria-label', squareLabel(this.#game, square, letter, []));
    }
    this.svg.setAttribute('aria-activedescendant', `maker-sq-${this.#cursor}`);
  }
}
