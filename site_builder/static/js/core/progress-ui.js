/**
 * The "My progress" panel (index page, section#kr-progress), the words for progress notices,
 * and the result badge the puzzle list and the puzzle page share (resultBadge: the same words
 * and mark in both places). Export: a JSON file or a short code; import: a file or a pasted
 * code, merged into what is saved (never a wipe); bad input, or an import the browser cannot
 * save, changes nothing and says why.
 */
import { t, lang, fill } from './i18n.js';
import * as progress from './progress.js';

/** This module's own words (the rest come from core/i18n.js). */
const WORDS = {
  th: {
    solved: '✓ ทำได้แล้ว',
    retried: '↺ ทำได้หลังพลาด',
    failed: '✗ ยังทำไม่ได้',
    summary: 'ทำได้ {solved} · ทำได้หลังพลาด {retried} · ยังทำไม่ได้ {failed} · ยังไม่ได้ทำ {todo} (จากทั้งหมด {total} โจทย์)',
    full: 'บันทึกผลล่าสุดไม่ได้ เพราะพื้นที่เก็บข้อมูลของเบราว์เซอร์เต็ม ผลนี้อยู่แค่ในหน้านี้ '
      + 'ส่งออกความคืบหน้าเป็นไฟล์หรือรหัสไว้ก่อน แล้วลบข้อมูลเว็บที่ไม่ใช้ในเบราว์เซอร์',
    importFull: 'นำเข้าไม่สำเร็จ: พื้นที่เก็บข้อมูลของเบราว์เซอร์เต็ม จึงไม่ได้บันทึกอะไรเลย ความคืบหน้าเดิมยังอยู่ครบ',
    corruptHere: 'ข้อมูลความคืบหน้าที่บันทึกไว้เสียหาย และคัดลอกเก็บไว้ที่อื่นไม่ได้เพราะพื้นที่เต็ม '
      + 'จึงปล่อยข้อมูลเดิมไว้ที่ "{key}" โดยไม่เขียนทับ ผลใหม่จะอยู่แค่ในหน้านี้',
  },
  en: {
    solved: '✓ Solved',
    retried: '↺ Solved after a mistake',
    failed: '✗ Not solved yet',
    summary: 'Solved {solved} · solved after a mistake {retried} · not solved yet {failed} · not tried {todo} '
      + '(of {total} puzzles)',
    full: 'The latest result could not be saved: the browser\'s storage is full. It stays on this page only. '
      + 'Export your progress as a file or a code first, then clear site data you no longer need.',
    importFull: 'Nothing was imported: the browser\'s storage is full, so nothing could be saved. '
      + 'Your progress is as it was.',
    corruptHere: 'The saved progress is damaged and could not be copied elsewhere (storage is full), so it is '
      + 'left untouched under "{key}". New results stay on this page only.',
  },
};

/** @import { Progress } from '../types/data.js' */
/** @import { Notice } from './progress.js' */

/**
 * This module's word `key` with {names} filled in.
 * @param {string} key
 * @param {Record<string, unknown>} [vars]
 */
export function word(key, vars = {}) {
  return fill(WORDS[lang][key], vars);
}

/**
 * A result badge (span.kr-badge[data-state]) for a saved state, appended to `parent`.
 * @param {HTMLElement} parent
 * @param {string} state
 */
export function resultBadge(parent, state) {
  const badge = add(parent, 'span', 'kr-badge', word(state));
  badge.dataset.state = state;
  return badge;
}

/**
 * Create an element with a class and text, appended to `parent`.
 * @template {string} K
 * @param {Element} parent
 * @param {K} tag
 * @returns {K extends keyof HTMLElementTagNameMap ? HTMLElementTagNameMap[K] : HTMLElement}
 */
export function add(parent, tag, className = '', text = '') {
  const el = /** @type {any} */ (document.createElement(tag)); // the element of `tag`, as @returns says
  if (className) el.className = className;
  if (text) el.textContent = text;
  parent.append(el);
  return el;
}

/**
 * The words for a storage notice from progress.notice(), or "".
 * @param {Notice | null} notice
 */
export function noticeText(notice) {
  if (!notice) return '';
  if (notice.code === 'corrupt' && notice.key === progress.KEY) return word('corruptHere', { key: notice.key });
  if (notice.code === 'corrupt') return t('prCorrupt', { key: notice.key, kept: notice.kept });
  if (notice.code === 'full') return word('full');
  if (notice.code === 'unavailable') return t('prUnavailable');
  return '';
}

/** The words for a ProgressError (or any other failure of an import). */
export function importErrorText(err) {
  switch (err?.code) {
    case 'BAD_VERSION': return t('prBadVersion', { version: err.detail.version });
    case 'BAD_CHECKSUM': return t('prBadChecksum');
    case 'BAD_FILE': return t('prBadFile');
    case 'NO_DEFLATE': return t('prNoDeflate');
    default: return t('prBadCode');
  }
}

/**
 * Counts of `ids` (all puzzles on the page) by saved state.
 * @param {string[]} ids
 * @param {Progress} [saved]
 */
export function tally(ids, saved = progress.read()) {
  const out = { solved: 0, retried: 0, failed: 0, todo: 0, total: ids.length };
  for (const id of ids) {
    const state = saved.puzzles[id]?.state;
    if (progress.STATES.includes(state)) out[state] += 1;
    else out.todo += 1;
  }
  return out;
}

/**
 * Fill `section` (section#kr-progress) with the summary, export and import controls.
 * `ids` = the puzzles of the page (for the summary). Returns {refresh()}.
 * @param {HTMLElement} section
 * @param {string[]} ids
 */
export function buildPanel(section, ids) {
  section.classList.add('kr-progress');
  section.setAttribute('aria-labelledby', 'kr-progress-heading');
  const heading = add(section, 'h2', 'kr-progress-heading', t('prHeading'));
  heading.id = 'kr-progress-heading';
  const summary = add(section, 'p', 'kr-progress-summary');
  const notice = add(section, 'p', 'kr-progress-notice');
  notice.setAttribute('role', 'alert');
  add(section, 'p', 'kr-progress-local', t('prLocal'));

  const exportBar = add(section, 'div', 'kr-controls');
  const fileButton = add(exportBar, 'button', 'kr-btn', t('prExportFile'));
  fileButton.type = 'button';
  fileButton.dataset.action = 'export-file';
  const codeButton = add(exportBar, 'button', 'kr-btn', t('prExportCode'));
  codeButton.type = 'button';
  codeButton.dataset.action = 'export-code';

  const codeBox = add(section, 'div', 'kr-progress-code');
  codeBox.hidden = true;
  const codeLabel = add(codeBox, 'label', '', t('prCodeLabel'));
  codeLabel.htmlFor = 'kr-progress-code-out';
  const codeOut = add(codeBox, 'textarea', 'kr-code');
  Object.assign(codeOut, { id: 'kr-progress-code-out', readOnly: true, rows: 3, spellcheck: false });
  const copyBar = add(codeBox, 'div', 'kr-controls');
  const copyButton = add(copyBar, 'button', 'kr-btn', t('prCopy'));
  copyButton.type = 'button';
  copyButton.dataset.action = 'copy-code';

  add(section, 'h3', 'kr-progress-import-heading', t('prImportHeading'));
  const fileLabel = add(section, 'label', 'kr-btn kr-file-btn', t('prImportFile'));
  const fileInput = add(fileLabel, 'input', 'kr-file-input');
  Object.assign(fileInput, { type: 'file', accept: '.json,.txt,application/json,text/plain' });
  fileInput.dataset.action = 'import-file';

  const form = add(section, 'form', 'kr-progress-import');
  const pasteLabel = add(form, 'label', '', t('prPasteLabel'));
  pasteLabel.htmlFor = 'kr-progress-code-in';
  const codeIn = add(form, 'textarea', 'kr-code');
  Object.assign(codeIn, { id: 'kr-progress-code-in', rows: 3, spellcheck: false, autocomplete: 'off' });
  codeIn.setAttribute('autocapitalize', 'off');
  const importBar = add(form, 'div', 'kr-controls');
  const importButton = add(importBar, 'button', 'kr-btn', t('prImportCode'));
  importButton.type = 'submit';
  importButton.dataset.action = 'import-code';

  const message = add(section, 'p', 'kr-progress-message');
  message.setAttribute('role', 'status');

  const tell = (text, tone = 'info') => {
    message.textContent = text;
    message.dataset.tone = tone;
  };

  const refresh = () => {
    const saved = progress.read();
    summary.textContent = word('summary', tally(ids, saved));
    notice.textContent = noticeText(progress.notice());
    notice.hidden = !notice.textContent;
  };

  const importWith = async (parse) => {
    let incoming;
    try {
      incoming = await parse();
    } catch (err) {
      tell(importErrorText(err), 'bad');
      return;
    }
    const { added, updated, saved } = progress.merge(incoming);
    if (saved) tell(t('prImported', { added, updated }), 'good');
    else tell(word('importFull'), 'bad');
    refresh();
  };

  fileButton.addEventListener('click', () => {
    const name = progress.exportName();
    const url = URL.createObjectURL(new Blob([progress.exportText()], { type: 'application/json' }));
    const link = add(section, 'a', 'kr-hidden-link');
    Object.assign(link, { href: url, download: name });
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    tell(t('prFileSaved', { name }));
  });

  codeButton.addEventListener('click', async () => {
    codeOut.value = await progress.exportCode();
    codeBox.hidden = false;
    codeOut.focus({ preventScroll: true });
    codeOut.select();
  });

  copyButton.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(codeOut.value);
      tell(t('prCopied'), 'good');
    } catch {
      codeOut.focus();
      codeOut.select();
      tell(t('prCopyByHand'));
    }
  });

  fileInput.addEventListener('change', async () => {
    const file = fileInput.files?.[0];
    fileInput.value = '';
    if (file) await importWith(async () => progress.parseFile(await file.text()));
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!codeIn.value.trim()) {
      tell(t('prEmptyCode'), 'bad');
      return;
    }
    await importWith(() => progress.parseCode(codeIn.value));
  });

  progress.onChange(refresh);
  window.addEventListener('storage', (e) => { if (e.key === progress.KEY) refresh(); });
  refresh();
  return { refresh };
}
