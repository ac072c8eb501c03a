/**
 * A crafted result code cannot stall the gradebook's replay (core/puzzle-replay.js): an item with
 * more events than a code may hold is not replayed at all; a replay's engine calls, and those that
 * would go to the live engine (a search each), are counted and stop at their bounds with TOO_LONG,
 * per item and per code (teach/gradebook-check.js shares one budget among a code's items, and shows
 * such an item as not checked). A deflate bomb in a code is refused before it fills the memory.
 */
import './helpers/page.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { m } from './helpers/events.mjs';
import { CODE_LIVE_CALLS, REPLAY_LIMITS, replayBudget, replayItem } from '../../site_builder/static/js/core/puzzle-replay.js';
import { checkStudent } from '../../site_builder/static/js/teach/gradebook-check.js';
import { MAX_JSON_BYTES, CodeError, unpack } from '../../site_builder/static/js/core/codes.js';
import { loadGame } from '../../site_builder/static/js/games/index.js';

const MATE = { kind: 'mate', game: 'makruk', position: 'k7/8/1K6/8/8/8/8/7R w - - 0 1',
  tree: { wins: { h1h8: { mate: true } }, refutations: { h1h2: 'a8a7' } } };

/**
 * A fake engine: every play is legal and ongoing, the defence always answers; `recorded` says
 * whether the page's replies would answer it (else it is a live call). Counts what reaches it.
 */
function fakeEngine({ recorded, legal = true }) {
  const engine = {
    calls: 0,
    knows: () => recorded,
    async call(request) {
      engine.calls += 1;
      if (request.op === 'defend') return { ok: true, move: 'a8a7' };
      const reply = { ok: true, status: { result: 'ongoing' }, turn: request.moves.length % 2 ? 'black' : 'white' };
      return legal ? { ...reply, legal: [{ move: 'h1h8' }, { move: 'h1h2' }] } : reply;
    },
  };
  return engine;
}

/** A wrong move and its take-back, `n` times over. */
const wrongAndBack = (n) => Array.from({ length: n }, () => [...m('h1h2'), ['t']]).flat();

test('an item with more events than a code may hold is not replayed at all', async () => {
  const engine = fakeEngine({ recorded: true });
  const replay = await replayItem(MATE, wrongAndBack(REPLAY_LIMITS.events / 2 + 1), engine, null);
  assert.deepEqual(replay.problems, ['TOO_LONG']);
  assert.equal(engine.calls, 0);
});

test('moves the page recorded replay in full, within the bounds', async () => {
  const engine = fakeEngine({ recorded: true });
  const replay = await replayItem(MATE, [...wrongAndBack(REPLAY_LIMITS.events / 2 - 1), ...m('h1h8')], engine, null);
  assert.deepEqual([replay.result, replay.problems], ['retried', []]);
  assert.equal(engine.calls, REPLAY_LIMITS.events / 2);
});

test('live engine calls stop at the item\'s bound', async () => {
  const engine = fakeEngine({ recorded: false });
  const replay = await replayItem(MATE, wrongAndBack(150), engine, null);
  assert.deepEqual(replay.problems, ['TOO_LONG']);
  assert.equal(engine.calls, REPLAY_LIMITS.live, 'the call past the bound never reaches the engine');
});

test('engine calls of any kind stop at the item\'s bound (a counting play-out asks four or five per move)', async () => {
  const data = { kind: 'counting', game: 'makruk', position: MATE.position,
    playout: { fen: MATE.position, attacker: 'white', defender: 'black', horizon: 1 } };
  const engine = fakeEngine({ recorded: true, legal: false });
  const replay = await replayItem(data, m(...Array(REPLAY_LIMITS.events).fill('h1h2')), engine, await loadGame('makruk'));
  assert.deepEqual(replay.problems, ['TOO_LONG']);
  assert.equal(engine.calls, REPLAY_LIMITS.calls);
});

test('the items of one code share its live calls', async () => {
  const budget = replayBudget();
  const engine = fakeEngine({ recorded: false });
  const items = Math.ceil(CODE_LIVE_CALLS / (REPLAY_LIMITS.live - 1)) + 1;
  const problems = [];
  for (let i = 0; i < items; i++) {
    problems.push((await replayItem(MATE, wrongAndBack(REPLAY_LIMITS.live - 1), engine, null, budget)).problems);
  }
  assert.ok(problems[0].length === 0, 'one item within its own bound replays');
  assert.deepEqual(problems.at(-1), ['TOO_LONG']);
  assert.ok(engine.calls <= CODE_LIVE_CALLS, `${engine.calls} live calls`);
});

test('the gradebook shows a too-long item as not checked, with its own flag, and checks the others', async () => {
  const ids = ['a', 'b'];
  const engine = fakeEngine({ recorded: false });
  const r = { name: 'x', items: [
    { id: 'a', events: wrongAndBack(REPLAY_LIMITS.live + 5), claimed: 'failed', attempts: 1, hints: 0, ms: 0 },
    { id: 'b', events: m('h1h8'), claimed: 'solved', attempts: 1, hints: 0, ms: 0 }] };
  const row = await checkStudent(r, { items: ids, hints: true, solution: true },
    ids.map((id) => ({ id, data: MATE, engine, game: null })));
  assert.deepEqual(row.cells.map((c) => c.status), ['unchecked', 'ok']);
  assert.deepEqual(row.flags, [{ key: 'tooLong', vars: { n: 1 } }]);
  assert.equal(row.verified, 'unchecked');
});

test('a code that inflates past the limit is refused, not read', async () => {
  const bomb = new Uint8Array(MAX_JSON_BYTES + 1024).fill(0x20); // spaces: deflate squeezes them to a few KB
  const zipped = new Uint8Array(await new Response(new Blob([bomb]).stream().pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer());
  const payload = Buffer.from(zipped).toString('base64url');
  const { checksum } = await import('../../site_builder/static/js/core/codes.js');
  const code = `KS1Z-${payload}-${checksum(payload)}`;
  assert.ok(code.length < 64 * 1024, `the bomb is small (${code.length} characters)`);
  await assert.rejects(unpack('KS', 1, code), (err) => err instanceof CodeError && err.code === 'BAD_CODE');
});
