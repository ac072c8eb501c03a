/**
 * Komayo's browser module (registered in games/index.js): sides, the pentagon piece sprites
 * (Thai letters, kanji or Western letters by the reader's setting), piece names, the hands
 * (drops), the words only Komayo uses, and the piece-style setting shown under the sandbox board
 * and under a lesson's first live board. Sprite ids match site_builder/games/komayo/diagram.py
 * piece_id: ko-sR, ko-gRp (kanji), with "-t" for the Thai faces (ko-sR-t) and "-w" for the
 * Western letters (ko-sR-w).
 */
import { lang } from '../../core/i18n.js';
import { follow, showStyle, styleSuffix, StyleSetting } from './style.js';

const NAMES = {
  th: {
    K: 'ขุน', I: 'เจ้าหญิง', R: 'เรือ', B: 'โคน', S: 'เงิน', N: 'ม้า', L: 'หอก', P: 'เบี้ย',
    '+I': 'เจ้าหญิงเลื่อนขั้น', '+R': 'เรือเลื่อนขั้น', '+B': 'โคนเลื่อนขั้น', '+S': 'เงินเลื่อนขั้น',
    '+N': 'ม้าเลื่อนขั้น', '+L': 'หอกเลื่อนขั้น', '+P': 'เบี้ยเลื่อนขั้น',
  },
  en: {
    K: 'King', I: 'Princess', R: 'Rook', B: 'Bishop', S: 'Silver', N: 'Knight', L: 'Lance', P: 'Pawn',
    '+I': 'promoted Princess', '+R': 'promoted Rook (dragon)', '+B': 'promoted Bishop (horse)',
    '+S': 'promoted Silver', '+N': 'promoted Knight', '+L': 'promoted Lance', '+P': 'promoted Pawn (tokin)',
  },
};

const WORDS = {
  th: {
    ...NAMES.th,
    board: 'กระดานโกมาโย',
    sente: 'ฝ่ายเดินก่อน',
    gote: 'ฝ่ายเดินหลัง',
    promote: 'เลื่อนขั้น',
    privilege: 'เก็บไว้ในมือแบบเลื่อนขั้น (สิทธิ์ของขุน)',
    king_captured: 'กินขุนได้',
    checkmate: 'หนีการถูกกินขุนไม่พ้น',
    no_moves: 'อีกฝ่ายไม่มีตาเดิน',
    illegal_move: 'อีกฝ่ายเดินผิดกติกา',
    repetition: 'อีกฝ่ายเดินซ้ำจนเกิดตำแหน่งเดิม',
    fifty_moves: 'เดินครบ 50 ตาต่อฝ่ายโดยไม่มีการกิน',
    'claim-draw': '{side}ขอเสมอตามกติกา 50 ตา',
    'claim-draw.button': 'ขอเสมอ (กติกา 50 ตา)',
    occupied: 'ช่องนี้มีหมากอยู่แล้ว การวางหมากต้องวางบนช่องว่างและกินไม่ได้',
    deadPawn: 'เบี้ยที่ยังไม่เลื่อนขั้นในมือวางลงกระดานไม่ได้เลย',
    noMoveAfter: 'ถ้าวาง{piece}ที่ยังไม่เลื่อนขั้นตรงนี้ มันจะเดินต่อไม่ได้อีกเลย',
    // {before} = {n} - 1: the moves that leave the King no escape (the tsume's own moves), then the capture
    pzFindMate: 'คุณเล่น{side} — เดิน {before} ตาให้ขุนหนีการถูกกินไม่พ้น ไม่ว่าอีกฝ่ายจะป้องกันอย่างไร แล้วกินขุนในตาที่ {n} ของคุณ',
    pzSolvedMate: 'กินขุนได้แล้ว ภายในจำนวนตาที่โจทย์ถาม',
    pzNotMate: 'ตานั้นยังไม่ทำให้ขุนหนีไม่พ้น',
    pzRefutedMate: '{side}ตอบ {move} แล้วขุนก็หนีรอดจากการถูกกินภายใน {n} ตา',
    pzRefutedNoMate: '{side}ตอบ {move} — ขุนยังไม่ถูกกิน',
  },
  en: {
    ...NAMES.en,
    board: 'Komayo board',
    sente: 'Sente',
    gote: 'Gote',
    promote: 'promotes',
    privilege: "keeps it promoted in hand (King's privilege)",
    king_captured: 'the King is captured',
    checkmate: 'the King cannot escape capture',
    no_moves: 'the opponent has no move',
    illegal_move: 'the opponent made an illegal move',
    repetition: 'the opponent repeated a move into a repeated position',
    fifty_moves: '50 moves each without a capture',
    'claim-draw': '{side} claims the draw under the 50-move rule',
    'claim-draw.button': 'Claim the draw (50 moves)',
    occupied: 'that square is taken; a drop goes onto an empty square and never captures',
    deadPawn: 'an unpromoted Pawn in hand can never be dropped',
    noMoveAfter: 'an unpromoted {piece} dropped there could never move again',
    pzFindMate: 'You play {side}: in {before} of your moves leave the King no escape, whatever the defence, then capture it on your move {n}',
    pzSolvedMate: 'The King is captured, within the moves the puzzle asked for.',
    pzNotMate: 'That move does not leave the King without escape.',
    pzRefutedMate: '{side} replies {move}, and the King no longer falls within {n}.',
    pzRefutedNoMate: '{side} replies {move}: the King is not captured.',
  },
};
const words = WORDS[lang];
showStyle(); // the page's static diagrams in the reader's style (as built, in the page language's default)

/**
 * Why a drop cannot go to `to`, known without the engine (the engine's own reason replaces it
 * once it answers): an occupied square, a dead pawn, a Lance or Knight that could never move.
 * @param {{board: Record<string, string>, turn: string}} state
 * @param {{square?: string | null, drop?: string | null}} origin
 * @param {string} to
 * @returns {string | null}
 */
function refusalReason(state, origin, to) {
  const kind = origin.drop;
  if (origin.square || !kind) return null;
  if (state.board[to]) return words.occupied;
  if (kind === 'P') return words.deadPawn;
  const rank = Number(to.slice(1));
  const fromTheEnd = state.turn === 'sente' ? 8 - rank : rank - 1; // 0 on the far rank
  if ((kind === 'L' && fromTheEnd === 0) || (kind === 'N' && fromTheEnd <= 1)) {
    return words.noMoveAfter.replace('{piece}', words[kind]);
  }
  return null;
}

/** "+R" -> "R": the letter of a piece text. */
const letterOf = (text) => text.replace('+', '');

/** "sente" for an uppercase piece text ("R", "+R"), "gote" for a lowercase one. */
const sideOf = (text) => {
  const letter = letterOf(text);
  return letter === letter.toUpperCase() ? 'sente' : 'gote';
};

/**
 * Sprite id of a piece text: "+R" -> "ko-sRp", "p" -> "ko-gP", plus the style's suffix ("-t", "-w").
 * Thai letters are never drawn upside down: on a board seen from Gote's side (`orientation`) a
 * piece takes the other side's Thai face, which points the other way with its letter upright.
 * @param {string} text
 * @param {string} [orientation] the side seen at the bottom
 */
function sprite(text, orientation = 'sente') {
  const letter = letterOf(text);
  const suffix = styleSuffix();
  const sente = (sideOf(text) === 'sente') !== (suffix === '-t' && orientation !== 'sente');
  return `ko-${sente ? 's' : 'g'}${letter.toUpperCase()}${text.startsWith('+') ? 'p' : ''}${suffix}`;
}

/**
 * Pieces point at the opponent: with Gote seen at the bottom (a flipped board) every piece on the
 * board and in the hands is turned round, except Thai letters, which take the other side's face
 * (sprite()) instead. Applied whenever the board redraws its squares or hands.
 */
function turnPieces(board) {
  const turned = board.orientation !== 'sente';
  const thai = styleSuffix() === '-t';
  for (const use of board.element.querySelectorAll('.kr-sq > use, .kr-hand-piece use')) {
    if (turned && !thai) use.setAttribute('transform', 'rotate(180 .5 .5)');
    else use.removeAttribute('transform');
  }
  for (const piece of board.element.querySelectorAll('.kr-hand-piece')) { // the hands draw without the orientation
    const side = /** @type {HTMLElement} */ (piece.closest('.kr-hand'))?.dataset.side ?? 'sente';
    const use = piece.querySelector('use');
    const href = `#${sprite(handLetter(/** @type {HTMLElement} */ (piece).dataset.piece ?? '', side), board.orientation)}`;
    if (use && use.getAttribute('href') !== href) use.setAttribute('href', href);
  }
}

/** The board letter of a hand kind ("+P") for `side`: Gote's are lowercase ("+p"). */
const handLetter = (kind, side) => (side === 'sente' ? kind : kind.toLowerCase());

/**
 * What Komayo adds to a board: turned pieces when flipped, and the piece-style setting under the
 * sandbox board or under the first live board of a page (a lesson's), once per page.
 */
function attach(board, panel, { panels }) {
  const setting = panels && (panel.closest('#kr-sandbox') || !StyleSetting.shown()) ? new StyleSetting(panel) : null;
  const unfollow = follow(() => {
    board.interactive = board.interactive; // repaints the squares with the new sprites
    turnPieces(board);
  });
  const redrawn = new MutationObserver(() => turnPieces(board)); // a flip redraws the squares, a move the hands
  redrawn.observe(board.element, { childList: true, subtree: true });
  return {
    update() {},
    status: () => '',
    spoken: '',
    actions: [],
    destroy: () => {
      redrawn.disconnect();
      unfollow();
      setting?.destroy();
    },
  };
}

export default {
  id: 'komayo',
  sides: ['sente', 'gote'],
  /** The side to move as the catalog's goals name it, in both languages (a teacher-made exercise's goal). */
  toMove: { th: { sente: 'ฝ่ายเดินก่อนเดิน', gote: 'ฝ่ายเดินหลังเดิน' }, en: { sente: 'Sente to move', gote: 'Gote to move' } },
  /** Sente's piece letters, for a board editor's palette (Gote's are the same in lower case). */
  pieces: ['K', 'I', 'R', 'B', 'S', 'N', 'L', 'P', '+I', '+R', '+B', '+S', '+N', '+L', '+P'],
  words,
  sideOf,
  isKing: (text) => letterOf(text).toUpperCase() === 'K',
  sprite,
  pieceName: (text) => words[text.toUpperCase()] ?? text,
  /** The move text of a board move, to ask the engine why it is illegal. */
  moveText: (from, to) => `${from}${to}`,
  /** The move text of a drop ("N*a7"), to ask the engine why it is illegal. */
  dropText: (kind, to) => `${kind}*${to}`,
  refusalReason,
  handLetter,
  isPromoted: (kind) => kind.startsWith('+'),
  attach,
  /** The number of the first move in the move list: the position's ply (field 4), two plies a move. */
  moveNumber: (position) => Math.floor(((Number(position.split(' ')[3]) || 1) - 1) / 2) + 1,
};
