/**
 * Settlement words shared by the calculator and the scoring exercises: seats, ledger lines,
 * engine messages made readable, and where a reader's figure departs from a list of signed
 * lines. Pure (no DOM): the tables that show a settlement are in ledger-tables.js.
 */
/** @import { EngineError, LedgerLine } from '../../types/engine.js' */
/**
 * The game's words (settlement names): seats, melds, payments, ledger items and card names.
 * @typedef {{seat: string, meld_of: string, pays: string, items: Record<string, string>, cards: Record<string, string>}} LedgerWords
 * @typedef {Record<string, any>} PageWords the page's own words (field names, `covers`, ...)
 * @typedef {{index: number, how: 'sign' | 'missing' | 'reversed' | 'unknown'}} Departure
 */

export const SEATS = ['P1', 'P2', 'P3', 'P4'];

/** @type {(text: string, vars?: Record<string, unknown>) => string} */
export const fill = (text, vars = {}) => text.replace(/\{(\w+)\}/g, (m, key) => (key in vars ? String(vars[key]) : m));

/** @type {(words: LedgerWords, pid: string) => string} */
export const seatName = (words, pid) => fill(words.seat, { n: String(pid).slice(1) });

/** @type {(words: LedgerWords, meldId: string) => string} */
export const meldName = (words, meldId) => {
  const [pid, index] = meldId.split('.');
  return fill(words.meld_of, { n: Number(index) + 1, seat: seatName(words, pid) });
};

/**
 * "ขา 3 จ่าย ขา 1 — ค่าน็อก (§79)" (no amount: what a departure may show).
 * @param {LedgerWords} words
 * @param {LedgerLine} line
 */
export function lineLabel(words, line) {
  const who = fill(words.pays, { payer: seatName(words, line.from), payee: seatName(words, line.to) });
  return `${who} — ${words.items[line.item] ?? line.item} (${line.rule})`;
}

/**
 * A field path of the table ("players[2].melds[0]") in words.
 * @param {LedgerWords} words
 * @param {PageWords} ui
 * @param {string} field
 * @returns {string}
 */
export function fieldWords(words, ui, field) {
  let m = /^players\[(\d)\]\.melds\[(\d+)\]/.exec(field);
  if (m) return fill(ui.fieldMeld, { seat: seatName(words, SEATS[Number(m[1])]), n: Number(m[2]) + 1 });
  m = /^players\[(\d)\]\.layoffs\[(\d+)\]/.exec(field);
  if (m) return fill(ui.fieldLayoff, { seat: seatName(words, SEATS[Number(m[1])]), n: Number(m[2]) + 1 });
  m = /^players\[(\d)\]\.hand/.exec(field);
  if (m) return fill(ui.fieldHand, { seat: seatName(words, SEATS[Number(m[1])]) });
  m = /^players\[(\d)\]/.exec(field);
  if (m) return fill(ui.fieldPlayer, { seat: seatName(words, SEATS[Number(m[1])]) });
  m = /^events\.liabilities\[(\d+)\]/.exec(field);
  if (m && ui.fieldLiability) return fill(ui.fieldLiability, { n: Number(m[1]) + 1 });
  const top = field.split(/[.[]/)[0];
  /** @type {Record<string, string>} */
  const named = { knock: ui.fieldKnock, fool: ui.fieldFool, tie_break: ui.fieldTie, events: ui.fieldEvents,
    head: ui.headField, stock_count: ui.fieldStock, discard_pile: ui.fieldStock };
  return named[top] ?? field;
}

/**
 * An engine message in the page's words: the field prefix dropped, seats and cards named.
 * @param {LedgerWords} words
 * @param {PageWords} ui
 * @param {Partial<EngineError>} error
 * @param {string} lang
 */
export function readable(words, ui, error, lang) {
  let text = (lang === 'en' ? error.message : error.message_th ?? error.message) ?? '';
  if (error.field && text.startsWith(`${error.field}: `)) text = text.slice(error.field.length + 2);
  if (lang !== 'en' && ui.covers && /^events\.liabilities/.test(error.field ?? '')) {
    text = text.replace(/\b(all|head|speto_fee|knocker_speto)\b/g, (c) => ui.covers[c]);
  }
  return text
    .replace(/players\[\d\](?:\.(?:melds|layoffs)\[\d+\]|\.hand(?:\[\d+\])?)?(?:\.\w+(?:\[\d+\])?)*/g, (f) => fieldWords(words, ui, f))
    .replace(/'(P[1-4])\.(\d+)'/g, (m, pid, i) => meldName(words, `${pid}.${i}`))
    .replace(/'(P[1-4])'/g, (m, pid) => seatName(words, pid))
    .replace(/'([2-9TJQKA][SHDC])'/g, (m, card) => words.cards[card]);
}

/**
 * Where `figure` departs from `lines` (each {amount: signed}, in order): the index of a line left
 * out, or counted the wrong way round, or the first line after the longest prefix that adds up to
 * the figure; the whole figure with the wrong sign is "sign" at line 0; else 0 with how "unknown". Returns null when the figure is the total.
 * @param {{amount: number}[]} lines
 * @param {number} figure
 * @returns {Departure | null}
 */
export function departure(lines, figure) {
  const total = lines.reduce((sum, l) => sum + l.amount, 0);
  if (figure === total) return null;
  if (figure === -total) return { index: 0, how: 'sign' };
  let i = lines.findIndex((l) => total - l.amount === figure);
  if (i >= 0) return { index: i, how: 'missing' };
  i = lines.findIndex((l) => total - 2 * l.amount === figure);
  if (i >= 0) return { index: i, how: 'reversed' };
  let sum = 0;
  for (let j = 0; j < lines.length; j += 1) {
    if (sum === figure && j > 0) return { index: j, how: 'missing' };
    sum += lines[j].amount;
  }
  return { index: 0, how: 'unknown' };
}
