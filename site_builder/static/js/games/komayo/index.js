/**
 * Komayo's browser module (registered in games/index.js): sides, the pentagon piece sprites
 * (kanji, or Western letters by the reader's setting), piece names, the hands (drops), the
 * words only Komayo uses, and the piece-style setting shown under the sandbox board.
 * Sprite ids match site_builder/games/komayo/diagram.py piece_id: ko-sR, ko-gRp, and the
 * Western-letter faces with "-w" (ko-sR-w).
 */
import { lang } from '../../core/i18n.js';
import { pieceStyle, showStyle, StyleSetting } from './style.js';

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
    pzFindMate: 'คุณเล่น{side} — กินขุนให้ได้ภายใน {n} ตาของคุณ ไม่ว่าอีกฝ่ายจะป้องกันอย่างไร',
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
    pzFindMate: 'You play {side}: capture the King within {n} of your moves, whatever the defence',
    pzSolvedMate: 'The King is captured, within the moves the puzzle asked for.',
    pzNotMate: 'That move does not leave the King without escape.',
    pzRefutedMate: '{side} replies {move}, and the King no longer falls within {n}.',
    pzRefutedNoMate: '{side} replies {move}: the King is not captured.',
  },
};
const words = WORDS[lang];
showStyle(); // the page's static diagrams in the reader's style (kanji, as built, by default)

/** "+R" -> "R": the letter of a piece text. */
const letterOf = (text) => text.replace('+', '');

/** "sente" for an uppercase piece text ("R", "+R"), "gote" for a lowercase one. */
const sideOf = (text) => {
  const letter = letterOf(text);
  return letter === letter.toUpperCase() ? 'sente' : 'gote';
};

/** Sprite id of a piece text: "+R" -> "ko-sRp", "p" -> "ko-gP", with "-w" for the Western letters. */
function sprite(text) {
  const letter = letterOf(text);
  const side = sideOf(text) === 'sente' ? 's' : 'g';
  return `ko-${side}${letter.toUpperCase()}${text.startsWith('+') ? 'p' : ''}${pieceStyle() === 'letters' ? '-w' : ''}`;
}

/**
 * Pieces point at the opponent: with Gote seen at the bottom (a flipped board) every piece on the
 * board and in the hands is turned round. Applied whenever the board redraws its squares or hands.
 */
function turnPieces(board) {
  const turned = board.orientation !== 'sente';
  for (const use of board.element.querySelectorAll('.kr-sq > use, .kr-hand-piece use')) {
    if (turned) use.setAttribute('transform', 'rotate(180 .5 .5)');
    else use.removeAttribute('transform');
  }
}

/** What Komayo adds to a board: turned pieces when flipped, and the piece-style setting under the sandbox board. */
function attach(board, panel, { panels }) {
  const setting = panels && panel.closest('#kr-sandbox') ? new StyleSetting(panel, board) : null;
  const redrawn = new MutationObserver(() => turnPieces(board)); // a flip redraws the squares, a move the hands
  redrawn.observe(board.element, { childList: true, subtree: true });
  return {
    update() {},
    status: () => '',
    spoken: '',
    actions: [],
    destroy: () => {
      redrawn.disconnect();
      setting?.destroy();
    },
  };
}

export default {
  id: 'komayo',
  sides: ['sente', 'gote'],
  words,
  sideOf,
  isKing: (text) => letterOf(text).toUpperCase() === 'K',
  sprite,
  pieceName: (text) => words[text.toUpperCase()] ?? text,
  /** The move text of a board move, to ask the engine why it is illegal. */
  moveText: (from, to) => `${from}${to}`,
  /** The move text of a drop ("N*a7"), to ask the engine why it is illegal. */
  dropText: (kind, to) => `${kind}*${to}`,
  /** The board letter of a hand kind ("+P") for `side`: Gote's are lowercase ("+p"). */
  handLetter: (kind, side) => (side === 'sente' ? kind : kind.toLowerCase()),
  isPromoted: (kind) => kind.startsWith('+'),
  attach,
  /** The number of the first move in the move list: the position's ply (field 4), two plies a move. */
  moveNumber: (position) => Math.floor(((Number(position.split(' ')[3]) || 1) - 1) / 2) + 1,
};
