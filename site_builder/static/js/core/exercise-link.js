/**
 * The link of a teacher-made exercise of an assignment (core/teacher-exercise.js): it travels
 * inside the assignment code, so its page, /<lang>/teach/exercise/ (teach/exercise.js), reads
 * both from the link:
 *
 *   /<lang>/teach/exercise/#<item id>#<assignment code>
 *
 * Two "#": core/assignment.js `fragment()` reads what follows the LAST "#", so it gets the
 * assignment code from this link unchanged; the item id sits between the first and the second.
 * Pure: no DOM, no storage.
 */
import { isExerciseId } from './teacher-exercise.js';

/**
 * The page of the teacher-made item `id` of the assignment `code`.
 * @param {string} pageLang
 * @param {string} id
 * @param {string} code
 */
export const exerciseUrl = (pageLang, id, code) => `/${pageLang}/teach/exercise/#${id}#${code}`;

/**
 * {id, code} of an exercise page's hash "#<id>#<code>" (spaces and line breaks ignored), or null
 * when it is not one: no second "#", an id of the wrong shape, or no code after it.
 * @param {string | null | undefined} hash
 * @returns {{id: string, code: string} | null}
 */
export function readExerciseHash(hash) {
  const clean = String(hash ?? '').replace(/\s+/g, '').replace(/^#/, '');
  const cut = clean.indexOf('#');
  if (cut < 0) return null;
  let id = clean.slice(0, cut);
  try {
    id = decodeURIComponent(id);
  } catch {
    return null;
  }
  const code = clean.slice(cut + 1);
  if (!isExerciseId(id) || !code) return null;
  return { id, code };
}
