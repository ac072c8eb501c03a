/**
 * The drawing of a live 8x8 board: the SVG grid of squares (each a g[role=gridcell] with its
 * highlight rect, target mark, piece <use> and capture cross), the frame and coordinates, lesson
 * arrows, and the geometry between squares and screen cells for either side at the bottom.
 * The squares fill x, y 0..8 of VIEW_BOX; the coordinates sit in a strip left of and below
 * them, so no highlight covers them and no piece touches them, and the whole stays square
 * (the same box as the page's static diagram).
 */
import { t } from '../core/i18n.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const FILES = 'abcdefgh';
const STRIP = 0.32; // width of the coordinate strip, in squares
/** The viewBox of a live board: the 8x8 squares plus the coordinate strip, a square box. */
export const VIEW_BOX = `${-STRIP} 0 ${8 + STRIP} ${8 + STRIP}`;
const TEXT_SCALE = 100; // coordinates are drawn at 100x and scaled down (no tiny font sizes)

/** Create an SVG element with attributes, optionally appended to `parent`. */
export function svgEl(tag, attrs = {}, parent = null) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  if (parent) parent.append(el);
  return el;
}

/** The squares named in a lesson mark ("e3e4", "b1d2"): lesson marks are square lists, not moves. */
export const squaresIn = (mark) => mark.match(/[a-h][1-8]/g) ?? [];

/** Screen column and row (0..7 from the top left) of `square`; `upright`: rank 1 at the bottom. */
export function squareXY(square, upright) {
  const file = FILES.indexOf(square[0]);
  const rank = Number(square.slice(1)) - 1;
  return upright ? [file, 7 - rank] : [7 - file, rank];
}

/** The square at screen column `x`, row `y`. */
export function squareAtXY(x, y, upright) {
  return upright ? `${FILES[x]}${8 - y}` : `${FILES[7 - x]}${y + 1}`;
}

/**
 * Fill `svg` with the board seen with rank 1 at the bottom (`upright`) or at the top; cell ids
 * are `${id}-${square}`; `shaded(square)` true gives the cell the class kr-shade (the dark
 * squares of a game played on them). Returns {cells: Map(square -> {cell, piece}), arrows (a <g>),
 * ghost (a <use>)}.
 */
export function drawGrid(svg, id, upright, shaded = () => false) {
  svg.replaceChildren();
  const cells = new Map();
  svgEl('rect', { class: 'kr-frame', x: -STRIP, width: 8 + STRIP, height: 8 + STRIP }, svg);
  svgEl('rect', { class: 'kr-bg', width: 8, height: 8 }, svg);
  for (let y = 0; y < 8; y++) {
    const row = svgEl('g', { role: 'row', 'aria-label': t('rank', { rank: squareAtXY(0, y, upright)[1] }) }, svg);
    for (let x = 0; x < 8; x++) {
      const square = squareAtXY(x, y, upright);
      const cell = svgEl('g', { role: 'gridcell', id: `${id}-${square}`, class: shaded(square) ? 'kr-sq kr-shade' : 'kr-sq',
        'data-square': square, transform: `translate(${x} ${y})` }, row);
      svgEl('rect', { width: 1, height: 1 }, cell);
      svgEl('circle', { class: 'kr-mark', cx: 0.5, cy: 0.5, r: 0.16 }, cell);
      const piece = svgEl('use', { width: 1, height: 1 }, cell);
      svgEl('path', { class: 'kr-jump', d: 'M.2 .2L.8 .8M.8 .2L.2 .8' }, cell);
      cells.set(square, { cell, piece });
    }
  }
  const lines = Array.from({ length: 7 }, (_, i) => `M${i + 1} 0v8M0 ${i + 1}h8`).join('');
  const deco = svgEl('g', { class: 'kr-deco', 'aria-hidden': 'true' }, svg);
  svgEl('path', { class: 'kr-grid', d: lines }, deco);
  svgEl('rect', { class: 'kr-edge', width: 8, height: 8 }, deco);
  const coords = svgEl('g', { class: 'kr-coords', transform: `scale(${1 / TEXT_SCALE})` }, deco);
  const at = (v) => String(Math.round(v * TEXT_SCALE));
  for (let i = 0; i < 8; i++) {
    svgEl('text', { class: 'kr-file', x: at(i + 0.5), y: at(8 + STRIP / 2) }, coords).textContent = squareAtXY(i, 7, upright)[0];
    svgEl('text', { class: 'kr-rank', x: at(-STRIP / 2), y: at(i + 0.5) }, coords).textContent = squareAtXY(0, i, upright)[1];
  }
  const arrows = svgEl('g', { class: 'kr-arrows' }, deco);
  const ghost = svgEl('use', { class: 'kr-ghost', width: 1.15, height: 1.15, 'aria-hidden': 'true' }, svg);
  return { cells, arrows, ghost };
}

/** Arrow polygon for a lesson mark "b1d2", from the centre of one square towards the other (as the static diagrams draw it). */
export function arrowPath(mark, upright) {
  const [from, to] = squaresIn(mark);
  const [x0, y0] = squareXY(from, upright);
  const [x1, y1] = squareXY(to, upright);
  const length = Math.hypot(x1 - x0, y1 - y0);
  const [ux, uy] = [(x1 - x0) / length, (y1 - y0) / length];
  const [nx, ny] = [-uy, ux];
  const [sx, sy] = [x0 + 0.5 + ux * 0.2, y0 + 0.5 + uy * 0.2];
  const [tx, ty] = [x1 + 0.5 - ux * 0.1, y1 + 0.5 - uy * 0.1];
  const [bx, by] = [tx - ux * 0.38, ty - uy * 0.38];
  const points = [[sx + nx * 0.07, sy + ny * 0.07], [bx + nx * 0.07, by + ny * 0.07], [bx + nx * 0.2, by + ny * 0.2],
    [tx, ty], [bx - nx * 0.2, by - ny * 0.2], [bx - nx * 0.07, by - ny * 0.07], [sx - nx * 0.07, sy - ny * 0.07]];
  return `M${points.map(([x, y]) => `${x.toFixed(3)} ${y.toFixed(3)}`).join('L')}z`;
}
