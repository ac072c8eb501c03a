/**
 * The maths of Makruk's count (การนับศักดิ์), pure (no DOM, no page language): how many moves
 * the mating side has left, which counting action the engine offers, and what the count panel
 * (count-panel.js) says about one engine `play` reply, in the words of a words function.
 */

/** The counting actions the panel offers (the board leaves them to it). */
export const COUNT_ACTIONS = ['count-start', 'count-stop', 'count-draw'];

const THAI_DIGITS = '๐๑๒๓๔๕๖๗๘๙';

/**
 * @typedef {{kind: 'board' | 'pieces' | null, counter: string, count: number, start: number, limit: number}} Counting
 * @typedef {{status: {result: string, reason?: string, counting?: Counting | null}, turn: string,
 *   actions: string[], board: Record<string, string>}} CountState
 * @typedef {(key: string, vars?: Record<string, string | number>) => string} CountWords
 * @typedef {{visible: boolean, kind: string | null, heading: string, lines: string[], action: string | null,
 *   outcome: string, actionLabel?: string}} CountFacts
 */

/**
 * `n` written with Thai digits: 16 -> "๑๖".
 * @param {number | string} n
 */
export function thaiDigits(n) {
  return String(n).replace(/[0-9]/g, (d) => THAI_DIGITS[Number(d)]);
}

/** @param {string} side */
const other = (side) => (side === 'white' ? 'black' : 'white');

/**
 * Does `side` have nothing but its Khun in the reply's board?
 * @param {Record<string, string>} board
 * @param {string} side
 */
export function isBare(board, side) {
  return Object.values(board).every((letter) => {
    const white = letter[0] === letter[0].toUpperCase();
    return (white ? 'white' : 'black') !== side || letter.toUpperCase() === 'K';
  });
}

/**
 * Moves the non-counting side still has to give mate, from a `play` reply with a running
 * count: after the counter announces L the other side has one more move (rules §1.2).
 * @param {{status: {counting?: Counting | null}, turn: string}} state
 */
export function movesLeft(state) {
  const { counter, count, start, limit } = /** @type {Counting} */ (state.status.counting);
  const counterToMove = state.turn === counter;
  const next = count ? count + 1 : start; // the number the counter announces with his next move
  return Math.max(0, counterToMove ? limit - next + 1 : limit - (count || start - 1) + 1);
}

/**
 * What the count panel says about one reply: {visible, kind, heading, lines, action,
 * actionLabel, outcome}, each text from `say` (count-panel.js's words: keys of its table).
 * @param {CountState} state
 * @param {CountWords} say
 * @returns {CountFacts}
 */
export function countFacts(state, say) {
  const { status } = state;
  const counting = status.counting || /** @type {Partial<Counting>} */ ({});
  const action = status.result === 'ongoing' ? COUNT_ACTIONS.find((a) => state.actions.includes(a)) ?? null : null;
  const out = { visible: false, kind: counting.kind ?? null, heading: '', lines: [], action, outcome: '' };
  if (counting.kind) {
    out.heading = say(counting.kind);
    out.lines.push(say('counter', { side: say(counting.counter) }));
    out.lines.push(counting.count ? say('progress', { count: counting.count, limit: counting.limit })
      : say('fromStart', { start: counting.start, limit: counting.limit }));
    const mateSide = other(counting.counter);
    if (status.result === 'ongoing') {
      const left = movesLeft(state);
      out.lines.push(left === 1 && state.turn === mateSide ? say('lastMove', { side: say(mateSide) })
        : say('left', { side: say(mateSide), moves: left }));
    } else if (status.reason === 'counting') {
      out.outcome = counting.count ? say('expired', { limit: counting.limit })
        : say('pastLimit', { start: counting.start, limit: counting.limit });
    } else if (status.reason === 'checkmate') {
      out.outcome = say('mated', { side: say(status.result === 'white_wins' ? 'white' : 'black') });
    } else if (status.reason === 'mate_while_counting') {
      out.outcome = say('mateWhileCounting', { side: say(counting.counter) });
    }
    out.visible = true;
  } else if (action) {
    out.heading = say('title');
    out.lines.push(say('none'), say('canStart', { side: say(state.turn) }));
    out.visible = true;
  }
  if (action === 'count-start' && isBare(state.board, state.turn)) out.actionLabel = say('count-start-pieces');
  else if (action) out.actionLabel = say(action);
  return out;
}
