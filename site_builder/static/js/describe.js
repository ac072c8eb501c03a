/** Words for the board: piece and square names, the status line and spoken move announcements. */
import { t } from './i18n.js';

/** "white" for an uppercase FEN letter ("K", "M~"), "black" for a lowercase one. */
export const colorOf = (letter) => (letter[0] === letter[0].toUpperCase() ? 'white' : 'black');

/** Piece name without its side: "m~" -> "เบี้ยหงาย". */
export const pieceName = (letter) => t(letter.toUpperCase());

/** Accessible name of one square: "e4, ขาว เบี้ย, เลือกอยู่". */
export function squareLabel(square, letter, marks) {
  const content = letter ? `${t(colorOf(letter))} ${pieceName(letter)}` : t('empty');
  return [square, content, ...marks.map((mark) => t(mark))].join(', ');
}

/** Whose turn, check, or the result: "ตาขาวเดิน", "ขาวชนะ — จน". */
export function statusText(state) {
  const { result, reason, check } = state.status;
  if (result === 'draw') return t('draw', { reason: t(reason) });
  if (result !== 'ongoing') {
    return t('wins', { side: t(result === 'white_wins' ? 'white' : 'black'), reason: t(reason) });
  }
  const side = t(state.turn);
  return check ? `${t('toMove', { side })} · ${t('inCheck', { side })}` : t('toMove', { side });
}

/** The running count ("ดำนับศักดิ์หมาก 5 จาก 16"), or "" when nobody counts. */
export function countText({ counting }) {
  if (!counting || !counting.kind) return '';
  return t(counting.count ? 'countLine' : 'countFrom', {
    ...counting,
    counter: t(counting.counter),
    kind: t(counting.kind === 'board' ? 'boardCount' : 'piecesCount'),
  });
}

/** Announcement of `move` played from state `before` and leading to state `after`. */
export function moveText(before, move, after) {
  const side = t(before.turn);
  let text;
  if (move === 'count-start' || move === 'count-stop') {
    text = t(move === 'count-start' ? 'countStart' : 'countStop', { side });
  } else {
    const [from, to] = [move.slice(0, 2), move.slice(2, 4)];
    const piece = pieceName(before.board[from]);
    const captured = before.board[to];
    text = captured
      ? t('capture', { side, piece, from, to, captured: pieceName(captured) })
      : t('move', { side, piece, from, to });
    if (move.length > 4) text += ` ${t('promote')}`;
  }
  const tail = after.status.result !== 'ongoing' ? statusText(after) : after.status.check ? t('check') : '';
  return tail ? `${text}${t('sep')}${tail}` : text;
}
