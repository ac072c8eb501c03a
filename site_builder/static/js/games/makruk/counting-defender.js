/**
 * The engine plays one side of a live Board: whenever it is `defender`'s turn it asks the
 * engine's `defend` op for the reply that puts off mate longest and plays it. Used by the
 * counting trainer and by counting play-out exercises (a bare Khun defending against the
 * reader while the count runs in the board's count panel).
 *
 *   const stop = attachDefender(board, { defender: 'black', horizon: 2, onUpdate, engine });
 *   (`engine`: the page's engine client by default; a puzzle passes its recorded engine.)
 *   onUpdate({ thinking, outcome, state }) after every change; outcome is null while the game
 *   goes on, else { result: 'mate' | 'lost' | 'draw', reason, state }.
 * While the engine thinks (or is still loading), the board holds the reader's taps and says so
 * (board.hold: boards/input-queue.js); they are played once the defender has moved. When the
 * engine cannot answer, the update carries its error and the board takes moves again (the reader
 * may undo, or move for the defender), as the sandbox's computer does.
 */
/** @import { Engine, EngineError, DefendRequest, PlayReply } from '../../types/engine.js' */
/**
 * @typedef {{result: 'mate' | 'lost' | 'draw', reason: string | null, state: PlayReply}} DefenceOutcome
 * @typedef {{thinking: boolean, outcome: DefenceOutcome | null, state: PlayReply, error?: EngineError}} DefenceUpdate
 */
import { engine as pageEngine } from '../../core/engine-client.js';

/**
 * @param {import('../../boards/board.js').Board} board
 * @param {{defender?: string, horizon?: number, onUpdate?: (update: DefenceUpdate) => void, engine?: Engine}} [options]
 * @returns {() => void} stop defending
 */
export function attachDefender(board, { defender = 'black', horizon = 2, onUpdate = () => {}, engine = pageEngine } = {}) {
  let token = 0;
  let attached = true;

  /** @type {(state: PlayReply) => DefenceOutcome | null} */
  const outcomeOf = (state) => {
    const { result, reason } = state.status;
    if (result === 'ongoing') return null;
    if (result === 'draw') return { result: 'draw', reason, state };
    return { result: result === `${defender}_wins` ? 'lost' : 'mate', reason, state };
  };

  async function defend(mine) {
    /** @type {DefendRequest} */
    const request = { op: 'defend', game: board.game.id, position: board.initial, moves: board.moves, horizon };
    let reply;
    try {
      reply = await engine.call(request);
    } catch (err) {
      reply = { ok: false, error: { code: 'ENGINE_FAILED', message: err.message } };
    }
    if (!attached || mine !== token) return; // the game changed meanwhile (restart, new position)
    if (!reply.ok) {
      board.hold(false);
      onUpdate({ thinking: false, outcome: null, state: board.state, error: reply.error });
      return;
    }
    await board.play(reply.move);
  }

  function changed() {
    const state = board.state;
    if (!attached || !state) return;
    token += 1;
    const outcome = outcomeOf(state);
    const thinking = !outcome && state.turn === defender;
    board.interactive = !outcome;
    board.hold(thinking);
    onUpdate({ thinking, outcome, state });
    if (thinking) defend(token);
  }

  const unsubscribe = board.onChange(changed);
  changed();
  return () => {
    attached = false;
    token += 1;
    unsubscribe();
    board.hold(false);
  };
}
