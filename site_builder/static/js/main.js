/**
 * Page entry: upgrade every figure.kr-board[data-interactive="true"] into a live board.
 * A figure with data-replies names the page's recorded replies (replies.json beside the page,
 * {board position: table}, written by the build): its board is live as soon as they arrive,
 * before Pyodide; its first move comes from them and the live engine gives what follows
 * (boards/board.js `refresh`; taps meanwhile are kept and played once it is ready). The live
 * engine is fetched only once the reader first presses a pointer or a key on a live board: a
 * lesson that is only read never downloads it. Without recorded replies (or if they cannot be
 * read) the static diagram stays until the engine is ready, and for good if it fails.
 * figure[data-state] tells where an upgrade is: "loading" | "ready" | "failed".
 * A game whose module has liveFigure(figure) (a card game) draws its own live figures.
 */
import { mountBoard } from './boards/live-figure.js';
import { recordedEngine, replies, warmOnTouch } from './core/recorded-engine.js';
import { loadGame } from './games/index.js';

const words = (text) => (text || '').split(/\s+/).filter(Boolean);

/** The figure's recorded engine, or undefined (then the page's live engine) when it has none. */
async function recorded(figure) {
  const url = figure.dataset.replies;
  const table = url ? (await replies(url))?.[figure.dataset.position] : null;
  return table ? recordedEngine(table) : undefined;
}

/** Make `figure` live; its engine loads on the reader's first touch. */
async function upgrade(figure) {
  const data = figure.dataset;
  const game = await loadGame(data.game).catch(() => null);
  if (game?.liveFigure) {
    game.liveFigure(figure); // a game that draws its own live figures (cards)
    return;
  }
  const engine = await recorded(figure);
  if (engine) warmOnTouch(figure, engine);
  mountBoard(figure, {
    game: loadGame(data.game),
    position: data.position,
    orientation: data.orientation,
    highlights: words(data.highlights),
    arrows: words(data.arrows),
    lastMove: data.lastMove || null,
    engine,
  });
}

function upgradeAll() {
  for (const figure of document.querySelectorAll('figure.kr-board[data-interactive="true"]')) upgrade(figure);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', upgradeAll);
else upgradeAll();
