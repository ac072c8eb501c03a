/**
 * The search page (/<lang>/search/, templates/search.html): the box searches the Pagefind index
 * that the build writes (/pagefind/, one index per <html lang>) and lists the hits: lesson pages
 * first, then puzzles (the index's filter "type"), each with its title, game and an excerpt.
 * Our own small UI: Pagefind's prebuilt one needs inline styles, which the CSP forbids.
 *
 * Without JavaScript the page is a plain list of every page (the form stays hidden). Words come
 * from the page (data-* of #search-results). The query lives in the address (?q=), so a link, the header's
 * box and the language switch all carry it.
 */
const form = /** @type {HTMLFormElement} */ (document.getElementById('search-form'));
const input = /** @type {HTMLInputElement} */ (document.getElementById('search-q'));
const gameChoice = /** @type {HTMLSelectElement} */ (document.getElementById('search-game'));
const status = document.getElementById('search-status');
const results = document.getElementById('search-results');
const words = results.dataset; // the page's words (data-found, data-none, ...), data-added, data-bundle
const PAGE_SIZE = 8;
const DELAY_MS = 250;

let pagefind = null;
let latest = 0;
let timer = 0;

const say = (text) => { status.textContent = text; };
const fill = (template, values) => template.replace(/\{(\w+)\}/g, (_, key) => String(values[key] ?? ''));

/** Pagefind's module, loaded once, on the first search. */
function engine() {
  pagefind ??= import(words.bundle).then(async (module) => { // /pagefind/pagefind.js, written by the build
    await module.options({ excerptLength: 24 });
    await module.init();
    return module;
  }).catch((error) => {
    pagefind = null; // the next search tries again (e.g. back online)
    throw error;
  });
  return pagefind;
}

/** The query's words: Thai has no spaces, so the browser's word segmenter splits it. */
function queryWords(query) {
  if (typeof Intl !== 'undefined' && Intl.Segmenter) {
    const segmenter = new Intl.Segmenter(document.documentElement.lang || undefined, { granularity: 'word' });
    return [...segmenter.segment(query)].filter((s) => s.isWordLike).map((s) => s.segment);
  }
  return query.split(/\s+/).filter(Boolean);
}

/**
 * The excerpt (its own words only) as DOM nodes: text, with <mark> around the query's words. Pagefind's own marks
 * can sit a few letters off in Thai (it matches without tone and vowel marks), so the words
 * are marked again where they occur as typed; Pagefind's marks are kept only when none does.
 * The excerpt is parsed in an inert <template> and only its text is copied: nothing it holds
 * can run or load.
 */
function excerptNodes(excerpt, query) {
  const template = document.createElement('template');
  template.innerHTML = ownWords(excerpt);
  const pieces = [...template.content.childNodes].map((node) => ({ text: node.textContent, marked: node.nodeName === 'MARK' }));
  const text = pieces.map((p) => p.text).join('');
  const lower = text.toLocaleLowerCase();
  const spans = [];
  for (const word of queryWords(query)) {
    const needle = word.toLocaleLowerCase();
    for (let at = lower.indexOf(needle); needle && at >= 0; at = lower.indexOf(needle, at + needle.length)) {
      spans.push([at, at + needle.length]);
    }
  }
  if (!spans.length) return pieces.map((p) => node(p.text, p.marked));
  spans.sort((a, b) => a[0] - b[0]);
  const out = [];
  let done = 0;
  for (const [start, end] of spans) {
    if (end <= done) continue;
    const from = Math.max(start, done);
    if (from > done) out.push(node(text.slice(done, from), false));
    out.push(node(text.slice(from, end), true));
    done = end;
  }
  if (done < text.length) out.push(node(text.slice(done), false));
  return out;
}

/**
 * The excerpt up to the words the index added (synonyms, the game's other names): each of those
 * is written "⁂word⁂" (words.added), so they begin at the first mark, or one token earlier when
 * that token has the mark glued to its end (the excerpt began inside them and lost the first).
 */
function ownWords(excerpt) {
  const first = excerpt.indexOf(words.added);
  if (first < 0) return excerpt;
  const head = excerpt.slice(0, first);
  return /\s$/.test(head) ? head : head.replace(/\S+$/, '');
}

function node(text, marked) {
  if (!marked) return document.createTextNode(text);
  const mark = document.createElement('mark');
  mark.textContent = text;
  return mark;
}

function hitItem(data, query) {
  const li = document.createElement('li');
  const link = document.createElement('a');
  link.href = data.url;
  link.textContent = data.meta?.title || data.url;
  li.append(link);
  if (data.meta?.game) {
    const game = document.createElement('span');
    game.className = 'search-game';
    game.textContent = data.meta.game;
    li.append(' ', game);
  }
  const text = excerptNodes(data.excerpt || '', query);
  if (text.some((n) => n.textContent.trim())) {
    const excerpt = document.createElement('p');
    excerpt.className = 'search-excerpt';
    excerpt.append(...text);
    li.append(excerpt);
  }
  return li;
}

/** One group of hits (lesson pages or puzzles): a heading, a list, a "show more" button. */
function group(title, hits, query) {
  const section = document.createElement('section');
  section.className = 'search-group';
  const heading = document.createElement('h2');
  heading.textContent = `${title} (${hits.length})`;
  const list = document.createElement('ol');
  list.className = 'search-hits';
  const more = document.createElement('button');
  more.type = 'button';
  more.className = 'search-more';
  let shown = 0;
  const showMore = async () => {
    more.disabled = true;
    const batch = await Promise.all(hits.slice(shown, shown + PAGE_SIZE).map((hit) => hit.data()));
    const items = batch.map((data) => hitItem(data, query));
    list.append(...items);
    if (shown) items[0]?.querySelector('a')?.focus();
    shown += batch.length;
    more.hidden = shown >= hits.length;
    more.textContent = fill(words.more, { n: Math.min(PAGE_SIZE, hits.length - shown) });
    more.disabled = false;
  };
  more.addEventListener('click', showMore);
  section.append(heading, list, more);
  return { section, ready: showMore() };
}

async function search(query, game) {
  const ticket = ++latest;
  if (!query) {
    results.replaceChildren();
    say('');
    return;
  }
  say(pagefind ? words.searching : words.loading);
  try {
    const module = await engine();
    const [pages, puzzles] = await Promise.all(['page', 'puzzle'].map((type) => module.search(query, { filters: game ? { type, game } : { type } })));
    if (ticket !== latest) return;
    const groups = [[words.pages, pages.results], [words.puzzles, puzzles.results]]
      .filter(([, hits]) => hits.length).map(([title, hits]) => group(title, hits, query));
    await Promise.all(groups.map((g) => g.ready));
    if (ticket !== latest) return;
    results.replaceChildren(...groups.map((g) => g.section));
    say(groups.length ? fill(words.found, { pages: pages.results.length, puzzles: puzzles.results.length })
      : fill(words.none, { q: query }));
  } catch (error) {
    if (ticket !== latest) return;
    results.replaceChildren();
    say(fill(words.failed, { why: error?.message || String(error) }));
  }
}

function remember(values) {
  const url = new URL(location.href);
  for (const [name, value] of Object.entries(values)) {
    if (value) url.searchParams.set(name, value); else url.searchParams.delete(name);
  }
  history.replaceState(history.state, '', url);
}

function run() {
  clearTimeout(timer);
  const query = input.value.trim();
  remember({ q: query, game: gameChoice.value });
  search(query, gameChoice.value);
}

form.hidden = false;
form.addEventListener('submit', (event) => { event.preventDefault(); run(); });
input.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(run, DELAY_MS); });
gameChoice.addEventListener('change', run);
input.addEventListener('focus', () => { engine().catch(() => {}); }, { once: true });
const given = new URLSearchParams(location.search);
if ([...gameChoice.options].some((option) => option.value === given.get('game'))) gameChoice.value = given.get('game');
if (given.get('q')) {
  input.value = given.get('q');
  run();
}
