/**
 * A teacher-made best move (core/teacher-exercise.js kind 'best-move'), proven by the real engine
 * (helpers/python-engine.mjs: each call a `python -m engine` process), is judged on the student's
 * page exactly as the catalog's best move of the same position is (judges/index.js picks the tree
 * judge for both; the same events get the same verdicts), and the gradebook (teach/gradebook-check.js)
 * replays it with the live engine. Its goal names the side to move as the catalog does, from the
 * game module's `toMove` the page hands in (exerciseWords); core names no game.
 */
import './helpers/page.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixtures } from './helpers/fixtures.mjs';
import { m, wrongMove } from './helpers/events.mjs';
import { pythonCall, pythonEngine } from './helpers/python-engine.mjs';
import { cleanExercise, exerciseGoal, exercisePuzzleData, exerciseWords, proveExercise } from '../../site_builder/static/js/core/teacher-exercise.js';
import { assignmentId, decodeAssignment, encodeAssignment } from '../../site_builder/static/js/core/assignment.js';
import { recordedEngine } from '../../site_builder/static/js/core/recorded-engine.js';
import { createJudge } from '../../site_builder/static/js/judges/index.js';
import { checkStudent, itemData } from '../../site_builder/static/js/teach/gradebook-check.js';
import { itemEntry } from '../../site_builder/static/js/teach/catalog.js';
import { loadGame } from '../../site_builder/static/js/games/index.js';

const F = fixtures();
const CATALOG = { makhos: F.trees['makhos-best'], makruk: F.trees['makruk-best'] }; // the catalog's page data of a best move

const proven = new Map();
/** The teacher's best move on the catalog puzzle's position, proven once per run (the maker's draft: no line given). */
function bestMove(game) {
  if (!proven.has(game)) proven.set(game, proveExercise(pythonCall, { game, kind: 'best-move', position: CATALOG[game].position }));
  return proven.get(game);
}

/** The verdicts a judge of `data` gives the solver's `moves`, one judge per line (as one attempt). */
async function verdicts(data, game, moves) {
  const judge = await createJudge(data, game, { engine: recordedEngine(data.replies, { live: pythonEngine() }) });
  const out = [];
  for (const move of moves) {
    const v = await judge.move(move);
    out.push(v.verdict);
    if (v.verdict !== 'right') break;
  }
  return out;
}

const solverMoves = (line) => line.filter((_, i) => i % 2 === 0);

for (const game of ['makhos', 'makruk']) {
  test(`${game}: a teacher's best move is judged like the catalog's best move of the same position`, async () => {
    const x = await bestMove(game);
    const catalog = CATALOG[game];
    assert.equal(x.kind, 'best-move');
    assert.deepEqual(x.data.tree, catalog.tree, "the engine's proof is the builder's");
    const module = await loadGame(game);
    const data = exercisePuzzleData(x, 'th', exerciseWords(x, null, module));
    const right = solverMoves(catalog.line);
    const wrong = [wrongMove(catalog.tree)];
    const second = catalog.line.length > 1 ? [right[0], wrongMove(catalog.tree.wins[right[0]].node)] : null;
    for (const moves of [right, wrong, ...(second ? [second] : [])]) {
      assert.deepEqual(await verdicts(data, module, moves), await verdicts(catalog, module, moves), `${moves}`);
    }
    assert.equal((await verdicts(data, module, right)).at(-1), 'solved');
    assert.equal((await verdicts(data, module, wrong))[0], 'wrong');
  });
}

test('a teacher\'s best move is replayed by the gradebook with the live engine: solved, wrong, and a forged claim', async () => {
  const x = cleanExercise({ ...(await bestMove('makruk')), id: undefined, title: 'ม้าส้อม' });
  const a = await decodeAssignment(await encodeAssignment({ title: 'งาน', lang: 'th', hints: true, solution: false, items: [x.id], exercises: [x] }));
  const entry = itemEntry(a, x.id, null);
  const data = await itemData(entry, 'th');
  assert.equal(data.replies, null, 'no recorded replies: the live engine answers');
  const live = pythonEngine();
  const items = [{ id: x.id, data, engine: recordedEngine(null, { live }), game: await loadGame('makruk') }];
  const result = (events, claimed) => ({
    assignment: assignmentId(a), name: 'น้องบี', started: '2026-11-27T03:00:00.000Z', submitted: '2026-11-27T03:20:00.000Z',
    items: [{ id: x.id, events, claimed, attempts: 1, hints: 0, ms: 9000 }],
  });
  const right = m(...solverMoves(x.data.line));
  const solved = await checkStudent(result(right, 'solved'), a, items);
  assert.deepEqual([solved.cells[0].status, solved.cells[0].result, solved.flags], ['ok', 'solved', []]);
  assert.ok(live.calls > 0, 'the live engine answered the defence');
  const wrong = m(wrongMove(x.data.tree));
  const failed = await checkStudent(result(wrong, 'failed'), a, items);
  assert.deepEqual([failed.cells[0].status, failed.cells[0].result], ['ok', 'failed']);
  const forged = await checkStudent(result(wrong, 'solved'), a, items);
  assert.deepEqual([forged.cells[0].status, forged.cells[0].result], ['bad', 'failed']);
});

test('the goal names the side to move as the catalog does, from the game module the page hands in', async () => {
  const x = await bestMove('makruk');
  const makruk = await loadGame('makruk');
  assert.equal(exerciseGoal(x, 'th', exerciseWords(x, null, makruk)), CATALOG.makruk.goal.replace('ขาวเดิน', 'ขาวเดินก่อน'));
  assert.equal(exerciseGoal(x, 'en', exerciseWords(x, null, makruk)),
    'White to move and win material, and play on until it is won on the board (at most 2 of your moves).');
  assert.match(exerciseGoal(x, 'th'), /^ฝ่ายที่เดินก่อน หาตาที่ได้หมาก/, 'without the words: the side is not named');
  const mate = F.trees['makruk-mate2'];
  const y = await proveExercise(pythonCall, { game: 'makruk', kind: 'mate', position: mate.position, mate_in: mate.mate_in, line: mate.line });
  assert.equal(exercisePuzzleData(y, 'th', exerciseWords(y, null, makruk)).goal, mate.goal, 'a mate reads as the catalog\'s');
  const komayo = await loadGame('komayo');
  assert.equal(exerciseGoal({ ...y, game: 'komayo', data: { ...y.data, solver: 'gote' } }, 'th', exerciseWords(y, null, komayo)),
    `ฝ่ายเดินหลังเดิน รุกจนให้ได้ใน ${mate.mate_in} ตา`);
  const table = { kind: 'scoring', data: {} };
  assert.deepEqual(exerciseWords(/** @type {any} */ (table), { items: {} }, makruk), { items: {} }, 'a table kind keeps its page words');
});

test('the gradebook names the side to move in a teacher exercise\'s goal, as the exercise page does', async () => {
  const x = await bestMove('makhos');
  const data = await itemData({ exercise: x }, 'th');
  assert.equal(data.goal, exerciseGoal(x, 'th', exerciseWords(x, null, await loadGame('makhos'))));
  assert.match(data.goal, /^(ขาว|ดำ)เดินก่อน หาตาที่ได้หมาก/);
});
