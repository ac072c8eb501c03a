/**
 * Work shared between students' codes (issue 23 §3, teach/gradebook-copies.js): a code copied whole
 * under another name, an item spliced from another's code, and never the moves alone: the whole
 * class solving a one-move mate the same way is not copying. The codes that share work are put
 * side by side in the table (copyGroups, besideCopies), every other line in its place.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { besideCopies, copyGroups, sameWork } from '../../site_builder/static/js/teach/gradebook-copies.js';
import { orderByClass } from '../../site_builder/static/js/teach/class-list.js';

const item = (id, events, ms, extra = {}) => ({ id, events, claimed: 'solved', attempts: 1, hints: 0, ms, ...extra });
const result = (name, started, items) => ({ assignment: 'abc1234', name, started, submitted: started, items });

const MATE = [['m', 'e7e8'], ['s']]; // a one-move mate: everyone who solves it gives these events
const LONG = [['m', 'a1a2'], ['m', 'b1b2'], ['t'], ['m', 'c1c2'], ['s']];

test('a one-move mate solved alike by the whole class is not copying: timings differ', () => {
  const codes = ['ก', 'ข', 'ค', 'ง'].map((name, i) => result(name, `2026-11-27T0${i}:00:00.000Z`, [item('mk-1', MATE, 4000 + i * 731)]));
  assert.deepEqual(sameWork(codes), []);
});

test('a code copied whole under a new name: flagged exact, both names, every item', () => {
  const original = result('สมชาย ใจดี', '2026-11-27T03:00:00.000Z', [item('mk-1', MATE, 5210), item('mk-2', LONG, 61234)]);
  const copy = { ...original, name: 'มานี มีตา', submitted: '2026-11-28T03:00:00.000Z' };
  const other = result('ปิติ มานะ', '2026-11-27T04:00:00.000Z', [item('mk-1', MATE, 7001)]);
  assert.deepEqual(sameWork([original, other, copy]), [{ names: ['สมชาย ใจดี', 'มานี มีตา'], items: ['mk-1', 'mk-2'], exact: true }]);
});

test('one item spliced from another code: that item only, not exact', () => {
  const a = result('A', '2026-11-27T03:00:00.000Z', [item('mk-1', MATE, 5210), item('mk-2', LONG, 61234)]);
  const b = result('B', '2026-11-27T05:00:00.000Z', [item('mk-1', MATE, 8000), item('mk-2', LONG, 61234)]);
  assert.deepEqual(sameWork([a, b]), [{ names: ['A', 'B'], items: ['mk-2'], exact: false }]);
});

test('the same time but other moves, or other tries or hints, is not the same work', () => {
  const a = result('A', '2026-11-27T03:00:00.000Z', [item('mk-2', LONG, 61234)]);
  const b = result('B', '2026-11-27T03:00:00.000Z', [item('mk-2', LONG.slice(1), 61234)]);
  const c = result('C', '2026-11-27T03:00:00.000Z', [item('mk-2', LONG, 61234, { hints: 1 })]);
  assert.deepEqual(sameWork([a, b, c]), []);
});

test('items not tried are never shared work; codes of one student (one name, titles aside) are not copies', () => {
  const a = result('A', '2026-11-27T03:00:00.000Z', [item('mk-1', [], 0, { claimed: '', attempts: 0 })]);
  const b = result('B', '2026-11-27T03:00:00.000Z', [item('mk-1', [], 0, { claimed: '', attempts: 0 })]);
  assert.deepEqual(sameWork([a, b]), []);
  const first = result('ด.ช. สมชาย ใจดี', '2026-11-27T03:00:00.000Z', [item('mk-1', MATE, 5210)]);
  const again = result('สมชาย ใจดี', '2026-11-27T03:00:00.000Z', [item('mk-1', MATE, 5210)]);
  assert.deepEqual(sameWork([first, again]), []);
});

test('three codes with one work: every pair is named', () => {
  const codes = ['A', 'B', 'C'].map((name) => result(name, '2026-11-27T03:00:00.000Z', [item('mk-2', LONG, 61234)]));
  assert.deepEqual(sameWork(codes).map((copy) => copy.names.join('+')), ['A+B', 'A+C', 'B+C']);
  assert.ok(sameWork(codes).every((copy) => copy.exact));
});

test('pairs that share a name make one group; separate pairs stay separate groups', () => {
  const pair = (a, b) => ({ names: [a, b], items: ['mk-1'], exact: false });
  assert.deepEqual(copyGroups([pair('A', 'C'), pair('B', 'D'), pair('C', 'E')]), [['A', 'C', 'E'], ['B', 'D']]);
  assert.deepEqual(copyGroups([pair('A', 'B'), pair('C', 'D'), pair('B', 'D')]), [['A', 'B', 'C', 'D']]);
  assert.deepEqual(copyGroups([]), []);
});

test('in the class list\'s order, the copy follows the first of the pair; the others keep their places', () => {
  const classRows = [1, 2, 3, 4, 5].map((no) => ({ no, name: `คน${no}` }));
  const own = (name, ms) => result(name, `2026-11-27T03:00:0${ms % 10}.000Z`, [item('mk-2', LONG, ms)]);
  const copied = own('คน1', 61234);
  // คน3 sent nothing; คน4 sent คน1's code under a new name; ต้น is on no row
  const codes = [copied, own('คน2', 50002), { ...copied, name: 'คน4' }, own('คน5', 70005), own('ต้น', 40004)];
  const copies = sameWork(codes);
  assert.deepEqual(copies.map((copy) => copy.names), [['คน1', 'คน4']]);
  const lines = besideCopies(orderByClass(classRows, codes), (line) => line.result?.name ?? null, copyGroups(copies));
  assert.deepEqual(lines.map(({ line }) => line.no), [1, 4, 2, 3, 5, null]);
  assert.deepEqual(lines.map(({ copy }) => copy), [{ n: 1, first: true, last: false }, { n: 1, first: false, last: true },
    null, null, null, null]);
});

test('a group of three and a pair: each together where its first falls, numbered down the table', () => {
  const lines = ['a', 'X', 'b', 'Y', 'c', 'd', 'e'];
  const placed = besideCopies(lines, (name) => name, [['d', 'b'], ['a', 'e', 'c']]);
  assert.deepEqual(placed.map(({ line }) => line), ['a', 'c', 'e', 'X', 'b', 'd', 'Y']);
  assert.deepEqual(placed.map(({ copy }) => copy && `${copy.n}${copy.first ? '<' : ''}${copy.last ? '>' : ''}`),
    ['1<', '1', '1>', null, '2<', '2>', null]);
});

test('lines with no code are never moved, whatever their name; a name in no group keeps its place', () => {
  const lines = [{ name: 'A', code: false }, { name: 'B', code: true }, { name: 'A', code: true }];
  const placed = besideCopies(lines, (line) => (line.code ? line.name : null), [['A', 'B']]);
  assert.deepEqual(placed.map(({ line }) => line), lines);
  assert.deepEqual(placed.map(({ copy }) => copy?.n ?? null), [null, 1, 1]);
});
