/** The teachers' exercise catalog, /<lang>/teach/catalog.json (site_builder/teach/catalog.py). */
import { teacherExercise } from '../core/assignment.js';

/**
 * The catalog at `url`; rejects with an Error saying why ("HTTP 404", a network error, bad JSON).
 * @param {string} url
 */
export async function fetchCatalog(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
}

/**
 * The entry of item `id` of the assignment `a`: the catalog's ({id, title, game, kind, url, …}),
 * or for a teacher-made exercise (core/teacher-exercise.js, inside the code) one made from it,
 * {id, title, game, kind, exercise}, titled with the game and kind names when the teacher gave
 * no title; null when it is neither (or the catalog, null, could not be read).
 * @param {import('../types/data.js').Assignment} a
 * @param {string} id
 * @param {{items: any[], games?: Record<string, string>, kinds?: Record<string, string>} | null} catalog
 */
export function itemEntry(a, id, catalog) {
  const exercise = teacherExercise(a, id);
  if (!exercise) return catalog?.items.find((item) => item.id === id) ?? null;
  const { game, kind } = exercise;
  const names = `${catalog?.games?.[game] ?? game} · ${catalog?.kinds?.[kind] ?? kind}`;
  return { id, title: exercise.title || names, game, kind, exercise };
}
