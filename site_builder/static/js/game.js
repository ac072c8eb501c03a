/** A game record: an initial position plus a move list, replayed by the engine on every change. */
import { engine } from './engine-client.js';

export class Game {
  constructor(gameId) {
    this.gameId = gameId;
    this.initial = null;
    this.moves = [];
    this.state = null;
  }

  /** Ask the engine for `position` after `moves`; adopt both only if it accepts. Resolves to the reply. */
  async replay(position, moves) {
    const reply = await engine.call({ op: 'play', game: this.gameId, position, moves });
    if (reply.ok) Object.assign(this, { initial: position, moves, state: reply });
    return reply;
  }

  load(position) { return this.replay(position, []); }

  play(move) { return this.replay(this.initial, [...this.moves, move]); }

  undo() { return this.replay(this.initial, this.moves.slice(0, -1)); }

  reset() { return this.replay(this.initial, []); }
}
