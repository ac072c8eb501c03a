/**
 * The judge of scoring exercises (puzzle kind "scoring": a finished card table, data.table, and
 * data.question = {ask: 'points' | 'tier' | 'fee' | 'net' | 'nets', player, item}): the engine's
 * settlement of the table (`settle`, recorded in the page by the build) is the answer. An answer
 * is {seat: figure}: the seat asked about (each seat for "nets") -> the whole number given, or
 * the tier id ("win" | "small" | "medium" | "large"). Right when every figure matches; the
 * question closes once answered right or once its answer is shown; a restart opens it again.
 */
import { ask, problem, refuse } from './verdict.js';

/**
 * @typedef {import('./verdict.js').JudgeDeps} JudgeDeps
 * @typedef {{ask: string, player: string, item?: string}} Question
 * @typedef {{game: import('../types/engine.js').SettleRequest['game'], table: import('../types/engine.js').Table,
 *   question: Question}} ScoringData
 * @typedef {import('../types/engine.js').SettleReply} Settlement
 * @typedef {{pid: string, want: string | number}} Figure
 * @typedef {{verdict: 'wrong' | 'solved', figures: Figure[]}} ScoringVerdict
 */

export const TIERS = ['win', 'small', 'medium', 'large'];

/**
 * The settle request the page judges by (recorded in the page).
 * @param {ScoringData} data
 * @returns {import('../types/engine.js').SettleRequest}
 */
export const settleRequest = (data) => ({ op: 'settle', game: data.game, table: data.table });

/**
 * The seat(s) the question asks about and the settlement's answer for each, in seat order.
 * @param {ScoringData} data
 * @param {Settlement} reply
 * @returns {Figure[]}
 */
export function askedFigures({ question, table }, reply) {
  const { ask: what, player, item } = question;
  if (what === 'tier') return [{ pid: player, want: reply.tiers[player] }];
  if (what === 'points') return [{ pid: player, want: reply.points[player] }];
  if (what === 'fee') {
    const paid = reply.ledger.filter((l) => l.from === player && l.item === item);
    return [{ pid: player, want: paid.reduce((sum, l) => sum + l.amount, 0) }];
  }
  return (what === 'nets' ? table.players.map((p) => p.id) : [player]).map((pid) => ({ pid, want: reply.net[pid] }));
}

/**
 * Is `value` an answer to the question: the same seats as `want`, each a whole number (or a tier id)?
 * @param {Question} question
 * @param {Figure[]} want
 * @param {unknown} value
 * @returns {value is Record<string, string | number>}
 */
function answerShape(question, want, value) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const answer = /** @type {Record<string, unknown>} */ (value);
  const seats = Object.keys(answer);
  if (seats.length !== want.length || !want.every(({ pid }) => seats.includes(pid))) return false;
  return seats.every((pid) => (question.ask === 'tier' ? TIERS.includes(/** @type {string} */ (answer[pid]))
    : Number.isInteger(answer[pid])));
}

/**
 * @param {ScoringData} data
 * @param {JudgeDeps} deps
 */
export function createJudge(data, { engine }) {
  let closed = false;
  /** @type {Promise<Settlement> | null} */
  let settled = null;
  /** The engine's settlement of the table (asked once). */
  const settlement = () => {
    settled ??= ask(engine, settleRequest(data)).then((reply) => {
      if (!reply.ok) throw problem('ENGINE_FAILED');
      return /** @type {Settlement} */ (reply);
    });
    return settled;
  };
  return {
    settlement,
    /** @param {unknown} value @returns {Promise<ScoringVerdict>} */
    async answer(value) {
      if (closed) throw problem('OUT_OF_TURN');
      const figures = askedFigures(data, await settlement());
      if (!answerShape(data.question, figures, value)) throw problem('BAD_ANSWER');
      if (!figures.every(({ pid, want }) => value[pid] === want)) return { verdict: 'wrong', figures };
      closed = true;
      return { verdict: 'solved', figures };
    },
    restart() { closed = false; },
    shown() { closed = true; },
    move: refuse('WRONG_EVENT'),
    takeBack: refuse('NO_TAKEBACK'),
  };
}
