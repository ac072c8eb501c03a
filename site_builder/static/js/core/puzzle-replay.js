/**
 * Replay of one assignment item (issue #13): the moves and answers a student's result code holds
 * are judged again by the puzzle page's own data, so the gradebook knows what really happened
 * whatever the code claims. Pure: no DOM, no storage; the engine is passed in.
 *
 *   await replayItem(data, events, engine, game)
 *     -> {result, attempts, hints, mistakes, solution, problems}
 *   data   = the puzzle page's data block (site_builder/puzzles/pages.py page_data)
 *   events = [["m", move] | ["t"] | ["r"] | ["a", answer] | ["h"] | ["s"], …] (core/assignment.js)
 *   engine = core/recorded-engine.js over data.replies (its live fallback only where the page
 *            holds no reply)
 *   game   = the puzzle's game module (games/index.js loadGame, by the page: core never loads a
 *            game), or null when it failed to load
 *   result: 'solved' | 'retried' | 'failed' | 'seen' | '' ; solution: the solution was shown;
 *   problems: codes of events the page could never have recorded (then nothing is verified).
 *
 * The judge is the very one the puzzle page drives (judges/index.js: a question by
 * judges/quiz.js, a game's own kind by the judge its module names, a mate / best-move / win
 * puzzle by judges/tree.js). It says of every move or answer "right" (go on), "wrong" or
 * "solved"; the grading rule (judges/grade.js, the same for every kind) makes the result.
 * Problem codes: ILLEGAL_MOVE (the engine refuses it), BAD_ANSWER (not an answer the question
 * takes, e.g. a choice id it lacks), OUT_OF_TURN (a move or answer where the page takes none:
 * after a wrong move before the take-back, after the solution before a restart), NO_TAKEBACK
 * (a take-back with no wrong move to take back), WRONG_EVENT (a move on a quiz, an answer on a
 * board), ENGINE_FAILED (the engine was needed and could not answer: not checked).
 */
import { grade } from '../judges/grade.js';
import { createJudge } from '../judges/index.js';

/**
 * What `events` amount to on the puzzle `data` (see the header), judged by its kind's judge
 * (judges/index.js) with `game`, the puzzle's game module (null when it failed to load).
 * @param {any} data
 * @param {unknown[][]} events
 * @param {import('../judges/verdict.js').JudgeEngine} engine
 * @param {import('../judges/index.js').GameJudges | null} game
 */
export async function replayItem(data, events, engine, game) {
  return grade(events, await createJudge(data, game, { engine }));
}
