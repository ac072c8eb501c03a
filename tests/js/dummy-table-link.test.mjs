/**
 * The Dummy calculator's link (games/dummy/table-link.js): a link longer than any table needs,
 * or whose table lists more than 52 cards, is refused with its reason and numbers before anything
 * is decoded or drawn; a real table's link reads back.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DECK } from '../../site_builder/static/js/games/dummy/cards.js';
import { MAX_LINK_CHARS, TableLinkError, cardsListed, readTableLink } from '../../site_builder/static/js/games/dummy/table-link.js';

/** The "#t=" text of `payload`, as the calculator writes it. */
const linkOf = (payload) => Buffer.from(JSON.stringify(payload), 'utf-8').toString('base64url');
const seat = (id, hand = [], melds = []) => ({ id, hand, melds, layoffs: [] });

/** A table using the whole deck: three melds, the rest in hands, one face-down card. */
function fullTable() {
  const melds = [{ cards: ['2S', '3S', '4S'] }, { cards: ['5H', '5D', '5C'] }];
  const used = new Set(melds.flatMap((m) => m.cards).concat('9D'));
  const rest = DECK.filter((c) => !used.has(c));
  return {
    level: 'sian', head: '2S',
    players: [seat('P1', [], melds), seat('P2', rest.slice(0, 14)), seat('P3', rest.slice(14, 28)), seat('P4', rest.slice(28))],
    knock: { player: 'P1', face_down: '9D', collected: [] },
  };
}

/** The TableLinkError `text` is refused with. */
function refusal(text) {
  try {
    readTableLink(text);
  } catch (err) {
    assert.ok(err instanceof TableLinkError, String(err));
    return err;
  }
  assert.fail('no error');
}

test('a full 52-card table reads back, with its options', () => {
  const table = fullTable();
  assert.equal(cardsListed(table), 52);
  const text = linkOf({ ...table, options: { layoffOnto: 'melderCards' } });
  assert.ok(text.length < MAX_LINK_CHARS / 2, `a full table's link is short (${text.length})`);
  assert.deepEqual(readTableLink(text), { table, options: { layoffOnto: 'melderCards' } });
});

test('a table with 53 cards is refused, with the count', () => {
  const table = fullTable();
  table.players[1].hand.push('AS');
  const err = refusal(linkOf(table));
  assert.equal(err.reason, 'too_many_cards');
  assert.deepEqual(err.detail, { cards: 53, max: 52 });
});

test('cards in melds, layoffs, the discard pile and the face-down card all count', () => {
  const table = { players: [{ melds: [{ cards: DECK.slice(0, 20) }], layoffs: [{ card: 'AS' }], hand: DECK.slice(20, 40) }],
    knock: { face_down: 'KS' }, discard_pile: DECK.slice(40) };
  assert.equal(cardsListed(table), 20 + 1 + 20 + 1 + 12);
  assert.equal(refusal(linkOf(table)).reason, 'too_many_cards');
});

test('a link over the size limit is refused before it is decoded', () => {
  const text = 'A'.repeat(MAX_LINK_CHARS + 1); // valid base64 that a decoder would happily read
  const err = refusal(text);
  assert.equal(err.reason, 'too_long');
  assert.deepEqual(err.detail, { chars: MAX_LINK_CHARS + 1, max: MAX_LINK_CHARS });
});

test('a huge link is refused by its length, whatever it holds', () => {
  const err = refusal(linkOf({ players: [seat('P1', Array(1_000_000).fill('AS'))] }));
  assert.equal(err.reason, 'too_long');
  assert.ok(err.detail.chars > 1_000_000);
});

test('text that is not a table is unreadable, not a crash', () => {
  for (const text of ['%%%', linkOf([1, 2]), linkOf(null), Buffer.from([0xff, 0xfe]).toString('base64url')]) {
    assert.equal(refusal(text).reason, 'unreadable', text);
  }
});
