/**
 * The grading rule, the same for every puzzle kind: what a student's events amount to, given a
 * judge's verdict on each move and answer (the gradebook's replay, core/puzzle-replay.js) or the
 * verdicts the puzzle page gave (core/student-state.js summarize):
 *   solved  — solved with no wrong move or answer and no solution shown before;
 *   retried — solved after a wrong one; seen — the solution came before any solve;
 *   failed  — tried (any move or answer) and not solved; '' — never tried.
 * Events after the first solve change nothing. attempts: an attempt starts at the first move
 * after the start, a take-back or a restart, and every answer is one (counted up to the solve);
 * hints: every "h"; mistakes: wrong moves and answers before the solve; solution: "s" came;
 * problems: the code of the ReplayProblem that stopped the replay, if one did; steps: per event,
 * in order, the judge's verdict on it ({verdict, …detail}) when it judged one (a move or an answer
 * before the solve), else null (the event that stopped the replay too; none for the events after it).
 */
import { ReplayProblem } from './verdict.js';

/**
 * @typedef {{result: string, attempts: number, hints: number, mistakes: number, solution: boolean,
 *   problems: string[], steps: (import('./verdict.js').Verdict | null)[]}} Graded
 */

/**
 * The grading rule over `events`, with `judge` a judge (verdict.js): move(text) and
 * answer(value) resolve to {verdict: 'right' | 'wrong' | 'solved'} (may throw ReplayProblem);
 * takeBack(); restart(); shown().
 * @param {unknown[][]} events
 * @param {import('./verdict.js').Judge} judge
 * @returns {Promise<Graded>}
 */
export async function grade(events, judge) {
  /** @type {Graded} */
  const out = { result: '', attempts: 0, hints: 0, mistakes: 0, solution: false, problems: [], steps: [] };
  let fresh = true; // the next move starts an attempt
  let tried = false;
  let seen = false;
  let solved = false;
  try {
    for (const [kind, value] of events) {
      out.steps.push(null);
      if (kind === 'h') out.hints += 1;
      else if (kind === 's') {
        out.solution = true;
        if (!solved) {
          seen = true;
          await judge.shown();
        }
      } else if (solved) continue; // the first outcome counts
      else if (kind === 'r') {
        await judge.restart();
        fresh = true;
      } else if (kind === 't') {
        await judge.takeBack();
        fresh = true;
      } else {
        const said = kind === 'm' ? await judge.move(/** @type {string} */ (value)) : await judge.answer(value);
        const { verdict } = said;
        out.steps[out.steps.length - 1] = said;
        if (kind === 'a' || fresh) out.attempts += 1;
        fresh = false;
        tried = true;
        if (verdict === 'wrong') out.mistakes += 1;
        solved = verdict === 'solved';
      }
    }
  } catch (err) {
    if (!(err instanceof ReplayProblem)) throw err;
    out.problems.push(err.code);
  }
  if (solved) out.result = seen ? 'seen' : out.mistakes ? 'retried' : 'solved';
  else out.result = seen ? 'seen' : tried ? 'failed' : '';
  return out;
}
