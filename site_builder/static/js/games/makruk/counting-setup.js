/**
 * Random counting positions for the counting trainer, reproducible from a seed (no DOM, no
 * engine: node can import this file). The site builder's counting trainer does exactly the same
 * in Python, and a test checks that both give the same candidates for the same seed.
 *
 * A candidate puts the white Khun, the black Khun, then the white pieces (in the order of
 * `pieces`) on squares drawn from a 32-bit LCG; Black (the bare Khun) is to move and the
 * pieces' honour count is set up as if White had just taken the last black piece:
 * FEN field 4 = 2 × limit, field 5 = 2 × (pieces on the board), so Black's first move is
 * counted as pieces + 1. The trainer keeps the first candidate the engine accepts: legal, not
 * in check, nothing hanging (acceptable) and not lost at once (notLost: the best defence is
 * not mated on the next move).
 */

/** @import { DefendReply, PlayReply, Reply } from '../../types/engine.js' */

/** @type {Record<string, string>} */
const LETTERS = { K: 'K', R: 'R', S: 'S', N: 'N', M: 'M', F: 'M~' }; // F = Bia-ngai (promoted Bia)

/**
 * A 32-bit integer hash, so that neighbouring seeds start far apart.
 * @param {number} x
 */
export function mix32(x) {
  let h = x >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/** 32-bit linear congruential generator started from mix32(seed); `below(n)` takes the high bits. */
export class Lcg {
  /** @param {number} seed */
  constructor(seed) {
    this.state = mix32(seed);
  }

  next() {
    this.state = (Math.imul(this.state, 1664525) + 1013904223) >>> 0;
    return this.state;
  }

  /**
   * A whole number 0 <= k < n (n <= 2**21 keeps the product exact).
   * @param {number} n
   */
  below(n) {
    return Math.floor((this.next() * n) / 4294967296);
  }
}

/**
 * FEN placement of `board` (64 entries, index = rank * 8 + file, a1 = 0).
 * @param {(string | null)[]} board
 */
export function placement(board) {
  const rows = [];
  for (let rank = 7; rank >= 0; rank--) {
    let row = '';
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const piece = board[rank * 8 + file];
      if (!piece) {
        empty += 1;
        continue;
      }
      if (empty) row += String(empty);
      empty = 0;
      row += piece;
    }
    if (empty) row += String(empty);
    rows.push(row);
  }
  return rows.join('/');
}

/**
 * The next candidate FEN from `rng` for White's `pieces` ("RSNFF") against a bare Khun.
 * @param {Lcg} rng
 * @param {string} pieces
 * @param {number} limit
 */
export function candidate(rng, pieces, limit) {
  /** @type {(string | null)[]} */
  const board = new Array(64).fill(null);
  /** @type {(letter: string) => void} */
  const put = (letter) => {
    let square = rng.below(64);
    while (board[square]) square = rng.below(64);
    board[square] = letter;
  };
  put('K');
  put('k');
  for (const piece of pieces) put(LETTERS[piece]);
  const onBoard = pieces.length + 2;
  return `${placement(board)} b - ${2 * limit} ${2 * onBoard} 1`;
}

/**
 * The first `n` candidates for `seed` (what the cross-language test compares).
 * @param {string} pieces
 * @param {number} limit
 * @param {number} seed
 * @param {number} n
 */
export function candidates(pieces, limit, seed, n) {
  const rng = new Lcg(seed);
  return Array.from({ length: n }, () => candidate(rng, pieces, limit));
}

/**
 * Is the engine's `play` reply for a candidate a fair start? Legal, game on, Black not in
 * check, and no white piece hangs to the bare Khun's very first move (no legal capture).
 * @param {Reply<PlayReply>} reply
 */
export function acceptable(reply) {
  if (!reply.ok || reply.status.result !== 'ongoing' || reply.status.check) return false;
  return !reply.legal.some((move) => move.captures.length > 0);
}

/**
 * Pick the material of "random": one of `ids`, from the seed (its own generator).
 * @template T
 * @param {T[]} ids
 * @param {number} seed
 */
export function randomMaterial(ids, seed) {
  return ids[new Lcg(seed ^ 0x9e3779b9).below(ids.length)];
}

/**
 * The engine's `defend` reply (horizon 1) for a candidate: false if even the best defence is mated next move.
 * @param {Reply<DefendReply>} defence
 */
export function notLost(defence) {
  return defence.ok && defence.mate_in === null;
}

export const MAX_TRIES = 500;
