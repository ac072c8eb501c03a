/**
 * The Komayo piece style: kanji (the default) or Western letters, kept in localStorage so every
 * Komayo board of the site follows the reader's choice. StyleSetting is the labelled <select>
 * that changes it; every live board on the page is redrawn at once.
 */
import { lang } from '../../core/i18n.js';

const KEY = 'kradan.komayo.pieces';
const STYLES = ['kanji', 'letters'];
const LABELS = {
  th: { label: 'รูปแบบตัวหมาก', kanji: 'ตัวอักษรคันจิ (แบบญี่ปุ่น)', letters: 'ตัวอักษรละติน (แบบตะวันตก)' },
  en: { label: 'Piece style', kanji: 'Kanji (Japanese style)', letters: 'Western letters' },
};
const boards = new Set();
let count = 0;
let current = null; // the style in use, read from storage once

/** The reader's style: "kanji" (the default) or "letters". */
export function pieceStyle() {
  if (current === null) {
    let stored = null;
    try {
      stored = window.localStorage.getItem(KEY);
    } catch {
      // storage blocked: the default
    }
    current = STYLES.includes(stored) ? stored : 'kanji';
  }
  return current;
}

const FACE = /^#ko-[sg][A-Z]p?(-w)?$/; // a piece face of the sprite (site_builder/games/komayo/diagram.py)

/**
 * Show every Komayo piece under `root` in the reader's style: static diagrams, hands and live
 * squares alike (a live board asks sprite() again at its next redraw, with the same answer).
 */
export function showStyle(root = document) {
  const letters = pieceStyle() === 'letters';
  for (const use of root.querySelectorAll('use')) {
    const href = use.getAttribute('href');
    if (!href || !FACE.test(href)) continue;
    const base = href.replace(/-w$/, '');
    const wanted = letters ? `${base}-w` : base;
    if (wanted !== href) use.setAttribute('href', wanted);
  }
}

function store(style) {
  try {
    window.localStorage.setItem(KEY, style);
  } catch {
    // storage blocked: the choice lasts for this page only (the boards below still change)
  }
}

export class StyleSetting {
  #board;
  #box;

  constructor(panel, board) {
    this.#board = board;
    boards.add(board);
    const words = LABELS[lang];
    const id = `ko-style-${++count}`;
    this.#box = document.createElement('div');
    this.#box.className = 'kr-field ko-style';
    const label = document.createElement('label');
    label.htmlFor = id;
    label.textContent = words.label;
    const select = document.createElement('select');
    select.className = 'kr-select';
    select.id = id;
    for (const style of STYLES) {
      const option = document.createElement('option');
      option.value = style;
      option.textContent = words[style];
      select.append(option);
    }
    select.value = pieceStyle();
    select.addEventListener('change', () => {
      store(select.value);
      current = select.value;
      showStyle();
      for (const each of boards) each.interactive = each.interactive; // repaints with the new sprites
    });
    this.#box.append(label, select);
    panel.append(this.#box);
  }

  destroy() {
    boards.delete(this.#board);
    this.#box.remove();
  }
}
