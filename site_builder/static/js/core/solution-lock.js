/**
 * The solution lock: what a puzzle page may reveal, decided here for every puzzle UI and every
 * game. core/puzzle-shell.js's Shell asks it (Shell.may / Shell.forbids) with the page's
 * assignment (core/assignment-mode.js); the puzzle UIs (core/puzzle-ui.js, games/<id>/) ask the
 * Shell, never the assignment. What may be revealed:
 *   'hints'     the hint button and the page's written hints;
 *   'solution'  the solution button ("ดูเฉลย") and the page's written solution (.kr-puzzle-solution);
 *   'analyse'   the analysis board on the live engine (it finds the answer);
 *   'tools'     links to a tool that works the answer out (Dummy's points calculator with the table).
 * Outside an assignment everything may be shown. While the page has not read its assignment yet,
 * nothing. In an assignment, hints and the solution as the teacher set them; the analysis board and
 * the tools with the solution, or once the reader has solved the item (the answer is theirs then).
 */

/** @typedef {'hints' | 'solution' | 'analyse' | 'tools'} Reveal */

/** Every kind of reveal, in the order above. */
export const REVEALS = /** @type {const} */ (['hints', 'solution', 'analyse', 'tools']);

/**
 * May the page reveal `what`?
 * @param {Reveal} what
 * @param {{rules?: {hints: boolean, solution: boolean} | null, pending?: boolean, solved?: boolean}} page
 *   rules: the assignment's (null or absent: the page is no assignment's item); pending: the page
 *   may be an assignment's item whose code is not read yet; solved: the reader solved the item on
 *   this page.
 * @returns {boolean}
 */
export function mayReveal(what, { rules = null, pending = false, solved = false }) {
  if (!REVEALS.includes(what)) throw new Error(`unknown reveal: ${what}`);
  if (pending) return false;
  if (!rules) return true;
  if (what === 'hints') return rules.hints === true;
  if (what === 'solution') return rules.solution === true;
  return rules.solution === true || solved;
}
