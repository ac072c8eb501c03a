/**
 * The solution lock: what a puzzle page may reveal, decided here for every puzzle UI and every
 * game. core/puzzle-shell.js's Shell asks it (Shell.may / Shell.forbids: mayShow over the page's
 * data) with the page's assignment (core/assignment-mode.js); the puzzle UIs (core/puzzle-ui.js,
 * games/<id>/) ask the Shell, never the assignment. What may be revealed:
 *   'hints'     the hint button and the page's written hints;
 *   'solution'  the solution button ("ดูเฉลย") and the page's written solution (.kr-puzzle-solution);
 *   'analyse'   the analysis board on the live engine (it finds the answer);
 *   'tools'     links to a tool that works the answer out (Dummy's points calculator with the table).
 * Outside an assignment everything may be shown. While the page has not read its assignment yet,
 * nothing. In an assignment, hints and the solution as the teacher set them; the analysis board and
 * the tools with the solution, or once the reader has solved the item (the answer is theirs then).
 * A page shows a reveal only if it has it (offers: hints listed, a proof tree to analyse, a tool
 * link). The page's written parts (.kr-nojs: WRITTEN) are out of an assignment's page while its
 * puzzle UI runs (keptOut), and when the UI cannot run come back as the lock allows (writtenFate).
 *
 * Where each guarantee is tested:
 * - the decision for every reveal and lock state, and for the real page data of every kind of
 *   puzzle of the collection (16: before and after a wrong answer, solved, engine ready or failed,
 *   outside an assignment, while its code is read, locked, open): tests/js/solution-lock.test.mjs;
 * - that each puzzle UI asks it (a locked item shows no button, no written solution in the page,
 *   no calculator link, before and after a wrong answer; the open control shows them), in a real
 *   browser, for items covering every game and every puzzle UI (board puzzle, question by choice,
 *   counting number, play-out, Dummy figure and tier), the engine failing (a board puzzle, a Dummy
 *   figure), a solve; and that the teachers' catalog lists no kind the node tests lack:
 *   tests/e2e/test_solution_lock.py.
 */

/** @typedef {'hints' | 'solution' | 'analyse' | 'tools'} Reveal */
/**
 * @typedef {{rules?: {hints: boolean, solution: boolean} | null, pending?: boolean, solved?: boolean}} LockState
 *   rules: the assignment's (null or absent: the page is no assignment's item); pending: the page
 *   may be an assignment's item whose code is not read yet; solved: the reader solved the item on
 *   this page.
 */

/** Every kind of reveal, in the order above. */
export const REVEALS = /** @type {const} */ (['hints', 'solution', 'analyse', 'tools']);

/** The page's written parts (.kr-nojs) that reveal something: [selector, what it reveals]. */
export const WRITTEN = /** @type {const} */ ([['.kr-puzzle-solution', 'solution'], ['.kr-puzzle-hints', 'hints']]);

/**
 * May the page reveal `what`?
 * @param {Reveal} what
 * @param {LockState} page
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

/**
 * Which reveals the puzzle page of `data` has at all: hints if it lists some, a solution always,
 * the analysis board if it holds a proof tree (a puzzle on a live board), tools if it links to one.
 * @param {{hints?: string[] | null, tree?: object | null, calculator?: string | null}} data the page data (types/data.d.ts PuzzleData)
 * @returns {Record<Reveal, boolean>}
 */
export function offers(data) {
  return {
    hints: Array.isArray(data.hints) && data.hints.length > 0,
    solution: true,
    analyse: Boolean(data.tree),
    tools: typeof data.calculator === 'string' && data.calculator !== '',
  };
}

/**
 * May the puzzle page of `data` show `what` now? It has it, and the lock allows it.
 * @param {Reveal} what
 * @param {Parameters<typeof offers>[0]} data
 * @param {LockState} page
 */
export function mayShow(what, data, page) {
  return mayReveal(what, page) && offers(data)[what];
}

/**
 * While the puzzle UI runs, is the page's written part that reveals `what` (null: it reveals
 * nothing, e.g. the static choices) out of the page, not only hidden? On an assignment's page
 * (opened as its item), yes: the page's text is there to read until the lock allows it.
 * @param {Reveal | null} what
 * @param {boolean} assignmentPage
 */
export function keptOut(what, assignmentPage) {
  return Boolean(what) && assignmentPage;
}

/**
 * The puzzle UI cannot run (the engine failed, the data is damaged): what becomes of the page's
 * written part that reveals `what` (null: nothing)? 'shown' if the lock allows it (`may`); else
 * out of the page: the solution with a note that the teacher locked it ('note'), the hints
 * without one ('out').
 * @param {Reveal | null} what
 * @param {(what: Reveal) => boolean} may
 * @returns {'shown' | 'note' | 'out'}
 */
export function writtenFate(what, may) {
  if (!what || may(what)) return 'shown';
  return what === 'solution' ? 'note' : 'out';
}
