/**
 * Board: the live square board of lessons, the sandbox, puzzles and trainers, for every board
 * game. It draws the engine's `play` reply and turns taps, drags and keys into moves using the
 * reply's `legal` objects only (never a move string): legal targets, multi-step capture paths
 * (tap or drag through each landing square; taken pieces are marked as they are jumped), a
 * chooser when several moves fit (promotion, the King's privilege, capture routes), drops from
 * the hands beside the board. Every change is a replay of {initial position, moves} by the
 * engine, so history rules keep working.
 *
 * No tap is lost: while the board cannot take a move (the engine still loading the legal moves
 * of a recorded `pending` reply, a move on its way, the computer thinking: `hold(true)`), the
 * reader's taps, keys and hand picks wait in order (boards/input-queue.js), the board says so in
 * words, and they are played once it can. Undo, restart and a new position never wait: they drop
 * what is waiting (undo first drops a waiting move of the reader's, if any) and supersede a change
 * still on its way (boards/record.js: only the latest change's reply is adopted).
 *
 *   const board = new Board(host, {game, engine, position, ...});  await board.start();
 *
 * `game` is the game's browser module (games/index.js loadGame(id)): sides, piece sprites
 * and names, and `attach(board, panel, options)` for panels of its own (Makruk's count panel),
 * `shaded(square)` (squares drawn dark), `refusalMarks(state, error)` (squares to mark, class
 * kr-hint, when the engine refuses a move the reader tried: e.g. the pieces that must capture).
 * `board.touchMove = true` holds a picked piece that can move: it can be neither put back nor
 * swapped for another (touch-move), and a wrong target keeps it picked.
 * `engine` is anything with call(request, options) -> Promise<reply>, and optionally status
 * and onStatus(cb) (core/engine-client.js by default; tests pass a fake).
 *
 * DOM: div.kr-live[data-position][data-interactive][data-engine="stopped"] >
 *   div.kr-board-area > (div.kr-hand top), svg.kr-live-board (g[role=gridcell][data-square]
 *   with classes kr-selected kr-target kr-far kr-landed kr-jumped kr-last kr-check kr-hl
 *   kr-cursor kr-queued), (div.kr-hand bottom), div.kr-chooser;
 *   div.kr-panel > p.kr-status, div.kr-stopped (button[data-action=reload]), p.kr-message,
 *   p.kr-wait, div.kr-controls (button.kr-btn[data-action]); p.kr-announce (aria-live).
 */
/** @import { Engine, Failure, PlayReply, Reply } from '../types/engine.js' */
/** @import { BoardExtension, BoardGameModule, DropGameModule } from '../types/game.js' */
/** @import { Pick } from './moves.js' */
/**
 * @typedef {object} BoardOptions
 * @property {BoardGameModule} game
 * @property {Engine} [engine]
 * @property {string} [position]
 * @property {string} [orientation]
 * @property {string[]} [controls]
 * @property {string[]} [highlights]
 * @property {string[]} [arrows]
 * @property {string | null} [lastMove]
 * @property {((move: string, reply: PlayReply) => void) | null} [onUserMove]
 * @property {boolean} [panels]
 * @property {(board: Board) => number} [undoCount]
 */
import { engine as pageEngine } from '../core/engine-client.js';
import { t, errorText } from '../core/i18n.js';
import { GameRecord } from './record.js';
import { InputQueue } from './input-queue.js';
import { Chooser } from './chooser.js';
import { HandStrip } from './hands.js';
import { choiceLabels, moveText, sideName, squareLabel, statusText, word } from './describe.js';
import { arrowPath, drawGrid, sizeOf, squareAtXY, squaresIn, squareXY, svgEl, viewBox } from './grid.js';
import { endingHere, farSquares, jumpedSquares, nextSquares, passOver, standsOn, startPick, step } from './moves.js';

const DRAG_START = 0.2; // how far (in squares) a press must travel to become a drag
const BUSY_AFTER_MS = 400; // a call slower than this shows "waiting for the engine"
const ENGINE_FAILED = 'ENGINE_FAILED'; // error code of a reply the engine never gave (it failed or timed out)
const CANCELLED = 'CANCELLED'; // error code of a change a later one superseded (undo, restart): nothing to say
const ARROW_KEYS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
const NONE = new Set();
let boardCount = 0;

/** Create an HTML element with attributes, optionally appended to `parent`. */
function make(tag, attrs = {}, parent = null) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  if (parent) parent.append(el);
  return el;
}

export class Board {
  /** @type {BoardGameModule} */
  #game;
  /** @type {Engine} */
  #engine;
  /** @type {GameRecord} */
  #record;
  #start;
  #id = `kr-board-${++boardCount}`;
  #orientation; // the side seen at the bottom
  #size; // the board's files and ranks (grid.js sizeOf: the page's data, else 8x8)
  #notes; // lesson marks (highlights, arrows, last move) shown until the first move
  #controls;
  #listeners = new Set();
  /** @type {Pick | null} */
  #pick = null; // the move being picked (boards/moves.js)
  #cursor = null;
  #drag = null;
  #busy = false;
  #refreshing = null; // the live engine's answer for a pending reply, while it is awaited
  #moving = false; // a move the reader made is on its way (undo drops it first)
  #holding = false; // hold(true): input waits (the computer is thinking)
  #draining = false;
  #queue = new InputQueue();
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  #slow = undefined;
  #stopped = false;
  #interactive = true;
  #onUserMove;
  #undoCount;
  /** @type {BoardExtension | null} */
  #extension = null;
  #cells = new Map();
  #hands = null; // {side: HandStrip} once the game shows hands
  #area;
  #svg;
  #arrows;
  #ghost;
  #chooser;
  #status;
  #message;
  #wait;
  #stoppedBox;
  #live;
  #buttons = {};
  #actionBar = null;
  #unwatch = () => {};
  #hints = NONE; // squares the game marks after a refused move (refusalMarks), until the next change

  /** Touch-move: a piece picked that has a legal move must be moved (see the file's comment). */
  touchMove = false;
  /** The side the reader plays against the computer (null: the reader moves every side): the
   * status line then tells the result as "you won" or "you lost". */
  reader = null;

  /**
   * Build the board inside `host` (before its figcaption, if any); call start() to show a position.
   * Options: game (the game's module, required), engine (default: the page's engine client),
   * position (the game's position text), orientation (the side at the bottom; default the
   * game's first side), controls (subset of flip undo reset actions), highlights (squares),
   * arrows ("b1d2" pairs), lastMove (squares of a lesson's last move, e.g. "e3e4"),
   * onUserMove (`onUserMove(move, reply)` after the engine accepted a move the reader made by
   * tap, drag or keys; moves played through play() do not call it), panels (default true:
   * the game's own panels, e.g. Makruk's count panel; puzzles may pass false), undoCount
   * (how many entries the undo button takes back, asked at each press; default 1; a game
   * against the computer takes back its reply too).
   * @param {Element} host
   * @param {BoardOptions} options
   */
  constructor(host, { game, engine = pageEngine, position, orientation = game.sides[0],
    controls = ['flip', 'undo', 'reset', 'actions'], highlights = [], arrows = [], lastMove = null,
    onUserMove = null, panels = true, undoCount = () => 1 }) {
    this.#game = game;
    this.#size = sizeOf(host);
    this.#engine = engine;
    this.#record = new GameRecord(game.id, engine);
    this.#start = position;
    this.#orientation = orientation;
    this.#controls = controls;
    this.#notes = { highlights, arrows, lastMove };
    this.#onUserMove = onUserMove;
    this.#undoCount = undoCount;
    this.element = make('div', { class: 'kr-live' });
    host.insertBefore(this.element, host.querySelector(':scope > figcaption'));
    this.#buildShell(panels);
    this.#buildSvg();
    if (game.handLetter) this.#makeHands(); // a drop game's hands keep their room before the first position
    if (engine.onStatus) this.#unwatch = engine.onStatus((status) => { if (status === 'failed') this.#showStopped(); });
    if (engine.status === 'failed') this.#showStopped();
  }

  /** The game's browser module. */
  get game() { return this.#game; }

  /** The side seen at the bottom of the board. */
  get orientation() { return this.#orientation; }

  /** The current position text. */
  get position() { return this.#record.state?.position; }

  /** The moves played from the initial position (a copy). */
  get moves() { return [...this.#record.moves]; }

  /** One entry per move: {move, side (who played it), legal (its legal object, or null), action}. */
  get plies() { return [...this.#record.plies]; }

  /** The initial position the moves are replayed from. */
  get initial() { return this.#record.initial; }

  /** The engine's last `play` reply. */
  get state() { return this.#record.state; }

  /**
   * Whether the reader may move pieces (default true). False ignores taps, drags and Enter
   * (the arrow keys and the buttons still work), e.g. while a puzzle plays the other side.
   */
  get interactive() { return this.#interactive; }

  set interactive(on) {
    this.#interactive = Boolean(on);
    this.element.dataset.interactive = String(this.#interactive);
    this.#drag = null;
    this.#pick = null;
    this.#chooser.close();
    if (this.#record.state) this.#paint();
  }

  /**
   * Call `cb(board)` after every change of position; returns an unsubscribe function.
   * @param {(board: Board) => void} cb
   */
  onChange(cb) {
    this.#listeners.add(cb);
    return () => this.#listeners.delete(cb);
  }

  /** Show the constructor's position. Resolves to the engine reply. */
  start() { return this.#run(() => this.#record.load(this.#start)); }

  /**
   * Start a new game from `position`; on an engine error the current game is kept.
   * @param {string} position
   */
  async load(position) {
    this.#dropWaiting(false);
    return this.#run(async () => {
      const reply = await this.#record.load(position);
      if (reply.ok) this.#notes = { highlights: [], arrows: [], lastMove: null };
      return reply;
    });
  }

  /**
   * Play one move (a legal move's text or an action); an illegal move shows why (the engine's
   * message says it in words) and changes nothing.
   * @param {string} move
   */
  async play(move) {
    const known = this.#record.state;
    if (!known?.legal?.some((m) => m.move === move) && !known?.actions?.includes(move)) {
      await this.#refreshing; // a pending reply's legal moves first: they name the move
    }
    const before = this.#record.state;
    const reply = await this.#run(() => this.#record.play(move));
    if (reply.ok) this.#say(moveText(this.#game, before, move, this.#record.plies.at(-1).legal, reply), true);
    else if (reply.error.code !== ENGINE_FAILED && reply.error.code !== CANCELLED) this.#show(errorText(reply.error));
    return reply;
  }

  /**
   * Ask the live engine for the current position again. A page's recorded reply marked `pending`
   * (a lesson board's first move, answered before the engine arrived) has no legal moves: the
   * board shows the move at once, keeps the reader's taps and says so, until the engine gives
   * the rest (the board asks by itself when the reader is to move).
   */
  refresh() {
    const done = this.#run(() => this.#record.refresh(), t('loadingNext'));
    this.#refreshing = done;
    done.then(() => { if (this.#refreshing === done) this.#refreshing = null; });
    return done;
  }

  /**
   * Input waits while `on` (the computer is thinking); off: what waited is played, and a pending
   * reply's legal moves are asked for.
   * @param {boolean} on
   */
  hold(on) {
    this.#holding = Boolean(on);
    if (on || !this.#record.state) return;
    this.#needLegal();
    this.#drain();
  }

  /**
   * Take back `count` moves or actions (default: what the undoCount option says). A move of the
   * reader's still waiting (taps kept, or a move on its way to the engine) is dropped instead.
   */
  async undo(count = this.#undoCount(this)) {
    if (this.#dropWaiting(true)) return this.#record.state;
    if (!this.#record.moves.length) return this.#record.state;
    const reply = await this.#run(() => this.#record.undo(count));
    if (reply.ok) this.#say(`${t('undone')}${t('sep')}${statusText(this.#game, reply)}`, true);
    return reply;
  }

  async reset() {
    this.#dropWaiting(false);
    const reply = await this.#run(() => this.#record.reset());
    if (reply.ok) this.#say(`${t('resetDone')}${t('sep')}${statusText(this.#game, reply)}`, true);
    return reply;
  }

  flip() {
    this.#orientation = this.#game.sides.find((side) => side !== this.#orientation);
    this.#buildSvg();
    this.#placeHands();
    this.#paint();
  }

  /** Remove the board and stop listening to the engine. */
  destroy() {
    this.#unwatch();
    this.#extension?.destroy?.();
    this.element.remove();
  }

  /**
   * Run one engine change with input locked; engine failures become a message. `waiting`: the
   * wait line's text, shown at once (else "waiting for the engine", after BUSY_AFTER_MS).
   * @param {() => Promise<Reply<PlayReply>>} change
   * @param {string | null} [waiting]
   * @returns {Promise<Reply<PlayReply>>}
   */
  async #run(change, waiting = null) {
    this.#busy = true;
    this.#hints = NONE;
    this.#pick = null;
    this.#chooser.close();
    if (waiting) {
      if (!this.#queue.size) this.#message.textContent = ''; // the move just announced stays announced
      this.#showWait(true, waiting);
    } else {
      this.#show('');
    }
    clearTimeout(this.#slow);
    this.#slow = waiting ? undefined : setTimeout(() => this.#showWait(true), BUSY_AFTER_MS);
    const changing = change();
    const version = this.#record.version; // a later change takes over from this one
    let reply;
    try {
      reply = await changing;
    } catch (err) {
      reply = /** @type {Failure} */ ({ ok: false, error: { code: ENGINE_FAILED, message: err.message } });
      if (this.#engine.status === 'failed' || err.code === 'ENGINE_STOPPED') this.#showStopped();
      else if (version === this.#record.version) this.#show(`${t('engineError')} (${err.message})`);
    }
    if (version !== this.#record.version) {
      return /** @type {Failure} */ ({ ok: false, error: { code: CANCELLED, message: 'a later change took over' } });
    }
    this.#settle();
    if (reply.ok) {
      const first = reply.legal?.[0];
      this.#cursor ??= first?.from ?? first?.to ?? 'a1';
      this.#paint();
      for (const cb of this.#listeners) cb(this);
      this.#needLegal();
    }
    this.#drain();
    return reply;
  }

  /** No change is on its way any more: input may go on. */
  #settle() {
    clearTimeout(this.#slow);
    this.#showWait(false);
    this.#busy = false;
    this.#moving = false;
  }

  /** The reader is to move in a recorded reply without its legal moves: ask the live engine for them. */
  #needLegal() {
    const state = this.#record.state;
    if (!state.pending || state.status.result !== 'ongoing' || this.#holding || this.#busy) return;
    this.refresh();
  }

  /**
   * Drop the reader's taps kept and, with `move`, a move of the reader's on its way (its reply will
   * not be adopted); say so. True if something was dropped.
   * @param {boolean} move
   */
  #dropWaiting(move) {
    let dropped = this.#queue.clear() > 0;
    if (move && this.#moving) {
      this.#record.cancel();
      this.#settle();
      dropped = true;
    }
    if (dropped && this.#record.state) {
      this.#show(t('queueDropped'));
      this.#paint();
    }
    return dropped;
  }

  /**
   * Keep one input the board cannot take now, mark it and say what waits.
   * @param {import('./input-queue.js').Input} input
   */
  #enqueue(input) {
    if (!this.#queue.add(input)) {
      this.#show(t('queueFull'));
      return;
    }
    this.#pick = null;
    this.#chooser.close();
    this.#showQueue();
    this.#paint();
  }

  /** Say which taps wait, and that they will be played. */
  #showQueue() {
    const turn = this.#record.state.turn;
    const taps = this.#queue.summary().taps.map((tap) => (typeof tap === 'string' ? tap
      : this.#game.pieceName(/** @type {DropGameModule} */ (this.#game).handLetter(tap.drop, turn))));
    this.#show(t('queued', { taps: taps.join(' → ') }));
  }

  /** Play the taps kept, in order, while the board takes input; a move sent is awaited. */
  async #drain() {
    if (this.#draining || !this.#queue.size) return;
    this.#draining = true;
    try {
      while (this.#queue.size && this.#inputMode === 'on' && !this.#chooser.isOpen) {
        const input = /** @type {import('./input-queue.js').Input} */ (this.#queue.next());
        const sent = 'drop' in input ? this.#pickDrop(input.drop) : this.#tap(input.square);
        if (sent instanceof Promise) await sent;
      }
    } finally {
      this.#draining = false;
    }
    if (this.#queue.size) this.#showQueue();
    this.#paint(); // the marks of the taps played go
  }

  // ---- building -------------------------------------------------------------------------

  #buildShell(panels) {
    const game = this.#game;
    this.#area = make('div', { class: 'kr-board-area' }, this.element);
    this.#svg = svgEl('svg', { class: 'kr-live-board', viewBox: viewBox(this.#size), role: 'grid', tabindex: '0',
      'aria-label': t('boardLabel', { board: word(game, 'board') }) }, this.#area);
    this.#chooser = new Chooser(this.#area, {
      onPick: (move, hadFocus) => {
        if (hadFocus) this.#svg.focus({ preventScroll: true });
        this.#send(move);
      },
      onCancel: (hadFocus) => {
        if (hadFocus) this.#svg.focus({ preventScroll: true });
        this.#cancel();
      },
    });
    const panel = make('div', { class: 'kr-panel' }, this.element);
    this.#status = make('p', { class: 'kr-status' }, panel);
    this.#stoppedBox = make('div', { class: 'kr-stopped', role: 'alert' }, panel);
    this.#stoppedBox.hidden = true;
    this.#message = make('p', { class: 'kr-message' }, panel);
    this.#extension = game.attach?.(this, panel, {
      panels, before: this.#message, onAction: (action) => { if (!this.#busy) this.play(action); },
    }) ?? null;
    this.#wait = make('p', { class: 'kr-wait' }, panel);
    const bar = make('div', { class: 'kr-controls' }, panel);
    for (const action of this.#controls) {
      if (action === 'actions') {
        this.#actionBar = make('span', { class: 'kr-actions' }, bar);
        continue;
      }
      const button = make('button', { type: 'button', class: 'kr-btn', 'data-action': action }, bar);
      button.textContent = t(action);
      // never waits: undo and restart supersede a change on its way
      button.addEventListener('click', () => this[action]());
      this.#buttons[action] = button;
    }
    this.#live = make('p', { class: 'kr-announce', 'aria-live': 'polite', 'aria-atomic': 'true' }, this.element);
    this.#svg.addEventListener('pointerdown', (e) => this.#onPointerDown(e));
    this.#svg.addEventListener('touchstart', (e) => this.#onTouchStart(e), { passive: false });
    this.#svg.addEventListener('keydown', (e) => this.#onKey(e));
    this.#followDrags(this.#svg);
  }

  /** Pointer moves and releases of a drag started on `el` (the board or a hand). */
  #followDrags(el) {
    el.addEventListener('pointermove', (e) => this.#onPointerMove(e));
    el.addEventListener('pointerup', (e) => this.#onPointerUp(e));
    el.addEventListener('pointercancel', () => this.#endDrag());
  }

  /** (Re)draw the squares, lines and coordinates for the current orientation. */
  #buildSvg() {
    const shaded = (square) => Boolean(this.#game.shaded?.(square));
    ({ cells: this.#cells, arrows: this.#arrows, ghost: this.#ghost } = drawGrid(this.#svg, this.#id, this.#upright, shaded, this.#size));
  }

  /** The hands of a drop game, the bottom side's under the board (made on the first state with hands). */
  #placeHands() {
    if (!this.#hands) return;
    const [bottom, top] = this.#upright ? this.#game.sides : [...this.#game.sides].reverse();
    this.#hands[top].element.dataset.place = 'top';
    this.#hands[bottom].element.dataset.place = 'bottom';
    this.#svg.before(this.#hands[top].element);
    this.#svg.after(this.#hands[bottom].element);
  }

  #makeHands() {
    this.#hands = {};
    for (const side of this.#game.sides) {
      const strip = new HandStrip(/** @type {DropGameModule} */ (this.#game), side); // a game with hands
      strip.element.addEventListener('pointerdown', (e) => this.#onHandDown(e));
      strip.element.addEventListener('click', (e) => this.#onHandKey(e));
      this.#followDrags(strip.element);
      this.#hands[side] = strip;
    }
    this.#placeHands();
  }

  /** Rank 1 at the bottom: the game's first side is seen from its own side. */
  get #upright() { return this.#orientation === this.#game.sides[0]; }

  // ---- painting -------------------------------------------------------------------------

  /** Squares of the last move: its start and every landing; before any move, the lesson's mark. */
  #lastSquares() {
    const played = this.#record.lastPlayed;
    if (played) return [played.from, ...played.path].filter(Boolean);
    const fresh = this.#record.moves.length === 0;
    return fresh && this.#notes.lastMove ? squaresIn(this.#notes.lastMove) : [];
  }

  /** The letter of the piece being moved (on the board or from the hand). */
  #movingLetter() {
    const { origin } = this.#pick;
    const state = this.#record.state;
    return origin.square ? state.board[origin.square] : this.#game.handLetter(origin.drop, state.turn);
  }

  /** Bring every square, the hands, the status line and the buttons in line with the state. */
  #paint() {
    const state = this.#record.state;
    if (!state) return;
    const game = this.#game;
    const pick = this.#pick;
    const fresh = this.#record.moves.length === 0;
    const last = this.#lastSquares();
    const highlights = fresh ? this.#notes.highlights : [];
    const targets = pick ? nextSquares(pick) : NONE;
    const far = pick ? farSquares(pick) : NONE;
    const jumped = pick ? new Set(jumpedSquares(pick)) : NONE;
    const landed = new Set(pick?.landed ?? []);
    const at = pick?.landed.length ? standsOn(pick) : null; // a piece part-way along its path
    const origin = pick?.origin.square ?? null;
    const canMove = this.#canMove;
    const queued = this.#queue.squares;
    const moving = pick ? standsOn(pick) : null;
    for (const [square, { cell, piece }] of this.#cells) {
      const letter = state.board[square];
      const shown = square === at ? this.#movingLetter() : letter;
      const marks = [];
      if (square === origin) marks.push('selectedMark');
      if (targets.has(square)) marks.push('targetMark');
      else if (far.has(square)) marks.push('destMark');
      if (landed.has(square)) marks.push('landedMark');
      if (jumped.has(square)) marks.push('jumpedMark');
      const classes = {
        'kr-last': last.includes(square),
        'kr-hl': highlights.includes(square),
        'kr-hint': this.#hints.has(square),
        'kr-check': Boolean(state.status.check && letter && game.isKing(letter) && game.sideOf(letter) === state.turn),
        'kr-selected': square === origin,
        'kr-target': targets.has(square),
        'kr-far': far.has(square) && !targets.has(square),
        'kr-landed': landed.has(square),
        'kr-jumped': jumped.has(square),
        'kr-left': Boolean(at) && square === origin,
        'kr-occupied': Boolean(shown),
        // only a press on a piece the reader may move takes the gesture (touch-action: none, site.css);
        // a swipe anywhere else scrolls the page
        'kr-movable': canMove && (square === moving || (!at && Boolean(letter) && game.sideOf(letter) === state.turn)),
        'kr-cursor': square === this.#cursor,
        'kr-queued': queued.includes(square),
        'kr-dragging': Boolean(this.#drag?.moved) && square === (at ?? origin),
      };
      for (const [name, on] of Object.entries(classes)) cell.classList.toggle(name, on);
      // Set only what changed: a new href rebuilds the <use>, and a touch that started on the old
      // one would lose its target (no touch events, so no drag).
      const href = shown ? `#${game.sprite(shown, this.#orientation)}` : null; // as seen from the bottom side
      if (href !== piece.getAttribute('href')) {
        if (href) piece.setAttribute('href', href);
        else piece.removeAttribute('href');
      }
      cell.setAttribute('aria-label', squareLabel(game, square, letter, marks));
      cell.setAttribute('aria-selected', String(square === origin));
    }
    this.#paintHands(state);
    const arrows = fresh ? this.#notes.arrows : [];
    this.#arrows.replaceChildren(...arrows.map((a) => svgEl('path', { d: arrowPath(a, this.#upright, this.#size) })));
    this.#svg.setAttribute('aria-activedescendant', `${this.#id}-${this.#cursor}`);
    this.#extension?.update(state);
    const extra = state.status.result === 'ongoing' ? this.#extension?.status?.(state) : '';
    this.#status.textContent = [statusText(game, state, this.reader), extra].filter(Boolean).join(' · ');
    this.#status.dataset.result = state.status.result;
    this.#paintButtons(state);
    this.element.dataset.position = state.position;
  }

  /** @param {PlayReply} state */
  #paintHands(state) {
    if (!state.hands) return;
    if (!this.#hands) this.#makeHands();
    const drop = this.#pick?.origin.drop ?? null;
    for (const [side, strip] of Object.entries(this.#hands)) {
      const mine = side === state.turn;
      const open = this.#canMove || this.#inputMode === 'queue';
      strip.update(state.hands[side], { active: mine && open, selected: mine ? drop : null });
    }
  }

  /** @param {PlayReply} state */
  #paintButtons(state) {
    const { undo, reset } = this.#buttons;
    if (undo) undo.disabled = this.#stopped || !this.#record.moves.length;
    if (reset) reset.disabled = this.#stopped || !this.#record.moves.length;
    if (!this.#actionBar) return;
    const handled = this.#extension?.actions ?? [];
    const open = state.status.result === 'ongoing' && !this.#stopped;
    const actions = open ? state.actions.filter((a) => !handled.includes(a)) : [];
    this.#actionBar.replaceChildren(...actions.map((action) => {
      const button = make('button', { type: 'button', class: 'kr-btn', 'data-action': action });
      button.textContent = this.#game.words?.[`${action}.button`] ?? action;
      button.addEventListener('click', () => { if (!this.#busy) this.play(action); });
      return button;
    }));
  }

  /** Show and announce `text` as the board's message; "" clears both. */
  #show(text) {
    this.#message.textContent = text;
    this.#say(text);
  }

  /** Announce `text` to screen readers (`withPanels`: followed by what the game's panels say). */
  #say(text, withPanels = false) {
    const extra = withPanels && text ? this.#extension?.spoken ?? '' : '';
    this.#live.textContent = extra ? `${text}${t('sep')}${extra}` : text;
  }

  #showWait(on, text = t('engineBusy')) {
    if (on && this.element.dataset.busy === 'true' && this.#wait.textContent) return; // keep the first reason
    this.#wait.textContent = on ? text : '';
    this.element.dataset.busy = String(on);
  }

  /** The engine stopped: say so with a reload button; the board takes no more moves. */
  #showStopped() {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#queue.clear();
    this.#pick = null;
    this.#chooser.close();
    this.element.dataset.engine = 'stopped';
    const text = make('p');
    text.textContent = t('engineStopped');
    const reload = make('button', { type: 'button', class: 'kr-btn kr-btn-primary', 'data-action': 'reload' });
    reload.textContent = t('reload');
    reload.addEventListener('click', () => window.location.reload());
    this.#stoppedBox.replaceChildren(text, reload);
    this.#stoppedBox.hidden = false;
    this.#showWait(false);
    this.#message.textContent = '';
    this.#paint();
  }

  // ---- input ----------------------------------------------------------------------------

  get #over() { return this.#record.state.status.result !== 'ongoing'; }

  /** The reader may pick and move pieces now. */
  get #canMove() { return this.#inputMode === 'on' && !this.#over; }

  /**
   * What happens to the reader's input now: "on" (played), "queue" (kept until the board can take
   * it: a change on its way, a recorded reply without its legal moves, the computer thinking) or
   * "off" (ignored: no position yet, not interactive, the engine stopped).
   * @returns {'on' | 'queue' | 'off'}
   */
  get #inputMode() {
    const state = this.#record.state;
    if (!state || this.#stopped || !this.#interactive) return 'off';
    const waitingLegal = Boolean(state.pending) && state.status.result === 'ongoing';
    return this.#busy || this.#holding || waitingLegal ? 'queue' : 'on';
  }

  /** May input go on ("on"), or wait ("queue")? Says why not when the engine stopped (never silence). */
  #accepting() {
    const mode = this.#inputMode;
    if (this.#stopped && this.#record.state) this.#show(t('engineStopped'));
    return mode === 'off' ? false : mode;
  }

  /** True if `square` holds a piece of the side to move. */
  #isMine(square) {
    const letter = this.#record.state.board[square];
    return Boolean(letter) && this.#game.sideOf(letter) === this.#record.state.turn;
  }

  /**
   * @param {Pick | null} pick
   * @param {string} [announcement]
   */
  #setPick(pick, announcement) {
    this.#hints = NONE;
    this.#pick = pick;
    this.#chooser.close();
    this.#show('');
    if (announcement) this.#say(announcement);
    this.#paint();
  }

  /** Touch-move holds the picked piece (it has a legal move) on the board. */
  get #held() {
    const pick = this.#pick;
    return this.touchMove && Boolean(pick?.origin.square) && pick.candidates.length > 0;
  }

  /** Touch-move refuses to let the picked piece go: say so, the pick stays. */
  #hold() {
    this.#chooser.close();
    this.#show(t('touchMoveHeld', { piece: this.#game.pieceName(this.#movingLetter()), square: this.#pick.origin.square }));
    this.#paint();
  }

  #pickSquare(square) {
    if (this.#held && square !== this.#pick.origin.square) return this.#hold();
    const state = this.#record.state;
    this.#setPick(startPick(state.legal, { square }),
      t('selected', { piece: this.#game.pieceName(state.board[square]), square }));
  }

  #pickDrop(kind) {
    const state = this.#record.state;
    this.#setPick(startPick(state.legal, { drop: kind }),
      t('selectedHand', { piece: this.#game.pieceName(this.#game.handLetter(kind, state.turn)) }));
  }

  #cancel() {
    if (this.#held) return this.#hold();
    this.#setPick(null, t('cancelled'));
  }

  /** The path goes on from a landing square: mark what was jumped, say where it may go next. */
  /** @param {Pick} pick */
  #landed(pick) {
    const square = standsOn(pick);
    const taken = jumpedSquares(pick);
    const state = this.#record.state;
    const captured = taken.length && taken.length === pick.landed.length
      ? t('landedCapture', { piece: this.#game.pieceName(state.board[taken.at(-1)]), square: taken.at(-1) }) : '';
    this.#setPick(pick, t('landed', { square, captured, next: [...nextSquares(pick)].join(', ') }));
  }

  /** Several moves fit: open the chooser (the pick stays shown behind it). */
  /**
   * @param {import('../types/engine.js').LegalMove[]} moves
   * @param {string} square
   */
  #choose(moves, square) {
    this.#chooser.open(t('chooseTitle'), choiceLabels(this.#game, moves));
    this.#say(t('chooseOpen', { square }));
  }

  /** Play a move the reader made; tell onUserMove once the engine accepted it. */
  /** @param {import('../types/engine.js').LegalMove} legal */
  #send(legal) {
    this.#pick = null;
    const played = this.play(legal.move);
    this.#moving = this.#busy; // on its way (a recorded reply has already arrived): undo drops it first
    if (!this.#onUserMove) return played;
    return played.then((reply) => {
      if (reply.ok) this.#onUserMove(legal.move, reply);
      return reply;
    });
  }

  /**
   * The pick cannot go to `square`: say so at once and drop the pick; then, if the game can name
   * that move (its module's moveText, or dropText for a drop), ask the engine why not and say that instead.
   */
  #refuse(square) {
    const { origin } = this.#pick;
    const piece = this.#game.pieceName(this.#movingLetter());
    const plain = origin.square ? t('cannotGo', { piece, from: origin.square, to: square })
      : t('cannotDrop', { piece, to: square });
    // the game may know why at once (a drop onto an occupied square, a dead pawn): said before the engine answers
    const why = this.#game.refusalReason?.(this.#record.state, origin, square);
    const what = why ? `${plain}: ${why}` : plain;
    if (!this.#held) this.#pick = null;
    this.#chooser.close();
    this.#show(what);
    this.#paint();
    const tried = origin.square ? this.#game.moveText?.(origin.square, square)
      : this.#game.dropText?.(origin.drop, square);
    if (tried) this.#explain(tried, what);
  }

  /** Replace the message `shown` by the engine's reason why `move` is illegal, if nothing changed meanwhile. */
  async #explain(move, shown) {
    const state = this.#record.state;
    /** @type {import('../types/engine.js').PlayRequest} */
    const request = { op: 'play', game: this.#game.id, position: this.#record.initial, moves: [...this.#record.moves, move] };
    let reply;
    try {
      reply = await this.#engine.call(request, { urgent: true, optional: true });
    } catch {
      return; // the engine stopped or is not loaded (a recorded page): the first message stays
    }
    // where an illegal move loses the game (status.illegal), the reply is that lost game: only its reason is read
    const refused = reply.ok ? reply.status?.illegal : reply.error;
    if (!refused || this.#record.state !== state || this.#message.textContent !== shown) return;
    this.#show(errorText(refused));
    const marks = this.#game.refusalMarks?.(state, refused) ?? [];
    if (marks.length) {
      this.#hints = new Set(marks);
      this.#paint();
    }
  }

  /** The pick reaches `square` (a tap on it, or a drag released there). */
  #reach(square) {
    const result = step(this.#pick, square);
    if (result.kind === 'move') return this.#send(result.move);
    if (result.kind === 'choose') return this.#choose(result.moves, square);
    if (result.kind === 'continue') return this.#landed(result.pick);
    return this.#refuse(square);
  }

  /** One tap (click, or Enter on the cursor): pick, cancel, step along a path or move. */
  #tap(square) {
    const state = this.#record.state;
    if (this.#over) return this.#show(t('gameOver'));
    const pick = this.#pick;
    if (pick && (square === pick.origin.square || square === standsOn(pick))) return this.#cancel();
    if (pick && step(pick, square).kind !== 'none') return this.#reach(square);
    if (this.#isMine(square)) return this.#pickSquare(square);
    if (pick) return this.#refuse(square);
    if (state.board[square]) return this.#show(t('notYourTurn', { side: sideName(this.#game, state.turn) }));
    return this.#setPick(null);
  }

  /** Board coordinates (in squares) of a pointer event. */
  #point(event) {
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(this.#svg.getScreenCTM().inverse());
    return [p.x, p.y];
  }

  #squareAt(event) {
    const [x, y] = this.#point(event).map(Math.floor);
    const { files, ranks } = this.#size;
    return x >= 0 && x < files && y >= 0 && y < ranks ? squareAtXY(x, y, this.#upright, this.#size) : null;
  }

  /** Start following a press on `el` that may become a drag. */
  #grab(event, el, toggle) {
    this.#drag = { toggle, start: this.#point(event), moved: false };
    el.setPointerCapture?.(event.pointerId);
  }

  #onPointerDown(event) {
    if (event.button !== 0) return;
    if (this.#chooser.isOpen) {
      this.#cancel();
      return;
    }
    const accepting = this.#accepting();
    if (!accepting) return;
    const square = this.#squareAt(event);
    if (!square) return;
    this.#cursor = square;
    if (accepting === 'queue') {
      this.#enqueue({ square });
      return;
    }
    const pick = this.#pick;
    if (this.#over) {
      this.#tap(square);
    } else if (pick && (square === standsOn(pick) || square === pick.origin.square)) {
      this.#grab(event, this.#svg, true); // the moving piece again: a tap cancels, a drag goes on
    } else if (this.#isMine(square) && !(pick && step(pick, square).kind !== 'none')) {
      this.#pickSquare(square);
      this.#grab(event, this.#svg, false);
    } else {
      this.#tap(square);
    }
    if (this.#chooser.isOpen) event.preventDefault(); // the press must not take the focus from the chooser
  }

  /**
   * A finger on the board scrolls the page (touch-action in site.css), unless it starts on a piece
   * the reader may move: that gesture is a drag, so the page must not scroll. (Browsers do not
   * all honour touch-action on SVG squares, so the touch is also cancelled here; this runs after
   * pointerdown, so the squares' classes already say what the press picked.)
   */
  #onTouchStart(event) {
    if (event.touches.length !== 1) return; // two fingers: the browser zooms
    const square = this.#squareAt(event.touches[0]);
    if (square && this.#cells.get(square).cell.classList.contains('kr-movable')) event.preventDefault();
  }

  /** A press on a hand piece: pick it (or, pressed again, drop the pick) and follow a drag. */
  #onHandDown(event) {
    const button = event.target.closest('.kr-hand-piece');
    const accepting = event.button === 0 && button && !button.disabled && this.#accepting();
    if (!accepting || (accepting === 'on' && this.#over)) return;
    event.preventDefault();
    const kind = button.dataset.piece;
    if (accepting === 'queue') {
      this.#enqueue({ drop: kind });
      return;
    }
    const again = this.#pick?.origin.drop === kind;
    if (!again) this.#pickDrop(kind);
    this.#grab(event, event.currentTarget, again);
  }

  /** Enter or Space on a hand piece: pick it and go on with the arrow keys on the board. */
  #onHandKey(event) {
    const button = event.target.closest('.kr-hand-piece');
    const accepting = button && event.detail === 0 && this.#accepting();
    if (!accepting) return;
    if (accepting === 'queue') this.#enqueue({ drop: button.dataset.piece });
    else if (this.#pick?.origin.drop === button.dataset.piece) this.#cancel();
    else this.#pickDrop(button.dataset.piece);
    this.#svg.focus({ preventScroll: true });
  }

  #onPointerMove(event) {
    const drag = this.#drag;
    if (!drag || !this.#pick) return;
    const [x, y] = this.#point(event);
    if (!drag.moved && Math.hypot(x - drag.start[0], y - drag.start[1]) < DRAG_START) return;
    if (!drag.moved) {
      drag.moved = true;
      this.#ghost.setAttribute('href', `#${this.#game.sprite(this.#movingLetter(), this.#orientation)}`);
      this.#ghost.classList.add('kr-ghost-on');
      this.#paint();
    }
    this.#ghost.setAttribute('x', x - 0.575);
    this.#ghost.setAttribute('y', y - 0.575);
    const square = this.#squareAt(event);
    const onward = square && passOver(this.#pick, square);
    if (onward) this.#landed(onward);
  }

  #onPointerUp(event) {
    const drag = this.#drag;
    if (!drag) return;
    this.#endDrag();
    const pick = this.#pick;
    if (!pick) return;
    if (!drag.moved) {
      if (drag.toggle) this.#cancel();
      return;
    }
    const target = this.#squareAt(event);
    if (!target) return; // released off the board: the pick stays
    this.#cursor = target;
    if (target !== standsOn(pick)) {
      this.#reach(target);
      return;
    }
    const ending = endingHere(pick); // released on the square the drag last landed on
    if (ending.length === 1) this.#send(ending[0]);
    else if (ending.length > 1) this.#choose(ending, target);
    else this.#paint();
  }

  #endDrag() {
    this.#drag = null;
    this.#ghost.classList.remove('kr-ghost-on');
    this.#paint();
  }

  #onKey(event) {
    if (!this.#record.state) return;
    const move = ARROW_KEYS[event.key];
    if (move) {
      event.preventDefault();
      const [x, y] = squareXY(this.#cursor, this.#upright, this.#size);
      const clamp = (v, most) => Math.min(most - 1, Math.max(0, v));
      this.#cursor = squareAtXY(clamp(x + move[0], this.#size.files), clamp(y + move[1], this.#size.ranks), this.#upright,
        this.#size);
      this.#paint();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const accepting = this.#accepting();
      if (accepting === 'queue') this.#enqueue({ square: this.#cursor });
      else if (accepting) this.#tap(this.#cursor);
    } else if (event.key === 'Escape' && this.#pick) {
      event.preventDefault();
      this.#cancel();
    }
  }
}
