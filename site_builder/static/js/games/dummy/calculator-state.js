/**
 * What the reader entered in the Dummy points calculator (games/dummy/calculator.js), without the
 * page: the empty state, the engine's table JSON made of it (dummy-table.md), the state of a
 * shared link's table (every field checked: a link is not trusted) and the link text itself
 * (base64url JSON of the table and the options changed; read back by table-link.js). Pure: no DOM.
 */
/** @import { Table } from '../../types/engine.js' */
import { toBase64url } from '../../core/codes.js';
import { isCard } from './cards.js';
import { SEATS } from './ledger.js';
import { readTableLink } from './table-link.js';

export const LEVELS = ['thep', 'sian', 'khot_sian'];
/** What a liability (เหมา) covers. */
export const COVERS = ['all', 'head', 'speto_fee', 'knocker_speto'];

/**
 * What the reader entered (the players in seat order P1..P4; seats and cards by their ids).
 * @typedef {{cards: string[], in_knock: boolean}} Meld
 * @typedef {{card: string, onto: string, in_knock: boolean}} Layoff
 * @typedef {{melds: Meld[], layoffs: Layoff[], hand: string[], called: number}} Seat
 * @typedef {{culprits: string[], covers: string, beneficiary: string}} Liability
 * @typedef {object} CalculatorState
 * @property {string} level
 * @property {string | null} head
 * @property {Seat[]} players
 * @property {{player: string, face_down: string | null, collected: string[]}} knock
 * @property {string} fool the seat that fed the knocker's last card ('' for none)
 * @property {string} shown the seat that showed two spetos ('' for none)
 * @property {string} dealer
 * @property {string | null} next_head
 * @property {Record<string, unknown>} options the rule options changed
 * @property {Liability[]} liabilities as in the table JSON
 * @property {{discard_pile?: string[], stock_count?: number}} kept a loaded link's discard pile and stock count, passed on unchanged
 */
/**
 * A rule option the page offers: its name, its choices ({value, label}), its default, and its
 * description and source (the rule's id) in the page's language.
 * @typedef {{name: string, choices: {value: unknown, label?: string}[], default?: unknown,
 *   description?: string, source?: string}} RuleOption
 */

/**
 * The calculator's state when nothing is entered.
 * @returns {CalculatorState}
 */
export function emptyState() {
  return {
    level: 'thep', head: null,
    players: SEATS.map(() => ({ melds: [], layoffs: [], hand: [], called: 0 })),
    knock: { player: '', face_down: null, collected: [] },
    fool: '', shown: '', dealer: '', next_head: null, options: {},
    liabilities: [],
    kept: {},
  };
}

/**
 * The engine's table JSON (dummy-table.md) of the state `s`.
 * @param {CalculatorState} s
 * @returns {Table}
 */
export function toTable(s) {
  /** @type {Record<string, any>} */
  const table = {
    level: s.level, head: s.head,
    players: s.players.map((p, i) => ({
      id: SEATS[i],
      melds: p.melds.map((m) => (m.in_knock ? { cards: m.cards, in_knock: true } : { cards: m.cards })),
      layoffs: p.layoffs.map((l) => (l.in_knock ? { card: l.card, onto: l.onto, in_knock: true } : { card: l.card, onto: l.onto })),
      hand: p.hand,
    })),
    knock: s.knock.player ? { player: s.knock.player, face_down: s.knock.face_down, collected: s.knock.collected } : null,
    fool: s.fool && s.knock.player ? { feeder: s.fool, receiver: s.knock.player } : null,
  };
  const called = s.players.flatMap((p, i) => Array(p.called).fill(SEATS[i]));
  if (s.shown || called.length || s.liabilities.length) {
    table.events = {};
    if (s.shown) table.events.two_spetos_shown_by = [s.shown];
    if (called.length) table.events.called_discards = called;
    if (s.liabilities.length) table.events.liabilities = s.liabilities;
  }
  if (s.dealer || s.next_head) {
    table.tie_break = {};
    if (s.dealer) table.tie_break.dealer = s.dealer;
    if (s.next_head) table.tie_break.next_head = s.next_head;
  }
  return /** @type {Table} */ ({ ...table, ...s.kept });
}

const cardList = (/** @type {unknown} */ value) => {
  if (!Array.isArray(value) || !value.every(isCard)) throw new Error('cards');
  return [...value];
};
const seatOrEmpty = (/** @type {any} */ value) => {
  if (value == null || value === '') return '';
  if (!SEATS.includes(value)) throw new Error('seat');
  return value;
};

const liabilityOf = (/** @type {any} */ l) => {
  const culprits = Array.isArray(l?.culprits) ? l.culprits.map(seatOrEmpty) : [];
  if (!culprits.length || culprits.length > 2 || culprits.includes('') || !COVERS.includes(l.covers)) throw new Error('liability');
  const beneficiary = seatOrEmpty(l.beneficiary);
  if (!beneficiary) throw new Error('liability');
  return { culprits, covers: l.covers, beneficiary };
};

/**
 * The state of a shared table; throws when it is not a table this calculator wrote, or sets an
 * option the page does not offer (`offered`) to a value it does not list.
 * @param {any} table
 * @param {Record<string, unknown> | undefined} options
 * @param {RuleOption[]} offered
 * @returns {CalculatorState}
 */
export function fromTable(table, options, offered) {
  if (!table || typeof table !== 'object' || !LEVELS.includes(table.level)) throw new Error('level');
  if (table.head != null && !isCard(table.head)) throw new Error('head');
  if (!Array.isArray(table.players) || table.players.length !== 4) throw new Error('players');
  const s = emptyState();
  s.level = table.level;
  s.head = table.head ?? null;
  table.players.forEach((/** @type {any} */ p, /** @type {number} */ i) => {
    if (!p || p.id !== SEATS[i]) throw new Error('player');
    const seat = s.players[i];
    seat.melds = (p.melds ?? []).map((/** @type {any} */ m) => ({ cards: cardList(m.cards), in_knock: m.in_knock === true }));
    seat.layoffs = (p.layoffs ?? []).map((/** @type {any} */ l) => {
      if (!isCard(l.card) || !/^P[1-4]\.\d+$/.test(l.onto)) throw new Error('layoff');
      return { card: l.card, onto: l.onto, in_knock: l.in_knock === true };
    });
    seat.hand = cardList(p.hand ?? []);
  });
  if (table.knock) {
    s.knock.player = seatOrEmpty(table.knock.player);
    if (table.knock.face_down != null && !isCard(table.knock.face_down)) throw new Error('face_down');
    s.knock.face_down = table.knock.face_down ?? null;
    s.knock.collected = cardList(table.knock.collected ?? []);
  }
  s.fool = seatOrEmpty(table.fool?.feeder);
  s.shown = seatOrEmpty(table.events?.two_spetos_shown_by?.[0]);
  for (const pid of table.events?.called_discards ?? []) s.players[SEATS.indexOf(seatOrEmpty(pid))].called += 1;
  s.liabilities = (table.events?.liabilities ?? []).map(liabilityOf);
  if (table.discard_pile != null) s.kept.discard_pile = cardList(table.discard_pile);
  if (table.stock_count != null) {
    if (!Number.isInteger(table.stock_count) || table.stock_count < 0) throw new Error('stock_count');
    s.kept.stock_count = table.stock_count;
  }
  s.dealer = seatOrEmpty(table.tie_break?.dealer);
  const next = table.tie_break?.next_head;
  if (next != null && !isCard(next)) throw new Error('next_head');
  s.next_head = next ?? null;
  for (const [name, value] of Object.entries(options ?? {})) {
    const known = offered.find((o) => o.name === name);
    if (!known || !known.choices.some((c) => c.value === value)) throw new Error('option');
    s.options[name] = value;
  }
  return s;
}

/**
 * The link text of the state `s` (what follows "#t="): the table, and the options changed.
 * @param {CalculatorState} s
 */
export function linkText(s) {
  /** @type {Record<string, unknown>} */
  const payload = { ...toTable(s) };
  if (Object.keys(s.options).length) payload.options = s.options;
  return toBase64url(new TextEncoder().encode(JSON.stringify(payload)));
}

/**
 * The state of a link's text (what follows "#t="); throws a TableLinkError (table-link.js) when
 * the text is refused before it is read, an Error when its table is not one this calculator wrote.
 * @param {string} text
 * @param {RuleOption[]} offered the rule options the page offers
 */
export function readLink(text, offered) {
  const { table, options } = readTableLink(text);
  return fromTable(table, options, offered);
}
