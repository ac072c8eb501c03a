/**
 * The class's most common wrong answers per exercise (the gradebook's section under the table).
 * Pure: the lines come from teach/gradebook-detail.js (the judge's verdicts, never a student's claim).
 *
 *   await classLines(rows, items, lang, onLive) -> {students, failed}: the lines of every counted
 *     student on every replayed item (the engine asked only for a wrong move's words).
 *
 *   commonWrong(students) -> [{item, answer, words, before, count, names}]
 *     students: [{name, item: the exercise's index, lines: detailLines(…)}], one per counted code
 *     and exercise; every move or answer the judge called wrong counts once per student (a student
 *     who tried the same wrong move twice is one), grouped by the same move from the same position
 *     or the same answer. Sorted by exercise, then by count (most first), then by words.
 */

import { NO_WORDS, engineLook, needsLiveWords, rowLines } from './gradebook-detail.js';

/** @typedef {import('./gradebook-detail.js').Line} Line */
/**
 * @typedef {{item: number, answer: string, words: string, before: string[], count: number, names: string[]}} WrongAnswer
 */

/** Does `line` count as a wrong answer (the judge's, before any solve, on a replayed step)? @param {Line} line */
const isWrong = (line) => line.mark === 'wrong' && line.note === null;

/**
 * Every counted student's lines on every replayed item, for commonWrong. An item whose moves the
 * live engine puts in words (a teacher-made board exercise: gradebook-detail.js needsLiveWords) is
 * read in notation first and asks the engine only for a student with a wrong move there, so the
 * engine loads only when a wrong move is listed; `onLive()` is called before the first such ask.
 * `failed`: the engine failed an item's words (its moves stay in notation).
 * @param {any[]} rows the counted rows (gradebook-check.js checkStudent)
 * @param {any[]} items the gradebook's loaded items {id, data, engine}
 * @param {string} lang
 * @param {() => void} [onLive]
 * @returns {Promise<{students: {name: string, item: number, lines: Line[]}[], failed: boolean}>}
 */
export async function classLines(rows, items, lang, onLive = () => {}) {
  const students = [];
  let asked = false;
  let failed = false;
  for (const row of rows) {
    for (const [i, item] of items.entries()) {
      if (row.cells[i]?.status === 'missing' || !item.data) continue;
      const live = needsLiveWords(item.data);
      let lines = await rowLines(row, i, item, lang, live ? NO_WORDS : undefined);
      if (live && lines.some((line) => line.kind === 'move' && isWrong(line))) {
        if (!asked) onLive();
        asked = true;
        const look = engineLook(item.engine, item.data);
        lines = await rowLines(row, i, item, lang, look);
        failed ||= look.failed;
      }
      students.push({ name: row.name, item: i, lines });
    }
  }
  return { students, failed };
}

/**
 * @param {{name: string, item: number, lines: Line[]}[]} students
 * @returns {WrongAnswer[]}
 */
export function commonWrong(students) {
  /** @type {Map<string, WrongAnswer>} */
  const groups = new Map();
  for (const { name, item, lines } of students) {
    for (const line of lines) {
      if (!isWrong(line)) continue;
      const key = JSON.stringify([item, line.kind, line.answer]);
      const group = groups.get(key) ?? { item, answer: line.answer, words: line.text, before: line.before, count: 0, names: [] };
      if (!group.names.includes(name)) {
        group.names.push(name);
        group.count += 1;
      }
      groups.set(key, group);
    }
  }
  return [...groups.values()].sort((a, b) => a.item - b.item || b.count - a.count || a.words.localeCompare(b.words));
}
