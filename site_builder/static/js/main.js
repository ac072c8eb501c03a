/**
 * Page entry: upgrade every figure.kr-board[data-interactive="true"] into a live board.
 * A figure with data-replies names the page's recorded replies (replies.json beside the page,
 * {board position: table}, written by the build): its board is live as soon as they arrive,
 * before Pyodide; its first move comes from them and the live engine gives what follows
 * (boards/board.js `refresh`). The live engine is fetched in the background once the page has
 * loaded (unless the reader saves data). Without recorded replies (or if they cannot be read)
 * the static diagram stays until the engine is ready, and for good if it fails.
 * figure[data-state] tells where an upgrade is: "loading" | "ready" | "failed".
 * A game whose module has liveFigure(figure) (a card game) draws its own live figures.
 */
import { mountBoard } from './boards/live-figure.js';
import { recordedEngine, replies, warmWhenLoaded } from './core/recorded-engine.js';
import { loadGame } from './games/index.js';

const words = (text) => (text || '').split(/\s+/).filter(Boolean);

/** The figure's recorded engine, or undefined (then the page's live engine) when it has none. */
async function recorded(figure) {
  const url = figure.dataset.replies;
  const table = url ? (await replies(url))?.[figure.dataset.position] : null;
  return table ? recordedEngine(table) : undefined;
}

async function upgrade(figure) {
  const data = figure.dataset;
  const game = await loadGame(data.game).catch(() => null);
  if (game?.liveFigure) return game.liveFigure(figure).then(() => undefined); // a game that draws its own live figures (cards)
  const engine = await recorded(figure);
  mountBoard(figure, {
    game: loadGame(data.game),
    position: data.position,
    orientation: data.orientation,
    highlights: words(data.highlights),
    arrows: words(data.arrows),
    lastMove: data.lastMove || null,
    engine,
  });
  return engine;
}

async function upgradeAll() {
  const figures = document.querySelectorAll('figure.kr-board[data-interactive="true"]');
  const engines = (await Promise.all([...figures].map(upgrade))).filter(Boolean);
  if (engines.length) warmWhenLoaded(engines[0]);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', upgradeAll);
else upgradeAll();
