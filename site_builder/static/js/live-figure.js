/**
 * mountBoard(figure, options, beforeStart): turn a static diagram figure into a live Board
 * once the engine is ready. A loading note shows meanwhile and figure[data-state] says where
 * it is: "loading" | "ready" | "failed". Resolves to the started Board, or to null when the
 * engine or the position failed; the static diagram then stays and the note says so.
 */
import { engine } from './engine-client.js';
import { Board } from './board.js';
import { t, errorText } from './i18n.js';

export async function mountBoard(figure, options, beforeStart = () => {}) {
  const note = document.createElement('p');
  note.className = 'kr-note';
  note.setAttribute('role', 'status');
  note.textContent = t('loading');
  figure.insertBefore(note, figure.querySelector(':scope > figcaption'));
  figure.dataset.state = 'loading';
  let board = null;
  try {
    await engine.ready;
    board = new Board(figure, options);
    beforeStart(board);
    const reply = await board.start();
    if (!reply.ok) throw new Error(errorText(reply.error));
    note.remove();
    figure.dataset.state = 'ready';
    return board;
  } catch (err) {
    board?.element.remove();
    showFailure(figure, note, err);
    return null;
  }
}

/** Say in `note` that the engine or the position failed; `host` gets data-state="failed". */
export function showFailure(host, note, err) {
  note.textContent = t('failed');
  note.title = err.message;
  host.dataset.state = 'failed';
}
