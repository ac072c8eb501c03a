/**
 * Fixture of tests/site_builder/test_typecheck.py: code that reads the engine's replies, checked
 * with the options of site_builder/static/js/tsconfig.json. Every line marked `// error` must be
 * reported by the checker, and no other line: a misspelt field or op argument is caught.
 */
import { engine } from '../../../site_builder/static/js/core/engine-client.js';

/** @param {string} game @param {string} position */
export async function readsReplies(game, position) {
  const played = await engine.call({ op: 'play', game, position, moves: [] });
  if (!played.ok) return [played.error.message_th, played.error.code];
  const first = played.legal[0];
  /** @type {unknown[]} */
  const fine = [played.legal_moves, played.status.result, played.last_move_words?.th, first.path, first.captures];
  /** @type {unknown[]} */
  const wrong = [
    played.legal_movez, // error
    played.status.reslt, // error
    first.capture, // error
    played.turn.side, // error
  ];
  const mate = await engine.call({ op: 'mate', game, position, mate_in: 2 });
  if (mate.ok) fine.push(mate.shortest, mate.keys);
  if (mate.ok) wrong.push(mate.winning_keys); // error
  await engine.call({ op: 'mate', game, position, mate_inn: 2 }); // error
  return [fine, wrong];
}

/** @param {import('../../../site_builder/static/js/types/engine.js').Table} table */
export async function readsDummyReplies(table) {
  const settled = await engine.call({ op: 'settle', game: 'dummy', table });
  if (!settled.ok) return settled.error.field;
  const checked = await engine.call({ op: 'meld_check', game: 'dummy', cards: ['5D', '6D', '7D'] });
  if (!checked.ok) return checked.error.message;
  const hand = await engine.call({ op: 'play', game: 'dummy', position: null, moves: ['draw'] });
  if (!hand.ok) return hand.error.reason;
  return [
    settled.net, settled.ledger[0].item, checked.places[0].face_down_only, hand.legal.map((action) => action.trim()),
    settled.ledgr, // error
    settled.ledger[0].amout, // error
    checked.place, // error
    hand.legal_moves, // error
  ];
}
