/**
 * The computer plays one side of a live Board with the engine's `bestmove` op (any game that
 * answers it): whenever that side is to move and the game goes on, it asks for a move (or an
 * action, such as a Makruk count claim) at the chosen level and plays it. Meanwhile the board
 * takes no input. A reply for a game that changed in the meantime (undo, new game, a set-up
 * position) is dropped.
 *
 *   const computer = new Computer(board, { onUpdate });
 *   computer.set({ side: 'black', level: 2 });   // side null: the reader plays both sides
 *   computer.undoCount(board)  -> how many entries the undo button takes back: the computer's
 *                                 reply too, so that the reader is to move again
 *   onUpdate({ thinking, side, level, error })   after every change (error: the engine's, or null)
 */
/** @import { Engine, EngineError } from '../types/engine.js' */
/** @typedef {{thinking: boolean, side: string | null, level: number, error: EngineError | null}} ComputerUpdate */
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
    this.#board.interactive = !this.thinking;
    this.#report(null);
    if (this.thinking) this.#think(this.#token);
  }

  async #think(token) {
    const board = this.#board;
    /** @type {import('../types/engine.js').BestmoveRequest} */
    const request = { op: 'bestmove', game: board.game.id, position: board.initial, moves: board.moves, level: this.level };
    let reply;
    try {
      reply = await this.#engine.call(request, { urgent: true });
    } catch (err) {
      reply = { ok: false, error: { code: 'ENGINE_FAILED', message: err.message } };
    }
    if (token !== this.#token) return; // the game changed meanwhile
    if (!reply.ok) {
      this.thinking = false;
      board.interactive = true; // the reader may undo, or move for the computer
      this.#report(reply.error);
      return;
    }
    const played = await board.play(reply.move);
    if (!played.ok && token === this.#token) {
      this.thinking = false;
      board.interactive = true;
      this.#report(played.error);
    }
  }

  #report(error) {
    this.#onUpdate({ thinking: this.thinking, side: this.side, level: this.level, error });
  }
}
