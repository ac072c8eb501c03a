/**
 * A position handed to the teacher's builder from another page (the Dummy practice table's "make
 * this a class exercise"): kept in localStorage under HANDOFF_KEY until the builder's maker
 * (teach/maker.js) takes it into its draft, once. Nothing names a game: the offer says its game.
 *
 * Offer = {game, kind, text}: the maker's game and kind, and the position as the maker reads it
 * (a Dummy drill: the catalog's drill notation).
 */

export const HANDOFF_KEY = 'kradan.teach.handoff';
const MAX_TEXT = 20000;

/** @typedef {{game: string, kind: string, text: string}} Offer */

/**
 * Keep `offer` for the builder: true when kept, false when the storage refuses it.
 * @param {Pick<Storage, 'setItem'> | null} storage
 * @param {Offer} offer
 */
export function offerToMaker(storage, offer) {
  try {
    if (!storage) return false;
    storage.setItem(HANDOFF_KEY, JSON.stringify(offer));
    return true;
  } catch {
    return false;
  }
}

/**
 * The offer kept in `storage` (then removed), or null when there is none or it is damaged.
 * @param {Pick<Storage, 'getItem' | 'removeItem'> | null} storage
 * @returns {Offer | null}
 */
export function takeOffer(storage) {
  let raw = null;
  try {
    raw = storage?.getItem(HANDOFF_KEY) ?? null;
    if (raw !== null) storage?.removeItem(HANDOFF_KEY);
  } catch {
    return null;
  }
  let offer;
  try {
    offer = JSON.parse(raw ?? 'null');
  } catch {
    return null;
  }
  const ok = offer && typeof offer.game === 'string' && typeof offer.kind === 'string' && typeof offer.text === 'string'
    && offer.game.length <= 32 && offer.kind.length <= 32 && offer.text.length <= MAX_TEXT;
  return ok ? { game: offer.game, kind: offer.kind, text: offer.text } : null;
}
