/**
 * A teacher-made exercise (core/teacher-exercise.js, carried in the assignment code) as a
 * worksheet item, the same shape as a catalog item read from its puzzle page (worksheet-item.js):
 * {data, figure, sprites, solution}. No build drew or said anything for it, so:
 *
 *   figure    a board game's: the board drawn here (boards/diagram.js) from the engine's `play`
 *             reply for its position (the pieces, a drop game's hands), its solver at the bottom;
 *             a table's (a Dummy figure): drawn by its kind (the game module's
 *             `puzzles[kind].figure(figure, data)`, as on the exercise's own page)
 *   sprites   the symbols of a catalog puzzle page of the same game (`sprites()`: pieces, suits)
 *   solution  a board game's: each move of the proven line in words (the engine's
 *             `last_move_words`, one `play` call per move) with its end or check as the catalog's
 *             key says it (" — จน", " รุก"), or a number question's number; a table's: the engine's settlement,
 *             the asked seats' figures (judges/scoring.js); a drill's (a hand in play, proven again
 *             here: drillProof): the right choices and the engine's explanation, as a catalog drill's
 *
 * Nothing here names a game: the game module comes from the caller (games/index.js).
 */
import { DRILL_KINDS, drillProof, exercisePuzzleData, exerciseWords } from '../core/teacher-exercise.js';
import { drawDiagram, drawHand } from '../boards/diagram.js';
import { sideName, word } from '../boards/describe.js';
import { askedFigures, settleRequest } from '../judges/scoring.js';

/**
 * @typedef {{call: (request: any) => Promise<any>}} EngineLike
 * @typedef {{data: import('../types/data.js').PuzzleData, figure: HTMLElement | null,
 *   sprites: Element[], solution: string[]}} SheetItem
 */

/** An engine reply, or an Error with the engine's message in the page's language. */
async function ask(engine, request, lang) {
  const reply = await engine.call(request);
  if (reply.ok === false) throw new Error((lang === 'th' && reply.error.message_th) || reply.error.message);
  return reply;
}

/**
 * The worksheet item of exercise `x` in `lang`.
 * @param {import('../types/data.js').TeacherExercise} x
 * @param {{lang: import('../types/data.js').Lang, game: any, engine: EngineLike, sprites: () => Promise<Element[]>,
 *   kindWords: Record<string, any>, seat: (pid: string) => string}} context
 *   `game` the exercise's game module; `kindWords` the page's words of its kind ({words, ui}: the
 *   Dummy words a table is drawn and said with), put in its data as the exercise page does;
 *   `seat(pid)` a seat's name in the answer key
 * @returns {Promise<SheetItem>}
 */
export async function teacherItem(x, { lang, game, engine, sprites, kindWords, seat }) {
  if (DRILL_KINDS.includes(x.kind)) return drillItem(x, { lang, game, engine, sprites, kindWords });
  const data = /** @type {any} */ ({ ...exercisePuzzleData(x, lang, exerciseWords(x, kindWords.words ?? null, game)), ...kindWords });
  if (!data.position) return tableItem(data, { lang, game, engine, sprites, seat });
  const start = await ask(engine, { op: 'play', game: x.game, position: data.position, moves: [] }, lang);
  const solution = data.quiz ? [String(data.quiz.correct)] : []; // a number question (a counting number): its number
  for (let i = 1; i <= data.line.length; i++) {
    const reply = await ask(engine, { op: 'play', game: x.game, position: data.position, moves: data.line.slice(0, i) }, lang);
    solution.push(`${reply.last_move_words?.[lang] ?? data.line[i - 1]}${ending(reply, game)}`);
  }
  return { data, figure: boardFigure(data, start, game), sprites: await sprites(), solution };
}

/**
 * What the catalog's key says after a move (the build's words `ending` and `check`): " — จน" after
 * the move that ends the game (the game's word for how), " รุก" after a check, else nothing.
 * @param {import('../types/engine.js').PlayReply} reply the position after the move
 * @param {any} game
 */
function ending(reply, game) {
  if (reply.status.result !== 'ongoing') return ` — ${word(game, reply.status.reason ?? '')}`;
  return reply.status.check ? ` ${word(game, 'check')}` : '';
}

/**
 * A table exercise (a Dummy figure): the table drawn by its kind, the settlement's figures as the answer.
 * @param {any} data
 * @param {{lang: import('../types/data.js').Lang, game: any, engine: EngineLike, sprites: () => Promise<Element[]>,
 *   seat: (pid: string) => string}} context
 * @returns {Promise<SheetItem>}
 */
async function tableItem(data, { lang, game, engine, sprites, seat }) {
  const settled = await ask(engine, settleRequest(data), lang);
  const said = (want) => data.words?.tiers?.[want] ?? String(want); // a tier's name, else the number
  const solution = askedFigures(data, settled).map(({ pid, want }) => `${seat(pid)}: ${said(want)}`);
  const draw = game.puzzles?.[data.kind]?.figure;
  if (!draw) return { data, figure: null, sprites: [], solution };
  const figure = document.createElement('figure');
  figure.className = 'kr-board';
  figure.dataset.game = data.game;
  await draw(figure, data);
  return { data, figure, sprites: await sprites(), solution };
}

/**
 * A drill (a hand in play): proven again by the engine, its figure (the solver's view) drawn by
 * its kind, the right choices and the explanation as the answer.
 * @param {import('../types/data.js').TeacherExercise} x
 * @param {{lang: import('../types/data.js').Lang, game: any, engine: EngineLike, sprites: () => Promise<Element[]>,
 *   kindWords: Record<string, any>}} context
 * @returns {Promise<SheetItem>}
 */
async function drillItem(x, { lang, game, engine, sprites, kindWords }) {
  const proof = await drillProof((request) => engine.call(request), x).catch((err) => {
    throw new Error(err?.words?.[lang] || err?.message || String(err));
  });
  const data = /** @type {any} */ ({ ...exercisePuzzleData(x, lang, exerciseWords(x, kindWords.words ?? null, game), proof), ...kindWords });
  const right = data.quiz.choices.filter((/** @type {any} */ c) => data.quiz.correct.includes(c.id)).map((/** @type {any} */ c) => c.label);
  const solution = [`${ANSWER[lang]}${right.join(', ')}`, data.quiz.explanation].filter(Boolean);
  const figure = document.createElement('figure');
  figure.className = 'kr-board';
  figure.dataset.game = data.game;
  await game.puzzles[data.kind].figure(figure, data);
  return { data, figure, sprites: await sprites(), solution };
}

/** The answer key's head of a drill, as a catalog drill's solution says it (drills.py solution_text). */
const ANSWER = { th: 'คำตอบ: ', en: 'Answer: ' };

/**
 * The board said in words: each side's pieces and their squares, then its hand.
 * @param {import('../types/engine.js').PlayReply} reply
 * @param {any} game
 */
function spoken(reply, game) {
  const pieces = Object.entries(reply.board);
  return game.sides.map((/** @type {string} */ side) => {
    const own = pieces.filter(([, letter]) => game.sideOf(letter) === side).map(([square, letter]) => `${game.pieceName(letter)} ${square}`);
    const held = Object.entries(reply.hands?.[side] ?? {}).map(([kind, count]) => `${game.pieceName(game.handLetter(kind, side))} ×${count}`);
    return `${sideName(game, side)}: ${[...own, ...held].join(', ') || '-'}`;
  }).join('; ');
}

/**
 * figure.kr-board with the position's board seen from `data.orientation` (the solver's side), a
 * drop game's hands above (the side at the top) and below it.
 * @param {import('../types/data.js').PuzzleData} data
 * @param {import('../types/engine.js').PlayReply} reply
 * @param {any} game
 */
function boardFigure(data, reply, game) {
  const orientation = data.orientation || game.sides[0];
  const sprite = (/** @type {string} */ letter) => game.sprite(letter, orientation);
  const figure = document.createElement('figure');
  figure.className = 'kr-board';
  figure.dataset.game = data.game;
  figure.dataset.orientation = orientation;
  const upright = orientation === game.sides[0];
  const size = { files: game.files ?? 8, ranks: game.ranks ?? 8 };
  const board = drawDiagram({ pieces: reply.board, upright, size, sprite, shaded: game.shaded ?? (() => false),
    label: spoken(reply, game) });
  const [bottom, top] = upright ? game.sides : [...game.sides].reverse();
  const hand = (side, place) => drawHand(Object.entries(reply.hands?.[side] ?? {}).filter(([, count]) => count > 0)
    .map(([kind, count]) => ({ letter: game.handLetter(kind, side), count })), sprite, side, place);
  if (!reply.hands) figure.append(board);
  else {
    const stack = document.createElement('div');
    stack.className = 'kr-diagram kr-diagram-hands';
    stack.append(hand(top, 'top'), board, hand(bottom, 'bottom'));
    figure.append(stack);
  }
  return figure;
}
