/**
 * Puzzle progress in localStorage, kept in the browser only (no account, no server).
 *
 *   key "kradan.progress.v1" = {"version": 1, "puzzles": {id: {"state": "solved"|"retried"|"failed",
 *                               "attempts": n, "hints": n, "updated": ISO text, "seen": true?}}}
 *   "solved" = solved without a mistake; "retried" = solved after a mistake on the same visit;
 *   "failed" = tried and not solved (yet). "seen" (optional) = the reader opened the solution
 *   (the state is then "failed" unless it was solved before).
 *
 * Nothing here ever loses progress silently:
 * - every write says whether it was saved; when the browser's storage is full (or refuses),
 *   the result stays in memory for this page and `notice()` says it could not be saved;
 * - saved text that is not valid JSON or has the wrong shape is copied aside to
 *   "kradan.progress.corrupt" (or "kradan.progress.corrupt.<time>" if that is taken) before
 *   anything else is written; if the copy cannot be made, the damaged text is never overwritten
 *   (new results stay in memory) and `notice()` names the key that really holds it;
 * - imports (a file or a code) are MERGED into what is there: a solve is never undone,
 *   counts keep their maximum; a bad file or code changes nothing and says why, and an import
 *   the browser cannot save is reported as not imported (nothing of it is kept);
 * - puzzle ids are keys of objects without a prototype, so "constructor", "toString" or
 *   "__proto__" are ids like any other.
 *
 * Codes: "KR1-<payload>-<check>" or "KR1Z-..." (core/codes.js) of a compact JSON list of entries.
 */
/** @import { Progress, ProgressEntry, ProgressState } from '../types/data.js' */
/**
 * @typedef {{code: 'corrupt', key: string, kept: number} | {code: 'unavailable'} | {code: 'full'}} Notice
 */
import { CodeError, pack, unpack } from './codes.js';

export const KEY = 'kradan.progress.v1';
export const CORRUPT_KEY = 'kradan.progress.corrupt';
const VERSION = 1;
/** @type {ProgressState[]} */
export const STATES = ['solved', 'retried', 'failed'];
/** @type {Record<ProgressState, number>} */
const RANK = { failed: 0, retried: 1, solved: 2 };
/** @type {Record<ProgressState, string>} */
const LETTERS = { solved: 's', retried: 'r', failed: 'f' };

/** An error with a stable code the UI turns into words: BAD_CODE, BAD_VERSION, BAD_CHECKSUM, BAD_FILE, NO_DEFLATE. */
export class ProgressError extends Error {
  /**
   * @param {string} code
   * @param {Record<string, unknown>} [detail]
   */
  constructor(code, detail = {}) {
    super(code);
    this.code = code;
    this.detail = detail;
  }
}

/** An object without a prototype: any text is a plain key. */
const dict = () => Object.create(null);
/** @type {() => Progress} */
const empty = () => ({ version: VERSION, puzzles: dict() });
/** @type {(v: any) => boolean} */
const isCount = (v) => Number.isInteger(v) && v >= 0;
/** @type {(v: any) => boolean} */
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
/** @type {(object: object, key: string) => boolean} */
const has = (object, key) => Object.prototype.hasOwnProperty.call(object, key);

/**
 * A clean copy of one entry, or null if it has the wrong shape. Missing counts become 0.
 * @param {any} entry anything: every field is checked
 * @returns {ProgressEntry | null}
 */
export function cleanEntry(entry) {
  if (!isObject(entry) || !STATES.includes(entry.state)) return null;
  const { attempts = 0, hints = 0, updated = '', seen = false } = entry;
  if (!isCount(attempts) || !isCount(hints) || typeof updated !== 'string' || typeof seen !== 'boolean') return null;
  /** @type {ProgressEntry} */
  const out = { state: entry.state, attempts, hints, updated };
  if (seen) out.seen = true;
  return out;
}

/**
 * Check a whole progress object: {progress (the clean part), ok (false if anything was dropped)}.
 * @param {any} value anything: every field is checked
 * @returns {{progress: Progress, ok: boolean}}
 */
export function cleanProgress(value) {
  if (!isObject(value) || value.version !== VERSION || !isObject(value.puzzles)) return { progress: empty(), ok: false };
  const progress = empty();
  let ok = true;
  for (const id of Object.keys(value.puzzles)) {
    const clean = id && cleanEntry(value.puzzles[id]);
    if (clean) progress.puzzles[id] = clean;
    else ok = false;
  }
  return { progress, ok };
}

/** A deep copy (with prototype-free maps again). */
/** @type {(progress: Progress) => Progress} */
const copy = (progress) => cleanProgress(JSON.parse(JSON.stringify(progress))).progress;

// ---- storage ----------------------------------------------------------------------------

/** @type {Progress | null} */
let memory = null; // progress this page could not save (or all of it, without storage)
/** @type {string | null} */
let guarded = null; // damaged text at KEY that could not be copied aside: KEY must not be written
/** @type {Notice | null} */
let currentNotice = null; // null | {code: 'corrupt', key, kept} | {code: 'unavailable'} | {code: 'full'}
/** @type {Set<(progress: Progress) => void>} */
const listeners = new Set();

function storage() {
  try {
    const s = window.localStorage;
    const probe = 'kradan.probe';
    s.setItem(probe, '1');
    s.removeItem(probe);
    return s;
  } catch {
    return null;
  }
}

/**
 * The key already holding a copy of `text`, or null.
 * @param {Storage} s
 * @param {string} text
 */
function keptAt(s, text) {
  for (let i = 0; i < s.length; i++) {
    const key = s.key(i);
    if (key?.startsWith(CORRUPT_KEY) && s.getItem(key) === text) return key;
  }
  return null;
}

/**
 * Put damaged text aside under a free key (throws when the browser refuses); returns the key.
 * @param {Storage} s
 * @param {string} text
 */
function keepAside(s, text) {
  const found = keptAt(s, text);
  if (found) return found;
  const key = s.getItem(CORRUPT_KEY) === null ? CORRUPT_KEY : `${CORRUPT_KEY}.${new Date().toISOString()}`;
  s.setItem(key, text);
  if (s.getItem(key) !== text) throw new Error('not kept');
  return key;
}

/** The saved progress (a fresh copy each call, so other tabs' changes are seen). */
export function read() {
  if (memory) return copy(memory);
  const s = storage();
  if (!s) {
    currentNotice = { code: 'unavailable' };
    return empty();
  }
  const text = s.getItem(KEY);
  if (text === null) return empty();
  let progress;
  let ok;
  try {
    ({ progress, ok } = cleanProgress(JSON.parse(text)));
  } catch {
    ({ progress, ok } = { progress: empty(), ok: false });
  }
  if (!ok) {
    let key;
    try {
      key = keepAside(s, text);
      guarded = null;
    } catch {
      key = KEY; // the copy could not be made: the damaged text stays where it is, untouched
      guarded = text;
    }
    if (!guarded) {
      try {
        s.setItem(KEY, JSON.stringify(progress)); // the readable part, now in a good shape
      } catch {
        // storage full: KEY keeps the damaged text, and a copy of it is kept aside already
      }
    }
    currentNotice = { code: 'corrupt', key, kept: Object.keys(progress.puzzles).length };
  }
  return progress;
}

/**
 * Save `progress`; true if the browser stored it. When it cannot (no storage, storage full,
 * damaged text that must stay): with `keep`, the page goes on with it in memory and `notice()`
 * says it was not saved; without, nothing changes.
 * @param {Progress} progress
 */
function write(progress, keep = true) {
  const s = storage();
  let saved = false;
  if (s) {
    try {
      if (guarded !== null && s.getItem(KEY) === guarded) keepAside(s, guarded); // throws if still no room
      guarded = null;
      s.setItem(KEY, JSON.stringify(progress));
      saved = s.getItem(KEY) !== null;
    } catch {
      saved = false;
    }
  }
  if (saved) {
    memory = null;
    if (currentNotice?.code === 'full') currentNotice = null;
  } else if (keep) {
    memory = copy(progress);
    currentNotice = s ? { code: 'full' } : { code: 'unavailable' };
  }
  if (saved || keep) for (const cb of listeners) cb(copy(progress));
  return saved;
}

/** What went wrong with storage, if anything (see the module comment); read() first. */
export function notice() {
  return currentNotice;
}

/**
 * Call `cb(progress)` after every change made on this page; returns an unsubscribe function.
 * @param {(progress: Progress) => void} cb
 */
export function onChange(cb) {
  listeners.add(cb);
  return () => listeners.delete(cb);
}

/**
 * The entry of puzzle `id`, or null.
 * @param {string} id
 */
export function entry(id) {
  const { puzzles } = read();
  return has(puzzles, id) ? puzzles[id] : null;
}

/**
 * Record how an attempt at puzzle `id` went: result "solved" | "failed" | "seen" (opened the
 * solution). `mistake`: a solve that came after a mistake on this visit ("retried"). A solve
 * is never turned into a failure, nor into "retried"; a clean solve on a later visit turns an
 * old failure (or "retried") into "solved". `newAttempts` = attempts started since the last
 * record (added to the stored count); `hints` = hints shown this visit (the stored count keeps
 * its maximum). Returns {entry, saved}.
 * @param {string} id
 * @param {{result: 'solved' | 'failed' | 'seen', mistake?: boolean, newAttempts?: number, hints?: number}} how
 */
export function record(id, { result, mistake = false, newAttempts = 0, hints = 0 }) {
  const progress = read();
  const old = has(progress.puzzles, id) ? progress.puzzles[id] : null;
  /** @type {ProgressState} */
  let state;
  if (result === 'solved') state = mistake ? 'retried' : 'solved';
  else state = 'failed';
  if (old && RANK[old.state] > RANK[state]) state = old.state;
  /** @type {ProgressEntry} */
  const next = {
    state,
    attempts: (old?.attempts ?? 0) + newAttempts,
    hints: Math.max(old?.hints ?? 0, hints),
    updated: new Date().toISOString(),
  };
  if ((old?.seen || result === 'seen') && state === 'failed') next.seen = true;
  progress.puzzles[id] = next;
  const saved = write(progress);
  return { entry: next, saved };
}

/**
 * Raise the hint count of an existing entry (hints taken on a later visit).
 * @param {string} id
 * @param {number} hints
 */
export function noteHints(id, hints) {
  const progress = read();
  const old = has(progress.puzzles, id) ? progress.puzzles[id] : null;
  if (!old || old.hints >= hints) return;
  old.hints = hints;
  old.updated = new Date().toISOString();
  write(progress);
}

/**
 * Merge two entries of the same puzzle: the better state wins, counts keep their maximum.
 * @param {ProgressEntry} a
 * @param {ProgressEntry} b
 */
function mergeEntry(a, b) {
  const state = RANK[a.state] >= RANK[b.state] ? a.state : b.state;
  /** @type {ProgressEntry} */
  const out = {
    state,
    attempts: Math.max(a.attempts, b.attempts),
    hints: Math.max(a.hints, b.hints),
    updated: a.updated > b.updated ? a.updated : b.updated,
  };
  if ((a.seen || b.seen) && state === 'failed') out.seen = true;
  return out;
}

/**
 * Merge `incoming` (a clean progress object) into the saved one; returns {added, updated, saved}.
 * If the browser cannot save the result, nothing of the import is kept (saved = false).
 * @param {Progress} incoming
 */
export function merge(incoming) {
  const progress = read();
  let added = 0;
  let updated = 0;
  for (const id of Object.keys(incoming.puzzles)) {
    const theirs = incoming.puzzles[id];
    if (!has(progress.puzzles, id)) {
      progress.puzzles[id] = theirs;
      added += 1;
      continue;
    }
    const mine = progress.puzzles[id];
    const merged = mergeEntry(mine, theirs);
    if (JSON.stringify(merged) !== JSON.stringify(mine)) {
      progress.puzzles[id] = merged;
      updated += 1;
    }
  }
  const saved = added + updated === 0 || write(progress, false);
  return { added, updated, saved };
}

// ---- files --------------------------------------------------------------------------------

/** The text of an export file. */
export function exportText() {
  return `${JSON.stringify(read(), null, 2)}\n`;
}

/** A file name such as "kradan-progress-2025-01-31.json". */
export function exportName() {
  return `kradan-progress-${new Date().toISOString().slice(0, 10)}.json`;
}

/**
 * Read an export file's text (or a code pasted into a file) into a clean progress object.
 * @param {string} text
 * @returns {Promise<Progress>}
 */
export async function parseFile(text) {
  const trimmed = text.trim();
  if (/^KR\d+/i.test(trimmed)) return parseCode(trimmed);
  let value;
  try {
    value = JSON.parse(trimmed);
  } catch {
    throw new ProgressError('BAD_FILE');
  }
  if (isObject(value) && value.version !== VERSION && Number.isInteger(value.version)) {
    throw new ProgressError('BAD_VERSION', { version: value.version });
  }
  const { progress, ok } = cleanProgress(value);
  if (!ok) throw new ProgressError('BAD_FILE');
  return progress;
}

// ---- codes --------------------------------------------------------------------------------

/**
 * Compact JSON: [[id, "s"|"r"|"f", attempts, hints, seconds since 1970, seen 0|1], ...].
 * @param {Progress} progress
 */
function compact(progress) {
  return JSON.stringify(Object.keys(progress.puzzles).map((id) => {
    const e = progress.puzzles[id];
    const time = Date.parse(e.updated);
    return [id, LETTERS[e.state], e.attempts, e.hints, Number.isNaN(time) ? 0 : Math.round(time / 1000), e.seen ? 1 : 0];
  }));
}

/** @param {string} text */
function expand(text) {
  const rows = JSON.parse(text);
  if (!Array.isArray(rows)) throw new ProgressError('BAD_CODE');
  const puzzles = dict();
  /** @type {Record<string, string>} */
  const states = Object.fromEntries(Object.entries(LETTERS).map(([state, letter]) => [letter, state]));
  for (const row of rows) {
    if (!Array.isArray(row) || row.length !== 6) throw new ProgressError('BAD_CODE');
    const [id, s, attempts, hints, seconds, seen] = row;
    if (typeof id !== 'string' || !id || !isCount(seconds) || (seen !== 0 && seen !== 1)) throw new ProgressError('BAD_CODE');
    puzzles[id] = {
      state: has(states, s) ? states[s] : '', attempts, hints,
      updated: seconds ? new Date(seconds * 1000).toISOString() : '', seen: seen === 1,
    };
  }
  const { progress, ok } = cleanProgress({ version: VERSION, puzzles });
  if (!ok) throw new ProgressError('BAD_CODE');
  return progress;
}

/** The saved progress as a code "KR1Z-…-…" (or "KR1-…-…" where the browser cannot compress). */
export async function exportCode(progress = read()) {
  return pack('KR', VERSION, compact(progress));
}

/**
 * Read a code (spaces and line breaks ignored) into a clean progress object; ProgressError if it is bad.
 * @param {string} text
 * @returns {Promise<Progress>}
 */
export async function parseCode(text) {
  let json;
  try {
    json = await unpack('KR', VERSION, text);
  } catch (err) {
    if (!(err instanceof CodeError)) throw err;
    if (err.code === 'WRONG_KIND') throw new ProgressError('BAD_CODE');
    throw new ProgressError(err.code, err.detail);
  }
  try {
    return expand(json);
  } catch (err) {
    if (err instanceof ProgressError) throw err;
    throw new ProgressError('BAD_CODE');
  }
}
