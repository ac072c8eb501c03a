/**
 * A lesson's live Dummy table (a ```dummy block with `interactive: true`; see the README's
 * "Adding a lesson"): the build checked the block's STATE (or seed and actions) with the engine
 * and put it, the goal and the words in the figure's JSON block (script.dk-live-data). The reader
 * acts for the seat to act, on the same table component as the practice page (table-view.js);
 * every action goes to the engine, a wrong one is refused with its rule. When the action meets
 * the goal (table-model.js meetsGoal) the fragment says so; once the turn has passed without it,
 * it says to try again. "Start this table again" restores the block's table.
 *
 * DOM hooks (tests): figure.dk-live-figure[data-state] "loading" | "ready" | "failed",
 * [data-goal-met="true"|"false"]; the table's hooks (table-view.js); button[data-control="reset"].
 */
import { engine } from '../../core/engine-client.js';
import { lang, errorText } from '../../core/i18n.js';
import { add } from '../../core/progress-ui.js';
import { startPage } from '../../boards/live-figure.js';
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

/** Turn `figure` (the build's static fragment) into a live table. */
export async function mountFragment(figure) {
  const data = JSON.parse(figure.querySelector('script.dk-live-data').textContent);
  const { words, ui, state, goal } = data;
  const host = document.createElement('div');
  host.className = 'dk-live-host';
  const still = figure.querySelector('.dk-static'); // stays readable until the live table replaces it
  if (still) still.before(host); else figure.prepend(host);
  await startPage(host, async () => {
    await Promise.all([engine.ready, addStyle()]);
    const ask = (moves, seat) => engine.call({ op: 'play', game: 'dummy', position: state, moves, seat }, { urgent: true });
    const first = await ask([], undefined);
    if (!first.ok) throw new Error(errorText(first.error));
    const seat = first.turn;
    still?.remove();
    const start = first.position;
    let latest = start;
    let played = [];
    if (goal) add(host, 'p', 'dk-goal', fill(ui.goal, { goal: goal.includes(' ') ? actionWords(goal, words, ui) : ui.goalKinds[goal] }));
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
  });
}
