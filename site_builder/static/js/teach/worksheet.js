/**
 * The printable worksheet (/<lang>/teach/worksheet/#<assignment code>, templates/teach-worksheet.html).
 *
 * Reads the assignment from the #fragment (core/assignment.js), the exercise catalog
 * (/<lang>/teach/catalog.json) and each item's puzzle page (worksheet-item.js), then fills the
 * sheet: a header with the teacher's title and instructions and lines for the student's name,
 * one block per item (number, title, task, the page's diagram, the quiz's choices, answer lines)
 * and the answer key (the page's proven solution). static/css/print.css lays it out on A4.
 *
 * Bad input never blanks the page: a bad or missing code says what is wrong; an item the site
 * no longer has, or whose page does not load, gets a line saying so in its place and the rest
 * prints. The teacher's title and instructions are only ever text (textContent).
 * #ws-sheet's data-state: loading → ready | error.
 */
import { decodeAssignment } from '../core/assignment.js';
import { codeErrorText } from '../core/code-words.js';
import { fill, lang, longDate } from '../core/i18n.js';
import { addSprites, readPuzzlePage } from './worksheet-item.js';
import { fetchCatalog } from './catalog.js';

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
const pageTitle = document.title;
const ANSWER_LINES = { moves: 3, other: 2 };
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

/** Each listed id's catalog entry and puzzle page, in order: {entry, page} or {error: text}. */
async function loadItems(ids, catalog) {
  const entries = new Map(catalog.items.map((entry) => [entry.id, entry]));
  return Promise.all(ids.map(async (id, i) => {
    const n = i + 1;
    const entry = entries.get(id);
    if (!entry) return { error: fill(words.missing, { n, id }) };
    try {
      return { entry, page: await readPuzzlePage(await fetchText(entry.url)) };
    } catch (error) {
      return { error: fill(words.unloaded, { n, id, why: why(error) }) };
    }
  }));
}

function answerLines(count) {
  const box = el('div', 'ws-answer');
  box.append(el('p', 'ws-answer-label', words.answer));
  for (let i = 0; i < count; i++) box.append(el('span', 'ws-line'));
  return box;
}

/** One item of the sheet: number and title, game · kind · level; the diagram beside the task, the quiz's choices and answer lines. */
function itemBlock(n, { entry, page }, catalog) {
  const { data } = page;
  const li = el('li', 'ws-item');
  li.dataset.id = entry.id;
  const heading = el('h2', 'ws-item-title');
  heading.append(el('span', 'ws-num', fill(words.item, { n })), ' ', data.title);
  const meta = [catalog.games[entry.game], catalog.kinds[entry.kind], catalog.levels[String(entry.difficulty)]];
  const work = el('div', 'ws-work');
  work.append(el('p', 'ws-task', data.goal));
  const quiz = data.quiz;
  if (quiz && quiz.prompt && quiz.prompt !== data.goal) work.append(el('p', 'ws-prompt', quiz.prompt));
  if (quiz && quiz.choices.length) {
    const choices = el('ol', 'ws-choices');
    choices.type = 'a';
    for (const choice of quiz.choices) choices.append(el('li', '', choice.label));
    work.append(el('p', 'ws-choose', words.choose), choices);
  }
  work.append(answerLines(data.line.length ? ANSWER_LINES.moves : ANSWER_LINES.other));
  addSprites(defs, page.sprites);
  const body = el('div', 'ws-body');
  body.append(document.importNode(page.figure, true), work);
  li.append(heading, el('p', 'ws-meta', meta.filter(Boolean).join(' · ')), body);
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
  const items = await loadItems(a.items, catalog);
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
