/** The maker's editor model (teach/maker-model.js): FEN layouts read and written back, taps, the draft kept. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FenError, readFen, writeFen, toggle, emptyPosition, paletteOf, squares, loadDraft, saveDraft, newDraft,
  readDraft, tableLinkText, DRAFT_KEY } from '../../site_builder/static/js/teach/maker-model.js';
import { FakeStorage } from './fake-storage.mjs';

// the specs the page hands the editor (the engine's `games` op and the games' `pieces`)
const MAKRUK = { files: 8, ranks: 8, sides: ['white', 'black'], start: 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1',
  pieces: ['K', 'M', 'S', 'N', 'R', 'P', 'M~'] };
const KOMAYO = { files: 8, ranks: 8, sides: ['sente', 'gote'], start: 'lnsiksnl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIKSNL b - 1',
  pieces: ['K', 'I', 'R', 'B', 'S', 'N', 'L', 'P', '+I', '+R', '+B', '+S', '+N', '+L', '+P'] };
const MAKHOS = { files: 8, ranks: 8, sides: ['white', 'black'], start: 'W:Wa1,c1,e1,g1,b2,d2,f2,h2:Ba7,c7,e7,g7,b8,d8,f8,h8',
  pieces: ['M', 'K'], isKing: (letter) => letter.toUpperCase() === 'K' };

test('every start position reads and writes back unchanged', () => {
  for (const spec of [MAKRUK, KOMAYO, MAKHOS]) assert.equal(writeFen(readFen(spec.start, spec), spec), spec.start);
});

test('a Makruk FEN: pieces on their squares, promoted pawns, the side to move, the other fields kept', () => {
  const fen = '4k3/8/8/8/8/8/3M~4/4K3 b - - 3 40';
  const position = readFen(fen, MAKRUK);
  assert.deepEqual(position.board, { e8: 'k', d2: 'M~', e1: 'K' });
  assert.equal(position.turn, 'black');
  assert.deepEqual(position.rest, ['-', '-', '3', '40']);
  assert.equal(writeFen(position, MAKRUK), fen);
});

test('Komayo: promoted pieces with "+", Sente is "b", the hands field kept', () => {
  const position = readFen('4k3/8/8/8/8/8/3+r4/4K3 w P 5', KOMAYO);
  assert.deepEqual(position.board, { e8: 'k', d2: '+r', e1: 'K' });
  assert.equal(position.turn, 'gote');
  assert.equal(writeFen(position, KOMAYO), '4k3/8/8/8/8/8/3+r4/4K3 w P 5');
});

test('Mak-hot lists: kings with "K", the side first', () => {
  const position = readFen('B:WKa1,c1:Bh8,Kb8', MAKHOS);
  assert.deepEqual(position.board, { a1: 'K', c1: 'M', h8: 'm', b8: 'k' });
  assert.equal(position.turn, 'black');
  assert.equal(writeFen(position, MAKHOS), 'B:WKa1,c1:BKb8,h8');
});

test('a tap places the chosen piece, a second tap with it clears the square, another piece replaces it', () => {
  let position = emptyPosition(MAKRUK);
  position = toggle(position, 'e1', 'K');
  position = toggle(position, 'e8', 'k');
  position = toggle(position, 'a7', 'R');
  assert.equal(writeFen(position, MAKRUK), '4k3/R7/8/8/8/8/8/4K3 w - - 0 1');
  position = toggle(position, 'a7', 'R');
  assert.equal(position.board.a7, undefined);
  position = toggle(position, 'e1', 'M');
  assert.equal(position.board.e1, 'M');
  assert.equal(toggle(position, 'e1', null).board.e1, undefined);
  assert.equal(squares(MAKRUK).length, 64);
  assert.deepEqual(paletteOf(MAKRUK).slice(7), ['k', 'm', 's', 'n', 'r', 'p', 'm~']);
});

test('a FEN the layout does not allow says why, naming the row or the piece', () => {
  const reason = (fen, spec = MAKRUK) => {
    try {
      readFen(fen, spec);
    } catch (err) {
      assert.ok(err instanceof FenError);
      return [err.reason, err.detail];
    }
    return null;
  };
  assert.deepEqual(reason(''), ['empty', {}]);
  assert.deepEqual(reason('8/8/8 w'), ['rows', { found: 3, ranks: 8 }]);
  assert.deepEqual(reason('4k3/8/8/8/8/8/8/4K4 w'), ['row_length', { rank: 1, found: 9, files: 8 }]);
  assert.deepEqual(reason('4q3/8/8/8/8/8/8/4K3 w'), ['piece', { piece: 'q', rank: 8 }]);
  assert.deepEqual(reason('4k3/8/8/8/8/8/8/4K3 x'), ['side', { side: 'x' }]);
  assert.deepEqual(reason('W:Wz9', MAKHOS), ['square', { square: 'z9' }]);
});

test('the draft is kept and read back; damaged fields fall back, a full storage is reported', () => {
  const storage = new FakeStorage();
  const draft = { ...newDraft(), game: 'makruk', mateIn: 2, positions: { makruk: '4k3/8/8/8/8/8/8/4K3 w - - 0 1' },
    title: 'จนใน 2', hints: ['ดูเรือ', '', 'รุกก่อน'] };
  assert.equal(saveDraft(storage, draft), 'saved');
  assert.deepEqual(loadDraft(storage), draft);
  assert.equal(saveDraft(new FakeStorage({}, { full: true }), draft), 'full');
  assert.equal(saveDraft(null, draft), 'full');
  assert.deepEqual(loadDraft(new FakeStorage({ [DRAFT_KEY]: '{broken' })), newDraft());
  const odd = readDraft(JSON.stringify({ game: 7, mateIn: -1, hints: ['a', 'b', 'c', 'd'], title: 'x'.repeat(100), positions: { makruk: 5 } }));
  assert.equal(odd.game, '');
  assert.equal(odd.mateIn, 1);
  assert.deepEqual(odd.hints, ['a', 'b', 'c']);
  assert.equal(odd.title.length, 80);
  assert.deepEqual(odd.positions, {});
  assert.equal(readDraft(JSON.stringify({ mateIn: null })).mateIn, null);
});

test('a calculator link pasted whole, broken over lines, or only its table text', () => {
  assert.equal(tableLinkText('https://x.org/th/dummy/calculator/#t=eyJh\nYiI6MX0'), 'eyJhYiI6MX0');
  assert.equal(tableLinkText('t=eyJhYiI6MX0'), 'eyJhYiI6MX0');
  assert.equal(tableLinkText(' eyJhYiI6MX0 '), 'eyJhYiI6MX0');
});
