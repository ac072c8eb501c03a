/**
 * Board: the live SVG board of lessons, the sandbox and puzzles. It draws the engine's
 * `play` reply and turns taps, drags and keys into moves; every change is a replay of
 * {position: initial FEN, moves} by the engine, so history rules keep working.
 */
import { Game } from './game.js';
import { t, errorText } from './i18n.js';
import { colorOf, countText, moveText, pieceName, squareLabel, statusText } from './describe.js';
import { CountPanel } from './count-panel.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const FILES = 'abcdefgh';
const DRAG_START = 0.2; // how far (in squares) a press must travel to become a drag
const ENGINE_FAILED = 'ENGINE_FAILED'; // error code of a reply the engine never gave (it failed or timed out)
const ARROW_KEYS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
let boardCount = 0;

/** Create an element with attributes, optionally appended to `parent`. */
function make(tag, attrs = {}, parent = null, ns = null) {
  const el = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  if (parent) parent.append(el);
  return el;
}
const svgEl = (tag, attrs, parent) => make(tag, attrs, parent, SVG_NS);

/** Sprite id of a FEN piece letter: "K" -> "kr-wK", "m~" -> "kr-bMp". */
function pieceId(letter) {
  const side = colorOf(letter) === 'white' ? 'w' : 'b';
  return `kr-${side}${letter[0].toUpperCase()}${letter.endsWith('~') ? 'p' : ''}`;
}

/** Screen column and row (0..7 from the top left) of `square` seen from `orientation`. */
function squareXY(square, orientation) {
  const file = FILES.indexOf(square[0]);
  const rank = Number(square[1]) - 1;
  return orientation === 'white' ? [file, 7 - rank] : [7 - file, rank];
}

/** The square at screen column `x`, row `y` seen from `orientation`. */
function squareAtXY(x, y, orientation) {
  return orientation === 'white' ? `${FILES[x]}${8 - y}` : `${FILES[7 - x]}${y + 1}`;
}

export class Board {
  #game;
  #start;
  #id = `kr-board-${++boardCount}`;
  #orientation;
  #notes; // lesson marks (highlights, arrows, last move) shown until the first move
  #controls;
  #listeners = new Set();
  #selected = null;
  #cursor = null;
  #drag = null;
  #busy = false;
  #interactive = true;
  #onUserMove;
  #withCount;
  #cells = new Map();
  #svg;
  #arrows;
  #ghost;
  #status;
  #message;
  #live;
  #buttons = {};

  /**
   * Build the board inside `host` (before its figcaption, if any); call start() to show a position.
   * Options: game, position (FEN), orientation ("white"|"black"), controls (subset of
   * flip undo reset count), highlights (squares), arrows ("b1d2" pairs), lastMove (UCI),
   * onUserMove (puzzles: `onUserMove(move, reply)` is called after a move the reader made by tap,
   * drag or keys was accepted by the engine; moves played through play() do not call it),
   * countPanel (default true: Makruk boards show the count panel; puzzles pass false).
   */
  constructor(host, { game = 'makruk', position, orientation = 'white', controls = ['flip', 'undo', 'reset', 'count'],
    highlights = [], arrows = [], lastMove = null, onUserMove = null, countPanel = true } = {}) {
    this.#game = new Game(game);
    this.#start = position;
    this.#orientation = orientation;
    this.#controls = controls;
    this.#notes = { highlights, arrows, lastMove };
    this.#onUserMove = onUserMove;
    this.#withCount = countPanel;
    this.element = make('div', { class: 'kr-live' });
    host.insertBefore(this.element, host.querySelector(':scope > figcaption'));
    this.#buildShell();
    this.#buildSvg();
  }

  /** The current FEN. */
  get position() { return this.#game.state.position; }

  /** The moves played from the initial position (a copy). */
  get moves() { return [...this.#game.moves]; }

  /** The initial FEN the moves are replayed from. */
  get initial() { return this.#game.initial; }

  /** The engine's last `play` reply. */
  get state() { return this.#game.state; }

  /**
   * Whether the reader may move pieces (default true). False ignores taps, drags and Enter
   * (the arrow keys and the buttons still work), e.g. while a puzzle plays the other side.
   */
  get interactive() { return this.#interactive; }

  set interactive(on) {
    this.#interactive = Boolean(on);
    this.element.dataset.interactive = String(this.#interactive);
    this.#drag = null;
    this.#selected = null;
    if (this.#game.state) this.#paint();
  }

  /** Call `cb(board)` after every change of position; returns an unsubscribe function. */
  onChange(cb) {
    this.#listeners.add(cb);
    return () => this.#listeners.delete(cb);
  }

  /** Show the constructor's position. Resolves to the engine reply. */
  start() { return this.#run(() => this.#game.load(this.#start)); }

  /** Start a new game from `position`; on an engine error the current game is kept. */
  load(position) {
    return this.#run(async () => {
      const reply = await this.#game.load(position);
      if (reply.ok) this.#notes = { highlights: [], arrows: [], lastMove: null };
      return reply;
    });
  }

  /** Play one move (UCI or a counting action); an illegal move shows why and changes nothing. */
  async play(move) {
    const before = this.#game.state;
    const reply = await this.#run(() => this.#game.play(move));
    if (reply.ok) this.#say(moveText(before, move, reply), true);
    else if (reply.error.code !== ENGINE_FAILED) this.#show(`${t('illegal')} — ${errorText(reply.error)}`);
    return reply;
  }

  async undo() {
    if (!this.#game.moves.length) return this.#game.state;
    const reply = await this.#run(() => this.#game.undo());
    if (reply.ok) this.#say(`${t('undone')}${t('sep')}${statusText(reply)}`, true);
    return reply;
  }

  async reset() {
    const reply = await this.#run(() => this.#game.reset());
    if (reply.ok) this.#say(`${t('resetDone')}${t('sep')}${statusText(reply)}`, true);
    return reply;
  }

  flip() {
    this.#orientation = this.#orientation === 'white' ? 'black' : 'white';
    this.#buildSvg();
    this.#paint();
  }

  /** Run one engine change with input locked; engine failures become a message. */
  async #run(change) {
    this.#busy = true;
    this.#selected = null;
    this.#show('');
    let reply;
    try {
      reply = await change();
    } catch (err) {
      reply = { ok: false, error: { code: ENGINE_FAILED, message: err.message } };
      this.#show(`${t('engineError')} (${err.message})`);
    }
    this.#busy = false;
    if (reply.ok) {
      this.#cursor ??= reply.legal_moves[0]?.slice(0, 2) ?? 'a1';
      this.#paint();
      for (const cb of this.#listeners) cb(this);
    }
    return reply;
  }

  // ---- building -------------------------------------------------------------------------

  #buildShell() {
    this.#svg = svgEl('svg', { class: 'kr-live-board', viewBox: '0 0 8 8', role: 'grid', tabindex: '0',
      'aria-label': t('boardLabel') }, this.element);
    const panel = make('div', { class: 'kr-panel' }, this.element);
    this.#status = make('p', { class: 'kr-status' }, panel);
    // Makruk boards carry the count panel (count-panel.js); it replaces the 'count' button.
    this.countPanel = this.#game.gameId === 'makruk' && this.#withCount
      ? new CountPanel(panel, null, (action) => { if (!this.#busy) this.play(action); }) : null;
    this.#message = make('p', { class: 'kr-message' }, panel);
    const bar = make('div', { class: 'kr-controls' }, panel);
    for (const action of this.#controls) {
      if (action === 'count' && this.countPanel) continue;
      const button = make('button', { type: 'button', class: 'kr-btn', 'data-action': action }, bar);
      button.textContent = t(action === 'count' ? 'count-start' : action);
      button.addEventListener('click', () => this.#onButton(action));
      this.#buttons[action] = button;
    }
    this.#live = make('p', { class: 'kr-announce', 'aria-live': 'polite', 'aria-atomic': 'true' }, this.element);
    this.#svg.addEventListener('pointerdown', (e) => this.#onPointerDown(e));
    this.#svg.addEventListener('pointermove', (e) => this.#onPointerMove(e));
    this.#svg.addEventListener('pointerup', (e) => this.#onPointerUp(e));
    this.#svg.addEventListener('pointercancel', () => this.#endDrag());
    this.#svg.addEventListener('keydown', (e) => this.#onKey(e));
  }

  /** (Re)draw the squares, lines and coordinates for the current orientation. */
  #buildSvg() {
    const o = this.#orientation;
    this.#svg.replaceChildren();
    this.#cells.clear();
    svgEl('rect', { class: 'kr-bg', width: 8, height: 8 }, this.#svg);
    for (let y = 0; y < 8; y++) {
      const row = svgEl('g', { role: 'row', 'aria-label': t('rank', { rank: squareAtXY(0, y, o)[1] }) }, this.#svg);
      for (let x = 0; x < 8; x++) {
        const square = squareAtXY(x, y, o);
        const cell = svgEl('g', { role: 'gridcell', id: `${this.#id}-${square}`, class: 'kr-sq',
          'data-square': square, transform: `translate(${x} ${y})` }, row);
        svgEl('rect', { width: 1, height: 1 }, cell);
        svgEl('circle', { class: 'kr-mark', cx: 0.5, cy: 0.5, r: 0.16 }, cell);
        this.#cells.set(square, { cell, piece: svgEl('use', { width: 1, height: 1 }, cell) });
      }
    }
    const lines = Array.from({ length: 7 }, (_, i) => `M${i + 1} 0v8M0 ${i + 1}h8`).join('');
    const deco = svgEl('g', { class: 'kr-deco', 'aria-hidden': 'true' }, this.#svg);
    svgEl('path', { class: 'kr-grid', d: lines }, deco);
    svgEl('rect', { class: 'kr-edge', width: 8, height: 8 }, deco);
    const coords = svgEl('g', { class: 'kr-coords' }, deco);
    for (let i = 0; i < 8; i++) {
      svgEl('text', { x: i + 0.8, y: 7.94 }, coords).textContent = squareAtXY(i, 7, o)[0];
      svgEl('text', { x: 0.05, y: i + 0.24 }, coords).textContent = squareAtXY(0, i, o)[1];
    }
    this.#arrows = svgEl('g', { class: 'kr-arrows' }, deco);
    this.#ghost = svgEl('use', { class: 'kr-ghost', width: 1.15, height: 1.15, 'aria-hidden': 'true' }, this.#svg);
  }

  // ---- painting -------------------------------------------------------------------------

  /** Bring every square, the status line and the buttons in line with the state. */
  #paint() {
    const state = this.#game.state;
    if (!state) return;
    const fresh = this.#game.moves.length === 0;
    const last = state.last_move ?? (fresh ? this.#notes.lastMove : null);
    const lastSquares = last ? [last.slice(0, 2), last.slice(2, 4)] : [];
    const highlights = fresh ? this.#notes.highlights : [];
    const king = state.turn === 'white' ? 'K' : 'k';
    const targets = this.#targets();
    for (const [square, { cell, piece }] of this.#cells) {
      const letter = state.board[square];
      const marks = [];
      if (square === this.#selected) marks.push('selectedMark');
      if (targets.has(square)) marks.push('targetMark');
      const classes = {
        'kr-last': lastSquares.includes(square),
        'kr-hl': highlights.includes(square),
        'kr-check': state.status.check && letter === king,
        'kr-selected': square === this.#selected,
        'kr-target': targets.has(square),
        'kr-occupied': Boolean(letter),
        'kr-cursor': square === this.#cursor,
        'kr-dragging': Boolean(this.#drag?.moved) && this.#drag.from === square,
      };
      for (const [name, on] of Object.entries(classes)) cell.classList.toggle(name, on);
      if (letter) piece.setAttribute('href', `#${pieceId(letter)}`);
      else piece.removeAttribute('href');
      cell.setAttribute('aria-label', squareLabel(square, letter, marks));
      cell.setAttribute('aria-selected', String(square === this.#selected));
    }
    const arrows = fresh ? this.#notes.arrows : [];
    this.#arrows.replaceChildren(...arrows.map((a) => svgEl('path', { d: arrowPath(a, this.#orientation) })));
    this.#svg.setAttribute('aria-activedescendant', `${this.#id}-${this.#cursor}`);
    const count = state.status.result === 'ongoing' && !this.countPanel ? countText(state.status) : '';
    this.countPanel?.update(state);
    this.#status.textContent = [statusText(state), count].filter(Boolean).join(' · ');
    this.#status.dataset.result = state.status.result;
    this.#paintButtons(state);
    this.element.dataset.position = state.position;
  }

  #paintButtons(state) {
    const { undo, reset, count } = this.#buttons;
    if (undo) undo.disabled = !this.#game.moves.length;
    if (reset) reset.disabled = !this.#game.moves.length;
    if (count) {
      count.hidden = !state.actions.length;
      if (state.actions.length) count.textContent = t(state.actions[0]);
    }
  }

  /** Squares the selected piece may move to. */
  #targets() {
    if (!this.#selected) return new Set();
    const moves = this.#game.state.legal_moves.filter((m) => m.startsWith(this.#selected));
    return new Set(moves.map((m) => m.slice(2, 4)));
  }

  /** Show and announce `text` as the board's message; "" clears both. */
  #show(text) {
    this.#message.textContent = text;
    this.#say(text);
  }

  /** Announce `text` to screen readers (`withCount`: followed by the count panel's text). */
  #say(text, withCount = false) {
    const count = withCount && text && this.countPanel ? this.countPanel.spoken : '';
    this.#live.textContent = count ? `${text}${t('sep')}${count}` : text;
  }

  // ---- input ----------------------------------------------------------------------------

  get #over() { return this.#game.state.status.result !== 'ongoing'; }

  /** True if `square` holds a piece of the side to move. */
  #isMine(square) {
    const letter = this.#game.state.board[square];
    return Boolean(letter) && colorOf(letter) === this.#game.state.turn;
  }

  #select(square, announce = false) {
    this.#selected = square;
    this.#show('');
    if (announce) {
      this.#say(square ? t('selected', { piece: pieceName(this.#game.state.board[square]), square }) : t('cancelled'));
    }
    this.#paint();
  }

  /** One tap (click, or Enter on the cursor): select, reselect, deselect or move. */
  #tap(square) {
    const state = this.#game.state;
    if (this.#over) return this.#show(t('gameOver'));
    if (this.#selected && square !== this.#selected && !this.#isMine(square)) {
      return this.#moveTo(square);
    }
    if (square === this.#selected) return this.#select(null, true);
    if (this.#isMine(square)) return this.#select(square, true);
    if (state.board[square]) return this.#show(t('notYourTurn', { side: t(state.turn) }));
    return this.#select(null);
  }

  /** Move the selected piece to `square` (promotion is implied by the legal move list). */
  #moveTo(square) {
    const prefix = this.#selected + square;
    const uci = this.#game.state.legal_moves.find((m) => m.startsWith(prefix)) ?? prefix;
    const played = this.play(uci);
    if (!this.#onUserMove) return played;
    return played.then((reply) => {
      if (reply.ok) this.#onUserMove(uci, reply);
      return reply;
    });
  }

  #onButton(action) {
    if (this.#busy) return;
    if (action === 'count') this.play(this.#game.state.actions[0]);
    else this[action]();
  }

  /** Board coordinates (in squares) of a pointer event. */
  #point(event) {
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(this.#svg.getScreenCTM().inverse());
    return [p.x, p.y];
  }

  #squareAt(event) {
    const [x, y] = this.#point(event).map(Math.floor);
    return x >= 0 && x < 8 && y >= 0 && y < 8 ? squareAtXY(x, y, this.#orientation) : null;
  }

  #onPointerDown(event) {
    if (event.button !== 0 || this.#busy || !this.#interactive || !this.#game.state) return;
    const square = this.#squareAt(event);
    if (!square) return;
    this.#cursor = square;
    if (this.#over || !this.#isMine(square)) {
      this.#tap(square);
      return;
    }
    this.#drag = { from: square, toggle: square === this.#selected, start: this.#point(event), moved: false };
    this.#svg.setPointerCapture(event.pointerId);
    if (square !== this.#selected) this.#select(square, true);
  }

  #onPointerMove(event) {
    const drag = this.#drag;
    if (!drag) return;
    const [x, y] = this.#point(event);
    if (!drag.moved && Math.hypot(x - drag.start[0], y - drag.start[1]) < DRAG_START) return;
    if (!drag.moved) {
      drag.moved = true;
      this.#ghost.setAttribute('href', `#${pieceId(this.#game.state.board[drag.from])}`);
      this.#ghost.classList.add('kr-ghost-on');
      this.#paint();
    }
    this.#ghost.setAttribute('x', x - 0.575);
    this.#ghost.setAttribute('y', y - 0.575);
  }

  #onPointerUp(event) {
    const drag = this.#drag;
    if (!drag) return;
    this.#endDrag();
    if (drag.moved) {
      const target = this.#squareAt(event);
      if (target && target !== drag.from) {
        this.#cursor = target;
        this.#moveTo(target);
      }
    } else if (drag.toggle) {
      this.#select(null, true);
    }
  }

  #endDrag() {
    this.#drag = null;
    this.#ghost.classList.remove('kr-ghost-on');
    this.#paint();
  }

  #onKey(event) {
    if (!this.#game.state) return;
    const step = ARROW_KEYS[event.key];
    if (step) {
      event.preventDefault();
      const [x, y] = squareXY(this.#cursor, this.#orientation);
      const clamp = (v) => Math.min(7, Math.max(0, v));
      this.#cursor = squareAtXY(clamp(x + step[0]), clamp(y + step[1]), this.#orientation);
      this.#paint();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (!this.#busy && this.#interactive) this.#tap(this.#cursor);
    } else if (event.key === 'Escape' && this.#selected) {
      event.preventDefault();
      this.#select(null, true);
    }
  }
}

/** Arrow polygon from the centre of one square towards the centre of another (as the static diagrams draw it). */
function arrowPath(arrow, orientation) {
  const [x0, y0] = squareXY(arrow.slice(0, 2), orientation);
  const [x1, y1] = squareXY(arrow.slice(2, 4), orientation);
  const length = Math.hypot(x1 - x0, y1 - y0);
  const [ux, uy] = [(x1 - x0) / length, (y1 - y0) / length];
  const [nx, ny] = [-uy, ux];
  const [sx, sy] = [x0 + 0.5 + ux * 0.2, y0 + 0.5 + uy * 0.2];
  const [tx, ty] = [x1 + 0.5 - ux * 0.1, y1 + 0.5 - uy * 0.1];
  const [bx, by] = [tx - ux * 0.38, ty - uy * 0.38];
  const points = [[sx + nx * 0.07, sy + ny * 0.07], [bx + nx * 0.07, by + ny * 0.07], [bx + nx * 0.2, by + ny * 0.2],
    [tx, ty], [bx - nx * 0.2, by - ny * 0.2], [bx - nx * 0.07, by - ny * 0.07], [sx - nx * 0.07, sy - ny * 0.07]];
  return `M${points.map(([x, y]) => `${x.toFixed(3)} ${y.toFixed(3)}`).join('L')}z`;
}
