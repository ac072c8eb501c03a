/**
 * The gradebook's checks (teach/gradebook.js): finding result codes in pasted text, reading them,
 * and verifying one student's result by replaying every item (core/puzzle-replay.js) against the
 * item's puzzle page data.
 *
 *   findCodes(text) -> [candidate code texts] (anything shaped like "KS1Z-…", "KA1Z-…", "KS0-…")
 *   checkStudent(r, assignment, items) -> row {r, name, cells, flags, verified, solved, ms}
 *     items[i] = {id, data: puzzle data | null (page failed) | undefined (not on the site), engine,
 *                 game: the puzzle's game module (the page loads it; null when it failed)}
 *     cell = {result, attempts, hints, ms, status: 'ok' | 'bad' | 'unchecked' | 'missing'}
 *     flags = [{key, vars}]: key of gradebook_page.py STRINGS (the page puts them in words;
 *     vars.claimed / vars.replayed are results: '' | 'solved' | …)
 *     verified: 'ok' | 'bad' | 'unchecked'
 */
import { replayItem } from '../core/puzzle-replay.js';

/** Every piece of `text` shaped like a code (tag, version, "-"): the rest (names, headers, chat) is left. */
export function findCodes(text) {
  return String(text ?? '').match(/K[A-Z]\d+Z?-[A-Za-z0-9_-]*/g) ?? [];
}

/** The name as compared for duplicates: trimmed, spaces squeezed, case folded. */
export const nameKey = (name) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase();

export const SOLVED = new Set(['solved', 'retried']);

/** One item of the student's result, replayed and compared with what the code claims. */
async function checkItem(claim, item, n) {
  const given = claim ?? { events: [], claimed: '', attempts: 0, hints: 0, ms: 0 };
  const cell = { result: given.claimed, attempts: given.attempts, hints: given.hints, ms: given.ms, status: 'ok' };
  if (item.data === undefined) return { cell: { ...cell, status: 'missing' }, flags: [] };
  if (item.data === null) return { cell: { ...cell, status: 'unchecked' }, flags: [] };
  const replay = await replayItem(item.data, given.events, item.engine, item.game ?? null);
  const flags = [];
  cell.replay = replay;
  if (replay.problems.includes('ENGINE_FAILED')) {
    cell.status = 'unchecked';
    flags.push({ key: 'engineFailed', vars: { n } });
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
  for (const [i, item] of items.entries()) {
    const claim = r.items.find((c) => c.id === item.id);
    const checked = await checkItem(claim, item, i + 1);
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
