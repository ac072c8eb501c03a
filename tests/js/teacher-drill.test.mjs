/**
 * A teacher-made Dummy drill (core/teacher-exercise.js DRILL_KINDS): a hand in play written in the
 * catalog's drill notation (games/dummy/drill-text.js), proven by the real engine
 * (helpers/python-engine.mjs: `deal`, `play`, `prove`, `view`), carried in the assignment code as
 * its position only and proven again by every page (drillProof) into the catalog's question; judged
 * by judges/quiz.js, replayed by the gradebook; the practice table's deal written as a deck; the
 * hand-off to the builder (core/maker-handoff.js).
 *
 * The catalog's drills are the reference: a teacher's drill made from a catalog drill's position
 * asks exactly what the catalog page asks (tests/site_builder/dummy_drill_proofs.json: the proofs
 * the builder's own code made, DRILLENG's fixture).
 */
import './helpers/page.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { pythonCall } from './helpers/python-engine.mjs';
import {
  ExerciseError, cleanExercise, drillProof, exerciseGoal, exercisePuzzleData, proveExercise, quizIn,
} from '../../site_builder/static/js/core/teacher-exercise.js';
import { MAX_CODE_CHARS, assignmentId, decodeAssignment, encodeAssignment } from '../../site_builder/static/js/core/assignment.js';
import { CodeError } from '../../site_builder/static/js/core/codes.js';
import { HANDOFF_KEY, offerToMaker, takeOffer } from '../../site_builder/static/js/core/maker-handoff.js';
import { LIMITS as DRAFT_LIMITS, readDraft } from '../../site_builder/static/js/teach/maker-model.js';
import { DrillTextError, deckOfDeal, readDrillText, writeDrillText } from '../../site_builder/static/js/games/dummy/drill-text.js';
import { createJudge } from '../../site_builder/static/js/judges/index.js';
import { recordedEngine } from '../../site_builder/static/js/core/recorded-engine.js';
import { checkStudent, itemData } from '../../site_builder/static/js/teach/gradebook-check.js';
import { itemEntry } from '../../site_builder/static/js/teach/catalog.js';

const PROOFS = JSON.parse(readFileSync(new URL('../site_builder/dummy_drill_proofs.json', import.meta.url), 'utf8'));

/** A catalog drill's file: its position text, kind and key. */
function catalogDrill(id) {
  const toml = readFileSync(new URL(`../../puzzles/dummy/${id}.toml`, import.meta.url), 'utf8');
  return { position: /position = """\n([\s\S]*?)"""/.exec(toml)?.[1] ?? '', kind: /^kind = "(.*)"$/m.exec(toml)?.[1] ?? '',
    key: /^key = "(.*)"$/m.exec(toml)?.[1] ?? '' };
}

const proven = new Map();
/** The teacher's drill made from catalog drill `id`'s position (proven once per run). */
function drillOf(id, extra = {}) {
  if (!proven.has(id)) {
    const { position, kind, key } = catalogDrill(id);
    proven.set(id, proveExercise(pythonCall, { game: 'dummy', kind, drill: readDrillText(position), key, title: 'แบบฝึกของครู', ...extra }));
  }
  return proven.get(id);
}

/** Rejects with an ExerciseError whose words are in Thai and English, of `code` (and `reason`). */
async function refused(promise, code, reason = null) {
  await assert.rejects(promise, (err) => {
    assert.ok(err instanceof ExerciseError, err);
    assert.equal(err.code, code, err.words.en);
    if (reason) assert.equal(err.reason, reason, err.words.en);
    assert.match(err.words.th, /[\u0e00-\u0e7f]/);
    assert.ok(err.words.en);
    return true;
  });
}

test('the drill notation is read and written as the catalog writes it; bad text says where', () => {
  const { position } = catalogDrill('dk-drill-discard-001');
  const read = readDrillText(position);
  assert.equal(read.deck.length, 52);
  assert.equal(read.show, 'P1');
  assert.deepEqual(read.moves.slice(0, 4), ['draw', 'discard JD', 'draw', 'discard AC']);
  assert.equal(read.moves.length, position.trim().split('\n').length - 2, 'every line after the deck and show lines is an action');
  assert.deepEqual(readDrillText(writeDrillText(read)), read);
  assert.equal(writeDrillText({ ...read, dealer: 'P1', level: 'sian', show: '' }).split('\n')[1], 'draw', 'defaults are left out');
  const deck = read.deck.join(' ');
  const reason = (text) => {
    try {
      readDrillText(text);
    } catch (err) {
      assert.ok(err instanceof DrillTextError);
      return [err.reason, err.line, err.detail];
    }
    return null;
  };
  assert.deepEqual(reason(''), ['no_deck', 0, '']);
  assert.deepEqual(reason('draw\ndeck 2S'), ['before_deck', 1, '']);
  assert.deepEqual(reason(`deck ${deck.replace('3H', '1H')}`), ['card', 1, '1H']);
  assert.deepEqual(reason(`deck ${deck.replace('5S', '3H')}`), ['twice', 1, '3H']);
  assert.deepEqual(reason(`deck ${read.deck.slice(1).join(' ')}`), ['deck_size', 1, '51']);
  assert.deepEqual(reason(`deck ${deck}\nshow P9`), ['seat', 2, 'P9']);
});

test('the practice table\'s seeded deal, written as a deck, deals exactly the same hand', async () => {
  for (const [seed, dealer] of [[5, 'P4'], [123456, 'P4'], [7, 'P2']]) {
    const seeded = (await pythonCall({ op: 'deal', game: 'dummy', seed, dealer, level: 'sian' })).state;
    const again = (await pythonCall({ op: 'deal', game: 'dummy', deck: deckOfDeal(seeded), dealer, level: 'sian' })).state;
    const { tie_break: _, ...hand } = seeded; // a seeded deal also draws the next hand's tie-break
    assert.deepEqual(again, hand, `seed ${seed}`);
  }
});

test('a drill made from a catalog drill\'s position asks exactly what the catalog page asks', async () => {
  for (const id of ['dk-drill-discard-001', 'dk-drill-collect-003', 'dk-drill-knock-002']) {
    const x = await drillOf(id);
    assert.match(x.id, /^t-[0-9a-z]{7}$/);
    assert.deepEqual(Object.keys(x.data).sort(), ['dealer', 'deck', 'key', 'level', 'moves', 'show']);
    const proof = await drillProof(pythonCall, x);
    const { giveaways: _, ...catalog } = PROOFS[id];
    assert.deepEqual({ ...proof.quiz, giveaways: undefined }, { ...catalog, giveaways: undefined }, id);
    for (const lang of /** @type {const} */ (['th', 'en'])) {
      const data = exercisePuzzleData(x, lang, null, proof);
      assert.deepEqual(data.quiz, quizIn(catalog, lang));
      assert.equal(data.goal, catalog.prompt[lang]);
      assert.equal(data.drill.solver, proof.solver);
      assert.equal(data.drill.view.players.find((p) => p.id === proof.solver).hand.length > 0, true, 'the solver sees his hand');
    }
  }
  const discard = await drillProof(pythonCall, await drillOf('dk-drill-discard-001'));
  assert.equal(discard.shown?.seat, 'P1', 'a discard drill shows the next seat\'s hand');
  assert.equal(discard.view.players.find((p) => p.id === 'P1').hand ?? null, null, 'the view hides it: the figure adds it');
});

test('a drill is judged by the quiz judge exactly as a catalog drill: wrong, then right', async () => {
  const x = await drillOf('dk-drill-collect-003');
  const data = exercisePuzzleData(x, 'th', null, await drillProof(pythonCall, x));
  const judge = await createJudge(data, null, { engine: recordedEngine(null, {}) });
  const right = data.quiz.correct.map(String);
  const wrong = data.quiz.choices.map((c) => String(c.id)).find((id) => !right.includes(id));
  assert.equal((await judge.answer([wrong])).verdict, 'wrong');
  assert.equal((await judge.answer(right)).verdict, 'solved');
  assert.equal(exerciseGoal(x, 'th'), 'เก็บไพ่ใบนี้ได้ไหม เก็บอย่างไร', 'a title before the engine answers');
  assert.equal(exercisePuzzleData(x, 'th').quiz, null, 'no question until the engine proves it again');
});

test('a link carries the drill\'s position, not its question: a long drill and a mate fit in one link', async () => {
  const drill = await drillOf('dk-drill-knock-006'); // the catalog's longest drill position (57 actions)
  const win = readFileSync(new URL('../../puzzles/makhos/mh-win1-001.toml', import.meta.url), 'utf8');
  const position = /^position = "(.*)"$/m.exec(win)?.[1];
  const mate = await proveExercise(pythonCall, { game: 'makhos', kind: 'win', position, mate_in: null });
  const a = { title: 'ดัมมี่กับหมากรุก', lang: 'th', hints: true, solution: false, items: [drill.id, mate.id, 'dk-score-001'], exercises: [drill, mate] };
  const code = await encodeAssignment(a);
  assert.ok(code.length < MAX_CODE_CHARS, `${code.length} characters`);
  const back = await decodeAssignment(code);
  assert.deepEqual(back.exercises, [drill, mate]);
  assert.equal(assignmentId(back), assignmentId(a));
});

test('a drill that cannot be proven says why in Thai and English', async () => {
  const { position } = catalogDrill('dk-drill-discard-001');
  const drill = readDrillText(position);
  await refused(proveExercise(pythonCall, { game: 'dummy', kind: 'dummy-collect', drill, key: '' }), 'BAD_DRAFT');
  await refused(proveExercise(pythonCall, { game: 'dummy', kind: 'dummy-discard', drill: null }), 'BAD_DRAFT');
  await refused(proveExercise(pythonCall, { game: 'dummy', kind: 'dummy-collect', drill, key: drill.deck[0] }), 'NOT_PROVEN', 'wrong_phase');
  await refused(proveExercise(pythonCall, { game: 'dummy', kind: 'dummy-discard', drill: { ...drill, show: 'P3' } }), 'NOT_PROVEN', 'show_not_next_seat');
  await refused(proveExercise(pythonCall, { game: 'dummy', kind: 'dummy-discard', drill: { ...drill, moves: ['discard 2S'] } }), 'ILLEGAL_MOVE');
});

test('a drill\'s data is checked field by field when a link is decoded', async () => {
  const x = await drillOf('dk-drill-discard-001');
  const again = (data) => () => cleanExercise({ game: 'dummy', kind: x.kind, title: x.title, hints: [], data: { ...x.data, ...data } });
  assert.deepEqual(again({})(), x);
  const cards = x.data.deck.split(' ');
  for (const bad of [{ deck: [cards[1], ...cards.slice(1)].join(' ') }, { deck: '' }, { key: 'ZZ' }, { show: 'P 1' },
    { moves: ['draw\n'] }, { moves: 'draw' }, { moves: [' draw'] }, { dealer: '' }, { level: 'Sian!' }]) {
    assert.throws(again(bad), (err) => err instanceof CodeError && err.code === 'BAD_CODE', JSON.stringify(bad));
  }
});

test('the gradebook proves a drill again and replays a student: wrong then right, and a forged claim', async () => {
  const x = await drillOf('dk-drill-knock-002');
  const a = await decodeAssignment(await encodeAssignment({ title: 'งานดัมมี่', lang: 'th', hints: true, solution: false, items: [x.id], exercises: [x] }));
  const data = await itemData(itemEntry(a, x.id, null), 'th', {}, pythonCall);
  const right = data.quiz.correct.map(String);
  const wrong = data.quiz.choices.map((c) => String(c.id)).find((id) => !right.includes(id));
  const items = [{ id: x.id, data, engine: recordedEngine(null, {}), game: null }];
  const result = (events, claimed, attempts) => ({
    assignment: assignmentId(a), name: 'น้องดี', started: '2026-11-27T03:00:00.000Z', submitted: '2026-11-27T03:10:00.000Z',
    items: [{ id: x.id, events, claimed, attempts, hints: 0, ms: 5000 }],
  });
  const retried = await checkStudent(result([['a', [wrong]], ['a', right]], 'retried', 2), a, items);
  assert.deepEqual([retried.cells[0].status, retried.cells[0].result], ['ok', 'retried']);
  const forged = await checkStudent(result([['a', [wrong]]], 'solved', 1), a, items);
  assert.deepEqual([forged.cells[0].status, forged.cells[0].result], ['bad', 'failed']);
  const broken = { ...x, data: { ...x.data, moves: ['discard 2S'] } };
  assert.equal(await itemData({ exercise: broken }, 'th', {}, pythonCall), null, 'a drill the engine cannot replay is unchecked');
});

test('the hand-off to the builder is kept once, and a damaged one is ignored', () => {
  const store = new Map();
  const storage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v), removeItem: (k) => store.delete(k) };
  assert.equal(offerToMaker(storage, { game: 'dummy', kind: 'dummy-collect', text: 'deck 2S' }), true);
  assert.deepEqual(takeOffer(storage), { game: 'dummy', kind: 'dummy-collect', text: 'deck 2S' });
  assert.equal(takeOffer(storage), null, 'taken once');
  store.set(HANDOFF_KEY, '{"game": 3');
  assert.equal(takeOffer(storage), null);
  assert.equal(store.has(HANDOFF_KEY), false, 'a damaged offer is removed too');
  const full = { setItem: () => { throw new Error('QuotaExceededError'); } };
  assert.equal(offerToMaker(full, { game: 'dummy', kind: 'dummy-discard', text: '' }), false);
  assert.equal(offerToMaker(null, { game: 'dummy', kind: 'dummy-discard', text: '' }), false);
});

test('the maker keeps a drill\'s text and key card in its draft; a damaged field is the new draft\'s', () => {
  const { position } = catalogDrill('dk-drill-collect-003');
  const kept = readDraft(JSON.stringify({ game: 'dummy', kind: 'dummy-collect', drill: position, key: '5C' }));
  assert.deepEqual([kept.drill, kept.key, kept.kind], [position, '5C', 'dummy-collect']);
  const damaged = readDraft(JSON.stringify({ drill: 42, key: ['5C'] }));
  assert.deepEqual([damaged.drill, damaged.key], ['', '']);
  assert.equal(readDraft(JSON.stringify({ drill: 'x'.repeat(DRAFT_LIMITS.drill + 5) })).drill.length, DRAFT_LIMITS.drill);
});
