/**
 * Codes sent under one name (teach/gradebook.js): a newer code replaces an older one only when it
 * carries on the same work; otherwise both stay, side by side, and the teacher chooses which counts.
 *
 *   carriesOn(older, newer) -> does result `newer` extend result `older`?
 *   countedRows(rows, chosen) -> the rows with `counted` and the same-name flags
 *     rows: the gradebook's checked rows ({code, r, name, flags, …});
 *     chosen: {nameKey: code} the teacher's choice per name (kept in the teacher's browser).
 */
import { nameKey } from './gradebook-check.js';

/** @typedef {import('../types/data.js').Result} Result */

/**
 * `events` starts with every event of `prefix`, in order?
 * @param {unknown[][]} prefix
 * @param {unknown[][]} events
 */
const startsWith = (prefix, events) => prefix.length <= events.length
  && prefix.every((event, i) => JSON.stringify(event) === JSON.stringify(events[i]));

/**
 * Does `newer` carry on from `older`: the same assignment, name and start, sent no earlier, and
 * every item's events in `older` the start of that item's events in `newer`? (A code with the
 * same name and start but fewer or other moves does not: it cannot wipe out the work before it.)
 * @param {Result} older
 * @param {Result} newer
 */
export function carriesOn(older, newer) {
  if (older.assignment !== newer.assignment || nameKey(older.name) !== nameKey(newer.name)) return false;
  if (older.started !== newer.started || newer.submitted < older.submitted) return false;
  const later = new Map(newer.items.map((item) => [item.id, item.events]));
  return older.items.every((item) => startsWith(item.events, later.get(item.id) ?? []));
}

/**
 * The rows with `counted` (false: another code of the same name was chosen) and, where one name
 * has several codes, a flag on each: `sameName` {n, submitted} until the teacher chooses,
 * `notCounted` on the codes not chosen.
 * @template {{code: string, r: Result, name: string, flags: {key: string, vars: Record<string, unknown>}[]}} Row
 * @param {Row[]} rows
 * @param {Record<string, string>} chosen
 * @returns {(Row & {counted: boolean, group: number})[]}
 */
export function countedRows(rows, chosen) {
  /** @type {Map<string, Row[]>} */
  const groups = new Map();
  for (const row of rows) {
    const key = nameKey(row.name);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return rows.map((row) => {
    const key = nameKey(row.name);
    const group = /** @type {Row[]} */ (groups.get(key));
    if (group.length === 1) return { ...row, counted: true, group: 1 };
    const choice = group.some((other) => other.code === chosen[key]) ? chosen[key] : null;
    const counted = choice === null || choice === row.code;
    const flag = choice === null
      ? { key: 'sameName', vars: { n: group.length, submitted: row.r.submitted } }
      : { key: counted ? 'chosen' : 'notCounted', vars: { n: group.length, submitted: row.r.submitted } };
    return { ...row, counted, group: group.length, flags: [flag, ...row.flags] };
  });
}
