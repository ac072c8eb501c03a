/**
 * A gradebook nobody can spoil (issue 23 §6, §5 last point): one unreadable code never stops the
 * others (teach/gradebook-read.js, core/assignment.js BAD_FIELD), a code broken over the lines of
 * a chat is read whole and the teacher's own link in it is skipped (teach/gradebook-check.js
 * findCodes), a code of the same name replaces an older one only when it carries on its work
 * (teach/gradebook-same.js), and a student with damaged or unsaveable stored work still gets a
 * code or a clear message (core/student-state.js).
 */
import './helpers/page.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as A from '../../site_builder/static/js/core/assignment.js';
import { pack } from '../../site_builder/static/js/core/codes.js';
import { codeErrorText } from '../../site_builder/static/js/core/code-words.js';
import { PIECE_LIMITS, findCodes } from '../../site_builder/static/js/teach/gradebook-check.js';
import { readCodes } from '../../site_builder/static/js/teach/gradebook-read.js';
import { carriesOn, countedRows } from '../../site_builder/static/js/teach/gradebook-same.js';
import { FakeStorage } from './fake-storage.mjs';

const ASSIGNMENT = { title: 'การบ้าน', instructions: '', lang: 'th', due: null, hints: true, solution: true, items: ['mk-1', 'mk-2'] };
const AID = A.assignmentId(ASSIGNMENT);
const STARTED = '2026-11-20T01:00:00.000Z';

/** A result of ASSIGNMENT for `name` with the given events per item. */
const result = (name, events = [[], []], { started = STARTED, submitted = '2026-11-20T02:00:00.000Z', assignment = AID } = {}) => ({
  assignment, name, started, submitted,
  items: ASSIGNMENT.items.map((id, i) => ({ id, events: events[i], claimed: events[i].length ? 'failed' : '', attempts: events[i].length ? 1 : 0, hints: 0, ms: 1000 })),
});

/** A result code whose compact JSON row is `row` (checksum right: only its fields are wrong). */
const rawCode = (row) => pack('KS', 1, JSON.stringify(row));

test('a start time no Date can hold, or an impossible count, is a BAD_FIELD with its own words', async () => {
  const huge = await rawCode([AID, 'ปลอม', 1e20, 1_800_000_000, []]);
  await assert.rejects(A.decodeResult(huge), (err) => err.code === 'BAD_FIELD' && err.detail.field === 'started');
  assert.match(codeErrorText(await A.decodeResult(huge).catch((e) => e), 'result'), /เวลาเริ่มทำหรือเวลาส่ง/);
  const late = await rawCode([AID, 'ปลอม', 0, 9e12, []]);
  await assert.rejects(A.decodeResult(late), (err) => err.code === 'BAD_FIELD' && err.detail.field === 'submitted');
  const counts = await rawCode([AID, 'ปลอม', 0, 0, [['mk-1', [], 'f', 1e300, 0, 0]]]);
  await assert.rejects(A.decodeResult(counts), (err) => err.code === 'BAD_FIELD' && err.detail.field === 'counts');
  assert.match(codeErrorText(await A.decodeResult(counts).catch((e) => e), 'result'), /จำนวนครั้งที่ลอง/);
  const edge = await rawCode([AID, 'ได้', 8.64e12, 8.64e12, []]);
  assert.equal((await A.decodeResult(edge)).started, new Date(8.64e15).toISOString(), 'the last time a Date holds is read');
});

test('one unreadable code is listed; every other code of the same paste is read', async () => {
  const first = await A.encodeResult(result('มะลิ'));
  const last = await A.encodeResult(result('ชบา'));
  const broken = await rawCode([AID, 'ปลอม', 1e20, 0, []]);
  const other = await A.encodeResult(result('ต่างงาน', undefined, { assignment: 'zzzzzzz' }));
  const { results, notes, skipped } = await readCodes([first, broken, 'KS1Z-garbage-0000000', other, last], AID);
  assert.deepEqual(results.map(({ r }) => r.name), ['มะลิ', 'ชบา']);
  assert.deepEqual(notes.map((n) => [n.key, n.vars.code, n.error?.code]),
    [['unreadable', broken, 'BAD_FIELD'], ['unreadable', 'KS1Z-garbage-0000000', 'BAD_CHECKSUM'], ['otherAssignment', other, undefined]]);
  assert.equal(skipped, 0);
});

test('the teacher\'s own assignment link is skipped quietly; another assignment\'s link is listed', async () => {
  const own = await A.encodeAssignment(ASSIGNMENT);
  const another = await A.encodeAssignment({ ...ASSIGNMENT, title: 'อีกงาน' });
  const code = await A.encodeResult(result('มะลิ'));
  const chat = `09:00\tครู\tงานวันนี้ https://kradan.example/th/a/#${own}\n09:30\tมะลิ\t${code}\n09:31\tครู\tงานเก่า https://kradan.example/th/a/#${another}`;
  const { results, notes, skipped } = await readCodes(findCodes(chat), AID);
  assert.deepEqual([results.length, skipped], [1, 1]);
  assert.deepEqual(notes.map((n) => [n.key, n.error?.code]), [['unreadable', 'WRONG_KIND']]);
});

/** `code` cut into pieces of `size` characters. */
const cut = (code, size) => code.match(new RegExp(`.{1,${size}}`, 'g'));

test('a code broken over the lines of a chat is read whole, with times and names between the lines', async () => {
  const code = await A.encodeResult(result('มะลิ', [[['m', 'e3e4'], ['m', 'd2d3']], [['a', '5']]]));
  const pieces = cut(code, 17);
  assert.ok(pieces.length >= 3, pieces);
  const wrapped = `ส่งงานค่ะ\n${pieces.join('\n')}\nขอบคุณค่ะ`; // a chat app wrapped the long word
  assert.deepEqual(findCodes(wrapped), [code]);
  const exported = pieces.map((piece, i) => `10:2${i}\tMali Srisuk\t${piece}`).join('\n'); // one message per line
  assert.deepEqual(findCodes(`[LINE] Chat with class\n2026.11.27 Friday\n${exported}`), [code]);
  const spaced = `${pieces[0]} ${pieces[1]}\n\n2026.11.27 Friday\n${pieces.slice(2).join('')}`; // a space, a blank and a date line
  assert.deepEqual(findCodes(spaced), [code]);
  const two = await A.encodeResult(result('ชบา'));
  assert.deepEqual(findCodes(`${pieces.join('\n')}\n${two}`), [code, two], 'the next code is never eaten');
});

test('a code cut off for good is given as it starts (and reported); the search for its pieces is bounded', async () => {
  const code = await A.encodeResult(result('มะลิ', [[['m', 'e3e4']], []]));
  const start = cut(code, 20)[0];
  const junk = Array.from({ length: 40 }, (_, i) => `10:${i} Somchai Jaidee word${i} more${i} ok`).join('\n');
  const began = Date.now();
  assert.deepEqual(findCodes(`${start}\n${junk}`), [start]);
  assert.ok(Date.now() - began < 2000, 'bounded');
  assert.equal(PIECE_LIMITS.lines, 12);
  assert.deepEqual(findCodes('ชื่อ: มะลิ KS1Z-abc_DEF-0123456, KA1-x\nKAPOW KS0-'), ['KS1Z-abc_DEF-0123456', 'KA1-x', 'KS0-']);
});

test('a newer code replaces an older one of the same name only when it carries on its work', () => {
  const victim = result('มะลิ', [[['m', 'e3e4'], ['m', 'd2d3']], [['a', '5']]]);
  const later = { submitted: '2026-11-20T03:00:00.000Z' };
  const empty = result(' มะลิ ', [[], []], later); // the victim's name and start, no moves
  assert.equal(carriesOn(victim, empty), false, 'a code with no moves never wipes out the work');
  const more = result('มะลิ', [[['m', 'e3e4'], ['m', 'd2d3'], ['m', 'a2a3']], [['a', '5']]], later);
  assert.equal(carriesOn(victim, more), true);
  assert.equal(carriesOn(more, victim), false);
  assert.equal(carriesOn(victim, victim), true, 'the same work sent again carries on');
  const other = result('มะลิ', [[['m', 'a2a3']], [['a', '5']]], later);
  assert.equal(carriesOn(victim, other), false, 'other moves');
  assert.equal(carriesOn(victim, { ...more, started: '2026-11-21T00:00:00.000Z' }), false, 'another start');
  assert.equal(carriesOn(victim, { ...more, submitted: '2026-11-20T01:30:00.000Z' }), false, 'sent earlier');
  assert.equal(carriesOn(victim, { ...more, name: 'ชบา' }), false, 'another name');
});

test('codes of one name that do not carry on are all kept, flagged, until the teacher chooses which counts', () => {
  const row = (code, name, submitted) => ({ code, name, r: { ...result(name), submitted }, flags: [{ key: 'counts', vars: { n: 1 } }] });
  const rows = [row('KS1Z-a', 'มะลิ', 'T1'), row('KS1Z-b', 'ชบา', 'T2'), row('KS1Z-c', 'มะลิ ', 'T3')];
  const open = countedRows(rows, {});
  assert.deepEqual(open.map((r) => [r.code, r.counted, r.group, r.flags[0].key]),
    [['KS1Z-a', true, 2, 'sameName'], ['KS1Z-b', true, 1, 'counts'], ['KS1Z-c', true, 2, 'sameName']]);
  assert.deepEqual(open[0].flags[0].vars, { n: 2, submitted: 'T1' });
  const chosen = countedRows(rows, { มะลิ: 'KS1Z-c' });
  assert.deepEqual(chosen.map((r) => [r.counted, r.flags[0].key]), [[false, 'notCounted'], [true, 'counts'], [true, 'chosen']]);
  assert.deepEqual(chosen[2].flags.map((f) => f.key), ['chosen', 'counts'], 'the row\'s own flags stay');
  assert.ok(countedRows(rows, { มะลิ: 'KS1Z-gone' }).every((r) => r.counted), 'a choice of a removed code is ignored');
});

// ---- the student's side -----------------------------------------------------------------------

const STATE = new URL('../../site_builder/static/js/core/student-state.js', import.meta.url).href;


let fresh = 0;
/** A fresh copy of core/student-state.js (a new page) over these storages. */
async function page(localStorage, sessionStorage = new FakeStorage()) {
  globalThis.window = { localStorage, sessionStorage };
  fresh += 1;
  return import(`${STATE}?robust=${fresh}`);
}

test('a damaged saved state keeps what can be read, says so, and the student still gets a code', async () => {
  const good = { events: [['m', 'e3e4']], verdicts: ['wrong'], hints: 0, ms: 5000, claimed: 'failed' };
  const saved = JSON.stringify({ code: 'KA1Z-x', name: 'มะลิ', started: STARTED, items: { 'mk-1': good, 'mk-2': { events: 'broken' } } });
  const local = new FakeStorage({ [`kradan.assign.${AID}`]: saved });
  const S = await page(local);
  const state = S.loadState(AID);
  assert.ok(state, 'not thrown away whole');
  assert.equal(S.damaged(AID), true);
  assert.deepEqual(state.items['mk-1'].events, [['m', 'e3e4']]);
  assert.equal(local.getItem(`kradan.assign.${AID}.damaged`), saved, 'the damaged text is kept aside');
  const { result: r, damagedItems } = await S.resultOf(AID, state, ASSIGNMENT.items);
  assert.deepEqual(damagedItems, []);
  const back = await A.decodeResult(await A.encodeResult(r));
  assert.deepEqual(back.items.map((i) => [i.id, i.claimed, i.events.length]), [['mk-1', 'failed', 1], ['mk-2', '', 0]]);
});

test('an item a code cannot hold is sent as not tried and named; the rest of the work travels', async () => {
  const S = await page(new FakeStorage());
  const state = S.newState('KA1Z-x', ASSIGNMENT.items);
  state.name = `${'ม'.repeat(60)}`;
  Object.assign(S.itemOf(state, 'mk-1'), { events: [['m', 'e3e4'], ['m', 'd2d3']], verdicts: ['right', 'solved'], ms: 9000 });
  Object.assign(S.itemOf(state, 'mk-2'), { events: [['m', 5], ['zz']], verdicts: ['wrong'], ms: 1e300 });
  const { result: r, damagedItems } = await S.resultOf(AID, state, ASSIGNMENT.items);
  assert.deepEqual(damagedItems, [2]);
  const back = await A.decodeResult(await A.encodeResult(r));
  assert.deepEqual(back.items.map((i) => [i.claimed, i.events.length, i.ms]), [['solved', 2, 9000], ['', 0, 0]]);
  assert.equal([...back.name].length, A.LIMITS.name);
});

test('work a full storage refused on the puzzle page reaches the student page of the same tab, which says so', async () => {
  const local = new FakeStorage({}, { full: true });
  const tab = new FakeStorage();
  const puzzlePage = await page(local, tab);
  const state = puzzlePage.newState('KA1Z-x', ASSIGNMENT.items);
  puzzlePage.itemOf(state, 'mk-1').events.push(['m', 'e3e4']);
  assert.equal(puzzlePage.saveState(AID, state), false);
  assert.equal(puzzlePage.problem(), 'full');

  const studentPage = await page(local, tab);
  assert.deepEqual(studentPage.loadState(AID).items['mk-1'].events, [['m', 'e3e4']], 'the work is not lost');
  assert.equal(studentPage.problem(), 'full', 'the student page is told too');
  local.full = false;
  assert.equal(studentPage.saveState(AID, studentPage.loadState(AID)), true);
  assert.equal(studentPage.problem(), null);
  assert.equal(tab.getItem(`kradan.assign.${AID}`), null, 'once saved, the tab\'s copy goes');
  const later = await page(local, tab);
  assert.deepEqual(later.loadState(AID).items['mk-1'].events, [['m', 'e3e4']]);
  assert.equal(later.problem(), null);
});
