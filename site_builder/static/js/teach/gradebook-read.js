/**
 * Reading the codes found in a paste or a file (teach/gradebook.js): each one on its own, so one
 * unreadable code never stops the others.
 *
 *   readCodes(codes, aid) -> {results: [{code, r}], notes: [{key, vars, error?}], skipped: n}
 *     results: this assignment's readable result codes, in the order given;
 *     notes: what the page lists under "codes not counted" (key of gradebook_page.py STRINGS;
 *       `error` is the CodeError, or anything else thrown, for core/code-words.js to put in words);
 *     skipped: links to this very assignment (the teacher's own link in a pasted chat), left quietly.
 */
import { CodeError, assignmentId, decodeAssignment, decodeResult, head, ASSIGNMENT_TAG } from '../core/assignment.js';

/**
 * Is `code` a link to the assignment `aid` itself?
 * @param {string} code
 * @param {string} aid
 */
async function isOwnLink(code, aid) {
  if (head(code)?.tag !== ASSIGNMENT_TAG) return false;
  try {
    return assignmentId(await decodeAssignment(code)) === aid;
  } catch {
    return false;
  }
}

/**
 * Every code of `codes` read for the assignment `aid`.
 * @param {string[]} codes
 * @param {string} aid
 */
export async function readCodes(codes, aid) {
  /** @type {{code: string, r: import('../types/data.js').Result}[]} */
  const results = [];
  /** @type {{key: string, vars: Record<string, string>, error?: unknown}[]} */
  const notes = [];
  let skipped = 0;
  for (const code of codes) {
    if (await isOwnLink(code, aid)) {
      skipped += 1;
      continue;
    }
    let r;
    try {
      r = await decodeResult(code);
    } catch (error) {
      // A CodeError says what is wrong; anything else (a value no check foresaw) is still only this code's problem.
      notes.push({ key: 'unreadable', vars: { code }, error: error instanceof CodeError ? error : new CodeError('BAD_CODE') });
      continue;
    }
    if (r.assignment !== aid) notes.push({ key: 'otherAssignment', vars: { name: r.name, code } });
    else results.push({ code, r });
  }
  return { results, notes, skipped };
}
