/**
 * Teacher-made exercises: a position (or a Dummy table) and a task the engine proved in the
 * builder, carried inside the assignment code (core/assignment.js), solved and judged like a
 * catalog exercise of the same kind (judges/index.js picks the judge by kind and data).
 *
 * TeacherExercise = {id: 't-' + 7 base-36 characters (CRC-32 of the other fields), game, kind,
 *   title (<= LIMITS.title), hints (<= LIMITS.hints, each <= LIMITS.hint), data: the kind's own
 *   page-data fields}. Kinds (KINDS):
 *   - a forced win ('mate'; Mak-hot's catalog calls it 'win'): data {position, solver,
 *     orientation, mate_in, line, tree}, proven by the engine's `prove` op (engine/core/prove.py);
 *   - a best move ('best-move'): the same fields (mate_in null; the tree's wins end {done: true}
 *     where the material is won on the board), proven by `prove` with a best_move task;
 *   - a Dummy figure ('scoring'): data {table, question: {ask, player, item}}, settled by the
 *     engine's `settle` op (rules/dummy-table.md); judges/scoring.js settles it again to judge;
 *   - a counting number ('counting', as the catalog's counting questions): data {position (the
 *     FEN with the count running, as the engine's `play` reply gives it after the move that
 *     started it), counter (the side counting), count_kind ('pieces' | 'board'), ask ('limit' |
 *     'start'), answer (the engine's number)}; a number quiz (judges/quiz.js) whose words come
 *     from the game's module (exerciseWords);
 *   - a drill on a dealt hand in play (DRILL_KINDS, the catalog's drill kinds): data {deck (the
 *     cards top first, space-separated), dealer, level, show (a seat whose hand is shown face up,
 *     or ''), moves (the actions so far: the seat to act is the solver), key (a collect's pile
 *     card, else '')}: the position only, never the question. Every page re-proves it
 *     (drillProof: the engine's `deal`, `play`, `view` and `prove`, deterministic) and gets the
 *     question (a choice quiz, judges/quiz.js) and the solver's view; a link carries a drill in a
 *     few hundred characters where the question in both languages would take a thousand more.
 * Nothing here names a game: the game comes with the exercise and the engine answers for it.
 */
/** @import { TeacherExercise, PuzzleData, ProofNode, Lang } from '../types/data.js' */
import { CodeError, checksum } from './codes.js';

/** How long the teacher's words may be. */
export const LIMITS = { title: 80, hints: 3, hint: 200, position: 200, move: 40, table: 6000, deck: 60, actions: 300, action: 120 };
/** The engine's longest forced win (engine.api.MAX_WIN_DEPTH). */
export const MAX_WIN = 5;
/** Kinds of a forced win (the page data of the catalog's 'mate' kind; Mak-hot names it 'win'). */
export const WIN_KINDS = ['mate', 'win'];
/** The catalog's best-move kind: one move clearly best, played on until the material is won. */
export const BEST_MOVE = 'best-move';
/** The kinds played on a board (data: position, solver, orientation, mate_in, line, tree). */
export const BOARD_KINDS = [...WIN_KINDS, BEST_MOVE];
/** The catalog's drill kinds on a dealt hand in play (the engine's `prove` task kinds). */
export const DRILL_KINDS = ['dummy-discard', 'dummy-collect', 'dummy-knock'];
/** The drill kind that asks about one pile card (its `key`). */
export const KEY_KIND = 'dummy-collect';
/** Every kind a teacher can make: its catalog kind name -> what proves it. */
export const KINDS = { mate: 'prove', win: 'prove', [BEST_MOVE]: 'prove', scoring: 'settle', counting: 'play',
  ...Object.fromEntries(DRILL_KINDS.map((kind) => [kind, 'prove'])) };
/** The counting numbers a teacher can ask (the engine's `status.counting` fields), and the kinds of count. */
export const COUNT_ASKS = ['limit', 'start'];
export const COUNT_KINDS = ['pieces', 'board'];
/** The largest count number (the board's honour counts to 64). */
export const MAX_COUNT = 64;
/** Moves from the teacher's position to the one where the count runs (the catalog's counting `moves`). */
export const MAX_COUNT_MOVES = 2;
/** A best move's solver moves at most (engine.core.gain.MAX_SOLVER_MOVES). */
export const MAX_BEST_MOVES = 4;
/** The questions of a Dummy figure (site_builder/games/dummy/scoring.py ASKS). */
export const ASKS = ['points', 'tier', 'fee', 'net', 'nets'];
const ID = /^t-[0-9a-z]{7}$/;
const GAME = /^[a-z][a-z0-9_]{0,31}$/;
const SIDE = /^[a-z][a-z0-9_]{0,15}$/;
const SEAT = /^[A-Za-z0-9_]{1,8}$/;
const ITEM = /^[a-z_]{1,32}$/;
const CARD = /^[0-9A-Za-z]{2,3}$/;
const LEVEL = /^[a-z_]{1,16}$/;
const ACTION = /^[\x20-\x7e]+$/;

const bad = () => new CodeError('BAD_CODE');
/**
 * @param {unknown} v
 * @param {number} max
 * @returns {v is string}
 */
function isText(v, max) {
  return typeof v === 'string' && [...v].length <= max;
}
/**
 * A move's text: no spaces, at most LIMITS.move characters.
 * @param {unknown} v
 * @returns {v is string}
 */
function isMove(v) {
  return typeof v === 'string' && v.length > 0 && v.length <= LIMITS.move && !/\s/.test(v);
}
/**
 * @param {unknown} v
 * @returns {v is Record<string, any>}
 */
function isObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * `value` as JSON with every object's keys sorted: the same content, the same text.
 * @param {unknown} value
 * @returns {string}
 */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The id of an exercise: "t-" + the CRC-32 (base 36) of the UTF-8 of its other fields' canonical
 * JSON. Catalog ids never start with "t-".
 * @param {Pick<TeacherExercise, 'game' | 'kind' | 'title' | 'hints' | 'data'>} x
 */
export function exerciseId(x) {
  const bytes = new TextEncoder().encode(canonical([x.game, x.kind, x.title, x.hints, x.data]));
  let ascii = '';
  for (const b of bytes) ascii += String.fromCharCode(b);
  return `t-${checksum(ascii)}`;
}

/**
 * A proof tree checked: every node's wins and refutations, a win either ends (`end`: 'mate' for
 * a forced win, 'done' for a best move) or has a reply and a node, no deeper than `depth` solver moves.
 * @param {unknown} node
 * @param {number} depth
 * @param {'mate' | 'done'} end
 * @returns {ProofNode}
 */
function cleanTree(node, depth, end) {
  if (!isObject(node) || !isObject(node.wins) || !isObject(node.refutations) || depth < 1) throw bad();
  const wins = Object.entries(node.wins);
  if (!wins.length) throw bad();
  /** @type {ProofNode['wins']} */
  const cleanWins = {};
  for (const [move, win] of wins) {
    if (!isMove(move) || !isObject(win)) throw bad();
    if (win[end] === true && Object.keys(win).length === 1) cleanWins[move] = /** @type {any} */ ({ [end]: true });
    else if (isMove(win.reply) && Object.keys(win).length === 2) cleanWins[move] = { reply: win.reply, node: cleanTree(win.node, depth - 1, end) };
    else throw bad();
  }
  /** @type {ProofNode['refutations']} */
  const refutations = {};
  for (const [move, reply] of Object.entries(node.refutations)) {
    if (!isMove(move) || (reply !== null && !isMove(reply)) || move in cleanWins) throw bad();
    refutations[move] = reply;
  }
  return { wins: cleanWins, refutations };
}

/**
 * A line checked against its tree: the key, then the tree's reply and a winning move in turn,
 * ending where the tree ends (a forced win in n: 2n - 1 moves; a best move: at most 2n - 1).
 * @param {unknown} line
 * @param {ProofNode} tree
 * @param {number} n
 * @param {boolean} exact
 */
function cleanLine(line, tree, n, exact) {
  if (!Array.isArray(line) || !line.length || line.length > 2 * n - 1 || !line.every(isMove)) throw bad();
  if (exact && line.length !== 2 * n - 1) throw bad();
  let node = tree;
  for (let j = 0; j < line.length; j += 2) {
    const win = node.wins[line[j]];
    if (!win) throw bad();
    if (!('reply' in win)) {
      if (j !== line.length - 1) throw bad();
      return [...line];
    }
    if (win.reply !== line[j + 1]) throw bad();
    node = win.node;
  }
  throw bad();
}

/**
 * The data of a board kind: a forced win in mate_in, or a best move (mate_in null).
 * @param {Record<string, unknown>} data
 * @param {string} kind
 */
function cleanBoardData(data, kind) {
  const { position, solver, orientation, mate_in: n, line, tree } = data;
  if (!isText(position, LIMITS.position) || !position.trim()) throw bad();
  if (typeof solver !== 'string' || !SIDE.test(solver) || typeof orientation !== 'string' || !SIDE.test(orientation)) throw bad();
  if (kind === BEST_MOVE) {
    if (n !== null) throw bad();
    const proof = cleanTree(tree, MAX_BEST_MOVES, 'done');
    return { position, solver, orientation, mate_in: null, line: cleanLine(line, proof, MAX_BEST_MOVES, false), tree: proof };
  }
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_WIN) throw bad();
  const proof = cleanTree(tree, n, 'mate');
  return { position, solver, orientation, mate_in: n, line: cleanLine(line, proof, n, true), tree: proof };
}

/**
 * The data of a counting number: a position where a count runs and the engine's number.
 * @param {Record<string, unknown>} data
 */
function cleanCountingData(data) {
  const { position, counter, count_kind: kind, ask, answer } = data;
  if (!isText(position, LIMITS.position) || !position.trim()) throw bad();
  if (typeof counter !== 'string' || !SIDE.test(counter)) throw bad();
  if (typeof kind !== 'string' || !COUNT_KINDS.includes(kind) || typeof ask !== 'string' || !COUNT_ASKS.includes(ask)) throw bad();
  if (typeof answer !== 'number' || !Number.isInteger(answer) || answer < 1 || answer > MAX_COUNT) throw bad();
  return { position, counter, count_kind: /** @type {'pieces' | 'board'} */ (kind), ask: /** @type {'limit' | 'start'} */ (ask), answer };
}

/** @param {Record<string, unknown>} data */
function cleanScoringData(data) {
  const { table, question } = data;
  if (!isObject(table) || JSON.stringify(table).length > LIMITS.table || !Array.isArray(table.players)) throw bad();
  if (!isObject(question)) throw bad();
  const { ask, player = '', item = '' } = question;
  if (typeof ask !== 'string' || !ASKS.includes(ask)) throw bad();
  if (typeof player !== 'string' || typeof item !== 'string') throw bad();
  if ((ask === 'nets') !== (player === '') || (player && !SEAT.test(player))) throw bad();
  if ((ask === 'fee') !== (item !== '') || (item && !ITEM.test(item))) throw bad();
  if (player && !table.players.some((/** @type {any} */ p) => p?.id === player)) throw bad();
  return { table: structuredClone(table), question: { ask, player, item } };
}

/**
 * The data of a drill: a deal (distinct cards, a seat dealing, a level), the actions so far, the
 * seat shown ('' or a seat) and the key card ('' or a card of the deck).
 * @param {Record<string, unknown>} data
 */
function cleanDrillData(data) {
  const { deck, dealer, level, show, moves, key } = data;
  if (typeof deck !== 'string') throw bad();
  const cards = deck.split(' ');
  if (!cards.length || cards.length > LIMITS.deck || !cards.every((c) => CARD.test(c)) || new Set(cards).size !== cards.length) throw bad();
  if (typeof dealer !== 'string' || !SEAT.test(dealer) || typeof level !== 'string' || !LEVEL.test(level)) throw bad();
  if (typeof show !== 'string' || (show && !SEAT.test(show))) throw bad();
  if (typeof key !== 'string' || (key && !cards.includes(key))) throw bad();
  if (!Array.isArray(moves) || moves.length > LIMITS.actions
    || !moves.every((m) => typeof m === 'string' && m.length <= LIMITS.action && ACTION.test(m) && m.trim() === m && m)) throw bad();
  return { deck, dealer, level, show, moves: [...moves], key };
}

/**
 * The exercise `x` checked field by field and cleaned (texts trimmed, its id worked out from its
 * content; a given id must be that one), or CodeError('BAD_CODE').
 * @param {any} x anything
 * @returns {TeacherExercise}
 */
export function cleanExercise(x) {
  if (!isObject(x)) throw bad();
  const { game, kind, title = '', hints = [], data } = x;
  if (typeof game !== 'string' || !GAME.test(game)) throw bad();
  if (typeof kind !== 'string' || !Object.prototype.hasOwnProperty.call(KINDS, kind)) throw bad();
  if (!isText(title, LIMITS.title)) throw bad();
  if (!Array.isArray(hints) || hints.length > LIMITS.hints || !hints.every((h) => isText(h, LIMITS.hint) && h.trim())) throw bad();
  if (!isObject(data)) throw bad();
  const clean = {
    game, kind, title: title.trim(), hints: hints.map((h) => h.trim()),
    data: BOARD_KINDS.includes(kind) ? cleanBoardData(data, kind) : kind === 'counting' ? cleanCountingData(data)
      : DRILL_KINDS.includes(kind) ? cleanDrillData(data) : cleanScoringData(data),
  };
  const id = exerciseId(clean);
  if (x.id !== undefined && x.id !== id) throw bad();
  return { id, ...clean };
}

/** Is `id` the id of a teacher-made exercise (not a catalog puzzle's)? */
export const isExerciseId = /** @type {(id: unknown) => boolean} */ ((id) => typeof id === 'string' && ID.test(id));

/** The goal and title words of each kind. */
const WORDS = {
  th: {
    title: 'โจทย์จากครู',
    toMove: 'ฝ่ายที่เดินก่อน',
    mate: '{side} รุกจนให้ได้ใน {n} ตา',
    win: '{side} บังคับชนะให้ได้ใน {n} ตา',
    best: '{side} หาตาที่ได้หมาก แล้วเดินต่อจนได้หมากจริงบนกระดาน (ไม่เกิน {n} ตาของคุณ)',
    counting: 'คำถามการนับศักดิ์ในตำแหน่งนี้ ตอบเป็นตัวเลข',
    drill: { 'dummy-discard': 'ทิ้งใบไหนจึงปลอดภัย', 'dummy-collect': 'เก็บไพ่ใบนี้ได้ไหม เก็บอย่างไร', 'dummy-knock': 'น็อกเลย คว่ำใบไหน' },
    seat: 'ขา {n}',
    scoring: {
      points: '{seat} ได้กี่แต้ม (ไพ่ที่ลงและฝาก ลบไพ่ในมือ)', tier: '{seat} เสียขั้นไหน',
      fee: '{seat} จ่าย{item}รวมเท่าไร', net: 'เมื่อจบเกม {seat} ได้หรือเสียสุทธิเท่าไร (เสียให้ใส่เครื่องหมายลบ)',
      nets: 'แต้มสุทธิของทุกขาเป็นเท่าไร (เสียให้ใส่เครื่องหมายลบ)',
    },
  },
  en: {
    title: "Teacher's exercise",
    toMove: 'Side to move',
    mate: '{side} and mate in {n}.',
    win: '{side} and win in {n}.',
    best: '{side} and win material, and play on until it is won on the board (at most {n} of your moves).',
    counting: 'A counting question on this position: answer with a number.',
    drill: { 'dummy-discard': 'Which discard is safe?', 'dummy-collect': 'Can you collect this card? How?', 'dummy-knock': 'Knock now: which card face down?' },
    seat: 'P{n}',
    scoring: {
      points: 'How many points does {seat} score (melds and layoffs minus the hand)?',
      tier: 'Which tier does {seat} pay?', fee: 'How much does {seat} pay in total as {item}?',
      net: "What is {seat}'s net at the end (a loss with a minus sign)?",
      nets: "What is every seat's net (a loss with a minus sign)?",
    },
  },
};

/**
 * The most solver moves any winning branch of a best move's tree takes.
 * @param {ProofNode} node
 * @returns {number}
 */
function solverMoves(node) {
  return Math.max(...Object.values(node.wins).map((win) => ('node' in win ? 1 + solverMoves(win.node) : 1)));
}

/** @type {(text: string, vars: Record<string, string | number>) => string} */
const fill = (text, vars) => text.replace(/\{(\w+)\}/g, (_, k) => String(vars[k] ?? ''));

/**
 * The words of an exercise's goal that only its game knows, from what its page has: for a board
 * kind, the game module's `toMove` ({th: {side id: "ขาวเดินก่อน"}, en: {side id: "White to move"}}:
 * the side to move named as the game's catalog names it); for another kind, the page's words of
 * the kind (`kindWords`, e.g. a Dummy page's `words`). Core names no game: the page hands them in.
 * @param {TeacherExercise} x
 * @param {any} kindWords the page's words of x's kind, or null
 * @param {{toMove?: Record<string, Record<string, string>>, countingQuiz?: any} | null} game x's game module, or null
 * @returns {any} the `words` argument of exerciseGoal / exercisePuzzleData
 */
export function exerciseWords(x, kindWords, game) {
  if (BOARD_KINDS.includes(x.kind)) return game?.toMove ? { toMove: game.toMove } : null;
  if (x.kind === 'counting') return game?.countingQuiz ? { quiz: game.countingQuiz } : null;
  return kindWords ?? null;
}

/**
 * The number quiz of a counting exercise in `lang`: the question, explanation and nudge in the
 * game's words (`quiz`: its module's `countingQuiz`, {th, en}: {sides, kinds, goal, prompt,
 * explain, nudge}; goal/prompt keyed by ask, explain/nudge by "ask_kind"); without them, plain words.
 * @param {TeacherExercise} x
 * @param {Lang} lang
 * @param {any} words exerciseWords' {quiz}
 */
function countingQuiz(x, lang, words) {
  const { counter, count_kind: kind, ask, answer } = /** @type {any} */ (x.data);
  const q = words?.quiz?.[lang];
  const vars = { counter: q?.sides?.[counter] ?? counter, kind: q?.kinds?.[kind] ?? kind, answer, pieces: answer - 1 };
  const say = (/** @type {any} */ group, /** @type {string} */ key) => (typeof group?.[key] === 'string' ? fill(group[key], vars) : '');
  return {
    goal: say(q?.goal, ask) || WORDS[lang].counting,
    quiz: {
      prompt: say(q?.prompt, ask) || WORDS[lang].counting, answer_type: 'number', choices: [], correct: answer,
      explanation: say(q?.explain, `${ask}_${kind}`), nudges: {}, ...(q?.nudge ? { nudge: say(q.nudge, `${ask}_${kind}`) } : {}),
    },
  };
}

/**
 * The goal of the exercise in `lang`, made from its kind and data. `words` (exerciseWords): for a
 * board kind `{toMove}`, the side to move by name ("ขาวเดินก่อน รุกจนให้ได้ใน 1 ตา"; without it
 * "ฝ่ายที่เดินก่อน"); else the kind's own words where the page has them (a Dummy page's `words`,
 * whose `items` name the ledger items).
 * @param {TeacherExercise} x
 * @param {Lang} lang
 * @param {any} [words]
 */
export function exerciseGoal(x, lang, words = null) {
  const w = WORDS[lang];
  const data = /** @type {any} */ (x.data);
  if (x.kind === 'counting') return countingQuiz(x, lang, words).goal;
  if (DRILL_KINDS.includes(x.kind)) return w.drill[/** @type {keyof typeof w.drill} */ (x.kind)];
  const named = words?.toMove?.[lang]?.[data.solver];
  const side = typeof named === 'string' && named ? named : w.toMove;
  if (x.kind === BEST_MOVE) return fill(w.best, { side, n: solverMoves(data.tree) });
  if (WIN_KINDS.includes(x.kind)) return fill(x.kind === 'win' ? w.win : w.mate, { side, n: data.mate_in });
  const { ask, player, item } = data.question;
  const seat = player ? fill(w.seat, { n: player.replace(/^\D+/, '') }) : '';
  return fill(w.scoring[/** @type {keyof typeof w.scoring} */ (ask)], { seat, item: words?.items?.[item] ?? item });
}

/**
 * The engine's question (the `prove` reply's bilingual quiz) in `lang`, as a catalog drill page's
 * data has it (site_builder/puzzles/kinds/rule_quiz.py quiz_data).
 * @param {any} quiz
 * @param {Lang} lang
 */
export function quizIn(quiz, lang) {
  /** @type {(said: any) => string} */
  const say = (said) => String(said?.[lang] ?? said?.en ?? '');
  return {
    prompt: say(quiz.prompt), answer_type: quiz.answer_type ?? 'choice',
    choices: quiz.choices.map((/** @type {any} */ c) => ({ id: c.id, label: say(c.label) })),
    correct: quiz.correct, explanation: say(quiz.explanation),
    nudges: Object.fromEntries(Object.entries(quiz.nudges ?? {}).map(([id, said]) => [id, say(said)])),
  };
}

/**
 * @typedef {{quiz: any, solver: string, view: any, shown: {seat: string, hand: string[]} | null}} DrillProof
 *   what drillProof gives: the engine's bilingual question, the seat to act, its VIEW, the hand shown face up
 */

/**
 * The puzzle page data of the exercise: what the puzzle UI and the judges take, as a catalog
 * puzzle page's data block of the same kind has it (no recorded replies: the live engine answers).
 * `words` (exerciseWords): the side to move's name (a board kind), or the kind's own words the page
 * has (a Dummy page's), put in the data as a catalog page does. A drill's question and figure come
 * from `proof` (drillProof; without it the drill has no question: nothing to judge yet).
 * @param {TeacherExercise} x
 * @param {Lang} lang
 * @param {any} [words]
 * @param {DrillProof | null} [proof]
 * @returns {PuzzleData}
 */
export function exercisePuzzleData(x, lang, words = null, proof = null) {
  const data = /** @type {any} */ (x.data);
  const scoring = !BOARD_KINDS.includes(x.kind) && x.kind !== 'counting';
  const counting = x.kind === 'counting' ? countingQuiz(x, lang, words) : null;
  const drill = DRILL_KINDS.includes(x.kind) && proof ? quizIn(proof.quiz, lang) : null;
  return /** @type {PuzzleData} */ ({
    id: x.id, game: x.game, kind: x.kind, title: x.title || WORDS[lang].title,
    goal: counting?.goal ?? drill?.prompt ?? exerciseGoal(x, lang, words),
    hints: [...x.hints], tags: [], difficulty: 0, next: null, index: '', replies: null,
    quiz: counting?.quiz ?? drill,
    ...(BOARD_KINDS.includes(x.kind) ? {} : { position: '', solver: '', orientation: '', mate_in: null, line: [], tree: null }),
    ...structuredClone(data), ...(scoring && words ? { words } : {}),
    ...(drill && proof ? { solver: proof.solver, drill: { view: proof.view, shown: proof.shown, solver: proof.solver } } : {}),
  });
}

// ---- proving a draft ----------------------------------------------------------------------

/** Why a draft cannot be made an exercise, in both languages. */
const REFUSALS = {
  kind: { th: 'เลือกชนิดโจทย์ที่สร้างเองได้: บังคับชนะ ตาเด็ด การนับศักดิ์ คิดแต้มดัมมี่ หรือแบบฝึกดัมมี่', en: 'Pick a kind of exercise you can make: a forced win, a best move, a counting number, a Dummy figure or a Dummy drill.' },
  countAsk: { th: 'เลือกสิ่งที่ถาม: เลขนับครบ หรือเลขแรกที่นับ', en: 'Pick what is asked: the count limit or the first number.' },
  countMoves: { th: `ตาที่ทำให้เริ่มนับใส่ได้ไม่เกิน ${MAX_COUNT_MOVES} ตา แต่ละตาเป็นตัวอักษรเดินแบบ e1e4`, en: `At most ${MAX_COUNT_MOVES} moves that start the count, each written like e1e4.` },
  noCount: { th: 'หลังตาที่ใส่ ตำแหน่งนี้ยังไม่มีการนับศักดิ์ ใส่ตาที่ทำให้เริ่มนับ หรือตั้งตำแหน่งที่กำลังนับอยู่', en: 'No count runs in this position after the moves given: give the move that starts the count, or set up a position where a count runs.' },
  over: { th: 'เกมจบแล้วในตำแหน่งนี้ ไม่มีการนับให้ถาม', en: 'The game is already over in this position: there is no count to ask about.' },
  depth: { th: 'ความลึกต้องเป็นเลข 1 ถึง 4 ครึ่งตา', en: 'The depth must be 1 to 4 plies.' },
  margin: { th: 'ส่วนต่างต้องเป็นตัวเลข 0.5 ถึง 50', en: 'The margin must be a number from 0.5 to 50.' },
  game: { th: 'ไม่รู้ว่าโจทย์นี้เป็นของเกมไหน', en: 'The exercise does not say which game it is.' },
  title: { th: `ชื่อโจทย์ยาวได้ไม่เกิน ${LIMITS.title} ตัวอักษร`, en: `A title holds at most ${LIMITS.title} characters.` },
  hints: { th: `คำใบ้มีได้ไม่เกิน ${LIMITS.hints} ข้อ ข้อละไม่เกิน ${LIMITS.hint} ตัวอักษร`, en: `At most ${LIMITS.hints} hints, each at most ${LIMITS.hint} characters.` },
  position: { th: 'ยังไม่ได้ตั้งตำแหน่งหมาก', en: 'Set up a position first.' },
  positionLong: { th: `ตำแหน่งยาวเกิน ${LIMITS.position} ตัวอักษร`, en: `The position is longer than ${LIMITS.position} characters.` },
  count: { th: `จำนวนตาต้องเป็นเลข 1 ถึง ${MAX_WIN} (หรือเว้นว่างให้เอนจินหาทางที่สั้นที่สุด)`, en: `The number of moves must be 1 to ${MAX_WIN} (or empty: the engine finds the shortest).` },
  table: { th: 'ยังไม่ได้ใส่โต๊ะดัมมี่ที่จบเกมแล้ว', en: 'Give a finished Dummy table first.' },
  tableLong: { th: 'โต๊ะนี้ใหญ่เกินกว่าจะใส่ในลิงก์ได้', en: 'This table is too large to go in a link.' },
  ask: { th: 'เลือกคำถาม: แต้ม ขั้นที่เสีย ค่าที่จ่าย แต้มสุทธิของขาหนึ่ง หรือแต้มสุทธิทุกขา', en: 'Pick a question: points, tier, a fee, one seat\'s net or every net.' },
  player: { th: 'เลือกขาที่ถาม (ต้องเป็นขาบนโต๊ะนี้)', en: 'Pick the seat the question asks about (a seat of this table).' },
  item: { th: 'เลือกรายการที่จ่าย', en: 'Pick the fee the question asks about.' },
  noFee: { th: 'ขา {n} ไม่ได้จ่ายรายการนี้บนโต๊ะนี้ ถามรายการที่ขานั้นจ่ายจริง', en: 'P{n} pays no such fee on this table: ask about a fee the seat pays.' },
  engine: { th: 'เอนจินตอบไม่ได้ ({why}) ลองใหม่อีกครั้ง', en: 'The engine could not answer ({why}); try again.' },
  drill: { th: 'ยังไม่ได้ใส่ตำแหน่งของแบบฝึก (สำรับไพ่และการเล่นที่ผ่านมา)', en: 'Give the drill position first (the deck and the actions so far).' },
  drillLong: { th: `ตำแหน่งนี้มีการเล่นเกิน ${LIMITS.actions} ครั้ง ยาวเกินกว่าจะใส่ในลิงก์ได้`, en: `This position has more than ${LIMITS.actions} actions: too long for a link.` },
  ended: { th: 'มือนี้จบแล้วหลังการเล่นเหล่านี้ แบบฝึกต้องถามระหว่างที่ยังเล่นกันอยู่', en: 'The hand has ended after these actions: a drill asks about a hand in play.' },
  key: { th: 'เลือกไพ่ในกองทิ้งที่จะถามว่าเก็บได้ไหม', en: 'Pick the pile card the question asks about.' },
};

/** An Error whose `.words` say why, in Thai and English; `.code`: the engine's code, 'BAD_DRAFT' (the
 * draft itself is wrong) or 'ENGINE_FAILED' (the engine did not answer). */
export class ExerciseError extends Error {
  /**
   * @param {{th: string, en: string}} words
   * @param {string} [code]
   * @param {string | null} [reason] the engine's reason code (NOT_PROVEN: not_forced, shorter_than_claimed, no_forced_win)
   */
  constructor(words, code = 'BAD_DRAFT', reason = null) {
    super(words.en);
    this.words = words;
    this.code = code;
    this.reason = reason;
  }
}

/** @type {(key: keyof typeof REFUSALS, vars?: Record<string, string>, code?: string) => ExerciseError} */
const refusal = (key, vars = {}, code = 'BAD_DRAFT') => new ExerciseError({ th: fill(REFUSALS[key].th, vars), en: fill(REFUSALS[key].en, vars) }, code);

/**
 * The engine's reply to `request`, or an ExerciseError: the engine's own words for a refusal.
 * @param {(request: any) => Promise<any> | any} call
 * @param {object} request
 */
async function engineReply(call, request) {
  let reply;
  try {
    reply = await call(request);
  } catch (err) {
    throw refusal('engine', { why: String(/** @type {any} */ (err)?.code ?? /** @type {any} */ (err)?.message ?? err).slice(0, 80) }, 'ENGINE_FAILED');
  }
  if (!reply?.ok) {
    const error = reply?.error ?? {};
    throw new ExerciseError({ th: String(error.message_th ?? error.message ?? ''), en: String(error.message ?? '') },
      String(error.code ?? 'ENGINE_FAILED'), error.reason ?? null);
  }
  return reply;
}

/**
 * The teacher's title and hints checked (trimmed; blank hints dropped).
 * @param {any} draft
 */
function teacherWords(draft) {
  const title = draft.title ?? '';
  if (typeof title !== 'string' || [...title.trim()].length > LIMITS.title) throw refusal('title');
  const hints = (draft.hints ?? []).filter((/** @type {unknown} */ h) => typeof h !== 'string' || h.trim());
  if (!Array.isArray(hints) || hints.length > LIMITS.hints
    || !hints.every((/** @type {unknown} */ h) => typeof h === 'string' && [...h.trim()].length <= LIMITS.hint)) throw refusal('hints');
  return { title: title.trim(), hints: hints.map((/** @type {string} */ h) => h.trim()) };
}

/**
 * The prove task of a board draft: a forced win, the shortest (draft.mate_in null or absent) or
 * in exactly draft.mate_in moves; a best move at draft.depth plies by draft.margin (the engine's
 * defaults when absent). draft.line, if given, is the line the tree follows where it can.
 * @param {any} draft
 * @returns {import('../types/engine.js').ProveTask}
 */
function proveTask(draft) {
  const line = Array.isArray(draft.line) && draft.line.length ? { line: draft.line.map(String) } : {};
  if (draft.kind === BEST_MOVE) {
    const { depth = 3, margin = 2 } = draft;
    if (!(Number.isInteger(depth) && depth >= 1 && depth <= 4)) throw refusal('depth');
    if (!(typeof margin === 'number' && margin >= 0.5 && margin <= 50)) throw refusal('margin');
    return { kind: 'best_move', depth, margin, ...line };
  }
  const n = draft.mate_in ?? null;
  if (n !== null && !(Number.isInteger(n) && n >= 1 && n <= MAX_WIN)) throw refusal('count');
  return { kind: 'mate', in: n, ...line };
}

/**
 * A board exercise proven by the engine's `prove` op (proveTask says what is asked).
 * @param {(request: any) => Promise<any> | any} call
 * @param {any} draft
 */
async function proveBoard(call, draft) {
  const position = typeof draft.position === 'string' ? draft.position.trim() : '';
  if (!position) throw refusal('position');
  if (position.length > LIMITS.position) throw refusal('positionLong');
  const task = proveTask(draft);
  const request = { op: 'prove', game: draft.game, position, task, ...(draft.options ? { options: draft.options } : {}) };
  const reply = await engineReply(call, request);
  const { solver, orientation, mate_in, line, tree } = reply;
  return { position: reply.position, solver, orientation, mate_in, line, tree };
}

/**
 * A counting number computed by the engine's `play` op: the teacher's position, then the moves
 * that start the count (the capture that leaves a bare Khun, or "count-start"); the count must
 * run after them and the game go on. The position kept is the engine's after those moves (its
 * FEN carries the count), so the page needs no move to show it.
 * @param {(request: any) => Promise<any> | any} call
 * @param {any} draft
 */
async function countNumber(call, draft) {
  const position = typeof draft.position === 'string' ? draft.position.trim() : '';
  if (!position) throw refusal('position');
  if (position.length > LIMITS.position) throw refusal('positionLong');
  const moves = draft.moves ?? [];
  if (!Array.isArray(moves) || moves.length > MAX_COUNT_MOVES || !moves.every(isMove)) throw refusal('countMoves');
  if (!COUNT_ASKS.includes(draft.ask)) throw refusal('countAsk');
  const reply = await engineReply(call, { op: 'play', game: draft.game, position, moves });
  if (reply.status?.result !== 'ongoing') throw refusal('over', {}, 'GAME_OVER');
  const count = reply.status?.counting ?? {};
  if (!COUNT_KINDS.includes(count.kind)) throw refusal('noCount', {}, 'NO_COUNT');
  if (typeof reply.position !== 'string' || reply.position.length > LIMITS.position) throw refusal('positionLong');
  return { position: reply.position, counter: count.counter, count_kind: count.kind, ask: draft.ask, answer: count[draft.ask] };
}

/**
 * A Dummy figure settled by the engine's `settle` op; the question must have an answer on the table.
 * @param {(request: any) => Promise<any> | any} call
 * @param {any} draft
 */
async function settleFigure(call, draft) {
  const table = draft.table;
  if (!isObject(table)) throw refusal('table');
  if (JSON.stringify(table).length > LIMITS.table) throw refusal('tableLong');
  const { ask, player = '', item = '' } = draft.question ?? {};
  if (!ASKS.includes(ask)) throw refusal('ask');
  const seats = Array.isArray(table.players) ? table.players.map((/** @type {any} */ p) => p?.id) : [];
  if (ask === 'nets' ? player : !seats.includes(player)) throw refusal('player');
  if (ask === 'fee' ? !(typeof item === 'string' && ITEM.test(item)) : item) throw refusal('item');
  const reply = await engineReply(call, { op: 'settle', game: draft.game, table });
  const question = { ask, player: ask === 'nets' ? '' : player, item: ask === 'fee' ? item : '' };
  if (ask === 'fee' && !reply.ledger.some((/** @type {any} */ l) => l.from === player && l.item === item)) {
    throw refusal('noFee', { n: player.replace(/^\D+/, '') });
  }
  return { table, question };
}

/**
 * A drill's position as exercise data (cleanDrillData's fields), from a draft's `drill`
 * {deck: cards (a list or space-separated), dealer, level, show, moves} and `key`.
 * @param {any} draft
 */
function drillData(draft) {
  const drill = isObject(draft.drill) ? draft.drill : {};
  const deck = Array.isArray(drill.deck) ? drill.deck.join(' ') : String(drill.deck ?? '').trim().split(/\s+/).join(' ');
  const moves = Array.isArray(drill.moves) ? drill.moves.map((/** @type {unknown} */ m) => String(m).trim()).filter(Boolean) : [];
  if (!deck) throw refusal('drill');
  if (moves.length > LIMITS.actions) throw refusal('drillLong');
  const key = draft.kind === KEY_KIND ? String(draft.key ?? '') : '';
  if (draft.kind === KEY_KIND && !key) throw refusal('key');
  const data = { deck, dealer: String(drill.dealer || 'P1'), level: String(drill.level || 'sian'), show: String(drill.show ?? ''), moves, key };
  try {
    return cleanDrillData(data);
  } catch {
    throw refusal('drill');
  }
}

/**
 * The hand of a drill replayed by the engine: `deal` then `play` of its actions; the engine's
 * `play` reply (position, turn, phase, legal, status), or an ExerciseError (the engine's words, or
 * a hand that has ended).
 * @param {(request: any) => Promise<any> | any} call
 * @param {string} game
 * @param {{deck: string, dealer: string, level: string, moves: string[]}} data
 */
export async function replayDrill(call, game, data) {
  const dealt = await engineReply(call, { op: 'deal', game, deck: data.deck.split(' '), dealer: data.dealer, level: data.level });
  const reply = await engineReply(call, { op: 'play', game, position: dealt.state, moves: data.moves });
  if (reply.status?.result !== 'ongoing') throw refusal('ended', {}, 'GAME_OVER');
  return reply;
}

/**
 * The drill proven again (deterministic: the builder's proof): its hand replayed, the engine's
 * `prove` question and the solver's `view`; an ExerciseError with the engine's words when it
 * cannot be. `kind`, `game` and `data` as a TeacherExercise has them.
 * @param {(request: any) => Promise<any> | any} call
 * @param {{game: string, kind: string, data: any}} x
 * @returns {Promise<DrillProof>}
 */
export async function drillProof(call, { game, kind, data }) {
  const reply = await replayDrill(call, game, data);
  const task = { kind, ...(data.key ? { key: data.key } : {}), ...(data.show ? { show: data.show } : {}) };
  const proven = await engineReply(call, { op: 'prove', game, position: reply.position, task });
  const solver = proven.solver ?? reply.turn;
  const { view } = await engineReply(call, { op: 'view', game, position: reply.position, seat: solver });
  const shown = data.show ? reply.position.players.find((/** @type {any} */ p) => p.id === data.show) : null;
  return { quiz: proven.quiz, solver, view, shown: shown ? { seat: shown.id, hand: [...shown.hand] } : null };
}

/**
 * The draft ({game, kind, title, hints} and the kind's task: position [, mate_in, line, options]
 * for a forced win; position [, depth, margin, line, options] for a best move; position, ask
 * ('limit' | 'start') [, moves] for a counting number; table, question
 * {ask, player, item} for a Dummy figure; drill {deck, dealer, level, show, moves} [, key] for a drill) proven by the engine
 * through `call` (an engine call returning the engine's JSON reply, e.g. core/engine-client.js's)
 * and made an exercise; else an ExerciseError whose `.words` say plainly why.
 * @param {(request: any) => Promise<any> | any} call
 * @param {any} draft
 * @returns {Promise<TeacherExercise>}
 */
export async function proveExercise(call, draft) {
  if (!isObject(draft) || typeof draft.game !== 'string' || !GAME.test(draft.game)) throw refusal('game');
  const kind = draft.kind;
  if (typeof kind !== 'string' || !Object.prototype.hasOwnProperty.call(KINDS, kind)) throw refusal('kind');
  const words = teacherWords(draft);
  let data;
  if (DRILL_KINDS.includes(kind)) {
    data = drillData(draft);
    await drillProof(call, { game: draft.game, kind, data });
  } else {
    data = BOARD_KINDS.includes(kind) ? await proveBoard(call, draft)
      : kind === 'counting' ? await countNumber(call, draft) : await settleFigure(call, draft);
  }
  return cleanExercise({ game: draft.game, kind, ...words, data });
}
