/**
 * The class's common wrong answers (teach/wrong-answers.js) over the detail lines of real replays
 * (teach/gradebook-detail.js on real puzzle pages): grouped by the same move from the same position
 * or the same answer, one count per student, most common first, never a student's own claim.
 */
import './helpers/page.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixtures } from './helpers/fixtures.mjs';
import { pageEngine } from './helpers/engines.mjs';
import { m, rightLine, wrongMove } from './helpers/events.mjs';
import { replayItem } from '../../site_builder/static/js/core/puzzle-replay.js';
import { loadGame } from '../../site_builder/static/js/games/index.js';
import { detailLines, recordedLook } from '../../site_builder/static/js/teach/gradebook-detail.js';
import { classLines, commonWrong } from '../../site_builder/static/js/teach/wrong-answers.js';
import { itemData } from '../../site_builder/static/js/teach/gradebook-check.js';
import { cleanExercise } from '../../site_builder/static/js/core/teacher-exercise.js';
import { recordedEngine } from '../../site_builder/static/js/core/recorded-engine.js';
import { pythonCall, pythonEngine } from './helpers/python-engine.mjs';

const F = fixtures();
const T = F.teacher; // teacher-made exercises as the engine proves them
const mate = F.trees['makruk-mate2'];
const quiz = F.quizzes['makruk-rule-quiz-position-status'];

async function student(name, item, data, events) {
  const { engine } = pageEngine(data);
  const replay = await replayItem(data, events, engine, await loadGame(data.game));
  return { name, item, lines: await detailLines(events, replay, data, recordedLook(engine, data), 'th') };
}

test('the most common wrong first moves and quiz answers, with how many students and who', async () => {
  const [first, second] = Object.keys(mate.tree.refutations);
  const line = rightLine(mate.tree);
  const [right] = quiz.quiz.correct;
  const [b, c] = quiz.quiz.choices.map((x) => x.id).filter((id) => id !== right);
  const students = await Promise.all([
    student('ก', 0, mate, [...m(first), ['t'], ...m(first), ['t'], ...m(...line)]), // the same wrong move twice: one student
    student('ข', 0, mate, [...m(first), ['r'], ...m(second)]),
    student('ค', 0, mate, [...m(first)]),
    student('ง', 0, mate, m(...line)),
    student('ก', 1, quiz, [['a', [b]], ['a', [right]]]),
    student('ข', 1, quiz, [['a', [c]]]),
    student('ค', 1, quiz, [['a', [c]], ['a', [c]]]),
    student('ง', 1, quiz, [['s'], ['a', [b]]]), // after the solution is shown the page takes no answer: not judged
  ]);
  const wrong = commonWrong(students);
  const label = (id) => quiz.quiz.choices.find((x) => x.id === id).label;
  assert.deepEqual(wrong.map((x) => [x.item, x.words, x.count, x.names]), [
    [0, students[0].lines[0].text, 3, ['ก', 'ข', 'ค']],
    [0, students[1].lines[2].text, 1, ['ข']],
    [1, label(c), 2, ['ข', 'ค']],
    [1, label(b), 1, ['ก']],
  ]);
  assert.match(wrong[0].words, /[ก-๙]/, 'in words');
  assert.deepEqual(wrong[0].before, [], 'a first move');
});

test('a wrong second move is its own answer, said after the line before it', async () => {
  const [move] = rightLine(mate.tree);
  const node = mate.tree.wins[move].node;
  const second = Object.keys(node.refutations)[0];
  const wrong = commonWrong([await student('ก', 0, mate, m(move, second)), await student('ข', 0, mate, m(move, second))]);
  assert.equal(wrong.length, 1);
  assert.equal(wrong[0].count, 2);
  assert.equal(wrong[0].before.length, 2, 'the solver\'s move and the defence\'s reply');
});

test('only what the judge called wrong is listed: a right line lists nothing', async () => {
  const [first] = Object.keys(mate.tree.refutations);
  assert.equal(commonWrong([await student('ก', 0, mate, m(first))]).length, 1);
  assert.deepEqual(commonWrong([await student('ก', 0, mate, m(...rightLine(mate.tree)))]), []);
  assert.deepEqual(commonWrong([]), []);
});

test('a teacher-made mate: the engine is asked only once a student has a wrong move there, then the wrong move is in its words', async () => {
  const exercise = cleanExercise({ game: T.mate.game, kind: T.mate.kind, title: '', hints: [], data: T.mate.data });
  const data = await itemData({ exercise }, 'th');
  const live = pythonEngine();
  const engine = recordedEngine(data.replies, { live });
  const item = { id: exercise.id, data, engine, game: await loadGame(data.game) };
  const row = async (name, events) => ({
    name, r: { items: [{ id: item.id, events }] }, cells: [{ status: 'ok', replay: await replayItem(data, events, engine, item.game) }],
  });
  const solver = rightLine(data.tree);
  const right = await row('ก้อง', m(...solver));
  const wrong = wrongMove(data.tree);
  const missed = await row('ข้าว', m(wrong));
  let loading = 0;
  const before = live.calls;
  const quiet = await classLines([right], [item], 'th', () => { loading += 1; });
  assert.equal(live.calls, before, 'nobody wrong: the engine is not asked for words');
  assert.equal(loading, 0);
  assert.deepEqual(commonWrong(quiet.students), []);
  assert.equal(quiet.students[0].lines[0].text, solver[0], 'a line nobody lists stays in notation');

  const { students, failed } = await classLines([right, missed], [item], 'th', () => { loading += 1; });
  assert.equal(loading, 1, 'says once that the engine loads');
  assert.equal(failed, false);
  const reply = await pythonCall({ op: 'play', game: data.game, position: data.position, moves: [] });
  const words = reply.legal.find((l) => l.move === wrong).words.th;
  assert.match(words, /[ก-๙]/);
  assert.deepEqual(commonWrong(students).map((x) => [x.words, x.count, x.names]), [[words, 1, ['ข้าว']]]);

  const dead = { ...pythonEngine(), call: () => Promise.reject(new Error('the engine did not load')) };
  const gone = { ...item, engine: recordedEngine(null, { live: dead }) };
  const fallback = await classLines([missed], [gone], 'th');
  assert.equal(fallback.failed, true, 'a failed engine is said');
  assert.deepEqual(commonWrong(fallback.students).map((x) => x.words), [wrong], 'its moves stay in notation');
});
