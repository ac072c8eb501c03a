/**
 * The judges (static/js/judges/): every puzzle kind, right and wrong answers, on real puzzle
 * page data (tests/js/fixtures.py) and the page's own recorded replies (core/recorded-engine.js).
 * The live engine behind them knows nothing unless a test says so: a judge that needs it shows.
 */
import './helpers/page.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixtures } from './helpers/fixtures.mjs';
import { pageEngine } from './helpers/engines.mjs';
import { rightLine, wrongMove, replies } from './helpers/events.mjs';
import * as tree from '../../site_builder/static/js/judges/tree.js';
import * as quiz from '../../site_builder/static/js/judges/quiz.js';
import * as counting from '../../site_builder/static/js/judges/counting.js';
import * as scoring from '../../site_builder/static/js/judges/scoring.js';
import { judgeModule } from '../../site_builder/static/js/judges/index.js';
import { ReplayProblem } from '../../site_builder/static/js/judges/verdict.js';
import { loadGame } from '../../site_builder/static/js/games/index.js';

const F = fixtures();

/** Rejects (or throws) with the ReplayProblem `code`. */
async function refused(promise, code) {
  await assert.rejects(async () => promise(), (err) => err instanceof ReplayProblem && err.code === code);
}

for (const [label, data] of Object.entries(F.trees)) {
  test(`tree (${label}): the proven line solves, move by move, from the page's replies alone`, async () => {
    const { engine, live } = pageEngine(data);
    const judge = tree.createJudge(data, { engine });
    const line = rightLine(data.tree);
    const defence = replies(data.tree);
    for (const [i, move] of line.entries()) {
      const said = await judge.move(move);
      if (i < line.length - 1) {
        assert.deepEqual(said, { verdict: 'right', reply: defence[i] });
        assert.equal(judge.solverMoves, i + 1);
      } else {
        assert.equal(said.verdict, 'solved');
        assert.equal(said.mate, data.kind !== 'best-move', 'a mate (or a win) is said to be one; best-move is "done"');
      }
    }
    await refused(() => judge.move(line[0]), 'OUT_OF_TURN'); // the puzzle is over
    assert.equal(live.calls, 0);
  });

  test(`tree (${label}): a wrong move is refuted, taken back, and the attempt goes on`, async () => {
    const { engine } = pageEngine(data);
    const judge = tree.createJudge(data, { engine });
    const wrong = wrongMove(data.tree);
    assert.deepEqual(await judge.move(wrong), { verdict: 'wrong', refutation: data.tree.refutations[wrong] });
    await refused(() => judge.move(rightLine(data.tree)[0]), 'OUT_OF_TURN'); // no move before the take-back
    judge.takeBack();
    assert.throws(() => judge.takeBack(), ReplayProblem);
    const line = rightLine(data.tree);
    let last;
    for (const move of line) last = await judge.move(move);
    assert.equal(last.verdict, 'solved');
  });

  test(`tree (${label}): illegal moves, answers, take-backs of nothing and the solution are refused`, async () => {
    const { engine } = pageEngine(data);
    const judge = tree.createJudge(data, { engine });
    await refused(() => judge.move('zz99'), 'ILLEGAL_MOVE');
    await refused(() => judge.answer(['a']), 'WRONG_EVENT');
    assert.throws(() => judge.takeBack(), (err) => err.code === 'NO_TAKEBACK');
    judge.shown();
    await refused(() => judge.move(rightLine(data.tree)[0]), 'OUT_OF_TURN');
    judge.restart();
    assert.equal((await judge.move(rightLine(data.tree)[0])).verdict, rightLine(data.tree).length > 1 ? 'right' : 'solved');
  });
}

test('tree: a wrong second move is taken back to the position after the first one', async () => {
  const data = F.trees['makruk-mate2'];
  const { engine } = pageEngine(data);
  const judge = tree.createJudge(data, { engine });
  const [first, second] = rightLine(data.tree);
  await judge.move(first);
  const deeper = data.tree.wins[first].node;
  assert.deepEqual(await judge.move(wrongMove(deeper)), { verdict: 'wrong', refutation: deeper.refutations[wrongMove(deeper)] });
  assert.equal(judge.solverMoves, 1, 'the moves before the wrong one stay');
  judge.takeBack();
  assert.equal((await judge.move(second)).verdict, 'solved');
});

test('tree: the engine refusing to answer is ENGINE_FAILED, not a verdict', async () => {
  const data = { ...F.trees['makruk-mate2'], replies: null };
  const { engine } = pageEngine(data);
  await refused(() => tree.createJudge(data, { engine }).move(rightLine(data.tree)[0]), 'ENGINE_FAILED');
});

for (const [label, data] of Object.entries(F.quizzes)) {
  const right = data.quiz.answer_type === 'number' ? String(data.quiz.correct) : quiz.correctIds(data.quiz);
  const wrong = data.quiz.answer_type === 'number' ? String(Number(data.quiz.correct) + 1)
    : [String(data.quiz.choices.find((c) => !right.includes(String(c.id))).id)];

  test(`quiz (${label}): the right answer solves, a wrong one does not, and the question then closes`, () => {
    const judge = quiz.createJudge(data);
    assert.deepEqual(judge.answer(wrong), { verdict: 'wrong' });
    assert.deepEqual(judge.answer(right), { verdict: 'solved' });
    assert.throws(() => judge.answer(right), (err) => err.code === 'OUT_OF_TURN');
    judge.restart();
    assert.deepEqual(judge.answer(right), { verdict: 'solved' });
  });

  test(`quiz (${label}): an answer the question does not take is BAD_ANSWER; moves are refused`, () => {
    const judge = quiz.createJudge(data);
    const bad = data.quiz.answer_type === 'number' ? ['five', '', ['1'], 12] : [['no-such-choice'], [], 'a', [...right, ...right]];
    for (const value of bad) assert.throws(() => judge.answer(value), (err) => err.code === 'BAD_ANSWER', JSON.stringify(value));
    assert.throws(() => judge.move('a2a3'), (err) => err.code === 'WRONG_EVENT');
    judge.shown();
    assert.throws(() => judge.answer(right), (err) => err.code === 'OUT_OF_TURN');
  });
}

test('quiz: a number is compared as a number ("16.0", "+16" and "16" are the same)', () => {
  const data = F.quizzes['makruk-counting-limit'];
  const n = Number(data.quiz.correct);
  for (const text of [`${n}.0`, `+${n}`, ` ${n} `]) assert.equal(quiz.createJudge(data).answer(text).verdict, 'solved', text);
  assert.equal(quiz.createJudge(data).answer(`${n}.5`).verdict, 'wrong');
});

test('quiz: with several right choices, exactly those (in any order) solve', () => {
  const base = F.quizzes['makruk-rule-quiz-position-status'];
  const ids = base.quiz.choices.map((c) => String(c.id));
  const data = { ...base, quiz: { ...base.quiz, correct: ids.slice(0, 2) } };
  assert.equal(quiz.createJudge(data).answer([ids[1], ids[0]]).verdict, 'solved');
  assert.equal(quiz.createJudge(data).answer([ids[0]]).verdict, 'wrong');
  assert.equal(quiz.createJudge(data).answer(ids.slice(0, 3)).verdict, 'wrong');
});

const { data: playout, drawn, live: livePairs } = F.playout;
const attackerLine = playout.line.filter((_, i) => i % 2 === 0);

test('counting play-out: the proven line mates inside the count, from the page alone', async () => {
  const { engine, live } = pageEngine(playout);
  const judge = counting.createJudge(playout, { engine });
  const said = [];
  for (const move of attackerLine) said.push((await judge.move(move)).verdict);
  assert.deepEqual(said, [...attackerLine.slice(1).map(() => 'right'), 'solved']);
  assert.equal(live.calls, 0);
  await refused(() => judge.move(attackerLine[0]), 'OUT_OF_TURN');
  judge.restart();
  assert.equal((await judge.move(attackerLine[0])).verdict, 'right');
});

test('counting play-out: letting the count run out is wrong, and only a restart plays again', async () => {
  const { engine, live } = pageEngine(playout, livePairs);
  const judge = counting.createJudge(playout, { engine });
  const said = [];
  for (const move of drawn) said.push((await judge.move(move)).verdict);
  assert.deepEqual(said, [...drawn.slice(1).map(() => 'right'), 'wrong']);
  assert.ok(live.calls > 0, 'off the recorded line the engine defends');
  await refused(() => judge.move(drawn[0]), 'OUT_OF_TURN');
  assert.throws(() => judge.takeBack(), (err) => err.code === 'NO_TAKEBACK');
  assert.throws(() => judge.answer(5), (err) => err.code === 'WRONG_EVENT');
  judge.restart();
  await refused(() => judge.move('zz99'), 'ILLEGAL_MOVE');
});

test('counting play-out: outcome() is the verdict of a reply (the page asks it of its board)', () => {
  const lastPlay = [...livePairs].reverse().find(([request]) => request.op === 'play')[1];
  assert.equal(lastPlay.status.result, 'draw');
  assert.equal(counting.outcome(playout, lastPlay), 'wrong');
  const attacker = playout.playout.attacker;
  const defender = playout.playout.defender;
  assert.equal(counting.outcome(playout, { status: { result: `${attacker}_wins` } }), 'solved');
  assert.equal(counting.outcome(playout, { status: { result: `${defender}_wins` } }), 'wrong');
  assert.equal(counting.outcome(playout, { status: { result: 'ongoing' } }), 'right');
});

for (const [ask, { data, answer, player }] of Object.entries(F.scoring)) {
  const right = ask === 'nets' ? answer : { [player]: answer };
  const tiers = scoring.TIERS;
  const wrong = ask === 'tier' ? { [player]: tiers.find((t) => t !== answer) }
    : Object.fromEntries(Object.entries(right).map(([pid, n], i) => [pid, i === 0 ? n + 1 : n]));

  test(`scoring (${ask}): the settlement recorded in the page judges the answer`, async () => {
    const { engine, live } = pageEngine(data);
    const judge = scoring.createJudge(data, { engine });
    const no = await judge.answer(wrong);
    assert.equal(no.verdict, 'wrong');
    assert.deepEqual(Object.fromEntries(no.figures.map(({ pid, want }) => [pid, want])), right, 'the figures are the build\'s answer');
    assert.equal((await judge.answer(right)).verdict, 'solved');
    await refused(() => judge.answer(right), 'OUT_OF_TURN');
    judge.restart();
    assert.equal((await judge.answer(right)).verdict, 'solved');
    assert.equal(live.calls, 0);
  });

  test(`scoring (${ask}): answers of the wrong shape are BAD_ANSWER`, async () => {
    const { engine } = pageEngine(data);
    const judge = scoring.createJudge(data, { engine });
    const pid = Object.keys(right)[0];
    const bad = [{ P9: 1 }, null, [1], { ...right, P9: 1 }, { ...right, [pid]: ask === 'tier' ? 'huge' : '12' }];
    if (ask !== 'tier') bad.push({ ...right, [pid]: 1.5 });
    for (const value of bad) await refused(() => judge.answer(value), 'BAD_ANSWER');
    await refused(() => judge.move('a2a3'), 'WRONG_EVENT');
  });
}

test('scoring: without the settlement the answer cannot be checked (ENGINE_FAILED)', async () => {
  const data = { ...F.scoring.points.data, replies: null };
  const { engine } = pageEngine(data);
  await refused(() => scoring.createJudge(data, { engine }).answer({ [F.scoring.points.player]: 1 }), 'ENGINE_FAILED');
});

test('judgeModule: each page gets the judge of its kind, the game handing in its own', async () => {
  const makruk = await loadGame('makruk');
  const dummy = await loadGame('dummy');
  const makhos = await loadGame('makhos');
  assert.equal(await judgeModule(F.quizzes['makruk-counting-limit'], makruk), quiz);
  assert.equal(await judgeModule(F.quizzes['makhos-rule-quiz-legal-move'], makhos), quiz);
  assert.equal(await judgeModule(F.trees['makruk-mate2'], makruk), tree);
  assert.equal(await judgeModule(F.trees['makhos-win'], makhos), tree);
  assert.equal(await judgeModule(F.trees['makruk-mate2'], null), tree, 'a tree needs no game module');
  assert.equal(await judgeModule(playout, makruk), counting);
  assert.equal(await judgeModule(F.scoring.points.data, dummy), scoring);
  const none = (await judgeModule(F.scoring.points.data, null)).createJudge(F.scoring.points.data, {});
  assert.throws(() => none.answer({ P1: 1 }), (err) => err.code === 'WRONG_EVENT', 'without its game a kind of its own is not judged');
});
