/**
 * A drill's figure drawn in the browser, as the build draws a catalog drill's
 * (site_builder/games/dummy/drill_position.py figure): what the solver sees (the engine's VIEW):
 * the stock's count and the head card, the discard pile bottom to top, then each seat with its
 * melds and layoffs, the solver's hand, the hand the drill shows face up, the other seats' card
 * counts. A teacher-made drill (its position comes in the assignment link, re-proved by the page)
 * gets it on its page and on the worksheet. Text only through textContent.
 */
import { add } from '../../core/progress-ui.js';
import { fill, meldName, seatName } from './ledger.js';
import { card, group, metaLine } from './table-figure.js';

/**
 * A pile card's name: "(ไพ่หัว)" for the head, else who discarded it.
 * @param {any} entry {card, by}
 * @param {any} words
 * @param {any} texts
 */
function pileName(entry, words, texts) {
  const name = words.cards?.[entry.card] ?? entry.card;
  return entry.by == null ? `${name} (${texts.head})` : `${name} (${fill(texts.by, { seat: seatName(words, entry.by) })})`;
}

/**
 * Draw the drill of `data` (data.drill: {view, solver, shown}) into an empty `figure`, with the
 * Dummy words (`data.words`) and the figure's own (`data.drillWords`, drill_position.py TEXTS).
 * @param {HTMLElement} figure
 * @param {any} data
 */
export function drawDrill(figure, data) {
  const { view, solver, shown } = data.drill;
  const words = data.words;
  const texts = data.drillWords;
  figure.classList.add('dk-figure');
  const box = add(figure, 'div', 'dk-table');
  metaLine(box, words, [fill(texts.stock, { n: view.stock_count }), [words.head_card, view.head]]);
  const pileSeat = add(box, 'div', 'dk-seat');
  add(pileSeat, 'p', 'dk-seat-name', texts.pile);
  const pileRow = add(pileSeat, 'div', 'dk-row');
  const pile = add(pileRow, 'span', 'dk-group');
  pile.setAttribute('role', 'group');
  pile.setAttribute('aria-label', view.pile.map((/** @type {any} */ e) => pileName(e, words, texts)).join(', '));
  for (const entry of view.pile) pile.append(card(words, entry.card, true));
  for (const player of view.players) {
    const pid = player.id;
    const seat = add(box, 'div', 'dk-seat');
    seat.dataset.seat = pid;
    const name = pid === solver ? fill(texts.you, { seat: seatName(words, pid) }) : seatName(words, pid);
    add(seat, 'p', 'dk-seat-name', `${name} · ${player.melds.length ? texts.light : texts.dark}`);
    const row = add(seat, 'div', 'dk-row');
    player.melds.forEach((/** @type {any} */ meld, /** @type {number} */ i) => group(row, words, meld.cards, meldName(words, `${pid}.${i}`)));
    for (const layoff of player.layoffs) {
      const label = fill(words.onto, { meld: meldName(words, layoff.onto) });
      const span = add(row, 'span', 'dk-layoff');
      group(span, words, [layoff.card], label);
      add(span, 'span', 'dk-onto', label);
    }
    const hand = pid === solver ? player.hand : pid === shown?.seat ? shown.hand : null;
    if (hand) {
      const zone = pid === solver ? words.hand : texts.shown;
      const span = add(row, 'span', 'dk-hand');
      add(span, 'span', 'dk-zone', zone);
      group(span, words, hand, zone);
    } else {
      add(row, 'span', 'dk-zone', fill(texts.hidden, { n: player.hand_count }));
    }
  }
}
