/**
 * Static pictures of a board for paper (the printable worksheet, teach/worksheet.js), for any
 * board game: the squares and pieces with the coordinates beside them, in strips wide enough to
 * read at print size (never inside the squares, where the build's small diagrams put them).
 *
 * - withCoordinates(svg, upright, size): a diagram the build drew (svg.kr-diagram, its squares
 *   filling 0..files x 0..ranks of its viewBox) gets the strips and the letters and numbers;
 * - drawDiagram({pieces, upright, size, sprite, shaded, label}): a board no build drew (a
 *   teacher-made exercise), from a `play` reply's `board` map, the same look as the build's
 *   (classes kr-diagram, kr-bg, kr-grid, kr-edge, kr-pieces: the same CSS reaches both);
 * - drawHand(pieces, sprite, side, place): a drop game's pieces in hand, as the build draws them.
 * The piece symbols are the page's (a game's sprite); `sprite(letter)` names one
 * (the game module's sprite(letter, orientation)).
 */
import { drawCoordinates, gridLines, squareAtXY, squareXY, STANDARD, svgEl, viewBox } from './grid.js';

/** @typedef {import('./grid.js').BoardSize} BoardSize */
/** @typedef {import('./grid.js').Strips} Strips */

/** @type {Strips} the strips of a printed board, in squares: room for letters 0.4 of a square tall (print.css) */
export const PRINT_STRIPS = Object.freeze({ left: 0.5, bottom: 0.5 });
const WOOD = '#ecd3a0'; // the build's board colour (site_builder/diagram.py), for a page without its CSS
const DARK = 'rgb(138 90 43 / .42)'; // a shaded square (site.css .kr-shade)

/**
 * Widen `svg`'s viewBox by the print strips and draw the coordinates in them (class
 * kr-print-board). What it drew before moves into an inner <svg> of the squares' size, so that
 * sizes in percent (a <use> of a symbol without width: the build's frames and 8x8 pieces) still
 * mean the squares.
 * @param {SVGSVGElement} svg
 * @param {boolean} upright rank 1 at the bottom
 * @param {BoardSize} [size]
 */
export function withCoordinates(svg, upright, size = STANDARD) {
  const squares = svgEl('svg', { width: size.files, height: size.ranks, viewBox: `0 0 ${size.files} ${size.ranks}` });
  squares.append(...svg.childNodes);
  svg.append(squares);
  svg.setAttribute('viewBox', viewBox(size, PRINT_STRIPS));
  svg.classList.add('kr-print-board');
  const coords = drawCoordinates(svg, upright, size, PRINT_STRIPS);
  // the look print.css gives them, as attributes: a page without print.css shows them too
  const look = { 'aria-hidden': 'true', 'font-size': '40', 'font-weight': '700', 'font-family': 'system-ui, sans-serif',
    fill: '#000', 'text-anchor': 'middle', 'dominant-baseline': 'central' };
  for (const [name, value] of Object.entries(look)) coords.setAttribute(name, value);
  return svg;
}

/**
 * A static board: `pieces` ({square: piece letter}, a `play` reply's `board`), seen with rank 1
 * at the bottom when `upright`; `sprite(letter)` the id of a piece's symbol; `shaded(square)`
 * true for a dark square; `label` its spoken description.
 * @param {{pieces: Record<string, string>, upright: boolean, size?: BoardSize,
 *   sprite: (letter: string) => string, shaded?: (square: string) => boolean, label: string}} board
 * @returns {SVGSVGElement}
 */
export function drawDiagram({ pieces, upright, size = STANDARD, sprite, shaded = () => false, label }) {
  const { files, ranks } = size;
  const svg = /** @type {SVGSVGElement} */ (svgEl('svg', { class: 'kr-diagram', role: 'img', 'aria-label': label }));
  svgEl('rect', { class: 'kr-bg', width: files, height: ranks, fill: WOOD }, svg);
  const dark = [];
  for (let x = 0; x < files; x++) {
    for (let y = 0; y < ranks; y++) {
      if (shaded(squareAtXY(x, y, upright, size))) dark.push(`M${x} ${y}h1v1h-1z`);
    }
  }
  if (dark.length) svgEl('path', { class: 'kr-dark', d: dark.join(''), fill: DARK }, svg);
  svgEl('path', { class: 'kr-grid', d: gridLines(size), fill: 'none', stroke: '#5b3d1c', 'stroke-width': 0.03 }, svg);
  svgEl('rect', { class: 'kr-edge', width: files, height: ranks, fill: 'none', stroke: '#5b3d1c', 'stroke-width': 0.08 }, svg);
  const layer = svgEl('g', { class: 'kr-pieces' }, svg);
  for (const [square, letter] of Object.entries(pieces)) {
    const [x, y] = squareXY(square, upright, size);
    svgEl('use', { href: `#${sprite(letter)}`, x, y, width: 1, height: 1 }, layer);
  }
  return withCoordinates(svg, upright, size);
}

/**
 * A drop game's pieces in hand as the build draws them beside a diagram (site.css .kr-hand):
 * div.kr-hand[data-side][data-place] > span.kr-hand-piece (the piece, its count).
 * @param {{letter: string, count: number}[]} pieces
 * @param {(letter: string) => string} sprite
 * @param {string} side
 * @param {'top' | 'bottom'} place
 * @returns {HTMLDivElement}
 */
export function drawHand(pieces, sprite, side, place) {
  const hand = document.createElement('div');
  hand.className = 'kr-hand';
  Object.assign(hand.dataset, { side, place });
  hand.setAttribute('aria-hidden', 'true'); // the board's label says the hands
  for (const { letter, count } of pieces) {
    const piece = document.createElement('span');
    piece.className = 'kr-hand-piece';
    const svg = svgEl('svg', { viewBox: '0 0 1 1' }, piece);
    svgEl('use', { href: `#${sprite(letter)}`, width: 1, height: 1 }, svg);
    const number = document.createElement('span');
    number.className = 'kr-hand-count';
    number.textContent = String(count);
    piece.append(number);
    hand.append(piece);
  }
  return hand;
}
