/**
 * The page of a teacher-made exercise (/<lang>/teach/exercise/#<item id>#<assignment code>,
 * site_builder/teach/exercise_page.py): the exercise travels inside the assignment code
 * (core/teacher-exercise.js), so this one page serves them all.
 *
 * Reads the link (core/exercise-link.js), decodes the assignment, finds the item, makes its puzzle
 * data (exercisePuzzleData, with the page words of its kind the build put in the page) and starts
 * THE SAME puzzle UI as a catalog puzzle page (core/puzzle-ui.js startPuzzle), in assignment mode
 * (core/assignment-mode.js, entered by the Shell from this link: every event logged, the
 * assignment's hints and solution rules applied). A board exercise gets an empty figure with its
 * position, which the live board fills (the live engine answers: there are no recorded replies; the
 * loading words show meanwhile); a kind that draws its own still figure (games/<id>/index.js
 * puzzles[kind].figure, e.g. Dummy's table) draws it first. A drill (a hand in play) carries its
 * position only: the live engine proves it again here (drillProof) for its question and figure.
 * Bad input (no or a broken code, no item id, an item the assignment lacks, a game or kind the
 * site cannot judge) gets a clear message and a link back to the assignment page; nothing saved
 * is touched. This entry point loads the game's module (games/index.js) and hands it down.
 *
 * DOM hooks: #kr-ex-status, #kr-ex-error (a.kr-ex-back), #kr-ex-title, #kr-ex-meta,
 * #kr-puzzle-goal, #kr-puzzle-board > figure.kr-board[data-game], then the puzzle UI's own
 * (section.kr-pz[data-state], …: core/puzzle-ui.js).
 */
import { lang, fill } from '../core/i18n.js';
import { decodeAssignment, fragment, teacherExercise } from '../core/assignment.js';
import { codeErrorText } from '../core/code-words.js';
import { readExerciseHash } from '../core/exercise-link.js';
import { DRILL_KINDS, drillProof, exercisePuzzleData, exerciseWords } from '../core/teacher-exercise.js';
import { engine } from '../core/engine-client.js';
import { studentUrl } from '../core/assignment-mode.js';
import { startPuzzle } from '../core/puzzle-ui.js';
import { add } from '../core/progress-ui.js';
import { loadGame, loadTeacherGame } from '../games/index.js';

/**
 * @typedef {{words: Record<string, string>, games: Record<string, string>, kinds: Record<string, string>,
 *   kindWords: Record<string, Record<string, unknown>>}} PageBlock
 */
/** @type {PageBlock} */
const BLOCK = JSON.parse(document.getElementById('kr-exercise-data').textContent);
/** @type {(key: string, vars?: Record<string, string | number>) => string} */
const word = (key, vars = {}) => fill(BLOCK.words[key], vars);
const $ = (/** @type {string} */ id) => document.getElementById(id);

/**
 * Say what is wrong (and that nothing saved is lost), with a link back to the assignment when
 * its code could be read.
 * @param {string} text
 * @param {string} [code] a readable assignment code
 */
function showError(text, code = '') {
  $('kr-ex-status').hidden = true;
  const error = $('kr-ex-error');
  error.replaceChildren();
  add(error, 'p', '', `${text} ${word('safe')}`);
  if (code) {
    const back = add(add(error, 'p'), 'a', 'kr-ex-back', word('back'));
    back.href = studentUrl(lang, code);
  }
  error.hidden = false;
}

/** The names of the exercise's game and kind, as the site calls them. */
const names = (x) => ({ game: BLOCK.games[x.game] ?? x.game, kind: BLOCK.kinds[x.kind] ?? x.kind });

/**
 * The figure of the exercise in #kr-puzzle-board: empty with the position for a board (the live
 * board fills it), else drawn by the game's kind (a Dummy table).
 * @param {any} data puzzle data
 * @param {any} game the game's module
 */
async function makeFigure(data, game) {
  const box = $('kr-puzzle-board');
  const figure = document.createElement('figure');
  figure.className = 'kr-board';
  figure.dataset.game = data.game;
  figure.dataset.interactive = 'false';
  figure.dataset.puzzle = data.id;
  if (data.position) {
    figure.dataset.position = data.position;
    figure.dataset.orientation = data.orientation || data.solver;
  }
  box.append(figure);
  box.hidden = false;
  await game?.puzzles?.[data.kind]?.figure?.(figure, data);
  return figure;
}

/**
 * Can this site judge the exercise: its game's module loaded, and the kind's page words the UI
 * needs are in the page (a kind whose game this site does not build has none)? A number question
 * (a counting number) needs its game's words of it and a figure to show its position.
 * @param {any} x
 * @param {any} game
 */
function judgeable(x, game) {
  if (!game) return false;
  if (x.data.tree) return Array.isArray(game.sides);
  if (x.kind === 'counting') return Boolean(game.countingQuiz && game.puzzles?.[x.kind]?.figure);
  if (DRILL_KINDS.includes(x.kind)) return Boolean(game.puzzles?.[x.kind]?.figure && BLOCK.kindWords[x.kind]?.drillWords);
  return Boolean(game.puzzles?.[x.kind]?.start && BLOCK.kindWords[x.kind]);
}

async function main() {
  const hash = window.location.hash;
  const code = fragment(hash);
  const where = readExerciseHash(hash);
  let a;
  try {
    a = await decodeAssignment(code);
  } catch (err) {
    showError(code ? codeErrorText(err, 'assignment') : word('noItem'));
    return;
  }
  if (!where) {
    showError(word('noItem'), code);
    return;
  }
  const x = teacherExercise(a, where.id);
  if (!x) {
    showError(word('notInAssignment'), code);
    return;
  }
  const game = await loadTeacherGame(x.game).catch(() => null);
  if (!judgeable(x, game)) {
    showError(word('cannotJudge', names(x)), code);
    return;
  }
  const kindWords = BLOCK.kindWords[x.kind] ?? {};
  const { game: gameName, kind: kindName } = names(x);
  let proof = null;
  if (DRILL_KINDS.includes(x.kind)) {
    try {
      proof = await drillProof((request) => engine.call(request), x);
    } catch (err) {
      const said = /** @type {any} */ (err)?.words;
      showError(said ? said[lang] || said.en : String(/** @type {any} */ (err)?.message ?? err), code);
      return;
    }
  }
  const data = {
    ...exercisePuzzleData(x, lang, exerciseWords(x, kindWords.words ?? null, game), proof), ...kindWords,
    title: x.title || `${gameName} · ${kindName}`, // as the assignment page lists it
    index: `/${lang}/puzzles/`, // the shell's links to the puzzles and the reader's progress
  };
  $('kr-ex-title').textContent = data.title;
  document.title = `${data.title} · ${a.title}`;
  const meta = $('kr-ex-meta');
  meta.textContent = x.title ? word('meta', names(x)) : word('own'); // an untitled one is titled with them
  meta.hidden = false;
  $('kr-puzzle-goal').textContent = data.goal;
  $('kr-ex-status').hidden = true;
  const figure = await makeFigure(data, game);
  await startPuzzle(data, figure, loadGame);
}

window.addEventListener('hashchange', () => window.location.reload());
main();
