/**
 * Puzzle index (/<lang>/puzzles/): filters over the plain list of li.kr-puzzle-item
 * (data-id, data-game, data-kind, data-difficulty, data-tags="a b"), badges from the saved
 * progress, and the "My progress" panel (section#kr-progress, created if the page has none).
 *
 * Filters live in the <div id="kr-puzzle-filters" hidden> the page provides, folded behind one
 * control (a <details> whose summary names the filters in use, so the puzzles show on a phone's
 * first screen), with the count and "clear" beside it; the tags are grouped by game (two games
 * may share a tag's name: Makruk's and Komayo's "โคน"). They are kept in the
 * URL query (?game=makruk&kind=mate&difficulty=2&tag=ruea&state=unsolved, history.replaceState)
 * and every choice shows how many puzzles it would leave ("รุกจน (12)"). Without JS the
 * plain list stays. state: solved | retried | failed | unsolved (never tried: no saved result).
 * The names of games, tags and kinds come from the page (<script type="application/json"
 * id="kr-puzzle-names">, written by the builder), so every filter reads in the page's language.
 * The filtered list is remembered for this tab (sessionStorage "kradan.puzzles.list") so a
 * puzzle page's "next puzzle" follows it and "back" returns to the same filters.
 *
 * DOM hooks: details.kr-filter-fold, .kr-filter-chosen, select[data-filter=<key>] (name = the query key), .kr-filter-count,
 * button[data-action="clear-filters"], .kr-filter-none, li[data-progress] + .kr-badge.
 */
import { t } from './core/i18n.js';
import * as progress from './core/progress.js';
import { add, buildPanel, resultBadge, word } from './core/progress-ui.js';

const LIST_KEY = 'kradan.puzzles.list';
const STATES = ['unsolved', ...progress.STATES];
const words = (text) => (text || '').split(/\s+/).filter(Boolean);

/** The page's names of games (the engine's), tags and kinds ({games, tags, kinds}: {id: name}). */
function pageNames() {
  try {
    return JSON.parse(document.getElementById('kr-puzzle-names')?.textContent || '{}');
  } catch {
    return {};
  }
}
const NAMES = pageNames();

/** t(key) if the key exists, else `fallback`. */
function named(key, fallback) {
  const text = t(key);
  return text === key ? fallback : text;
}

const DIMENSIONS = [
  { key: 'game', label: 'fxGame', of: (li) => [li.dataset.game], name: (v) => NAMES.games?.[v] ?? v },
  { key: 'kind', label: 'fxKind', of: (li) => [li.dataset.kind], name: (v) => NAMES.kinds?.[v] ?? named(`kind_${v}`, v) },
  { key: 'difficulty', label: 'fxDifficulty', of: (li) => [li.dataset.difficulty], name: (v) => t('level', { n: v }),
    order: (a, b) => Number(a) - Number(b) },
  { key: 'tag', label: 'fxTag', of: (li) => words(li.dataset.tags), name: (v) => NAMES.tags?.[v] ?? named(`tag_${v}`, v) },
  { key: 'state', label: 'fxState', of: (li) => [li.dataset.progress || 'unsolved'],
    name: (v) => (v === 'unsolved' ? t('state_unsolved') : word(v)), fixed: STATES },
];

function main() {
  const items = /** @type {HTMLElement[]} */ ([...document.querySelectorAll('li.kr-puzzle-item')]);
  const host = document.getElementById('kr-puzzle-filters');
  const ids = items.map((li) => li.dataset.id);

  let section = document.getElementById('kr-progress');
  if (!section) {
    section = document.createElement('section');
    section.id = 'kr-progress';
    (document.querySelector('main') ?? document.body).append(section);
  }

  const filters = host ? buildFilters(host, items) : null;

  const refresh = () => {
    const saved = progress.read();
    for (const li of items) {
      const state = saved.puzzles[li.dataset.id]?.state ?? '';
      li.dataset.progress = state;
      li.querySelector(':scope > .kr-badge')?.remove();
      if (state) resultBadge(li, state);
    }
    filters?.apply();
  };

  buildPanel(section, ids);
  progress.onChange(refresh);
  window.addEventListener('storage', (e) => { if (e.key === progress.KEY) refresh(); });
  refresh();
  if (location.hash === '#kr-progress') section.scrollIntoView();
}

/**
 * The tag choices of `select`, one <optgroup data-game> per game (in the list's order) holding the
 * tags its puzzles carry, so a name two games share says which game it belongs to.
 * @param {HTMLSelectElement} select
 * @param {HTMLElement[]} items
 * @param {string[]} tags every tag on the page, in name order
 */
function addTagGroups(select, items, tags) {
  for (const game of new Set(items.map((li) => li.dataset.game))) {
    const own = new Set(items.filter((li) => li.dataset.game === game).flatMap((li) => words(li.dataset.tags)));
    const group = add(select, 'optgroup');
    group.label = NAMES.games?.[game] ?? game;
    group.dataset.game = game;
    for (const tag of tags.filter((tag) => own.has(tag))) add(group, 'option').value = tag;
  }
}

/** Build the filter form in `host`; returns {apply()} to re-filter after progress changes. */
function buildFilters(host, items) {
  const form = add(host, 'form', 'kr-filters');
  form.setAttribute('role', 'search');
  form.setAttribute('aria-labelledby', 'kr-filters-heading');
  const fold = /** @type {HTMLDetailsElement} */ (add(form, 'details', 'kr-filter-fold'));
  const summary = add(fold, 'summary', 'kr-filter-summary');
  const heading = add(summary, 'h2', 'kr-filters-heading', t('fxHeading'));
  heading.id = 'kr-filters-heading';
  const chosenText = add(summary, 'span', 'kr-filter-chosen');
  const grid = add(fold, 'div', 'kr-filter-grid');
  const bar = add(form, 'div', 'kr-filter-bar');
  const count = add(bar, 'p', 'kr-filter-count');
  count.setAttribute('role', 'status');
  count.setAttribute('aria-live', 'polite');
  const clear = add(bar, 'button', 'kr-btn', t('fxClear'));
  clear.type = 'button';
  clear.dataset.action = 'clear-filters';
  const none = add(host, 'p', 'kr-filter-none', t('fxNone'));
  none.hidden = true;

  // Every value each dimension takes on this page.
  const known = Object.fromEntries(DIMENSIONS.map((d) => {
    if (d.fixed) return [d.key, d.fixed];
    const values = [...new Set(items.flatMap(d.of))].filter(Boolean);
    values.sort(d.order ?? ((a, b) => d.name(a).localeCompare(d.name(b))));
    return [d.key, values];
  }));

  // The query: unknown keys are left alone, unknown values are dropped.
  const query = new URLSearchParams(location.search);
  const chosen = {};
  for (const d of DIMENSIONS) {
    const value = query.get(d.key);
    chosen[d.key] = value && known[d.key].includes(value) ? value : '';
  }

  const selects = {};
  for (const d of DIMENSIONS) {
    const box = add(grid, 'div', 'kr-filter');
    const label = add(box, 'label', '', t(d.label));
    const select = add(box, 'select', 'kr-select');
    select.id = `kr-filter-${d.key}`;
    select.name = d.key;
    select.dataset.filter = d.key;
    label.htmlFor = select.id;
    add(select, 'option').value = '';
    if (d.key === 'tag') addTagGroups(select, items, known.tag);
    else for (const value of known[d.key]) add(select, 'option').value = value;
    select.value = chosen[d.key];
    // A filter with one value or none says nothing (e.g. one game): hide it unless it is in use.
    box.hidden = !d.fixed && known[d.key].length < 2 && !chosen[d.key];
    select.addEventListener('change', () => {
      chosen[d.key] = select.value;
      const game = select.selectedOptions[0]?.parentElement.dataset.game; // a tag picked under its game
      if (game) chosen.game = game;
      apply(true);
    });
    selects[d.key] = select;
  }

  clear.addEventListener('click', () => {
    for (const d of DIMENSIONS) chosen[d.key] = '';
    apply(true);
  });

  const countSpans = /** @type {HTMLElement[]} */ ([...document.querySelectorAll('.kr-puzzle-count')]);
  const root = document.getElementById('kr-puzzle-list') ?? document.querySelector('main') ?? document.body;
  const groups = new Set();
  for (const li of items) {
    for (let el = li.parentElement; el && el !== root && root.contains(el); el = el.parentElement) groups.add(el);
  }
  const matches = (li, except = null) => DIMENSIONS.every((d) => d.key === except || !chosen[d.key]
    || d.of(li).includes(chosen[d.key]));

  function apply(fromUser = false) {
    let shown = 0;
    for (const li of items) {
      li.hidden = !matches(li);
      if (!li.hidden) shown += 1;
    }
    // Lists and sections (and a heading right before a list) with nothing left to show are hidden too.
    for (const group of groups) {
      const empty = !group.querySelector('li.kr-puzzle-item:not([hidden])');
      group.hidden = empty;
      const before = group.previousElementSibling;
      if (/^(OL|UL)$/.test(group.tagName) && before && /^H[2-6]$/.test(before.tagName)) before.hidden = empty;
    }
    // The page's own "(n puzzles)" beside each heading: the number now shown.
    for (const span of countSpans) {
      const group = span.closest('section') ?? span.parentElement.parentElement;
      const n = group.querySelectorAll('li.kr-puzzle-item:not([hidden])').length;
      span.dataset.text ??= span.textContent;
      span.textContent = span.dataset.text.replace(/\d+/, String(n));
    }
    for (const d of DIMENSIONS) {
      const select = selects[d.key];
      const pool = items.filter((li) => matches(li, d.key));
      select.value = chosen[d.key];
      for (const option of select.options) {
        const game = /** @type {HTMLElement} */ (option.parentElement).dataset.game;
        const inGroup = game ? pool.filter((li) => li.dataset.game === game) : pool;
        const n = option.value ? inGroup.filter((li) => d.of(li).includes(option.value)).length : pool.length;
        option.textContent = option.value ? t('fxOption', { label: d.name(option.value), n }) : t('fxAll', { n });
        option.hidden = n === 0 && !d.fixed && option.value !== chosen[d.key]; // nothing to pick there now
      }
      for (const group of select.querySelectorAll('optgroup')) group.hidden = !group.querySelector('option:not([hidden])');
      select.closest('.kr-filter').classList.toggle('kr-filter-on', Boolean(chosen[d.key]));
    }
    const active = DIMENSIONS.some((d) => chosen[d.key]);
    chosenText.textContent = DIMENSIONS.filter((d) => chosen[d.key]).map((d) => d.name(chosen[d.key])).join(' · ');
    count.textContent = t('fxCount', { shown, total: items.length });
    clear.disabled = !active;
    none.hidden = shown > 0;
    form.dataset.active = String(active);

    const params = new URLSearchParams(location.search);
    for (const d of DIMENSIONS) {
      if (chosen[d.key]) params.set(d.key, chosen[d.key]);
      else params.delete(d.key);
    }
    const search = params.toString() ? `?${params}` : '';
    if (search !== location.search) history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
    try {
      sessionStorage.setItem(LIST_KEY, JSON.stringify({
        index: location.pathname, query: search, ids: items.filter((li) => !li.hidden).map((li) => li.dataset.id),
      }));
    } catch {
      // no session storage: "next puzzle" simply follows the page's order
    }
    if (fromUser) form.dataset.changed = 'true';
  }

  fold.open = matchMedia('(min-width: 50rem)').matches; // folded on a phone: the puzzles come first
  host.hidden = false;
  apply();
  return { apply: () => apply() };
}

main();
