/**
 * The Dummy points calculator without its page: the state made of a shared table and the table
 * made of the state (games/dummy/calculator-state.js: every field of a link checked, the link's
 * discard pile and stock count kept), the link text and back, and the places where the reader puts
 * cards (games/dummy/calculator-places.js: a card exists once, taken back from anywhere).
 */
import './helpers/page.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { emptyState, fromTable, linkText, readLink, toTable } from '../../site_builder/static/js/games/dummy/calculator-state.js';
import { putCard, takeBack, targetKey, targetWords, whereIs } from '../../site_builder/static/js/games/dummy/calculator-places.js';
import { TableLinkError } from '../../site_builder/static/js/games/dummy/table-link.js';

/** The knock table of tests/engine/dummy/dk.py's standard() (P1 knocks with 9D face down), with events. */
const TABLE = {
  level: 'thep', head: '2H',
  players: [
    { id: 'P1', melds: [{ cards: ['2D', '3D', '4D', '5D'] }, { cards: ['KS', 'KH', 'KD'], in_knock: true }], layoffs: [], hand: [] },
    { id: 'P2', melds: [{ cards: ['AH', 'AC', 'AD'] }], layoffs: [{ card: '6H', onto: 'P3.0' }], hand: ['3C', '4C', '6D', '7D'] },
    { id: 'P3', melds: [{ cards: ['7H', '8H', '9H'] }], layoffs: [], hand: ['TC', 'JC', '5C'] },
    { id: 'P4', melds: [{ cards: ['6C', '7C', '8C'] }], layoffs: [], hand: ['KC', 'JH', 'TH', 'AS'] },
  ],
  knock: { player: 'P1', face_down: '9D', collected: ['7D'] },
  fool: { feeder: 'P4', receiver: 'P1' },
  events: { two_spetos_shown_by: ['P2'], called_discards: ['P3', 'P3'],
    liabilities: [{ culprits: ['P4'], covers: 'head', beneficiary: 'P1' }] },
  tie_break: { dealer: 'P2', next_head: 'QS' },
  discard_pile: ['4S', '5S'], stock_count: 12,
};
const OFFERED = [{ name: 'speto_fee_doubles', choices: [{ value: true }, { value: false }], default: false }];

test('a table read into the state gives the same table back, the link\'s pile and stock count kept', () => {
  const state = fromTable(TABLE, {}, OFFERED);
  assert.equal(state.players[2].called, 2);
  assert.deepEqual(state.kept, { discard_pile: ['4S', '5S'], stock_count: 12 });
  assert.deepEqual(toTable(state), TABLE);
});

test('the empty state is a table without a knock, events or tie-break', () => {
  const table = toTable(emptyState());
  assert.equal(table.knock, null);
  assert.equal(table.fool, null);
  assert.equal('events' in table || 'tie_break' in table, false);
  assert.deepEqual(table.players.map((p) => p.id), ['P1', 'P2', 'P3', 'P4']);
});

test('a link holds the table and the options changed, and reads back to the same state', () => {
  const state = fromTable(TABLE, { speto_fee_doubles: true }, OFFERED);
  const text = linkText(state);
  assert.match(text, /^[A-Za-z0-9_-]+$/, 'base64url without padding');
  assert.deepEqual(readLink(text, OFFERED), state);
});

test('a link is checked field by field: what this calculator never wrote is refused', () => {
  const broken = [
    { ...TABLE, level: 'nine' },
    { ...TABLE, head: 'ZZ' },
    { ...TABLE, players: TABLE.players.slice(0, 3) },
    { ...TABLE, players: [{ ...TABLE.players[0], id: 'P9' }, ...TABLE.players.slice(1)] },
    { ...TABLE, players: [{ ...TABLE.players[0], hand: ['2D', 7] }, ...TABLE.players.slice(1)] },
    { ...TABLE, players: [TABLE.players[0], { ...TABLE.players[1], layoffs: [{ card: '6H', onto: 'P5.0' }] }, ...TABLE.players.slice(2)] },
    { ...TABLE, knock: { ...TABLE.knock, player: 'P7' } },
    { ...TABLE, events: { liabilities: [{ culprits: ['P1', 'P2', 'P3'], covers: 'all', beneficiary: 'P4' }] } },
    { ...TABLE, events: { liabilities: [{ culprits: ['P1'], covers: 'everything', beneficiary: 'P4' }] } },
    { ...TABLE, stock_count: -1 },
    { ...TABLE, tie_break: { next_head: 'XX' } },
  ];
  for (const table of broken) assert.throws(() => fromTable(table, {}, OFFERED), Error, JSON.stringify(table).slice(0, 80));
  assert.throws(() => fromTable(TABLE, { speto_fee_doubles: 'maybe' }, OFFERED), /option/);
  assert.throws(() => fromTable(TABLE, { unknown_rule: true }, OFFERED), /option/);
  assert.throws(() => readLink('!!!', OFFERED), TableLinkError);
});

const words = { seat: 'ขา {n}', meld_of: 'กองที่ {n} ของ{seat}', cards: { '2H': '2♥', '9D': '9♦', '3S': '3♠' } };
const ui = { head: 'ไพ่หัว', faceDown: 'ไพ่คว่ำ', collected: 'ไพ่ที่เก็บ', nextHead: 'หัวถัดไป', hand: 'บนมือ',
  layoffAdd: 'ฝาก', onMeld: 'ลงกอง', pickTarget: 'เลือกที่วางไพ่ก่อน', used: '{card} อยู่ที่ {where} แล้ว' };

test('a card goes where the target says, once: a second place is refused with where it is', () => {
  const state = emptyState();
  assert.equal(putCard(state, { kind: 'head' }, '2H', words, ui), null);
  assert.equal(state.head, '2H');
  assert.equal(putCard(state, { kind: 'hand', seat: 1 }, '2H', words, ui), '2♥ อยู่ที่ ไพ่หัว แล้ว');
  assert.deepEqual(state.players[1].hand, []);
  state.players[0].melds.push({ cards: [], in_knock: false });
  putCard(state, { kind: 'meld', seat: 0, index: 0 }, '3S', words, ui);
  assert.equal(whereIs(state, '3S', words, ui), 'กองที่ 1 ของขา 1');
  putCard(state, { kind: 'layoff', seat: 2, onto: 'P1.0' }, '9D', words, ui);
  assert.equal(whereIs(state, '9D', words, ui), 'ขา 3 ฝาก');
  assert.deepEqual(state.players[2].layoffs, [{ card: '9D', onto: 'P1.0', in_knock: false }]);
  assert.equal(putCard(state, { kind: 'collected' }, '9D', words, ui), null, 'the collected list points at placed cards');
  assert.deepEqual(state.knock.collected, ['9D']);
});

test('a card is taken back from wherever it is, or from the collected list alone', () => {
  const state = fromTable(TABLE, {}, OFFERED);
  takeBack(state, '7D', true);
  assert.deepEqual(state.knock.collected, []);
  assert.deepEqual(state.players[1].hand, ['3C', '4C', '6D', '7D'], 'the collected list only');
  for (const card of ['2H', '9D', 'QS', 'KH', '6H', 'JH']) takeBack(state, card);
  assert.equal(state.head, null);
  assert.equal(state.knock.face_down, null);
  assert.equal(state.next_head, null);
  assert.deepEqual(state.players[0].melds[1].cards, ['KS', 'KD']);
  assert.deepEqual(state.players[1].layoffs, []);
  assert.deepEqual(state.players[3].hand, ['KC', 'TH', 'AS']);
});

test('a target\'s key (its button\'s data-target) and its words', () => {
  assert.equal(targetKey({ kind: 'meld', seat: 1, index: 0 }), 'meld:1:0');
  assert.equal(targetKey({ kind: 'head' }), 'head::');
  assert.equal(targetKey(null), '');
  assert.equal(targetWords(null, words, ui), 'เลือกที่วางไพ่ก่อน');
  assert.equal(targetWords({ kind: 'layoff', seat: 1, onto: 'P3.0' }, words, ui), 'ขา 2 ฝาก ลงกอง กองที่ 1 ของขา 3');
  assert.equal(targetWords({ kind: 'hand', seat: 3 }, words, ui), 'ขา 4 บนมือ');
});
