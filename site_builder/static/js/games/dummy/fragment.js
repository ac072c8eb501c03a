/**
 * A lesson's live Dummy table (a ```dummy block with `interactive: true`; see the README's
 * "Adding a lesson"): the build checked the block's STATE (or seed and actions) with the engine
 * and put it, the goal and the words in the figure's JSON block (script.dk-live-data). The reader
 * acts for the seat to act, on the same table component as the practice page (table-view.js);
 * every action goes to the engine, a wrong one is refused with its rule. When the action meets
 * the goal (table-model.js meetsGoal) the fragment says so; once the turn has passed without it,
 * it says to try again. "Start this table again" restores the block's table.
 *
 * The engine (about 5 MB) loads only when the reader touches the table: until then the build's
 * still picture (the hand to play, the discard pile) stays, with the goal and a "play this table"
 * button below it. The first press or key inside the figure (core/recorded-engine.js warmOnTouch)
 * starts the loading, with words saying so; cards tapped on the picture meanwhile are kept
 * (kept-cards.js), marked, named in words, and selected on the live table once it is drawn.
 *
 * DOM hooks (tests): .dk-live-host[data-state] "idle" (before the reader's touch) | "loading" |
 * "ready" | "failed"; figure.dk-live-figure[data-goal-met="true"|"false"]; the table's hooks
 * (table-view.js); button[data-control="play"] (before the touch) and [data-control="reset"];
 * p.dk-kept-note (the kept taps in words); svg.dk-card.dk-kept (a kept card on the picture).
 */
import { engine } from '../../core/engine-client.js';
import { lang, errorText, t } from '../../core/i18n.js';
import { add } from '../../core/progress-ui.js';
import { warmOnTouch } from '../../core/recorded-engine.js';
import { startPage } from '../../boards/live-figure.js';
import { KeptCards, cardNamed } from './kept-cards.js';
import { fill, readable, seatName } from './ledger.js';
import { CardTable } from './table-view.js';
import { actionWords, eventLines, meetsGoal, refusalText } from './table-model.js';

const STYLE = new URL('../../../css/dummy-play.css', import.meta.url).href;

let styled = null;

/** The table's stylesheet, once per page (lesson pages load only the site's); settles once it applies,
 * so the table is drawn in its final layout. */
function addStyle() {
  styled ??= new Promise((resolve) => {
    const sheet = document.createElement('link');
    sheet.rel = 'stylesheet';
    sheet.href = STYLE;
    sheet.addEventListener('load', resolve);
    sheet.addEventListener('error', resolve); // unstyled beats nothing
    document.head.append(sheet);
  });
  return styled;
}

/**
 * Turn `figure` (the build's static fragment) into a live table at the reader's first touch.
 * @param {HTMLElement} figure
 */
export function mountFragment(figure) {
  const data = JSON.parse(/** @type {HTMLElement} */ (figure.querySelector('script.dk-live-data')).textContent ?? '');
  const { words, ui, goal } = data;
  const host = document.createElement('div');
  host.className = 'dk-live-host';
  host.dataset.state = 'idle';
  const still = figure.querySelector('.dk-static'); // stays readable until the live table replaces it
  if (still) still.after(host); else figure.prepend(host); // below it: the loading words never move a card being tapped
  if (goal) add(host, 'p', 'dk-goal', fill(ui.goal, { goal: goal.includes(' ') ? actionWords(goal, words, ui) : ui.goalKinds[goal] }));
  const play = add(host, 'button', 'kr-btn kr-btn-primary', t('tableStart'));
  play.type = 'button';
  play.dataset.control = 'play';
  const kept = keepTaps(still, host, words);
  warmOnTouch(figure, {
    warm() {
      const byKey = document.activeElement === play; // a pointer press has not moved the focus yet
      play.remove();
      startPage(host, () => goLive(figure, host, data, kept, byKey), t('tableLoading')).finally(kept.stop);
    },
  });
}

/**
 * Keep the cards tapped on the still picture (a tap toggles one), marked and named in a note.
 * @param {Element | null} still
 * @param {HTMLElement} host
 * @param {{cards: Record<string, string>}} words
 */
function keepTaps(still, host, words) {
  const cards = new KeptCards();
  const note = add(host, 'p', 'kr-note dk-kept-note');
  note.setAttribute('role', 'status');
  /** @param {Event} event */
  const tapped = (event) => {
    const svg = /** @type {Element} */ (event.target).closest?.('svg.dk-card');
    const rows = still ? [...still.querySelectorAll('.dk-row')] : [];
    const row = svg ? rows.indexOf(/** @type {Element} */ (svg.closest('.dk-row'))) : -1;
    const card = svg && cardNamed(words.cards, svg.getAttribute('aria-label'));
    if (!svg || !card || row < 0) return;
    const zone = row === 0 ? 'hand' : 'pile';
    if (!cards.toggle({ zone, card })) {
      note.textContent = t('queueFull');
      return;
    }
    svg.classList.toggle('dk-kept', cards.has(zone, card));
    const names = cards.taps.map((tap) => words.cards[tap.card]);
    note.textContent = names.length ? t('tableKept', { cards: names.join(' → ') }) : '';
  };
  still?.addEventListener('click', tapped);
  return {
    get taps() { return cards.taps; },
    /** The live table is drawn (or failed): taps on the picture are no longer kept. */
    stop() {
      still?.removeEventListener('click', tapped);
      note.remove();
    },
  };
}

/**
 * Load the engine and the table's style, draw the live table in `host`, then select the cards
 * the reader tapped meanwhile (`byKey`: the reader started it from the keyboard: focus the hand).
 * @param {HTMLElement} figure
 * @param {HTMLElement} host
 * @param {any} data the figure's JSON block
 * @param {{taps: import('./kept-cards.js').CardTap[], stop(): void}} kept
 * @param {boolean} byKey
 */
async function goLive(figure, host, data, kept, byKey) {
  const { words, ui, state, goal } = data;
  const still = figure.querySelector('.dk-static');
  await Promise.all([engine.ready, addStyle()]);
  const ask = (moves, seat) => engine.call({ op: 'play', game: 'dummy', position: state, moves, seat }, { urgent: true });
  const first = await ask([], undefined);
  if (!first.ok) throw new Error(errorText(first.error));
  const seat = first.turn;
  still?.remove();
  const start = first.position;
  let latest = start;
  let played = [];
  const table = new CardTable(add(host, 'div'), { words, ui, seat, heading: 'p', onAct: play, onTry: play });
  const reset = add(host, 'button', 'kr-btn', ui.reset);
  reset.type = 'button';
  reset.dataset.control = 'reset';
  reset.addEventListener('click', () => {
    played = [];
    figure.dataset.goalMet = 'false';
    table.show(first, true);
    table.say('');
  });
  figure.dataset.goalMet = 'false';
  table.show(first, true);
  const taps = kept.taps;
  kept.stop();
  for (const tap of taps) host.querySelector(`.dk-${tap.zone} button[data-card="${tap.card}"]`)?.dispatchEvent(new MouseEvent('click'));
  if (taps.length) table.say(t('tableSelected', { cards: taps.map((tap) => words.cards[tap.card]).join(', ') }));
  if (byKey) /** @type {HTMLElement | null} */ (host.querySelector('.dk-hand button'))?.focus();

  /** One action of the reader: refused with its rule, or played (then the goal is checked). */
  async function play(action) {
    table.busy(true);
    const reply = await ask([...played, action], seat);
    if (!reply.ok) {
      table.busy(false);
      table.say(refusalText(readable(words, ui, reply.error, lang), reply.error.rule, ui));
      return;
    }
    const before = played.length ? latest : start;
    played = [...played, action];
    latest = reply.position;
    const mine = reply.turn === seat && reply.phase !== 'ended';
    table.show(reply, mine);
    const met = meetsGoal(action, goal);
    if (met) figure.dataset.goalMet = 'true';
    const said = [fill(ui.logLine, { seat: seatName(words, seat), what: actionWords(action, words, ui) }),
      ...eventLines(before, reply.position, words, ui)].join(' — ');
    const after = met ? ui.goalDone : !mine && goal && figure.dataset.goalMet !== 'true' ? ui.goalMissed
      : !mine ? fill(ui.turnPassed, { seat: seatName(words, reply.turn) }) : '';
    table.say(after ? `${said} — ${after}` : said);
  }
}
