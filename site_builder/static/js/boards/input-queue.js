/**
 * The reader's taps that a board cannot take yet (the engine still loading, a move on its way,
 * the computer thinking): kept in order and replayed once it can, so that no tap is lost.
 * Pure logic (no DOM): boards/board.js holds one per board and turns `summary()` into words.
 *
 *   const queue = new InputQueue();
 *   queue.add({square: 'b3'}) / queue.add({drop: 'P'})   -> false when the queue is full (say so)
 *   queue.next()        -> the oldest input, taken off the queue (null when empty)
 *   queue.clear()       -> how many inputs were dropped (undo, restart, a new position: none is played)
 *   queue.size, queue.squares (the squares tapped, for marking them), queue.summary()
 */

/** @typedef {{square: string} | {drop: string}} Input */
/** @typedef {{taps: (string | {drop: string})[], count: number}} QueueSummary */

/** Taps kept at most: a few moves' worth; more is a reader tapping at random, told to wait. */
export const QUEUE_LIMIT = 12;

export class InputQueue {
  /** @type {Input[]} */
  #inputs = [];

  /**
   * Keep one input; false (nothing kept) when QUEUE_LIMIT inputs already wait.
   * @param {Input} input
   */
  add(input) {
    if (this.#inputs.length >= QUEUE_LIMIT) return false;
    this.#inputs.push({ ...input });
    return true;
  }

  /** The oldest input, taken off the queue, or null. */
  next() {
    return this.#inputs.shift() ?? null;
  }

  /** Forget every input; returns how many there were. */
  clear() {
    const count = this.#inputs.length;
    this.#inputs = [];
    return count;
  }

  get size() {
    return this.#inputs.length;
  }

  /** The squares tapped, in order (drops left out). */
  get squares() {
    return this.#inputs.flatMap((input) => ('square' in input ? [input.square] : []));
  }

  /**
   * What is waiting, for the board's words: the taps in order (a square, or {drop} for a piece
   * from the hand) and how many there are.
   * @returns {QueueSummary}
   */
  summary() {
    return {
      taps: this.#inputs.map((input) => ('square' in input ? input.square : { drop: input.drop })),
      count: this.#inputs.length,
    };
  }
}
