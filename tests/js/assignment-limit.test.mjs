/**
 * A link with more items than an assignment may hold (41: made or edited outside the builder)
 * says the 40-item limit, in Thai, never "incomplete or damaged" as a link cut off when copied
 * would; a result code with too many items likewise. English: assignment-limit-en.test.mjs.
 */
import './helpers/page.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CodeError, pack } from '../../site_builder/static/js/core/codes.js';
import * as A from '../../site_builder/static/js/core/assignment.js';
import { codeErrorText } from '../../site_builder/static/js/core/code-words.js';

const ids = (n) => Array.from({ length: n }, (_, i) => `mk-mate1-${String(i).padStart(3, '0')}`);
/** An assignment link's code as the builder would write it, but with `n` items. */
const linkWith = (n) => pack('KA', 1, JSON.stringify(['งานยาว', '', 'th', null, 1, 1, ids(n)]));
/** A result code with `n` items. */
const resultWith = (n) => pack('KS', 1, JSON.stringify(['0abc123', 'มะลิ', 0, 0, ids(n).map((id) => [id, [], '-', 0, 0, 0])]));

/** What a promise rejects with. */
async function rejection(promise) {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  assert.fail('no error');
}

test('a 41-item link is refused for its size, with the count and the limit', async () => {
  const err = await rejection(A.decodeAssignment(`https://kradan.example/th/a/#${await linkWith(41)}`));
  assert.ok(err instanceof CodeError);
  assert.equal(err.code, 'TOO_MANY_ITEMS');
  assert.deepEqual(err.detail, { count: 41, max: A.LIMITS.items });
  assert.equal(A.LIMITS.items, 40);
});

test('a 40-item link opens', async () => {
  assert.equal((await A.decodeAssignment(await linkWith(40))).items.length, 40);
});

test('the builder cannot write a 41-item link either', async () => {
  const err = await rejection(A.encodeAssignment({ title: 'x', lang: 'th', items: ids(41) }));
  assert.equal(err.code, 'TOO_MANY_ITEMS');
});

test('the Thai words say the 40-item limit, not a cut-off copy', async () => {
  const said = codeErrorText(await rejection(A.decodeAssignment(await linkWith(41))), 'assignment');
  assert.match(said, /41 ข้อ/);
  assert.match(said, /ไม่เกิน 40 ข้อ/);
  assert.doesNotMatch(said, /ไม่ครบ|เสียหาย|คัดลอก/);
  assert.notEqual(said, codeErrorText(new CodeError('BAD_CODE'), 'assignment'));
});

test('a result code with 41 items is refused for its size too', async () => {
  const err = await rejection(A.decodeResult(await resultWith(41)));
  assert.equal(err.code, 'TOO_MANY_ITEMS');
  const said = codeErrorText(err, 'result');
  assert.match(said, /41 ข้อ/);
  assert.match(said, /ไม่เกิน 40 ข้อ/);
  assert.equal((await A.decodeResult(await resultWith(40))).items.length, 40);
});

test('a cut-off link still says it is incomplete', async () => {
  const code = await linkWith(3);
  const err = await rejection(A.decodeAssignment(code.slice(0, -9)));
  assert.notEqual(err.code, 'TOO_MANY_ITEMS');
  assert.match(codeErrorText(err, 'assignment'), /ไม่ครบ/);
});
