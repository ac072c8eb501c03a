/**
 * The drawing of a live board (8x8 unless the game's board has another size): the SVG grid of squares (each a g[role=gridcell] with its
 * highlight rect, target mark, piece <use> and capture cross), the frame and coordinates, lesson
 * arrows, and the geometry between squares and screen cells for either side at the bottom.
 * The squares fill x 0..files, y 0..ranks of viewBox(size); the coordinates sit in a strip left of
 * and below them, so no highlight covers them and no piece touches them. The left strip is thin (a
 * rank's one digit) so that a board across a 360 px phone has squares of 44 px; the strip below,
 * which costs no width, is roomier.
 */
import { t } from '../core/i18n.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const FILES = 'abcdefghijklmnopqrstuvwxyz';
const RANK_STRIP = 0.17; // width of the rank numbers' strip, left of the squares, in squares
const FILE_STRIP = 0.32; // height of the file letters' strip, below the squares
/**
 * A board's size: files (columns a, b, ... left to right) and ranks (rows 1, 2, ... upwards).
 * @typedef {{files: number, ranks: number}} BoardSize
 */
/** @type {BoardSize} the usual board */
export const STANDARD = Object.freeze({ files: 8, ranks: 8 });
/**
 * How wide the coordinate strips beside the squares are, in squares: `left` (the rank numbers)
 * and `bottom` (the file letters).
 * @typedef {{left: number, bottom: number}} Strips
 */
/** @type {Strips} the live board's */
const LIVE_STRIPS = Object.freeze({ left: RANK_STRIP, bottom: FILE_STRIP });
/**
 * The viewBox of a live board: the squares plus the coordinate strips (`strips`: another board's, e.g. a printed one).
 * @param {BoardSize} [size]
 * @param {Strips} [strips]
 */
export const viewBox = (size = STANDARD, { left, bottom } = LIVE_STRIPS) => `${-left} 0 ${size.files + left} ${size.ranks + bottom}`;

/**
 * The size a page gives a board: data-files and data-ranks on `host` or the nearest element
 * around it that has them (the build writes them for a board that is not 8x8), else 8x8.
 * @param {Element} host
 * @returns {BoardSize}
 */
export function sizeOf(host) {
  const sized = /** @type {HTMLElement | null} */ (host.closest('[data-files]'));
  if (!sized) return STANDARD;
  return { files: Number(sized.dataset.files), ranks: Number(sized.dataset.ranks) };
}
const TEXT_SCALE = 100; // coordinates are drawn at 100x and scaled down (no tiny font sizes)

/** Create an SVG element with attributes, optionally appended to `parent`. */
export function svgEl(tag, attrs = {}, parent = null) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  if (parent) parent.append(el);
  return el;
}

/** The squares named in a lesson mark ("e3e4", "b1d2"): lesson marks are square lists, not moves. */
export const squaresIn = (mark) => mark.match(/[a-z][1-9][0-9]?/g) ?? [];

/** Screen column and row (0.. from the top left) of `square`; `upright`: rank 1 at the bottom. */
export function squareXY(square, upright, size = STANDARD) {
  const file = FILES.indexOf(square[0]);
  const rank = Number(square.slice(1)) - 1;
  return upright ? [file, size.ranks - 1 - rank] : [size.files - 1 - file, rank];
}

/** The square at screen column `x`, row `y`. */
export function squareAtXY(x, y, upright, size = STANDARD) {
  return upright ? `${FILES[x]}${size.ranks - y}` : `${FILES[size.files - 1 - x]}${y + 1}`;
}

/**
 * Fill `svg` with the board seen with rank 1 at the bottom (`upright`) or at the top; cell ids
 * are `${id}-${square}`; `shaded(square)` true gives the cell the class kr-shade (the dark
 * squares of a game played on them). Returns {cells: Map(square -> {cell, piece}), arrows (a <g>),
 * ghost (a <use>)}. `size`: the board's files and ranks.
 * @param {SVGSVGElement} svg
 * @param {string} id
 * @param {boolean} upright
 * @param {(square: string) => boolean} [shaded]
 * @param {BoardSize} [size]
 */
export function drawGrid(svg, id, upright, shaded = () => false, size = STANDARD) {
  const { files, ranks } = size;
  svg.replaceChildren();
  const cells = new Map();
  svgEl('rect', { class: 'kr-frame', x: -RANK_STRIP, width: files + RANK_STRIP, height: ranks + FILE_STRIP }, svg);
  svgEl('rect', { class: 'kr-bg', width: files, height: ranks }, svg);
  for (let y = 0; y < ranks; y++) {
    const row = svgEl('g', { role: 'row', 'aria-label': t('rank', { rank: squareAtXY(0, y, upright, size).slice(1) }) }, svg);
    for (let x = 0; x < files; x++) {
      const square = squareAtXY(x, y, upright, size);
      const cell = svgEl('g', { role: 'gridcell', id: `${id}-${square}`, class: shaded(square) ? 'kr-sq kr-shade' : 'kr-sq',
        'data-square': square, transform: `translate(${x} ${y})` }, row);
      svgEl('rect', { width: 1, height: 1 }, cell);
      svgEl('circle', { class: 'kr-mark', cx: 0.5, cy: 0.5, r: 0.16 }, cell);
      const piece = svgEl('use', { width: 1, height: 1 }, cell);
      svgEl('path', { class: 'kr-jump', d: 'M.2 .2L.8 .8M.8 .2L.2 .8' }, cell);
      cells.set(square, { cell, piece });
    }
  }
  const deco = svgEl('g', { class: 'kr-deco', 'aria-hidden': 'true' }, svg);
  svgEl('path', { class: 'kr-grid', d: gridLines(size) }, deco);
  svgEl('rect', { class: 'kr-edge', width: files, height: ranks }, deco);
  drawCoordinates(deco, upright, size);
  const arrows = svgEl('g', { class: 'kr-arrows' }, deco);
  const ghost = svgEl('use', { class: 'kr-ghost', width: 1.15, height: 1.15, 'aria-hidden': 'true' }, svg);
  return { cells, arrows, ghost };
}

/**
 * The inner lines between the squares of a board of `size`, one path.
 * @param {BoardSize} size
 */
export const gridLines = ({ files, ranks }) => Array.from({ length: Math.max(files, ranks) - 1 }, (_, i) =>
  (i + 1 < files ? `M${i + 1} 0v${ranks}` : '') + (i + 1 < ranks ? `M0 ${i + 1}h${files}` : '')).join('');

/**
 * The file letters (class kr-file) centred in the strip below the squares and the rank numbers
 * (kr-rank) in the strip left of them, in a g.kr-coords appended to `parent`, the letters first (a
 * printed board's text reads "abcdefgh12345678"); drawn at 100x (CSS sizes them: font-size 25px is
 * a quarter of a square).
 * @param {SVGElement} parent
 * @param {boolean} upright
 * @param {BoardSize} [size]
 * @param {Strips} [strips]
 */
export function drawCoordinates(parent, upright, size = STANDARD, { left, bottom } = LIVE_STRIPS) {
  const { files, ranks } = size;
  const coords = svgEl('g', { class: 'kr-coords', transform: `scale(${1 / TEXT_SCALE})` }, parent);
  const at = (v) => String(Math.round(v * TEXT_SCALE));
  for (let i = 0; i < files; i++) svgEl('text', { class: 'kr-file', x: at(i + 0.5), y: at(ranks + bottom / 2) }, coords).textContent = squareAtXY(i, ranks - 1, upright, size)[0];
  for (let i = 0; i < ranks; i++) svgEl('text', { class: 'kr-rank', x: at(-left / 2), y: at(i + 0.5) }, coords).textContent = squareAtXY(0, i, upright, size).slice(1);
  return coords;
}

/** Arrow polygon for a lesson mark "b1d2", from the centre of one square towards the other (as the static diagrams draw it). */
export function arrowPath(mark, upright, size = STANDARD) {
  const [from, to] = squaresIn(mark);
  const [x0, y0] = squareXY(from, upright, size);
  const [x1, y1] = squareXY(to, upright, size);
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
