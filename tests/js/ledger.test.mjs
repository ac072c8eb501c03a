/**
 * The Dummy ledger (games/dummy/ledger.js): seats, melds and ledger lines in words, engine
 * messages made readable, and where a reader's figure departs from the lines behind it — on a
 * real scoring page's words and the engine's recorded settlement of its table.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixtures } from './helpers/fixtures.mjs';
import { requestKey } from '../../site_builder/static/js/core/recorded-engine.js';
import { settleRequest } from '../../site_builder/static/js/judges/scoring.js';
import { SEATS, departure, fieldWords, fill, lineLabel, meldName, readable, seatName } from '../../site_builder/static/js/games/dummy/ledger.js';

const { data } = fixtures().scoring.fee;
const { words } = data;
const settlement = data.replies.other[requestKey(settleRequest(data))];

test('the fixture page holds the engine\'s settlement of its table', () => {
  assert.ok(settlement?.ok);
  assert.deepEqual(Object.keys(settlement.net).sort(), SEATS);
  assert.equal(Object.values(settlement.net).reduce((a, b) => a + b, 0), 0, 'what is paid is received');
});

test('fill, seats and melds in the page\'s words', () => {
  assert.equal(fill('{a} and {b} but not {c}', { a: 1, b: 'x' }), '1 and x but not {c}');
  assert.equal(seatName(words, 'P3'), fill(words.seat, { n: '3' }));
  assert.equal(meldName(words, 'P2.0'), fill(words.meld_of, { n: 1, seat: seatName(words, 'P2') }));
});

test('a ledger line is named with payer, payee, item and rule, never its amount', () => {
  for (const line of settlement.ledger) {
    const label = lineLabel(words, line);
    assert.ok(label.includes(seatName(words, line.from)) && label.includes(seatName(words, line.to)), label);
    assert.ok(label.includes(words.items[line.item] ?? line.item) && label.includes(line.rule), label);
    assert.ok(!label.includes(String(line.amount)) || line.rule.includes(String(line.amount)), label);
  }
});

test('departure: the first line where a seat\'s net goes wrong, and how', () => {
  for (const pid of SEATS) {
    const lines = settlement.ledger.filter((l) => l.from === pid || l.to === pid)
      .map((l) => ({ amount: l.to === pid ? l.amount : -l.amount }));
    const net = settlement.net[pid];
    assert.equal(lines.reduce((sum, l) => sum + l.amount, 0), net, pid);
    assert.equal(departure(lines, net), null, 'the right figure departs nowhere');
    if (net !== 0) assert.deepEqual(departure(lines, -net), { index: 0, how: 'sign' });
    lines.forEach((line, i) => {
      const got = departure(lines, net - line.amount);
      assert.equal(got.how, 'missing', `${pid} without line ${i}`);
      assert.equal(lines[got.index].amount, line.amount, 'a line of that amount is named');
    });
  }
});

test('departure on small lists: reversed, a prefix, unknown', () => {
  const lines = [{ amount: 10 }, { amount: -4 }, { amount: 25 }];
  assert.equal(departure(lines, 31), null);
  assert.deepEqual(departure(lines, 35), { index: 1, how: 'missing' }); // 31 without the −4
  assert.deepEqual(departure(lines, 21), { index: 0, how: 'missing' });
  assert.deepEqual(departure(lines, 39), { index: 1, how: 'reversed' }); // −4 counted as +4
  assert.deepEqual(departure(lines, 11), { index: 0, how: 'reversed' });
  assert.deepEqual(departure(lines, 1000), { index: 0, how: 'unknown' });
  assert.deepEqual(departure([{ amount: 5 }, { amount: 5 }, { amount: 5 }, { amount: 1 }], 10), { index: 2, how: 'missing' });
});

const UI = {
  fieldMeld: 'ชุดที่ {n} ของ{seat}', fieldLayoff: 'การฝากใบที่ {n} ของ{seat}', fieldHand: 'ไพ่ในมือของ{seat}',
  fieldPlayer: '{seat}', fieldKnock: 'การน็อก', fieldFool: 'ตีโง่', fieldTie: 'ตัดสินเสมอ', fieldEvents: 'เหตุการณ์',
  headField: 'ไพ่หัว', fieldStock: 'กองไพ่', fieldLiability: 'ความรับผิดที่ {n}', covers: { all: 'ทั้งหมด', head: 'หัว' },
};

test('fieldWords: a field path of the table in words', () => {
  assert.equal(fieldWords(words, UI, 'players[1].melds[0].cards[2]'), `ชุดที่ 1 ของ${seatName(words, 'P2')}`);
  assert.equal(fieldWords(words, UI, 'players[0].layoffs[2]'), `การฝากใบที่ 3 ของ${seatName(words, 'P1')}`);
  assert.equal(fieldWords(words, UI, 'players[3].hand[4]'), `ไพ่ในมือของ${seatName(words, 'P4')}`);
  assert.equal(fieldWords(words, UI, 'players[2].id'), seatName(words, 'P3'));
  assert.equal(fieldWords(words, UI, 'events.liabilities[0].covers'), 'ความรับผิดที่ 1');
  assert.equal(fieldWords(words, UI, 'knock.type'), 'การน็อก');
  assert.equal(fieldWords(words, UI, 'mystery'), 'mystery');
});

test('readable: an engine message in the page\'s words, field prefix dropped, seats and cards named', () => {
  const error = { field: 'players[1].hand', message: "players[1].hand: 'AS' is also in 'P3'.0", message_th: "players[1].hand: ไพ่ 'AS' ซ้ำกับ 'P3.0' ของ 'P1'" };
  const th = readable(words, UI, error, 'th');
  assert.ok(!th.startsWith('players[1]'), th);
  assert.ok(th.includes(words.cards.AS) && th.includes(meldName(words, 'P3.0')) && th.includes(seatName(words, 'P1')), th);
  assert.ok(readable(words, UI, error, 'en').includes(words.cards.AS));
  const covers = readable(words, UI, { field: 'events.liabilities[0]', message_th: 'covers all and head', message: 'x' }, 'th');
  assert.equal(covers, 'covers ทั้งหมด and หัว');
});
