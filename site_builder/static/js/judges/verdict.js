/**
 * What every judge (judges/<kind>.js) shares: the shape of a judge, the problems that stop a
 * replay, and the engine questions a judge may ask. Pure: no DOM, no network, no game; the
 * engine is handed in ({call(request)}: the page's recorded engine, core/recorded-engine.js).
 *
 * A judge is made for one puzzle (its page data block) and is fed the reader's events in order,
 * the events core/assignment.js records: ["m", move] -> move(move), ["a", answer] -> answer(answer),
 * ["t"] -> takeBack(), ["r"] -> restart(), ["s"] -> shown(). move and answer resolve to a
 * Verdict: 'right' (go on), 'wrong' or 'solved', with what the page needs to go on (e.g. the
 * defence's reply). The puzzle page drives a judge live; the gradebook's replay
 * (core/puzzle-replay.js) drives the same judge over a student's recorded events.
 */

/**
 * @typedef {'right' | 'wrong' | 'solved'} VerdictWord
 * @typedef {{verdict: VerdictWord, [detail: string]: unknown}} Verdict
 * @typedef {Pick<import('../types/engine.js').Engine, 'call'>} JudgeEngine the page's engine (its call is all a judge uses)
 * @typedef {import('../types/engine.js').EngineRequest} EngineRequest
 * @typedef {{
 *   move: (move: string) => Verdict | Promise<Verdict>,
 *   answer: (answer: unknown) => Verdict | Promise<Verdict>,
 *   takeBack: () => void,
 *   restart: () => void,
 *   shown: () => void,
 * }} Judge
 * @typedef {{engine: JudgeEngine}} JudgeDeps
 */

/**
 * An event the page could never have recorded: stops a replay with `code` — ILLEGAL_MOVE,
 * BAD_ANSWER, OUT_OF_TURN, NO_TAKEBACK, WRONG_EVENT or ENGINE_FAILED; or TOO_LONG, the replay's
 * bounds reached (core/puzzle-replay.js).
 */
export class ReplayProblem extends Error {
  /** @param {string} code */
  constructor(code) {
    super(code);
    this.code = code;
  }
}

/** @param {string} code */
export const problem = (code) => new ReplayProblem(code);

/**
 * A judge's refusal of an event its page does not take (e.g. refuse('WRONG_EVENT') for an
 * answer on a board).
 * @param {string} code
 * @returns {(...args: unknown[]) => never}
 */
export const refuse = (code) => () => { throw problem(code); };

/**
 * An engine answer; a failing engine is ENGINE_FAILED (the item cannot be checked).
 * @param {JudgeEngine} engine
 * @param {EngineRequest} request
 * @returns {Promise<any>} the reply (of the request's op, or a failure)
 */
export async function ask(engine, request) {
  let reply;
  try {
    reply = await engine.call(request);
  } catch (err) {
    if (err instanceof ReplayProblem) throw err; // a replay's own stop (TOO_LONG: its calls ran out)
    throw problem('ENGINE_FAILED');
  }
  if (!reply?.ok && reply?.error?.code === 'ENGINE_STOPPED') throw problem('ENGINE_FAILED');
  return reply;
}

/**
 * The `play` request of `moves` from `position` (the very request a board makes).
 * @param {string} game
 * @param {string} position
 * @param {string[]} moves
 * @returns {import('../types/engine.js').PlayRequest}
 */
export const playRequest = (game, position, moves) => ({ op: 'play', game, position, moves: [...moves] });

/**
 * Throws ILLEGAL_MOVE unless `move` is legal after `moves`: the recorded position's legal moves
 * say so when the page holds them; else the engine plays it. Resolves to the position before it.
 * @param {JudgeEngine} engine
 * @param {string} game
 * @param {string} position
 * @param {string[]} moves
 * @param {string} move
 */
export async function legalMove(engine, game, position, moves, move) {
  const before = await ask(engine, playRequest(game, position, moves));
  if (!before.ok) throw problem('ILLEGAL_MOVE');
  if (Array.isArray(before.legal) && !before.pending) {
    if (!before.legal.some((/** @type {{move: string}} */ m) => m.move === move)) throw problem('ILLEGAL_MOVE');
    return before;
  }
  const after = await ask(engine, playRequest(game, position, [...moves, move]));
  if (!after.ok) throw problem('ILLEGAL_MOVE');
  return before;
}

/**
 * The judge of a page that takes no move and no answer (nothing to judge).
 * @returns {Judge}
 */
export const noJudge = () => ({
  move: refuse('WRONG_EVENT'),
  answer: refuse('WRONG_EVENT'),
  takeBack: refuse('NO_TAKEBACK'),
  restart() {},
  shown() {},
});
