/**
 * The Makruk count panel's maths (games/makruk/count-maths.js): moves left to mate, the action
 * offered, and what the panel says, on the engine's own replies along a real counting play-out
 * (its proven mate and a game where the count runs out) and on hand-made counts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixtures } from './helpers/fixtures.mjs';
import { pageEngine } from './helpers/engines.mjs';
import { COUNT_ACTIONS, countFacts, isBare, movesLeft, thaiDigits } from '../../site_builder/static/js/games/makruk/count-maths.js';

const { data, drawn, live } = fixtures().playout;

/** The engine's replies after each prefix of `moves` (the page's recorded ones, then the live pairs). */
async function repliesAlong(moves) {
  const { engine } = pageEngine(data, live);
  const out = [];
  for (let i = 0; i <= moves.length; i += 1) {
    out.push(await engine.call({ op: 'play', game: 'makruk', position: data.playout.fen, moves: moves.slice(0, i) }));
  }
  return out;
}

/** A words function that shows which key was said with what. */
const say = (key, vars = {}) => (Object.keys(vars).length ? `${key}${JSON.stringify(vars)}` : key);

test('moves left: the exercise\'s own figure at the start, one less after each pair of moves, 0 at the end', async () => {
  const replies = await repliesAlong(data.line);
  assert.equal(movesLeft(replies[0]), data.playout.attacker_moves);
  const left = replies.map(movesLeft);
  for (let i = 2; i < left.length; i += 2) assert.equal(left[i], left[i - 2] - 1, `after ${i} plies`);
  assert.equal(left.at(-1), 0);
  assert.equal(replies.at(-1).status.reason, 'checkmate');
});

test('moves left by hand: the counter to move announces the next number; the other side has one more move', () => {
  const state = (turn, count, start = 4) => ({ turn, status: { counting: { kind: 'board', counter: 'black', count, start, limit: 16 } } });
  assert.equal(movesLeft(state('black', 0)), 13); // black will announce 4: white then has moves for 4..16
  assert.equal(movesLeft(state('white', 0)), 14);
  assert.equal(movesLeft(state('white', 16)), 1, 'after the counter announced the limit the other side has one move');
  assert.equal(movesLeft(state('black', 16)), 0);
  assert.equal(movesLeft(state('black', 20)), 0, 'never below 0');
});

test('countFacts: the running count, then the outcome the count decided', async () => {
  const start = countFacts((await repliesAlong([]))[0], say);
  const counting = data.playout; // {kind, count, limit, attacker_moves, …} of the exercise
  assert.equal(start.visible, true);
  assert.equal(start.kind, counting.kind);
  assert.equal(start.heading, counting.kind);
  assert.deepEqual(start.lines, [
    `counter${JSON.stringify({ side: 'black' })}`,
    `progress${JSON.stringify({ count: counting.count, limit: counting.limit })}`,
    `left${JSON.stringify({ side: 'white', moves: counting.attacker_moves })}`,
  ]);
  assert.equal(start.outcome, '');
  assert.equal(start.action, null, 'the engine offers no counting action here');

  const ran = (await repliesAlong(drawnPlies())).at(-1);
  assert.equal(ran.status.reason, 'counting');
  assert.equal(countFacts(ran, say).outcome, `expired${JSON.stringify({ limit: counting.limit })}`);

  const mated = (await repliesAlong(data.line)).at(-1);
  assert.equal(countFacts(mated, say).outcome, `mated${JSON.stringify({ side: 'white' })}`);
});

/** Every ply of the game in which the count ran out (the attacker's moves and the recorded defence). */
function drawnPlies() {
  const last = [...live].reverse().find(([request]) => request.op === 'play')[0];
  assert.deepEqual(last.moves.filter((_, i) => i % 2 === 0), drawn);
  return last.moves;
}

test('countFacts: the last move, a count from its start number, a count past its limit, mate while counting', () => {
  const counting = { kind: 'board', counter: 'black', count: 16, start: 3, limit: 16 };
  const base = { turn: 'white', actions: [], board: {}, status: { result: 'ongoing', counting } };
  assert.equal(countFacts(base, say).lines[2], `lastMove${JSON.stringify({ side: 'white' })}`);
  const fresh = countFacts({ ...base, status: { ...base.status, counting: { ...counting, count: 0 } } }, say);
  assert.equal(fresh.lines[1], `fromStart${JSON.stringify({ start: 3, limit: 16 })}`);
  const past = { ...base, status: { result: 'draw', reason: 'counting', counting: { ...counting, count: 0, start: 20 } } };
  assert.equal(countFacts(past, say).outcome, `pastLimit${JSON.stringify({ start: 20, limit: 16 })}`);
  const own = { ...base, status: { result: 'draw', reason: 'mate_while_counting', counting } };
  assert.equal(countFacts(own, say).outcome, `mateWhileCounting${JSON.stringify({ side: 'black' })}`);
});

test('countFacts: no count yet — the start the engine offers, for the board or (a bare Khun) for the pieces', () => {
  const state = (board) => ({ turn: 'black', actions: ['count-start'], board, status: { result: 'ongoing', counting: null } });
  const offer = countFacts(state({ a1: 'K', h8: 'k', b2: 'r' }), say);
  assert.equal(offer.visible, true);
  assert.equal(offer.action, 'count-start');
  assert.equal(offer.actionLabel, 'count-start');
  assert.deepEqual(offer.lines, ['none', `canStart${JSON.stringify({ side: 'black' })}`]);
  assert.equal(countFacts(state({ a1: 'K', b1: 'R', h8: 'k' }), say).actionLabel, 'count-start-pieces');
  const quiet = countFacts({ ...state({}), actions: [] }, say);
  assert.equal(quiet.visible, false);
  const over = countFacts({ ...state({}), status: { result: 'draw', counting: null } }, say);
  assert.equal(over.action, null, 'no action once the game is over');
  assert.deepEqual(COUNT_ACTIONS, ['count-start', 'count-stop', 'count-draw']);
});

test('isBare and Thai digits', () => {
  assert.equal(isBare({ a1: 'K', b1: 'R', h8: 'k' }, 'black'), true);
  assert.equal(isBare({ a1: 'K', b1: 'R', h8: 'k' }, 'white'), false);
  assert.equal(isBare({ a1: 'K', h8: 'k', g7: 'm~' }, 'black'), false);
  assert.equal(thaiDigits(16), '๑๖');
  assert.equal(thaiDigits('8 / 16'), '๘ / ๑๖');
});
