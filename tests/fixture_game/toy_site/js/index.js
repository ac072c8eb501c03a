/**
 * Toy race's browser module (a fixture game for the tests): served as
 * /static/js/games/toy/index.js from the plugin's scripts folder; games/index.js finds it by id.
 * Sprite ids match the plugin's sprite: ty-wP, ty-bP.
 */
import { lang } from '../../core/i18n.js';

const WORDS = {
  th: { board: 'กระดานแข่งเบี้ย', P: 'เบี้ย', white: 'ขาว', black: 'ดำ', far_rank: 'ถึงแถวสุดท้าย', no_moves: 'อีกฝ่ายไม่มีตาเดิน' },
  en: { board: 'Toy race board', P: 'pawn', white: 'White', black: 'Black', far_rank: 'reached the far rank', no_moves: 'the opponent has no move' },
};
const words = WORDS[lang];

/** "white" for "P", "black" for "p". */
const sideOf = (letter) => (letter === 'P' ? 'white' : 'black');

export default {
  id: 'toy',
  sides: ['white', 'black'],
  words,
  sideOf,
  isKing: () => false,
  /** Sprite id of a piece letter: "P" -> "ty-wP", "p" -> "ty-bP". */
  sprite: (letter) => `ty-${sideOf(letter)[0]}P`,
  pieceName: () => words.P,
  /** The move text of a step, to ask the engine why it is illegal. */
  moveText: (from, to) => `${from}${to}`,
  moveNumber: () => 1,
  puzzles: {},
};
