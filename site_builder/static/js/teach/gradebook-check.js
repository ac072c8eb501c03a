/**
 * The gradebook's checks (teach/gradebook.js): finding result codes in pasted text, reading them,
 * and verifying one student's result by replaying every item (core/puzzle-replay.js) against the
 * item's puzzle page data.
 *
 *   findCodes(text) -> [candidate code texts] (anything shaped like "KS1Z-…", "KA1Z-…", "KS0-…"; a code
 *                      broken over the lines of a chat is joined back when its checksum holds)
 *   checkStudent(r, assignment, items) -> row {r, name, cells, flags, verified, solved, ms}
 *     items[i] = {id, data: puzzle data | null (page failed) | undefined (not on the site), engine,
 *                 game: the puzzle's game module (the page loads it; null when it failed)}
 *   itemData(entry, lang, kindWords) -> the puzzle data an item is replayed on: a catalog item's page
 *                 data block, or a teacher-made exercise's data made from the assignment code itself
 *                 (no fetch: the teacher's own link holds the proof tree or the table) with the
 *                 words of its kind (kindWords: kind -> {words}, the page's, as the exercise page's);
 *                 a drill's question proven again by the live engine (null when it cannot be)
 *     cell = {result, attempts, hints, ms, status: 'ok' | 'bad' | 'unchecked' | 'missing'}
 *     flags = [{key, vars}]: key of gradebook_page.py STRINGS (the page puts them in words;
 *     vars.claimed / vars.replayed are results: '' | 'solved' | …)
 *     verified: 'ok' | 'bad' | 'unchecked'
 */
import { checksum } from '../core/codes.js';
import { fetchPuzzleData } from '../core/puzzle-block.js';
import { replayBudget, replayItem } from '../core/puzzle-replay.js';
import { DRILL_KINDS, drillProof, exercisePuzzleData, exerciseWords } from '../core/teacher-exercise.js';
import { engine as liveEngine } from '../core/engine-client.js';
import { loadTeacherGame } from '../games/index.js';

const CODE_START = /K[A-Z]\d+Z?-[A-Za-z0-9_-]*/g;
const PIECE = /[A-Za-z0-9_-]+/g;
/** How far a code broken over lines is followed: lines after its start, and tries of which pieces belong. */
export const PIECE_LIMITS = { lines: 12, tries: 4096 };

/** Is `code` a whole code: its shape, and its checksum over its payload? */
function isWhole(code) {
  const match = /^[A-Z]{2}\d+Z?-([A-Za-z0-9_-]+)-([0-9a-z]{7})$/i.exec(code);
  return Boolean(match) && checksum(match[1]) === match[2].toLowerCase();
}

/**
 * The pieces that may carry on a code cut off at `end` of `text`: the words left on its own line,
 * then the last word of each following line (a chat puts a time and a name before each message,
 * a chat app wraps a long word onto new lines); up to the next code's start.
 */
function piecesAfter(text, end) {
  const lines = text.slice(end).split(/\r?\n/).slice(0, PIECE_LIMITS.lines + 1);
  const pieces = [];
  for (const [i, line] of lines.entries()) {
    const words = line.match(PIECE) ?? [];
    for (const word of i === 0 ? words : words.slice(-1)) {
      if (/^K[A-Z]\d+Z?-/.test(word)) return pieces;
      pieces.push(word);
    }
  }
  return pieces;
}

/**
 * `start` carried on by some of `pieces`, in order, into a whole code (its checksum holds), or null.
 * Tries keeping each piece before leaving it out, at most PIECE_LIMITS.tries times.
 */
function joinPieces(start, pieces) {
  let tries = 0;
  const walk = (code, from) => {
    for (let i = from; i < pieces.length && tries < PIECE_LIMITS.tries; i++) {
      tries += 1;
      const longer = code + pieces[i];
      if (isWhole(longer)) return longer;
      const found = walk(longer, i + 1);
      if (found) return found;
    }
    return null;
  };
  return walk(start, 0);
}

/**
 * Every code in `text` (tag, version, "-"): the rest (names, headers, chat) is left. A code broken
 * over lines or words is read whole when its pieces make one whose checksum holds; a start that
 * makes none is given as it is (so it is reported, not skipped).
 */
export function findCodes(text) {
  const all = String(text ?? '');
  return [...all.matchAll(CODE_START)].map((match) => {
    const start = match[0];
    if (isWhole(start)) return start;
    return joinPieces(start, piecesAfter(all, (match.index ?? 0) + start.length)) ?? start;
  });
}

/**
 * The puzzle data of an item (its entry, teach/catalog.js itemEntry): a teacher-made exercise's,
 * made from the exercise in the assignment code (the judge is built from it, as on the student's
 * exercise page), else the catalog page's data block (null when the page cannot be had).
 * @param {{url?: string, exercise?: import('../types/data.js').TeacherExercise}} entry
 * @param {import('../types/data.js').Lang} lang
 * @param {Record<string, {words?: Record<string, any>}>} [kindWords] the page's words of each kind
 * @param {(request: any) => Promise<any>} [call] the engine a drill is proven again with (the live one)
 */
export async function itemData(entry, lang, kindWords = {}, call = (/** @type {any} */ request) => liveEngine.call(request)) {
  const x = entry.exercise;
  if (x) {
    const game = await loadTeacherGame(x.game).catch(() => null); // its `toMove` names the side in the goal
    const proof = DRILL_KINDS.includes(x.kind) ? await drillProof(call, x).catch(() => null) : null;
    if (DRILL_KINDS.includes(x.kind) && !proof) return null;
    return exercisePuzzleData(x, lang, exerciseWords(x, kindWords[x.kind]?.words ?? null, game), proof);
  }
  return fetchPuzzleData(entry.url);
}

/** The name as compared for duplicates: trimmed, spaces squeezed, case folded. */
export const nameKey = (name) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase();

export const SOLVED = new Set(['solved', 'retried']);

/** One item of the student's result, replayed (within `budget`, the code's) and compared with what the code claims. */
async function checkItem(claim, item, n, budget) {
  const given = claim ?? { events: [], claimed: '', attempts: 0, hints: 0, ms: 0 };
  const cell = { result: given.claimed, attempts: given.attempts, hints: given.hints, ms: given.ms, status: 'ok' };
  if (item.data === undefined) return { cell: { ...cell, status: 'missing' }, flags: [] };
  if (item.data === null) return { cell: { ...cell, status: 'unchecked' }, flags: [] };
  const replay = await replayItem(item.data, given.events, item.engine, item.game ?? null, budget);
  const flags = [];
  cell.replay = replay;
  if (replay.problems.includes('ENGINE_FAILED')) {
    cell.status = 'unchecked';
    flags.push({ key: 'engineFailed', vars: { n } });
  } else if (replay.problems.includes('TOO_LONG')) {
    cell.status = 'unchecked';
    flags.push({ key: 'tooLong', vars: { n } });
  } else if (replay.problems.length) {
    cell.status = 'bad';
    flags.push({ key: 'problem', vars: { n } });
  } else if (replay.result !== given.claimed) {
    cell.status = 'bad';
    flags.push({ key: 'forged', vars: { n, claimed: given.claimed, replayed: replay.result } });
  } else if (replay.attempts !== given.attempts || replay.hints !== given.hints) {
    cell.status = 'bad';
    flags.push({ key: 'counts', vars: { n } });
  }
  // What the gradebook shows is what the replay found, never only what the code says.
  if (cell.status !== 'unchecked') Object.assign(cell, { result: replay.result, attempts: replay.attempts, hints: replay.hints });
  return { cell, flags, replay };
}

/** The row of one student: every item replayed, flags, totals. */
export async function checkStudent(r, assignment, items) {
  const flags = [];
  const cells = [];
  let hintsUsed = false;
  let solutionUsed = false;
  const budget = replayBudget(); // the live engine calls of all this code's items together
  for (const [i, item] of items.entries()) {
    const claim = r.items.find((c) => c.id === item.id);
    const checked = await checkItem(claim, item, i + 1, budget);
    cells.push(checked.cell);
    flags.push(...checked.flags);
    hintsUsed ||= (checked.replay?.hints ?? checked.cell.hints) > 0;
    solutionUsed ||= Boolean(checked.replay?.solution);
  }
  for (const extra of r.items.filter((c) => !assignment.items.includes(c.id))) flags.push({ key: 'extraItem', vars: { id: extra.id } });
  if (hintsUsed && !assignment.hints) flags.push({ key: 'hintsUsed', vars: {} });
  if (solutionUsed && !assignment.solution) flags.push({ key: 'solutionUsed', vars: {} });
  const statuses = cells.map((c) => c.status);
  let verified = 'ok';
  if (statuses.includes('unchecked')) verified = 'unchecked';
  if (statuses.includes('bad') || flags.some((f) => f.key === 'extraItem')) verified = 'bad';
  return {
    r, name: r.name, cells, flags, verified,
    solved: cells.filter((c) => c.status !== 'missing' && SOLVED.has(c.result)).length,
    ms: cells.reduce((sum, c) => sum + c.ms, 0),
  };
}
