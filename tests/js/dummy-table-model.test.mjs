// The live Dummy table's logic (site_builder/static/js/games/dummy/table-model.js): which legal
// actions fit a selection, what is tried when none fits, words, melds with layoffs, the page link.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  actionWords, attempt, cardText, eventLines, fitting, handCardsOf, logLine, meetsGoal, parseAction, readLink,
  refusalText, sortHand, tableMelds, writeLink,
} from '../../site_builder/static/js/games/dummy/table-model.js';

const HAND = ['7D', '9D', 'QH', 'QD', 'QC', '3S', '6C'];
const LEGAL = [
  'collect 8D meld 7D 8D 9D',
  'collect 8D meld 7D 8D 9D ; meld QH QD QC ; layoff 6C P1.0 ; knock 3S',
  'discard 3S', 'draw', 'layoff 6C P1.0', 'meld QH QD QC',
];
const WORDS = { seat: 'P{n}', meld_of: "{seat}'s meld {n}" };
const UI = {
  and: ', then ', logLine: '{seat}: {what}',
  act: { draw: 'draw', collect: 'collect {card} into {cards}', meld: 'meld {cards}', layoff: 'lay off {card} onto {meld}',
    discard: 'discard {card}', knock: 'knock, {card} face down', pass: 'pass' },
};

test('an action is read part by part: collect key, layoff target, cards', () => {
  const parts = parseAction(LEGAL[1]);
  assert.deepEqual(parts.map((p) => p.kind), ['collect', 'meld', 'layoff', 'knock']);
  assert.equal(parts[0].key, '8D');
  assert.deepEqual(parts[0].cards, ['7D', '8D', '9D']);
  assert.equal(parts[2].onto, 'P1.0');
  assert.deepEqual(handCardsOf(LEGAL[1], HAND).sort(), ['3S', '6C', '7D', '9D', 'QC', 'QD', 'QH']);
});

test('the buttons are the legal actions that use exactly the cards selected', () => {
  assert.deepEqual(fitting(LEGAL, { hand: [], pile: [] }, HAND), ['draw']);
  assert.deepEqual(fitting(LEGAL, { hand: ['QH', 'QD', 'QC'], pile: [] }, HAND), ['meld QH QD QC']);
  assert.deepEqual(fitting(LEGAL, { hand: ['6C'], pile: [] }, HAND), ['layoff 6C P1.0']);
  assert.deepEqual(fitting(LEGAL, { hand: ['9D', '7D'], pile: ['8D'] }, HAND), ['collect 8D meld 7D 8D 9D']);
  assert.deepEqual(fitting(LEGAL, { hand: [...HAND], pile: ['8D'] }, HAND), [LEGAL[1]]);
  assert.deepEqual(fitting(LEGAL, { hand: ['7D', '9D'], pile: [] }, HAND), []);
});

test('picking pile cards above the key asks for a collect meld that takes exactly those', () => {
  const legal = ['collect 7S meld 7S 7D 7C', 'collect 7S meld 7S 7H 7D'];
  const hand = ['7D', '7C', '2S'];
  assert.deepEqual(fitting(legal, { hand: ['7D', '7C'], pile: ['7S'] }, hand), ['collect 7S meld 7S 7D 7C']);
  assert.deepEqual(fitting(legal, { hand: ['7D'], pile: ['7S', '7H'] }, hand), ['collect 7S meld 7S 7H 7D']);
  assert.deepEqual(fitting(legal, { hand: ['7D', '7C'], pile: ['7S', '7H'] }, hand), []);
  assert.equal(attempt({ hand: ['7C', '7D'], pile: ['7S', '7H'] }), 'collect 7S meld 7S 7H 7D 7C');
});

test('when nothing fits, the attempt is a collect, a meld or a discard in canonical order', () => {
  assert.equal(attempt({ hand: ['QH', '7D'], pile: ['4C'] }), 'collect 4C meld 4C 7D QH');
  assert.equal(attempt({ hand: ['QH', '3S', 'QD'], pile: [] }), 'meld 3S QH QD');
  assert.equal(attempt({ hand: ['QH'], pile: [] }), 'discard QH');
  assert.equal(attempt({ hand: ['QH', 'QD'], pile: [] }), null);
  assert.equal(attempt({ hand: [], pile: [] }), null);
});

test('cards and actions in words use suit symbols, never letters', () => {
  assert.equal(cardText('TD'), '10♦');
  assert.equal(actionWords('layoff 6C P1.0', WORDS, UI), "lay off 6♣ onto P1's meld 1");
  assert.equal(actionWords(LEGAL[1], WORDS, UI),
    "collect 8♦ into 7♦ 8♦ 9♦, then meld Q♥ Q♦ Q♣, then lay off 6♣ onto P1's meld 1, then knock, 3♠ face down");
  assert.equal(logLine('P3', 'draw', WORDS, UI), 'P3: draw');
  assert.doesNotMatch(actionWords(LEGAL[1], WORDS, UI), /\d[SHDC]\b/);
});

test('a hand sorts by rank (suits S H D C within a rank) or by suit', () => {
  assert.deepEqual(sortHand(['QH', '3S', 'QC', 'AS', '3D'], 'rank'), ['3S', '3D', 'QH', 'QC', 'AS']);
  assert.deepEqual(sortHand(['QH', '3S', 'QC', 'AS', '3D'], 'suit'), ['3S', 'AS', 'QH', '3D', 'QC']);
});

test('layoffs sit where they go: a run in rank order, a set by suit, with who laid them off', () => {
  const state = { players: [
    { id: 'P1', melds: [{ cards: ['5D', '6D', '7D'] }], layoffs: [] },
    { id: 'P2', melds: [{ cards: ['9S', '9H', '9D'] }], layoffs: [{ card: '4D', onto: 'P1.0' }] },
    { id: 'P3', melds: [], layoffs: [{ card: '8D', onto: 'P1.0' }, { card: '9C', onto: 'P2.0' }] },
    { id: 'P4', melds: [], layoffs: [] }] };
  const melds = tableMelds(state);
  assert.deepEqual(melds.map((m) => m.id), ['P1.0', 'P2.0']);
  assert.deepEqual(melds[0].cards, [{ card: '4D', by: 'P2' }, { card: '5D', by: null }, { card: '6D', by: null },
    { card: '7D', by: null }, { card: '8D', by: 'P3' }]);
  assert.deepEqual(melds[1].cards.map((c) => c.card), ['9S', '9H', '9D', '9C']);
});

test('the page link holds seed and level; anything else makes it bad and the seed is dropped', () => {
  assert.deepEqual(readLink(writeLink(123, 3)), { seed: 123, level: 3, pace: null, bad: false });
  assert.deepEqual(readLink('#seed=5&level=1&pace=0'), { seed: 5, level: 1, pace: 0, bad: false });
  assert.deepEqual(readLink(''), { seed: null, level: 2, pace: null, bad: false });
  for (const bad of ['#seed=12x', '#seed=99999999999', '#seed=1&level=7', '#seed=-1', '#t=abc', '#seed=1&seed2=3']) {
    const link = readLink(bad);
    assert.equal(link.bad, true, bad);
    assert.equal(link.seed, null, bad);
  }
});

test('a goal is met by an action of that kind, or by that exact action', () => {
  assert.equal(meetsGoal(LEGAL[1], 'knock'), true);
  assert.equal(meetsGoal(LEGAL[1], 'collect'), true);
  assert.equal(meetsGoal('draw', 'collect'), false);
  assert.equal(meetsGoal('meld QH QD QC', 'meld QH QD QC'), true);
  assert.equal(meetsGoal('meld QH QD QC', 'meld 3S 4S 5S'), false);
  assert.equal(meetsGoal('draw', ''), false);
});

test('a refusal names its rule once, and its cards with suit symbols', () => {
  const ui = { refused: 'Not allowed: {why}', rule: '§{n}' };
  assert.equal(refusalText('draw or collect first (§26)', '§26', ui), 'Not allowed: draw or collect first (§26)');
  assert.equal(refusalText('not a set or a run: 2D 3S', '§33', ui), 'Not allowed: not a set or a run: 2♦ 3♠ (§33)');
  assert.equal(refusalText('game over', null, ui), 'Not allowed: game over');
});

test('the log says what an action added to the events: a called discard, the head, a liability', () => {
  const ui = { events: { called: '{seat} called', head: '{seat} head', liable: '{culprits} pay for {seat}' } };
  const before = { events: { called_discards: ['P2'], head_collected_by: null, liabilities: [] } };
  const after = { events: { called_discards: ['P2', 'P1'], head_collected_by: 'P3',
    liabilities: [{ culprits: ['P1', 'P4'], covers: 'head', beneficiary: 'P3' }] } };
  assert.deepEqual(eventLines(before, after, WORDS, ui), ['P1 called', 'P3 head', 'P1, P4 pay for P3']);
  assert.deepEqual(eventLines(after, after, WORDS, ui), []);
  assert.deepEqual(eventLines({}, { events: { called_discards: ['P4'] } }, WORDS, ui), ['P4 called']);
});
