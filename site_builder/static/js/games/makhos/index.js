/**
 * Mak-hot's browser module (registered in games/index.js): its sides, round pieces and names,
 * the dark squares, the pieces to mark when a non-capture is refused because a capture is
 * compulsory, the "must capture" status, the words of a win in N for puzzles, and, on the
 * sandbox, the strict touch-move setting (จับตัวไหนต้องเดินตัวนั้น).
 * Sprite ids match static/pieces/makhos.svg (site_builder/games/makhos/diagram.py piece_id): mh-wM … mh-bK.
 */
import { lang } from '../../core/i18n.js';

const WORDS = {
  th: {
    board: 'กระดานหมากฮอส',
    M: 'เบี้ย', K: 'ฮอส',
    white: 'ขาว', black: 'ดำ',
    promote: 'เข้าฮอส',
    no_pieces: 'อีกฝ่ายไม่เหลือหมาก',
    no_moves: 'อีกฝ่ายไม่มีตาเดิน',
    repetition: 'ตำแหน่งเดิมเกิดซ้ำ',
    no_progress: 'เดินนานโดยไม่มีการกิน',
    'claim-capture': '{side}ทักท้วงให้กิน',
    'claim-capture.button': 'ทักท้วงให้กิน',
    mustCapture: 'มีตากิน ต้องกิน',
    touchMove: 'จับตัวไหนต้องเดินตัวนั้น (เคร่งครัด)',
    pzFindMate: 'คุณเล่นฝ่าย{side} — หาทางบังคับชนะให้ได้ใน {n} ตา',
    pzSolvedMate: 'ชนะแล้ว ครบทุกตาตามที่โจทย์ถาม',
    pzRefutedMate: '{side}ตอบ {move} แล้วไม่มีทางบังคับชนะใน {n} ตา',
    pzRefutedNoMate: '{side}ตอบ {move} — ตานั้นยังไม่ชนะ',
    pzNotMate: 'ตานั้นยังไม่ชนะ',
  },
  en: {
    board: 'Mak-hot board',
    M: 'man', K: 'king',
    white: 'White', black: 'Black',
    promote: 'becomes a king',
    no_pieces: 'the opponent has no pieces left',
    no_moves: 'the opponent has no move',
    repetition: 'the same position came back',
    no_progress: 'no capture for too long',
    'claim-capture': '{side} claims the missed capture',
    'claim-capture.button': 'Claim the capture',
    mustCapture: 'a capture is there: you must capture',
    touchMove: 'Strict touch-move (a touched piece must move)',
    pzFindMate: 'You play {side}: find a forced win in {n}',
    pzSolvedMate: 'Won, within the moves the puzzle asked for.',
    pzRefutedMate: '{side} replies {move} and there is no forced win in {n} any more.',
    pzRefutedNoMate: '{side} replies {move}: that move did not win.',
    pzNotMate: 'That move does not win yet.',
  },
};
const words = WORDS[lang];
const FILES = 'abcdefgh';

/** "white" for an uppercase piece letter ("M", "K"), "black" for a lowercase one. */
const sideOf = (letter) => (letter === letter.toUpperCase() ? 'white' : 'black');

/** a1 is dark: a square is dark when its file and rank indexes add up to an even number. */
const shaded = (square) => (FILES.indexOf(square[0]) + Number(square[1]) - 1) % 2 === 0;

/** After a non-capture refused because capturing is compulsory: the pieces that can capture. */
function refusalMarks(state, error) {
  if (error.reason !== 'capture_compulsory') return [];
  return [...new Set(state.legal.filter((m) => m.captures.length).map((m) => m.from))];
}

/** The strict touch-move switch, on the sandbox only (lessons and puzzles teach, they do not enforce). */
function touchMoveSwitch(board, panel, before) {
  const label = document.createElement('label');
  label.className = 'kr-switch';
  const box = document.createElement('input');
  box.type = 'checkbox';
  box.dataset.setting = 'touch-move';
  box.addEventListener('change', () => { board.touchMove = box.checked; });
  label.append(box, ` ${words.touchMove}`);
  panel.insertBefore(label, before);
  return label;
}

/** What Mak-hot adds to a board: "must capture" in the status line; the touch-move switch on the sandbox. */
function attach(board, panel, { before }) {
  const onSandbox = Boolean(board.element.closest('#kr-sandbox'));
  const setting = onSandbox ? touchMoveSwitch(board, panel, before) : null;
  return {
    update() {},
    status: (state) => (state.status.must_capture ? words.mustCapture : ''),
    spoken: '',
    actions: [],
    destroy: () => setting?.remove(),
  };
}

export default {
  id: 'makhos',
  sides: ['white', 'black'],
  /** The side to move as the catalog's goals name it, in both languages (a teacher-made exercise's goal). */
  toMove: { th: { white: 'ขาวเดินก่อน', black: 'ดำเดินก่อน' }, en: { white: 'White to move', black: 'Black to move' } },
  /** White's piece letters, for a board editor's palette (Black's are the same in lower case). */
  pieces: ['M', 'K'],
  words,
  sideOf,
  isKing: (letter) => letter.toUpperCase() === 'K',
  /** Sprite id of a piece letter: "M" -> "mh-wM", "k" -> "mh-bK". */
  sprite: (letter) => `mh-${sideOf(letter)[0]}${letter.toUpperCase()}`,
  pieceName: (letter) => words[letter.toUpperCase()],
  /** The move text of a step from one square to another, to ask the engine why it is illegal. */
  moveText: (from, to) => `${from}-${to}`,
  shaded,
  refusalMarks,
  attach,
  moveNumber: () => 1,
  puzzles: {},
};
