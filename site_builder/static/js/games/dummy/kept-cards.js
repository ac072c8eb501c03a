/**
 * The cards a reader taps on a lesson table's still picture (the hand to play, the discard pile)
 * before its live table is ready: the engine loads only at the reader's first touch, and these
 * taps are not lost. They are kept in order; a second tap on a card takes it back, as on the live
 * table, where a tap toggles a card. fragment.js replays them on the live table once it is drawn.
 * Pure logic (no DOM): fragment.js reads each tapped card's name and zone from the picture.
 *
 *   const kept = new KeptCards();
 *   kept.toggle({zone: 'hand', card: '7C'})  -> false when QUEUE_LIMIT cards already wait
 *   kept.taps                                -> [{zone, card}, ...] in the order tapped
 *   cardNamed(words.cards, '7 ดอกจิก')         -> '7C' (the picture names its cards, the table codes them)
 */
import { QUEUE_LIMIT } from '../../boards/input-queue.js';

/** @typedef {{zone: 'hand' | 'pile', card: string}} CardTap */

/**
 * The code of the card called `name` ({code: name}, as the build's words.cards), or null.
 * @param {Record<string, string>} cards
 * @param {string | null} name
 * @returns {string | null}
 */
export function cardNamed(cards, name) {
  if (!name) return null;
  return Object.keys(cards).find((code) => cards[code] === name) ?? null;
}

export class KeptCards {
  /** @type {CardTap[]} */
  #taps = [];

  /**
   * Keep a tapped card, or take it back when it was already kept; false (nothing changed) when
   * QUEUE_LIMIT cards already wait.
   * @param {CardTap} tap
   */
  toggle(tap) {
    const at = this.#taps.findIndex((kept) => kept.zone === tap.zone && kept.card === tap.card);
    if (at >= 0) {
      this.#taps.splice(at, 1);
      return true;
    }
    if (this.#taps.length >= QUEUE_LIMIT) return false;
    this.#taps.push({ zone: tap.zone, card: tap.card });
    return true;
  }

  /**
   * Is `card` of `zone` kept?
   * @param {CardTap['zone']} zone
   * @param {string} card
   */
  has(zone, card) {
    return this.#taps.some((kept) => kept.zone === zone && kept.card === card);
  }

  /** The kept taps, in the order tapped (a copy). */
  get taps() {
    return this.#taps.map((tap) => ({ ...tap }));
  }
}
