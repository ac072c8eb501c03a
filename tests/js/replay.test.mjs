/**
 * The gradebook's replay (core/puzzle-replay.js replayItem, as teach/gradebook-check.js calls it):
 * a student's recorded events judged again by the puzzle's judge, with the grading rule applied,
 * on real puzzle page data and the page's recorded replies, the game module handed in as the
 * gradebook does.
 */
import './helpers/page.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixtures } from './helpers/fixtures.mjs';
import { pageEngine } from './helpers/engines.mjs';
import { m, rightLine, wrongMove } from './helpers/events.mjs';
import { replayItem } from '../../site_builder/static/js/core/puzzle-replay.js';
import { grade } from '../../site_builder/static/js/judges/grade.js';
import { loadGame } from '../../site_builder/static/js/games/index.js';

const F = fixtures();

/** [result, attempts, hints, mistakes, solution, problems] of a replay, and the live engine's calls. */
async function replay(data, events, pairs = []) {
  const { engine, live } = pageEngine(data, pairs);
  const r = await replayItem(data, events, engine, await loadGame(data.game));
  return { got: [r.result, r.attempts, r.hints, r.mistakes, r.solution, r.problems], liveCalls: live.calls };
}

for (const [label, data] of Object.entries(F.trees)) {
  const line = rightLine(data.tree);
  const wrong = wrongMove(data.tree);
  const scenarios = {
    right: [m(...line), ['solved', 1, 0, 0, false, []]],
    retried: [[...m(wrong), ['t'], ...m(...line)], ['retried', 2, 0, 1, false, []]],
    seen: [[['s'], ['r'], ...m(...line)], ['seen', 1, 0, 0, true, []]],
    hinted: [[['h'], ['h'], ...m(...line)], ['solved', 1, 2, 0, false, []]],
    failed: [m(wrong), ['failed', 1, 0, 1, false, []]],
    untried: [[['h']], ['', 0, 1, 0, false, []]],
    restart: [[...m(wrong), ['r'], ...m(...line)], ['retried', 2, 0, 1, false, []]],
    'after-solve': [[...m(...line), ...m('zz99'), ['s']], ['solved', 1, 0, 0, true, []]],
    nonsense: [m('zz99'), ['', 0, 0, 0, false, ['ILLEGAL_MOVE']]],
    'no-takeback': [[...m(wrong), ...m(...line)], ['failed', 1, 0, 1, false, ['OUT_OF_TURN']]],
    'takeback-of-nothing': [[['t']], ['', 0, 0, 0, false, ['NO_TAKEBACK']]],
    'answer-on-board': [[['a', ['yes']]], ['', 0, 0, 0, false, ['WRONG_EVENT']]],
    'after-solution': [[['s'], ...m(...line)], ['seen', 0, 0, 0, true, ['OUT_OF_TURN']]],
  };
  if (line.length > 1) {
    const second = wrongMove(data.tree.wins[line[0]].node);
    scenarios.deep = [[...m(line[0], second), ['t'], ...m(...line.slice(1))], ['retried', 2, 0, 1, false, []]];
  }
  for (const [name, [events, want]] of Object.entries(scenarios)) {
    test(`replay of a tree (${label}): ${name}`, async () => {
      const { got, liveCalls } = await replay(data, events);
      assert.deepEqual(got, want);
      assert.equal(liveCalls, 0, "the page's recorded replies judge every move");
    });
  }
}

test('replay: every proven puzzle is solved by its own line from the page alone', async () => {
  assert.ok(F.solutions.length > 100, `only ${F.solutions.length} puzzles with a tree`);
  for (const data of F.solutions) {
    const { got, liveCalls } = await replay(data, m(...rightLine(data.tree)));
    assert.deepEqual(got, ['solved', 1, 0, 0, false, []], data.id);
    assert.equal(liveCalls, 0, data.id);
  }
});

test('replay of quizzes: choices and numbers', async () => {
  const choice = F.quizzes['makruk-rule-quiz-position-status'];
  const number = F.quizzes['makruk-counting-limit'];
  const right = choice.quiz.correct;
  const wrong = [choice.quiz.choices.find((c) => !right.includes(c.id)).id];
  const n = String(number.quiz.correct);
  const cases = [
    [choice, [['a', right]], ['solved', 1, 0, 0, false, []]],
    [choice, [['h'], ['a', wrong], ['a', right]], ['retried', 2, 1, 1, false, []]],
    [choice, [['a', wrong], ['s']], ['seen', 1, 0, 1, true, []]],
    [choice, [['a', ['no-such-choice']]], ['', 0, 0, 0, false, ['BAD_ANSWER']]],
    [choice, [['s'], ['a', right]], ['seen', 0, 0, 0, true, ['OUT_OF_TURN']]],
    [choice, m('a2a3'), ['', 0, 0, 0, false, ['WRONG_EVENT']]],
    [number, [['a', n]], ['solved', 1, 0, 0, false, []]],
    [number, [['a', String(Number(n) + 1)], ['a', n]], ['retried', 2, 0, 1, false, []]],
    [number, [['a', String(Number(n) + 1)]], ['failed', 1, 0, 1, false, []]],
    [number, [['a', 'five']], ['', 0, 0, 0, false, ['BAD_ANSWER']]],
  ];
  for (const [data, events, want] of cases) assert.deepEqual((await replay(data, events)).got, want, JSON.stringify(events));
});

test('replay of a counting play-out: against the defend op, as the page plays it', async () => {
  const { data, drawn, live } = F.playout;
  const line = data.line.filter((_, i) => i % 2 === 0);
  const cases = {
    right: [m(...line), ['solved', 1, 0, 0, false, []]],
    retried: [[...m(...drawn), ['r'], ...m(...line)], ['retried', 2, 0, 1, false, []]],
    failed: [m(...drawn), ['failed', 1, 0, 1, false, []]],
    'no-retry': [[...m(...drawn), ...m(line[0])], ['failed', 1, 0, 1, false, ['OUT_OF_TURN']]],
    seen: [[['s'], ['r'], ...m(...line)], ['seen', 1, 0, 0, true, []]],
    nonsense: [m(line[0], 'zz99'), ['failed', 1, 0, 0, false, ['ILLEGAL_MOVE']]],
    takeback: [[...m(line[0]), ['t']], ['failed', 1, 0, 0, false, ['NO_TAKEBACK']]],
  };
  for (const [name, [events, want]] of Object.entries(cases)) {
    const { got, liveCalls } = await replay(data, events, live);
    assert.deepEqual(got, want, name);
    if (name === 'right') assert.equal(liveCalls, 0, 'the main line and its defence are recorded in the page');
    if (name === 'retried') assert.ok(liveCalls > 0, 'off the line the engine defends, as on the page');
  }
});

test('replay of a counting play-out with no engine to defend: ENGINE_FAILED (unchecked, not wrong)', async () => {
  const { data, drawn } = F.playout;
  assert.deepEqual((await replay(data, m(...drawn))).got.at(-1), ['ENGINE_FAILED']);
});

test('replay of Dummy scoring: answers judged by the recorded settlement', async () => {
  const { points, tier, nets } = F.scoring;
  const other = ['win', 'small', 'medium', 'large'].find((t) => t !== tier.answer);
  const cases = [
    [points.data, [['a', { [points.player]: points.answer }]], ['solved', 1, 0, 0, false, []]],
    [points.data, [['a', { [points.player]: points.answer + 1 }], ['a', { [points.player]: points.answer }]], ['retried', 2, 0, 1, false, []]],
    [points.data, [['a', { P9: points.answer }]], ['', 0, 0, 0, false, ['BAD_ANSWER']]],
    [points.data, [['a', { [points.player]: String(points.answer) }]], ['', 0, 0, 0, false, ['BAD_ANSWER']]],
    [tier.data, [['a', { [tier.player]: tier.answer }]], ['solved', 1, 0, 0, false, []]],
    [tier.data, [['a', { [tier.player]: other }]], ['failed', 1, 0, 1, false, []]],
    [tier.data, [['a', { [tier.player]: 'huge' }]], ['', 0, 0, 0, false, ['BAD_ANSWER']]],
    [nets.data, [['a', nets.answer]], ['solved', 1, 0, 0, false, []]],
    [nets.data, [['a', { ...nets.answer, P1: nets.answer.P1 + 1 }]], ['failed', 1, 0, 1, false, []]],
    [nets.data, [['s'], ['a', nets.answer]], ['seen', 0, 0, 0, true, ['OUT_OF_TURN']]],
  ];
  for (const [data, events, want] of cases) {
    const { got, liveCalls } = await replay(data, events);
    assert.deepEqual(got, want, JSON.stringify(events));
    assert.equal(liveCalls, 0);
  }
});

test('grade (judges/grade.js): the grading rule over verdicts (core/student-state.js summarises with it)', async () => {
  const verdicts = (...words) => {
    let next = 0;
    const judged = () => ({ verdict: words[next++] ?? 'right' });
    return { move: judged, answer: judged, takeBack() {}, restart() {}, shown() {} };
  };
  const summary = async (events, ...words) => {
    const r = await grade(events, verdicts(...words));
    return [r.result, r.attempts, r.hints, r.mistakes, r.solution];
  };
  assert.deepEqual(await summary(m('a', 'b'), 'right', 'solved'), ['solved', 1, 0, 0, false]);
  assert.deepEqual(await summary([...m('a'), ['t'], ...m('b')], 'wrong', 'solved'), ['retried', 2, 0, 1, false]);
  assert.deepEqual(await summary([['a', 1], ['a', 2], ['a', 3]], 'wrong', 'wrong'), ['failed', 3, 0, 2, false]);
  assert.deepEqual(await summary([['s'], ['r'], ...m('a')], 'solved'), ['seen', 1, 0, 0, true]);
  assert.deepEqual(await summary([...m('a'), ['h'], ...m('b'), ['s']], 'solved', 'wrong'), ['solved', 1, 1, 0, true]);
  assert.deepEqual(await summary([]), ['', 0, 0, 0, false]);
});
