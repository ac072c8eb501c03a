/**
 * No tap lost on the two live parts boards/board.js does not cover by itself: a Dummy lesson
 * table's still picture before its engine has loaded (games/dummy/kept-cards.js: the cards tapped
 * meanwhile, named by the picture and replayed on the live table), and the Makruk counting
 * defender (games/makruk/counting-defender.js), which holds the reader's taps while it thinks
 * instead of switching the board's input off.
 */
import './helpers/page.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { QUEUE_LIMIT } from '../../site_builder/static/js/boards/input-queue.js';
import { KeptCards, cardNamed } from '../../site_builder/static/js/games/dummy/kept-cards.js';
import { attachDefender } from '../../site_builder/static/js/games/makruk/counting-defender.js';

const CARDS = { '7C': '7 ดอกจิก', QH: 'แหม่มโพแดง', '8D': '8 ข้าวหลามตัด' };

test('a card named on the still picture is found by its name, an unknown name by nothing', () => {
  assert.equal(cardNamed(CARDS, 'แหม่มโพแดง'), 'QH');
  assert.equal(cardNamed(CARDS, '7 ดอกจิก'), '7C');
  assert.equal(cardNamed(CARDS, 'ไพ่ที่ไม่มี'), null);
  assert.equal(cardNamed(CARDS, null), null);
});

test('cards tapped before the table is live are kept in order, and a second tap takes one back', () => {
  const kept = new KeptCards();
  assert.equal(kept.toggle({ zone: 'hand', card: '7C' }), true);
  assert.equal(kept.toggle({ zone: 'pile', card: '8D' }), true);
  assert.equal(kept.toggle({ zone: 'hand', card: 'QH' }), true);
  assert.deepEqual(kept.taps, [{ zone: 'hand', card: '7C' }, { zone: 'pile', card: '8D' }, { zone: 'hand', card: 'QH' }]);
  assert.equal(kept.has('pile', '8D'), true);
  assert.equal(kept.has('hand', '8D'), false, 'the same card in another zone is another tap');
  assert.equal(kept.toggle({ zone: 'hand', card: '7C' }), true);
  assert.deepEqual(kept.taps, [{ zone: 'pile', card: '8D' }, { zone: 'hand', card: 'QH' }]);
  kept.taps.pop();
  assert.equal(kept.taps.length, 2, 'taps is a copy: the caller cannot change what is kept');
});

test('at most QUEUE_LIMIT cards wait; one more is refused (the page says so), taking one back still works', () => {
  const kept = new KeptCards();
  const deck = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'].flatMap((r) => ['S', 'H'].map((s) => r + s));
  for (const card of deck.slice(0, QUEUE_LIMIT)) assert.equal(kept.toggle({ zone: 'hand', card }), true);
  assert.equal(kept.toggle({ zone: 'hand', card: deck[QUEUE_LIMIT] }), false);
  assert.equal(kept.taps.length, QUEUE_LIMIT);
  assert.equal(kept.toggle({ zone: 'hand', card: deck[0] }), true);
  assert.equal(kept.taps.length, QUEUE_LIMIT - 1);
});

/** A board as attachDefender sees it: a position, the reader's input switch, hold and play. */
function fakeBoard(turn) {
  const listeners = new Set();
  const board = {
    game: { id: 'makruk' }, initial: 'fen', moves: [], interactive: true, holds: [],
    state: { turn, status: { result: 'ongoing', reason: null } },
    onChange(cb) { listeners.add(cb); return () => listeners.delete(cb); },
    hold(on) { board.holds.push(on); },
    async play(move) {
      board.moves = [...board.moves, move];
      board.state = { turn: 'white', status: { result: 'ongoing', reason: null } };
      for (const cb of listeners) cb();
      return { ok: true };
    },
  };
  return board;
}

/** An engine whose one answer the test gives when it likes. */
function heldEngine() {
  let answer;
  const engine = { asked: 0, call() { engine.asked += 1; return new Promise((resolve) => { answer = resolve; }); } };
  return { engine, answer: (reply) => answer(reply) };
}

test('while the defender thinks the board holds the reader\'s taps (input stays on), then lets them through', async () => {
  const board = fakeBoard('black');
  const { engine, answer } = heldEngine();
  const updates = [];
  attachDefender(board, { defender: 'black', engine, onUpdate: (u) => updates.push(u) });
  assert.equal(engine.asked, 1);
  assert.equal(board.interactive, true, 'input is never switched off while thinking: taps wait instead');
  assert.deepEqual(board.holds, [true]);
  assert.equal(updates.at(-1).thinking, true);
  answer({ ok: true, move: 'e8d8' });
  await new Promise((resolve) => { setImmediate(resolve); });
  assert.deepEqual(board.moves, ['e8d8']);
  assert.deepEqual(board.holds, [true, false], 'the defender moved: the taps kept are played');
  assert.equal(updates.at(-1).thinking, false);
});

test('an engine that cannot answer is said, and the board takes moves again (nothing waits forever)', async () => {
  const board = fakeBoard('black');
  const { engine, answer } = heldEngine();
  const updates = [];
  attachDefender(board, { defender: 'black', engine, onUpdate: (u) => updates.push(u) });
  answer({ ok: false, error: { code: 'BUDGET_EXCEEDED', message: 'too long' } });
  await new Promise((resolve) => { setImmediate(resolve); });
  assert.deepEqual(board.holds, [true, false]);
  assert.equal(updates.at(-1).error.code, 'BUDGET_EXCEEDED');
  assert.equal(board.interactive, true);
});

test('detaching the defender mid-thought releases the board', () => {
  const board = fakeBoard('black');
  const { engine } = heldEngine();
  const stop = attachDefender(board, { defender: 'black', engine });
  stop();
  assert.deepEqual(board.holds, [true, false]);
});

test('a finished game switches input off (nothing to play), and nothing is held', () => {
  const board = fakeBoard('white');
  board.state = { turn: 'black', status: { result: 'white_wins', reason: 'checkmate' } };
  const { engine } = heldEngine();
  attachDefender(board, { defender: 'black', engine });
  assert.equal(engine.asked, 0);
  assert.equal(board.interactive, false);
  assert.deepEqual(board.holds, [false]);
});
