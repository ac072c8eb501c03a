/**
 * The gradebook's checks (teach/gradebook-check.js): one student's result code replayed item by
 * item on real puzzle page data, what the code claims compared with what the replay finds, and
 * the flags a teacher sees.
 */
import './helpers/page.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixtures } from './helpers/fixtures.mjs';
import { pageEngine } from './helpers/engines.mjs';
import { m, rightLine, wrongMove } from './helpers/events.mjs';
import { checkStudent, findCodes, nameKey } from '../../site_builder/static/js/teach/gradebook-check.js';
import { loadGame } from '../../site_builder/static/js/games/index.js';

const F = fixtures();
const mate = F.trees['makruk-mate2'];
const quiz = F.quizzes['makruk-counting-limit'];
const line = rightLine(mate.tree);

/** The gradebook's item: the page's data, its recorded engine and its game module. */
const item = async (data) => ({ id: data.id, data, engine: pageEngine(data).engine, game: await loadGame(data.game) });
const claim = (id, events, claimed, attempts, hints = 0, ms = 1000) => ({ id, events, claimed, attempts, hints, ms });
const assignment = (ids, rules = {}) => ({ items: ids, hints: true, solution: true, ...rules });

test('an honest result is verified, item by item', async () => {
  const r = { name: 'มะลิ', items: [
    claim(mate.id, [...m(wrongMove(mate.tree)), ['t'], ['h'], ...m(...line)], 'retried', 2, 1, 60000),
    claim(quiz.id, [['a', String(quiz.quiz.correct)]], 'solved', 1, 0, 5000),
  ] };
  const row = await checkStudent(r, assignment([mate.id, quiz.id]), [await item(mate), await item(quiz)]);
  assert.equal(row.verified, 'ok');
  assert.deepEqual(row.flags, []);
  assert.deepEqual(row.cells.map((c) => [c.status, c.result, c.attempts, c.hints]), [['ok', 'retried', 2, 1], ['ok', 'solved', 1, 0]]);
  assert.equal(row.solved, 2);
  assert.equal(row.ms, 65000);
});

test('a forged claim is flagged and the gradebook shows what the replay found', async () => {
  const r = { name: 'x', items: [claim(mate.id, m(wrongMove(mate.tree)), 'solved', 1)] };
  const row = await checkStudent(r, assignment([mate.id]), [await item(mate)]);
  assert.equal(row.verified, 'bad');
  assert.deepEqual(row.flags, [{ key: 'forged', vars: { n: 1, claimed: 'solved', replayed: 'failed' } }]);
  assert.equal(row.cells[0].result, 'failed');
  assert.equal(row.solved, 0);
});

test('counts that do not match, events the page never records, and an unreadable engine are told apart', async () => {
  const counts = { name: 'x', items: [claim(mate.id, m(...line), 'solved', 3)] };
  assert.deepEqual((await checkStudent(counts, assignment([mate.id]), [await item(mate)])).flags, [{ key: 'counts', vars: { n: 1 } }]);
  const nonsense = { name: 'x', items: [claim(mate.id, m('zz99'), '', 0)] };
  const bad = await checkStudent(nonsense, assignment([mate.id]), [await item(mate)]);
  assert.deepEqual([bad.verified, bad.flags], ['bad', [{ key: 'problem', vars: { n: 1 } }]]);
  const dead = { ...await item(mate), engine: { call: () => Promise.reject(new Error('engine stopped')) } };
  const unchecked = await checkStudent({ name: 'x', items: [claim(mate.id, m(...line), 'solved', 1)] }, assignment([mate.id]), [dead]);
  assert.deepEqual([unchecked.verified, unchecked.cells[0].status, unchecked.flags], ['unchecked', 'unchecked', [{ key: 'engineFailed', vars: { n: 1 } }]]);
  assert.equal(unchecked.cells[0].result, 'solved', 'an unchecked item shows the claim');
});

test('items missing from the site or whose page failed, extra items, and forbidden hints and solutions', async () => {
  const r = { name: 'x', items: [
    claim(mate.id, [['h'], ['s'], ['r'], ...m(...line)], 'seen', 1, 1),
    claim('gone', [], '', 0), claim('broken', [], '', 0), claim('extra', [], '', 0),
  ] };
  const items = [await item(mate), { id: 'gone', data: undefined }, { id: 'broken', data: null }];
  const row = await checkStudent(r, assignment([mate.id, 'gone', 'broken'], { hints: false, solution: false }), items);
  assert.deepEqual(row.cells.map((c) => c.status), ['ok', 'missing', 'unchecked']);
  assert.deepEqual(row.flags.map((f) => f.key), ['extraItem', 'hintsUsed', 'solutionUsed']);
  assert.equal(row.verified, 'bad');
});

test('findCodes and nameKey', () => {
  assert.deepEqual(findCodes('ชื่อ: มะลิ KS1Z-abc_DEF-0123456, KA1-x\nKAPOW KS0-'), ['KS1Z-abc_DEF-0123456', 'KA1-x', 'KS0-']);
  assert.deepEqual(findCodes(null), []);
  assert.equal(nameKey('  Mali   Dee '), nameKey('mali dee'));
});
