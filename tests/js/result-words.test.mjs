/**
 * The status line's result (boards/describe.js statusText), on the real Makruk module in Thai:
 * told by colour on a board for two, and from the reader's side in a game against the computer
 * ("คุณชนะ"/"คุณแพ้", issue 21 §4), a draw with its reason either way.
 */
import './helpers/page.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { statusText } from '../../site_builder/static/js/boards/describe.js';
import { loadGame } from '../../site_builder/static/js/games/index.js';

const makruk = await loadGame('makruk');
/** A play reply's status part, as the engine sends it. */
const ended = (result, reason) => ({ status: { result, reason, check: false }, turn: 'white' });

test('a finished game on a board for two names the winner by colour', () => {
  assert.equal(statusText(makruk, ended('black_wins', 'checkmate')), 'ดำชนะ — จน');
});

test('against the computer the result is told from the reader\'s side', () => {
  assert.equal(statusText(makruk, ended('black_wins', 'checkmate'), 'white'), 'คุณแพ้ — จน');
  assert.equal(statusText(makruk, ended('black_wins', 'checkmate'), 'black'), 'คุณชนะ — จน');
  assert.equal(statusText(makruk, ended('white_wins', 'checkmate'), 'white'), 'คุณชนะ — จน');
});

test('a draw and a game still on are the same for every reader', () => {
  const draw = ended('draw', 'stalemate');
  assert.equal(statusText(makruk, draw, 'white'), statusText(makruk, draw));
  assert.match(statusText(makruk, draw, 'white'), /^เสมอ — \S/);
  const on = { status: { result: 'ongoing', reason: null, check: false }, turn: 'black' };
  assert.equal(statusText(makruk, on, 'white'), 'ตาดำเดิน');
});
