/**
 * A Dummy drill's position as text, the catalog's drill notation
 * (site_builder/games/dummy/drill_position.py): one item a line,
 *
 *     deck 7S 2H …     the 52 cards, top first
 *     dealer P4        optional (default P1)
 *     level sian       optional (default sian)
 *     show P3          optional: a seat whose hand is shown face up
 *     draw             then the actions in order, exactly as the engine writes them
 *
 * read (readDrillText) and written (writeDrillText) as the builder does, and the deck that deals a
 * hand exactly as the engine dealt it (deckOfDeal: the practice table deals from a seed). Pure:
 * node --test tests/js/dummy-drill-text.test.mjs.
 */
import { isCard } from './cards.js';

/** @typedef {{deck: string[], dealer: string, level: string, show: string, moves: string[]}} DrillPosition */

export const DEFAULTS = { dealer: 'P1', level: 'sian', show: '' };
const DECK_SIZE = 52;
const SEATS = ['P1', 'P2', 'P3', 'P4'];
const DEALT = 28; // 7 cards to each of 4 seats (dummy-play.md deal)

/** Text that is not a drill position: `reason` says why, `line` where (1-based, 0: the whole text). */
export class DrillTextError extends Error {
  /**
   * @param {'no_deck' | 'deck_size' | 'card' | 'twice' | 'seat' | 'before_deck'} reason
   * @param {number} line
   * @param {string} [detail] the card or seat at fault
   */
  constructor(reason, line, detail = '') {
    super(reason);
    this.reason = reason;
    this.line = line;
    this.detail = detail;
  }
}

/**
 * The drill position written in `text`; a DrillTextError says what is wrong (the engine judges
 * the actions when it replays them).
 * @param {string} text
 * @returns {DrillPosition}
 */
export function readDrillText(text) {
  /** @type {Record<string, string>} */
  const fields = { ...DEFAULTS };
  /** @type {string[] | null} */
  let deck = null;
  /** @type {string[]} */
  const moves = [];
  String(text ?? '').split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim().replace(/\s+/g, ' ');
    if (!line) return;
    const [word, ...rest] = line.split(' ');
    if (word === 'deck') deck = readDeck(rest, i + 1);
    else if (word in DEFAULTS) {
      const value = rest.join(' ');
      if (word !== 'level' && value && !SEATS.includes(value)) throw new DrillTextError('seat', i + 1, value);
      fields[word] = value;
    } else if (!deck) throw new DrillTextError('before_deck', i + 1);
    else moves.push(line);
  });
  if (!deck) throw new DrillTextError('no_deck', 0);
  return { deck, dealer: fields.dealer || DEFAULTS.dealer, level: fields.level || DEFAULTS.level, show: fields.show, moves };
}

/**
 * @param {string[]} cards
 * @param {number} line
 */
function readDeck(cards, line) {
  const bad = cards.find((c) => !isCard(c));
  if (bad) throw new DrillTextError('card', line, bad);
  const twice = cards.find((c, i) => cards.indexOf(c) !== i);
  if (twice) throw new DrillTextError('twice', line, twice);
  if (cards.length !== DECK_SIZE) throw new DrillTextError('deck_size', line, String(cards.length));
  return cards;
}

/**
 * The position's text, as readDrillText reads it (defaults left out).
 * @param {DrillPosition} position
 */
export function writeDrillText(position) {
  const lines = [`deck ${position.deck.join(' ')}`];
  for (const key of /** @type {const} */ (['dealer', 'level', 'show'])) {
    if (position[key] && position[key] !== DEFAULTS[key]) lines.push(`${key} ${position[key]}`);
  }
  return [...lines, ...position.moves].join('\n');
}

/**
 * A deck (top first) the engine's `deal` turns into exactly the hand `state` is at its start (a
 * STATE just dealt: its hands, head and stock): the dealt cards one at a time from the dealer
 * round the table, each seat's in its hand's order, then the head, then the stock.
 * @param {{dealer: string, head: string, stock: string[], players: {id: string, hand: string[]}[]}} state
 * @returns {string[]}
 */
export function deckOfDeal(state) {
  const first = SEATS.indexOf(state.dealer);
  const hands = Object.fromEntries(state.players.map((p) => [p.id, [...p.hand]]));
  const dealt = Array.from({ length: DEALT }, (_, i) => hands[SEATS[(first + i) % SEATS.length]].shift() ?? '');
  return [...dealt, state.head, ...state.stock];
}
