/**
 * The Dummy points calculator, เครื่องคิดแต้ม (/<lang>/dummy/calculator/).
 *
 * The reader picks where cards go (a seat's new meld or one of its melds, a layoff onto a chosen
 * meld, the hand, or the head, face-down, collected and next-head cards) and taps cards in the
 * deck, which sits right under the chosen place. A placed card is taken back by tapping it.
 * A card already placed is named where it is (each card exists once); a meld that is not a set
 * or run is named at once (the engine's meld_check). Every change is settled by the engine
 * (settle, in the module worker): the per-seat summary near the top of the page, and the ledger,
 * one row per payment, at its end; a table the rules forbid shows the engine's BAD_TABLE message
 * with its field in words, at the top too.
 *
 * Phone first: the level and the knocker show; the rest of the settings (fool, spetos shown,
 * dealer, called discards, the rule options) and the liabilities are folded, each fold open when
 * it holds something; the deck shows under the place chosen (the head card, on an empty table)
 * and not at all while no place is chosen.
 *
 * Events: the reader adds and removes liabilities (เหมา, A-D25): culprit seat(s), what they
 * cover, the seat paid. A link's discard pile and stock count are kept as they came (not editable).
 *
 * Share: the link holds the table (and the options changed) as base64url JSON after "#t=".
 * A link that cannot be read gives a message and an empty calculator: one longer than any table
 * needs, or whose table lists more than 52 cards, is refused before it is decoded or drawn (table-link.js).
 *
 * DOM hooks (tests, CSS): #dk-calc[data-state] "loading" | "ready" | "failed"; [data-target]
 * buttons choose a place (data-target = "head" | "face_down" | "collected" | "next_head" |
 * "meld:<seat>:<i>" | "new-meld:<seat>" | "layoff:<seat>" | "hand:<seat>"); .dk-deck
 * button[data-card]; .dk-placed button[data-card] (take back); .dk-status (messages);
 * .dk-result[data-state] "empty" | "bad" | "ok" with table.dk-summary, .dk-ledger-box with
 * table.dk-ledger; details.dk-more (settings) and details.dk-events (liabilities);
 * button[data-action="share"], input.dk-share-url, button[data-action="clear"]; .dk-liabilities
 * with select[name="liability-culprit" | "liability-culprit2" | "liability-covers" |
 * "liability-beneficiary"], button[data-action="add-liability"] and li.dk-liability
 * button[data-action="remove-liability"].
 *
 * This module is the page (its places, the deck, the settling and the link); in their own modules:
 * calculator-state.js (the state, its table JSON and its link, pure), calculator-places.js (where
 * a card goes and is, pure) and calculator-forms.js (the settings and liabilities forms).
 */
import { engine } from '../../core/engine-client.js';
import { lang } from '../../core/i18n.js';
import { add } from '../../core/progress-ui.js';
import { DECK, cardButton, renameCardButton } from './cards.js';
import { SEATS, fill, seatName, meldName, fieldWords, readable } from './ledger.js';
import { summaryTable, ledgerTable } from './ledger-tables.js';
import { TableLinkError } from './table-link.js';
import { emptyState, linkText, readLink, toTable } from './calculator-state.js';
import { renderLiabilities, renderSettings } from './calculator-forms.js';
import { putCard, takeBack as takeCardBack, targetKey, targetWords, whereIs } from './calculator-places.js';
/** @import { Target } from './calculator-places.js' */

const SETTLE_DELAY_MS = 120;

const root = document.getElementById('dk-calc');
const data = JSON.parse(document.getElementById('dk-data').textContent);
const { words, ui, options: OPTIONS } = data;

let state = emptyState();
/** @type {Target | null} */
let target = { kind: 'head' }; // where tapped cards go: {kind, seat, index, onto}; an empty table starts at its head card
let serial = 0; // bumps on every change: stale engine replies are dropped
let timer = null;
let zonesOpen = false; // the reader opened the fold of the rarer cards (it is drawn again on every change)
const draft = { culprit: '', culprit2: '', covers: 'all', beneficiary: '' }; // the liability being entered

// ------------------------------------------------------------------ links and places
/** Why a link's table was not opened, in the page's words. */
function linkProblem(err) {
  if (err instanceof TableLinkError && err.reason === 'too_long') return fill(ui.linkTooLong, err.detail);
  if (err instanceof TableLinkError && err.reason === 'too_many_cards') return fill(ui.tooManyCards, err.detail);
  return ui.badLink;
}

/** Put `card` where the target says (or name where it already is). */
function place(card) {
  if (!target) {
    say(ui.pickTarget);
    return;
  }
  const refused = putCard(state, target, card, words, ui);
  if (refused) {
    say(refused);
    return;
  }
  if (target.kind === 'collected') {
    changed();
    return;
  }
  say('');
  changed();
  deckButtons.get(card).focus({ preventScroll: true });
}

/** Take `card` back from wherever it is placed (and from the collected list). */
function takeBack(card, fromCollected = false) {
  takeCardBack(state, card, fromCollected);
  changed();
}

// ------------------------------------------------------------------ the page
const status = add(root, 'p', 'dk-status');
status.setAttribute('role', 'status');
status.setAttribute('aria-live', 'polite');
const result = add(root, 'section', 'dk-result');
result.setAttribute('aria-labelledby', 'dk-result-title');
const resultTitle = add(result, 'h2', '', ui.settle);
resultTitle.id = 'dk-result-title';
const resultBody = add(result, 'div', 'dk-result-body');
resultBody.setAttribute('aria-live', 'polite');
const settings = add(root, 'div', 'dk-settings');
const events = /** @type {HTMLDetailsElement} */ (add(root, 'details', 'dk-fold dk-events'));
add(events, 'summary', '', ui.liabilities);
const liabilitiesBox = add(events, 'fieldset', 'dk-liabilities');
liabilitiesBox.setAttribute('aria-label', ui.liabilities);
const zones = add(root, 'div', 'dk-zones');
const seatsBox = add(root, 'div', 'dk-seats');
const deck = document.createElement('div');
deck.className = 'dk-deck';
const deckLabel = add(deck, 'p', 'dk-deck-label');
deckLabel.id = 'dk-deck-label';
const deckGrid = add(deck, 'div', 'dk-deck-grid');
deckGrid.setAttribute('role', 'group');
deckGrid.setAttribute('aria-labelledby', 'dk-deck-label');
const deckButtons = new Map();
for (const card of DECK) {
  const b = cardButton(card, words.cards[card]);
  b.addEventListener('click', () => place(card));
  deckGrid.append(b);
  deckButtons.set(card, b);
}
const ledgerBox = add(root, 'section', 'dk-ledger-box');
ledgerBox.setAttribute('aria-label', ui.ledger);
const shareBar = add(root, 'div', 'kr-controls dk-share');
const shareButton = add(shareBar, 'button', 'kr-btn kr-btn-primary', ui.share);
shareButton.type = 'button';
shareButton.dataset.action = 'share';
const shareLabel = add(shareBar, 'label', 'dk-share-label', ui.shareText);
const shareUrl = add(shareLabel, 'input', 'dk-share-url');
Object.assign(shareUrl, { type: 'text', readOnly: true });
const clearButton = add(shareBar, 'button', 'kr-btn', ui.clear);
clearButton.type = 'button';
clearButton.dataset.action = 'clear';

function say(text) {
  status.textContent = text;
}

function targetButton(parent, key, text) {
  const b = add(parent, 'button', 'kr-btn dk-target', text);
  b.type = 'button';
  b.dataset.target = key;
  b.setAttribute('aria-pressed', String(key === targetKey(target)));
  return b;
}

function placedCards(parent, cards, label, fromCollected = false) {
  const box = add(parent, 'span', 'dk-placed');
  box.setAttribute('role', 'group');
  box.setAttribute('aria-label', label);
  if (!cards.length) add(box, 'span', 'dk-none', ui.empty);
  for (const card of cards) {
    const b = cardButton(card, fill(ui.removeCard, { card: words.cards[card] }), 'dk-card-btn dk-small-btn');
    b.addEventListener('click', () => takeBack(card, fromCollected));
    box.append(b);
  }
  return box;
}

/** The "put down in the knock" checkbox of a meld or layoff (`item.in_knock`). */
function knockFlag(row, item) {
  const flag = add(row, 'label', 'dk-flag');
  const check = add(flag, 'input');
  check.type = 'checkbox';
  check.checked = item.in_knock;
  check.addEventListener('change', () => { item.in_knock = check.checked; changed(); });
  flag.append(ui.inKnock);
}

function choose(t, anchor) {
  target = t;
  render();
  const pressed = /** @type {HTMLElement | null} */ (root.querySelector(`[data-target="${anchor}"]`));
  if (pressed) pressed.focus({ preventScroll: true });
}

function renderZones() {
  zones.replaceChildren();
  const more = add(zones, 'details', 'dk-fold dk-zone-more'); // the cards fewer tables need, folded
  add(more, 'summary', '', ui.otherCards);
  const rows = [['head', ui.head, state.head ? [state.head] : [], zones],
    ['face_down', ui.faceDown, state.knock.face_down ? [state.knock.face_down] : [], zones],
    ['collected', ui.collected, state.knock.collected, more],
    ['next_head', ui.nextHead, state.next_head ? [state.next_head] : [], more]];
  more.open = zonesOpen || Boolean(state.knock.collected.length || state.next_head || ['collected', 'next_head'].includes(target?.kind));
  more.addEventListener('toggle', () => { zonesOpen = more.open; });
  for (const [kind, text, cards, parent] of rows) {
    const row = add(parent, 'div', 'dk-zone-row');
    targetButton(row, `${kind}::`, text).addEventListener('click', () => choose({ kind }, `${kind}::`));
    placedCards(row, cards, text, kind === 'collected');
  }
  zones.append(more); // after the head and face-down rows
  if (target && target.seat == null) (['collected', 'next_head'].includes(target.kind) ? more : zones).append(deck);
}

function renderSeat(i) {
  const p = state.players[i];
  const pid = SEATS[i];
  const seat = seatName(words, pid);
  const box = add(seatsBox, 'section', 'dk-seat-box');
  box.dataset.seat = pid;
  box.setAttribute('aria-label', seat);
  const count = p.melds.reduce((n, m) => n + m.cards.length, 0) + p.layoffs.length + p.hand.length;
  add(box, 'h2', 'dk-seat-title', fill(ui.seatCards, { seat, n: count }));
  p.melds.forEach((meld, m) => {
    const row = add(box, 'div', 'dk-meld-row');
    row.dataset.meld = `${pid}.${m}`;
    const key = `meld:${i}:${m}`;
    targetButton(row, key, fill(ui.meldN, { n: m + 1 })).addEventListener('click', () => choose({ kind: 'meld', seat: i, index: m }, key));
    placedCards(row, meld.cards, meldName(words, `${pid}.${m}`));
    knockFlag(row, meld);
    const note = add(row, 'p', 'dk-meld-note');
    note.dataset.meldNote = `${pid}.${m}`;
    checkMeld(meld.cards, note, meldName(words, `${pid}.${m}`));
  });
  const bar = add(box, 'div', 'dk-seat-bar');
  targetButton(bar, `new-meld:${i}:`, ui.newMeld).addEventListener('click', () => {
    p.melds.push({ cards: [], in_knock: false });
    changed(false);
    choose({ kind: 'meld', seat: i, index: p.melds.length - 1 }, `meld:${i}:${p.melds.length - 1}`);
  });
  const melds = state.players.flatMap((q, j) => q.melds.map((_, m) => `${SEATS[j]}.${m}`));
  if (melds.length) {
    const layRow = add(bar, 'span', 'dk-layoff-row'); // beside "new meld": one row
    const label = add(layRow, 'label', 'dk-field');
    add(label, 'span', '', ui.layoffTo);
    const pick = add(label, 'select');
    pick.name = `onto-${pid}`;
    for (const id of melds) {
      const o = add(pick, 'option', '', meldName(words, id));
      o.value = id;
    }
    if (target?.kind === 'layoff' && target.seat === i) pick.value = target.onto;
    pick.addEventListener('change', () => {
      if (target?.kind === 'layoff' && target.seat === i) choose({ kind: 'layoff', seat: i, onto: pick.value }, `layoff:${i}:`);
    });
    targetButton(layRow, `layoff:${i}:`, ui.layoffAdd).addEventListener('click', () => choose({ kind: 'layoff', seat: i, onto: pick.value }, `layoff:${i}:`));
    p.layoffs.forEach((l) => {
      const row = add(box, 'div', 'dk-layoff-item');
      placedCards(row, [l.card], `${ui.layoffAdd} ${ui.onMeld} ${meldName(words, l.onto)}`);
      add(row, 'span', 'dk-onto', `${ui.onMeld} ${meldName(words, l.onto)}`);
      knockFlag(row, l);
    });
  }
  const handRow = add(box, 'div', 'dk-hand-row');
  targetButton(handRow, `hand:${i}:`, ui.hand).addEventListener('click', () => choose({ kind: 'hand', seat: i }, `hand:${i}:`));
  placedCards(handRow, p.hand, `${seat} ${ui.hand}`);
  if (target && target.seat === i) box.append(deck);
}

/** The engine's word on one meld: nothing, or why it is not a set or a run yet. */
function checkMeld(cards, note, where) {
  if (cards.length < 3) return;
  const mine = serial;
  engine.call({ op: 'meld_check', game: 'dummy', cards }, { urgent: true }).then((reply) => {
    if (mine !== serial) return;
    if (!reply.ok) note.textContent = readable(words, ui, reply.error, lang);
    else if (!reply.kind) note.textContent = fill(ui.notMeld, { where, why: lang === 'en' ? reply.reason : reply.reason_th });
    else if (reply.speto_blocker) note.textContent = fill(ui.blocker, { where });
    note.classList.toggle('dk-bad', Boolean(note.textContent));
  }).catch(() => {});
}

function renderDeck() {
  deckLabel.textContent = fill(ui.deck, { target: targetWords(target, words, ui) });
  for (const [card, b] of deckButtons) {
    const where = whereIs(state, card, words, ui);
    b.classList.toggle('dk-used', Boolean(where));
    renameCardButton(b, where ? fill(ui.usedName, { card: words.cards[card], where }) : words.cards[card]);
  }
}

/** Draw the places and the deck again (and the settings when `all`: a new table). */
function render(all = false) {
  serial += 1;
  const page = { words, ui, offered: OPTIONS, changed, say };
  if (all) renderSettings(settings, state, page);
  renderLiabilities(liabilitiesBox, state, draft, page);
  renderZones();
  seatsBox.replaceChildren();
  SEATS.forEach((_, i) => renderSeat(i));
  if (!target) seatsBox.after(deck);
  deckGrid.hidden = !target; // no place chosen: the deck only says to choose one
  if (state.liabilities.length) events.open = true;
  renderDeck();
}

// ------------------------------------------------------------------ settling
function showResult(reply, mine) {
  if (mine !== serial) return;
  resultBody.replaceChildren();
  ledgerBox.replaceChildren();
  if (!reply.ok) {
    result.dataset.state = 'bad';
    const p = add(resultBody, 'p', 'dk-problem', ui.problem);
    p.setAttribute('role', 'alert');
    const where = reply.error.field ? fill(ui.at, { where: fieldWords(words, ui, reply.error.field) }) : '';
    add(resultBody, 'p', 'dk-problem-where', where);
    add(resultBody, 'p', 'dk-problem-why', readable(words, ui, reply.error, lang));
    return;
  }
  result.dataset.state = 'ok';
  summaryTable(resultBody, words, ui, reply);
  ledgerTable(ledgerBox, words, ui, reply);
}

function settle() {
  const mine = serial;
  if (!state.head) {
    result.dataset.state = 'empty';
    resultBody.replaceChildren();
    ledgerBox.replaceChildren();
    add(resultBody, 'p', 'note', ui.incomplete);
    return;
  }
  engine.call({ op: 'settle', game: 'dummy', table: toTable(state), options: state.options })
    .then((reply) => showResult(reply, mine))
    .catch((err) => { root.dataset.state = 'failed'; say(fill(ui.engineFailed, { why: err.message })); });
}

/** Something changed: draw again (unless `redraw` is false), refresh the link, settle soon. */
function changed(redraw = true) {
  if (redraw) render();
  shareUrl.value = `${location.origin}${location.pathname}#t=${linkText(state)}`;
  clearTimeout(timer);
  timer = setTimeout(settle, SETTLE_DELAY_MS);
}

shareButton.addEventListener('click', async () => {
  shareUrl.value = `${location.origin}${location.pathname}#t=${linkText(state)}`;
  history.replaceState(null, '', `#t=${linkText(state)}`);
  try {
    await navigator.clipboard.writeText(shareUrl.value);
    say(ui.shared);
  } catch {
    shareUrl.select();
  }
});
clearButton.addEventListener('click', () => {
  state = emptyState();
  target = { kind: 'head' };
  history.replaceState(null, '', location.pathname);
  say('');
  render(true);
  changed();
});

function start() {
  const hash = location.hash.startsWith('#t=') ? location.hash.slice(3) : '';
  if (hash) {
    try {
      state = readLink(hash, OPTIONS);
      if (state.head) target = null; // a table to read: no deck until a place is chosen
    } catch (err) {
      state = emptyState();
      say(linkProblem(err));
      result.dataset.state = 'empty';
    }
  }
  root.dataset.state = 'loading';
  const loading = add(resultBody, 'p', 'note', ui.loading);
  engine.ready.then(() => {
    root.dataset.state = 'ready';
    loading.remove();
    changed();
  }, (err) => {
    root.dataset.state = 'failed';
    say(fill(ui.engineFailed, { why: err.message }));
  });
  render(true);
  shareUrl.value = `${location.origin}${location.pathname}#t=${linkText(state)}`;
}

start();
