/**
 * The forms of the Dummy points calculator (games/dummy/calculator.js): the settings (level and
 * knocker; folded: fool, spetos shown, dealer, called discards, the rule options) and the
 * liabilities (เหมา, A-D25) entered, each with a remove button, with the form that adds one.
 * Each change is made in the state (calculator-state.js) and told by `changed()`; the page then
 * draws the forms again.
 */
/** @import { RuleOption } from './calculator-state.js' */
import { add } from '../../core/progress-ui.js';
import { SEATS, fill, seatName } from './ledger.js';
import { COVERS, LEVELS } from './calculator-state.js';

/**
 * What the forms need of the page.
 * @typedef {object} FormPage
 * @property {any} words the page's Dummy words (seat names, levels)
 * @property {any} ui the calculator's words
 * @property {RuleOption[]} offered the rule options the page offers
 * @property {() => void} changed the state changed: draw again, settle soon
 * @property {(text: string) => void} say show a message in the status line
 */

/**
 * A labelled <select> of `choices` ([value, words]) in `parent`.
 * @param {HTMLElement} parent
 * @param {string} labelText
 * @param {string} value
 * @param {string[][]} choices
 * @param {(value: string) => void} onChange
 * @param {string} name
 */
function select(parent, labelText, value, choices, onChange, name) {
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

/** ['', none] and every seat by name: the choices of a seat that may be none. */
const seatChoices = (words, none) => [['', none], ...SEATS.map((pid) => [pid, seatName(words, pid)])];

/**
 * Draw the settings of `state` into `settings`.
 * @param {HTMLElement} settings
 * @param {any} state
 * @param {FormPage} page
 */
export function renderSettings(settings, state, { words, ui, offered, changed }) {
  settings.replaceChildren();
  const seats = (none) => seatChoices(words, none);
  select(settings, ui.level, state.level, LEVELS.map((l) => [l, words.levels[l]]), (v) => { state.level = v; changed(); }, 'level');
  select(settings, ui.knocker, state.knock.player, seats(ui.nobody), (v) => { state.knock.player = v; changed(); }, 'knocker');
  const more = add(settings, 'details', 'dk-fold dk-more');
  add(more, 'summary', '', ui.more);
  more.open = Boolean(state.fool || state.shown || state.dealer || Object.keys(state.options).length
    || state.players.some((p) => p.called));
  select(more, ui.feeder, state.fool, seats(ui.noFool), (v) => { state.fool = v; changed(); }, 'fool');
  select(more, ui.shown, state.shown, seats(ui.nobody), (v) => { state.shown = v; changed(); }, 'shown');
  select(more, ui.dealer, state.dealer, seats(ui.nobody), (v) => { state.dealer = v; changed(); }, 'dealer');
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
  for (const option of offered) {
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

/**
 * "ขา 3 และ ขา 4 …": a liability in words (its culprits, what it covers, the seat paid).
 * @param {any} l
 * @param {any} words
 * @param {any} ui
 */
const liabilityWords = (l, words, ui) => fill(ui.liabilityText, {
  culprits: l.culprits.map((pid) => seatName(words, pid)).join(` ${ui.and} `),
  covers: ui.covers[l.covers], beneficiary: seatName(words, l.beneficiary) });

/**
 * Draw the liabilities of `state` into `box`, each with a remove button, and the form that adds
 * one; `draft` keeps the liability being entered ({culprit, culprit2, covers, beneficiary}) between draws.
 * @param {HTMLElement} box
 * @param {any} state
 * @param {Record<string, string>} draft
 * @param {FormPage} page
 */
export function renderLiabilities(box, state, draft, { words, ui, changed, say }) {
  box.replaceChildren();
  const focusAdd = () => /** @type {HTMLElement} */ (box.querySelector('[data-action="add-liability"]')).focus({ preventScroll: true });
  const list = add(box, 'ul', 'dk-liability-list');
  state.liabilities.forEach((l, i) => {
    const item = add(list, 'li', 'dk-liability', liabilityWords(l, words, ui));
    const remove = add(item, 'button', 'kr-btn', ui.delLiability);
    remove.type = 'button';
    remove.dataset.action = 'remove-liability';
    remove.setAttribute('aria-label', `${ui.delLiability}: ${liabilityWords(l, words, ui)}`);
    remove.addEventListener('click', () => {
      state.liabilities.splice(i, 1);
      changed();
      focusAdd();
    });
  });
  const field = (text, name, choices) => select(box, text, draft[name], choices, (v) => { draft[name] = v; }, `liability-${name}`);
  field(ui.culprit, 'culprit', seatChoices(words, ui.chooseSeat));
  field(ui.culprit2, 'culprit2', seatChoices(words, ui.nobody));
  field(ui.coversLabel, 'covers', COVERS.map((c) => [c, ui.covers[c]]));
  field(ui.beneficiary, 'beneficiary', seatChoices(words, ui.chooseSeat));
  const addButton = add(box, 'button', 'kr-btn', ui.addLiability);
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
    focusAdd();
  });
}
