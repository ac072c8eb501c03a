/**
 * The sandbox (#kr-sandbox[data-game]): one board for both sides, or a game against the
 * computer (boards/computer.js: it plays the side the reader leaves it, at level 1 to 3, from the
 * start or from any position); a FEN field (set position, copy), a new-game button and the move
 * list in words. Above the board the page asks "you play" (side and level): a fresh sandbox plays
 * the computer at level 1, the reader the first side, and the status line tells the end as "you
 * won/lost". The address keeps the game: ?fen=<initial position>&moves=<moves>&vs=<the computer's
 * side, empty: nobody>&level=<n>, so a link (or the language switch) opens the same game; a link
 * with a position and no vs is a game by hand. A position or a link the engine refuses is
 * reported and changes nothing.
 * Its start, every first move and the computer's reply to it at every level come from the
 * replies the build recorded beside the page (#kr-sandbox[data-replies], core/recorded-engine.js),
 * so the first exchange needs no Pyodide. Pyodide loads at once when the computer plays, else on
 * the reader's first touch of the board; what follows, a shared link and a set position wait for
 * it (taps are kept meanwhile: boards/board.js).
 */
import { engine as liveEngine } from './core/engine-client.js';
import { recordedEngine, replies, warmOnTouch } from './core/recorded-engine.js';
import { t, errorText } from './core/i18n.js';
import { Board } from './boards/board.js';
import { Computer } from './boards/computer.js';
import { plyText, sideName } from './boards/describe.js';
import { startPage } from './boards/live-figure.js';
import { loadGame } from './games/index.js';
/** @import { BoardGameModule } from './types/game.js' */
/** @import { Ply } from './boards/record.js' */
/** @import { ComputerUpdate } from './boards/computer.js' */

const root = document.getElementById('kr-sandbox');
const game = root.dataset.game;
const LEVELS = [1, 2, 3];
const DEFAULT_LEVEL = 1;

/**
 * Create an HTML element with a class and optional text, appended to `parent`.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {HTMLElement} parent
 * @param {K} tag
 * @param {string} [className]
 * @param {string} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
function add(parent, tag, className, text = '') {
  const el = document.createElement(tag);
  if (className) el.className = className;
  el.textContent = text;
  parent.append(el);
  return el;
}

/**
 * A labelled <select> of `options` ([value, label]) in `parent`.
 * @param {HTMLElement} parent
 * @param {string} id
 * @param {string} label
 * @param {string[][]} options
 */
function select(parent, id, label, options) {
  const box = add(parent, 'div', 'kr-field');
  const text = add(box, 'label', '', label);
  text.htmlFor = id;
  const el = add(box, 'select', 'kr-select');
  el.id = id;
  for (const [value, name] of options) add(el, 'option', '', name).value = value;
  return el;
}

/**
 * Rows of the move list: [{number, plies}], one row per round of the game's sides; actions
 * (e.g. counting claims) are kept beside the moves. Reads the board's plies, never the move text.
 * @param {Board} board
 */
function moveRows(board) {
  const { sides, moveNumber } = board.game;
  let number = moveNumber?.(board.initial) ?? 1;
  /** @type {{number: number, plies: (Ply | null)[], done?: boolean}[]} */
  const rows = [];
  /** @type {{number: number, plies: (Ply | null)[], done?: boolean} | null} */
  let row = null;
  for (const ply of board.plies) {
    if (ply.side === sides[0] && (!row || row.done)) rows.push((row = { number, plies: [] }));
    if (!row) rows.push((row = { number, plies: [null] }));
    row.plies.push(ply);
    if (!ply.action && ply.side === sides.at(-1)) {
      row.done = true;
      number += 1;
    }
  }
  return rows;
}

/**
 * The side the computer plays when the reader plays `side` (a game of two sides).
 * @param {BoardGameModule} plug
 * @param {string} side
 */
const otherSide = (plug, side) => plug.sides.find((s) => s !== side);

/**
 * The panel: "you play" (side and level) above the board, the position field and the moves after it.
 * The side choice's value is the computer's side (vs= in the address); its words name the reader's.
 * @param {BoardGameModule} plug
 */
function buildPanel(plug) {
  const vs = document.createElement('section');
  vs.className = 'kr-vs';
  root.prepend(vs);
  vs.setAttribute('aria-labelledby', 'kr-vs-heading');
  add(vs, 'h2', 'kr-panel-heading', t('vsHeading')).id = 'kr-vs-heading';
  const fields = add(vs, 'div', 'kr-vs-fields');
  const side = select(fields, 'kr-vs-side', t('vsSide'),
    [...plug.sides.map((s) => [otherSide(plug, s), sideName(plug, s)]), ['', t('vsNobody')]]);
  const level = select(fields, 'kr-vs-level', t('vsLevel'), LEVELS.map((n) => [String(n), t(`vsLevel${n}`)]));
  const state = add(vs, 'p', 'kr-vs-state');
  state.setAttribute('role', 'status');

  const panel = add(root, 'div', 'kr-sandbox-panel');
  const form = add(panel, 'form', 'kr-fen-form');
  const label = add(form, 'label', '', t('fenLabel'));
  label.htmlFor = 'kr-fen';
  const input = add(form, 'input', 'kr-fen');
  Object.assign(input, { id: 'kr-fen', type: 'text', spellcheck: false, autocomplete: 'off' });
  input.setAttribute('autocapitalize', 'off');
  input.setAttribute('translate', 'no');
  const buttons = add(form, 'div', 'kr-controls');
  const button = (action, key, type = 'button') => {
    const el = add(buttons, 'button', 'kr-btn', t(key));
    Object.assign(el, { type });
    el.dataset.action = action;
    return el;
  };
  button('set-position', 'setPosition', 'submit');
  const copy = button('copy-fen', 'copyFen');
  const fresh = button('new-game', 'newGame');
  const message = add(form, 'p', 'kr-message');
  message.setAttribute('role', 'status');
  add(panel, 'h2', 'kr-moves-heading', t('movesHeading'));
  const list = add(panel, 'ol', 'kr-movelist');
  return { side, level, state, form, input, copy, fresh, message, list, shown: { position: '' } };
}

/** @typedef {ReturnType<typeof buildPanel>} Panel */

/**
 * Show `text` under the FEN field; `error` styles it as a problem.
 * @param {Panel} ui
 * @param {string} text
 */
function tell(ui, text, error = false) {
  ui.message.textContent = text;
  ui.message.classList.toggle('kr-error', error);
}

/**
 * @param {Panel} ui
 * @param {Board} board
 */
function showMoves(ui, board) {
  // A new position replaces the field's text; the same one shown again (the engine's fuller reply to
  // a recorded one) leaves what the reader may be typing there.
  if (board.position !== ui.shown.position) ui.input.value = ui.shown.position = board.position;
  ui.list.replaceChildren();
  for (const { number, plies } of moveRows(board)) {
    const li = add(ui.list, 'li');
    li.value = number;
    plies.forEach((ply, i) => {
      if (i) li.append(' ');
      if (ply) add(li, 'span', 'kr-ply', plyText(board.game, ply));
      else add(li, 'span', 'kr-gap', '…'); // the round began before the position
    });
  }
  if (!board.moves.length) add(ui.list, 'li', 'kr-empty', t('noMoves'));
}

/**
 * What the computer is doing, in the line under its settings (always one line tall: no layout shift).
 * @param {Panel} ui
 * @param {Board} board
 * @param {ComputerUpdate} update
 */
function showComputer(ui, board, { thinking, waiting, side, error }) {
  ui.state.classList.toggle('kr-error', Boolean(error));
  root.dataset.thinking = String(thinking);
  if (error) ui.state.textContent = t('vsFailed', { error: errorText(error) });
  else if (!side) ui.state.textContent = t('vsOff');
  else if (board.state?.status.result !== 'ongoing') ui.state.textContent = t('vsOver');
  else if (waiting) ui.state.textContent = t('vsWaitingEngine', { side: sideName(board.game, side) });
  else if (thinking) ui.state.textContent = t('vsThinking', { side: sideName(board.game, side) });
  else ui.state.textContent = t('vsYourMove', { side: sideName(board.game, board.state.turn) });
}

/**
 * The game in the address: ?fen=…&moves=…&vs=…&level=… (replaced, not pushed: Back leaves the page).
 * @param {Board} board
 * @param {Computer} computer
 */
function remember(board, computer) {
  const params = new URLSearchParams(location.search);
  params.set('fen', board.initial);
  if (board.moves.length) params.set('moves', board.moves.join(' '));
  else params.delete('moves');
  params.set('vs', computer.side ?? '');
  if (computer.side) params.set('level', String(computer.level));
  else params.delete('level');
  history.replaceState(history.state, '', `${location.pathname}?${params}${location.hash}`);
}

/**
 * @param {Panel} ui
 * @param {Board} board
 */
async function copyFen(ui, board) {
  ui.input.value = board.position;
  try {
    await navigator.clipboard.writeText(board.position);
    tell(ui, t('copied'));
  } catch {
    ui.input.focus();
    ui.input.select();
    tell(ui, t('copyByHand'));
  }
}

/**
 * @param {Panel} ui
 * @param {Board} board
 * @param {string} position
 */
async function loadInto(ui, board, position) {
  const reply = await board.load(position);
  if (reply.ok) tell(ui, t('positionSet'));
  else tell(ui, `${t('badPosition')} — ${errorText(reply.error)}`, true);
  return reply;
}

/**
 * Open the game of a shared link: its position, then as many of its moves as the engine accepts.
 * A position the engine refuses leaves the game as it was; either way the reason is shown.
 * @param {Panel} ui
 * @param {Board} board
 * @param {string} fen
 * @param {string[]} moves
 */
async function openLink(ui, board, fen, moves) {
  const loaded = await board.load(fen);
  if (!loaded.ok) {
    tell(ui, t('badLink', { error: errorText(loaded.error) }), true);
    return;
  }
  for (const [i, move] of moves.entries()) {
    const reply = await board.play(move);
    if (!reply.ok) {
      tell(ui, t('badLinkMove', { n: i + 1, error: errorText(reply.error) }), true);
      return;
    }
  }
}

/**
 * Load the live engine now if the computer plays (the page cannot work without it for long),
 * else once the reader touches the board or picks a side for the computer.
 * @param {Computer} computer
 * @param {import('./types/engine.js').RecordedEngine} engine
 */
function warmFor(computer, engine) {
  if (computer.side) {
    engine.warm();
    return;
  }
  warmOnTouch(root, engine);
  root.querySelector('#kr-vs-side').addEventListener('change', () => { if (computer.side) engine.warm(); });
}

/** The page's engine: the recorded replies first when they can be read, else the live engine. */
async function pageEngine() {
  const table = root.dataset.replies ? await replies(root.dataset.replies) : null;
  return table ? recordedEngine(table) : liveEngine;
}

startPage(root, async () => {
  const engine = await pageEngine();
  const [plug, start] = await Promise.all([loadGame(game), engine.call({ op: 'start', game, options: {} })]);
  if (!start.ok) throw new Error(errorText(start.error));
  let computer = null;
  const board = new Board(root, {
    game: plug, engine, position: start.position, controls: ['flip', 'undo', 'actions'],
    undoCount: (b) => computer.undoCount(b),
  });
  const ui = buildPanel(plug);
  const params = new URLSearchParams(location.search);
  const wanted = Number(params.get('level'));
  ui.level.value = String(LEVELS.includes(wanted) ? wanted : DEFAULT_LEVEL);
  const vs = params.get('vs') ?? (params.has('fen') ? '' : otherSide(plug, plug.sides[0])); // fresh: play the computer
  ui.side.value = plug.sides.includes(vs) ? vs : '';
  let linked = false; // the address holds what the reader opened; it is rewritten from the first change on
  computer = new Computer(board, { engine, onUpdate: (info) => showComputer(ui, board, info) });
  board.onChange(() => {
    showMoves(ui, board);
    if (linked) remember(board, computer);
  });
  const reply = await board.start();
  if (!reply.ok) throw new Error(errorText(reply.error));
  const fen = params.get('fen');
  if (fen) await openLink(ui, board, fen, (params.get('moves') ?? '').split(/[\s,]+/).filter(Boolean));
  linked = true;

  const choose = () => {
    const side = ui.side.value || null;
    if (side && board.orientation === side) board.flip(); // the reader's own side at the bottom
    board.reader = side && otherSide(plug, side);
    computer.set({ side, level: Number(ui.level.value) });
    remember(board, computer);
  };
  ui.side.addEventListener('change', choose);
  ui.level.addEventListener('change', choose);
  ui.form.addEventListener('submit', (e) => {
    e.preventDefault();
    loadInto(ui, board, ui.input.value.trim());
  });
  ui.copy.addEventListener('click', () => copyFen(ui, board));
  ui.fresh.addEventListener('click', () => loadInto(ui, board, start.position));
  board.reader = ui.side.value && otherSide(plug, ui.side.value);
  computer.set({ side: ui.side.value || null, level: Number(ui.level.value) });
  if (computer.side && board.orientation === computer.side) board.flip();
  if (engine !== liveEngine) warmFor(computer, /** @type {import('./types/engine.js').RecordedEngine} */ (engine));
}, t('preparing')); // the board comes from the page's record: prepared, not loaded
