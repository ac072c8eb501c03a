/**
 * The "skip to board" link, the first thing Tab reaches on a page with a live board (base.html
 * writes it when the page has one): it focuses the page's first live board, or, while that board
 * is still being built, the board's frame (the next Tab then lands in the board).
 */
const HOSTS = 'figure.kr-board[data-interactive="true"], #kr-sandbox, .kr-pz-layout figure.kr-board';

/**
 * The element the link should focus: the first live board's grid, else its host.
 * @param {ParentNode} root
 * @returns {HTMLElement | SVGElement | null}
 */
export function boardTarget(root) {
  const host = /** @type {HTMLElement | null} */ (root.querySelector(HOSTS));
  if (!host) return null;
  return /** @type {SVGElement | null} */ (host.querySelector('.kr-live-board')) ?? host;
}

const link = document.querySelector('a[data-skip="board"]');
link?.addEventListener('click', (event) => {
  const target = boardTarget(document);
  if (!target) return;
  event.preventDefault();
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.scrollIntoView({ block: 'start' });
  target.focus();
});
