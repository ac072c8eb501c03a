/**
 * Komayo on a Thai page (issue 21 §3), on the real module: the pieces are drawn in Thai letters
 * until the reader chooses kanji or Western letters (kept in storage), and a refused drop says
 * why at once, before the engine answers.
 */
import './helpers/page.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';

const stored = new Map();
globalThis.window ??= /** @type {any} */ ({});
globalThis.window.localStorage = {
  getItem: (key) => stored.get(key) ?? null,
  setItem: (key, value) => stored.set(key, value),
};
const { loadGame } = await import('../../site_builder/static/js/games/index.js');
const komayo = await loadGame('komayo');
const state = { board: { e8: 'k', e1: 'K', d4: 'P' }, turn: 'sente' };

test('a Thai page draws the pieces in Thai letters by default', () => {
  assert.equal(komayo.sprite('+R'), 'ko-sRp-t');
  assert.equal(komayo.sprite('k'), 'ko-gK-t');
});

test('a refused drop names its reason without the engine', () => {
  assert.equal(komayo.refusalReason(state, { drop: 'S' }, 'd4'), 'ช่องนี้มีหมากอยู่แล้ว การวางหมากต้องวางบนช่องว่างและกินไม่ได้');
  assert.equal(komayo.refusalReason(state, { drop: 'P' }, 'c5'), 'เบี้ยที่ยังไม่เลื่อนขั้นในมือวางลงกระดานไม่ได้เลย');
  assert.match(komayo.refusalReason(state, { drop: 'N' }, 'c7'), /^ถ้าวางม้าที่ยังไม่เลื่อนขั้นตรงนี้/);
  assert.match(komayo.refusalReason(state, { drop: 'L' }, 'c8'), /หอก/);
  // Gote's far ranks are 1 and 2; a Lance on rank 2 and a Knight on rank 3 can still move
  const gote = { ...state, turn: 'gote' };
  assert.match(komayo.refusalReason(gote, { drop: 'N' }, 'c2'), /ม้า/);
  assert.equal(komayo.refusalReason(gote, { drop: 'L' }, 'c2'), null);
  assert.equal(komayo.refusalReason(gote, { drop: 'N' }, 'c3'), null);
  // a board move is the engine's to explain
  assert.equal(komayo.refusalReason(state, { square: 'e1' }, 'e3'), null);
});
