/**
 * The "My progress" panel (index page, section#kr-progress) and the words for progress
 * notices. Export: a JSON file or a short code; import: a file or a pasted code, merged
 * into what is saved (never a wipe); bad input changes nothing and says why.
 */
import { t } from './i18n.js';
import * as progress from './progress.js';

/** Create an element with a class and text, appended to `parent`. */
export function add(parent, tag, className = '', text = '') {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text) el.textContent = text;
  parent.append(el);
  return el;
}

/** The words for a storage notice from progress.notice(), or "". */
export function noticeText(notice) {
  if (!notice) return '';
  if (notice.code === 'corrupt') return t('prCorrupt', { key: notice.key, kept: notice.kept });
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

/** Counts of `ids` (all puzzles on the page) by saved state. */
export function tally(ids, saved = progress.read()) {
  const out = { solved: 0, failed: 0, todo: 0, total: ids.length };
  for (const id of ids) {
    const state = saved.puzzles[id]?.state;
    if (state === 'solved') out.solved += 1;
    else if (state === 'failed') out.failed += 1;
    else out.todo += 1;
  }
  return out;
}

/**
 * Fill `section` (section#kr-progress) with the summary, export and import controls.
 * `ids` = the puzzles of the page (for the summary). Returns {refresh()}.
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
    summary.textContent = t('prSummary', tally(ids, saved));
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
    const { added, updated } = progress.merge(incoming);
    tell(t('prImported', { added, updated }), 'good');
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
