/**
 * The judge of questions (rule quizzes, counting questions: data.quiz): choices, one or several
 * right (`correct`: an id or a list of ids), or a number (`answer_type` "number"). An answer is
 * the list of chosen ids, or the number as text ("12", "-3.5"; the page turns Thai digits into
 * these). Right only when exactly the right ids are chosen, or the number is the answer. The
 * question closes once answered right or once its answer is shown; a restart opens it again.
 */
import { problem, refuse } from './verdict.js';

/**
 * @typedef {import('./verdict.js').JudgeDeps} JudgeDeps
 * @typedef {{id: string | number, label?: string}} QuizChoice
 * @typedef {{answer_type?: string, correct: string | number | (string | number)[], choices?: QuizChoice[]}} Quiz
 * @typedef {{verdict: 'wrong' | 'solved'}} QuizVerdict
 */

/**
 * The ids of the right choices (as text), or the number as text.
 * @param {Quiz} quiz
 * @returns {string[]}
 */
export const correctIds = (quiz) => (Array.isArray(quiz.correct) ? quiz.correct : [quiz.correct]).map(String);

/**
 * @param {{quiz: Quiz}} data
 * @param {Partial<JudgeDeps>} [_deps] (a quiz needs no engine)
 */
export function createJudge({ quiz }, _deps = {}) {
  const correct = correctIds(quiz);
  const ids = new Set((quiz.choices ?? []).map((c) => String(c.id)));
  let closed = false;
  /** @param {unknown} value */
  const right = (value) => {
    if (quiz.answer_type === 'number') {
      const number = typeof value === 'string' && value.trim() ? Number(value) : NaN;
      if (!Number.isFinite(number)) throw problem('BAD_ANSWER');
      return Math.abs(number - Number(quiz.correct)) < 1e-9;
    }
    if (!Array.isArray(value) || !value.length || new Set(value).size !== value.length
      || !value.every((id) => ids.has(id))) throw problem('BAD_ANSWER');
    return value.length === correct.length && value.every((id) => correct.includes(id));
  };
  return {
    /** @param {unknown} value @returns {QuizVerdict} */
    answer(value) {
      if (closed) throw problem('OUT_OF_TURN');
      if (!right(value)) return { verdict: 'wrong' };
      closed = true;
      return { verdict: 'solved' };
    },
    move: refuse('WRONG_EVENT'),
    takeBack: refuse('NO_TAKEBACK'),
    restart() { closed = false; }, // the page opened again: a fresh question
    shown() { closed = true; },
  };
}
