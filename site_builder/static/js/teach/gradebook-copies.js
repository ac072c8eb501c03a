/**
 * Work shared between two students' codes (teach/gradebook.js flags the pair side by side). Pure.
 *
 *   sameWork(results) -> [{names: [a, b], items: [item ids], exact}]
 *     items: the items on which both codes have the same moves and answers AND the same time on
 *       the item to the millisecond (and the same tries and hints);
 *     exact: the two codes started in the same second and every item is the same (a code copied
 *       whole under another name).
 *   Moves alone are never enough: a one-move mate that the whole class solves the same way gives
 *   the same events to everyone, but not the same milliseconds. An item not tried (no events) is
 *   never the same work. Codes of one name (class-list.js matchKey) are one student's, not copies.
 *   copyGroups(copies) -> [[names]]: the names that share work, a pair or more (A–B and B–C: one
 *     group A, B, C), in the order the names first come in `copies`.
 *   besideCopies(lines, nameOf, groups) -> [{line, copy}]: the lines with each group's lines right
 *     after the first of them (the gradebook's table: a copied pair side by side), every other line
 *     in its place; `copy` the line's group number and whether it starts or ends the group.
 * What this cannot see: two students who sat together and each played the moves on their own
 * phone (different times), or one student who played on another's phone (one code, one name).
 */
import { matchKey } from './class-list.js';

/** @typedef {import('../types/data.js').Result} Result */
/** @typedef {{names: [string, string], items: string[], exact: boolean}} Copy */

/**
 * What must be equal for an item to be the same work ('' for an item not tried).
 * @param {import('../types/data.js').ResultItem} item
 */
const itemWork = (item) => (item.events.length ? JSON.stringify([item.events, item.ms, item.attempts, item.hints]) : '');

/**
 * Every pair of codes of different students that share work (see the file's head), in the order
 * the codes are given.
 * @param {Result[]} results
 * @returns {Copy[]}
 */
export function sameWork(results) {
  /** @type {Map<string, number[]>} */
  const byWork = new Map(); // item id + work -> indexes of the results with it
  results.forEach((r, index) => {
    for (const item of r.items) {
      const work = itemWork(item);
      if (!work) continue;
      const key = `${item.id}\u0000${work}`;
      byWork.set(key, [...(byWork.get(key) ?? []), index]);
    }
  });
  /** @type {Map<string, Set<string>>} */
  const pairs = new Map(); // "i j" (i < j) -> item ids
  for (const [key, indexes] of byWork) {
    const id = key.slice(0, key.indexOf('\u0000'));
    for (const [n, i] of indexes.entries()) {
      for (const j of indexes.slice(n + 1)) {
        if (matchKey(results[i].name) === matchKey(results[j].name)) continue;
        const pair = `${i} ${j}`;
        pairs.set(pair, (pairs.get(pair) ?? new Set()).add(id));
      }
    }
  }
  return [...pairs.entries()]
    .map(([pair, ids]) => ({ pair: pair.split(' ').map(Number), ids }))
    .sort((x, y) => x.pair[0] - y.pair[0] || x.pair[1] - y.pair[1])
    .map(({ pair: [i, j], ids }) => {
      const [a, b] = [results[i], results[j]];
      return {
        names: /** @type {[string, string]} */ ([a.name, b.name]),
        items: a.items.map((item) => item.id).filter((id) => ids.has(id)),
        exact: a.started === b.started && sameItems(a, b),
      };
    });
}

/**
 * Every item of `a` and `b` the same: moves, answers, verdict, tries, hints and time.
 * @param {Result} a
 * @param {Result} b
 */
function sameItems(a, b) {
  const whole = (/** @type {Result} */ r) => JSON.stringify(r.items.map((i) => [i.id, i.events, i.claimed, i.attempts, i.hints, i.ms]));
  return whole(a) === whole(b);
}

/**
 * The names that share work, in groups (see the file's head).
 * @param {Copy[]} copies
 * @returns {string[][]}
 */
export function copyGroups(copies) {
  /** @type {Map<string, string>} */
  const parent = new Map(); // name -> a name of its group (union-find)
  const root = (/** @type {string} */ name) => {
    let at = name;
    while (parent.get(at) !== at) at = /** @type {string} */ (parent.get(at));
    return at;
  };
  /** @type {string[]} */
  const order = [];
  for (const { names } of copies) {
    for (const name of names) {
      if (!parent.has(name)) {
        parent.set(name, name);
        order.push(name);
      }
    }
    const [a, b] = names.map(root);
    if (a !== b) parent.set(b, a);
  }
  /** @type {Map<string, string[]>} */
  const groups = new Map();
  for (const name of order) groups.set(root(name), [...(groups.get(root(name)) ?? []), name]);
  return [...groups.values()];
}

/**
 * `lines` with the lines of each group together where the first of them falls: the others of the
 * group follow it, in their own order; every line of no group keeps its place. Each line comes
 * with its group's place: `copy` {n: the group's number, counted down the table from 1, first,
 * last: the line starts / ends the group's run}, or null.
 * @template T
 * @param {T[]} lines
 * @param {(line: T) => string | null} nameOf the name of a line's code (null: no code, never moved)
 * @param {string[][]} groups names (copyGroups)
 * @returns {{line: T, copy: {n: number, first: boolean, last: boolean} | null}[]}
 */
export function besideCopies(lines, nameOf, groups) {
  /** @type {Map<string, number>} */
  const groupOf = new Map(groups.flatMap((names, g) => names.map((name) => /** @type {[string, number]} */ ([name, g]))));
  const group = (/** @type {T} */ line) => {
    const name = nameOf(line);
    return name === null ? undefined : groupOf.get(name);
  };
  const placed = new Set();
  const ordered = lines.flatMap((line) => {
    const g = group(line);
    if (g === undefined) return [line];
    if (placed.has(g)) return [];
    placed.add(g);
    return lines.filter((other) => group(other) === g);
  });
  /** @type {Map<number, number>} */
  const numbers = new Map();
  const of = ordered.map(group);
  return ordered.map((line, i) => {
    const g = of[i];
    if (g === undefined) return { line, copy: null };
    if (!numbers.has(g)) numbers.set(g, numbers.size + 1);
    return { line, copy: { n: /** @type {number} */ (numbers.get(g)), first: of[i - 1] !== g, last: of[i + 1] !== g } };
  });
}
