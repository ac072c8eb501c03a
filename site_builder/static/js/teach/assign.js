/**
 * The assignment builder (/<lang>/teach/assign/, site_builder/teach/assign_page.py).
 *
 * It loads the exercise catalog (/<lang>/teach/catalog.json), lists it under four filters (game,
 * kind, level, tag) and a search over titles, tasks and ids; "Add" puts an exercise at the end of
 * the picked list (at most LIMITS.items), whose items move up and down or go away, each change
 * said in a polite live region. With the settings (title, instructions, language, due date, hints,
 * solution) that makes an assignment (core/assignment.js); every change re-encodes it and shows
 * the student's link, its QR code (qrcode-generator, self-hosted: site_builder/assets.py) and the
 * links to the gradebook and the worksheet. While a change is being encoded the share panel says so
 * (data-state="updating", aria-busy; the QR code is hidden), and copy, the QR downloads and the links
 * wait for the code of every setting on screen before they hand anything out. The builder's own URL keeps the code (#<code>, by
 * history.replaceState), so a reload or a shared builder link opens the same assignment; a bad
 * code there is explained and the page starts empty, leaving the address bar as it was until the
 * teacher changes something. Everything typed by a teacher is shown with textContent only.
 * The teacher's own exercises (teach/maker.js, proven by the engine) join the list like catalog
 * ones and travel in the code (`exercises`); one that would make the link too long is refused
 * before any link is made, saying how to fix it.
 */
import { CodeError, LIMITS, assignmentId, assignmentUrl, decodeAssignment, encodeAssignment, fragment } from '../core/assignment.js';
import { fill, lang } from '../core/i18n.js';
import qrcode from '../../vendor/qrcode-generator/qrcode.mjs';
import { fetchCatalog } from './catalog.js';
import { exerciseTitle, mountMaker, words as makerWords } from './maker.js';

const SVG = 'http://www.w3.org/2000/svg';
const QUIET_ZONE = 4; // modules of white around the code, as the QR standard asks
const PNG_MODULE = 10; // pixels per module in the downloaded PNG

const $ = (id) => document.getElementById(id);
const root = $('assign');
const S = JSON.parse($('assign-strings').textContent);
/**
 * @typedef {{game: HTMLSelectElement, kind: HTMLSelectElement, level: HTMLSelectElement, tag: HTMLSelectElement,
 *   search: HTMLInputElement, title: HTMLInputElement, instructions: HTMLTextAreaElement, lang: HTMLSelectElement,
 *   due: HTMLInputElement, hints: HTMLInputElement, solution: HTMLInputElement}} Fields
 */
const fields = /** @type {Fields} */ ({
  game: $('assign-game'), kind: $('assign-kind'), level: $('assign-level'), tag: $('assign-tag'),
  search: $('assign-search'), title: $('assign-title'), instructions: $('assign-instructions'),
  lang: $('assign-lang'), due: $('assign-due'), hints: $('assign-hints'), solution: $('assign-solution'),
});

let catalog = null; // the parsed catalog.json
let byId = new Map(); // id -> catalog item
let picked = []; // ids, in the assignment's order (ids no longer in the catalog stay, marked)
/** @type {import('../types/data.js').TeacherExercise[]} */
let exercises = []; // the teacher-made ones among them (teach/maker.js)
let generation = 0; // the latest refresh; older ones that finish late are dropped
let shown = null; // {a, code, url} of the link on screen
let latest = Promise.resolve(); // the newest refresh: once it ends, the link matches every setting on screen
let writtenHash = location.hash; // what the builder last put in its URL

function element(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
}

function show(node, text) {
  node.textContent = text;
  node.hidden = !text;
}

function announce(text) {
  $('assign-live').textContent = text;
}

// ---- the catalog and its filters ----------------------------------------------------------

function option(value, label) {
  return element('option', { value, textContent: label });
}

/** Refill a filter with `choices` ([value, label] or {group: [[value, label]]}), keeping its value if still offered. */
function refill(select, choices, groups = null) {
  const keep = select.value;
  select.replaceChildren(option('', select.options[0].textContent));
  if (groups) {
    for (const [label, list] of groups) {
      const group = element('optgroup', { label });
      group.append(...list.map(([value, name]) => option(value, name)));
      select.append(group);
    }
  } else {
    select.append(...choices.map(([value, label]) => option(value, label)));
  }
  select.value = [...select.options].some((o) => o.value === keep) ? keep : '';
}

/** Kinds, levels and tags offered: those of the chosen game's exercises (tags grouped by game when none is chosen). */
function refillFilters() {
  const game = fields.game.value;
  const items = catalog.items.filter((item) => !game || item.game === game);
  const used = (key) => new Set(items.map((item) => String(item[key])));
  const kinds = used('kind');
  const levels = used('difficulty');
  refill(fields.kind, Object.entries(catalog.kinds).filter(([id]) => kinds.has(id)));
  refill(fields.level, Object.entries(catalog.levels).filter(([n]) => levels.has(n)));
  const tagsOf = (gameId) => {
    const tags = new Set(catalog.items.filter((item) => item.game === gameId).flatMap((item) => item.tags));
    return Object.entries(catalog.tags).filter(([id]) => tags.has(id));
  };
  if (game) refill(fields.tag, tagsOf(game));
  else refill(fields.tag, null, Object.entries(catalog.games).map(([id, name]) => [name, tagsOf(id)]));
}

function matches(item, words) {
  const { game, kind, level, tag } = fields;
  if ((game.value && item.game !== game.value) || (kind.value && item.kind !== kind.value)) return false;
  if ((level.value && String(item.difficulty) !== level.value) || (tag.value && !item.tags.includes(tag.value))) return false;
  const text = `${item.title}\n${item.goal}\n${item.id}`.toLocaleLowerCase(lang);
  return words.every((word) => text.includes(word));
}

function meta(item) {
  return fill(S.meta, { game: catalog.games[item.game], kind: catalog.kinds[item.kind], level: catalog.levels[String(item.difficulty)] });
}

function describe(item) {
  const link = element('a', { href: item.url, textContent: item.title });
  return element('div', { className: 'assign-item' }, link, element('span', { className: 'teach-meta', textContent: meta(item) }));
}

function button(text, label, act) {
  const node = element('button', { type: 'button', className: 'teach-button', textContent: text });
  node.dataset.act = act;
  if (label) node.setAttribute('aria-label', label);
  return node;
}

function renderResults() {
  const words = fields.search.value.toLocaleLowerCase(lang).split(/\s+/).filter(Boolean);
  const found = catalog.items.filter((item) => matches(item, words));
  const list = $('assign-results');
  list.replaceChildren(...found.map((item) => {
    const row = element('li', {}, describe(item), button(S.add, '', 'add'));
    row.dataset.id = item.id;
    return row;
  }));
  $('assign-found').textContent = found.length ? fill(S.found, { n: found.length }) : S.none_found;
  markAdded();
}

/** The results' "Add" buttons: "Added" for picked exercises; none adds while the list is full. */
function markAdded() {
  const full = picked.length >= LIMITS.items;
  for (const row of /** @type {HTMLCollectionOf<HTMLElement>} */ ($('assign-results').children)) {
    const add = row.querySelector('[data-act="add"]');
    const isPicked = picked.includes(row.dataset.id);
    add.textContent = isPicked ? S.added : S.add;
    add.setAttribute('aria-label', fill(isPicked ? S.added_label : S.add_label, { title: byId.get(row.dataset.id).title }));
    add.setAttribute('aria-disabled', String(isPicked || full));
  }
}

// ---- the picked list ----------------------------------------------------------------------

/** @param {string} id */
const ownExercise = (id) => exercises.find((x) => x.id === id) ?? null;
const titleOf = (id) => byId.get(id)?.title ?? (ownExercise(id) ? exerciseTitle(/** @type {any} */ (ownExercise(id))) : fill(S.missing, { id }));

/** A teacher-made exercise in the list: its title and "your own exercise · game · kind" (no public page to link). */
function describeOwn(x) {
  const what = [makerWords.own, catalog.games[x.game] ?? x.game, catalog.kinds[x.kind] ?? x.kind].join(' · ');
  return element('div', { className: 'assign-item' }, element('strong', { textContent: exerciseTitle(x) }),
    element('span', { className: 'teach-meta', textContent: what }));
}

function renderPicked(focus = null) {
  const list = $('assign-picked');
  list.replaceChildren(...picked.map((id, i) => {
    const item = byId.get(id);
    const title = titleOf(id);
    const up = button(S.up, fill(S.up_label, { title }), 'up');
    const down = button(S.down, fill(S.down_label, { title }), 'down');
    up.setAttribute('aria-disabled', String(i === 0));
    down.setAttribute('aria-disabled', String(i === picked.length - 1));
    const tools = element('div', { className: 'assign-tools' }, up, down, button(S.remove, fill(S.remove_label, { title }), 'remove'));
    const own = ownExercise(id);
    const row = element('li', {}, item ? describe(item) : own ? describeOwn(own)
      : element('div', { className: 'assign-item teach-meta', textContent: title }), tools);
    row.dataset.id = id;
    return row;
  }));
  $('assign-picked-empty').hidden = picked.length > 0;
  $('assign-count').textContent = fill(S.picked_count, { n: picked.length, max: LIMITS.items });
  const missing = picked.filter((id) => !byId.has(id) && !ownExercise(id));
  show($('assign-missing'), missing.length ? fill(S.missing_note, { n: missing.length, ids: missing.join(', ') }) : '');
  if (focus) {
    const row = /** @type {HTMLElement[]} */ ([...list.children]).find((li) => li.dataset.id === focus.id);
    const target = /** @type {HTMLElement} */ (row?.querySelector(`[data-act="${focus.act}"][aria-disabled="false"]`) ??
      row?.querySelector('[aria-disabled="false"]') ?? $('assign-picked-title'));
    target.focus();
  }
  markAdded();
}

function add(id) {
  if (picked.includes(id)) return;
  if (picked.length >= LIMITS.items) {
    announce(fill(S.full, { max: LIMITS.items }));
    $('assign-found').textContent = fill(S.full, { max: LIMITS.items });
    return;
  }
  picked.push(id);
  renderPicked();
  announce(fill(S.added_live, { title: titleOf(id), n: picked.length }));
  changed();
}

function move(id, by) {
  const from = picked.indexOf(id);
  const to = from + by;
  if (to < 0 || to >= picked.length) return;
  [picked[from], picked[to]] = [picked[to], picked[from]];
  renderPicked({ id, act: by < 0 ? 'up' : 'down' });
  announce(fill(S.moved, { title: titleOf(id), n: to + 1, total: picked.length }));
  changed();
}

function remove(id) {
  const at = picked.indexOf(id);
  picked.splice(at, 1);
  exercises = exercises.filter((x) => x.id !== id);
  const next = picked[Math.min(at, picked.length - 1)];
  renderPicked(next ? { id: next, act: 'remove' } : { id: '', act: '' });
  announce(fill(S.removed_live, { title: titleOf(id), total: picked.length }));
  changed();
}

// ---- the assignment, its link and its QR code ---------------------------------------------

/** @returns {import('../types/data.js').Assignment} the settings on screen (lang: the select offers th and en only) */
function current() {
  return {
    title: fields.title.value, instructions: fields.instructions.value, lang: /** @type {'th' | 'en'} */ (fields.lang.value),
    due: fields.due.value || null, hints: fields.hints.checked, solution: fields.solution.checked, items: [...picked],
    ...(exercises.length ? { exercises: exercises.filter((x) => picked.includes(x.id)) } : {}),
  };
}

/**
 * Put the teacher-made exercise `x` (proven by teach/maker.js) at the end of the list: null when
 * added, else the words saying why not (the list is full, it is there already, or the link would
 * be too long: checked before any link is made).
 * @param {import('../types/data.js').TeacherExercise} x
 */
async function addOwn(x) {
  if (picked.includes(x.id)) return S.own_already;
  if (picked.length >= LIMITS.items) return fill(S.full, { max: LIMITS.items });
  const a = current();
  try {
    await encodeAssignment({ ...a, items: [...a.items, x.id], exercises: [...(a.exercises ?? []), x] });
  } catch (err) {
    if (!(err instanceof CodeError)) throw err;
    if (err.code === 'TOO_LONG') return fill(S.too_long, err.detail);
    // other settings are wrong (the title, …): the share panel says so once added
  }
  exercises.push(x);
  picked.push(x.id);
  renderPicked();
  announce(fill(S.added_live, { title: titleOf(x.id), n: picked.length }));
  changed();
  return null;
}

function writeHash(code) {
  const hash = code ? `#${code}` : '';
  if (hash === location.hash) return;
  history.replaceState(history.state, '', `${location.pathname}${location.search}${hash}`);
  writtenHash = location.hash;
}

function changed() {
  latest = refresh(true);
}

/**
 * The share panel's state: "updating" while a change is encoded, then "ready" (the link is that of
 * every setting on screen), "invalid" (the settings make no code) or "empty" (nothing picked).
 * @param {'updating' | 'ready' | 'invalid' | 'empty'} state
 */
function setShareState(state) {
  const share = $('assign-share');
  share.dataset.state = state;
  share.setAttribute('aria-busy', String(state === 'updating'));
}

/** Resolves once the newest refresh has ended, however many changes came while waiting. */
async function settled() {
  for (let seen = null; seen !== latest;) {
    seen = latest;
    await seen.catch(() => {});
  }
}

/** Re-encode the assignment; show its link, QR code and pages; keep its code in this page's URL (`save`). */
async function refresh(save) {
  const mine = ++generation;
  const a = current();
  setShareState('updating');
  $('assign-invalid').hidden = true;
  if (!a.items.length) {
    shown = null;
    setShareState('empty');
    $('assign-share').hidden = true;
    $('assign-share-empty').hidden = false;
    if (save) writeHash('');
    return;
  }
  let code;
  try {
    code = await encodeAssignment(a);
  } catch (err) {
    if (!(err instanceof CodeError)) throw err;
    if (mine !== generation) return;
    shown = null;
    setShareState('invalid');
    $('assign-share').hidden = true;
    show($('assign-invalid'), err.code === 'TOO_LONG' ? fill(S.too_long, err.detail) : S.invalid);
    return;
  }
  if (mine !== generation) return;
  if (save) writeHash(code);
  const url = assignmentUrl(a, code, 'student');
  if (shown?.url === url) {
    setShareState('ready');
    return;
  }
  shown = { a, code, url };
  $('assign-share-empty').hidden = true;
  $('assign-share').hidden = false;
  /** @type {HTMLInputElement} */ ($('assign-link')).value = url;
  $('assign-copy-status').textContent = '';
  /** @type {HTMLAnchorElement} */ ($('assign-open')).href = url;
  /** @type {HTMLAnchorElement} */ ($('assign-gradebook')).href = assignmentUrl(a, code, 'gradebook');
  /** @type {HTMLAnchorElement} */ ($('assign-worksheet')).href = assignmentUrl(a, code, 'worksheet');
  drawQr(url);
  setShareState('ready');
}

/** The QR code of `text` (error correction M), or null when it does not fit in the largest QR code. */
function qrOf(text) {
  try {
    const qr = qrcode(0, 'M');
    qr.addData(text, 'Byte');
    qr.make();
    return qr;
  } catch {
    return null;
  }
}

function qrSvg(qr) {
  const n = qr.getModuleCount();
  const size = n + 2 * QUIET_ZONE;
  const svg = document.createElementNS(SVG, 'svg');
  const attrs = { viewBox: `0 0 ${size} ${size}`, role: 'img', 'aria-label': S.qr_label, class: 'assign-qr',
    'shape-rendering': 'crispEdges', width: String(size * 4), height: String(size * 4) };
  for (const [name, value] of Object.entries(attrs)) svg.setAttribute(name, value);
  const light = document.createElementNS(SVG, 'rect');
  for (const [name, value] of Object.entries({ width: size, height: size, fill: '#fff' })) light.setAttribute(name, value);
  let d = '';
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      if (qr.isDark(row, col)) d += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  const dark = document.createElementNS(SVG, 'path');
  dark.setAttribute('d', d);
  dark.setAttribute('fill', '#000');
  svg.append(light, dark);
  return svg;
}

function drawQr(url) {
  const qr = qrOf(url);
  $('assign-qr').replaceChildren(...(qr ? [qrSvg(qr)] : []));
  show($('assign-qr-error'), qr ? '' : fill(S.qr_too_long, { n: url.length }));
  $('assign-qr-note').hidden = !qr;
  $('assign-downloads').hidden = !qr;
}

function download(blob, extension) {
  const link = element('a', { href: URL.createObjectURL(blob), download: `kradan-${assignmentId(shown.a)}-qr.${extension}` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

async function downloadSvg() {
  await settled();
  if (!shown) return;
  const svg = /** @type {SVGSVGElement} */ ($('assign-qr').querySelector('svg').cloneNode(true));
  svg.setAttribute('xmlns', SVG);
  download(new Blob([new XMLSerializer().serializeToString(svg)], { type: 'image/svg+xml' }), 'svg');
}

async function downloadPng() {
  await settled();
  if (!shown) return;
  const qr = qrOf(shown.url);
  const size = (qr.getModuleCount() + 2 * QUIET_ZONE) * PNG_MODULE;
  const canvas = element('canvas', { width: size, height: size });
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, size, size);
  context.fillStyle = '#000';
  for (let row = 0; row < qr.getModuleCount(); row++) {
    for (let col = 0; col < qr.getModuleCount(); col++) {
      if (qr.isDark(row, col)) context.fillRect((col + QUIET_ZONE) * PNG_MODULE, (row + QUIET_ZONE) * PNG_MODULE, PNG_MODULE, PNG_MODULE);
    }
  }
  canvas.toBlob((blob) => download(blob, 'png'), 'image/png');
}

async function copyLink() {
  const status = $('assign-copy-status');
  await settled();
  if (!shown) return;
  try {
    await navigator.clipboard.writeText(shown.url);
    status.textContent = S.copied;
  } catch {
    /** @type {HTMLInputElement} */ ($('assign-link')).select();
    status.textContent = S.copy_failed;
  }
}

// ---- opening a code from the URL ----------------------------------------------------------

function hashProblem(err) {
  switch (err.code) {
    case 'BAD_VERSION': return fill(err.detail.older ? S.hash_older : S.hash_newer, { version: `KA${err.detail.version}` });
    case 'WRONG_KIND': return fill(S.hash_kind, { tag: err.detail.tag });
    case 'NO_DEFLATE': return S.hash_deflate;
    case 'TOO_MANY_ITEMS': return fill(S.hash_too_many, err.detail);
    default: return S.hash_bad;
  }
}

/** Open the assignment in this page's URL (if any); a bad one is explained and the builder starts empty. */
async function openHash() {
  show($('assign-error'), '');
  const code = fragment(location.hash);
  if (!code) return true;
  try {
    const a = await decodeAssignment(code);
    fields.title.value = a.title;
    fields.instructions.value = a.instructions;
    fields.lang.value = a.lang;
    fields.due.value = a.due ?? '';
    fields.hints.checked = a.hints;
    fields.solution.checked = a.solution;
    picked = [...a.items];
    exercises = [...(a.exercises ?? [])];
    return true;
  } catch (err) {
    if (!(err instanceof CodeError)) throw err;
    picked = [];
    exercises = [];
    show($('assign-error'), fill(S.bad_hash, { why: hashProblem(err) }));
    return false;
  }
}

/**
 * A click on the student, gradebook or worksheet link while a change is being encoded follows the
 * link once it carries the new code (in a new tab for a modified click), never the older one.
 * @param {MouseEvent} event
 */
function followWhenSettled(event) {
  if ($('assign-share').dataset.state !== 'updating') return;
  event.preventDefault();
  const link = /** @type {HTMLAnchorElement} */ (event.currentTarget);
  const newTab = event.ctrlKey || event.metaKey || event.shiftKey;
  settled().then(() => {
    if (!shown) return;
    if (newTab) window.open(link.href, '_blank', 'noopener');
    else location.assign(link.href);
  });
}

async function reopen() {
  const ok = await openHash();
  renderPicked();
  latest = refresh(ok);
}

// ---- start --------------------------------------------------------------------------------

async function start() {
  $('assign-loading').hidden = false;
  try {
    catalog = await fetchCatalog(root.dataset.catalog);
  } catch (err) {
    $('assign-loading').hidden = true;
    show($('assign-error'), fill(S.catalog_failed, { why: err.message }));
    return;
  }
  $('assign-loading').hidden = true;
  byId = new Map(catalog.items.map((item) => [item.id, item]));
  fields.game.append(...Object.entries(catalog.games).map(([id, name]) => option(id, name)));
  fields.title.maxLength = LIMITS.title;
  fields.instructions.maxLength = LIMITS.instructions;
  refillFilters();
  renderResults();

  fields.game.addEventListener('change', () => { refillFilters(); renderResults(); });
  for (const name of ['kind', 'level', 'tag']) fields[name].addEventListener('change', renderResults);
  fields.search.addEventListener('input', renderResults);
  for (const name of ['title', 'instructions', 'lang', 'due', 'hints', 'solution']) {
    fields[name].addEventListener(fields[name].type === 'checkbox' || name === 'lang' ? 'change' : 'input', changed);
  }
  $('assign-results').addEventListener('click', (event) => {
    const target = /** @type {Element} */ (event.target).closest('[data-act="add"]');
    if (target) add(target.closest('li').dataset.id);
  });
  $('assign-picked').addEventListener('click', (event) => {
    const target = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest('[data-act]'));
    if (!target || target.getAttribute('aria-disabled') === 'true') return;
    const id = target.closest('li').dataset.id;
    if (target.dataset.act === 'remove') remove(id);
    else move(id, target.dataset.act === 'up' ? -1 : 1);
  });
  $('assign-copy').addEventListener('click', copyLink);
  $('assign-svg').addEventListener('click', downloadSvg);
  $('assign-png').addEventListener('click', downloadPng);
  for (const id of ['assign-open', 'assign-gradebook', 'assign-worksheet']) $(id).addEventListener('click', followWhenSettled);
  window.addEventListener('hashchange', () => {
    if (location.hash !== writtenHash) reopen();
  });
  await reopen();
  root.hidden = false;
  await mountMaker($('maker'), { catalog, onAdd: addOwn });
}

start();
