/**
 * The text codes (core/codes.js) and the assignment and result codes on them (core/assignment.js):
 * round trips, every refusal with its own error, and finding codes in pasted chat text.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CodeError, checksum, head, pack, unpack } from '../../site_builder/static/js/core/codes.js';
import * as A from '../../site_builder/static/js/core/assignment.js';
import * as P from '../../site_builder/static/js/core/progress.js';

const ASSIGNMENT = {
  title: 'การบ้าน <script>alert(1)</script>', instructions: 'ทำข้อ ๑–๔ ให้ครบ\nส่งทาง LINE', lang: 'th',
  due: '2026-12-01', hints: false, solution: true, items: ['mk-mate1-001', 'ko-tsume1-004', 'dm-score-003', 'mh-win2-002'],
};
const RESULT = {
  assignment: '0abc123', name: 'ด.ญ. มะลิ <img src=x onerror=alert(1)>',
  started: '2026-11-23T01:00:00.000Z', submitted: '2026-11-23T01:20:00.000Z',
  items: [
    { id: 'mk-mate1-001', events: [['m', 'e2e4'], ['t'], ['h'], ['m', 'Ra1a8']], claimed: 'retried', attempts: 2, hints: 1, ms: 61234 },
    { id: 'ko-tsume1-004', events: [['a', ['b', 'c']], ['a', '12'], ['s']], claimed: 'seen', attempts: 2, hints: 0, ms: 5000 },
    { id: 'dm-score-003', events: [['a', { P1: -50, P2: 25 }], ['r']], claimed: 'solved', attempts: 1, hints: 0, ms: 0 },
    { id: 'mh-win2-002', events: [], claimed: '', attempts: 0, hints: 0, ms: 0 },
  ],
};

/** The CodeError code (and detail) a promise rejects with. */
async function failure(promise) {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof CodeError, String(err));
    return { code: err.code, detail: err.detail };
  }
  assert.fail('no error');
}

test('checksum: CRC-32 in base 36, seven characters', () => {
  assert.equal(checksum(''), '0000000');
  assert.equal(checksum('123456789'), (0xcbf43926).toString(36).padStart(7, '0')); // the CRC-32 check value
  assert.equal(checksum('abc').length, 7);
});

test('pack / unpack: any JSON text comes back, compressed, and spaces in a pasted code do not matter', async () => {
  const json = JSON.stringify({ text: 'ไทย 😀 "quotes"', n: [1, 2, 3] });
  const code = await pack('KR', 3, json);
  assert.match(code, /^KR3Z-[A-Za-z0-9_-]+-[0-9a-z]{7}$/);
  assert.equal(await unpack('KR', 3, code), json);
  assert.equal(await unpack('KR', 3, ` ${code.slice(0, 9)}\n  ${code.slice(9)} `), json);
  assert.deepEqual(head(code), { tag: 'KR', version: 3 });
  assert.equal(head('hello'), null);
});

test('unpack: each bad code has its own error', async () => {
  const code = await pack('KR', 1, '[1]');
  const flipped = code.slice(0, 8) + (code[8] === 'A' ? 'B' : 'A') + code.slice(9);
  assert.deepEqual(await failure(unpack('KR', 1, flipped)), { code: 'BAD_CHECKSUM', detail: {} });
  assert.deepEqual(await failure(unpack('KS', 1, code)), { code: 'WRONG_KIND', detail: { tag: 'KR' } });
  assert.deepEqual(await failure(unpack('KR', 2, code)), { code: 'BAD_VERSION', detail: { version: 1, older: true } });
  assert.deepEqual(await failure(unpack('KR', 0, code)), { code: 'BAD_VERSION', detail: { version: 1, older: false } });
  for (const text of ['', 'สวัสดี', code.slice(0, -4), 'KR1Z--0000000']) assert.equal((await failure(unpack('KR', 1, text))).code, 'BAD_CODE', text);
});

test('an assignment comes back whole from its code and from its link; its id is its content', async () => {
  const code = await A.encodeAssignment(ASSIGNMENT);
  assert.match(code, /^KA1Z-/);
  assert.deepEqual(await A.decodeAssignment(code), ASSIGNMENT);
  assert.deepEqual(await A.decodeAssignment(`https://kradan.example/th/a/#${code}`), ASSIGNMENT);
  const id = A.assignmentId(ASSIGNMENT);
  assert.match(id, /^[0-9a-z]{7}$/);
  assert.equal(A.assignmentId({ ...ASSIGNMENT }), id);
  assert.notEqual(A.assignmentId({ ...ASSIGNMENT, items: [...ASSIGNMENT.items].reverse() }), id, 'the order of the items counts');
  assert.equal(A.assignmentUrl(ASSIGNMENT, code, 'gradebook'), `/th/teach/gradebook/#${code}`);
});

test('an untitled assignment is named in its language', async () => {
  assert.equal((await A.decodeAssignment(await A.encodeAssignment({ ...ASSIGNMENT, title: '  ' }))).title, 'งานจากครู');
  assert.equal((await A.decodeAssignment(await A.encodeAssignment({ ...ASSIGNMENT, title: '', lang: 'en' }))).title, 'Assignment');
});

test('an assignment with a wrong field is refused', async () => {
  // (41 items: TOO_MANY_ITEMS, assignment-limit.test.mjs)
  const changes = [{ items: [] }, { items: ['a', 'a'] },
    { items: ['bad id'] }, { lang: 'fr' }, { due: '1 Dec' }, { hints: 'yes' }, { title: 'x'.repeat(121) }, { instructions: 5 }];
  for (const change of changes) {
    assert.equal((await failure(A.encodeAssignment({ ...ASSIGNMENT, ...change }))).code, 'BAD_CODE', JSON.stringify(change));
  }
});

test('a result keeps every move, answer and claim, even split over lines in a chat', async () => {
  const code = await A.encodeResult(RESULT);
  assert.match(code, /^KS1Z-/);
  assert.deepEqual(await A.decodeResult(code.replace(/(.{10})/g, '$1\n ')), RESULT);
});

test('a result code is not an assignment code, and the other way round', async () => {
  const result = await A.encodeResult(RESULT);
  const assignment = await A.encodeAssignment(ASSIGNMENT);
  assert.deepEqual(await failure(A.decodeAssignment(result)), { code: 'WRONG_KIND', detail: { tag: 'KS' } });
  assert.deepEqual(await failure(A.decodeResult(assignment)), { code: 'WRONG_KIND', detail: { tag: 'KA' } });
});

test('a result whose fields were edited into nonsense is refused', async () => {
  const rows = [['0abc123', '', 0, 0, []], ['0abc123', 'x', 0, 0, [['id', [['z']], 's', 1, 0, 0]]],
    ['0abc123', 'x', 0, 0, [['id', [], '?', 1, 0, 0]]], { name: 'x' }];
  for (const row of rows) {
    assert.equal((await failure(A.decodeResult(await pack('KS', 1, JSON.stringify(row))))).code, 'BAD_CODE', JSON.stringify(row));
  }
  // a count or a time out of range says which (BAD_FIELD, tests/js/gradebook-robust.test.mjs)
  const negative = ['0abc123', 'x', 0, 0, [['id', [], 's', -1, 0, 0]]];
  assert.equal((await failure(A.decodeResult(await pack('KS', 1, JSON.stringify(negative))))).code, 'BAD_FIELD');
});

test('codes are found in chat text and CSV cells, truncated ones too', async () => {
  const code = await A.encodeResult(RESULT);
  const text = `\ufeffชื่อ,รหัส\n"มะลิ","${code}"\nผลของหนู: ${code};KS1Z-abc\nสวัสดีค่ะ KAPOW`;
  assert.deepEqual(A.codeWords(text), [code, code, 'KS1Z-abc']);
});

test('fragment: the code part of a pasted link', () => {
  assert.equal(A.fragment('https://x/th/a/#KA1Z-abc-1234567'), 'KA1Z-abc-1234567');
  assert.equal(A.fragment(' KA1Z-abc\n-1234567 '), 'KA1Z-abc-1234567');
  assert.equal(A.fragment('#%E0%B8%81'), 'ก');
  assert.equal(A.fragment('#50%'), '50%');
});

test('the progress code shares the packing: it round-trips, and a result code is not one', async () => {
  const progress = { version: 1, puzzles: { 'mk-mate1-001': { state: 'solved', attempts: 1, hints: 0, updated: '2026-11-23T01:00:00.000Z' } } };
  const code = await P.exportCode(progress);
  assert.match(code, /^KR\d+Z?-/);
  assert.deepEqual(JSON.parse(JSON.stringify(await P.parseCode(code))), progress); // its puzzles: a map without a prototype
  await assert.rejects(P.parseCode(await A.encodeResult(RESULT)), (err) => err.code === 'BAD_CODE');
});

test('any title, name and list of items round-trips (seeded random texts, any Unicode but lone surrogates)', async () => {
  let seed = 20261127;
  const random = (n) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const ranges = [[0x20, 0x7e], [0x0e01, 0x0e5b], [0x4e00, 0x4eff], [0x1f600, 0x1f64f], [0xa0, 0x24f]];
  const text = (max) => Array.from({ length: 1 + random(max) }, () => {
    const [lo, hi] = ranges[random(ranges.length)];
    return String.fromCodePoint(lo + random(hi - lo + 1));
  }).join('').trim() || 'x';
  for (let round = 0; round < 25; round += 1) {
    const items = [...new Set(Array.from({ length: 1 + random(40) }, () => `p-${random(10000)}`))];
    const assignment = { ...ASSIGNMENT, title: text(120), instructions: text(200), items };
    assert.deepEqual(await A.decodeAssignment(await A.encodeAssignment(assignment)), assignment);
    const result = { ...RESULT, name: text(40), items: items.map((id) => ({ ...RESULT.items[0], id })) };
    assert.deepEqual(await A.decodeResult(await A.encodeResult(result)), result);
  }
});
