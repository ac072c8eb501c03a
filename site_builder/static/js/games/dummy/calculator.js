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
 */
import { engine } from '../../core/engine-client.js';
import { lang } from '../../core/i18n.js';
import { add } from '../../core/progress-ui.js';
import { DECK, isCard, cardButton, renameCardButton } from './cards.js';
import { SEATS, fill, seatName, meldName, fieldWords, readable } from './ledger.js';
import { summaryTable, ledgerTable } from './ledger-tables.js';
import { TableLinkError, readTableLink } from './table-link.js';

const LEVELS = ['thep', 'sian', 'khot_sian'];
const COVERS = ['all', 'head', 'speto_fee', 'knocker_speto'];
const SETTLE_DELAY_MS = 120;

const root = document.getElementById('dk-calc');
const data = JSON.parse(document.getElementById('dk-data').textContent);
const { words, ui, options: OPTIONS } = data;

/** The calculator's state: what the reader entered. */
function emptyState() {
  return {
    level: 'thep', head: null,
    players: SEATS.map(() => ({ melds: [], layoffs: [], hand: [], called: 0 })),
    knock: { player: '', face_down: null, collected: [] },
    fool: '', shown: '', dealer: '', next_head: null, options: {},
    liabilities: [], // [{culprits, covers, beneficiary}] as in the table JSON
    kept: {}, // discard_pile / stock_count of a loaded link, passed on unchanged
  };
}

let state = emptyState();
let target = { kind: 'head' }; // where tapped cards go: {kind, seat, index, onto}; an empty table starts at its head card
let serial = 0; // bumps on every change: stale engine replies are dropped
let timer = null;
let zonesOpen = false; // the reader opened the fold of the rarer cards (it is drawn again on every change)
let draft = { culprit: '', culprit2: '', covers: 'all', beneficiary: '' }; // the liability being entered

// ------------------------------------------------------------------ table <-> state
/** The engine's table JSON (dummy-table.md) of the state. */
function toTable(s) {
  const table = {
    level: s.level, head: s.head,
    players: s.players.map((p, i) => ({
      id: SEATS[i],
      melds: p.melds.map((m) => (m.in_knock ? { cards: m.cards, in_knock: true } : { cards: m.cards })),
      layoffs: p.layoffs.map((l) => (l.in_knock ? { card: l.card, onto: l.onto, in_knock: true } : { card: l.card, onto: l.onto })),
      hand: p.hand,
    })),
    knock: s.knock.player ? { player: s.knock.player, face_down: s.knock.face_down, collected: s.knock.collected } : null,
    fool: s.fool && s.knock.player ? { feeder: s.fool, receiver: s.knock.player } : null,
  };
  const called = s.players.flatMap((p, i) => Array(p.called).fill(SEATS[i]));
  if (s.shown || called.length || s.liabilities.length) {
    table.events = {};
    if (s.shown) table.events.two_spetos_shown_by = [s.shown];
    if (called.length) table.events.called_discards = called;
    if (s.liabilities.length) table.events.liabilities = s.liabilities;
  }
  if (s.dealer || s.next_head) {
    table.tie_break = {};
    if (s.dealer) table.tie_break.dealer = s.dealer;
    if (s.next_head) table.tie_break.next_head = s.next_head;
  }
  return { ...table, ...s.kept };
}

const cardList = (value) => {
  if (!Array.isArray(value) || !value.every(isCard)) throw new Error('cards');
  return [...value];
};
const seatOrEmpty = (value) => {
  if (value == null || value === '') return '';
  if (!SEATS.includes(value)) throw new Error('seat');
  return value;
};

const liabilityOf = (l) => {
  const culprits = Array.isArray(l?.culprits) ? l.culprits.map(seatOrEmpty) : [];
  if (!culprits.length || culprits.length > 2 || culprits.includes('') || !COVERS.includes(l.covers)) throw new Error('liability');
  const beneficiary = seatOrEmpty(l.beneficiary);
  if (!beneficiary) throw new Error('liability');
  return { culprits, covers: l.covers, beneficiary };
};

/** The state of a shared table; throws when the text is not a table this calculator wrote. */
function fromTable(table, options = {}) {
  if (!table || typeof table !== 'object' || !LEVELS.includes(table.level)) throw new Error('level');
  if (table.head != null && !isCard(table.head)) throw new Error('head');
  if (!Array.isArray(table.players) || table.players.length !== 4) throw new Error('players');
  const s = emptyState();
  s.level = table.level;
  s.head = table.head ?? null;
  table.players.forEach((p, i) => {
    if (!p || p.id !== SEATS[i]) throw new Error('player');
    const seat = s.players[i];
    seat.melds = (p.melds ?? []).map((m) => ({ cards: cardList(m.cards), in_knock: m.in_knock === true }));
    seat.layoffs = (p.layoffs ?? []).map((l) => {
      if (!isCard(l.card) || !/^P[1-4]\.\d+$/.test(l.onto)) throw new Error('layoff');
      return { card: l.card, onto: l.onto, in_knock: l.in_knock === true };
    });
    seat.hand = cardList(p.hand ?? []);
  });
  if (table.knock) {
    s.knock.player = seatOrEmpty(table.knock.player);
    if (table.knock.face_down != null && !isCard(table.knock.face_down)) throw new Error('face_down');
    s.knock.face_down = table.knock.face_down ?? null;
    s.knock.collected = cardList(table.knock.collected ?? []);
  }
  s.fool = seatOrEmpty(table.fool?.feeder);
  s.shown = seatOrEmpty(table.events?.two_spetos_shown_by?.[0]);
  for (const pid of table.events?.called_discards ?? []) s.players[SEATS.indexOf(seatOrEmpty(pid))].called += 1;
  s.liabilities = (table.events?.liabilities ?? []).map(liabilityOf);
  if (table.discard_pile != null) s.kept.discard_pile = cardList(table.discard_pile);
  if (table.stock_count != null) {
    if (!Number.isInteger(table.stock_count) || table.stock_count < 0) throw new Error('stock_count');
    s.kept.stock_count = table.stock_count;
  }
  s.dealer = seatOrEmpty(table.tie_break?.dealer);
  const next = table.tie_break?.next_head;
  if (next != null && !isCard(next)) throw new Error('next_head');
  s.next_head = next ?? null;
  for (const [name, value] of Object.entries(options ?? {})) {
    const known = OPTIONS.find((o) => o.name === name);
    if (!known || !known.choices.some((c) => c.value === value)) throw new Error('option');
    s.options[name] = value;
  }
  return s;
}

function encode(s) {
  const payload = { ...toTable(s) };
  if (Object.keys(s.options).length) payload.options = s.options;
  const bytes = new TextEncoder().encode(JSON.stringify(payload));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function decode(text) {
  const { table, options } = readTableLink(text);
  return fromTable(table, options);
}

/** Why a link's table was not opened, in the page's words. */
function linkProblem(err) {
  if (err instanceof TableLinkError && err.reason === 'too_long') return fill(ui.linkTooLong, err.detail);
  if (err instanceof TableLinkError && err.reason === 'too_many_cards') return fill(ui.tooManyCards, err.detail);
  return ui.badLink;
}

// ------------------------------------------------------------------ where a card is
/** Where `card` is placed, in words, or null. (Collected cards only point at placed ones.) */
function whereIs(card) {
  if (state.head === card) return ui.head;
  if (state.knock.face_down === card) return ui.faceDown;
  for (const [i, p] of state.players.entries()) {
    const seat = seatName(words, SEATS[i]);
    const m = p.melds.findIndex((meld) => meld.cards.includes(card));
    if (m >= 0) return meldName(words, `${SEATS[i]}.${m}`);
    if (p.layoffs.some((l) => l.card === card)) return `${seat} ${ui.layoffAdd}`;
    if (p.hand.includes(card)) return `${seat} ${ui.hand}`;
  }
  return null;
}

const targetKey = (t) => (t ? [t.kind, t.seat ?? '', t.index ?? ''].join(':') : '');

function targetWords(t) {
  if (!t) return ui.pickTarget;
  const seat = t.seat != null ? seatName(words, SEATS[t.seat]) : '';
  switch (t.kind) {
    case 'head': return ui.head;
    case 'face_down': return ui.faceDown;
    case 'collected': return ui.collected;
    case 'next_head': return ui.nextHead;
    case 'meld': return meldName(words, `${SEATS[t.seat]}.${t.index}`);
    case 'layoff': return `${seat} ${ui.layoffAdd} ${ui.onMeld} ${meldName(words, t.onto)}`;
    default: return `${seat} ${ui.hand}`;
  }
}

/** Put `card` where the target says (or name where it already is). */
function place(card) {
  if (!target) {
    say(ui.pickTarget);
    return;
  }
  if (target.kind === 'collected') {
    if (!state.knock.collected.includes(card)) state.knock.collected.push(card);
    changed();
    return;
  }
  const where = whereIs(card);
  if (where) {
    say(fill(ui.used, { card: words.cards[card], where }));
    return;
  }
  const seat = state.players[target.seat];
  switch (target.kind) {
    case 'head': state.head = card; break;
    case 'face_down': state.knock.face_down = card; break;
    case 'next_head': state.next_head = card; break;
    case 'meld': seat.melds[target.index].cards.push(card); break;
    case 'layoff': seat.layoffs.push({ card, onto: target.onto, in_knock: false }); break;
    default: seat.hand.push(card);
  }
  say('');
  changed();
  deckButtons.get(card).focus({ preventScroll: true });
}

/** Take `card` back from wherever it is placed (and from the collected list). */
function takeBack(card, fromCollected = false) {
  if (fromCollected) {
    state.knock.collected = state.knock.collected.filter((c) => c !== card);
  } else {
    if (state.head === card) state.head = null;
    if (state.knock.face_down === card) state.knock.face_down = null;
    if (state.next_head === card) state.next_head = null;
    for (const p of state.players) {
      for (const m of p.melds) m.cards = m.cards.filter((c) => c !== card);
      p.layoffs = p.layoffs.filter((l) => l.card !== card);
      p.hand = p.hand.filter((c) => c !== card);
    }
  }
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

/**
 * A labelled <select> of `choices` ([value, words]) in `parent` (the settings row by default).
 * @param {HTMLElement} [parent]
 */
function select(labelText, value, choices, onChange, name, parent = settings) {
  const label = add(parent, 'label', 'dk-field');
  add(label, 'span', '', labelText);
  const el = add(label, 'select');
  el.name = name;
  for (const [v, text] of choices) {
    const option = add(el, 'option', '', text);
    option.value = v;
  }
  el.value = value;
  el.addEventListener('change', () => onChange(el.value));
  return el;
}

const seatChoices = (none) => [['', none], ...SEATS.map((pid) => [pid, seatName(words, pid)])];

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

function renderSettings() {
  settings.replaceChildren();
  select(ui.level, state.level, LEVELS.map((l) => [l, words.levels[l]]), (v) => { state.level = v; changed(); }, 'level');
  select(ui.knocker, state.knock.player, seatChoices(ui.nobody), (v) => { state.knock.player = v; changed(); }, 'knocker');
  const more = add(settings, 'details', 'dk-fold dk-more');
  add(more, 'summary', '', ui.more);
  more.open = Boolean(state.fool || state.shown || state.dealer || Object.keys(state.options).length
    || state.players.some((p) => p.called));
  select(ui.feeder, state.fool, seatChoices(ui.noFool), (v) => { state.fool = v; changed(); }, 'fool', more);
  select(ui.shown, state.shown, seatChoices(ui.nobody), (v) => { state.shown = v; changed(); }, 'shown', more);
  select(ui.dealer, state.dealer, seatChoices(ui.nobody), (v) => { state.dealer = v; changed(); }, 'dealer', more);
  const called = add(more, 'fieldset', 'dk-called');
  add(called, 'legend', '', ui.called);
  state.players.forEach((p, i) => {
    const label = add(called, 'label', 'dk-field');
    add(label, 'span', '', seatName(words, SEATS[i]));
    const input = add(label, 'input');
    Object.assign(input, { type: 'number', min: '0', max: '9', value: String(p.called), name: `called-${SEATS[i]}` });
    input.addEventListener('change', () => {
      const n = Number(input.value);
      p.called = Number.isInteger(n) && n >= 0 && n <= 9 ? n : 0;
      changed();
    });
  });
  const options = add(more, 'fieldset', 'dk-options');
  add(options, 'legend', '', ui.options);
  for (const option of OPTIONS) {
    const label = add(options, 'label', 'dk-field dk-option');
    add(label, 'span', '', option.source ? `${option.description} (${option.source})` : option.description);
    const el = add(label, 'select');
    el.name = option.name;
    option.choices.forEach((c, i) => {
      const o = add(el, 'option', '', c.label);
      o.value = String(i);
    });
    const current = option.name in state.options ? state.options[option.name] : option.default;
    el.value = String(option.choices.findIndex((c) => c.value === current));
    el.addEventListener('change', () => {
      const value = option.choices[Number(el.value)].value;
      if (value === option.default) delete state.options[option.name];
      else state.options[option.name] = value;
      changed();
    });
  }
}

/** "ขา 4" or "ขา 3 และ ขา 4": the culprits of a liability in words. */
const liabilityWords = (l) => fill(ui.liabilityText, {
  culprits: l.culprits.map((pid) => seatName(words, pid)).join(` ${ui.and} `),
  covers: ui.covers[l.covers], beneficiary: seatName(words, l.beneficiary) });

/** The liabilities (เหมา) entered, each with a remove button, and the form that adds one. */
function renderLiabilities() {
  liabilitiesBox.replaceChildren();
  const list = add(liabilitiesBox, 'ul', 'dk-liability-list');
  state.liabilities.forEach((l, i) => {
    const item = add(list, 'li', 'dk-liability', liabilityWords(l));
    const remove = add(item, 'button', 'kr-btn', ui.delLiability);
    remove.type = 'button';
    remove.dataset.action = 'remove-liability';
    remove.setAttribute('aria-label', `${ui.delLiability}: ${liabilityWords(l)}`);
    remove.addEventListener('click', () => {
      state.liabilities.splice(i, 1);
      changed();
      /** @type {HTMLElement} */ (liabilitiesBox.querySelector('[data-action="add-liability"]')).focus({ preventScroll: true });
    });
  });
  const field = (text, name, value, choices) => {
    const label = add(liabilitiesBox, 'label', 'dk-field');
    add(label, 'span', '', text);
    const el = add(label, 'select');
    el.name = `liability-${name}`;
    for (const [v, t] of choices) add(el, 'option', '', t).value = v;
    el.value = value;
    el.addEventListener('change', () => { draft[name] = el.value; });
  };
  field(ui.culprit, 'culprit', draft.culprit, seatChoices(ui.chooseSeat));
  field(ui.culprit2, 'culprit2', draft.culprit2, seatChoices(ui.nobody));
  field(ui.coversLabel, 'covers', draft.covers, COVERS.map((c) => [c, ui.covers[c]]));
  field(ui.beneficiary, 'beneficiary', draft.beneficiary, seatChoices(ui.chooseSeat));
  const addButton = add(liabilitiesBox, 'button', 'kr-btn', ui.addLiability);
  addButton.type = 'button';
  addButton.dataset.action = 'add-liability';
  addButton.addEventListener('click', () => {
    const culprits = [draft.culprit, draft.culprit2].filter(Boolean);
    if (!draft.culprit || !draft.beneficiary) {
      say(ui.liabilityIncomplete);
      return;
    }
    state.liabilities.push({ culprits: [...new Set(culprits)], covers: draft.covers, beneficiary: draft.beneficiary });
    say('');
    changed();
    /** @type {HTMLElement} */ (liabilitiesBox.querySelector('[data-action="add-liability"]')).focus({ preventScroll: true });
  });
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
  deckLabel.textContent = fill(ui.deck, { target: targetWords(target) });
  for (const [card, b] of deckButtons) {
    const where = whereIs(card);
    b.classList.toggle('dk-used', Boolean(where));
    renameCardButton(b, where ? fill(ui.usedName, { card: words.cards[card], where }) : words.cards[card]);
  }
}

/** Draw the places and the deck again (and the settings when `all`: a new table). */
function render(all = false) {
  serial += 1;
  if (all) renderSettings();
  renderLiabilities();
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
  shareUrl.value = `${location.origin}${location.pathname}#t=${encode(state)}`;
  clearTimeout(timer);
  timer = setTimeout(settle, SETTLE_DELAY_MS);
}

shareButton.addEventListener('click', async () => {
  shareUrl.value = `${location.origin}${location.pathname}#t=${encode(state)}`;
  history.replaceState(null, '', `#t=${encode(state)}`);
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
      state = decode(hash);
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
  shareUrl.value = `${location.origin}${location.pathname}#t=${encode(state)}`;
}

start();
