/**
 * mountBoard(figure, options, beforeStart): turn a static diagram figure into a live Board
 * once the engine is ready. `options` are Board's, with `game` as the game's module or a promise
 * of it (the page loads it: games/index.js loadGame). A loading note shows meanwhile (it says the
 * board is being prepared when a recorded engine answers it, the engine is loading otherwise) and
 * figure[data-state] says where it is:
 * "loading" | "ready" | "failed". Resolves to the started Board, or to null when the game's
 * module, the engine or the position failed; the static diagram then stays and the note
 * says so, with a reload button.
 * startPage(root, start): the same states and note for a page's own live part (the sandbox,
 * a trainer) that `start()` builds inside `root`.
 */
/** @import { BoardOptions } from './board.js' */
/** @import { BoardGameModule } from '../types/game.js' */
import { engine as pageEngine } from '../core/engine-client.js';
import { t, errorText } from '../core/i18n.js';
import { Board } from './board.js';

/** A loading note (role=status, `text`) in `host`, before `before` (else at the end). */
function loadingNote(host, before, text = t('loading')) {
  const note = document.createElement('p');
  note.className = 'kr-note';
  note.setAttribute('role', 'status');
  note.textContent = text;
  host.insertBefore(note, before);
  host.dataset.state = 'loading';
  return note;
}

/**
 * @param {HTMLElement} figure
 * @param {Omit<BoardOptions, 'game'> & {game: BoardGameModule | Promise<BoardGameModule>}} options
 * @param {(board: Board) => void} [beforeStart]
 * @returns {Promise<Board | null>}
 */
export async function mountBoard(figure, options, beforeStart = () => {}) {
  const engine = options.engine ?? pageEngine;
  const recorded = 'knows' in engine; // answered from the page's record: no engine to wait for
  const note = loadingNote(figure, figure.querySelector(':scope > figcaption'), t(recorded ? 'preparing' : 'loading'));
  let board = null;
  try {
    const [game] = await Promise.all([options.game, engine.ready]);
    board = new Board(figure, { ...options, game, engine });
    beforeStart(board);
    const reply = await board.start();
    if (!reply.ok) throw new Error(errorText(reply.error));
    note.remove();
    figure.dataset.state = 'ready';
    return board;
  } catch (err) {
    board?.destroy();
    showFailure(figure, note, err);
    return null;
  }
}

/**
 * Run `start()`, which builds `root`'s live part, with a loading note saying `text` meanwhile;
 * if it throws, `root` keeps only the note saying so.
 * @param {HTMLElement} root
 * @param {() => Promise<void>} start
 * @param {string} [text]
 */
export async function startPage(root, start, text = t('loading')) {
  const note = loadingNote(root, root.firstChild, text);
  try {
    await start();
    note.remove();
    root.dataset.state = 'ready';
  } catch (err) {
    root.replaceChildren(note);
    showFailure(root, note, err);
  }
}

/** Say in `note` that the engine or the position failed, with a reload button; `host` gets data-state="failed". */
export function showFailure(host, note, err) {
  note.textContent = `${t('failed')} `;
  note.title = err.message;
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'kr-btn kr-reload';
  reload.dataset.action = 'reload';
  reload.textContent = t('reload');
  reload.addEventListener('click', () => window.location.reload());
  note.append(reload);
  host.dataset.state = 'failed';
}
