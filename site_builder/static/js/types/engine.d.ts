/**
 * The engine's JSON door as the browser sees it (engine/api.py, /work/shared/DESIGN.md "The engine
 * contract", the Dummy ops in engine/dummy/ops.py and rules/dummy-table.md, dummy-play.md).
 * Types only: the type checker reads this file (tsconfig.json beside it); the site build does not
 * ship it. JS modules name these types with `@import` JSDoc tags, e.g.
 *   /** @import { PlayReply, Engine } from '../types/engine.js' *\/
 * `engine.call(request)` returns the reply of the request's op, so a misspelt field is an error.
 */

/** A game's side id, in turn order: white/black, sente/gote, or a Dummy seat P1..P4. */
export type SideId = string;
/** Square name, "a1".."h8". */
export type Square = string;
/** Text in both languages. */
export interface Words { th: string; en: string }

// --- Errors ----------------------------------------------------------------------------------

/** Stable error codes (engine/errors.py); a page may add its own (ENGINE_STOPPED, BUDGET_EXCEEDED, ...). */
export type ErrorCode =
  | 'BAD_REQUEST' | 'BAD_TYPE' | 'UNKNOWN_OP' | 'UNKNOWN_GAME' | 'UNKNOWN_OPTION' | 'BAD_OPTION_VALUE'
  | 'BAD_POSITION' | 'ILLEGAL_POSITION' | 'BAD_MOVE' | 'ILLEGAL_MOVE' | 'GAME_OVER' | 'COUNT_NOT_ALLOWED'
  | 'UNSUPPORTED_OP' | 'BUDGET_EXCEEDED' | 'BAD_TABLE' | 'NOT_PROVEN' | 'INTERNAL' | (string & {});

export interface EngineError {
  code: ErrorCode;
  message: string;
  message_th: string;
  /** The request field at fault, e.g. "moves[2]" or "players[2].melds[0]". */
  field?: string;
  /** A stable refusal code (ILLEGAL_MOVE), e.g. "not_your_turn"; for BUDGET_EXCEEDED which
   * limit stopped the search: "out_of_nodes" or "out_of_time". */
  reason?: string;
  /** BUDGET_EXCEEDED only: the nodes searched before the search stopped. */
  nodes?: number;
  /** Dummy's rule paragraph of a refusal, e.g. "§33". */
  rule?: string;
  /** INTERNAL only: the traceback's end, for bug reports. */
  detail?: string;
}

/** Every reply: `ok: true` with the op's fields, or `ok: false` with an error. (`error?: undefined`
 * lets `if (!reply.ok) … reply.error` read without strictNullChecks, which narrows only on truthiness.) */
export type Failure = { ok: false; error: EngineError };
export type Ok<T> = { ok: true; error?: undefined } & T;
export type Reply<T> = Ok<T> | Failure;

// --- Board games -----------------------------------------------------------------------------

export interface GameOption {
  name: string;
  default: unknown;
  choices: unknown[];
  description: string;
  description_th: string;
  source: string;
}

export interface GameInfo {
  id: string;
  name: string;
  name_th: string;
  sides: SideId[];
  ops: string[];
  options: GameOption[];
  /** Board games only. */
  start_position?: string;
  /** Board size, when the game tells it (files x ranks). */
  files?: number;
  ranks?: number;
}

export interface GamesReply { games: GameInfo[] }
export interface StartReply { position: string }
export interface LegalMovesReply { moves: string[] }

/** One legal move as the board UI needs it (`legal` of a play reply): a move on the board or a drop. */
export type LegalMove = BoardMove | DropMove;

/** What every legal move has. */
interface LegalMoveFields {
  move: string;
  to: Square;
  /** Every square landed on, in order. */
  path: Square[];
  /** Squares of the pieces taken. */
  captures: Square[];
  promotion: boolean;
  /** Komayo's King's privilege (`^`). */
  privilege?: boolean;
  words: Words;
}

/** A piece moving from one square. */
export interface BoardMove extends LegalMoveFields { from: Square; drop: null }

/** A piece dropped from a hand (komayo): `drop` is its letter. */
export interface DropMove extends LegalMoveFields { from: null; drop: string }

/** Makruk's `status.counting`: every field null while no count runs. */
export interface Counting {
  kind: 'board' | 'pieces' | null;
  counter: SideId | null;
  count: number | null;
  start: number | null;
  /** In moves. */
  limit: number | null;
}

export type GameResult = 'ongoing' | 'draw' | 'white_wins' | 'black_wins' | 'sente_wins' | 'gote_wins' | (string & {});

export interface GameStatus {
  result: GameResult;
  /** checkmate, stalemate, repetition, counting, king_captured, no_pieces, no_moves, illegal_move, fifty_moves, ... */
  reason: string | null;
  check?: boolean;
  /** makruk */
  counting?: Counting;
  /** komayo */
  quiet_plies?: number;
  /** komayo: the refusal that lost the game (a game-losing illegal move), else null. */
  illegal?: { move: string; reason: string; message: string; message_th: string } | null;
  /** makhos */
  must_capture?: boolean;
  missed_capture?: string | null;
}

/** komayo: piece text ("P", "+R") -> how many. */
export type Hand = Record<string, number>;

export interface PlayReply {
  position: string;
  turn: SideId;
  /** square -> piece text */
  board: Record<Square, string>;
  /** komayo: side -> hand. */
  hands?: Record<SideId, Hand>;
  legal_moves: string[];
  legal: LegalMove[];
  /** Non-move actions the side to move may take (makruk: count-start, count-stop, count-draw). */
  actions: string[];
  last_move: string | null;
  last_move_words: Words | null;
  status: GameStatus;
  /** A reply the build recorded without its legal moves (core/recorded-engine.js): ask the live engine. */
  pending?: boolean;
}

export interface PerftReply { nodes: number }
/** Shortest forced win (null: none within mate_in) and every winning key -> its length. */
export interface MateReply { shortest: number | null; keys: Record<string, number> }
/** Best defence and in how many moves the attacker then wins (null: he does not). */
export interface DefendReply { move: string; mate_in: number | null }
export interface BestmoveReply { move: string; words: Words; level: number; depth?: number; nodes?: number }
/** A proven forced win: the fields a 'mate' puzzle page's data block has (position: the engine's own text). */
export interface ProveReply {
  kind: 'mate' | 'best_move'; position: string; solver: SideId; orientation: SideId;
  /** null for a best move. */
  mate_in: number | null; line: string[]; tree: import('./data.js').ProofNode; nodes: number;
  /** mate: every winning key -> its length. */
  keys?: Record<string, number>;
  /** best_move: the accepted first moves, the search's depth and margin, the gain, the most solver moves. */
  accepted?: string[]; depth?: number; margin?: number; gain?: number; solver_moves?: number;
}

// --- Dummy: the end-of-game table and its settlement (rules/dummy-table.md) --------------------

export type Card = string;
export type Level = 'thep' | 'sian' | 'khot_sian';
export type Tier = 'win' | 'small' | 'medium' | 'large';

export interface TableMeld { cards: Card[]; in_knock?: boolean }
export interface TableLayoff { card: Card; onto: string; in_knock?: boolean }
export interface TablePlayer { id: SideId; melds: TableMeld[]; layoffs: TableLayoff[]; hand: Card[]; born?: boolean }
export interface Liability { culprits: SideId[]; covers: 'head' | 'speto_fee' | 'knocker_speto' | 'all'; beneficiary: SideId }

export interface Table {
  level: Level;
  head: Card;
  players: TablePlayer[];
  knock: { player: SideId; face_down: Card; collected: Card[]; type?: string } | null;
  fool?: { feeder: SideId; receiver: SideId } | null;
  events?: {
    two_spetos_shown_by?: SideId[];
    called_discards?: SideId[];
    liabilities?: Liability[];
    head_collected_by?: SideId | null;
  };
  tie_break?: { dealer?: SideId; next_head?: Card; high_cards?: Record<SideId, Card> };
  discard_pile?: Card[];
  stock_count?: number;
}

export type LedgerItem =
  | 'tier' | 'knock_fee' | 'fool' | 'fool_round' | 'speto_held' | 'knocker_speto' | 'face_down_speto'
  | 'face_down_dummy' | 'head' | 'speto_fee' | 'speto_collected' | 'show_two_spetos' | 'called_discard';

export interface LedgerLine { from: SideId; to: SideId; amount: number; item: LedgerItem; rule: string }

/** `derived` of a settle reply: what the engine worked out from the table. */
export interface Derived {
  knocker: SideId | null;
  knock_type: string | null;
  born: Record<SideId, boolean>;
  state: Record<SideId, string>;
  head_collector: SideId | null;
  head_knock: boolean;
  speto_holders: Record<SideId, Card[]>;
  knocker_spetos: Card[];
  collected_spetos: Card[];
  speto_fees: { player: SideId; card: Card }[];
  face_down_dummy: unknown;
  face_down_speto: boolean;
  tier_rules: Record<SideId, string>;
  ties: unknown;
  rates: { small: number; medium: number; large: number; M: number; S: number };
}

export interface SettleReply {
  points: Record<SideId, number>;
  tiers: Record<SideId, Tier>;
  k: number;
  c: Record<SideId, number>;
  ledger: LedgerLine[];
  net: Record<SideId, number>;
  derived: Derived;
}

export interface ValidateReply {
  valid: true;
  points: Record<SideId, number>;
  tiers: Record<SideId, Tier>;
  derived: Derived;
}

export interface MeldPlace { card: Card; position: number; face_down_only: boolean }

export interface MeldCheckReply {
  kind: 'set' | 'run' | null;
  cards: Card[];
  points: number;
  speto_blocker: boolean;
  places: MeldPlace[];
  /** Why the cards are not a meld (kind null only). */
  reason?: string;
  reason_th?: string;
}

// --- Dummy: playing a hand (rules/dummy-play.md) -----------------------------------------------

export interface DummyPileCard { card: Card; by: SideId | null; turn: number }
export interface DummyMeld { cards: Card[]; turn: number; liable: boolean }
export interface DummyLayoff { card: Card; onto: string; turn: number; liable: boolean }
export interface DummySeat {
  id: SideId;
  /** null in a VIEW for another seat's hand, before the end. */
  hand: Card[] | null;
  /** VIEW only, for a hidden hand. */
  hand_count?: number;
  melds: DummyMeld[];
  layoffs: DummyLayoff[];
}
export type DummyPhase = 'take' | 'play' | 'last' | 'ended';

/** STATE (and, with hidden hands and stock_count, VIEW). */
export interface DummyState {
  game: 'dummy';
  level: Level;
  dealer: SideId;
  head: Card;
  /** STATE only; a VIEW has stock_count. */
  stock?: Card[];
  stock_count?: number;
  pile: DummyPileCard[];
  players: DummySeat[];
  turn: SideId;
  phase: DummyPhase;
  turn_no: number;
  took: null | { kind: 'draw' } | { kind: 'collect'; key: Card; taken: Card[]; meld: string; fool?: boolean };
  last_drawer: SideId | null;
  events: {
    two_spetos_shown_by: SideId[];
    called_discards: SideId[];
    liabilities: Liability[];
    head_collected_by: SideId | null;
  };
  knock: null | { player: SideId; face_down: Card; turn: number; collected: Card[] };
  fool: null | { feeder: SideId; receiver: SideId };
  result: unknown;
  history: unknown[];
  tie_break?: { next_head?: Card; high_cards?: Record<SideId, Card> };
}

export interface DealReply { state: DummyState }
/** The computer seat's action (engine/dummy/bot.py), in words, with why it chose it. */
export interface DummyBestmoveReply { move: string; words: Words; level: number; why: Words }
export interface DummyViewReply { view: DummyState }

export interface DummyPlayReply {
  position: DummyState;
  turn: SideId;
  phase: DummyPhase;
  /** Every canonical ACTION string the seat to act may play. */
  legal: string[];
  status: { result: 'ongoing' | 'ended'; reason: null | 'knock' | 'stock_out' };
  last_move: string | null;
  /** When the hand has ended. */
  table?: Table;
  settlement?: SettleReply | null;
  pending?: 'tie_break';
}

// --- Requests and the reply each gets --------------------------------------------------------

interface BoardRequest {
  game: string;
  position?: string;
  moves?: string[];
  options?: Record<string, unknown>;
}

export type GamesRequest = { op: 'games' };
export type StartRequest = { op: 'start'; game: string; options?: Record<string, unknown> };
export type LegalMovesRequest = BoardRequest & { op: 'legal_moves' };
export type PlayRequest = BoardRequest & { op: 'play' };
export type PerftRequest = BoardRequest & { op: 'perft'; depth: number; budget?: number };
export type MateRequest = BoardRequest & { op: 'mate'; mate_in: number; budget?: number };
export type DefendRequest = BoardRequest & { op: 'defend'; horizon: number; budget?: number };
export type BestmoveRequest = BoardRequest & { op: 'bestmove'; level?: number; budget?: number };
/** A task for `prove` (engine/core/prove.py): a forced win, the shortest (in: null) or in exactly `in`;
 * or a best move at `depth` plies by `margin`; `line`: the author's preferred line, followed where the proof allows. */
export type ProveTask =
  | { kind: 'mate'; in?: number | null; line?: string[] }
  | { kind: 'best_move'; depth?: number; margin?: number; line?: string[] };
export type ProveRequest = BoardRequest & { op: 'prove'; task: ProveTask; budget?: number };
export type SettleRequest = { op: 'settle' | 'validate'; game: 'dummy'; table: Table; options?: Record<string, unknown> };
export type MeldCheckRequest = {
  op: 'meld_check'; game: 'dummy'; cards: Card[]; layoffs?: { card: Card; by_owner?: boolean }[];
  options?: Record<string, unknown>;
};
export type DealRequest = { op: 'deal'; game: 'dummy'; deck?: Card[]; seed?: number; dealer?: SideId; level?: Level };
export type DummyPlayRequest = { op: 'play'; game: 'dummy'; position: DummyState; moves: string[]; seat?: SideId; options?: Record<string, unknown> };
export type DummyViewRequest = { op: 'view'; game: 'dummy'; position: DummyState; seat: SideId };
export type DummyBestmoveRequest = { op: 'bestmove'; game: 'dummy'; position: DummyState; seat: SideId; level?: number };

export type EngineRequest =
  | GamesRequest | StartRequest | LegalMovesRequest | PlayRequest | PerftRequest | MateRequest
  | DefendRequest | BestmoveRequest | ProveRequest | SettleRequest | MeldCheckRequest | DealRequest
  | DummyPlayRequest | DummyViewRequest | DummyBestmoveRequest;

/** Is R's game exactly the literal 'dummy' (not a string or any that might be another game)? */
type IsDummy<R> = R extends { game: infer G } ? (string extends G ? false : G extends 'dummy' ? true : false) : false;

/** The reply fields of each op (Dummy's play and bestmove are told apart by a literal `game: 'dummy'`). */
export type ReplyOf<R> =
  0 extends (1 & R) ? any : // an untyped request (an `any`) gets an untyped reply
  R extends { op: 'play' } ? (IsDummy<R> extends true ? DummyPlayReply : PlayReply) :
  R extends { op: 'bestmove' } ? (IsDummy<R> extends true ? DummyBestmoveReply : BestmoveReply) :
  R extends { op: 'games' } ? GamesReply :
  R extends { op: 'start' } ? StartReply :
  R extends { op: 'legal_moves' } ? LegalMovesReply :
  R extends { op: 'play' } ? PlayReply :
  R extends { op: 'perft' } ? PerftReply :
  R extends { op: 'mate' } ? MateReply :
  R extends { op: 'defend' } ? DefendReply :
  R extends { op: 'prove' } ? ProveReply :
  R extends { op: 'bestmove' } ? BestmoveReply :
  R extends { op: 'settle' } ? SettleReply :
  R extends { op: 'validate' } ? ValidateReply :
  R extends { op: 'meld_check' } ? MeldCheckReply :
  R extends { op: 'deal' } ? DealReply :
  R extends { op: 'view' } ? DummyViewReply :
  never;

export type EngineStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface CallOptions {
  /** ms, counted from when the worker starts the call. */
  timeout?: number;
  /** Goes before the calls still waiting (what a reader waits for). */
  urgent?: boolean;
  /** recorded-engine: answer from the recording, even when the live engine is loading. */
  live?: boolean;
  /** board: a call whose failure the board can live without. */
  optional?: boolean;
}

/** What boards, panels and puzzles are handed: engine-client's `engine` or a recorded engine. */
export interface Engine {
  call<R extends EngineRequest>(request: R, options?: CallOptions): Promise<Reply<ReplyOf<R>>>;
  readonly ready: Promise<unknown>;
  readonly status: EngineStatus | string;
  onStatus(cb: (status: string, detail?: unknown) => void): () => unknown;
}

/**
 * The replies the build recorded for a page (site_builder/replies.py page_table): play replies
 * packed by moves (each keeps only what differs from its parent's), other replies by request key.
 */
export interface ReplyTable {
  game: string;
  position: string;
  plays?: Record<string, any>;
  other?: Record<string, any>;
}

/** core/recorded-engine.js: answers from the page's recorded replies, then from the live engine. */
export interface RecordedEngine extends Engine {
  readonly live: boolean;
  goLive(): Promise<void>;
  warm(): void;
  /** Can the recorded table answer `request` without the live engine? */
  knows(request: EngineRequest): boolean;
}
