/**
 * The computer plays one side of a live Board with the engine's `bestmove` op (any game that
 * answers it): whenever that side is to move and the game goes on, it asks for a move (or an
 * action, such as a Makruk count claim) at the chosen level and plays it. Meanwhile the board
 * keeps the reader's taps for after it (board.hold). A recorded reply (the sandbox's first
 * exchange, core/recorded-engine.js) comes at once; one that needs the live engine while it is
 * still loading says so (`waiting`). A reply for a game that changed in the meantime (undo, new
 * game, a set-up position) is dropped.
 *
 *   const computer = new Computer(board, { onUpdate });
 *   computer.set({ side: 'black', level: 2 });   // side null: the reader plays both sides
 *   computer.undoCount(board)  -> how many entries the undo button takes back: the computer's
 *                                 reply too, so that the reader is to move again
 *   onUpdate({ thinking, waiting, side, level, error })   after every change (waiting: the live
 *                                 engine is still loading for the computer's move; error: the engine's, or null)
 */
/** @import { Engine, EngineError } from '../types/engine.js' */
/** @typedef {{thinking: boolean, waiting: boolean, side: string | null, level: number, error: EngineError | null}} ComputerUpdate */
import { engine as pageEngine } from '../core/engine-client.js';

export class Computer {
  /** @type {import('./board.js').Board} */
  #board;
  /** @type {Engine} */
  #engine;
  /** @type {(update: ComputerUpdate) => void} */
  #onUpdate;
  #token = 0;
  side = null;
  level = 2;
  thinking = false;
  waiting = false; // thinking, and the live engine is still loading

  /**
   * @param {import('./board.js').Board} board
   * @param {{engine?: Engine, onUpdate?: (update: ComputerUpdate) => void}} [options]
   */
  constructor(board, { engine = pageEngine, onUpdate = () => {} } = {}) {
    this.#board = board;
    this.#engine = engine;
    this.#onUpdate = onUpdate;
    board.onChange(() => this.#changed());
  }

  /** Choose the computer's side (null: none) and level; it moves at once if it is to move. */
  set({ side = this.side, level = this.level } = {}) {
    this.side = side;
    this.level = level;
    this.#changed();
  }

  /** Entries to take back so that the reader is to move: the computer's last entries, then the reader's last one. */
  undoCount(board) {
    if (!this.side) return 1;
    const plies = board.plies;
    let count = 0;
    for (let i = plies.length - 1; i >= 0; i--) {
      count += 1;
      if (plies[i].side !== this.side) break;
    }
    return Math.max(1, count);
  }

  #changed() {
    const state = this.#board.state;
    if (!state) return;
    this.#token += 1;
    this.thinking = Boolean(this.side) && state.status.result === 'ongoing' && state.turn === this.side;
    this.waiting = false;
    this.#board.hold(this.thinking);
    this.#report(null);
    if (this.thinking) this.#think(this.#token);
  }

  async #think(token) {
    const board = this.#board;
    /** @type {import('../types/engine.js').BestmoveRequest} */
    const request = { op: 'bestmove', game: board.game.id, position: board.initial, moves: board.moves, level: this.level };
    let reply;
    try {
      const answer = this.#engine.call(request, { urgent: true });
      const status = this.#engine.status; // a request the page did not record went to the live engine
      if (status === 'loading' || status === 'idle') {
        this.waiting = true;
        this.#report(null);
      }
      reply = await answer;
    } catch (err) {
      reply = { ok: false, error: { code: 'ENGINE_FAILED', message: err.message } };
    }
    if (token !== this.#token) return; // the game changed meanwhile
    this.waiting = false;
    if (!reply.ok) {
      this.#stop(reply.error);
      return;
    }
    const played = await board.play(reply.move);
    if (!played.ok && token === this.#token && played.error.code !== 'CANCELLED') this.#stop(played.error);
  }

  /** The computer cannot move: say why; the reader may undo, or move for the computer. */
  #stop(error) {
    this.thinking = false;
    this.#board.hold(false);
    this.#report(error);
  }

  #report(error) {
    this.#onUpdate({ thinking: this.thinking, waiting: this.waiting, side: this.side, level: this.level, error });
  }
}
