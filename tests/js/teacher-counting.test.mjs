/**
 * A teacher-made counting number (core/teacher-exercise.js kind 'counting'): the teacher's Makruk
 * position and the move that starts the count, the number worked out by the real engine's `play`
 * (helpers/python-engine.mjs), the same number the catalog's counting question of that position
 * asks; a number quiz judged by judges/quiz.js and replayed by the gradebook; its words from the
 * Makruk module (`countingQuiz`, handed in: core names no game); refused with a reason where no
 * count runs; checked field by field when decoded.
 */
import './helpers/page.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fixtures } from './helpers/fixtures.mjs';
import { pythonCall } from './helpers/python-engine.mjs';
import {
  ExerciseError, cleanExercise, exerciseGoal, exercisePuzzleData, exerciseWords, proveExercise,
} from '../../site_builder/static/js/core/teacher-exercise.js';
import { assignmentId, decodeAssignment, encodeAssignment } from '../../site_builder/static/js/core/assignment.js';
import { CodeError } from '../../site_builder/static/js/core/codes.js';
import { recordedEngine } from '../../site_builder/static/js/core/recorded-engine.js';
import { createJudge } from '../../site_builder/static/js/judges/index.js';
import { checkStudent, itemData } from '../../site_builder/static/js/teach/gradebook-check.js';
import { itemEntry } from '../../site_builder/static/js/teach/catalog.js';
import { loadGame, loadTeacherGame } from '../../site_builder/static/js/games/index.js';
import { placement } from '../../site_builder/static/js/games/makruk/teacher-counting.js';

const F = fixtures();
/** A catalog counting question's page data and its file's `moves` (the move that starts the count). */
function catalogQuestion(label) {
  const data = F.quizzes[`makruk-counting-${label}`];
  const toml = readFileSync(new URL(`../../puzzles/makruk/${data.id}.toml`, import.meta.url), 'utf8');
  const moves = JSON.parse(/^moves = (\[.*\])$/m.exec(toml)?.[1] ?? '[]');
  return { data, moves };
}
const LIMIT = catalogQuestion('limit');
const START = catalogQuestion('start');

const proven = new Map();
/** The teacher's counting number asking `ask` on a catalog question's position and moves (proven once per run). */
function counting(ask, { data, moves } = ask === 'limit' ? LIMIT : START) {
  const key = `${ask}:${data.id}`;
  if (!proven.has(key)) proven.set(key, proveExercise(pythonCall, { game: 'makruk', kind: 'counting', position: data.position, moves, ask, title: 'นับศักดิ์' }));
  return proven.get(key);
}

async function refused(promise, code) {
  await assert.rejects(promise, (err) => {
    assert.ok(err instanceof ExerciseError, err);
    assert.equal(err.code, code, err.words.en);
    assert.match(err.words.th, /[\u0e00-\u0e7f]/);
    return true;
  });
}

test('the engine works out the number the catalog\'s counting question of the same position asks', async () => {
  for (const [ask, catalog] of [['limit', LIMIT], ['start', START]]) {
    const x = await counting(ask, catalog);
    assert.equal(x.kind, 'counting');
    assert.equal(x.data.answer, catalog.data.quiz.correct, `${ask} of ${catalog.data.id}`);
    assert.equal(x.data.count_kind, 'pieces');
    const reply = await pythonCall({ op: 'play', game: 'makruk', position: x.data.position, moves: [] });
    assert.equal(reply.status.counting.kind, 'pieces', 'the position kept is the one where the count runs');
    assert.equal(reply.status.counting[ask], x.data.answer);
    assert.equal(reply.status.counting.counter, x.data.counter);
  }
});

test('a position where no count runs, a bad move or a wrong ask is refused with its reason', async () => {
  await refused(proveExercise(pythonCall, { game: 'makruk', kind: 'counting', position: LIMIT.data.position, moves: [], ask: 'limit' }), 'NO_COUNT');
  await refused(proveExercise(pythonCall, { game: 'makruk', kind: 'counting', position: LIMIT.data.position, moves: ['e1e9'], ask: 'limit' }), 'BAD_MOVE');
  await refused(proveExercise(() => assert.fail('not asked'), { game: 'makruk', kind: 'counting', position: LIMIT.data.position, ask: 'moves' }), 'BAD_DRAFT');
  await refused(proveExercise(() => assert.fail('not asked'), { game: 'makruk', kind: 'counting', position: LIMIT.data.position, moves: ['a', 'b', 'c'], ask: 'limit' }), 'BAD_DRAFT');
  const board = await proveExercise(pythonCall, { game: 'makruk', kind: 'counting', position: '8/3k4/2s5/8/8/3N4/2R5/6K1 w - - 0 1', moves: ['count-start'], ask: 'limit' });
  assert.deepEqual([board.data.count_kind, board.data.counter, board.data.answer], ['board', 'white', 64], "the board's honour, started by the side to move");
});

test('decoding checks every field of a counting number', async () => {
  const x = await counting('limit');
  assert.deepEqual(cleanExercise(JSON.parse(JSON.stringify(x))), x);
  const tampered = [{ answer: 0 }, { answer: 65 }, { answer: 16.5 }, { answer: '16' }, { ask: 'moves' }, { count_kind: 'none' }, { counter: 'White!' }, { position: '' }];
  for (const change of tampered) {
    const data = { ...x.data, ...change };
    assert.throws(() => cleanExercise({ game: x.game, kind: x.kind, title: x.title, hints: [], data }), (err) => err instanceof CodeError && err.code === 'BAD_CODE', JSON.stringify(change));
  }
});

test('a number quiz in the Makruk module\'s words, judged by the quiz judge like the catalog question', async () => {
  const x = await counting('limit');
  const makruk = await loadTeacherGame('makruk');
  const data = exercisePuzzleData(x, 'th', exerciseWords(x, null, makruk));
  assert.equal(data.goal, 'ดำกำลังนับศักดิ์หมาก หาเลขที่นับครบ');
  assert.equal(data.quiz.prompt, 'ดำนับศักดิ์หมาก จะนับไปจนครบที่เลขอะไร');
  assert.equal(data.quiz.answer_type, LIMIT.data.quiz.answer_type);
  assert.equal(data.quiz.correct, LIMIT.data.quiz.correct);
  assert.match(data.quiz.explanation, /ครบที่ 16/);
  assert.equal(exercisePuzzleData(x, 'en', exerciseWords(x, null, makruk)).quiz.prompt, "Black counts the pieces' honour. At which number does the count end (the limit)?");
  assert.equal(exerciseGoal(x, 'th'), 'คำถามการนับศักดิ์ในตำแหน่งนี้ ตอบเป็นตัวเลข', 'without the game\'s words: plain words');
  const deps = { engine: recordedEngine(null, {}) };
  for (const page of [data, LIMIT.data]) {
    const judge = await createJudge(page, makruk, deps);
    assert.equal((await judge.answer('15')).verdict, 'wrong');
    assert.equal((await judge.answer('16')).verdict, 'solved');
  }
  const start = await counting('start');
  const said = exercisePuzzleData(start, 'th', exerciseWords(start, null, makruk)).quiz.explanation;
  assert.equal(said, `บนกระดานมีหมาก ${start.data.answer - 1} ตัว (รวมขุนทั้งสองฝ่าย) จึงเริ่มนับที่ ${start.data.answer - 1} + 1 = ${start.data.answer}`);
});

test('the gradebook replays a counting number: right, wrong then right, and a forged claim', async () => {
  const x = await counting('limit');
  const a = await decodeAssignment(await encodeAssignment({ title: 'งานนับ', lang: 'th', hints: true, solution: false, items: [x.id], exercises: [x] }));
  const data = await itemData(itemEntry(a, x.id, null), 'th');
  assert.equal(data.quiz.prompt, 'ดำนับศักดิ์หมาก จะนับไปจนครบที่เลขอะไร', 'the gradebook asks the game module too');
  const items = [{ id: x.id, data, engine: recordedEngine(null, {}), game: await loadGame('makruk') }];
  const result = (events, claimed, attempts) => ({
    assignment: assignmentId(a), name: 'น้องซี', started: '2026-11-27T03:00:00.000Z', submitted: '2026-11-27T03:10:00.000Z',
    items: [{ id: x.id, events, claimed, attempts, hints: 0, ms: 5000 }],
  });
  const solved = await checkStudent(result([['a', '16']], 'solved', 1), a, items);
  assert.deepEqual([solved.cells[0].status, solved.cells[0].result], ['ok', 'solved']);
  const retried = await checkStudent(result([['a', '64'], ['a', '16']], 'retried', 2), a, items);
  assert.deepEqual([retried.cells[0].status, retried.cells[0].result], ['ok', 'retried']);
  const forged = await checkStudent(result([['a', '64']], 'solved', 1), a, items);
  assert.deepEqual([forged.cells[0].status, forged.cells[0].result], ['bad', 'failed']);
});

test('the Makruk figure reads the position\'s pieces from its FEN', () => {
  assert.deepEqual(placement('8/8/3k4/8/4R3/8/8/3K4 b - 32 6 1'), { d6: 'k', e4: 'R', d1: 'K' });
  assert.deepEqual(placement('rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1').e1, 'M');
  assert.deepEqual(placement('8/8/8/8/8/2M~M~4/8/8 w - - 0 1'), { c3: 'M~', d3: 'M~' });
});
