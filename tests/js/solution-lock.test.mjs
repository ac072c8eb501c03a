/**
 * The solution lock (site_builder/static/js/core/solution-lock.js): what a puzzle page may reveal,
 * for every kind of reveal, outside an assignment, while its code is being read, and in
 * assignments with and without hints and solutions, before and after the item is solved.
 * Its verdicts for the real page data of every kind of exercise: solution-lock-pages.test.mjs.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { REVEALS, WRITTEN, keptOut, mayReveal, writtenFate } from '../../site_builder/static/js/core/solution-lock.js';

const LOCKED = { hints: false, solution: false };
const OPEN = { hints: true, solution: true };

/** {what: may} for every reveal on a page in state `page`. */
const all = (page) => Object.fromEntries(REVEALS.map((what) => [what, mayReveal(what, page)]));

test('the reveals are the four the puzzle UIs ask about', () => {
  assert.deepEqual([...REVEALS], ['hints', 'solution', 'analyse', 'tools']);
});

test('outside an assignment everything may be shown', () => {
  assert.deepEqual(all({}), { hints: true, solution: true, analyse: true, tools: true });
  assert.deepEqual(all({ rules: null, solved: false }), { hints: true, solution: true, analyse: true, tools: true });
});

test('nothing is shown while the page has not read its assignment, even after a solve', () => {
  assert.deepEqual(all({ pending: true }), { hints: false, solution: false, analyse: false, tools: false });
  assert.deepEqual(all({ pending: true, rules: OPEN, solved: true }), { hints: false, solution: false, analyse: false, tools: false });
});

test('an assignment without hints or solutions reveals nothing before the item is solved', () => {
  assert.deepEqual(all({ rules: LOCKED, solved: false }), { hints: false, solution: false, analyse: false, tools: false });
});

test('once solved, the analysis board and the calculator come back, never the solution or the hints', () => {
  assert.deepEqual(all({ rules: LOCKED, solved: true }), { hints: false, solution: false, analyse: true, tools: true });
});

test('each rule of the teacher decides its own reveal', () => {
  assert.deepEqual(all({ rules: { hints: true, solution: false } }), { hints: true, solution: false, analyse: false, tools: false });
  assert.deepEqual(all({ rules: { hints: false, solution: true } }), { hints: false, solution: true, analyse: true, tools: true });
  assert.deepEqual(all({ rules: OPEN }), { hints: true, solution: true, analyse: true, tools: true });
});

test('only a real true opens a rule (a damaged rules object keeps the lock shut)', () => {
  assert.deepEqual(all({ rules: /** @type {any} */ ({ hints: 1, solution: 'yes' }) }),
    { hints: false, solution: false, analyse: false, tools: false });
});

test('an unknown reveal is an error, not a silent yes', () => {
  assert.throws(() => mayReveal(/** @type {any} */ ('answer'), {}), /unknown reveal: answer/);
});

test('a written part that reveals nothing (the static choices) is never kept out or locked', () => {
  assert.equal(keptOut(null, true), false);
  assert.equal(writtenFate(null, () => false), 'shown');
});

test('a locked written solution leaves a note in its place, locked written hints leave nothing', () => {
  assert.equal(writtenFate('solution', () => false), 'note');
  assert.equal(writtenFate('hints', () => false), 'out');
  assert.equal(writtenFate('solution', () => true), 'shown');
});

test('the written parts are the written solution and the written hints', () => {
  assert.deepEqual(WRITTEN.map(([selector, what]) => [selector, what]),
    [['.kr-puzzle-solution', 'solution'], ['.kr-puzzle-hints', 'hints']]);
});
