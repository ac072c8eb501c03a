/**
 * A teacher's assignment and a student's result, as short codes (core/codes.js) that travel in a
 * link or a chat message; nothing is stored on a server.
 *
 * Assignment code "KA1Z-…": a = {title, instructions, lang: 'th'|'en', due: 'YYYY-MM-DD'|null,
 *   hints: bool, solution: bool, items: [puzzle ids]} as the compact JSON
 *   [title, instructions, lang, due, hints 0|1, solution 0|1, [ids]].
 *   assignmentId(a) = CRC-32 (base 36) of that JSON's UTF-8: the same assignment, the same id.
 *   With teacher-made exercises (core/teacher-exercise.js; each one's id "t-…" is in items, at
 *   its place), an 8th field lists them in the order of items, each as [game, kind, title, hints,
 *   data]: its id is worked out again from that content, so a changed exercise no longer matches
 *   its item. A catalog-only assignment keeps its 7 fields: its code and id are what they were.
 *   A code longer than MAX_CODE_CHARS is refused: CodeError('TOO_LONG', {chars, max}).
 * Result code "KS1Z-…": r = {assignment: id, name, started: ISO, submitted: ISO,
 *   items: [{id, events, claimed, attempts, hints, ms}]} as the compact JSON
 *   [id, name, started s, submitted s, [[id, events, claimed letter, attempts, hints, ms], …]].
 *   events = [["m", move] | ["t"] | ["r"] | ["a", answer] | ["h"] | ["s"], …] (the moves and
 *   answers given, not only a score: the gradebook replays them); claimed = the student's page's
 *   own verdict: 'solved' | 'retried' | 'failed' | 'seen' | '' (not tried).
 * Decoding validates every field and throws CodeError (BAD_CODE, BAD_VERSION {version, older},
 * BAD_CHECKSUM, NO_DEFLATE, WRONG_KIND {tag}, BAD_FIELD {field: 'started' | 'submitted' | 'counts'}:
 * a time no Date can hold, or a count that is not a whole number) with nothing half-read.
 */
/** @import { Assignment, Result, ResultItem, Claimed, PuzzleEvent, Lang, TeacherExercise } from '../types/data.js' */
import { CodeError, checksum, head, pack, unpack } from './codes.js';
import { cleanExercise, isExerciseId } from './teacher-exercise.js';

export { CodeError, head };

export const ASSIGNMENT_TAG = 'KA';
export const RESULT_TAG = 'KS';
const VERSION = 1;
export const LIMITS = { title: 120, instructions: 1000, name: 40, items: 40, events: 400, move: 40, answer: 400 };
/** @type {Claimed[]} */
export const RESULTS = ['solved', 'retried', 'failed', 'seen', ''];
/** @type {Record<Claimed, string>} */
const LETTERS = { solved: 's', retried: 'r', failed: 'f', seen: 'v', '': '-' };
/** @type {Record<string, 'text' | 'none' | 'answer'>} */
const EVENTS = { m: 'text', t: 'none', r: 'none', a: 'answer', h: 'none', s: 'none' };
/** The title of an assignment the teacher left untitled, in its language. */
export const UNTITLED = { th: 'งานจากครู', en: 'Assignment' };
/**
 * The longest assignment code a link can carry: the assignment page draws the student's link as
 * a QR code (error correction M, byte mode), and the largest QR code (version 40) holds 2,331
 * bytes at M; 2,000 characters leave 331 for the site's address and the page's path before the
 * "#". Catalog-only codes stay far below it (40 ids, deflated: a few hundred characters); a few
 * teacher-made proof trees fit, a dozen deep ones do not.
 */
export const MAX_CODE_CHARS = 2000;
/** @type {Record<string, string>} */
const PAGES = { student: 'a/', assign: 'teach/assign/', gradebook: 'teach/gradebook/', worksheet: 'teach/worksheet/' };

const bad = () => new CodeError('BAD_CODE');
/**
 * CodeError('TOO_MANY_ITEMS') when `items` holds more than LIMITS.items (a link that was made
 * or edited elsewhere, not one cut off when it was copied).
 * @param {unknown[]} items
 */
function checkItemCount(items) {
  if (items.length > LIMITS.items) throw new CodeError('TOO_MANY_ITEMS', { count: items.length, max: LIMITS.items });
}
/** @type {(v: any) => boolean} */
const isCount = (v) => Number.isSafeInteger(v) && v >= 0;
/** @type {(v: unknown, max: number) => boolean} */
const isText = (v, max) => typeof v === 'string' && [...v].length <= max;

/**
 * The JSON value inside a code of kind `tag`; CodeError if it is not one or not JSON.
 * @param {string} tag
 * @param {unknown} text
 * @returns {Promise<unknown>}
 */
async function unpackJson(tag, text) {
  const json = await unpack(tag, VERSION, text);
  try {
    return JSON.parse(json);
  } catch {
    throw bad();
  }
}

/** An id of a puzzle: letters, digits, "-" and "_". */
export const isItemId = /** @type {(v: unknown) => boolean} */ ((v) => typeof v === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(v));

/**
 * The assignment `a` cleaned (texts trimmed, an empty title named), or CodeError('BAD_CODE') if any field is wrong
 * (CodeError('TOO_MANY_ITEMS') if it has more than LIMITS.items items).
 * @param {any} a anything: every field is checked
 * @returns {Assignment}
 */
export function cleanAssignment(a) {
  if (a === null || typeof a !== 'object') throw bad();
  const { title, instructions = '', lang, due = null, hints = true, solution = true, items } = a;
  if (!isText(title, LIMITS.title) || !isText(instructions, LIMITS.instructions)) throw bad();
  if (lang !== 'th' && lang !== 'en') throw bad();
  if (due !== null && !(typeof due === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(due) && !Number.isNaN(Date.parse(due)))) throw bad();
  if (typeof hints !== 'boolean' || typeof solution !== 'boolean') throw bad();
  if (!Array.isArray(items) || !items.length) throw bad();
  checkItemCount(items);
  if (!items.every(isItemId)) throw bad();
  if (new Set(items).size !== items.length) throw bad();
  const exercises = cleanExercises(items, a.exercises ?? []);
  const clean = { title: title.trim() || UNTITLED[/** @type {Lang} */ (lang)], instructions: instructions.trim(), lang, due, hints, solution, items: [...items] };
  return exercises.length ? { ...clean, exercises } : clean;
}

/**
 * The teacher-made exercises cleaned, in the order of `items`; CodeError('BAD_CODE') unless each
 * "t-" item has exactly one exercise and each exercise is an item.
 * @param {string[]} items
 * @param {unknown} exercises
 * @returns {TeacherExercise[]}
 */
function cleanExercises(items, exercises) {
  if (!Array.isArray(exercises)) throw bad();
  const byId = new Map(exercises.map((x) => {
    const clean = cleanExercise(x);
    return [clean.id, clean];
  }));
  const wanted = items.filter(isExerciseId);
  if (byId.size !== exercises.length || wanted.length !== byId.size || !wanted.every((id) => byId.has(id))) throw bad();
  return wanted.map((id) => /** @type {TeacherExercise} */ (byId.get(id)));
}

/**
 * The teacher-made exercise `id` of the assignment `a`, or null (a catalog puzzle's id).
 * @param {Assignment} a
 * @param {string} id
 * @returns {TeacherExercise | null}
 */
export function teacherExercise(a, id) {
  return a.exercises?.find((x) => x.id === id) ?? null;
}

/** @type {(a: Assignment) => string} */
const assignmentJson = (a) => JSON.stringify([a.title, a.instructions, a.lang, a.due, a.hints ? 1 : 0, a.solution ? 1 : 0, a.items,
  ...(a.exercises?.length ? [a.exercises.map((x) => [x.game, x.kind, x.title, x.hints, x.data])] : [])]);

/**
 * The assignment's code "KA1Z-…"; CodeError('BAD_CODE') if `a` is not a valid assignment.
 * @param {Assignment} a
 */
export async function encodeAssignment(a) {
  const code = await pack(ASSIGNMENT_TAG, VERSION, assignmentJson(cleanAssignment(a)));
  if (code.length > MAX_CODE_CHARS) throw new CodeError('TOO_LONG', { chars: code.length, max: MAX_CODE_CHARS });
  return code;
}

/**
 * The assignment inside `code` (a whole link works too: its #fragment is read); CodeError if bad.
 * @param {string} code
 * @returns {Promise<Assignment>}
 */
export async function decodeAssignment(code) {
  const row = await unpackJson(ASSIGNMENT_TAG, fragment(code));
  if (!Array.isArray(row) || ![7, 8].includes(row.length) || ![0, 1].includes(row[4]) || ![0, 1].includes(row[5])) throw bad();
  const [title, instructions, lang, due, hints, solution, items, rows = []] = row;
  if (!Array.isArray(rows) || (row.length === 8 && !rows.length)) throw bad();
  const exercises = rows.map((/** @type {unknown} */ x) => {
    if (!Array.isArray(x) || x.length !== 5) throw bad();
    const [game, kind, xTitle, xHints, data] = x;
    return { game, kind, title: xTitle, hints: xHints, data };
  });
  return cleanAssignment({ title, instructions, lang, due, hints: hints === 1, solution: solution === 1, items, exercises });
}

/**
 * The code part of a pasted link or code: what follows "#", without spaces.
 * @param {string | null | undefined} text
 */
export function fragment(text) {
  const clean = String(text ?? '').replace(/\s+/g, '');
  const hash = clean.lastIndexOf('#');
  const code = hash >= 0 ? clean.slice(hash + 1) : clean;
  try {
    return decodeURIComponent(code);
  } catch {
    return code; // a stray "%": the code check then says what is wrong
  }
}

/**
 * A 7-character id of the assignment `a`: the same for the same assignment, wherever it is made.
 * @param {Assignment} a
 */
export function assignmentId(a) {
  const bytes = new TextEncoder().encode(assignmentJson(cleanAssignment(a)));
  let ascii = '';
  for (const b of bytes) ascii += String.fromCharCode(b);
  return checksum(ascii);
}

/** The absolute URL of one of the assignment's pages (student | assign | gradebook | worksheet) carrying `code`. */
/**
 * @param {Assignment} a
 * @param {string} code
 * @param {'student' | 'assign' | 'gradebook' | 'worksheet'} [page]
 */
export function assignmentUrl(a, code, page = 'student') {
  const origin = globalThis.location?.origin ?? '';
  return `${origin}/${a.lang}/${PAGES[page]}#${code}`;
}

// ---- results ------------------------------------------------------------------------------

/** The latest time a Date can hold, in seconds (a code past it would throw in `new Date`). */
const MAX_SECONDS = 8.64e12;
/**
 * CodeError('BAD_FIELD', {field}) unless `value` is a whole number of seconds a Date can hold.
 * @param {unknown} value
 * @param {'started' | 'submitted'} field
 */
function checkTime(value, field) {
  if (!isCount(value) || /** @type {number} */ (value) > MAX_SECONDS) throw new CodeError('BAD_FIELD', { field });
}

/** @type {(iso: string) => number} */
const seconds = (iso) => {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? 0 : Math.round(time / 1000);
};
/** @type {(s: number) => string} */
const iso = (s) => (s ? new Date(s * 1000).toISOString() : '');

/** @param {unknown} value */
function cleanAnswer(value) {
  if (JSON.stringify(value ?? null).length > LIMITS.answer) return false;
  if (typeof value === 'string') return true;
  if (Array.isArray(value)) return value.every((v) => typeof v === 'string');
  return value !== null && typeof value === 'object';
}

/**
 * One event checked: ["m", text] | ["t"] | ["r"] | ["a", answer] | ["h"] | ["s"].
 * @param {unknown} event
 * @returns {event is PuzzleEvent}
 */
export function isEvent(event) {
  if (!Array.isArray(event) || !Object.prototype.hasOwnProperty.call(EVENTS, event[0])) return false;
  const shape = EVENTS[event[0]];
  if (shape === 'none') return event.length === 1;
  if (event.length !== 2) return false;
  return shape === 'text' ? isText(event[1], LIMITS.move) && event[1].length > 0 : cleanAnswer(event[1]);
}

/**
 * The result `r` cleaned, or CodeError('BAD_CODE') if any field is wrong (TOO_MANY_ITEMS: more than LIMITS.items).
 * @param {any} r anything: every field is checked
 * @returns {Result}
 */
export function cleanResult(r) {
  if (r === null || typeof r !== 'object' || !Array.isArray(r.items)) throw bad();
  const name = typeof r.name === 'string' ? r.name.trim() : '';
  if (!/^[0-9a-z]{7}$/.test(r.assignment ?? '') || !name || !isText(name, LIMITS.name)) throw bad();
  checkItemCount(r.items);
  const items = r.items.map((/** @type {any} */ item) => {
    const { id, events = [], claimed = '', attempts = 0, hints = 0, ms = 0 } = item ?? {};
    if (!isItemId(id) || !RESULTS.includes(claimed)) throw bad();
    if (![attempts, hints, ms].every(isCount)) throw new CodeError('BAD_FIELD', { field: 'counts' });
    if (!Array.isArray(events) || events.length > LIMITS.events || !events.every(isEvent)) throw bad();
    return /** @type {ResultItem} */ ({ id, events: events.map((/** @type {PuzzleEvent} */ e) => [...e]), claimed, attempts, hints, ms });
  });
  return { assignment: r.assignment, name, started: iso(seconds(r.started)), submitted: iso(seconds(r.submitted)), items };
}

/**
 * The student's result code "KS1Z-…"; CodeError('BAD_CODE') if `r` is not a valid result.
 * @param {Result} r
 */
export async function encodeResult(r) {
  const c = cleanResult(r);
  const items = c.items.map((i) => [i.id, i.events, LETTERS[i.claimed], i.attempts, i.hints, i.ms]);
  return pack(RESULT_TAG, VERSION, JSON.stringify([c.assignment, c.name, seconds(c.started), seconds(c.submitted), items]));
}

/**
 * The result inside a code (spaces and line breaks ignored); CodeError if it is bad.
 * @param {string} text
 * @returns {Promise<Result>}
 */
export async function decodeResult(text) {
  const row = await unpackJson(RESULT_TAG, text);
  if (!Array.isArray(row) || row.length !== 5 || !Array.isArray(row[4])) throw bad();
  checkTime(row[2], 'started');
  checkTime(row[3], 'submitted');
  /** @type {Record<string, string>} */
  const results = Object.fromEntries(Object.entries(LETTERS).map(([result, letter]) => [letter, result]));
  const items = row[4].map((/** @type {unknown} */ item) => {
    if (!Array.isArray(item) || item.length !== 6 || !Object.prototype.hasOwnProperty.call(results, item[2])) throw bad();
    const [id, events, letter, attempts, hints, ms] = item;
    return { id, events, claimed: results[letter], attempts, hints, ms };
  });
  return cleanResult({ assignment: row[0], name: row[1], started: iso(row[2]), submitted: iso(row[3]), items });
}

/**
 * Every code-like word in a pasted text or a file ("K" + a letter + a digit: any separators,
 * spaces, lines, commas, CSV cells, quotes), so a truncated or garbled code is reported, not skipped.
 */
/** @param {string | null | undefined} text */
export function codeWords(text) {
  return String(text ?? '').split(/[\s,;"'|<>()[\]{}]+/).filter((word) => /^K[A-Z]\d/i.test(word));
}
