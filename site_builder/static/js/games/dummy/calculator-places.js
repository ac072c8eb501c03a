/**
 * The places of the Dummy points calculator (games/dummy/calculator.js) where the reader puts
 * cards: a place chosen (a target: {kind, seat, index, onto}) and its words, where a card already
 * is, putting a card down and taking it back. Pure (no DOM): it changes the state it is given
 * (calculator-state.js).
 *
 * Target kinds: "head", "face_down", "collected", "next_head" (no seat); "meld" (seat, index),
 * "layoff" (seat, onto: a meld id "P2.0"), "hand" (seat).
 */
/** @import { CalculatorState } from './calculator-state.js' */
import { SEATS, fill, seatName, meldName } from './ledger.js';

/**
 * @typedef {{kind: 'head' | 'face_down' | 'collected' | 'next_head', seat?: undefined, index?: undefined}
 *   | {kind: 'meld', seat: number, index: number} | {kind: 'layoff', seat: number, onto: string, index?: undefined}
 *   | {kind: 'hand', seat: number, index?: undefined}} Target
 */

/** The key of a target, as its button's data-target says it: "meld:1:0", "head::" ("" for none). */
export const targetKey = (/** @type {Target | null} */ t) => (t ? [t.kind, t.seat ?? '', t.index ?? ''].join(':') : '');

/**
 * Where `card` is placed in `state`, in words, or null. (Collected cards only point at placed ones.)
 * @param {CalculatorState} state
 * @param {string} card
 * @param {any} words the page's Dummy words (seat and meld names)
 * @param {any} ui the calculator's words
 */
export function whereIs(state, card, words, ui) {
  if (state.head === card) return ui.head;
  if (state.knock.face_down === card) return ui.faceDown;
  for (const [i, p] of state.players.entries()) {
    const seat = seatName(words, SEATS[i]);
    const m = p.melds.findIndex((meld) => meld.cards.includes(card));
    if (m >= 0) return meldName(words, `${SEATS[i]}.${m}`);
    if (p.layoffs.some((l) => l.card === card)) return `${seat} ${ui.layoffAdd}`;
    if (p.hand.includes(card)) return `${seat} ${ui.hand}`;
  }
  return null;
}

/**
 * The target `t` in words (the deck's label says where tapped cards go).
 * @param {Target | null} t
 * @param {any} words
 * @param {any} ui
 */
export function targetWords(t, words, ui) {
  if (!t) return ui.pickTarget;
  const seat = t.seat != null ? seatName(words, SEATS[t.seat]) : '';
  switch (t.kind) {
    case 'head': return ui.head;
    case 'face_down': return ui.faceDown;
    case 'collected': return ui.collected;
    case 'next_head': return ui.nextHead;
    case 'meld': return meldName(words, `${SEATS[t.seat]}.${t.index}`);
    case 'layoff': return `${seat} ${ui.layoffAdd} ${ui.onMeld} ${meldName(words, t.onto)}`;
    default: return `${seat} ${ui.hand}`;
  }
}

/**
 * Put `card` where the target `t` says; a card already placed stays where it is and its place is
 * said instead ("… อยู่ที่ …"), except in the collected list, which only points at placed cards.
 * Returns the words of the refusal, or null when the card was put down.
 * @param {CalculatorState} state
 * @param {Target} t
 * @param {string} card
 * @param {any} words
 * @param {any} ui
 */
export function putCard(state, t, card, words, ui) {
  if (t.kind === 'collected') {
    if (!state.knock.collected.includes(card)) state.knock.collected.push(card);
    return null;
  }
  const where = whereIs(state, card, words, ui);
  if (where) return fill(ui.used, { card: words.cards[card], where });
  switch (t.kind) {
    case 'head': state.head = card; break;
    case 'face_down': state.knock.face_down = card; break;
    case 'next_head': state.next_head = card; break;
    case 'meld': state.players[t.seat].melds[t.index].cards.push(card); break;
    case 'layoff': state.players[t.seat].layoffs.push({ card, onto: t.onto, in_knock: false }); break;
    case 'hand': state.players[t.seat].hand.push(card); break;
    default: break;
  }
  return null;
}

/**
 * Take `card` back from wherever it is placed, or (`fromCollected`) from the collected list only.
 * @param {CalculatorState} state
 * @param {string} card
 * @param {boolean} [fromCollected]
 */
export function takeBack(state, card, fromCollected = false) {
  if (fromCollected) {
    state.knock.collected = state.knock.collected.filter((c) => c !== card);
    return;
  }
  if (state.head === card) state.head = null;
  if (state.knock.face_down === card) state.knock.face_down = null;
  if (state.next_head === card) state.next_head = null;
  for (const p of state.players) {
    for (const m of p.melds) m.cards = m.cards.filter((c) => c !== card);
    p.layoffs = p.layoffs.filter((l) => l.card !== card);
    p.hand = p.hand.filter((c) => c !== card);
  }
}
