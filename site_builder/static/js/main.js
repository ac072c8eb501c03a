/**
 * Page entry: upgrade every figure.kr-board[data-interactive="true"] into a live board.
 * The static diagram stays until the engine is ready, and stays for good if it fails.
 * figure[data-state] tells where an upgrade is: "loading" | "ready" | "failed".
 */
import { mountBoard } from './boards/live-figure.js';

const words = (text) => (text || '').split(/\s+/).filter(Boolean);

function upgrade(figure) {
  const data = figure.dataset;
  return mountBoard(figure, {
    game: data.game,
    position: data.position,
    orientation: data.orientation,
    highlights: words(data.highlights),
    arrows: words(data.arrows),
    lastMove: data.lastMove || null,
  });
}

function upgradeAll() {
  for (const figure of document.querySelectorAll('figure.kr-board[data-interactive="true"]')) upgrade(figure);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', upgradeAll);
else upgradeAll();
