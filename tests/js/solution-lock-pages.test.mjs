/**
 * The solution lock (site_builder/static/js/core/solution-lock.js) on the real page data of every
 * kind of exercise of the collection (tests/js/fixtures.py `shapes`: the first puzzle of each
 * game, kind and question): what its page may show (Shell.may is mayShow over the page's data)
 * and what becomes of its written solution and hints (Shell: keptOut while the puzzle UI runs,
 * writtenFate when the engine fails), outside an assignment, while the assignment's code is
 * read, and in assignments locked, with hints only, and open; not solved (before any answer or
 * after a wrong one: only Shell.solve, on the judge's "solved", sets the page's solved flag) and
 * solved. The kinds and what their pages have are listed in tests/js/solution-lock-kinds.json;
 * a kind of the collection that it does not list fails here. That each puzzle UI asks the lock
 * (no button, no written solution, no calculator link in the real page) is shown in a browser
 * for items covering every game and every UI: tests/e2e/test_solution_lock.py. A teacher-made
 * exercise's page data (core/teacher-exercise.js exercisePuzzleData) is held to the same lock.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fixtures } from './helpers/fixtures.mjs';
import { REVEALS, keptOut, mayShow, offers, writtenFate } from '../../site_builder/static/js/core/solution-lock.js';
import { exercisePuzzleData } from '../../site_builder/static/js/core/teacher-exercise.js';

const { kinds: KINDS } = JSON.parse(readFileSync(new URL('./solution-lock-kinds.json', import.meta.url), 'utf8'));

/** The UI a page's data gets (core/puzzle-ui.js startPuzzle and the games' own puzzle kinds). */
function uiOf(data) {
  if (data.quiz) return data.quiz.answer_type ?? 'choice';
  if (data.playout) return 'play-out';
  if (data.question) return data.question.ask === 'tier' ? 'tier' : 'figure';
  if (data.tree) return 'board';
  return 'unknown';
}

const label = ({ game, kind, ui }) => `${game} ${kind} (${ui})`;

/** {label: page data} of the first puzzle of every kind of the collection. */
function pagesByKind() {
  const pages = {};
  for (const data of Object.values(fixtures().shapes)) {
    pages[label({ game: data.game, kind: data.kind, ui: uiOf(data) })] ??= data;
  }
  return pages;
}

/** The lock states a page can be in: [name, the Shell's LockState, opened as an assignment's item?]. */
const LOCKS = [
  ['outside an assignment', {}, false],
  ['while the assignment is read', { pending: true }, true],
  ['locked (no hints, no solutions)', { rules: { hints: false, solution: false } }, true],
  ['hints only', { rules: { hints: true, solution: false } }, true],
  ['open (hints and solutions)', { rules: { hints: true, solution: true } }, true],
];

/**
 * What the lock lets a page reveal, by lock state, not solved / solved (before what the page
 * has: a quiz has no analysis board, whatever the lock says).
 */
const ALLOWED = {
  'outside an assignment': [['hints', 'solution', 'analyse', 'tools'], ['hints', 'solution', 'analyse', 'tools']],
  'while the assignment is read': [[], []],
  'locked (no hints, no solutions)': [[], ['analyse', 'tools']],
  'hints only': [['hints'], ['hints', 'analyse', 'tools']],
  'open (hints and solutions)': [['hints', 'solution', 'analyse', 'tools'], ['hints', 'solution', 'analyse', 'tools']],
};

/** The written solution and hints when the engine fails: [solution, hints (if the page has some)]. */
const WRITTEN_IF_FAILED = {
  'outside an assignment': ['shown', 'shown'],
  'while the assignment is read': ['note', 'out'],
  'locked (no hints, no solutions)': ['note', 'out'],
  'hints only': ['note', 'shown'],
  'open (hints and solutions)': ['shown', 'shown'],
};

test('the kinds listed are every kind of the collection, each with a UI the browser tests show', () => {
  assert.deepEqual(Object.keys(pagesByKind()).sort(), KINDS.map(label).sort());
  assert.deepEqual(new Set(KINDS.map((k) => k.ui)), new Set(['board', 'choice', 'number', 'play-out', 'figure', 'tier']));
});

for (const kind of KINDS) {
  test(`${label(kind)}: the page reveals only what the lock allows, solved or not, engine ready or failed`, () => {
    const data = pagesByKind()[label(kind)];
    assert.ok(data, `the collection has no ${label(kind)}`);
    const hasHints = data.hints.length > 0;
    assert.deepEqual(offers(data), { hints: hasHints, solution: true, analyse: kind.analyse, tools: kind.tools });
    for (const [name, lock, assignmentPage] of LOCKS) {
      for (const solved of [false, true]) {
        const allowed = ALLOWED[name][Number(solved)];
        const shown = REVEALS.filter((what) => mayShow(what, data, { ...lock, solved }));
        const expected = allowed.filter((what) => (what === 'hints' ? hasHints : what === 'solution' || kind[what]));
        assert.deepEqual(shown, expected, `${name}, ${solved ? 'solved' : 'not solved'}`);

        // Engine ready: the written parts are hidden, and out of an assignment's page.
        const ready = assignmentPage ? 'out' : 'hidden';
        for (const what of /** @type {const} */ (['solution', 'hints'])) {
          assert.equal(keptOut(what, assignmentPage) ? 'out' : 'hidden', ready, `${name}: written ${what}, engine ready`);
        }
        // Engine failed: the written parts come back as the lock allows (the Shell's `may`).
        const [solution, hints] = WRITTEN_IF_FAILED[name];
        const may = (what) => mayShow(what, data, { ...lock, solved });
        assert.equal(writtenFate('solution', may), solution, `${name}: written solution, engine failed`);
        assert.equal(writtenFate('hints', may), hasHints ? hints : 'out', `${name}: written hints, engine failed`);
      }
    }
  });
}

test('a teacher-made exercise is locked the same way: a forced win has its analysis board only once solved, a Dummy figure no calculator', () => {
  const { mate, scoring } = fixtures().teacher;
  const locked = { rules: { hints: false, solution: false } };
  const made = (x) => exercisePuzzleData({ id: 'x', title: '', hints: ['ลองรุกด้วยเรือ'], ...x }, 'th');
  const win = made(mate);
  const figure = made(scoring);
  for (const [data, analyse, tools] of [[win, true, false], [figure, false, false]]) {
    assert.deepEqual(offers(data), { hints: true, solution: true, analyse, tools });
    assert.deepEqual(REVEALS.filter((what) => mayShow(what, data, locked)), []);
    assert.deepEqual(REVEALS.filter((what) => mayShow(what, data, { ...locked, solved: true })), analyse ? ['analyse'] : []);
    assert.deepEqual(REVEALS.filter((what) => mayShow(what, data, { pending: true, solved: true })), []);
  }
});
