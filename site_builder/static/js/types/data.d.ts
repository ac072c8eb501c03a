/**
 * The main shared data shapes of the browser side (types only; not shipped, see engine.d.ts):
 * a puzzle page's data block (site_builder/puzzles/pages.py page_data and each kind's
 * page_data), the assignment and result codes (core/assignment.js), the student's saved work
 * (core/student-state.js) and the puzzle progress (core/progress.js).
 */
import type { ReplyTable, Words } from './engine.js';

// --- Puzzle page data block (<script type="application/json" id="kr-puzzle-data">) --------------

/** The author's line and the proof tree a solving board follows (kinds mate, best_move). */
export interface ProofNode {
  wins: Record<string, { mate: true } | { done: true } | { reply: string; node: ProofNode }>;
  refutations: Record<string, string | null>;
}

export interface QuizChoice { id?: string; text: string; correct?: boolean; [detail: string]: unknown }

export interface PuzzleData {
  id: string;
  game: string;
  /** mate | best_move | rule_quiz | counting | scoring | ... */
  kind: string;
  position: string;
  solver: string;
  orientation: string;
  difficulty: number;
  tags: string[];
  title: string;
  goal: string;
  hints: string[];
  /** The next puzzle's URL, or null for the last one. */
  next: string | null;
  index: string;
  /** Recorded engine replies of the page (replies.page_table). */
  replies: ReplyTable | null;
  /** The kinds' own fields. */
  line?: string[];
  mate_in?: number | null;
  tree?: ProofNode | null;
  quiz?: any;
  /** Game-specific kinds (makruk counting play-outs, dummy scoring). */
  playout?: any;
  question?: any;
  table?: any;
  cards?: any;
  op?: string;
  ui?: any;
  words?: Record<string, string> | Words;
}

// --- Assignment and result codes (core/assignment.js) ------------------------------------------

export type Lang = 'th' | 'en';

export interface Assignment {
  title: string;
  instructions: string;
  lang: Lang;
  /** 'YYYY-MM-DD' or null. */
  due: string | null;
  hints: boolean;
  solution: boolean;
  /** Puzzle ids, in order (a teacher-made exercise's id "t-…" at its place). */
  items: string[];
  /** The teacher-made exercises (core/teacher-exercise.js), when there are any. */
  exercises?: TeacherExercise[];
}

/** A teacher-made exercise, proven by the engine in the builder, carried inside the assignment code. */
export interface TeacherExercise {
  /** "t-" + 7 base-36 characters: CRC-32 of the other fields (same content, same id). */
  id: string;
  game: string;
  /** A puzzle kind the catalog uses: 'mate' (makhos: 'win'), 'best-move', 'scoring'. */
  kind: string;
  /** The teacher's words (may be ''). */
  title: string;
  hints: string[];
  /** The kind's own page-data fields: mate/win {position, solver, orientation, mate_in, line, tree};
   * scoring {table, question}. */
  data: TeacherExerciseData;
}

export type TeacherExerciseData =
  | { position: string; solver: string; orientation: string; mate_in: number | null; line: string[]; tree: ProofNode }
  | { table: any; question: { ask: string; player: string; item: string } }
  /** A counting number: the FEN where the count runs, the counting side, the count's kind, what is asked, the engine's number. */
  | { position: string; counter: string; count_kind: 'pieces' | 'board'; ask: 'limit' | 'start'; answer: number }
  /** A drill on a dealt hand in play: the deal, the actions so far (the seat to act is the solver), the seat shown face up, a collect's key card. */
  | { deck: string; dealer: string; level: string; show: string; moves: string[]; key: string };

/** A reader's event on one item: a move, a retry, a reset, an answer, a hint, the solution seen. */
export type PuzzleEvent = ['m', string] | ['t'] | ['r'] | ['a', string] | ['h'] | ['s'];

/** The student's page's own verdict on an item ('' = not tried). */
export type Claimed = 'solved' | 'retried' | 'failed' | 'seen' | '';

export interface ResultItem {
  id: string;
  events: PuzzleEvent[];
  claimed: Claimed;
  attempts: number;
  hints: number;
  ms: number;
}

export interface Result {
  /** The assignment's id (assignmentId). */
  assignment: string;
  name: string;
  /** ISO times. */
  started: string;
  submitted: string;
  items: ResultItem[];
}

// --- The student's saved work (core/student-state.js) ------------------------------------------

export type Verdict = 'right' | 'wrong' | 'solved';

export interface StudentItem {
  events: PuzzleEvent[];
  verdicts: Verdict[];
  hints: number;
  ms: number;
  claimed: Claimed;
}

export interface StudentState {
  /** The assignment code. */
  code: string;
  name: string;
  started: string;
  submitted?: string;
  items: Record<string, StudentItem>;
}

// --- Puzzle progress (core/progress.js) --------------------------------------------------------

export type ProgressState = 'solved' | 'retried' | 'failed';

export interface ProgressEntry {
  state: ProgressState;
  attempts: number;
  hints: number;
  /** ISO time. */
  updated: string;
  seen?: true;
}

export interface Progress {
  version: 1;
  puzzles: Record<string, ProgressEntry>;
}
