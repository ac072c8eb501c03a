/**
 * The free-play sandbox (#kr-sandbox[data-game]): one board for both sides, a FEN field
 * (set position, copy), a new-game button and the move list. `?fen=` opens a position.
 */
import { engine } from './core/engine-client.js';
import { t, errorText } from './core/i18n.js';
import { Board } from './boards/board.js';
import { startPage } from './boards/live-figure.js';
import { loadGame } from './games/index.js';

const root = document.getElementById('kr-sandbox');
const game = root.dataset.game;

/** Create an HTML element with a class and optional text, appended to `parent`. */
function add(parent, tag, className, text = '') {
  const el = document.createElement(tag);
  if (className) el.className = className;
  el.textContent = text;
  parent.append(el);
  return el;
}

/**
 * Rows of the move list: [{number, plies}], one row per round of the game's sides; actions
 * (e.g. counting claims) are kept beside the moves. Reads the board's plies, never the move text.
 */
function moveRows(board) {
  const { sides, moveNumber } = board.game;
  let number = moveNumber?.(board.initial) ?? 1;
  const rows = [];
  let row = null;
  for (const { move, side, action } of board.plies) {
    if (side === sides[0] && (!row || row.done)) rows.push((row = { number, plies: [] }));
    if (!row) rows.push((row = { number, plies: ['…'] }));
    row.plies.push(move);
    if (!action && side === sides.at(-1)) {
      row.done = true;
      number += 1;
    }
  }
  return rows;
}

function buildPanel() {
  const panel = add(root, 'div', 'kr-sandbox-panel');
  const form = add(panel, 'form', 'kr-fen-form');
  const label = add(form, 'label', '', t('fenLabel'));
  label.htmlFor = 'kr-fen';
  const input = add(form, 'input', 'kr-fen');
  Object.assign(input, { id: 'kr-fen', type: 'text', spellcheck: false, autocomplete: 'off' });
  input.setAttribute('autocapitalize', 'off');
  const buttons = add(form, 'div', 'kr-controls');
  const button = (action, label, type = 'button') => {
    const el = add(buttons, 'button', 'kr-btn', t(label));
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
  return { form, input, copy, fresh, message, list };
}

/** Show `text` under the FEN field; `error` styles it as a problem. */
function tell(ui, text, error = false) {
  ui.message.textContent = text;
  ui.message.classList.toggle('kr-error', error);
}

function showMoves(ui, board) {
  ui.input.value = board.position;
  ui.list.replaceChildren();
  for (const { number, plies } of moveRows(board)) {
    const li = add(ui.list, 'li', '', plies.join(' '));
    li.value = number;
  }
  if (!board.moves.length) add(ui.list, 'li', 'kr-empty', t('noMoves'));
}

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

async function loadInto(ui, board, position) {
  const reply = await board.load(position);
  if (reply.ok) tell(ui, t('positionSet'));
  else tell(ui, `${t('badPosition')} — ${errorText(reply.error)}`, true);
}

startPage(root, async () => {
  const [plug, start] = await Promise.all([loadGame(game), engine.call({ op: 'start', game, options: {} })]);
  if (!start.ok) throw new Error(errorText(start.error));
  const board = new Board(root, { game: plug, position: start.position, controls: ['flip', 'undo', 'actions'] });
  const ui = buildPanel();
  board.onChange(() => showMoves(ui, board));
  const reply = await board.start();
  if (!reply.ok) throw new Error(errorText(reply.error));
  ui.form.addEventListener('submit', (e) => {
    e.preventDefault();
    loadInto(ui, board, ui.input.value.trim());
  });
  ui.copy.addEventListener('click', () => copyFen(ui, board));
  ui.fresh.addEventListener('click', () => loadInto(ui, board, start.position));
  const fen = new URLSearchParams(location.search).get('fen');
  if (fen) await loadInto(ui, board, fen);
});
