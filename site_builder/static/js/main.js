/**
 * Page entry: upgrade every figure.kr-board[data-interactive="true"] into a live board.
 * The static diagram stays until the engine is ready, and stays for good if it fails.
 * figure[data-state] tells where an upgrade is: "loading" | "ready" | "failed".
 */
import { engine } from './engine-client.js';
import { Board } from './board.js';
import { t, errorText } from './i18n.js';

const words = (text) => (text || '').split(/\s+/).filter(Boolean);

async function upgrade(figure) {
  const note = document.createElement('p');
  note.className = 'kr-note';
  note.setAttribute('role', 'status');
  note.textContent = t('loading');
  figure.insertBefore(note, figure.querySelector(':scope > figcaption'));
  figure.dataset.state = 'loading';
  let board = null;
  try {
    await engine.ready;
    const data = figure.dataset;
    board = new Board(figure, {
      game: data.game,
      position: data.position,
      orientation: data.orientation,
      highlights: words(data.highlights),
      arrows: words(data.arrows),
      lastMove: data.lastMove || null,
    });
    const reply = await board.start();
    if (!reply.ok) throw new Error(errorText(reply.error));
    note.remove();
    figure.dataset.state = 'ready';
  } catch (err) {
    if (board) board.element.remove();
    note.textContent = t('failed');
    note.title = err.message;
    figure.dataset.state = 'failed';
  }
}

function upgradeAll() {
  for (const figure of document.querySelectorAll('figure.kr-board[data-interactive="true"]')) upgrade(figure);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', upgradeAll);
else upgradeAll();
