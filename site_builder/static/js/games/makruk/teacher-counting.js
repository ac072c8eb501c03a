/**
 * Makruk's part of a teacher-made counting number (core/teacher-exercise.js kind 'counting'):
 * the words of the question in both languages (countingQuiz, handed to the core through the
 * module's `countingQuiz`: core names no game), and the still board of its page
 * (`countingFigure`: a teacher's position has no diagram from the build), seen from the side that
 * must mate, drawn with the page's piece sprites (boards/diagram.js, loaded when drawn).
 */

/**
 * The sentences of a counting number, each in both languages ({counter} {kind} {answer} {pieces} are
 * filled in): goal and prompt by what is asked ("limit", "start"), explain and nudge by "ask_kind".
 */
const SENTENCES = {
  goal: {
    limit: { th: '{counter}กำลังนับ{kind} หาเลขที่นับครบ', en: '{counter} counts the {kind}: find the number the count ends at.' },
    start: { th: '{counter}กำลังนับ{kind} หาเลขแรกที่นับ', en: '{counter} counts the {kind}: find the first number.' },
  },
  prompt: {
    limit: {
      th: '{counter}นับ{kind} จะนับไปจนครบที่เลขอะไร',
      en: '{counter} counts the {kind}. At which number does the count end (the limit)?',
    },
    start: {
      th: '{counter}เป็นฝ่ายนับ{kind} เมื่อ{counter}เดินตาแรกของการนับ จะนับเลขอะไร',
      en: '{counter} counts the {kind}. Which number does {counter} announce with the first counted move?',
    },
  },
  explain: {
    limit_pieces: {
      th: 'ขีดจำกัดของศักดิ์หมากดูจากหมากของฝ่ายที่ยังมีหมาก ตามตารางศักดิ์หมาก (ดูเรือก่อน แล้วโคนสองตัว ม้าสองตัว โคนตัวเดียว) ในตำแหน่งนี้นับครบที่ {answer}',
      en: "The pieces' honour limit comes from the side that still has pieces, by the pieces' honour table (Ruea first, then two Khon, two Ma, one Khon): here the count ends at {answer}.",
    },
    limit_board: {
      th: 'ศักดิ์กระดานนับถึง 64 เสมอ ไม่ว่าหมากจะเหลืออะไร',
      en: "The board's honour count always goes to 64, whatever pieces are left.",
    },
    start_pieces: {
      th: 'บนกระดานมีหมาก {pieces} ตัว (รวมขุนทั้งสองฝ่าย) จึงเริ่มนับที่ {pieces} + 1 = {answer}',
      en: 'There are {pieces} pieces on the board (both Khun included), so the count starts at {pieces} + 1 = {answer}.',
    },
    start_board: { th: 'การนับศักดิ์กระดานเริ่มจาก 1 เสมอ', en: "A board's honour count always starts at 1." },
  },
  nudge: {
    limit_pieces: {
      th: 'ดูหมากของฝ่ายที่ยังมีหมากมากกว่า แล้วเทียบกับตารางศักดิ์หมาก เริ่มจากหมากที่แรงที่สุด',
      en: "Look at the stronger side's pieces and use the pieces' honour table, strongest piece first.",
    },
    limit_board: {
      th: 'ศักดิ์กระดานมีขีดจำกัดเดียวเสมอ ไม่ว่าหมากจะเหลืออะไร',
      en: "The board's honour count has one limit, whatever pieces are left.",
    },
    start_pieces: {
      th: 'นับหมากทุกตัวที่เหลือบนกระดาน รวมขุนทั้งสองฝ่าย แล้วคิดว่าเลขแรกต้องเพิ่มอะไร',
      en: 'Count every piece left on the board, both Khun included: what comes next?',
    },
    start_board: {
      th: 'ศักดิ์กระดานไม่ได้ขึ้นกับจำนวนหมาก ผู้นับเริ่มจากเลขไหนทุกครั้ง',
      en: "The board's honour count does not depend on the pieces: where does it always begin?",
    },
  },
};

/**
 * The words of a counting number in both languages, as core/teacher-exercise.js takes them
 * ({th, en}: {sides, kinds, goal, prompt, explain, nudge}): the sides' and the counts' names from
 * Makruk's own words table `words` ({th, en}: white, black, piecesCount, boardCount; games/makruk/index.js),
 * the sentences from SENTENCES.
 * @param {Record<'th' | 'en', Record<string, string>>} words
 * @returns {Record<'th' | 'en', Record<string, Record<string, string>>>}
 */
export function countingQuiz(words) {
  /** @type {(lang: 'th' | 'en') => Record<string, Record<string, string>>} */
  const inLanguage = (lang) => ({
    sides: { white: words[lang].white, black: words[lang].black },
    kinds: { pieces: words[lang].piecesCount, board: words[lang].boardCount },
    ...Object.fromEntries(Object.entries(SENTENCES).map(([part, sentences]) =>
      [part, Object.fromEntries(Object.entries(sentences).map(([key, said]) => [key, said[lang]]))])),
  });
  return { th: inLanguage('th'), en: inLanguage('en') };
}

const TOKEN = /\d+|[A-Za-z]~?/g;

/**
 * The pieces of a Makruk FEN's placement: {square: letter} (rank 8 first, digits for empty squares).
 * @param {string} fen
 * @returns {Record<string, string>}
 */
export function placement(fen) {
  /** @type {Record<string, string>} */
  const pieces = {};
  String(fen).split(/\s+/)[0].split('/').slice(0, 8).forEach((row, i) => {
    let file = 0;
    for (const [token] of row.matchAll(TOKEN)) {
      if (/^\d/.test(token)) file += Number(token);
      else if (file < 8) pieces[`${'abcdefgh'[file++]}${8 - i}`] = token;
    }
  });
  return pieces;
}

/**
 * Draw the counting exercise's position into `figure`, the side that must mate (not the counter)
 * at the bottom.
 * @param {HTMLElement} figure
 * @param {{position: string, counter: string}} data
 * @param {{sides: string[], words: Record<string, string>, sprite: (letter: string) => string,
 *   pieceName: (letter: string) => string, sideOf: (letter: string) => string}} game Makruk's module
 */
export async function countingFigure(figure, data, game) {
  const { drawDiagram } = await import('../../boards/diagram.js');
  const bottom = game.sides.find((side) => side !== data.counter) ?? game.sides[0];
  const pieces = placement(data.position);
  const said = game.sides.map((side) => `${game.words[side]}: ${Object.entries(pieces)
    .filter(([, letter]) => game.sideOf(letter) === side).map(([square, letter]) => `${game.pieceName(letter)} ${square}`).join(', ')}`);
  figure.dataset.orientation = bottom;
  figure.replaceChildren(drawDiagram({
    pieces, upright: bottom === game.sides[0], sprite: game.sprite, label: `${game.words.board}: ${said.join('; ')}`,
  }));
}
