/**
 * The practice table (/<lang>/dummy/play/): the reader (P1) plays a whole hand against three
 * computer players. The engine deals from a seed (dealer P4, so the reader acts first), judges
 * every action (`play`), and plays the other seats (`bestmove` at the level chosen), paced so a
 * person can follow (700 ms per action; the link's `pace=` in ms overrides it). The hint asks
 * `bestmove` for the reader's seat and shows its words. At the end: the settlement's summary
 * and ledger (ledger.js), "deal again", "replay this deal" and the level.
 *
 * The link holds the deal: #seed=123&level=2 (table-model.js readLink/writeLink); a link that is
 * not one the page writes gives a message and a new deal.
 *
 * On the reader's turn, "make this a class exercise" hands the hand so far to the teacher's
 * builder (core/maker-handoff.js; the maker reads it): the deck that deals it (drill-text.js
 * deckOfDeal), the dealer and the actions so far in the catalog's drill notation, and the drill
 * kind the phase suggests (before the draw: can you collect; after it: which discard).
 *
 * DOM hooks (tests): #dk-play[data-state] "loading" | "ready" | "failed", [data-phase],
 * [data-turn] (the table: table-view.js); select[name="level"]; button[data-control="deal" |
 * "replay" | "hint" | "drill"]; a.dk-deal-link; .dk-link-note; .dk-hint; ol.dk-log li;
 * .dk-result[data-state] "none" | "settled" | "pending" with table.dk-summary and table.dk-ledger.
 */
import { engine } from '../../core/engine-client.js';
import { lang, errorText } from '../../core/i18n.js';
import { add } from '../../core/progress-ui.js';
import { startPage } from '../../boards/live-figure.js';
import { fill, readable, seatName } from './ledger.js';
import { summaryTable, ledgerTable } from './ledger-tables.js';
import { CardTable } from './table-view.js';
import { actionWords, eventLines, logLine, newSeed, readLink, refusalText, writeLink } from './table-model.js';
import { deckOfDeal, writeDrillText } from './drill-text.js';
import { offerToMaker } from '../../core/maker-handoff.js';

const READER = 'P1';
const DEALER = 'P4'; // the dealer's next seat acts first (A-D13): the reader
const PACE_MS = 700;
const HINT_LEVEL = 3;
const DEAL_LEVEL = 'sian';

const root = /** @type {HTMLElement} */ (document.getElementById('dk-play'));
const data = JSON.parse(document.getElementById('dk-data').textContent);
const { words, ui, page } = data;
const link = readLink(window.location.hash);
const pace = link.pace ?? PACE_MS;

let seed = link.seed ?? newSeed();
let level = link.level;
let current = null; // the last play reply
let dealtState = null; // the STATE as dealt (the drill's deck is read from it)
let actions = []; // every action of the hand so far, in order
let generation = 0; // bumps on every new deal: a computer loop of an older deal stops

const controls = add(root, 'div', 'dk-controls');
const levelField = add(controls, 'label', 'dk-field');
add(levelField, 'span', '', page.level);
const levelSelect = add(levelField, 'select');
levelSelect.name = 'level';
for (const n of ['1', '2', '3']) {
  const option = add(levelSelect, 'option', '', page.levels[n]);
  option.value = n;
}
levelSelect.value = String(level);
const buttons = Object.fromEntries(['deal', 'replay', 'hint', 'drill'].map((name) => {
  const b = add(controls, 'button', 'kr-btn', page[{ deal: 'dealAgain', replay: 'replay', hint: 'hint', drill: 'makeDrill' }[name]]);
  b.type = 'button';
  b.dataset.control = name;
  return [name, b];
}));
buttons.drill.disabled = true; // until the reader's turn
const dealLink = add(controls, 'a', 'dk-deal-link');
const linkNote = add(root, 'p', 'dk-link-note');
if (link.bad) {
  linkNote.textContent = page.badLink;
  linkNote.setAttribute('role', 'alert');
}
const hintLine = add(root, 'p', 'dk-hint');
const table = new CardTable(add(root, 'div'), { words, ui, seat: READER, onAct: act, onTry: tryAction });
const result = add(root, 'section', 'dk-result');
result.dataset.state = 'none';
const logBox = add(root, 'section', 'dk-log-box');
add(logBox, 'h2', '', page.log);
const log = add(logBox, 'ol', 'dk-log');

const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

/** One engine request; an engine refusal is returned, a failed engine throws. */
const ask = (request) => engine.call({ game: 'dummy', ...request }, { urgent: true });

/** Put the deal's link in the address bar and in the link beside the controls. */
function showLink() {
  const hash = writeLink(seed, level) + (link.pace != null ? `&pace=${link.pace}` : '');
  window.history.replaceState(null, '', hash);
  dealLink.href = hash;
  dealLink.textContent = `${page.link} (${fill(page.seedIs, { seed })})`;
}

/** Log `seat`'s action in words, with what it added to the events (`next` is the reply after it), and announce it. */
function record(seat, action, next) {
  const line = [logLine(seat, action, words, ui), ...eventLines(current.position, next.position, words, ui)].join(' — ');
  add(log, 'li', '', line);
  table.say(line);
  actions.push(action);
}

/** Draw `reply`; the reader may act on his own turn only. */
function show(reply) {
  current = reply;
  table.show(reply, reply.phase !== 'ended' && reply.turn === READER);
  root.dataset.phase = reply.phase;
  root.dataset.turn = reply.turn;
  buttons.hint.disabled = reply.phase === 'ended' || reply.turn !== READER;
  buttons.drill.disabled = buttons.hint.disabled;
}

/** A new hand from `nextSeed`, drawn; resolves to its generation (for `computers`). */
async function deal(nextSeed) {
  generation += 1;
  const mine = generation;
  seed = nextSeed;
  showLink();
  log.replaceChildren();
  result.replaceChildren();
  result.dataset.state = 'none';
  hintLine.textContent = '';
  const dealt = await ask({ op: 'deal', seed, dealer: DEALER, level: DEAL_LEVEL });
  if (!dealt.ok) throw new Error(fill(page.noEngine, { why: errorText(dealt.error) }));
  dealtState = dealt.state;
  actions = [];
  const reply = await ask({ op: 'play', position: dealt.state, moves: [] });
  if (!reply.ok) throw new Error(fill(page.noEngine, { why: errorText(reply.error) }));
  if (mine === generation) {
    show(reply);
    table.say('');
  }
  return mine;
}

/** Deal `nextSeed` and let the computers play up to the reader's turn. */
const newHand = async (nextSeed) => computers(await deal(nextSeed));

/** The computer seats act, one action at a time, until the reader's turn or the end. */
async function computers(mine) {
  while (mine === generation && current.phase !== 'ended' && current.turn !== READER) {
    const seat = current.turn;
    table.say(fill(ui.thinking, { seat: seatName(words, seat) }));
    await sleep(pace);
    const best = await ask({ op: 'bestmove', position: current.position, seat, level });
    if (mine !== generation) return;
    const next = best.ok ? await ask({ op: 'play', position: current.position, moves: [best.move], seat }) : best;
    if (mine !== generation) return;
    if (!next.ok) {
      table.say(errorText(next.error));
      return;
    }
    record(seat, best.move, next);
    show(next);
  }
  if (mine === generation && current.phase === 'ended') finish(current);
}

/** The reader plays a legal `action`. */
async function act(action) {
  table.busy(true);
  const next = await ask({ op: 'play', position: current.position, moves: [action], seat: READER });
  if (!next.ok) {
    refuse(next.error);
    return;
  }
  hintLine.textContent = '';
  record(READER, action, next);
  show(next);
  await computers(generation);
}

/** The reader tries an action no legal one fits: the engine's refusal is shown with its rule. */
async function tryAction(action) {
  table.busy(true);
  const next = await ask({ op: 'play', position: current.position, moves: [action], seat: READER });
  if (next.ok) {
    record(READER, action, next);
    show(next);
    await computers(generation);
    return;
  }
  refuse(next.error);
}

/** Show the engine's refusal with its rule. */
function refuse(error) {
  table.busy(false);
  table.say(refusalText(readable(words, ui, error, lang), error.rule, ui));
}

/** What the computer would do in the reader's seat, and why (bestmove's words). */
async function hint() {
  buttons.hint.disabled = true;
  const best = await ask({ op: 'bestmove', position: current.position, seat: READER, level: HINT_LEVEL });
  buttons.hint.disabled = false;
  if (!best.ok) {
    hintLine.textContent = errorText(best.error);
    return;
  }
  const said = best.why ?? best.words; // the bot's reasons in words ({th, en})
  const why = said ? said[lang] ?? said.en : '';
  hintLine.textContent = fill(page.hintSays, { what: actionWords(best.move, words, ui), why }).replace(/ — $/, '');
}

/** Hand the hand so far to the teacher's builder (the maker of /<lang>/teach/assign/) and go there. */
function makeDrill() {
  const text = writeDrillText({ deck: deckOfDeal(dealtState), dealer: DEALER, level: DEAL_LEVEL, show: '', moves: actions });
  const kind = current.phase === 'take' ? 'dummy-collect' : 'dummy-discard';
  let storage = null;
  try {
    storage = window.localStorage;
  } catch {
    storage = null;
  }
  if (!offerToMaker(storage, { game: 'dummy', kind, text })) {
    hintLine.textContent = page.drillNotKept;
    return;
  }
  window.location.assign(`/${lang}/teach/assign/`);
}

/** The end: who knocked (or the stock ran out), and the settlement line by line. */
function finish(reply) {
  const status = reply.status ?? {};
  add(result, 'h2', '', page.settlement);
  add(result, 'p', 'dk-end', status.reason === 'knock' ? fill(ui.endKnock, { seat: seatName(words, reply.turn) }) : ui.endStock);
  if (reply.settlement && reply.settlement.ok !== false) {
    summaryTable(result, words, ui, reply.settlement);
    ledgerTable(result, words, ui, reply.settlement);
    result.dataset.state = 'settled';
  } else {
    add(result, 'p', 'dk-pending', page.pending);
    result.dataset.state = 'pending';
  }
}

const guard = (run) => () => run().catch((err) => table.say(err.message));
buttons.deal.addEventListener('click', guard(() => newHand(newSeed())));
buttons.replay.addEventListener('click', guard(() => newHand(seed)));
buttons.hint.addEventListener('click', guard(hint));
buttons.drill.addEventListener('click', makeDrill);
levelSelect.addEventListener('change', () => {
  level = Number(levelSelect.value);
  showLink();
});

startPage(root, async () => {
  await engine.ready;
  const mine = await deal(seed);
  guard(() => computers(mine))();
});
