/**
 * One worksheet item from its puzzle page (/<lang>/puzzles/<id>/): what the build drew and proved
 * there, read out of the page's HTML, never recomputed.
 *
 *   figure   the static diagram (<figure class="kr-board">: the board's SVG, or Dummy's cards),
 *            links and ids taken out; its caption says the side to move
 *   sprites  the <defs> symbols the page's SVG <use>s (piece shapes, board frames, card suits)
 *   data     the page's data block (#kr-puzzle-data, trusted only if its SHA-256 matches, as on
 *            the puzzle page: core/puzzle-block.js): title, goal, quiz, line (the proven solution
 *            in the game's notation)
 *   solution the page's solution in words (the proven line said as moves, the quiz's answer and
 *            why, the Dummy settlement's figures), one string per line
 *
 * A page is parsed with DOMParser: nothing in it runs or loads.
 */
import { readBlock } from '../core/puzzle-block.js';

/** The item read from the puzzle page's HTML text; Error('NOT_A_PUZZLE') if it is some other page or its data is damaged. */
export async function readPuzzlePage(html) {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const data = await readBlock(doc.getElementById('kr-puzzle-data'));
  const figure = doc.querySelector('#kr-puzzle-board > figure');
  if (!data || !figure) throw new Error('NOT_A_PUZZLE');
  return {
    data,
    figure: printable(figure),
    sprites: [...doc.querySelectorAll('svg.kr-sprites > defs > [id]')],
    solution: solutionLines(doc.querySelector('.kr-puzzle-solution')),
  };
}

/** The figure without what only works on screen: links (Dummy's "open in the calculator"), ids. */
function printable(figure) {
  for (const link of figure.querySelectorAll('a')) link.remove();
  for (const node of figure.querySelectorAll('[id]')) node.removeAttribute('id');
  const caption = figure.querySelector('figcaption');
  if (caption && !caption.textContent.trim()) caption.remove();
  return figure;
}

/** The lines of the page's <details class="kr-puzzle-solution"> (list items or paragraphs). */
function solutionLines(details) {
  if (!details) return [];
  return [...details.querySelectorAll('li, p')].map((node) => node.textContent.trim()).filter(Boolean);
}

/**
 * Copies `sprites` into the page's own sprite <defs>, each id once: every puzzle page carries the
 * same symbols under the same ids (a game's pieces, the shared board frames), so the first copy serves all.
 */
export function addSprites(defs, sprites) {
  const have = new Set([...defs.children].map((node) => node.id));
  for (const symbol of sprites) {
    if (have.has(symbol.id)) continue;
    defs.append(document.importNode(symbol, true));
    have.add(symbol.id);
  }
}
