/**
 * Replay of one assignment item (issue #13): the moves and answers a student's result code holds
 * are judged again by the puzzle page's own data, so the gradebook knows what really happened
 * whatever the code claims. Pure: no DOM, no storage; the engine is passed in.
 *
 *   await replayItem(data, events, engine, game)
 *     -> {result, attempts, hints, mistakes, solution, problems, steps}
 *   data   = the puzzle page's data block (site_builder/puzzles/pages.py page_data)
 *   events = [["m", move] | ["t"] | ["r"] | ["a", answer] | ["h"] | ["s"], …] (core/assignment.js)
 *   engine = core/recorded-engine.js over data.replies (its live fallback only where the page
 *            holds no reply)
 *   game   = the puzzle's game module (games/index.js loadGame, by the page: core never loads a
 *            game), or null when it failed to load
 *   result: 'solved' | 'retried' | 'failed' | 'seen' | '' ; solution: the solution was shown;
 *   problems: codes of events the page could never have recorded (then nothing is verified);
 *   steps: the judge's verdict on each event (judges/grade.js), for the gradebook's detail of it.
 *
 * The judge is the very one the puzzle page drives (judges/index.js: a question by
 * judges/quiz.js, a game's own kind by the judge its module names, a mate / best-move / win
 * puzzle by judges/tree.js). It says of every move or answer "right" (go on), "wrong" or
 * "solved"; the grading rule (judges/grade.js, the same for every kind) makes the result.
 * Problem codes: ILLEGAL_MOVE (the engine refuses it), BAD_ANSWER (not an answer the question
 * takes, e.g. a choice id it lacks), OUT_OF_TURN (a move or answer where the page takes none:
 * after a wrong move before the take-back, after the solution before a restart), NO_TAKEBACK
 * (a take-back with no wrong move to take back), WRONG_EVENT (a move on a quiz, an answer on a
 * board), ENGINE_FAILED (the engine was needed and could not answer: not checked), TOO_LONG (the
 * item holds more than a replay does, see below: not checked).
 *
 * Bounded whatever the code holds (a crafted code cannot stall the gradebook): an item with more
 * than REPLAY_LIMITS.events events is not replayed at all; a replay makes at most
 * REPLAY_LIMITS.calls engine calls, of which at most REPLAY_LIMITS.live go to the live engine (what
 * the page's recorded replies cannot answer: each may be a search); and the items of one result
 * code share CODE_LIVE_CALLS live calls (`replayBudget()`, handed to each replayItem). Past a
 * bound the replay stops with TOO_LONG. An honest student's item stays far within them.
 */
import { grade } from '../judges/grade.js';
import { createJudge } from '../judges/index.js';
import { problem } from '../judges/verdict.js';
import { LIMITS } from './assignment.js';

/** The most one item's replay does: events read (as many as a result code may hold), engine calls
 * (a counting play-out's move asks up to four or five), and calls to the live engine. */
export const REPLAY_LIMITS = Object.freeze({ events: LIMITS.events, calls: 4 * LIMITS.events, live: 64 });
/** The live engine calls all the items of one result code may make together. */
export const CODE_LIVE_CALLS = 160;

/**
 * What the items of one result code may still spend together.
 * @param {number} [live] live engine calls
 * @returns {{live: number}}
 */
export const replayBudget = (live = CODE_LIVE_CALLS) => ({ live });

/**
 * `engine`, counting: a call past this replay's bounds (or past `budget`, the code's) throws
 * TOO_LONG instead of reaching the engine.
 * @param {import('../judges/verdict.js').JudgeEngine & {knows?: (request: any) => boolean}} engine
 * @param {{live: number}} budget
 * @returns {import('../judges/verdict.js').JudgeEngine}
 */
function bounded(engine, budget) {
  let calls = 0;
  let live = 0;
  return {
    call(request, options) {
      calls += 1;
      const goesLive = typeof engine.knows === 'function' && !engine.knows(request);
      if (goesLive) {
        live += 1;
        budget.live -= 1;
      }
      if (calls > REPLAY_LIMITS.calls || live > REPLAY_LIMITS.live || budget.live < 0) throw problem('TOO_LONG');
      return engine.call(request, options);
    },
  };
}

/**
 * What `events` amount to on the puzzle `data` (see the header), judged by its kind's judge
 * (judges/index.js) with `game`, the puzzle's game module (null when it failed to load).
 * @param {any} data
 * @param {unknown[][]} events
 * @param {import('../judges/verdict.js').JudgeEngine} engine
 * @param {import('../judges/index.js').GameJudges | null} game
 * @param {{live: number}} [budget] what the code's items may still spend together (replayBudget())
 * @returns {Promise<import('../judges/grade.js').Graded>}
 */
export async function replayItem(data, events, engine, game, budget = replayBudget()) {
  if (events.length > REPLAY_LIMITS.events) {
    return { result: '', attempts: 0, hints: 0, mistakes: 0, solution: false, problems: ['TOO_LONG'], steps: [] };
  }
  return grade(events, await createJudge(data, game, { engine: bounded(engine, budget) }));
}
