/**
 * The judge of counting play-outs (puzzle kind "counting", question "play-out": data.playout =
 * {fen, attacker, defender, horizon, …}): the reader plays the side that must mate, the engine's
 * `defend` op answers for the counting side. The game decides: mate by the attacker before the
 * count runs out solves; the count running out (or any other end) is wrong, and only a restart
 * starts the game again (no take-back).
 *
 * The puzzle page plays the defence on its board (the game's own defender) and asks
 * `outcome(data, reply)` of each reply; the gradebook's replay asks the same engine for the
 * defence (`move`), through the page's recorded replies.
 */
import { ask, legalMove, playRequest, problem, refuse } from './verdict.js';

/**
 * @typedef {import('./verdict.js').JudgeDeps} JudgeDeps
 * @typedef {{fen: string, attacker: string, defender: string, horizon: number}} Playout
 * @typedef {{game: string, playout: Playout}} PlayoutData
 * @typedef {{status: {result: string}, turn?: string}} PlayReply
 * @typedef {{verdict: 'right' | 'wrong' | 'solved', reply: string | null}} PlayoutVerdict the defence's answer (null: none)
 */

/**
 * The verdict of the game as the `play` reply `reply` leaves it: 'right' while it goes on,
 * 'solved' when the attacker won, else 'wrong'.
 * @param {PlayoutData} data
 * @param {PlayReply} reply
 * @returns {'right' | 'wrong' | 'solved'}
 */
export function outcome(data, reply) {
  const { result } = reply.status;
  if (result === 'ongoing') return 'right';
  return result === `${data.playout.attacker}_wins` ? 'solved' : 'wrong';
}

/**
 * @param {PlayoutData} data
 * @param {JudgeDeps} deps
 */
export function createJudge(data, { engine }) {
  const { fen, defender, horizon } = data.playout;
  const game = data.game;
  /** @type {string[]} */
  let moves = [];
  let state = 'play'; // play | over | shown
  const play = async () => {
    const reply = await ask(engine, playRequest(game, fen, moves));
    if (!reply.ok) throw problem('ILLEGAL_MOVE');
    return reply;
  };
  return {
    /** @param {string} move @returns {Promise<PlayoutVerdict>} */
    async move(move) {
      if (state !== 'play') throw problem('OUT_OF_TURN');
      await legalMove(engine, game, fen, moves, move);
      moves = [...moves, move];
      let reply = await play();
      /** @type {string | null} */
      let answered = null;
      if (reply.status.result === 'ongoing' && reply.turn === defender) {
        const defence = await ask(engine, { op: 'defend', game, position: fen, moves, horizon });
        if (!defence.ok) throw problem('ENGINE_FAILED');
        answered = defence.move;
        moves = [...moves, defence.move];
        reply = await play();
      }
      const verdict = outcome(data, reply);
      if (verdict !== 'right') state = 'over';
      return { verdict, reply: answered };
    },
    restart() {
      moves = [];
      state = 'play';
    },
    shown() { state = 'shown'; },
    takeBack: refuse('NO_TAKEBACK'),
    answer: refuse('WRONG_EVENT'),
  };
}
