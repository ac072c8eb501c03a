/**
 * The gradebook's detail of one student's item (teach/gradebook-detail.js): the events in words,
 * marked by the verdicts of the very replay the table shows (core/puzzle-replay.js), on real puzzle
 * page data with the page's recorded replies; a teacher-made exercise's (no recorded replies) with
 * the real engine's words (helpers/python-engine.mjs).
 */
import './helpers/page.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixtures } from './helpers/fixtures.mjs';
import { pageEngine } from './helpers/engines.mjs';
import { m, replies, rightLine, wrongMove } from './helpers/events.mjs';
import { replayItem } from '../../site_builder/static/js/core/puzzle-replay.js';
import { loadGame } from '../../site_builder/static/js/games/index.js';
import { answerWords, detailLines, engineLook, needsLiveWords, recordedLook, rowLines } from '../../site_builder/static/js/teach/gradebook-detail.js';
import { itemData } from '../../site_builder/static/js/teach/gradebook-check.js';
import { cleanExercise } from '../../site_builder/static/js/core/teacher-exercise.js';
import { recordedEngine } from '../../site_builder/static/js/core/recorded-engine.js';
import { pythonCall, pythonEngine } from './helpers/python-engine.mjs';

const F = fixtures();
const T = F.teacher; // teacher-made exercises as the engine proves them

/** The lines of `events` on `data`, replayed as the gradebook does (`replayed` false: not replayed). */
async function lines(data, events, { replayed = true, pairs = [] } = {}) {
  const { engine, live } = pageEngine(data, pairs);
  const replay = replayed ? await replayItem(data, events, engine, await loadGame(data.game)) : null;
  const before = live.calls;
  const out = await detailLines(events, replay, data, recordedLook(engine, data), 'th');
  assert.equal(live.calls, before, 'the words come from the page alone, never the live engine');
  return { out, replay };
}

/** The engine's words for `move` after `moves`, read straight from the page's recorded replies. */
async function wordsOf(data, moves, move) {
  const { engine } = pageEngine(data);
  const reply = await engine.call({ op: 'play', game: data.replies.game, position: data.replies.position, moves });
  return reply.legal.find((l) => l.move === move).words.th;
}

test('a mate in 2: a wrong first move, the take-back, then the right line, all in the engine\'s words', async () => {
  const data = F.trees['makruk-mate2'];
  const line = rightLine(data.tree);
  const [defence] = replies(data.tree);
  const wrong = wrongMove(data.tree);
  const { out, replay } = await lines(data, [['h'], ...m(wrong), ['t'], ...m(line[0], line[1]), ...m('zz99'), ['s']]);
  assert.equal(replay.result, 'retried');
  assert.deepEqual(out.map((l) => [l.kind, l.mark, l.note]), [
    ['hint', null, null], ['move', 'wrong', null], ['takeBack', null, null], ['move', 'right', null],
    ['move', 'solved', null], ['move', null, 'after'], ['solution', null, null],
  ]);
  assert.equal(out[1].text, await wordsOf(data, [], wrong));
  assert.match(out[1].text, /[ก-๙]/, 'Thai words, not notation');
  assert.equal(out[1].reply, await wordsOf(data, [wrong], data.tree.refutations[wrong]));
  assert.equal(out[3].text, await wordsOf(data, [], line[0]));
  assert.equal(out[3].reply, await wordsOf(data, [line[0]], defence));
  assert.equal(out[4].text, await wordsOf(data, [line[0], defence], line[1]));
  assert.deepEqual(out[4].before, [out[3].text, out[3].reply], 'the second move is said after the line before it');
  assert.deepEqual(out[1].before, []);
  assert.equal(out[5].text, 'zz99', 'a move the page never recorded is given in its notation');
});

test('the same wrong move from the same position has the same key; a move the page could not record stops the replay', async () => {
  const data = F.trees['makruk-mate2'];
  const wrong = wrongMove(data.tree);
  const a = (await lines(data, m(wrong))).out;
  const b = (await lines(data, [...m(wrong), ['r'], ...m(wrong)])).out;
  assert.equal(a[0].answer, b[0].answer);
  assert.equal(b[2].answer, b[0].answer, 'after a restart the position is the start again');
  const { out } = await lines(data, [...m('zz99'), ...m(wrong)]);
  assert.deepEqual(out.map((l) => [l.mark, l.note]), [[null, 'stopped'], [null, 'unchecked']]);
});

test('an item not replayed (its page failed) is still shown in words, every line unchecked', async () => {
  const data = F.trees['makruk-mate2'];
  const wrong = wrongMove(data.tree);
  const { out } = await lines(data, [...m(wrong), ['t']], { replayed: false });
  assert.deepEqual(out.map((l) => [l.kind, l.mark, l.note]), [['move', null, 'unchecked'], ['takeBack', null, 'unchecked']]);
  assert.equal(out[0].text, await wordsOf(data, [], wrong));
});

test('other games\' trees: every move of the right line is in words', async () => {
  for (const label of ['makhos-win', 'komayo-mate', 'makruk-best']) {
    const data = F.trees[label];
    const { out } = await lines(data, m(...rightLine(data.tree)));
    assert.equal(out.at(-1).mark, 'solved', label);
    for (const l of out) assert.notEqual(l.text, '', label);
    assert.equal(out[0].text, await wordsOf(data, [], rightLine(data.tree)[0]), label);
  }
});

test('quiz answers: the choice\'s text, several choices in any order alike, a number as given', async () => {
  const data = F.quizzes['makruk-rule-quiz-position-status'];
  const { correct, choices } = data.quiz;
  const wrong = choices.find((c) => !correct.includes(c.id));
  const { out } = await lines(data, [['a', [wrong.id]], ['a', correct]]);
  assert.deepEqual(out.map((l) => [l.kind, l.text, l.mark]), [['answer', wrong.label, 'wrong'], ['answer', choices.find((c) => c.id === correct[0]).label, 'solved']]);
  assert.equal(answerWords(['a', 'b'], data), `${choices[0].label}, ${choices[1].label}`);

  const number = F.quizzes['makruk-counting-start'];
  const right = String(number.quiz.correct);
  const { out: said } = await lines(number, [['a', '4'], ['a', '4.0'], ['a', right]]);
  assert.deepEqual(said.map((l) => [l.text, l.mark]), [['4', 'wrong'], ['4.0', 'wrong'], [right, 'solved']]);
  assert.equal(said[0].answer, said[1].answer, '"4" and "4.0" are one answer');
});

test('Dummy scoring answers: the seat and the figure in the page\'s own words', async () => {
  const { data, player, answer } = F.scoring.points;
  const { out } = await lines(data, [['a', { [player]: answer + 5 }], ['a', { [player]: answer }]]);
  const seat = data.words.seat.replace('{n}', player.slice(1));
  assert.deepEqual(out.map((l) => [l.text, l.mark]), [[`${seat}: ${answer + 5}`, 'wrong'], [`${seat}: ${answer}`, 'solved']]);
  const tier = F.scoring.tier;
  assert.equal(answerWords({ [tier.player]: tier.answer }, tier.data), `${tier.data.words.seat.replace('{n}', tier.player.slice(1))}: ${tier.data.words.tiers[tier.answer]}`);
});

test('a counting play-out: the defence\'s answers come with the moves', async () => {
  const { data } = F.playout;
  const attacker = data.line.filter((_, i) => i % 2 === 0);
  const { out } = await lines(data, m(...attacker));
  assert.equal(out.at(-1).mark, 'solved');
  assert.ok(out.slice(0, -1).every((l) => l.mark === 'right' && typeof l.reply === 'string' && l.reply.length), JSON.stringify(out));
  assert.deepEqual(out[1].before, [out[0].text, out[0].reply]);
});

// ---- teacher-made exercises: no recorded replies, the live engine gives the words ----------

/** A teacher-made exercise's item as the gradebook loads it (gradebook-check.js itemData), over the real engine. */
async function teacherItem(fixture, kindWords = {}) {
  const exercise = cleanExercise({ game: fixture.game, kind: fixture.kind, title: '', hints: [], data: fixture.data });
  const data = await itemData({ exercise }, 'th', kindWords);
  const live = pythonEngine();
  return { id: exercise.id, data, live, engine: recordedEngine(data.replies, { live }), game: await loadGame(data.game) };
}

/** The engine's own words for `move` after `moves` from the exercise's position (asked straight). */
async function liveWords(data, moves, move) {
  const reply = await pythonCall({ op: 'play', game: data.game, position: data.position, moves });
  return reply.legal.find((l) => l.move === move).words.th;
}

test('a teacher-made mate: the wrong move and its refutation in the live engine\'s words, each line asked once', async () => {
  const item = await teacherItem(T.mate);
  const { data, engine, live } = item;
  assert.equal(data.replies, null);
  assert.ok(needsLiveWords(data));
  assert.ok(!needsLiveWords(F.trees['makruk-mate2']), 'a catalog page has its recorded replies');
  const wrong = wrongMove(data.tree);
  const events = [...m(wrong), ['t'], ...m(wrong)];
  const replay = await replayItem(data, events, engine, item.game);
  const look = engineLook(engine, data);
  assert.equal(engineLook(engine, data), look, 'one look per engine: the summary and the cell share its answers');
  const before = live.calls;
  const out = await detailLines(events, replay, data, look, 'th');
  assert.deepEqual(out.map((l) => [l.kind, l.mark]), [['move', 'wrong'], ['takeBack', null], ['move', 'wrong']]);
  assert.equal(out[0].text, await liveWords(data, [], wrong));
  assert.match(out[0].text, /[ก-๙]/, 'Thai words, not notation');
  assert.notEqual(out[0].text, wrong);
  assert.equal(out[0].reply, await liveWords(data, [wrong], data.tree.refutations[wrong]));
  assert.equal(out[2].text, out[0].text);
  assert.equal(live.calls - before, 2, 'the start and the line after the wrong move, each asked once');
  assert.equal(look.failed, false);
  const lines = await rowLines({ r: { items: [{ id: item.id, events }] }, cells: [{ replay }] }, 0, item, 'th');
  assert.deepEqual(lines, out, 'rowLines reads the item\'s events and replay with the same look');
  assert.equal(live.calls - before, 2, 'asked again: answered from what the look holds');
});

test('a teacher-made mate whose engine fails: the moves stay in notation and the look says it failed', async () => {
  const { data } = await teacherItem(T.mate);
  const dead = { ...pythonEngine(), call: () => Promise.reject(new Error('the engine did not load')) };
  const engine = recordedEngine(null, { live: dead });
  const wrong = wrongMove(data.tree);
  const look = engineLook(engine, data);
  const out = await detailLines(m(wrong), null, data, look, 'th');
  assert.equal(out[0].text, wrong);
  assert.equal(look.failed, true);
});

test('a teacher-made Dummy figure: the seat in the page\'s own words of its kind ("ขา 3"), not "P3"', async () => {
  const kindWords = { [T.scoring.kind]: { words: F.scoring.points.data.words, ui: {} } };
  const { data } = await teacherItem(T.scoring, kindWords);
  const seat = T.scoring.data.question.player;
  const text = answerWords({ [seat]: -190 }, data);
  assert.equal(text, `${F.scoring.points.data.words.seat.replace('{n}', seat.replace(/^\D+/, ''))}: -190`);
  assert.match(text, /^ขา \d: -190$/);
  assert.equal(answerWords({ [seat]: -190 }, (await teacherItem(T.scoring)).data), `${seat}: -190`, 'without the page\'s words: the seat id');
});
