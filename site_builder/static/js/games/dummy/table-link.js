/**
 * Reading the table a calculator link holds ("#t=" + base64url JSON of {table…, options?}),
 * with its bounds checked before anything is decoded or drawn: a link longer than any table can
 * need, or a table listing more cards than a deck has, is refused with its own reason. Pure: no DOM.
 */
import { DECK } from './cards.js';

/**
 * The longest link text read: a full table of 52 cards with every event and option is under
 * 3,000 characters.
 */
export const MAX_LINK_CHARS = 8000;

/** Why a link was refused: 'too_long' {chars, max}, 'too_many_cards' {cards, max}, 'unreadable'. */
export class TableLinkError extends Error {
  /**
   * @param {'too_long' | 'too_many_cards' | 'unreadable'} reason
   * @param {Record<string, number>} [detail]
   */
  constructor(reason, detail = {}) {
    super(reason);
    this.reason = reason;
    this.detail = detail;
  }
}

/** @type {(value: unknown) => number} */
const listed = (value) => (Array.isArray(value) ? value.length : 0);

/**
 * How many cards a table lists where cards are shown (melds, layoffs, hands, the face-down card,
 * the discard pile: the places where each card may be only once), whatever else it holds.
 * @param {any} table
 */
export function cardsListed(table) {
  const players = Array.isArray(table?.players) ? table.players : [];
  let total = (table?.knock?.face_down != null ? 1 : 0) + listed(table?.discard_pile);
  for (const p of players) {
    total += listed(p?.hand) + listed(p?.layoffs);
    for (const m of Array.isArray(p?.melds) ? p.melds : []) total += listed(m?.cards);
  }
  return total;
}

/**
 * The table and options of a link's text (what follows "#t="); TableLinkError when the text is
 * too long, does not decode to a JSON object, or lists more cards than a deck has.
 * @param {string} text
 * @returns {{table: Record<string, any>, options: Record<string, unknown> | undefined}}
 */
export function readTableLink(text) {
  if (text.length > MAX_LINK_CHARS) throw new TableLinkError('too_long', { chars: text.length, max: MAX_LINK_CHARS });
  let payload;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    payload = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new TableLinkError('unreadable');
  }
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) throw new TableLinkError('unreadable');
  const { options, ...table } = payload;
  const cards = cardsListed(table);
  if (cards > DECK.length) throw new TableLinkError('too_many_cards', { cards, max: DECK.length });
  return { table, options };
}
