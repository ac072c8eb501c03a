/**
 * Words for a board: square labels, the status line, spoken move announcements, the move list
 * and the chooser's labels. A move is said with the engine's own words for it (its `legal`
 * object's `words`, {th, en}: "เรือดำ f8 ไป f2"), else built from the legal object (from, to,
 * path, captures, drop, promotion, privilege); piece and side names come from the game's module
 * (games/<id>/index.js: `words`, `pieceName`, `sides`), the rest from core/i18n.js.
 */
/** @import { LegalMove, PlayReply } from '../types/engine.js' */
/** @import { BoardGameModule, DropGameModule } from '../types/game.js' */
/** @import { Ply } from './record.js' */
import { t, fill, lang } from '../core/i18n.js';

/**
 * The game's own word for `key` (its `words` table), else the shared one.
 * @param {BoardGameModule} game
 * @param {string} key
 * @param {Record<string, unknown>} [vars]
 * @returns {string}
 */
export function word(game, key, vars = {}) {
  const own = game.words?.[key];
  return own === undefined ? t(key, vars) : fill(own, vars);
}

/** "ขาว" for the side id "white" (or the game's own name for it). */
export const sideName = (/** @type {BoardGameModule} */ game, /** @type {string} */ side) => word(game, side);

/**
 * Accessible name of one square: "e4, ขาว เบี้ย, เลือกอยู่".
 * @param {BoardGameModule} game
 * @param {string} square
 * @param {string | null | undefined} letter
 * @param {string[]} marks
 */
export function squareLabel(game, square, letter, marks) {
  const content = letter ? `${sideName(game, game.sideOf(letter))} ${game.pieceName(letter)}` : t('empty');
  return [square, content, ...marks.map((mark) => t(mark))].join(', ');
}

/**
 * Whose turn, check, or the result: "ตาขาวเดิน", "ขาวชนะ — จน"; told from the side of `reader`
 * (the side the reader plays against the computer) when given: "คุณแพ้ — จน".
 * @param {BoardGameModule} game
 * @param {PlayReply} state
 * @param {string | null} [reader]
 */
export function statusText(game, state, reader = null) {
  const { result, check } = state.status;
  const reason = state.status.reason ?? '';
  if (result === 'draw') return t('draw', { reason: word(game, reason) });
  if (result !== 'ongoing') {
    const winner = game.sides.find((side) => result === `${side}_wins`) ?? '';
    if (reader) return t(winner === reader ? 'youWin' : 'youLose', { reason: word(game, reason) });
    return t('wins', { side: sideName(game, winner), reason: word(game, reason) });
  }
  const side = sideName(game, state.turn);
  return check ? `${t('toMove', { side })} · ${t('inCheck', { side })}` : t('toMove', { side });
}

/**
 * "เบี้ย d4, เบี้ย f6": the pieces a move takes (with squares when they are not just `to`).
 * @param {BoardGameModule} game
 * @param {PlayReply['board']} board
 * @param {LegalMove} legal
 */
function takenText(game, board, legal) {
  const squares = legal.captures.length > 1 || legal.captures[0] !== legal.to;
  return legal.captures.map((sq) => {
    const name = board[sq] ? game.pieceName(board[sq]) : '';
    return squares ? `${name} ${sq}`.trim() : name;
  }).join(', ');
}

/**
 * What the mover does, without the result: "เบี้ยขาว e3 ไป e4" (the engine's words when it has them).
 * @param {BoardGameModule} game
 * @param {PlayReply} before
 * @param {LegalMove} legal
 */
export function playedText(game, before, legal) {
  if (legal.words?.[lang]) return legal.words[lang];
  const side = sideName(game, before.turn);
  let text;
  if (legal.drop) {
    text = t('drop', { side, piece: game.pieceName(/** @type {DropGameModule} */ (game).handLetter(legal.drop, before.turn)), to: legal.to });
  } else {
    const piece = game.pieceName(before.board[/** @type {string} */ (legal.from)]);
    const { from, to } = legal;
    text = legal.captures.length
      ? t('capture', { side, piece, from, to, captured: takenText(game, before.board, legal) })
      : t('move', { side, piece, from, to });
  }
  if (legal.promotion) text += ` ${word(game, 'promote')}`;
  if (legal.privilege) text += ` ${word(game, 'privilege')}`;
  return text;
}

/**
 * Announcement of `move` (its `legal` object, or null for an action such as "count-start")
 * played from state `before` and leading to state `after`.
 * @param {BoardGameModule} game
 * @param {PlayReply} before
 * @param {string} move
 * @param {LegalMove | null} legal
 * @param {PlayReply} after
 */
export function moveText(game, before, move, legal, after) {
  const vars = { side: sideName(game, before.turn), action: move };
  const text = legal ? playedText(game, before, legal)
    : game.words?.[move] !== undefined ? word(game, move, vars) : t('action', vars);
  const tail = after.status.result !== 'ongoing' ? statusText(game, after) : after.status.check ? t('check') : '';
  return tail ? `${text}${t('sep')}${tail}` : text;
}

/**
 * One entry of a game record in words (the move list): a move by its engine words ("เบี้ยขาว e3
 * ไป e4"), an action by the game's word for it ("ดำเริ่มนับ"). `ply`: {move, side, legal}.
 * @param {BoardGameModule} game
 * @param {Pick<Ply, 'move' | 'side' | 'legal'>} ply
 */
export function plyText(game, { move, side, legal }) {
  if (legal) return legal.words?.[lang] ?? move;
  const vars = { side: sideName(game, side ?? ''), action: move };
  return game.words?.[move] !== undefined ? word(game, move, vars) : t('action', vars);
}

/**
 * "ขุน a8-b8" (or "เบี้ย *e5" for a drop): a short name of the move text `move` in `state`.
 * @param {BoardGameModule} game
 * @param {PlayReply | null} state
 * @param {string} move
 */
export function moveName(game, state, move) {
  const legal = state?.legal?.find((m) => m.move === move);
  if (!state || !legal) return move;
  if (legal.drop) return `${game.pieceName(/** @type {DropGameModule} */ (game).handLetter(legal.drop, state.turn))} *${legal.to}`;
  return `${game.pieceName(state.board[/** @type {string} */ (legal.from)])} ${legal.from}-${legal.to}`;
}

/**
 * Labels for the chooser: for each of `moves` (legal objects sharing a start and an end), what
 * sets it apart from the others — promotion or not, the King's privilege or not, the route.
 * Returns [{move, label, detail}] (detail = the move's notation).
 * @param {BoardGameModule} game
 * @param {LegalMove[]} moves
 */
export function choiceLabels(game, moves) {
  /** @type {(key: keyof LegalMove) => boolean} */
  const differ = (key) => new Set(moves.map((m) => JSON.stringify(m[key]))).size > 1;
  const byPromotion = differ('promotion');
  const byPrivilege = differ('privilege');
  const byRoute = differ('path') || differ('captures');
  return moves.map((m) => {
    const parts = [];
    if (byPromotion) parts.push(word(game, m.promotion ? 'choosePromote' : 'chooseStay'));
    if (byPrivilege) parts.push(word(game, m.privilege ? 'chooseKeep' : 'chooseDemote'));
    if (byRoute) {
      const via = m.path.slice(0, -1);
      if (via.length) parts.push(t('chooseRoute', { path: via.join(', ') }));
      if (m.captures.length) parts.push(t('chooseTakes', { captures: m.captures.join(', ') }));
    }
    return { move: m, label: parts.join(' · ') || m.move, detail: m.move };
  });
}
