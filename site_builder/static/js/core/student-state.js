/**
 * A student's work on one assignment, kept in this browser only (no account, no server):
 *
 *   localStorage "kradan.assign.<assignmentId>" = {code, name, started: ISO, submitted?: ISO,
 *     items: {puzzle id: {events: [[type, value?], …], verdicts: ['right' | 'wrong' | 'solved', …],
 *                         hints: n, ms: n, claimed: '' | 'solved' | 'retried' | 'failed' | 'seen'}}}
 *
 * `verdicts` has one entry per move or answer event: how the puzzle page judged it. `claimed`
 * and `hints` are its summary (summarize: the grading rule of judges/grade.js, applied to
 * the page's own verdicts; the gradebook applies it to its replay's). Only the events travel in
 * the result code.
 *
 * The student's page (teach/student.js) creates it when a link opens and lists every item of
 * the assignment in it; a puzzle page in assignment mode (core/assignment-mode.js) adds the
 * events of its item. Nothing is lost silently: when the browser refuses to save (storage full
 * or blocked) the state stays in memory for this page and in this tab's sessionStorage (so the
 * next page of the tab, the student's page too, still has it and says so: `problem()` 'full');
 * saved text that cannot be read is copied aside to "<key>.damaged" before anything is written
 * over it, the items still readable in it are kept, and `damaged(aid)` says so.
 * `resultOf` makes the result a code holds from a state, leaving out (and naming) any item whose
 * saved work a code cannot hold.
 */

import { grade } from '../judges/grade.js';
import { LIMITS, cleanResult } from './assignment.js';

export const PREFIX = 'kradan.assign.';
const DAMAGED = '.damaged';

const memory = new Map(); // assignment id -> state this page could not save
const guarded = new Set(); // assignment ids whose damaged saved text could not be copied aside: never written
const damagedIds = new Set(); // assignment ids whose saved text was damaged when this page read it
let currentProblem = null; // null | 'full' | 'unavailable'

/** The storage key of assignment `aid`. */
export const stateKey = (aid) => `${PREFIX}${aid}`;

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isCount = (v) => Number.isInteger(v) && v >= 0;
const has = (object, key) => Object.prototype.hasOwnProperty.call(object, key);

function storage() {
  try {
    return window.localStorage ?? null;
  } catch {
    return null;
  }
}

/** This tab's sessionStorage (its own quota): where a state localStorage refused waits for the next page. */
function session() {
  try {
    return window.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** An empty item. */
export const newItem = () => ({ events: [], verdicts: [], hints: 0, ms: 0, claimed: '' });
const VERDICTS = ['right', 'wrong', 'solved'];

/** A clean copy of a saved item, or null when its shape is wrong. */
function cleanItem(item) {
  if (!isObject(item) || !Array.isArray(item.events) || !item.events.every(Array.isArray)) return null;
  const { verdicts = [], hints = 0, ms = 0, claimed = '' } = item;
  if (!Array.isArray(verdicts) || !verdicts.every((v) => VERDICTS.includes(v))) return null;
  if (!isCount(hints) || !isCount(ms) || typeof claimed !== 'string') return null;
  return { events: item.events.map((e) => [...e]), verdicts: [...verdicts], hints, ms, claimed };
}

/** A clean copy of a saved state (items in a prototype-free map), or null when its shape is wrong. */
export function cleanState(value) {
  if (!isObject(value) || typeof value.code !== 'string' || !isObject(value.items)) return null;
  const { name = '', started = '', submitted } = value;
  if (typeof name !== 'string' || typeof started !== 'string') return null;
  const items = Object.create(null);
  for (const id of Object.keys(value.items)) {
    const item = cleanItem(value.items[id]);
    if (!item) return null;
    items[id] = item;
  }
  const state = { code: value.code, name, started, items };
  if (typeof submitted === 'string' && submitted) state.submitted = submitted;
  return state;
}

/**
 * What can still be read of a damaged saved state: its code and every item of the right shape
 * (the others start again), or null when even that is missing.
 */
function salvage(value) {
  if (!isObject(value) || typeof value.code !== 'string' || !isObject(value.items)) return null;
  const items = {};
  for (const id of Object.keys(value.items)) {
    const item = cleanItem(value.items[id]);
    if (item) items[id] = item;
  }
  const text = (v) => (typeof v === 'string' ? v : '');
  return cleanState({ code: value.code, name: text(value.name), started: text(value.started), submitted: text(value.submitted), items });
}

/** Was the saved state of assignment `aid` damaged when this page read it (what could be read was kept)? */
export const damaged = (aid) => damagedIds.has(aid);

/** A new state for the assignment `code` with every id of `ids` not tried yet. */
export function newState(code, ids) {
  const state = { code, name: '', started: new Date().toISOString(), items: Object.create(null) };
  for (const id of ids) state.items[id] = newItem();
  return state;
}

/** The item `id` of `state` (created when missing). */
export function itemOf(state, id) {
  if (!has(state.items, id)) state.items[id] = newItem();
  return state.items[id];
}

/**
 * {result, attempts, hints, mistakes} of an item: the grading rule over its events, each move or
 * answer judged as the puzzle page judged it (its verdict).
 */
export async function summarize(item) {
  let next = 0;
  const judged = () => ({ verdict: item.verdicts[next++] ?? 'right' });
  const judge = { move: judged, answer: judged, takeBack() {}, restart() {}, shown() {} };
  const { result, attempts, hints, mistakes } = await grade(item.events, judge);
  return { result, attempts, hints, mistakes };
}

/** Does `state` list the item `id`? */
export const hasItem = (state, id) => has(state.items, id);

/** The saved state of assignment `aid` (a fresh copy each call), or null when there is none. */
export function loadState(aid) {
  if (memory.has(aid)) return cleanState(JSON.parse(JSON.stringify(memory.get(aid))));
  const waiting = fromSession(aid);
  if (waiting) {
    currentProblem = 'full';
    return waiting;
  }
  const s = storage();
  if (!s) {
    currentProblem = 'unavailable';
    return null;
  }
  let text;
  try {
    text = s.getItem(stateKey(aid));
  } catch {
    currentProblem = 'unavailable';
    return null;
  }
  if (text === null) return null;
  let value = null;
  try {
    value = JSON.parse(text);
  } catch {
    value = null;
  }
  const state = cleanState(value);
  if (state) return state;
  keepAside(s, aid, text);
  damagedIds.add(aid);
  return salvage(value);
}

/** The state of `aid` a page of this tab could not save in localStorage, or null. */
function fromSession(aid) {
  try {
    const text = session()?.getItem(stateKey(aid));
    return text ? cleanState(JSON.parse(text)) : null;
  } catch {
    return null;
  }
}

/** Copy unreadable text aside before a new state may be written over it (best effort). */
function keepAside(s, aid, text) {
  try {
    s.setItem(stateKey(aid) + DAMAGED, text);
  } catch {
    guarded.add(aid); // no room for the copy: saves of this page stay in memory instead

  }
}

/**
 * Save `state` of assignment `aid`; true when the browser stored it. When it cannot, the state
 * stays in memory for this page (later loads on this page see it) and `problem()` says so.
 */
export function saveState(aid, state) {
  const s = storage();
  let saved = false;
  if (s && !guarded.has(aid)) {
    try {
      const text = JSON.stringify(state);
      s.setItem(stateKey(aid), text);
      saved = s.getItem(stateKey(aid)) === text;
    } catch {
      saved = false;
    }
  }
  const tab = session();
  try {
    if (saved) tab?.removeItem(stateKey(aid));
    else tab?.setItem(stateKey(aid), JSON.stringify(state));
  } catch {
    // this tab's storage is full too: the state stays in this page's memory
  }
  if (saved) {
    memory.delete(aid);
    currentProblem = null;
  } else {
    memory.set(aid, JSON.parse(JSON.stringify(state)));
    currentProblem = s ? 'full' : 'unavailable';
  }
  return saved;
}

/**
 * The result of `state` for the items `ids`, as encodeResult (core/assignment.js) takes it, and
 * the numbers (1-based) of the items whose saved work a code cannot hold (damaged, or edited by
 * hand): those are sent as not tried, so the student still gets a code and is told which.
 * @returns {Promise<{result: import('../types/data.js').Result, damagedItems: number[]}>}
 */
export async function resultOf(aid, state, ids) {
  const damagedItems = [];
  const items = [];
  for (const [i, id] of ids.entries()) {
    const item = itemOf(state, id);
    let entry = { id, events: [], claimed: '', attempts: 0, hints: 0, ms: 0 };
    try {
      const summary = await summarize(item);
      const tried = { id, events: item.events, claimed: summary.result, attempts: summary.attempts, hints: summary.hints, ms: item.ms };
      cleanResult({ assignment: aid, name: 'x', items: [tried] }); // throws if a code cannot hold it
      entry = tried;
    } catch {
      damagedItems.push(i + 1);
    }
    items.push(entry);
  }
  const name = [...state.name.trim()].slice(0, LIMITS.name).join('');
  return { result: { assignment: aid, name, started: state.started, submitted: state.submitted ?? '', items }, damagedItems };
}

/** What went wrong with storage on this page, if anything: null | 'full' | 'unavailable'. */
export function problem() {
  return currentProblem;
}

/** Every assignment saved in this browser: [{aid, state}], newest start first. */
export function savedStates() {
  const s = storage();
  const found = [];
  if (!s) return found;
  try {
    for (let i = 0; i < s.length; i++) {
      const key = s.key(i);
      if (!key?.startsWith(PREFIX) || key.endsWith(DAMAGED)) continue;
      const aid = key.slice(PREFIX.length);
      const state = loadState(aid);
      if (state) found.push({ aid, state });
    }
  } catch {
    return found;
  }
  return found.sort((a, b) => (a.state.started < b.state.started ? 1 : -1));
}
