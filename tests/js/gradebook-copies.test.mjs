/**
 * Work shared between students' codes (issue 23 §3, teach/gradebook-copies.js): a code copied whole
 * under another name, an item spliced from another's code, and never the moves alone: the whole
 * class solving a one-move mate the same way is not copying.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sameWork } from '../../site_builder/static/js/teach/gradebook-copies.js';

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
