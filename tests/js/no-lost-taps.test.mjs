/**
 * No tap lost while the engine loads: the queue of the reader's waiting taps
 * (boards/input-queue.js), the game record that adopts only the latest change's reply
 * (boards/record.js: an undo overtakes a move still waiting for the engine), and what a page
 * answers without the live engine (core/recorded-engine.js `knows`, on the sandbox's real
 * recorded replies made by the builder) and when it starts loading it (warmOnTouch).
 */
import './helpers/page.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputQueue, QUEUE_LIMIT } from '../../site_builder/static/js/boards/input-queue.js';
import { GameRecord } from '../../site_builder/static/js/boards/record.js';
import { recordedEngine, warmOnTouch } from '../../site_builder/static/js/core/recorded-engine.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The Makhos sandbox's recorded table in Thai, as the build writes it (site_builder/replies.py). */
function sandboxTable(game) {
  const venv = join(ROOT, '.venv', 'bin', 'python');
  const python = process.env.KRADAN_PYTHON ?? (existsSync(venv) ? venv : 'python3');
  const code = 'import json, sys\nfrom site_builder.replies import page_table, sandbox_replies\n'
    + `print(json.dumps(page_table(list(sandbox_replies(${JSON.stringify(game)})), "th")))`;
  const run = spawnSync(python, ['-c', code], { cwd: ROOT, encoding: 'utf8', timeout: 300_000 });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout);
}

/** A live engine that must not be asked: it counts the calls and rejects them. */
function deadLive() {
  const live = {
    calls: 0, warmed: 0, status: 'idle', onStatus() {},
    get ready() { live.warmed += 1; return new Promise(() => {}); },
    call() { live.calls += 1; return Promise.reject(new Error('the live engine was asked')); },
  };
  return live;
}

test('the queue keeps taps and hand picks in order and gives them back oldest first', () => {
  const queue = new InputQueue();
  assert.equal(queue.next(), null);
  assert.ok(queue.add({ square: 'b3' }));
  assert.ok(queue.add({ drop: 'P' }));
  assert.ok(queue.add({ square: 'b4' }));
  assert.equal(queue.size, 3);
  assert.deepEqual(queue.squares, ['b3', 'b4']);
  assert.deepEqual(queue.summary(), { taps: ['b3', { drop: 'P' }, 'b4'], count: 3 });
  assert.deepEqual(queue.next(), { square: 'b3' });
  assert.deepEqual(queue.next(), { drop: 'P' });
  assert.equal(queue.size, 1);
});

test('the queue copies what it keeps, and undo or restart drops everything waiting', () => {
  const queue = new InputQueue();
  const tap = { square: 'c3' };
  queue.add(tap);
  tap.square = 'h8';
  queue.add({ square: 'c4' });
  assert.deepEqual(queue.squares, ['c3', 'c4']);
  assert.equal(queue.clear(), 2);
  assert.equal(queue.size, 0);
  assert.equal(queue.next(), null);
  assert.equal(queue.clear(), 0);
});

test('a full queue refuses the next tap (the board says so) and keeps the ones it has', () => {
  const queue = new InputQueue();
  for (let i = 0; i < QUEUE_LIMIT; i++) assert.ok(queue.add({ square: `a${(i % 8) + 1}` }));
  assert.equal(queue.add({ square: 'h8' }), false);
  assert.equal(queue.size, QUEUE_LIMIT);
  assert.ok(!queue.squares.includes('h8'));
});

/** An engine whose play replies the test releases by hand, in any order. */
function handEngine() {
  const waiting = [];
  return {
    waiting,
    call(request, options) {
      return new Promise((resolve) => waiting.push({ request, options, resolve }));
    },
    /** Answer the waiting call number `i` with a state for its moves. */
    answer(i) {
      const { request, resolve } = waiting[i];
      resolve({ ok: true, position: `after ${request.moves.join(' ')}`, moves: request.moves, legal: [], turn: 'w' });
    },
  };
}

test('an undo overtakes a move still waiting for the engine: the late reply is not adopted', async () => {
  const engine = handEngine();
  const record = new GameRecord('makruk', /** @type {any} */ (engine));
  const loaded = record.load('start');
  engine.answer(0);
  await loaded;
  const played = record.play('a3a4'); // waits for the engine (call 1)
  const reset = record.reset(); // the reader restarts meanwhile (call 2)
  engine.answer(2);
  assert.equal((await reset).ok, true);
  assert.deepEqual(record.moves, []);
  engine.answer(1); // the move's reply comes late
  await played;
  assert.deepEqual(record.moves, [], 'the late move was not adopted');
  assert.equal(record.state.position, 'after ');
});

test('cancel drops the change on its way and keeps what is shown; a refresh loses to a later move', async () => {
  const engine = handEngine();
  const record = new GameRecord('makruk', /** @type {any} */ (engine));
  const loaded = record.load('start');
  engine.answer(0);
  await loaded;
  const played = record.play('a3a4');
  record.cancel();
  engine.answer(1);
  await played;
  assert.deepEqual(record.moves, []);

  const first = record.play('a3a4');
  engine.answer(2);
  await first;
  const refreshed = record.refresh(); // the live engine's legal moves for a pending reply
  assert.equal(engine.waiting[3].options.live, true);
  const reply = record.play('a6a5'); // the computer's recorded reply comes first
  engine.answer(4);
  await reply;
  engine.answer(3);
  await refreshed;
  assert.deepEqual(record.moves, ['a3a4', 'a6a5']);
  assert.equal(record.state.position, 'after a3a4 a6a5');
});

const TABLE = sandboxTable('makhos');

test('the sandbox answers its first exchange with the computer at every level without the live engine', async () => {
  const live = deadLive();
  const engine = recordedEngine(TABLE, { live });
  const { position, game } = TABLE;
  const start = { op: 'start', game, options: {} };
  const root = { op: 'play', game, position, moves: [] };
  assert.ok(engine.knows(start) && engine.knows(root));
  const rootReply = await engine.call(root);
  assert.ok(rootReply.legal.length > 0);
  for (const { move } of rootReply.legal) {
    const first = { op: 'play', game, position, moves: [move] };
    assert.ok(engine.knows(first), move);
    for (const level of [1, 2, 3]) {
      const ask = { op: 'bestmove', game, position, moves: [move], level };
      assert.ok(engine.knows(ask), `${move} level ${level}`);
      const answer = await engine.call(ask);
      const after = await engine.call({ op: 'play', game, position, moves: [move, answer.move] });
      assert.ok(after.ok && after.pending, 'the position after the reply is shown; its legal moves come live');
      assert.ok((await engine.call(first)).legal.some((m) => m.move === answer.move), 'the reply names its legal move');
    }
  }
  assert.equal(live.calls, 0);
  assert.equal(engine.live, false);
  assert.equal(engine.status, 'ready');
});

test('what the table does not hold is not known, and asking for it goes to the live engine', async () => {
  const live = deadLive();
  const engine = recordedEngine(TABLE, { live });
  const { position, game } = TABLE;
  const first = (await engine.call({ op: 'play', game, position, moves: [] })).legal[0].move;
  const answer = await engine.call({ op: 'bestmove', game, position, moves: [first], level: 1 });
  const after = await engine.call({ op: 'play', game, position, moves: [first, answer.move] });
  assert.equal(after.legal.length, 0);
  const second = { op: 'play', game, position: TABLE.position, moves: [first, answer.move, 'a1b2'] };
  assert.equal(engine.knows(second), false);
  assert.equal(engine.knows({ op: 'play', game, position: `${position} `, moves: [] }), false);
  assert.equal(live.calls, 0);
  await assert.rejects(engine.call(second), /the live engine was asked/);
  assert.equal(live.calls, 1);
});

test('the live engine starts loading at the first press or key on the board, once, and not before', () => {
  const live = deadLive();
  const engine = recordedEngine(TABLE, { live });
  const board = new EventTarget();
  warmOnTouch(board, engine);
  board.dispatchEvent(new Event('focus'));
  board.dispatchEvent(new Event('pointerover'));
  assert.equal(live.warmed, 0, 'hovering or focusing is not touching');
  board.dispatchEvent(new Event('pointerdown'));
  assert.equal(live.warmed, 1);
  board.dispatchEvent(new Event('keydown'));
  board.dispatchEvent(new Event('pointerdown'));
  assert.equal(live.warmed, 1);

  const other = new EventTarget();
  warmOnTouch(other, engine);
  other.dispatchEvent(new Event('keydown'));
  assert.equal(live.warmed, 2, 'a key press counts as a touch');
});
