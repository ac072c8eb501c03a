/**
 * A move being picked on the board, from the engine's `legal` objects alone:
 * {move, from, to, path, captures, drop, promotion, privilege} (from null and drop a hand
 * piece for a drop; path = every square landed on, in order; captures = squares taken).
 *
 * A pick = {origin: {square} | {drop}, candidates: legal objects still possible, landed:
 * squares landed on so far}. The reader taps (or drags through) the landing squares one by one;
 * step() says what a tap on a square means. No move string is ever taken apart here.
 */
/** @import { LegalMove, Square } from '../types/engine.js' */
/**
 * @typedef {{origin: {square: Square | null, drop?: undefined} | {drop: string, square?: undefined},
 *   candidates: LegalMove[], landed: Square[]}} Pick
 * @typedef {{kind: 'move', move: LegalMove} | {kind: 'choose', moves: LegalMove[]}
 *   | {kind: 'continue', pick: Pick} | {kind: 'none'}} Step
 */

/**
 * The pick of the piece on `square`, or of the hand piece `drop`, in the list `legal`.
 * @param {LegalMove[]} legal
 * @param {{square?: Square | null, drop?: string | null}} origin
 * @returns {Pick}
 */
export function startPick(legal, { square = null, drop = null }) {
  const candidates = legal.filter((m) => (drop ? m.drop === drop : !m.drop && m.from === square));
  return { origin: drop ? { drop } : { square }, candidates, landed: [] };
}

/** Where the moving piece stands now: the last landed square, else its own square (null for a drop). */
export const standsOn = (/** @type {Pick} */ pick) => pick.landed.at(-1) ?? pick.origin.square ?? null;

/**
 * Squares the piece may land on next.
 * @param {Pick} pick
 */
export function nextSquares(pick) {
  const step = pick.landed.length;
  return new Set(pick.candidates.map((m) => m.path[step]).filter(Boolean));
}

/**
 * Final squares of the candidate moves that need more than one more landing.
 * @param {Pick} pick
 */
export function farSquares(pick) {
  const step = pick.landed.length;
  return new Set(pick.candidates.filter((m) => m.path.length > step + 1).map((m) => m.to));
}

/**
 * Squares taken so far along the landed path: a capture is known once every candidate
 * agrees on it (captures[i] goes with path[i] when a move lists one capture per landing).
 * @param {Pick} pick
 */
export function jumpedSquares(pick) {
  /** @type {Square[]} */
  const out = [];
  for (let i = 0; i < pick.landed.length; i++) {
    const taken = new Set(pick.candidates.map((m) => (m.captures.length === m.path.length ? m.captures[i] : null)));
    const [square] = taken;
    if (taken.size === 1 && square) out.push(square);
  }
  return out;
}

/**
 * What a tap on `square` means for `pick`:
 *   {kind: 'move', move}      one legal move is complete: send it;
 *   {kind: 'choose', moves}   several moves fit: the reader chooses (promotion, privilege, route);
 *   {kind: 'continue', pick}  a landing square on the way: the path goes on from there;
 *   {kind: 'none'}            no candidate lands there.
 * The final square of a longer path may be tapped at once: the routes to it are then offered.
 * @param {Pick} pick
 * @param {Square} square
 * @returns {Step}
 */
export function step(pick, square) {
  const at = pick.landed.length;
  const via = pick.candidates.filter((m) => m.path[at] === square);
  /** @type {(moves: LegalMove[]) => Step} */
  const done = (moves) => (moves.length === 1 ? { kind: 'move', move: moves[0] } : { kind: 'choose', moves });
  if (via.length) {
    const ending = via.filter((m) => m.path.length === at + 1);
    const going = via.filter((m) => m.path.length > at + 1);
    if (!going.length) return done(ending);
    if (!ending.length) return { kind: 'continue', pick: { ...pick, candidates: going, landed: [...pick.landed, square] } };
    return done(via);
  }
  const ending = pick.candidates.filter((m) => m.to === square);
  return ending.length ? done(ending) : { kind: 'none' };
}

/**
 * A drag passing over `square`: the pick goes on from there if `square` is a landing square
 * on the way to further ones (moves that could stop there stay candidates); else null.
 * @param {Pick} pick
 * @param {Square} square
 * @returns {Pick | null}
 */
export function passOver(pick, square) {
  const at = pick.landed.length;
  const via = pick.candidates.filter((m) => m.path[at] === square);
  if (!via.some((m) => m.path.length > at + 1)) return null;
  return { ...pick, candidates: via, landed: [...pick.landed, square] };
}

/**
 * The moves that end exactly where the pick stands now (a drag released on its last landing).
 * @param {Pick} pick
 */
export function endingHere(pick) {
  return pick.candidates.filter((m) => m.path.length === pick.landed.length);
}
