/**
 * Puzzle page (/<lang>/puzzles/<id>/): reads <script type="application/json" id="kr-puzzle-data">
 * and turns the page's first figure.kr-board into a puzzle: the puzzle UI is core/puzzle-ui.js
 * (the teacher-made exercise page, teach/exercise.js, starts the very same one).
 * This entry point loads the game's module (games/index.js) and hands it down.
 * The data block is trusted only if its SHA-256 matches data-sha256; else a fresh copy comes from
 * the network, or the page says it is damaged, shows the written solution (not on an assignment's
 * page: the solution lock, core/solution-lock.js) and a free board on the live engine.
 */
import { mayWithoutShell, revealWritten, words } from './core/puzzle-shell.js';
import { mountBoard } from './boards/live-figure.js';
import { loadGame } from './games/index.js';
import { fetchPuzzleData, readBlock } from './core/puzzle-block.js';
import { startPuzzle } from './core/puzzle-ui.js';

/**
 * The page's data is damaged and no good copy came from the network: say so, show the written
 * solution, and let the reader explore the position with the live engine. Progress is untouched.
 */
async function brokenPage(figure) {
  const note = document.createElement('p');
  note.className = 'kr-pz-note';
  note.setAttribute('role', 'alert');
  note.textContent = words(mayWithoutShell('solution') ? 'dataBroken' : 'dataBrokenLocked');
  figure.before(note);
  const written = /** @type {HTMLElement[]} */ ([...document.querySelectorAll('.kr-nojs')]);
  revealWritten(written.map((el) => [el, null]), mayWithoutShell); // an assignment's page keeps its solution locked
  const { game, position, orientation } = figure.dataset;
  if (game && position) await mountBoard(figure, { game: loadGame(game), position, orientation, controls: ['flip'] });
}

async function main() {
  const block = document.getElementById('kr-puzzle-data');
  const figure = /** @type {HTMLElement | null} */ (document.querySelector('#kr-puzzle figure.kr-board, #kr-puzzle-board figure.kr-board')
    ?? document.querySelector('figure.kr-board'));
  if (!block || !figure) return;
  let data = await readBlock(block);
  let repaired = false;
  if (!data) {
    data = await fetchPuzzleData(window.location.href, { cache: 'reload' });
    repaired = Boolean(data);
  }
  if (!data) {
    await brokenPage(figure);
    return;
  }
  figure.dataset.puzzle = data.id;
  const puzzle = await startPuzzle(data, figure, loadGame);
  if (repaired) puzzle?.showNote?.(words('dataRepaired'));
}

main();
