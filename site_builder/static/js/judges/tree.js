/**
 * The judge of puzzles with a proven tree (mate, tsume, best-move, Mak-hot's win in N, and the
 * counting exercises played on a board): data.tree = {wins: {move: {reply, node} | {mate: true}
 * | {done: true}}, refutations: {move: reply}} from the solver's side.
 *
 * A move in the node's wins goes on to the defence's reply (or solves); any other legal move is
 * wrong and ends the attempt until a take-back returns to the position before it; a restart
 * goes back to the puzzle position. Every move must be legal: the engine (the page's recorded
 * replies) says so.
 */
import { legalMove, problem, refuse } from './verdict.js';

/**
 * @typedef {import('./verdict.js').JudgeDeps} JudgeDeps
 * @typedef {import('./verdict.js').Judge} Judge
 * @typedef {{wins?: Record<string, TreeWin>, refutations?: Record<string, string>}} TreeNode
 * @typedef {{reply?: string, node?: TreeNode, mate?: boolean, done?: boolean}} TreeWin
 * @typedef {{game: string, position: string, tree: TreeNode}} TreeData
 * @typedef {{verdict: 'right', reply: string}
 *   | {verdict: 'solved', mate: boolean}
 *   | {verdict: 'wrong', refutation: string | null}} TreeVerdict
 */

/**
 * @param {TreeData} data
 * @param {JudgeDeps} deps
 */
export function createJudge(data, { engine }) {
  /** @type {string[]} */
  let moves = [];
  /** @type {TreeNode | undefined} */
  let node = data.tree;
  /** @type {{moves: string[], node: TreeNode | undefined} | null} */
  let mark = null; // where a take-back returns to
  let state = 'play'; // play | wrong | shown | over
  return {
    /** @param {string} move @returns {Promise<TreeVerdict>} */
    async move(move) {
      if (state !== 'play') throw problem('OUT_OF_TURN');
      await legalMove(engine, data.game, data.position, moves, move);
      const win = node?.wins?.[move];
      if (!win) {
        mark = { moves, node };
        state = 'wrong';
        return { verdict: 'wrong', refutation: node?.refutations?.[move] ?? null };
      }
      if (win.mate || win.done) {
        state = 'over';
        return { verdict: 'solved', mate: Boolean(win.mate) };
      }
      moves = [...moves, move, /** @type {string} */ (win.reply)];
      node = win.node;
      return { verdict: 'right', reply: /** @type {string} */ (win.reply) };
    },
    takeBack() {
      if (state !== 'wrong' || !mark) throw problem('NO_TAKEBACK');
      ({ moves, node } = mark);
      state = 'play';
    },
    restart() {
      moves = [];
      node = data.tree;
      state = 'play';
    },
    shown() { state = 'shown'; },
    answer: refuse('WRONG_EVENT'),
    /** The solver moves made right in this attempt's line (from the puzzle position). */
    get solverMoves() { return moves.length / 2; },
  };
}
