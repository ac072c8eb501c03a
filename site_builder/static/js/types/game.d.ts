/**
 * A game's browser module (the default export of games/<id>/index.js, loaded by games/index.js):
 * what boards, panels and pages may ask of a game. Types only; not shipped (see engine.d.ts).
 */
import type { Engine, PlayReply, SideId, Square } from './engine.js';

/** What a game adds to a board (attach): its panels, its words in the status line, its actions. */
export interface BoardExtension {
  update(state: PlayReply): void;
  status(state: PlayReply): string;
  readonly spoken: string;
  actions: string[];
  destroy?(): void;
}

/** A puzzle kind of a game's own: its panels, its page UI and (where it has one) its replay. */
export interface GamePuzzleKind {
  panels?: boolean;
  start?(data: any, figure: HTMLElement): unknown;
  /** Draw the still figure of a puzzle whose page has none from the build (a teacher-made exercise's page). */
  figure?(figure: HTMLElement, data: any): Promise<void>;
  replay?(data: any, events: any[], engine: Engine): unknown;
  [more: string]: unknown;
}

export interface GameModule {
  id: string;
  sides: SideId[];
  /** Board games: the side to move as the catalog's goals name it ({th: {white: 'ขาวเดินก่อน'}, en: {white: 'White to move'}}). */
  toMove?: Record<'th' | 'en', Record<SideId, string>>;
  /** Makruk: the words of a teacher-made counting number ({th, en}: sides, kinds, goal, prompt, explain, nudge; games/makruk/teacher-counting.js). */
  countingQuiz?: Record<'th' | 'en', Record<string, Record<string, string>>>;
  /** Board games: the first side's piece letters (a board editor's palette; the other side's in lower case). */
  pieces?: string[];
  /** {key: text} in the page language. */
  words?: Record<string, string>;
  /** Board size, when not 8 x 8. */
  files?: number;
  ranks?: number;
  sideOf?(letter: string): SideId;
  isKing?(letter: string): boolean;
  /** Id of the piece's <symbol> on the page, as seen with `orientation`'s side at the bottom. */
  sprite?(letter: string, orientation?: SideId): string;
  pieceName?(letter: string): string;
  /** The text of a board move, so the board can ask the engine why it is illegal. */
  moveText?(from: Square, to: Square): string;
  /** Drop games: the text of a drop, a hand's piece letter for a side, a promoted kind. */
  dropText?(kind: string, to: Square): string;
  handLetter?(kind: string, side: SideId): string;
  isPromoted?(kind: string): boolean;
  /** Shaded (playing) squares, e.g. Mak-hot's dark squares. */
  shaded?(square: Square): boolean;
  refusalMarks?(...args: any[]): any;
  /** Why a move or drop from `origin` cannot go to `to`, when the game knows without the engine (else null). */
  refusalReason?(state: any, origin: { square?: Square | null; drop?: string | null }, to: Square): string | null;
  attach?(board: any, panel: HTMLElement, options: { panels: boolean; before: Element | null; onAction: (action: string) => unknown }): BoardExtension;
  /** The number of the first move in the move list. */
  moveNumber?(position: string): number;
  puzzles?: Record<string, GamePuzzleKind>;
}

/** A board game's module: what every live board needs (boards/board.js, boards/describe.js). */
export interface BoardGameModule extends GameModule {
  words: Record<string, string>;
  sideOf(letter: string): SideId;
  isKing(letter: string): boolean;
  sprite(letter: string, orientation?: SideId): string;
  pieceName(letter: string): string;
}

/** A drop game's module (komayo): a board game with hands. */
export interface DropGameModule extends BoardGameModule {
  dropText(kind: string, to: Square): string;
  handLetter(kind: string, side: SideId): string;
}
