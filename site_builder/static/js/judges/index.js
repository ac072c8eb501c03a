/**
 * Which judge decides a puzzle page (the puzzle page and the gradebook's replay both ask here):
 * a question (data.quiz) -> judges/quiz.js; a kind the game's module names a judge for
 * (game.puzzles[kind].judge(data) -> the judge module, or null to decline) -> that one; a proven
 * tree (data.tree) -> judges/tree.js; else nothing to judge (judges/verdict.js noJudge).
 * The game's module is handed in by the page: judges never load a game. The shared judges come
 * with this module (the puzzle page preloads them); a game's own judge loads on demand.
 */
import { noJudge } from './verdict.js';
import * as quiz from './quiz.js';
import * as tree from './tree.js';

/**
 * @typedef {import('./verdict.js').Judge} Judge
 * @typedef {import('./verdict.js').JudgeDeps} JudgeDeps
 * @typedef {{createJudge: (data: any, deps: JudgeDeps) => Judge}} JudgeModule
 * @typedef {{puzzles?: Record<string, {judge?: (data: any) => Promise<JudgeModule | null> | null}>}} GameJudges
 */

/**
 * The judge module of the puzzle `data` (its game's module `game`, or null when it failed to load).
 * @param {{kind: string, quiz?: unknown, tree?: unknown}} data
 * @param {GameJudges | null | undefined} game
 * @returns {Promise<JudgeModule>}
 */
export async function judgeModule(data, game) {
  if (data.quiz) return quiz;
  const own = await game?.puzzles?.[data.kind]?.judge?.(data);
  if (own) return own;
  if (data.tree) return tree;
  return { createJudge: noJudge };
}

/**
 * A judge of the puzzle `data`, ready for the reader's events.
 * @param {{kind: string, quiz?: unknown, tree?: unknown}} data
 * @param {GameJudges | null | undefined} game
 * @param {JudgeDeps} deps
 * @returns {Promise<Judge>}
 */
export async function createJudge(data, game, deps) {
  return (await judgeModule(data, game)).createJudge(data, deps);
}
