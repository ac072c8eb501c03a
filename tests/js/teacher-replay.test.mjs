/**
 * A teacher-made exercise graded like a catalog one: the gradebook (teach/gradebook-check.js)
 * replays a teacher item's events with the judge built from the exercise inside the assignment
 * code (no catalog page fetched), and the link of a teacher item (core/exercise-link.js,
 * core/assignment-mode.js itemUrl) still carries the assignment code that fragment() reads.
 * The exercises are the engine's own (tests/js/fixtures.py teacher_fixtures: the `prove` op's
 * tree, the `settle` op's figure); the live engine's replies are the engine's, recorded there.
 */
import './helpers/page.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixtures } from './helpers/fixtures.mjs';
import { m, wrongMove } from './helpers/events.mjs';
import { pageEngine } from './helpers/engines.mjs';
import { assignmentId, decodeAssignment, encodeAssignment, fragment, teacherExercise } from '../../site_builder/static/js/core/assignment.js';
import { cleanExercise } from '../../site_builder/static/js/core/teacher-exercise.js';
import { exerciseUrl, readExerciseHash } from '../../site_builder/static/js/core/exercise-link.js';
import { itemUrl } from '../../site_builder/static/js/core/assignment-mode.js';
import { checkStudent, itemData } from '../../site_builder/static/js/teach/gradebook-check.js';
import { itemEntry } from '../../site_builder/static/js/teach/catalog.js';
import { loadGame } from '../../site_builder/static/js/games/index.js';

const T = fixtures().teacher;
const CATALOG_ID = 'mk-mate1-001';

/** The exercise of a fixture, as the builder makes it (its id from its content). */
const exercise = ({ game, kind, data }, title = '') => cleanExercise({ game, kind, title, hints: [], data });

/** An assignment with a catalog item and the two teacher-made ones, through its code and back. */
async function assignment() {
  const mate = exercise(T.mate, 'รุกจนใน 2 จากครู');
  const figure = exercise(T.scoring);
  const code = await encodeAssignment({
    title: 'งานทดสอบ', lang: 'th', hints: true, solution: false,
    items: [CATALOG_ID, mate.id, figure.id], exercises: [mate, figure],
  });
  return { code, a: await decodeAssignment(code), mate, figure };
}

/** The gradebook's items of `a` (its teacher-made ones only: no catalog page here), as gradebook.js makes them. */
async function gradebookItems(a) {
  const items = [];
  for (const id of a.items) {
    const entry = itemEntry(a, id, null);
    if (!entry) {
      items.push({ id, data: undefined });
      continue;
    }
    const data = await itemData(entry, 'th');
    // a teacher item's engine is the page's recorded engine over no replies: every call reaches the live one
    const { engine, live } = pageEngine(data, T[entry.exercise.kind === 'scoring' ? 'scoring' : 'mate'].live);
    items.push({ id, data, live, engine, game: await loadGame(data.game) });
  }
  return items;
}

/** A student's result: `work` = {item id: {events, claimed, attempts}}. */
const result = (a, work) => ({
  assignment: assignmentId(a), name: 'น้องเอ', started: '2026-11-27T03:00:00.000Z', submitted: '2026-11-27T03:30:00.000Z',
  items: a.items.map((id) => ({ id, events: [], claimed: '', attempts: 0, hints: 0, ms: 1000, ...work[id] })),
});

const solverMoves = (line) => line.filter((_, i) => i % 2 === 0);

test('a teacher item is found in the code and replayed on the data made from it (no page fetched)', async () => {
  const { a, mate, figure } = await assignment();
  assert.deepEqual(teacherExercise(a, mate.id), mate);
  assert.equal(itemEntry(a, mate.id, null).title, 'รุกจนใน 2 จากครู');
  assert.equal(itemEntry(a, figure.id, { items: [], games: { dummy: 'ดัมมี่' }, kinds: { scoring: 'คิดเงิน' } }).title, 'ดัมมี่ · คิดเงิน',
    'an untitled exercise is named by its game and kind');
  const data = await itemData(itemEntry(a, mate.id, null), 'th');
  assert.equal(data.replies, null, 'no recorded replies: the live engine answers');
  assert.deepEqual(data.tree, T.mate.data.tree);
  assert.equal(data.position, T.mate.data.position);
});

test('gradebook: the right line of a teacher mate is verified, a wrong key is caught, a tampered claim is flagged', async () => {
  const { a, mate } = await assignment();
  const line = solverMoves(T.mate.data.line);
  const wrong = wrongMove(T.mate.data.tree);
  assert.ok(wrong, 'the proof lists a refuted key');

  const solved = await checkStudent(result(a, { [mate.id]: { events: m(...line), claimed: 'solved', attempts: 1 } }), a, await gradebookItems(a));
  const cell = solved.cells[1];
  assert.equal(cell.status, 'ok');
  assert.equal(cell.result, 'solved');
  assert.equal(solved.cells[0].status, 'missing', 'the catalog item is not on this (test) site');
  assert.deepEqual(solved.flags, []);

  const items = await gradebookItems(a);
  const failed = await checkStudent(result(a, { [mate.id]: { events: m(wrong), claimed: 'failed', attempts: 1 } }), a, items);
  assert.equal(failed.cells[1].status, 'ok', 'an honest wrong answer is verified as wrong');
  assert.equal(failed.cells[1].result, 'failed');
  assert.ok(items[1].live.calls > 0, 'the live engine judged the move');

  const forged = await checkStudent(result(a, { [mate.id]: { events: m(wrong), claimed: 'solved', attempts: 1 } }), a, await gradebookItems(a));
  assert.equal(forged.cells[1].status, 'bad');
  assert.equal(forged.cells[1].result, 'failed', 'the gradebook shows what the replay found');
  assert.deepEqual(forged.flags, [{ key: 'forged', vars: { n: 2, claimed: 'solved', replayed: 'failed' } }]);
  assert.equal(forged.verified, 'bad');
});

test('gradebook: a teacher Dummy figure is judged by the scoring judge on its settlement', async () => {
  const { a, figure } = await assignment();
  const seat = T.scoring.data.question.player;
  const right = { [seat]: T.scoring.answer };
  const off = { [seat]: T.scoring.answer + 10 };
  const row = await checkStudent(result(a, {
    [figure.id]: { events: [['a', off], ['a', right]], claimed: 'retried', attempts: 2 },
  }), a, await gradebookItems(a));
  assert.equal(row.cells[2].status, 'ok');
  assert.equal(row.cells[2].result, 'retried');
  const forged = await checkStudent(result(a, { [figure.id]: { events: [['a', off]], claimed: 'solved', attempts: 1 } }), a, await gradebookItems(a));
  assert.equal(forged.cells[2].status, 'bad');
  assert.equal(forged.cells[2].result, 'failed');
});

test('link of a teacher item: /<lang>/teach/exercise/#<id>#<code>, and fragment() still reads the code', async () => {
  const { code, a, mate } = await assignment();
  const url = exerciseUrl('th', mate.id, code);
  assert.equal(url, `/th/teach/exercise/#${mate.id}#${code}`);
  assert.equal(fragment(url), code);
  assert.deepEqual(await decodeAssignment(url), a, 'the whole link decodes as the assignment');
  const hash = url.slice(url.indexOf('#'));
  assert.deepEqual(readExerciseHash(hash), { id: mate.id, code });
  assert.deepEqual(readExerciseHash(`#${mate.id}\n#${code.slice(0, 10)} ${code.slice(10)}`), { id: mate.id, code }, 'a link broken over lines');
  const aid = assignmentId(a);
  assert.equal(itemUrl('en', mate.id, aid, 2, code), `/en/teach/exercise/#${mate.id}#${code}`);
  assert.equal(itemUrl('en', CATALOG_ID, aid, 1, code), `/en/puzzles/${CATALOG_ID}/#as=${aid}&i=1`, 'a catalog item links as before');
  for (const bad of ['', '#', `#${code}`, `#${mate.id}`, `#${mate.id}#`, `#t-short#${code}`, `#${CATALOG_ID}#${code}`, '#%E0%A4#x']) {
    assert.equal(readExerciseHash(bad), null, `"${bad}" is no exercise link`);
  }
});
