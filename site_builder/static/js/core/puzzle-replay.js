/**
 * Replay of one assignment item (issue #13): the moves and answers a student's result code holds
 * are judged again by the puzzle page's own data, so the gradebook knows what really happened
 * whatever the code claims. Pure: no DOM, no storage; the engine is passed in.
 *
 *   await replayItem(data, events, engine)
 *     -> {result, attempts, hints, mistakes, solution, problems}
 *   data   = the puzzle page's data block (site_builder/puzzles/pages.py page_data)
 *   events = [["m", move] | ["t"] | ["r"] | ["a", answer] | ["h"] | ["s"], …] (core/assignment.js)
 *   engine = core/recorded-engine.js over data.replies (its live fallback only where the page
 *            holds no reply)
 *   result: 'solved' | 'retried' | 'failed' | 'seen' | '' ; solution: the solution was shown;
 *   problems: codes of events the page could never have recorded (then nothing is verified).
 *
 * Judges, one per kind of page (as puzzle.js starts them): a rule quiz by data.quiz.correct,
 * a game's own kind by its module's `puzzles[kind].replay(data, events, engine)` (which may
 * decline with null, as `start` does), a mate / best-move / win puzzle by data.tree. Each
 * judge says of every move or answer "right" (go on), "wrong" or "solved"; grade() applies the
 * grading rule, the same for every kind:
 *   solved  — solved with no wrong move or answer and no solution shown before;
 *   retried — solved after a wrong one; seen — the solution came before any solve;
 *   failed  — tried (any move or answer) and not solved; '' — never tried.
 *   Events after the first solve change nothing. attempts: an attempt starts at the first move
 *   after the start, a take-back or a restart, and every answer is one (counted up to the solve);
 *   hints: every "h"; mistakes: wrong moves and answers before the solve.
 * Problem codes: ILLEGAL_MOVE (the engine refuses it), BAD_ANSWER (not an answer the question
 * takes, e.g. a choice id it lacks), OUT_OF_TURN (a move or answer where the page takes none:
 * after a wrong move before the take-back, after the solution before a restart), NO_TAKEBACK
 * (a take-back with no wrong move to take back), WRONG_EVENT (a move on a quiz, an answer on a
 * board), ENGINE_FAILED (the engine was needed and could not answer: not checked).
 */
import { loadGame } from '../games/index.js';

/** An event the page could not have recorded: stops the replay with `code`. */
export class ReplayProblem extends Error {
  constructor(code) {
    super(code);
    this.code = code;
  }
}

const problem = (code) => new ReplayProblem(code);

/** An engine answer; a failing engine is ENGINE_FAILED (the item cannot be checked). */
export async function ask(engine, request) {
  let reply;
  try {
    reply = await engine.call(request);
  } catch {
    throw problem('ENGINE_FAILED');
  }
  if (!reply?.ok && reply?.error?.code === 'ENGINE_STOPPED') throw problem('ENGINE_FAILED');
  return reply;
}

/** The `play` request of `moves` from `position` (the very request a board makes). */
export const playRequest = (game, position, moves) => ({ op: 'play', game, position, moves: [...moves] });

/**
 * Throws ILLEGAL_MOVE unless `move` is legal after `moves`: the recorded position's legal moves
 * say so when the page holds them; else the engine plays it. Resolves to the position before it.
 */
export async function legalMove(engine, game, position, moves, move) {
  const before = await ask(engine, playRequest(game, position, moves));
  if (!before.ok) throw problem('ILLEGAL_MOVE');
  if (Array.isArray(before.legal) && !before.pending) {
    if (!before.legal.some((m) => m.move === move)) throw problem('ILLEGAL_MOVE');
    return before;
  }
  const after = await ask(engine, playRequest(game, position, [...moves, move]));
  if (!after.ok) throw problem('ILLEGAL_MOVE');
  return before;
}

/** A judge's refusal of an event its page does not take (e.g. refuse('WRONG_EVENT') for answers on a board). */
export const refuse = (code) => () => { throw problem(code); };

/**
 * The grading rule over `events`, with `judge` = {move(text), answer(value): 'right' | 'wrong' |
 * 'solved' (may be async, may throw ReplayProblem); takeBack(); restart(); shown()}.
 */
export async function grade(events, judge) {
  const out = { result: '', attempts: 0, hints: 0, mistakes: 0, solution: false, problems: [] };
  let fresh = true; // the next move starts an attempt
  let tried = false;
  let seen = false;
  let solved = false;
  try {
    for (const [kind, value] of events) {
      if (kind === 'h') out.hints += 1;
      else if (kind === 's') {
        out.solution = true;
        if (!solved) {
          seen = true;
          await judge.shown();
        }
      } else if (solved) continue; // the first outcome counts
      else if (kind === 'r') {
        await judge.restart();
        fresh = true;
      } else if (kind === 't') {
        await judge.takeBack();
        fresh = true;
      } else {
        const verdict = kind === 'm' ? await judge.move(value) : await judge.answer(value);
        if (kind === 'a' || fresh) out.attempts += 1;
        fresh = false;
        tried = true;
        if (verdict === 'wrong') out.mistakes += 1;
        solved = verdict === 'solved';
      }
    }
  } catch (err) {
    if (!(err instanceof ReplayProblem)) throw err;
    out.problems.push(err.code);
  }
  if (solved) out.result = seen ? 'seen' : out.mistakes ? 'retried' : 'solved';
  else out.result = seen ? 'seen' : tried ? 'failed' : '';
  return out;
}

/** Rule quizzes (choices or a number), as puzzle.js's QuizPuzzle judges them. */
function quizJudge(quiz) {
  const correct = (Array.isArray(quiz.correct) ? quiz.correct : [quiz.correct]).map(String);
  const ids = new Set((quiz.choices ?? []).map((c) => String(c.id)));
  let closed = false;
  const right = (value) => {
    if (quiz.answer_type === 'number') {
      const number = typeof value === 'string' && value.trim() ? Number(value) : NaN;
      if (!Number.isFinite(number)) throw problem('BAD_ANSWER');
      return Math.abs(number - Number(quiz.correct)) < 1e-9;
    }
    if (!Array.isArray(value) || !value.length || new Set(value).size !== value.length
      || !value.every((id) => ids.has(id))) throw problem('BAD_ANSWER');
    return value.length === correct.length && value.every((id) => correct.includes(id));
  };
  return {
    answer(value) {
      if (closed) throw problem('OUT_OF_TURN');
      if (!right(value)) return 'wrong';
      closed = true;
      return 'solved';
    },
    move: refuse('WRONG_EVENT'),
    takeBack: refuse('NO_TAKEBACK'),
    restart() { closed = false; }, // the page opened again: a fresh question
    shown() { closed = true; },
  };
}

/**
 * mate / best-move / win puzzles, as puzzle.js's MovePuzzle judges them: a move in the node's
 * wins goes on to its reply (or solves), any other legal move is wrong and ends the attempt
 * until a take-back returns to the position before it.
 */
function treeJudge(data, engine) {
  let moves = [];
  let node = data.tree;
  let mark = null; // where a take-back returns to
  let state = 'play'; // play | wrong | shown | over
  return {
    async move(move) {
      if (state !== 'play') throw problem('OUT_OF_TURN');
      await legalMove(engine, data.game, data.position, moves, move);
      const win = node?.wins?.[move];
      if (!win) {
        mark = { moves, node };
        state = 'wrong';
        return 'wrong';
      }
      if (win.mate || win.done) {
        state = 'over';
        return 'solved';
      }
      moves = [...moves, move, win.reply];
      node = win.node;
      return 'right';
    },
    takeBack() {
      if (state !== 'wrong') throw problem('NO_TAKEBACK');
      ({ moves, node } = mark);
      state = 'play';
    },
    restart() {
      moves = [];
      node = data.tree;
      state = 'play';
    },
    shown() { state = 'shown'; },
    answer: refuse('WRONG_EVENT'),
  };
}

/** The replay of a game's own puzzle kind, or null when the game has none for this page. */
async function ownReplay(data, events, engine) {
  let kind;
  try {
    kind = (await loadGame(data.game)).puzzles?.[data.kind];
  } catch {
    return null;
  }
  return kind?.replay ? kind.replay(data, events, engine) : null;
}

/** What `events` amount to on the puzzle `data` (see the header). */
export async function replayItem(data, events, engine) {
  if (data.quiz) return grade(events, quizJudge(data.quiz));
  const own = await ownReplay(data, events, engine);
  if (own) return own;
  if (data.tree) return grade(events, treeJudge(data, engine));
  return grade(events, { move: refuse('WRONG_EVENT'), answer: refuse('WRONG_EVENT'), takeBack: refuse('NO_TAKEBACK'),
    restart() {}, shown() {} });
}
