/**
 * The tables that show a settle reply (the calculator's): the per-seat summary and the ledger,
 * in the words of ledger.js.
 */
import { add } from '../../core/progress-ui.js';
import { fill, seatName } from './ledger.js';

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
