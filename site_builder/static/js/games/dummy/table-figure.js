/**
 * A finished Dummy table drawn in the browser, as the build draws a scoring exercise's table
 * (site_builder/games/dummy/cards_svg.py table_html): the level, the head card, the knock (the
 * face-down card), the fool; the events a settlement needs; then each seat's melds, layoffs and
 * hand. A teacher-made scoring exercise (its table comes in the assignment link) gets it on its
 * page (teach/exercise.js, through the scoring kind's `figure`). Text only through textContent.
 */
import { add } from '../../core/progress-ui.js';
import { cardSvg } from './cards.js';
import { fill, meldName, seatName } from './ledger.js';

/**
 * A card drawn and named (words.cards), small or full size.
 * @param {any} words
 * @param {string} card
 * @param {boolean} [small]
 */
export function card(words, card, small = false) {
  const svg = cardSvg(card, words.cards?.[card] ?? card);
  if (small) {
    svg.classList.add('dk-small');
    svg.setAttribute('width', '30');
    svg.setAttribute('height', '42');
  }
  return svg;
}

/**
 * A group of cards side by side (a meld, a hand), named `label`.
 * @param {HTMLElement} parent
 * @param {any} words
 * @param {string[]} cards
 * @param {string} label
 */
export function group(parent, words, cards, label) {
  const span = add(parent, 'span', 'dk-group');
  span.setAttribute('role', 'group');
  span.setAttribute('aria-label', label);
  for (const c of cards) span.append(card(words, c));
  return span;
}

/**
 * One line of facts: each part a text or [text, card].
 * @param {HTMLElement} parent
 * @param {any} words
 * @param {(string | [string, string] | [string, string[]])[]} parts
 */
export function metaLine(parent, words, parts) {
  const p = add(parent, 'p', 'dk-meta');
  parts.forEach((part, i) => {
    if (i) p.append(' · ');
    if (typeof part === 'string') p.append(part);
    else {
      p.append(`${part[0]} `);
      for (const c of [part[1]].flat()) p.append(card(words, c, true));
    }
  });
}

/**
 * Draw the finished `table` (the engine's table JSON) into `figure` with the page's `words`.
 * @param {HTMLElement} figure
 * @param {any} table
 * @param {any} words
 */
export function drawTable(figure, table, words) {
  figure.classList.add('dk-figure');
  const box = add(figure, 'div', 'dk-table');
  const { knock, fool } = table;
  /** @type {(string | [string, string] | [string, string[]])[]} */
  const meta = [fill(words.level, { level: words.levels[table.level] }), [words.head_card, table.head]];
  if (knock) meta.push([`${fill(words.knocks, { seat: seatName(words, knock.player) })} · ${words.face_down}`, knock.face_down]);
  else meta.push(words.no_knock);
  if (fool) meta.push(fill(words.fool_by, { seat: seatName(words, fool.feeder) }));
  metaLine(box, words, meta);
  /** @type {(string | [string, string] | [string, string[]])[]} */
  const events = [];
  const ev = table.events ?? {};
  const tie = table.tie_break ?? {};
  if (knock?.collected?.length) events.push([words.collected, knock.collected]);
  for (const p of ev.called_discards ?? []) events.push(fill(words.called_by, { seat: seatName(words, p) }));
  for (const p of ev.two_spetos_shown_by ?? []) events.push(fill(words.shown_by, { seat: seatName(words, p) }));
  for (const item of ev.liabilities ?? []) {
    events.push(fill(words.liable, { culprits: item.culprits.map((/** @type {string} */ p) => seatName(words, p)).join(' '),
      covers: words.covers[item.covers], beneficiary: seatName(words, item.beneficiary) }));
  }
  for (const [p, c] of Object.entries(tie.high_cards ?? {})) events.push([`${words.high_cards} ${seatName(words, p)}`, /** @type {string} */ (c)]);
  if (tie.dealer) events.push(fill(words.dealer, { seat: seatName(words, tie.dealer) }));
  if (tie.next_head) events.push([words.next_head, tie.next_head]);
  if (events.length) metaLine(box, words, events);
  for (const player of table.players) {
    const pid = player.id;
    const seat = add(box, 'div', 'dk-seat');
    add(seat, 'p', 'dk-seat-name', seatName(words, pid));
    const row = add(seat, 'div', 'dk-row');
    player.melds.forEach((/** @type {any} */ meld, /** @type {number} */ i) => {
      group(row, words, meld.cards, meldName(words, `${pid}.${i}`) + (meld.in_knock ? ` (${words.in_knock})` : ''));
    });
    for (const layoff of player.layoffs) {
      const label = fill(words.onto, { meld: meldName(words, layoff.onto) });
      const span = add(row, 'span', 'dk-layoff');
      group(span, words, [layoff.card], label);
      add(span, 'span', 'dk-onto', label);
    }
    if (player.hand.length) {
      const hand = add(row, 'span', 'dk-hand');
      add(hand, 'span', 'dk-zone', words.hand);
      group(hand, words, player.hand, words.hand);
    }
  }
}
