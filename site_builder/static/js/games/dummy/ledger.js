/**
 * Settlement words shared by the calculator and the scoring exercises: seats, ledger lines,
 * the per-seat summary and the ledger table, engine messages made readable, and where a
 * reader's figure departs from a list of signed lines.
 */
import { add } from '../../core/progress-ui.js';

export const SEATS = ['P1', 'P2', 'P3', 'P4'];

export const fill = (text, vars = {}) => text.replace(/\{(\w+)\}/g, (m, key) => (key in vars ? String(vars[key]) : m));

export const seatName = (words, pid) => fill(words.seat, { n: String(pid).slice(1) });

export const meldName = (words, meldId) => {
  const [pid, index] = meldId.split('.');
  return fill(words.meld_of, { n: Number(index) + 1, seat: seatName(words, pid) });
};

/** "ขา 3 จ่าย ขา 1 — ค่าน็อก (§79)" (no amount: what a departure may show). */
export function lineLabel(words, line) {
  const who = fill(words.pays, { payer: seatName(words, line.from), payee: seatName(words, line.to) });
  return `${who} — ${words.items[line.item] ?? line.item} (${line.rule})`;
}

/** A field path of the table ("players[2].melds[0]") in words. */
export function fieldWords(words, ui, field) {
  let m = /^players\[(\d)\]\.melds\[(\d+)\]/.exec(field);
  if (m) return fill(ui.fieldMeld, { seat: seatName(words, SEATS[m[1]]), n: Number(m[2]) + 1 });
  m = /^players\[(\d)\]\.layoffs\[(\d+)\]/.exec(field);
  if (m) return fill(ui.fieldLayoff, { seat: seatName(words, SEATS[m[1]]), n: Number(m[2]) + 1 });
  m = /^players\[(\d)\]\.hand/.exec(field);
  if (m) return fill(ui.fieldHand, { seat: seatName(words, SEATS[m[1]]) });
  m = /^players\[(\d)\]/.exec(field);
  if (m) return fill(ui.fieldPlayer, { seat: seatName(words, SEATS[m[1]]) });
  m = /^events\.liabilities\[(\d+)\]/.exec(field);
  if (m && ui.fieldLiability) return fill(ui.fieldLiability, { n: Number(m[1]) + 1 });
  const top = field.split(/[.[]/)[0];
  const named = { knock: ui.fieldKnock, fool: ui.fieldFool, tie_break: ui.fieldTie, events: ui.fieldEvents,
    head: ui.headField, stock_count: ui.fieldStock, discard_pile: ui.fieldStock };
  return named[top] ?? field;
}

/** An engine message in the page's words: the field prefix dropped, seats and cards named. */
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

/** The per-seat summary table (points, tier, factor, net) of a settle reply. */
export function summaryTable(parent, words, ui, reply) {
  const table = add(parent, 'table', 'dk-summary');
  add(table, 'caption', '', `${ui.summary} · ${fill(ui.k, { k: reply.k })}`);
  const head = add(add(table, 'thead'), 'tr');
  for (const key of ['colSeat', 'colPoints', 'colTier', 'colFactor', 'colNet']) add(head, 'th', '', ui[key]).scope = 'col';
  const body = add(table, 'tbody');
  for (const pid of Object.keys(reply.net)) {
    const row = add(body, 'tr');
    add(row, 'th', '', seatName(words, pid)).scope = 'row';
    add(row, 'td', 'dk-num', String(reply.points[pid]));
    add(row, 'td', '', words.tiers[reply.tiers[pid]]);
    add(row, 'td', 'dk-num', reply.c[pid] ? `×${reply.c[pid]}` : '');
    const net = reply.net[pid];
    add(row, 'td', `dk-num ${net < 0 ? 'dk-minus' : 'dk-plus'}`, net > 0 ? `+${net}` : String(net));
  }
  return table;
}

/** The ledger table of a settle reply, one row per payment. */
export function ledgerTable(parent, words, ui, reply) {
  const table = add(parent, 'table', 'dk-ledger');
  add(table, 'caption', '', ui.ledger);
  const head = add(add(table, 'thead'), 'tr');
  for (const key of ['colLine', 'colFrom', 'colTo', 'colAmount', 'colWhy', 'colRule']) add(head, 'th', '', ui[key]).scope = 'col';
  const body = add(table, 'tbody');
  reply.ledger.forEach((line, i) => {
    const row = add(body, 'tr');
    row.dataset.item = line.item;
    add(row, 'td', 'dk-num', String(i + 1));
    add(row, 'td', '', seatName(words, line.from));
    add(row, 'td', '', seatName(words, line.to));
    add(row, 'td', 'dk-num', String(line.amount));
    const why = words.items[line.item] ?? line.item;
    add(row, 'td', '', line.on_behalf_of && ui.onBehalf ? `${why} ${fill(ui.onBehalf, { seat: seatName(words, line.on_behalf_of) })}` : why);
    add(row, 'td', 'dk-rule', line.rule);
  });
  return table;
}
