/**
 * The pure logic of the builder's "make your own exercise" panel (teach/maker.js): the board
 * editor's position (pieces on squares, the side to move, the FEN fields the editor does not
 * touch) and its FEN, and the teacher's draft kept in localStorage. No DOM, no engine: the engine
 * judges whether a position is legal (at "prove"); this module only reads and writes the FEN's
 * layout, as far as the editor needs it.
 *
 * A game's editor spec comes from the page (site_builder/teach/assign_page.py, from the engine's
 * `games` op) and the game's module (`pieces`): {files, ranks, sides, start, pieces}. Two FEN
 * layouts are read, told apart by the start position:
 *   rows   "rnsmksnr/8/…/RNSKMSNR w - - 0 1": ranks from the top, digits for empty squares, a
 *          piece a letter with an optional "+" before or "~" after it; then the side's letter
 *          (the start's letter is sides[0]'s, "w" and "b" swap) and fields kept as they are;
 *   lists  "W:Wa1,c1,Kb2:Bh8": the side's letter, then each side's squares, "K" before a king.
 */

/**
 * @typedef {{files: number, ranks: number, sides: string[], start: string, pieces: string[],
 *   isKing?: (letter: string) => boolean}} EditorSpec
 *   pieces: the letters of sides[0]'s pieces (the other side's are the same in lower case)
 * @typedef {{board: Record<string, string>, turn: string, rest: string[]}} EditorPosition
 *   board: square -> piece letter; turn: a side id; rest: the FEN's other fields, kept
 */

const FILES = 'abcdefghijklmnopqrstuvwxyz';
const TOKEN = /\+?[A-Za-z]~?/y;

/** A FEN this module cannot read: `reason` names what is wrong ({detail} fills the words). */
export class FenError extends Error {
  /**
   * @param {'empty' | 'rows' | 'row_length' | 'piece' | 'side' | 'square'} reason
   * @param {Record<string, string | number>} [detail]
   */
  constructor(reason, detail = {}) {
    super(reason);
    this.reason = reason;
    this.detail = detail;
  }
}

/** @param {EditorSpec} spec */
const isLists = (spec) => spec.start.includes(':');

/** Every square of the board, rank 1 first. @param {EditorSpec} spec */
export function squares(spec) {
  const out = [];
  for (let rank = 1; rank <= spec.ranks; rank++) {
    for (let file = 0; file < spec.files; file++) out.push(`${FILES[file]}${rank}`);
  }
  return out;
}

/** The piece letters of the palette, sides[0]'s then sides[1]'s. @param {EditorSpec} spec */
export const paletteOf = (spec) => [...spec.pieces, ...spec.pieces.map((p) => p.toLowerCase())];

/**
 * The side (a side id) whose piece `letter` is: upper case sides[0]'s.
 * @param {EditorSpec} spec
 * @param {string} letter
 */
export const sideOfLetter = (spec, letter) => (/[A-Z]/.test(letter) ? spec.sides[0] : spec.sides[1]);

/** The side letter of the start position (sides[0]'s) and the other one ("w" <-> "b", case kept). */
function sideLetters(spec) {
  const first = isLists(spec) ? spec.start.split(':')[0] : spec.start.split(/\s+/)[1];
  const swap = { w: 'b', b: 'w', W: 'B', B: 'W' };
  return { [spec.sides[0]]: first, [spec.sides[1]]: swap[/** @type {'w'} */ (first)] ?? '' };
}

/**
 * The position written in `fen`; FenError when its layout is not the game's.
 * @param {string} fen
 * @param {EditorSpec} spec
 * @returns {EditorPosition}
 */
export function readFen(fen, spec) {
  const text = String(fen ?? '').trim();
  if (!text) throw new FenError('empty');
  const letters = sideLetters(spec);
  const turnOf = (letter) => {
    const side = Object.keys(letters).find((s) => letters[s] === letter);
    if (!side) throw new FenError('side', { side: letter });
    return side;
  };
  return isLists(spec) ? readLists(text, spec, turnOf) : readRows(text, spec, turnOf);
}

function readRows(text, spec, turnOf) {
  const [placement, side = '', ...rest] = text.split(/\s+/);
  const rows = placement.split('/');
  if (rows.length !== spec.ranks) throw new FenError('rows', { found: rows.length, ranks: spec.ranks });
  const allowed = new Set(paletteOf(spec));
  /** @type {Record<string, string>} */
  const board = {};
  rows.forEach((row, i) => {
    const rank = spec.ranks - i;
    let file = 0;
    for (let at = 0; at < row.length;) {
      const digits = /^\d+/.exec(row.slice(at));
      if (digits) {
        file += Number(digits[0]);
        at += digits[0].length;
        continue;
      }
      TOKEN.lastIndex = at;
      const token = TOKEN.exec(row)?.[0];
      if (!token || !allowed.has(token)) throw new FenError('piece', { piece: token ?? row[at], rank });
      if (file < spec.files) board[`${FILES[file]}${rank}`] = token;
      file += 1;
      at += token.length;
    }
    if (file !== spec.files) throw new FenError('row_length', { rank, found: file, files: spec.files });
  });
  const defaults = spec.start.split(/\s+/).slice(2);
  return { board, turn: turnOf(side), rest: rest.length ? rest : defaults };
}

function readLists(text, spec, turnOf) {
  const [side, ...lists] = text.replace(/\s+/g, '').split(':');
  const turn = turnOf(side);
  const letters = sideLetters(spec);
  const man = spec.pieces.find((p) => !spec.isKing?.(p)) ?? spec.pieces[0];
  const king = spec.pieces.find((p) => spec.isKing?.(p)) ?? spec.pieces[0];
  const all = new Set(squares(spec));
  /** @type {Record<string, string>} */
  const board = {};
  for (const list of lists.filter(Boolean)) {
    const owner = Object.keys(letters).find((s) => letters[s] === list[0]);
    if (!owner) throw new FenError('side', { side: list[0] });
    for (const entry of list.slice(1).split(',').filter(Boolean)) {
      const isKing = entry[0] === 'K';
      const square = isKing ? entry.slice(1) : entry;
      if (!all.has(square)) throw new FenError('square', { square });
      const letter = isKing ? king : man;
      board[square] = owner === spec.sides[0] ? letter : letter.toLowerCase();
    }
  }
  return { board, turn, rest: [] };
}

/**
 * The FEN of `position` in the game's layout.
 * @param {EditorPosition} position
 * @param {EditorSpec} spec
 */
export function writeFen(position, spec) {
  const side = sideLetters(spec)[position.turn];
  if (isLists(spec)) {
    const list = (owner) => squares(spec).filter((sq) => position.board[sq] && sideOfLetter(spec, position.board[sq]) === owner)
      .map((sq) => (spec.isKing?.(position.board[sq]) ? `K${sq}` : sq)).join(',');
    const letters = sideLetters(spec);
    return [side, ...spec.sides.map((owner) => `${letters[owner]}${list(owner)}`)].join(':');
  }
  const rows = [];
  for (let rank = spec.ranks; rank >= 1; rank--) {
    let row = '';
    let empty = 0;
    for (let file = 0; file < spec.files; file++) {
      const piece = position.board[`${FILES[file]}${rank}`];
      if (!piece) {
        empty += 1;
        continue;
      }
      row += (empty ? String(empty) : '') + piece;
      empty = 0;
    }
    rows.push(row + (empty ? String(empty) : ''));
  }
  return [rows.join('/'), side, ...position.rest].join(' ');
}

/**
 * `position` with `letter` put on `square`, or the square emptied when that very piece is there
 * (a second tap clears it) or `letter` is null (the eraser).
 * @param {EditorPosition} position
 * @param {string} square
 * @param {string | null} letter
 * @returns {EditorPosition}
 */
export function toggle(position, square, letter) {
  const board = { ...position.board };
  if (!letter || board[square] === letter) delete board[square];
  else board[square] = letter;
  return { ...position, board };
}

/** An empty board, sides[0] to move. @param {EditorSpec} spec @returns {EditorPosition} */
export function emptyPosition(spec) {
  const start = readFen(spec.start, spec);
  return { board: {}, turn: spec.sides[0], rest: start.rest };
}

// ---- the draft, kept in localStorage -------------------------------------------------------

export const DRAFT_KEY = 'kradan.teach.maker';
export const MAX_HINTS = 3;
export const LIMITS = { title: 80, hint: 200, position: 400, table: 8000, drill: 20000 };

/**
 * @typedef {{game: string, kind: string, mateIn: number | null, countMove: string, countAsk: string, positions: Record<string, string>,
 *   table: string, ask: string, player: string, item: string, title: string, hints: string[], drill: string, key: string}} Draft
 *   positions: game -> the FEN typed or set up for it; table: the pasted calculator link or table text;
 *   drill: a drill's position in the catalog's drill notation; key: a collect drill's pile card
 */

/** @returns {Draft} a new draft */
export const newDraft = () => ({ game: '', kind: 'mate', mateIn: 1, countMove: '', countAsk: 'limit', positions: {}, table: '', ask: 'net', player: 'P1', item: '',
  title: '', hints: [], drill: '', key: '' });

/** @type {(v: unknown, max: number) => string} */
const text = (v, max) => (typeof v === 'string' ? [...v].slice(0, max).join('') : '');

/**
 * The draft in `raw` (stored JSON), each field checked: a field that is damaged is the new draft's.
 * @param {string | null} raw
 * @returns {Draft}
 */
export function readDraft(raw) {
  const draft = newDraft();
  let stored;
  try {
    stored = JSON.parse(raw ?? 'null');
  } catch {
    return draft;
  }
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return draft;
  for (const key of /** @type {const} */ (['game', 'kind', 'ask', 'player', 'item', 'countMove', 'countAsk'])) draft[key] = text(stored[key], 40) || draft[key];
  draft.title = text(stored.title, LIMITS.title);
  draft.table = text(stored.table, LIMITS.table);
  draft.drill = text(stored.drill, LIMITS.drill);
  draft.key = text(stored.key, 3);
  draft.mateIn = stored.mateIn === null || (Number.isSafeInteger(stored.mateIn) && stored.mateIn > 0) ? stored.mateIn : draft.mateIn;
  if (Array.isArray(stored.hints)) draft.hints = stored.hints.slice(0, MAX_HINTS).map((h) => text(h, LIMITS.hint));
  if (stored.positions && typeof stored.positions === 'object') {
    for (const [game, fen] of Object.entries(stored.positions)) {
      if (typeof fen === 'string') draft.positions[game] = text(fen, LIMITS.position);
    }
  }
  return draft;
}

/**
 * The draft kept in `storage`; a new one when there is none or storage cannot be read.
 * @param {Pick<Storage, 'getItem'> | null} storage
 */
export function loadDraft(storage) {
  try {
    return readDraft(storage?.getItem(DRAFT_KEY) ?? null);
  } catch {
    return newDraft();
  }
}

/**
 * Keep `draft` in `storage`: 'saved', or 'full' when storage refuses it (full or blocked).
 * @param {Pick<Storage, 'setItem'> | null} storage
 * @param {Draft} draft
 * @returns {'saved' | 'full'}
 */
export function saveDraft(storage, draft) {
  try {
    if (!storage) return 'full';
    storage.setItem(DRAFT_KEY, JSON.stringify(draft));
    return 'saved';
  } catch {
    return 'full';
  }
}

/**
 * The calculator's table text in what a teacher pastes: a calculator link ("…#t=…") or the text
 * after "#t=" alone, spaces and line breaks dropped (a link broken over lines in a chat).
 * @param {string} pasted
 */
export function tableLinkText(pasted) {
  const clean = String(pasted ?? '').replace(/\s+/g, '');
  const at = clean.lastIndexOf('#t=');
  return at >= 0 ? clean.slice(at + 3) : clean.replace(/^t=/, '');
}
