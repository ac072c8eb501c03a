/**
 * A game record: an initial position plus a move list, replayed by the engine on every
 * change. `plies` keeps, for each entry of `moves`, who played it and its `legal` object
 * (null for an action such as a counting claim), so nobody has to read a move string.
 * Changes may overlap (an undo while a move waits for the engine): only the latest one's reply is
 * adopted; `version` counts the changes started, `cancel()` drops the one still on its way.
 */
/** @import { Engine, LegalMove, Ok, PlayReply, Reply } from '../types/engine.js' */
/** @typedef {{move: string, side: string | null, legal: LegalMove | null, action: boolean}} Ply */
export class GameRecord {
  /**
   * `gameId`: the engine's game id; `engine`: anything with call(request, options) (core/engine-client.js).
   * @param {string} gameId
   * @param {Engine} engine
   */
  constructor(gameId, engine) {
    this.gameId = gameId;
    this.engine = engine;
    /** @type {string | null} */
    this.initial = null;
    /** @type {string[]} */
    this.moves = [];
    /** @type {Ply[]} */
    this.plies = []; // [{move, side, legal, action}]
    /** @type {Ok<PlayReply> | null} */
    this.state = null;
    this.version = 0; // changes started; a reply is adopted only if none started after its own
  }

  /**
   * Ask the engine for `position` after `moves`; adopt them only if it accepts. Resolves to the reply.
   * `live`: ask the live engine even where the page recorded the reply (core/recorded-engine.js).
   * @param {string} position
   * @param {string[]} moves
   * @param {Ply[]} plies
   * @returns {Promise<Reply<PlayReply>>}
   */
  async replay(position, moves, plies, { live = false } = {}) {
    const version = ++this.version;
    const reply = await this.engine.call({ op: 'play', game: this.gameId, position, moves }, { urgent: true, live });
    if (reply.ok && version === this.version) Object.assign(this, { initial: position, moves, plies, state: reply });
    return reply;
  }

  /** Drop the change on its way (its reply will not be adopted); what is shown stays. */
  cancel() { this.version += 1; }

  /** @param {string} position */
  load(position) { return this.replay(position, [], []); }

  /** The same moves again, from the live engine: a recorded reply may lack legal moves (`pending`). */
  refresh() { return this.replay(/** @type {string} */ (this.initial), this.moves, this.plies, { live: true }); }

  /**
   * Play `move` (a legal move's text, or one of the state's actions).
   * @param {string} move
   */
  play(move) {
    const state = this.state;
    /** @type {Ply} */
    const ply = {
      move,
      side: state?.turn ?? null,
      legal: state?.legal?.find((m) => m.move === move) ?? null,
      action: Boolean(state?.actions?.includes(move)),
    };
    return this.replay(/** @type {string} */ (this.initial), [...this.moves, move], [...this.plies, ply]);
  }

  /** Take back the last `count` entries (moves or actions). */
  undo(count = 1) {
    const keep = Math.max(0, this.moves.length - count);
    return this.replay(/** @type {string} */ (this.initial), this.moves.slice(0, keep), this.plies.slice(0, keep));
  }

  reset() { return this.replay(/** @type {string} */ (this.initial), [], []); }

  /** The `legal` object of the last move played (actions skipped), or null. */
  get lastPlayed() {
    return this.plies.findLast((ply) => ply.legal)?.legal ?? null;
  }
}
