/**
 * Teacher-made exercises (core/teacher-exercise.js) and their place in assignment codes
 * (core/assignment.js): proven by the real engine (each call runs `python -m engine`:
 * helpers/python-engine.mjs), checked field by field, judged by the very judges a catalog
 * exercise of the same kind gets, carried in a link, refused when the link would be too long.
 */
import './helpers/page.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixtures } from './helpers/fixtures.mjs';
import { pythonCall, pythonEngine } from './helpers/python-engine.mjs';
import {
  ASKS, ExerciseError, LIMITS, cleanExercise, exerciseGoal, exerciseId, exercisePuzzleData, isExerciseId, proveExercise,
} from '../../site_builder/static/js/core/teacher-exercise.js';
import {
  MAX_CODE_CHARS, assignmentId, cleanAssignment, decodeAssignment, encodeAssignment, isItemId, teacherExercise,
} from '../../site_builder/static/js/core/assignment.js';
import { CodeError, pack, unpack } from '../../site_builder/static/js/core/codes.js';
import { codeErrorText } from '../../site_builder/static/js/core/code-words.js';
import { recordedEngine } from '../../site_builder/static/js/core/recorded-engine.js';
import { createJudge } from '../../site_builder/static/js/judges/index.js';
import { loadGame } from '../../site_builder/static/js/games/index.js';

const F = fixtures();
const WIN = F.trees['makhos-win']; // the builder's page data of a Mak-hot win
const MATE = F.trees['makruk-mate2'];
const BEST = F.trees['makhos-best']; // the builder's page data of a Mak-hot best move
const FEE = F.scoring.fee.data; // a Dummy "fee" figure: its table and question

/** An assignment code made before teacher-made exercises existed (commit 164446a), and its id. */
const OLD_CODE = 'KA1Z-i1Z6sKPxwY5ND3YsfrBj1oOdnWD2zAc7Vj_YsRDMbgRL7Xiwo1FJR-nBjukPdmx-sLMZpACkuAWiUUlHqSRDSUfJyMDITNfQSNfAUEnHUMdAJ1opN1s3N7Ek1VDXACSmlJxfmleSmZcO5aZk6xYn5xelgrmxsQA-03bf3j5';
const OLD = { title: 'การบ้านหมากรุก', instructions: 'ทำให้ครบ', lang: 'th', due: '2026-12-01', hints: true, solution: false, items: ['mk-mate1-001', 'counting-001', 'dk-score-001'] };

const proven = new Map();
/** A draft proven once per test run (the engine is a Python process per call). */
function proved(label, draft) {
  if (!proven.has(label)) proven.set(label, proveExercise(pythonCall, draft));
  return proven.get(label);
}
const winExercise = () => proved('win', { game: 'makhos', kind: 'win', position: WIN.position, mate_in: WIN.mate_in, title: ' ชนะในตาเดียว ', hints: ['ดูขุนที่ b8', ' '] });
const mateExercise = () => proved('mate', { game: 'makruk', kind: 'mate', position: MATE.position, mate_in: null, line: MATE.line });
const bestExercise = () => proved('best', { game: 'makhos', kind: 'best-move', position: BEST.position, line: BEST.line });
const feeExercise = () => proved('fee', { game: 'dummy', kind: 'scoring', table: FEE.table, question: FEE.question, title: 'ค่าปรับ' });

/** Rejects with an ExerciseError of `code` whose words are in Thai and English. */
async function refused(promise, code, reason = null) {
  await assert.rejects(promise, (err) => {
    assert.ok(err instanceof ExerciseError, err);
    assert.equal(err.code, code, err.words.en);
    if (reason) assert.equal(err.reason, reason);
    assert.match(err.words.th, /[\u0e00-\u0e7f]/, 'the Thai words are Thai');
    assert.ok(err.words.en.length > 10);
    return true;
  });
}

const badCode = (fn) => assert.throws(fn, (err) => err instanceof CodeError && err.code === 'BAD_CODE');

// ---- proving ------------------------------------------------------------------------------

test('a forced win proves to the builder\'s own page data of the same puzzle', async () => {
  const x = await winExercise();
  assert.match(x.id, /^t-[0-9a-z]{7}$/);
  assert.deepEqual({ ...x.data, position: WIN.position }, Object.fromEntries(['position', 'solver', 'orientation', 'mate_in', 'line', 'tree'].map((k) => [k, WIN[k]])));
  assert.equal(x.title, 'ชนะในตาเดียว', 'trimmed');
  assert.deepEqual(x.hints, ['ดูขุนที่ b8'], 'a blank hint is dropped');
  const m = await mateExercise();
  assert.equal(m.data.mate_in, MATE.mate_in, 'the shortest win, found without a claim');
  assert.deepEqual([m.data.line, m.data.tree], [MATE.line, MATE.tree], "the author's line is followed");
});

test('a best move proves to the builder\'s own page data of the same puzzle', async () => {
  const x = await bestExercise();
  assert.deepEqual({ ...x.data, position: BEST.position }, Object.fromEntries(['position', 'solver', 'orientation', 'mate_in', 'line', 'tree'].map((k) => [k, BEST[k]])));
  assert.equal(x.data.mate_in, null);
  assert.match(exerciseGoal(x, 'th'), /หาตาที่ได้หมาก .*ไม่เกิน \d ตาของคุณ/);
  await refused(proveExercise(pythonCall, { game: 'makhos', kind: 'best-move', position: 'W:Wa1:Bh8' }), 'NOT_PROVEN', 'no_gain');
  await refused(proveExercise(() => assert.fail('not asked'), { game: 'makhos', kind: 'best-move', position: BEST.position, depth: 5 }), 'BAD_DRAFT');
});

test('a position that cannot be proven says why, in Thai and English', async () => {
  await refused(proveExercise(pythonCall, { game: 'makhos', kind: 'win', position: WIN.position, mate_in: WIN.mate_in + 1 }), 'NOT_PROVEN', 'shorter_than_claimed');
  await refused(proveExercise(pythonCall, { game: 'makruk', kind: 'mate', position: MATE.position, mate_in: 1 }), 'NOT_PROVEN', 'not_forced');
  await refused(proveExercise(pythonCall, { game: 'makhos', kind: 'win', position: 'W:Wa1:Bh8' }), 'NOT_PROVEN', 'no_forced_win');
  await refused(proveExercise(pythonCall, { game: 'makruk', kind: 'mate', position: 'k7/R7/8/8/8/8/8/4K3 w - - 0 1' }), 'ILLEGAL_POSITION');
  await refused(proveExercise(pythonCall, { game: 'makhos', kind: 'win', position: 'W:Wa1,c1' }), 'BAD_POSITION');
  await refused(proveExercise(pythonCall, { game: 'makhos', kind: 'win', position: 'B:Wa1:B' }), 'GAME_OVER');
});

test('a draft is refused before the engine is asked when it cannot be an exercise', async () => {
  const never = () => { throw new Error('the engine must not be asked'); };
  const win = { game: 'makhos', kind: 'win', position: WIN.position };
  for (const draft of [
    { ...win, kind: 'best_move' }, { ...win, game: 'Mak hot' }, { ...win, position: '  ' },
    { ...win, position: 'W:'.padEnd(LIMITS.position + 1, 'a') }, { ...win, mate_in: 0 }, { ...win, mate_in: 6 },
    { ...win, mate_in: 1.5 }, { ...win, title: 'ก'.repeat(LIMITS.title + 1) }, { ...win, hints: ['a', 'b', 'c', 'd'] },
    { ...win, hints: ['ก'.repeat(LIMITS.hint + 1)] }, { ...win, hints: [7] },
    { game: 'dummy', kind: 'scoring', table: null, question: FEE.question },
    { game: 'dummy', kind: 'scoring', table: FEE.table, question: { ask: 'score' } },
    { game: 'dummy', kind: 'scoring', table: FEE.table, question: { ask: 'points', player: 'P9' } },
    { game: 'dummy', kind: 'scoring', table: FEE.table, question: { ask: 'nets', player: 'P1' } },
    { game: 'dummy', kind: 'scoring', table: FEE.table, question: { ask: 'fee', player: 'P1' } },
    { game: 'dummy', kind: 'scoring', table: FEE.table, question: { ask: 'net', player: 'P1', item: 'tier' } },
  ]) await refused(proveExercise(never, draft), 'BAD_DRAFT');
});

test('a Dummy figure is settled by the engine; a fee the seat does not pay, or a bad table, is refused', async () => {
  const x = await feeExercise();
  assert.deepEqual(x.data, { table: FEE.table, question: FEE.question });
  const settled = await pythonCall({ op: 'settle', game: 'dummy', table: FEE.table });
  const payer = FEE.question.player;
  const unpaid = ['tier', 'knock_fee', 'fool', 'speto_fee'].find((item) => !settled.ledger.some((l) => l.from === payer && l.item === item));
  await refused(proveExercise(pythonCall, { game: 'dummy', kind: 'scoring', table: FEE.table, question: { ask: 'fee', player: payer, item: unpaid } }), 'BAD_DRAFT');
  const broken = structuredClone(FEE.table);
  broken.players[0].hand = ['XX'];
  await refused(proveExercise(pythonCall, { game: 'dummy', kind: 'scoring', table: broken, question: FEE.question }), 'BAD_TABLE');
});

test('the engine stopping is an ExerciseError too', async () => {
  const dead = () => Promise.reject(Object.assign(new Error('stopped'), { code: 'ENGINE_STOPPED' }));
  await refused(proveExercise(dead, { game: 'makhos', kind: 'win', position: WIN.position }), 'ENGINE_FAILED');
});

// ---- the exercise's fields ---------------------------------------------------------------

test('cleanExercise refuses every field that is wrong', async () => {
  const x = await winExercise();
  const d = x.data;
  const tree = d.tree;
  const key = d.line[0];
  const with_ = (patch) => ({ ...x, ...patch });
  const data = (patch) => with_({ data: { ...d, ...patch } });
  assert.deepEqual(cleanExercise(x), x);
  for (const bad of [
    null, [], 'x', with_({ game: 'Makhos' }), with_({ game: 7 }), with_({ kind: 'counting' }), with_({ kind: 'best_move' }),
    with_({ title: 'ก'.repeat(LIMITS.title + 1) }), with_({ title: null }), with_({ hints: 'hint' }),
    with_({ hints: ['a', 'b', 'c', 'd'] }), with_({ hints: ['ก'.repeat(LIMITS.hint + 1)] }), with_({ hints: [' '] }),
    with_({ data: null }), with_({ id: 't-0000000' }), with_({ id: 'mk-mate1-001' }),
    data({ position: '' }), data({ position: 'W:'.padEnd(LIMITS.position + 1, 'a') }), data({ solver: 'White' }),
    data({ orientation: '' }), data({ mate_in: 0 }), data({ mate_in: 6 }), data({ mate_in: '1' }), data({ mate_in: 2 }),
    data({ line: [] }), data({ line: [key, 'a1-b2'] }), data({ line: ['a1-b2'] }), data({ line: 'b8-h2' }),
    data({ tree: { wins: {}, refutations: tree.refutations } }), data({ tree: { wins: tree.wins } }),
    data({ tree: { ...tree, wins: { [key]: { mate: true, extra: 1 } } } }),
    data({ tree: { ...tree, wins: { [key]: { reply: 'g1-h2', node: tree } } } }), // deeper than mate_in
    data({ tree: { ...tree, refutations: { ...tree.refutations, [key]: null } } }),
    data({ tree: { ...tree, refutations: { 'a1 b2': null } } }),
  ]) badCode(() => cleanExercise(bad));
  const b = await bestExercise();
  const done = Object.keys(b.data.tree.wins)[0];
  for (const bad of [
    { ...b, data: { ...b.data, mate_in: 1 } }, { ...b, kind: 'mate' }, { ...x, kind: 'best-move', data: { ...d, mate_in: null } },
    { ...b, data: { ...b.data, tree: { ...b.data.tree, wins: { [done]: { mate: true } } } } },
  ]) badCode(() => cleanExercise(bad));
  const f = await feeExercise();
  const q = (patch) => ({ ...f, data: { ...f.data, question: { ...f.data.question, ...patch } } });
  for (const bad of [
    q({ ask: 'score' }), q({ player: '' }), q({ player: 'P9' }), q({ item: '' }), q({ item: 'Tier!' }),
    q({ ask: 'nets' }), q({ ask: 'net' }), { ...f, data: { ...f.data, table: [] } },
    { ...f, data: { ...f.data, table: { ...f.data.table, pad: 'x'.repeat(LIMITS.table) } } },
  ]) badCode(() => cleanExercise(bad));
  assert.deepEqual(ASKS, ['points', 'tier', 'fee', 'net', 'nets']);
});

test('ids are stable: the same content has the same id, any change another; never a catalog id', async () => {
  const x = await winExercise();
  assert.ok(isItemId(x.id) && isExerciseId(x.id) && !isExerciseId('mk-mate1-001'));
  const reordered = { hints: x.hints, data: Object.fromEntries(Object.entries(x.data).reverse()), title: x.title, kind: x.kind, game: x.game };
  assert.equal(exerciseId(reordered), x.id, 'the order of keys does not matter');
  assert.equal(cleanExercise(JSON.parse(JSON.stringify(x))).id, x.id);
  const ids = new Set([x.id, exerciseId({ ...x, title: `${x.title}!` }), exerciseId({ ...x, hints: [] }),
    exerciseId({ ...x, kind: 'mate' }), (await mateExercise()).id, (await feeExercise()).id]);
  assert.equal(ids.size, 6);
});

// ---- judged like a catalog exercise -----------------------------------------------------

test('the puzzle data of a forced win or a best move is judged by the tree judge: the right key is right, a wrong key wrong', async () => {
  for (const x of [await winExercise(), await mateExercise(), await bestExercise()]) {
    const data = exercisePuzzleData(x, 'th');
    assert.equal(data.id, x.id);
    assert.deepEqual({ tags: data.tags, difficulty: data.difficulty, next: data.next, replies: data.replies }, { tags: [], difficulty: 0, next: null, replies: null });
    if (x.data.mate_in) {
      assert.match(data.goal, new RegExp(`ใน ${x.data.mate_in} ตา$`));
      assert.match(exercisePuzzleData(x, 'en').goal, new RegExp(`${x.kind} in ${x.data.mate_in}\\.$`));
    }
    const deps = { engine: recordedEngine(data.replies, { live: pythonEngine() }) };
    const game = await loadGame(x.game);
    const right = await createJudge(data, game, deps);
    assert.equal((await right.move(x.data.line[0])).verdict, x.data.line.length === 1 ? 'solved' : 'right');
    const wrong = await createJudge(data, game, deps);
    const miss = Object.keys(x.data.tree.refutations)[0];
    assert.equal((await wrong.move(miss)).verdict, 'wrong');
  }
});

test('the puzzle data of a Dummy figure is judged by the scoring judge', async () => {
  const x = await feeExercise();
  const words = F.scoring.fee.data.words;
  const data = exercisePuzzleData(x, 'th', words);
  assert.equal(data.title, 'ค่าปรับ');
  assert.equal(data.goal, exerciseGoal(x, 'th', words));
  assert.ok(data.goal.includes(words.items[x.data.question.item]), 'the fee is named in the page\'s words');
  assert.ok(!('calculator' in data), 'no link that works the answer out');
  const game = await loadGame('dummy');
  const deps = { engine: recordedEngine(null, { live: pythonEngine() }) };
  const judge = await createJudge(data, game, deps);
  const { player } = x.data.question;
  assert.equal((await judge.answer({ [player]: F.scoring.fee.answer + 1 })).verdict, 'wrong');
  assert.equal((await judge.answer({ [player]: F.scoring.fee.answer })).verdict, 'solved');
});

// ---- inside the assignment code -----------------------------------------------------------

test('an assignment code made before teacher-made exercises still decodes, with the same id', async () => {
  const a = await decodeAssignment(OLD_CODE);
  assert.deepEqual(a, OLD);
  assert.equal(assignmentId(a), '0tahojq');
  assert.equal(JSON.parse(await unpack('KA', 1, await encodeAssignment(a))).length, 7, 'a catalog-only code keeps 7 fields');
  assert.equal(teacherExercise(a, 'mk-mate1-001'), null);
});

test('exercises travel in the code, at their place among the items, and come back the same', async () => {
  const [x, f] = [await winExercise(), await feeExercise()];
  const a = { ...OLD, items: ['mk-mate1-001', x.id, 'dk-score-001', f.id], exercises: [f, x] };
  const code = await encodeAssignment(a);
  assert.ok(code.length <= MAX_CODE_CHARS, `a board and a Dummy exercise fit in one link (${code.length} characters)`);
  const back = await decodeAssignment(code);
  assert.deepEqual(back.exercises, [x, f], 'in the order of the items');
  assert.deepEqual(teacherExercise(back, f.id), f);
  assert.equal(teacherExercise(back, 'mk-mate1-001'), null);
  assert.equal(assignmentId(back), assignmentId(a));
  const renamed = cleanExercise({ ...x, id: undefined, title: 'อื่น' });
  const other = { ...a, items: a.items.map((id) => (id === x.id ? renamed.id : id)), exercises: [f, renamed] };
  assert.notEqual(assignmentId(other), assignmentId(a), 'an exercise changed is another assignment');
  const row = JSON.parse(await unpack('KA', 1, code));
  assert.equal(row.length, 8);
  row[7][0][2] = 'changed'; // the exercise no longer matches its item's id
  await assert.rejects(decodeAssignment(await pack('KA', 1, JSON.stringify(row))), (err) => err.code === 'BAD_CODE');
  row.splice(7, 1, []);
  await assert.rejects(decodeAssignment(await pack('KA', 1, JSON.stringify(row))), (err) => err.code === 'BAD_CODE');
  badCode(() => cleanAssignment({ ...a, exercises: [x] })); // f's item has no exercise
  badCode(() => cleanAssignment({ ...a, exercises: [x, f, x] }));
  badCode(() => cleanAssignment({ ...a, items: ['mk-mate1-001', x.id] })); // f is not an item
  badCode(() => cleanAssignment({ ...a, exercises: [x, { ...f, title: 7 }] }));
});

test('an assignment whose code is too long for a link is refused with TOO_LONG', async () => {
  const x = await winExercise();
  let seed = 7;
  const noise = (n) => Array.from({ length: n }, () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return 'abcdefghijklmnopqrstuvwxyz0123456789'[seed % 36];
  }).join('');
  const many = Array.from({ length: 6 }, () => cleanExercise({ ...x, id: undefined, title: noise(LIMITS.title), hints: [noise(LIMITS.hint), noise(LIMITS.hint), noise(LIMITS.hint)] }));
  const a = { ...OLD, items: many.map((e) => e.id), exercises: many };
  await assert.rejects(encodeAssignment(a), (err) => {
    assert.ok(err instanceof CodeError && err.code === 'TOO_LONG');
    assert.equal(err.detail.max, MAX_CODE_CHARS);
    assert.ok(err.detail.chars > MAX_CODE_CHARS);
    return true;
  });
  assert.ok((await encodeAssignment({ ...a, items: a.items.slice(0, 1), exercises: many.slice(0, 1) })).length <= MAX_CODE_CHARS);
});

test('TOO_LONG is said in the page\'s words (Thai here; English: teacher-exercise-en.test.mjs)', () => {
  const said = codeErrorText(new CodeError('TOO_LONG', { chars: 2500, max: MAX_CODE_CHARS }), 'assignment');
  assert.ok(said.includes('2500') && said.includes(String(MAX_CODE_CHARS)) && /[\u0e00-\u0e7f]/.test(said), said);
});
