/**
 * Dummy's cards in the browser: the deck, and one card drawn as the build-time cards are
 * (site_builder/games/dummy/cards_svg.py): rank and suit shape (♠ ♥ ♦ ♣, never a letter), the shapes
 * being the page's sprite symbols #dk-suit-S … so the suits differ without colour.
 * Card names come from the page (words.cards, made by the builder).
 */
export const RANKS = '23456789TJQKA';
export const SUITS = 'SHDC';
export const DECK = [...SUITS].flatMap((suit) => [...RANKS].map((rank) => rank + suit));
/** @type {Record<string, string>} */
const SHOWN = { T: '10' };

export const isCard = (/** @type {unknown} */ text) => typeof text === 'string' && text.length === 2
  && RANKS.includes(text[0]) && SUITS.includes(text[1]);

/**
 * The <svg> of `card` (as cards_svg.py draws it), decorative when `name` is empty, else role="img" named `name`.
 * @param {string} card
 * @returns {SVGSVGElement}
 */
export function cardSvg(card, name = '') {
  const suit = card[1];
  const colour = 'HD'.includes(suit) ? '#b3261e' : '#1b1b1b';
  const wrap = document.createElement('span');
  const label = name ? ` role="img" aria-label="${name.replace(/"/g, '&quot;')}"` : ' aria-hidden="true" focusable="false"';
  /** @type {(x: number, y: number, size: number, value: string) => string} */
  const text = (x, y, size, value) => `<text x="${x}" y="${y}" font-size="${size}" font-weight="700" font-family="sans-serif" fill="${colour}">${value}</text>`;
  wrap.innerHTML = `<svg class="dk-card" viewBox="0 0 40 56" width="40" height="56"${label}>`
    + '<rect x=".5" y=".5" width="39" height="55" rx="4" fill="#fff" stroke="#6b6b6b"/>'
    + text(4, 16, 15, SHOWN[card[0]] ?? card[0])
    + `<use href="#dk-suit-${suit}" x="4" y="19" width="10" height="10" fill="${colour}"/>`
    + `<use href="#dk-suit-${suit}" x="15" y="27" width="21" height="21" fill="${colour}"/></svg>`;
  return /** @type {SVGSVGElement} */ (wrap.firstChild);
}

/** A button showing `card`, spoken as `label` (the name of its card image: the visible rank and
 * letter belong to the image, so the button's name is the image's). */
/**
 * @param {string} card
 * @param {string} label
 */
export function cardButton(card, label, className = 'dk-card-btn') {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = className;
  b.dataset.card = card;
  b.append(cardSvg(card, label));
  return b;
}

/**
 * Rename a card button made by cardButton.
 * @param {HTMLButtonElement} b
 * @param {string} label
 */
export function renameCardButton(b, label) {
  /** @type {Element} */ (b.firstChild).setAttribute('aria-label', label);
}
