/**
 * The live Dummy table's logic, without a DOM (node --test: tests/js/dummy-table-model.test.mjs):
 * reading ACTION strings (dummy-play.md), which legal actions fit the cards a reader selected,
 * the action to ask the engine about when none fits (so a refusal comes back with its rule),
 * sorting a hand, cards and actions in words, each seat's melds with their layoffs in place,
 * and the practice page's link (#seed=123&level=2).
 */
import { RANKS, SUITS } from './cards.js';
import { fill, meldName, seatName } from './ledger.js';

export const SIGNS = { S: '♠', H: '♥', D: '♦', C: '♣' };
const CARD = /^[2-9TJQKA][SHDC]$/;
const SEED_MAX = 2 ** 31 - 1;

/**
 * @typedef {{kind: string, cards: string[], key?: string, onto?: string}} Part
 * @typedef {{hand: string[], pile: string[]}} Selection  hand cards, and pile cards bottom to top
 * @typedef {{seed: number|null, level: number, pace: number|null, bad: boolean}} Link
 */

/** "QS" -> "Q♠", "TD" -> "10♦": a card as the reader sees it (notation, suit symbols). */
export const cardText = (card) => (card[0] === 'T' ? '10' : card[0]) + SIGNS[card[1]];

/** Canonical order (dummy-play.md): rank 2…A, then suit S H D C. */
export const canonical = (a, b) => RANKS.indexOf(a[0]) - RANKS.indexOf(b[0]) || SUITS.indexOf(a[1]) - SUITS.indexOf(b[1]);

/** Suit order first (S H D C), then rank: how a hand sorted "by suit" reads. */
const bySuit = (a, b) => SUITS.indexOf(a[1]) - SUITS.indexOf(b[1]) || RANKS.indexOf(a[0]) - RANKS.indexOf(b[0]);

/** `hand` sorted by "rank" or by "suit" (a new list). */
export const sortHand = (hand, by) => [...hand].sort(by === 'suit' ? bySuit : canonical);

/** One action string as its parts: {kind, cards (every card it names), key (collect), onto (layoff)}. */
export function parseAction(text) {
  return text.split(' ; ').map((part) => {
    const [kind, ...rest] = part.split(' ');
    if (kind === 'collect') return { kind, key: rest[0], cards: rest.slice(2) };
    if (kind === 'layoff') return { kind, cards: [rest[0]], onto: rest[1] };
    return { kind, cards: rest.filter((t) => CARD.test(t)) };
  });
}

/** The cards of `hand` an action puts down (melds, layoffs, discard, the face-down card). */
export function handCardsOf(text, hand) {
  const held = new Set(hand);
  return [...new Set(parseAction(text).flatMap((p) => p.cards).filter((c) => held.has(c)))];
}

/** The collect's key card, or null. */
export const keyOf = (text) => (text.startsWith('collect ') ? text.split(' ')[1] : null);

const sameSet = (a, b) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * The legal actions that fit `selection`: a collect when its key is the deepest pile card picked
 * (and, when more pile cards are picked, its meld takes exactly those from above the key), other
 * actions when no pile card is picked; in both cases the hand cards it uses are exactly those
 * selected (nothing selected: only `draw` and `pass`).
 */
export function fitting(legal, selection, hand) {
  const [key = null, ...above] = selection.pile;
  return legal.filter((text) => {
    if (keyOf(text) !== key || !sameSet(handCardsOf(text, hand), selection.hand)) return false;
    if (!above.length) return true;
    const meld = parseAction(text)[0].cards;
    return sameSet(meld.filter((c) => c !== key && !hand.includes(c)), above);
  });
}

/**
 * What the reader seems to try when no legal action fits, as an action string for the engine
 * to refuse with its rule: a collect of the deepest pile card picked, its meld the pile and hand
 * cards picked; a meld of 3 or more
 * cards; a discard of one card. Null when nothing is selected or the intent is unclear (2 cards).
 */
export function attempt(selection) {
  const hand = [...selection.hand].sort(canonical);
  if (selection.pile.length) return `collect ${selection.pile[0]} meld ${[...selection.pile, ...hand].sort(canonical).join(' ')}`;
  if (hand.length >= 3) return `meld ${hand.join(' ')}`;
  if (hand.length === 1) return `discard ${hand[0]}`;
  return null;
}


/** An action in words (ui.act templates), parts joined by ui.and. */
export function actionWords(text, words, ui) {
  return parseAction(text).map((p) => {
    const cards = p.cards.map(cardText).join(' ');
    const card = p.kind === 'collect' ? cardText(p.key ?? '') : cards;
    const template = ui.act[p.kind] ?? p.kind;
    return fill(template, { card, cards, meld: p.onto ? meldName(words, p.onto) : '' });
  }).join(ui.and);
}

/** An engine refusal in words, its rule named once: "ทำไม่ได้: ต้องจั่วหรือเก็บไพ่ก่อน (ข้อ 26)". */
export function refusalText(why, rule, ui) {
  const number = (rule ?? '').replace(/^§/, '');
  const said = why.replace(/\b[2-9TJQKA][SHDC]\b/g, cardText); // the engine quotes cards in notation: 2D -> 2♦
  return fill(ui.refused, { why: !number || said.includes(number) ? said : `${said} (${fill(ui.rule, { n: number })})` });
}

/**
 * What an action added to the hand's events (a §32 called discard, the head collected, a liability),
 * in words: one line each, comparing the STATE before and after it.
 * @param {{events?: {called_discards?: string[], head_collected_by?: string|null, liabilities?: {culprits: string[], beneficiary: string}[]}}} before
 * @param {typeof before} after
 * @param {Parameters<typeof seatName>[0]} words  the card and seat words
 * @param {{events: {called: string, head: string, liable: string}}} ui
 * @returns {string[]}
 */
export function eventLines(before, after, words, ui) {
  const was = before.events ?? {};
  const now = after.events ?? {};
  const lines = (now.called_discards ?? []).slice((was.called_discards ?? []).length)
    .map((seat) => fill(ui.events.called, { seat: seatName(words, seat) }));
  if (now.head_collected_by && !was.head_collected_by) lines.push(fill(ui.events.head, { seat: seatName(words, now.head_collected_by) }));
  for (const duty of (now.liabilities ?? []).slice((was.liabilities ?? []).length)) {
    lines.push(fill(ui.events.liable, { culprits: duty.culprits.map((c) => seatName(words, c)).join(', '), seat: seatName(words, duty.beneficiary) }));
  }
  return lines;
}

/** A log line: "ขา 2: จั่ว". */
export const logLine = (seat, text, words, ui) => fill(ui.logLine, { seat: seatName(words, seat), what: actionWords(text, words, ui) });

/**
 * Every meld on the table, in seat order, with the layoffs onto it placed where they go: the
 * cards in rank order for a run (A high), by suit for a set; each entry {card, by} where `by` is
 * the seat that laid it off (null for the meld's own cards).
 * @returns {{id: string, owner: string, cards: {card: string, by: string|null}[]}[]}
 */
export function tableMelds(state) {
  const layoffs = state.players.flatMap((p) => (p.layoffs ?? []).map((l) => ({ ...l, by: p.id })));
  return state.players.flatMap((p) => (p.melds ?? []).map((meld, i) => {
    const id = `${p.id}.${i}`;
    const cards = [...meld.cards.map((card) => ({ card, by: null })),
      ...layoffs.filter((l) => l.onto === id).map((l) => ({ card: l.card, by: l.by }))];
    const isSet = meld.cards.every((c) => c[0] === meld.cards[0][0]);
    cards.sort((a, b) => (isSet ? SUITS.indexOf(a.card[1]) - SUITS.indexOf(b.card[1]) : canonical(a.card, b.card)));
    return { id, owner: p.id, cards };
  }));
}

/**
 * The practice page's link: "#seed=123&level=2" (and "pace=0" to play the computer at once, for
 * tests). `bad` when a seed or level is there but is not what the page writes.
 * @returns {Link}
 */
export function readLink(hash) {
  const link = { seed: null, level: 2, pace: null, bad: false };
  const text = hash.replace(/^#/, '');
  if (!text) return link;
  for (const pair of text.split('&')) {
    const [key, value = ''] = pair.split('=');
    if (key === 'seed' && /^\d{1,10}$/.test(value) && Number(value) <= SEED_MAX) link.seed = Number(value);
    else if (key === 'level' && /^[123]$/.test(value)) link.level = Number(value);
    else if (key === 'pace' && /^\d{1,4}$/.test(value)) link.pace = Number(value);
    else link.bad = true;
  }
  if (link.bad) link.seed = null;
  return link;
}

/** The link of a deal: "#seed=123&level=2". */
export const writeLink = (seed, level) => `#seed=${seed}&level=${level}`;

/** A fresh seed for "deal again". */
export const newSeed = (random = Math.random) => Math.floor(random() * SEED_MAX);

/**
 * Whether `played` (an action string) meets a lesson fragment's goal: an exact action, or a
 * kind word (collect, knock, meld, layoff, discard, draw, pass) that one of its parts has.
 */
export function meetsGoal(played, goal) {
  if (!goal) return false;
  if (goal.includes(' ')) return played === goal;
  return parseAction(played).some((p) => p.kind === goal);
}
