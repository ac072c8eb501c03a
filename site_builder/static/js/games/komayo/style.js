/**
 * The Komayo piece style: Thai letters (the default on Thai pages), kanji (the default on English
 * pages) or Western letters, kept in localStorage so every Komayo board of the site follows the
 * reader's choice. StyleSetting is the labelled <select> that changes it; every live board on the
 * page is redrawn at once. The sprite ids end in the style's suffix (site_builder/games/komayo/diagram.py).
 */
import { lang } from '../../core/i18n.js';

const KEY = 'kradan.komayo.pieces';
/** @type {Record<string, string>} the sprite id suffix of each style */
const SUFFIX = { thai: '-t', kanji: '', letters: '-w' };
const STYLES = Object.keys(SUFFIX);
const DEFAULT = lang === 'th' ? 'thai' : 'kanji'; // as the page was built (diagram.py DEFAULT_STYLE)
const LABELS = {
  th: {
    label: 'รูปแบบตัวหมาก', thai: 'อักษรไทย', kanji: 'ตัวอักษรคันจิ (แบบญี่ปุ่น)', letters: 'ตัวอักษรละติน (แบบตะวันตก)',
  },
  en: { label: 'Piece style', thai: 'Thai letters', kanji: 'Kanji (Japanese style)', letters: 'Western letters' },
};
/** @type {Set<() => void>} how to repaint every live Komayo board of the page (follow()), called on a change */
const boards = new Set();
let settings = 0; // the settings on the page now
let count = 0;
let current = null; // the style in use, read from storage once

/** The reader's style: "thai", "kanji" or "letters" (the page language's default until the reader chooses). */
export function pieceStyle() {
  if (current === null) {
    let stored = null;
    try {
      stored = window.localStorage.getItem(KEY);
    } catch {
      // storage blocked: the default
    }
    current = stored !== null && STYLES.includes(stored) ? stored : DEFAULT;
  }
  return current;
}

/** The sprite id suffix of the reader's style ("-t", "" or "-w"). */
export const styleSuffix = () => SUFFIX[pieceStyle()];

const FACE = /^#ko-([sg])([A-Z]p?)(-[tw])?$/; // a piece face of the sprite (site_builder/games/komayo/diagram.py)

/**
 * Show every Komayo piece under `root` in the reader's style: static diagrams, hands and live
 * squares alike (a live board asks sprite() again at its next redraw, with the same answer); not
 * the piece legend of a lesson, which shows the three styles side by side.
 */
export function showStyle(root = document) {
  const suffix = styleSuffix();
  const other = { s: 'g', g: 's' };
  for (const use of root.querySelectorAll('use')) {
    const face = FACE.exec(use.getAttribute('href') ?? '');
    if (!face || use.closest('.ko-legend')) continue; // the legend shows every style
    // on a board seen from Gote's side a Thai face is the other side's (never upside down)
    const flipped = Boolean(use.closest('[data-orientation="gote"]'));
    const own = flipped && face[3] === '-t' ? other[face[1]] : face[1];
    const side = flipped && suffix === '-t' ? other[own] : own;
    const wanted = `#ko-${side}${face[2]}${suffix}`;
    if (wanted !== face[0]) use.setAttribute('href', wanted);
  }
}

/**
 * Call `repaint` whenever the reader changes the style (a live board draws its pieces again);
 * returns the function that stops it.
 * @param {() => void} repaint
 */
export function follow(repaint) {
  boards.add(repaint);
  return () => boards.delete(repaint);
}

function store(style) {
  try {
    window.localStorage.setItem(KEY, style);
  } catch {
    // storage blocked: the choice lasts for this page only (the boards below still change)
  }
}

export class StyleSetting {
  #box;

  /** Whether a setting is on the page already (one is enough: it changes every board). */
  static shown() {
    return settings > 0;
  }

  /** @param {HTMLElement} panel where the setting goes */
  constructor(panel) {
    settings += 1;
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
      for (const repaint of boards) repaint();
    });
    this.#box.append(label, select);
    panel.append(this.#box);
  }

  destroy() {
    settings -= 1;
    this.#box.remove();
  }
}
