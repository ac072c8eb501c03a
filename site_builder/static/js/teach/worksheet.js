/**
 * The printable worksheet (/<lang>/teach/worksheet/#<assignment code>, templates/teach-worksheet.html).
 *
 * Reads the assignment from the #fragment (core/assignment.js), the exercise catalog
 * (/<lang>/teach/catalog.json) and each item's puzzle page (worksheet-item.js), or for a
 * teacher-made exercise the exercise itself (worksheet-teacher.js: its board drawn, its answer
 * said by the engine), then fills the sheet: a header with the teacher's title and instructions
 * and lines for the student's name, one block per item (number and title, the board seen from
 * the side to move with its coordinates beside it, the task under it, the quiz's choices, answer
 * lines) and the answer key (the proven solution). static/css/print.css lays it out on A4 or
 * Letter: two columns of items, no item split across pages, the key after them in two columns.
 *
 * Bad input never blanks the page: a bad or missing code says what is wrong; an item the site
 * no longer has, or whose page does not load, gets a line saying so in its place and the rest
 * prints. The teacher's title and instructions are only ever text (textContent).
 * #ws-sheet's data-state: loading → ready | error.
 */
import { decodeAssignment } from '../core/assignment.js';
import { codeErrorText } from '../core/code-words.js';
import { engine } from '../core/engine-client.js';
import { fill, lang, longDate } from '../core/i18n.js';
import { withCoordinates } from '../boards/diagram.js';
import { sizeOf } from '../boards/grid.js';
import { loadTeacherGame } from '../games/index.js';
import { addSprites, readPuzzlePage } from './worksheet-item.js';
import { teacherItem } from './worksheet-teacher.js';
import { fetchCatalog, itemEntry } from './catalog.js';

const sheet = document.getElementById('ws-sheet');
const words = sheet.dataset; // the page's words (data-ready, data-missing, ...), data-catalog, data-assign
const status = document.getElementById('ws-status');
const printButton = /** @type {HTMLButtonElement} */ (document.getElementById('ws-print'));
const editLink = /** @type {HTMLAnchorElement} */ (document.getElementById('ws-edit'));
const langNote = document.getElementById('ws-lang-note');
const title = document.getElementById('ws-title');
const instructions = document.getElementById('ws-instructions');
const due = document.getElementById('ws-due');
const itemList = document.getElementById('ws-items');
const key = document.getElementById('ws-key');
const keyList = document.getElementById('ws-key-items');
const defs = document.querySelector('#ws-sprites > defs');
const kindWords = JSON.parse(document.getElementById('ws-kind-words').textContent); // kind -> its words (a Dummy table's)
const pageTitle = document.title;
const ANSWER_LINES = { moves: 2, choices: 0, other: 1 };
let latest = 0; // the newest show(): an older one (the hash changed while it loaded) stops

/** An element with a class and text (always text: nothing typed by anyone becomes HTML). */
function el(tag, className, text = '') {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.textContent = text;
  return node;
}

const why = (error) => (error instanceof Error ? error.message : String(error));

async function fetchText(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.text();
}

function reset() {
  sheet.dataset.state = 'loading';
  status.textContent = words.loading;
  printButton.disabled = true;
  langNote.hidden = true;
  key.hidden = true;
  itemList.replaceChildren();
  keyList.replaceChildren();
  title.textContent = words.title;
  instructions.hidden = true;
  due.hidden = true;
  document.title = pageTitle;
}

function stop(message) {
  sheet.dataset.state = 'error';
  status.textContent = message;
}

/** The header: the teacher's title, instructions and due date; links to the assignment's other language and its builder. */
function fillHeader(a, code) {
  title.textContent = a.title;
  document.title = `${a.title} · ${pageTitle}`;
  instructions.textContent = a.instructions;
  instructions.hidden = !a.instructions;
  if (a.due) {
    const date = longDate(a.due);
    due.textContent = fill(words.due, { date });
    due.hidden = false;
  }
  editLink.href = `/${lang}/teach/assign/#${code}`;
  editLink.textContent = words.edit;
  if (a.lang !== lang) {
    const link = el('a', '', a.title);
    link.href = `/${a.lang}/teach/worksheet/#${code}`;
    link.hreflang = a.lang;
    langNote.replaceChildren(`${fill(words.langNote, { lang: a.lang === 'th' ? words.langNameTh : words.langNameEn })} `, link);
    langNote.hidden = false;
  }
}

/**
 * Each item of `a`, in order: {entry, page} (page: worksheet-item.js's, or for a teacher-made
 * exercise worksheet-teacher.js's) or {error: text}.
 */
async function loadItems(a, catalog) {
  const pages = new Map(); // url -> the puzzle page read (once, even when two items need it)
  const readPage = (url) => {
    if (!pages.has(url)) pages.set(url, fetchText(url).then(readPuzzlePage));
    return pages.get(url);
  };
  const spritesOf = async (game) => {
    const sample = catalog.items.find((entry) => entry.game === game);
    return sample ? (await readPage(sample.url)).sprites : [];
  };
  return Promise.all(a.items.map(async (id, i) => {
    const n = i + 1;
    const entry = itemEntry(a, id, catalog);
    if (!entry) return { error: fill(words.missing, { n, id }) };
    try {
      const game = await loadTeacherGame(entry.game);
      const page = entry.exercise
        ? await teacherItem(entry.exercise, { lang, game, engine, sprites: () => spritesOf(entry.game),
          kindWords: kindWords[entry.kind] ?? {}, seat: (pid) => fill(words.seat, { n: pid.replace(/^\D+/, '') }) })
        : await readPage(entry.url);
      return { entry, page: { ...page, figure: page.figure && printableFigure(page.figure, game) } };
    } catch (error) {
      return { error: fill(words.unloaded, { n, id, why: why(error) }) };
    }
  }));
}

/**
 * A copy of `figure` for this sheet: a build's board diagram gets its coordinates beside the
 * squares (boards/diagram.js; the frames' own small ones go: useSprites); the caption
 * (the side to move) goes: the task under the board says it.
 */
function printableFigure(figure, game) {
  const copy = /** @type {HTMLElement} */ (document.importNode(figure, true));
  copy.querySelector(':scope > figcaption')?.remove();
  const svg = /** @type {SVGSVGElement | null} */ (copy.querySelector('svg.kr-diagram:not(.kr-print-board)'));
  if (svg) withCoordinates(svg, (copy.dataset.orientation || game.sides[0]) === game.sides[0], sizeOf(copy));
  return copy;
}

function answerLines(count) {
  const box = el('div', 'ws-answer');
  box.append(el('p', 'ws-answer-label', words.answer));
  for (let i = 0; i < count; i++) box.append(el('span', 'ws-line'));
  return box;
}

/**
 * The page's copy of a puzzle page's sprite symbols (addSprites), less the small coordinates
 * inside the build's board frames: the sheet draws them beside each board.
 */
function useSprites(sprites) {
  addSprites(defs, sprites);
  for (const coords of defs.querySelectorAll('.kr-coords')) coords.remove();
}

/**
 * One item of the sheet: number and title, game · kind · level (or "made by the teacher"); the
 * board (or the table), the task under it, the quiz's choices, answer lines.
 */
function itemBlock(n, { entry, page }, catalog) {
  const { data } = page;
  const li = el('li', 'ws-item');
  li.dataset.id = entry.id;
  const heading = el('h2', 'ws-item-title');
  heading.append(el('span', 'ws-num', fill(words.item, { n })), ' ', data.title);
  const level = entry.exercise ? words.teacherMade : catalog.levels[String(entry.difficulty)];
  const meta = [catalog.games[entry.game], catalog.kinds[entry.kind], level];
  li.append(heading, el('p', 'ws-meta', meta.filter(Boolean).join(' · ')));
  if (page.figure) {
    useSprites(page.sprites);
    li.append(page.figure);
  }
  li.append(el('p', 'ws-task', data.goal));
  const quiz = data.quiz;
  if (quiz && quiz.prompt && quiz.prompt !== data.goal) li.append(el('p', 'ws-prompt', quiz.prompt));
  const choices = quiz?.choices ?? [];
  if (choices.length) {
    const list = el('ol', 'ws-choices');
    list.type = 'a';
    for (const choice of choices) list.append(el('li', '', choice.label));
    li.append(el('p', 'ws-choose', words.choose), list);
  }
  const lines = choices.length ? ANSWER_LINES.choices : data.line.length ? ANSWER_LINES.moves : ANSWER_LINES.other;
  if (lines) li.append(answerLines(lines));
  return li;
}

/** One item of the answer key: the proven line in notation, then the solution in words. */
function keyBlock(n, { page }) {
  const { data } = page;
  const li = el('li', 'ws-key-item');
  const heading = el('h3', 'ws-key-item-title');
  heading.append(el('span', 'ws-num', fill(words.item, { n })), ' ', data.title);
  li.append(heading);
  if (data.line.length) {
    const line = el('p', 'ws-key-line');
    const moves = el('span', 'ws-notation', data.line.join(' '));
    moves.translate = false;
    line.append(el('span', 'ws-key-label', `${words.keyLine}: `), moves);
    li.append(line);
  }
  const solution = el('ol', 'ws-key-words');
  for (const text of page.solution) solution.append(el('li', '', text));
  li.append(solution);
  return li;
}

async function show() {
  const run = ++latest;
  const current = () => run === latest;
  reset();
  const code = location.hash.slice(1).trim();
  if (!code) return stop(words.noCode);
  let a;
  try {
    a = await decodeAssignment(code);
  } catch (error) {
    if (current()) stop(codeErrorText(error, 'assignment'));
    return;
  }
  if (!current()) return;
  fillHeader(a, code);
  let catalog;
  try {
    catalog = await fetchCatalog(words.catalog);
  } catch (error) {
    if (current()) stop(fill(words.catalogFailed, { why: why(error) }));
    return;
  }
  const items = await loadItems(a, catalog);
  if (!current()) return;
  items.forEach((item, i) => {
    if (item.error) {
      const gone = el('li', 'ws-item ws-gone');
      gone.append(el('p', 'ws-gone-text', item.error));
      itemList.append(gone);
      return;
    }
    itemList.append(itemBlock(i + 1, item, catalog));
    keyList.append(keyBlock(i + 1, item));
  });
  const missing = items.filter((item) => item.error).length;
  key.hidden = missing === items.length;
  status.textContent = missing ? fill(words.partly, { missing }) : fill(words.ready, { n: items.length });
  printButton.disabled = false;
  sheet.dataset.state = 'ready';
}

printButton.addEventListener('click', () => window.print());
window.addEventListener('hashchange', show);
show();
