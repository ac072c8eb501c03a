/**
 * A student's assignment state in the browser (core/student-state.js), on a fake localStorage:
 * saving and reading back, the summary by the grading rule, and losing nothing when storage is
 * full, blocked or holds damaged text.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeStorage } from './fake-storage.mjs';

const MODULE = new URL('../../site_builder/static/js/core/student-state.js', import.meta.url).href;


let fresh = 0;
/** A fresh copy of the module (its in-memory fallbacks start empty) over `storage`. */
async function withStorage(storage) {
  globalThis.window = storage === 'blocked'
    ? { get localStorage() { throw new Error('SecurityError'); } }
    : { localStorage: storage };
  fresh += 1;
  return import(`${MODULE}?fresh=${fresh}`);
}

test('a new state is saved and read back, a fresh copy each time', async () => {
  const storage = new FakeStorage();
  const S = await withStorage(storage);
  const state = S.newState('KA1Z-code', ['mk-1', 'ko-2']);
  S.itemOf(state, 'mk-1').events.push(['m', 'e3e4']);
  assert.equal(S.saveState('abc1234', state), true);
  assert.equal(S.problem(), null);
  assert.ok(storage.getItem('kradan.assign.abc1234'));
  const back = S.loadState('abc1234');
  assert.deepEqual(JSON.parse(JSON.stringify(back)), JSON.parse(JSON.stringify(state)));
  back.items['mk-1'].events.push(['t']);
  assert.equal(S.loadState('abc1234').items['mk-1'].events.length, 1, 'a loaded state is a copy');
  assert.ok(S.hasItem(back, 'ko-2') && !S.hasItem(back, 'toString'), 'items are a map without a prototype');
  assert.equal(S.loadState('nothing'), null);
});

test('summarize: the grading rule over the page\'s own verdicts', async () => {
  const S = await withStorage(new FakeStorage());
  const item = (events, verdicts) => ({ ...S.newItem(), events, verdicts });
  const summary = async (events, verdicts) => S.summarize(item(events, verdicts));
  assert.deepEqual(await summary([['m', 'a'], ['m', 'b']], ['right', 'solved']), { result: 'solved', attempts: 1, hints: 0, mistakes: 0 });
  assert.deepEqual(await summary([['m', 'a'], ['t'], ['h'], ['m', 'b']], ['wrong', 'solved']), { result: 'retried', attempts: 2, hints: 1, mistakes: 1 });
  assert.deepEqual(await summary([['a', ['x']]], ['wrong']), { result: 'failed', attempts: 1, hints: 0, mistakes: 1 });
  assert.deepEqual(await summary([['s'], ['r'], ['a', '5']], ['solved']), { result: 'seen', attempts: 1, hints: 0, mistakes: 0 });
  assert.deepEqual(await summary([['m', 'a']], []), { result: 'failed', attempts: 1, hints: 0, mistakes: 0 },
    'a move not judged yet counts as right: tried, not solved');
});

test('text that cannot be read is copied aside before anything is written over it', async () => {
  const storage = new FakeStorage({ 'kradan.assign.abc1234': '{"code": 5' });
  const S = await withStorage(storage);
  assert.equal(S.loadState('abc1234'), null);
  assert.equal(storage.getItem('kradan.assign.abc1234.damaged'), '{"code": 5');
  assert.equal(S.saveState('abc1234', S.newState('KA1Z-x', ['a'])), true);
  assert.equal(storage.getItem('kradan.assign.abc1234.damaged'), '{"code": 5', 'the copy stays');
});

test('a state of the wrong shape is refused whole', async () => {
  const S = await withStorage(new FakeStorage());
  const good = { code: 'KA1Z-x', name: '', started: '', items: { a: S.newItem() } };
  assert.ok(S.cleanState(good));
  for (const bad of [null, [], { ...good, code: 5 }, { ...good, items: [] }, { ...good, name: 3 },
    { ...good, items: { a: { ...S.newItem(), verdicts: ['maybe'] } } },
    { ...good, items: { a: { ...S.newItem(), hints: -1 } } },
    { ...good, items: { a: { ...S.newItem(), events: ['m'] } } }]) {
    assert.equal(S.cleanState(bad), null, JSON.stringify(bad));
  }
  assert.equal(S.cleanState({ ...good, submitted: '2026-01-01' }).submitted, '2026-01-01');
});

test('when storage is full the state stays in memory for this page, and the page is told', async () => {
  const storage = new FakeStorage({}, { full: true });
  const S = await withStorage(storage);
  const state = S.newState('KA1Z-x', ['a']);
  assert.equal(S.saveState('abc1234', state), false);
  assert.equal(S.problem(), 'full');
  assert.equal(S.loadState('abc1234').code, 'KA1Z-x', 'later loads on this page see it');
  storage.full = false;
  assert.equal(S.saveState('abc1234', S.loadState('abc1234')), true);
  assert.equal(S.problem(), null);
});

test('when storage is blocked nothing is lost on this page either', async () => {
  const S = await withStorage('blocked');
  assert.equal(S.loadState('abc1234'), null);
  assert.equal(S.problem(), 'unavailable');
  assert.equal(S.saveState('abc1234', S.newState('KA1Z-x', ['a'])), false);
  assert.equal(S.loadState('abc1234').code, 'KA1Z-x');
  assert.deepEqual(S.savedStates(), []);
});

test('damaged text that cannot be copied aside is never written over', async () => {
  const storage = new FakeStorage({ 'kradan.assign.abc1234': 'not json' }, { full: true });
  const S = await withStorage(storage);
  assert.equal(S.loadState('abc1234'), null);
  storage.full = false;
  assert.equal(S.saveState('abc1234', S.newState('KA1Z-x', ['a'])), false);
  assert.equal(storage.getItem('kradan.assign.abc1234'), 'not json');
  assert.equal(S.loadState('abc1234').code, 'KA1Z-x', 'the new state lives in memory');
});

test('savedStates: every readable assignment, newest first', async () => {
  const state = (code, started) => JSON.stringify({ code, name: '', started, items: {} });
  const storage = new FakeStorage({
    'kradan.assign.aaaaaaa': state('KA1Z-old', '2026-01-01T00:00:00.000Z'),
    'kradan.assign.bbbbbbb': state('KA1Z-new', '2026-02-01T00:00:00.000Z'),
    'kradan.assign.ccccccc.damaged': 'x',
    'kradan.progress.v1': '{}',
  });
  const S = await withStorage(storage);
  assert.deepEqual(S.savedStates().map(({ aid, state: s }) => [aid, s.code]), [['bbbbbbb', 'KA1Z-new'], ['aaaaaaa', 'KA1Z-old']]);
});
