/**
 * Times in the gradebook (issue 23 §3, teach/submission-time.js): Thai time whatever the
 * computer's zone, the Buddhist year on Thai pages, the due day ending at midnight in Bangkok (not
 * in UTC), how late in days and hours, no due date, and the spreadsheet's date-time number.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  dateTimeText, dueEnd, dueText, lateBy, lateText, spreadsheetTime, submissionText,
} from '../../site_builder/static/js/teach/submission-time.js';

test('a submission in Thai time: Buddhist year in Thai, Christian year in English', () => {
  // 07:05 UTC is 14:05 in Bangkok
  assert.equal(submissionText('2026-11-27T07:05:00.000Z', 'th'), '27 พ.ย. 2569 14:05');
  assert.equal(submissionText('2026-11-27T07:05:00.000Z', 'en'), '27 Nov 2026 14:05');
  assert.equal(dateTimeText('2027-01-01T00:00:00.000Z', 'th'), '1 ม.ค. 2570 07:00');
});

test('midnight edges: a UTC evening is already the next day in Bangkok', () => {
  // 17:30 UTC on 31 Dec is 00:30 on 1 Jan in Bangkok: the date, month and year all turn over
  assert.equal(submissionText('2026-12-31T17:30:00.000Z', 'th'), '1 ม.ค. 2570 00:30');
  assert.equal(submissionText('2026-12-31T16:59:00.000Z', 'en'), '31 Dec 2026 23:59');
});

test('no time or an unreadable one is a dash, never "Invalid Date"', () => {
  assert.equal(submissionText(null, 'th'), '—');
  assert.equal(submissionText('not a time', 'en'), '—');
  assert.equal(spreadsheetTime(undefined), null);
  assert.equal(lateBy('nonsense', '2026-11-25'), null);
});

test('the due day ends at midnight Thai time, which is 17:00 UTC of that day', () => {
  assert.equal(dueEnd('2026-11-25').toISOString(), '2026-11-25T17:00:00.000Z');
  assert.equal(dueText('2026-11-25', 'th'), '25 พ.ย. 2569');
  assert.equal(dueText('2026-11-25', 'en'), '25 Nov 2026');
});

test('on time up to the last second of the due day in Bangkok, late from its midnight', () => {
  assert.equal(lateBy('2026-11-25T16:59:59.000Z', '2026-11-25'), null); // 23:59:59 in Bangkok
  assert.deepEqual(lateBy('2026-11-25T17:00:00.000Z', '2026-11-25'), { days: 0, hours: 1 }); // 00:00 next day
  // 20:00 UTC on the due day is still that day in UTC, but 03:00 the next day in Bangkok: late
  assert.deepEqual(lateBy('2026-11-25T20:00:00.000Z', '2026-11-25'), { days: 0, hours: 3 });
  // early on the due day in Bangkok (the evening before in UTC): on time
  assert.equal(lateBy('2026-11-24T18:00:00.000Z', '2026-11-25'), null);
});

test('late by days and hours, every hour begun counted', () => {
  assert.deepEqual(lateBy('2026-11-27T17:00:00.000Z', '2026-11-25'), { days: 2, hours: 0 });
  assert.deepEqual(lateBy('2026-11-27T20:10:00.000Z', '2026-11-25'), { days: 2, hours: 4 });
  assert.equal(lateText({ days: 2, hours: 0 }, 'th'), 'ส่งช้า 2 วัน');
  assert.equal(lateText({ days: 2, hours: 4 }, 'th'), 'ส่งช้า 2 วัน 4 ชั่วโมง');
  assert.equal(lateText({ days: 0, hours: 5 }, 'th'), 'ส่งช้า 5 ชั่วโมง');
  assert.equal(lateText({ days: 1, hours: 1 }, 'en'), '1 day 1 hour late');
  assert.equal(lateText({ days: 3, hours: 0 }, 'en'), '3 days late');
});

test('no due date: nothing is ever late and there is no end', () => {
  assert.equal(dueEnd(null), null);
  assert.equal(dueText(null, 'th'), '');
  assert.equal(lateBy('2030-01-01T00:00:00.000Z', null), null);
});

test('for a spreadsheet: the Thai local time as a date-time number and as text', () => {
  const time = spreadsheetTime('2026-11-27T07:05:00.000Z');
  assert.equal(time.text, '2026-11-27 14:05');
  // 2026-11-27 is day 46353 since 1899-12-30; 14:05 is 845/1440 of a day
  assert.ok(Math.abs(time.serial - (46353 + 845 / 1440)) < 1e-7, String(time.serial));
  assert.equal(spreadsheetTime('2026-12-31T17:30:00.000Z').text, '2027-01-01 00:30');
});
