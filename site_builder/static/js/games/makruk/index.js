/**
 * Makruk's browser module (registered in games/index.js): what a board needs to know about
 * the game — its sides, piece sprites and names, the words only Makruk uses — plus the count
 * panel it adds to boards and its own puzzle UI (counting play-outs).
 * The sprite ids match the site's piece sprite (static/pieces/makruk.svg, ids from
 * site_builder/games/makruk/diagram.py piece_id): kr-wK … kr-bMp.
 */
import { lang, fill } from '../../core/i18n.js';
import { CountPanel } from './count-panel.js';
import { COUNT_ACTIONS } from './count-maths.js';

const WORDS = {
  th: {
    board: 'กระดานหมากรุก',
    K: 'ขุน', M: 'เม็ด', S: 'โคน', N: 'ม้า', R: 'เรือ', P: 'เบี้ย', 'M~': 'เบี้ยหงาย',
    promote: 'หงายเป็นเบี้ยหงาย',
    counting: 'นับครบ',
    mate_while_counting: 'รุกจนขณะที่ตัวเองกำลังนับ',
    'count-start': '{side}เริ่มนับ',
    'count-stop': '{side}หยุดนับ',
    'count-draw': '{side}ขอเสมอเพราะนับครบ',
    boardCount: 'ศักดิ์กระดาน',
    piecesCount: 'ศักดิ์หมาก',
    countLine: '{counter}นับ{kind} {count} จาก {limit}',
    countFrom: '{counter}นับ{kind} เริ่มที่ {start} ครบที่ {limit}',
    white: 'ขาว',
    black: 'ดำ',
  },
  en: {
    board: 'Makruk board',
    K: 'Khun (king)', M: 'Met', S: 'Khon', N: 'Ma (knight)', R: 'Ruea (rook)', P: 'Bia (pawn)',
    'M~': 'Bia-ngai (promoted)',
    promote: 'promotes to Bia-ngai',
    counting: 'count limit reached',
    mate_while_counting: 'mate given while counting',
    'count-start': '{side} starts counting',
    'count-stop': '{side} stops counting',
    'count-draw': '{side} claims the draw: the count is complete',
    boardCount: "board's honour",
    piecesCount: "pieces' honour",
    countLine: '{counter} counts ({kind}): {count} of {limit}',
    countFrom: '{counter} counts ({kind}) from {start} up to {limit}',
    white: 'White',
    black: 'Black',
  },
};
const words = WORDS[lang];

/** "white" for an uppercase FEN letter ("K", "M~"), "black" for a lowercase one. */
const sideOf = (letter) => (letter[0] === letter[0].toUpperCase() ? 'white' : 'black');

/**
 * The running count in one line ("ดำนับศักดิ์หมาก 5 จาก 16"), or "" when nobody counts.
 * @param {import('../../types/engine.js').GameStatus} status a play reply's status
 */
export function countText({ counting }) {
  if (!counting || !counting.kind) return '';
  return fill(counting.count ? words.countLine : words.countFrom, {
    ...counting,
    counter: words[counting.counter],
    kind: counting.kind === 'board' ? words.boardCount : words.piecesCount,
  });
}

/**
 * What Makruk adds to a board: the count panel (panels on), or the count in the status line
 * (panels off, e.g. mate puzzles). Returns the board extension {update, status, spoken, actions, destroy}.
 */
function attach(board, panel, { panels, before, onAction }) {
  if (!panels) return { update() {}, status: (state) => countText(state.status), spoken: '', actions: [] };
  const count = new CountPanel(panel, before, onAction);
  return {
    update: (state) => count.update(state),
    status: () => '',
    get spoken() { return count.spoken; },
    actions: COUNT_ACTIONS,
    destroy: () => count.destroy(),
  };
}

const makruk = {
  id: 'makruk',
  sides: ['white', 'black'],
  /** The side to move as the catalog's goals name it, in both languages (a teacher-made exercise's goal). */
  toMove: { th: { white: 'ขาวเดินก่อน', black: 'ดำเดินก่อน' }, en: { white: 'White to move', black: 'Black to move' } },
  /**
   * What only a teacher-made exercise needs (games/index.js loadTeacherGame merges it in): the words
   * of a counting number, in both languages (`countingQuiz`, core/teacher-exercise.js exerciseWords).
   * Loaded by the teachers' pages only: a lesson never downloads it.
   */
  teacher: () => import('./teacher-counting.js').then(({ countingQuiz }) => ({ countingQuiz: countingQuiz(WORDS) })),
  /** White's piece letters, for a board editor's palette (Black's are the same in lower case). */
  pieces: ['K', 'M', 'S', 'N', 'R', 'P', 'M~'],
  words,
  sideOf,
  isKing: (letter) => letter.toUpperCase() === 'K',
  /** Sprite id of a FEN piece letter: "K" -> "kr-wK", "m~" -> "kr-bMp". */
  sprite: (letter) => `kr-${sideOf(letter)[0]}${letter[0].toUpperCase()}${letter.endsWith('~') ? 'p' : ''}`,
  pieceName: (letter) => words[letter.toUpperCase()],
  /** The move text of a piece going from one square to another (UCI), to ask the engine why it is illegal. */
  moveText: (from, to) => `${from}${to}`,
  attach,
  /** The number of the first move in the move list: FEN field 6. */
  moveNumber: (position) => Number(position.split(' ')[5]) || 1,
  /**
   * Puzzle kinds of Makruk's own: counting exercises show the count panel; play-outs have their
   * own UI (`start(data, figure, game)`, `game` this module, handed down by the page) and their
   * own judge (judges/counting.js, for the page and the gradebook's replay alike).
   */
  puzzles: {
    counting: {
      panels: true,
      start: (data, figure, game) => (data.playout
        ? import('./counting-playout.js').then(({ playoutPuzzle }) => playoutPuzzle(data, figure, game)) : null),
      judge: (data) => (data.playout ? import('../../judges/counting.js') : null),
      /** A teacher-made counting number's board (no build drew it). */
      figure: (figure, data) => import('./teacher-counting.js').then(({ countingFigure }) => countingFigure(figure, data, makruk)),
    },
  },
};
export default makruk;
