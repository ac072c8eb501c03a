/**
 * Offline mode in the page (every page loads this): registers /sw.js once the page is quiet
 * (loaded, its boards no longer loading, the browser idle), which saves only its small shell;
 * asks the worker to keep this page and the files it used (pages are kept as they are read);
 * offers, from the reader's second page on and at most three times, to save the whole site, with
 * its size in MB (never started without the reader's yes; "not now" is remembered); offers a new
 * version with a reload button; tells the reader when a file is damaged or was never saved while
 * offline; and drives the offline page (#kr-offline: size, save the whole site, remove, turn back
 * on) and the fallback page (#kr-offline-fallback: which pages this device has saved).
 *
 * localStorage: "kradan.offline" = "off" after the reader's "remove" (nothing is registered
 * again until they turn it back on); "kradan.offline.offer" = "no" after "not now";
 * "kradan.offline.pages" counts the pages opened (for the offer). The reader's "save the whole
 * site" is remembered by the worker (its cache), so a reload or a lost connection resumes it.
 * Removing deletes only Kradan's caches: the reader's progress (core/progress.js,
 * "kradan.progress.*") is never touched.
 */
let t = null; // the UI strings (core/i18n.js), loaded only when this page shows something

async function loadWords() {
  if (!t) ({ t } = await import('./core/i18n.js'));
}

export const OFF_KEY = 'kradan.offline';
const OFFER_KEY = 'kradan.offline.offer';
const PAGES_KEY = 'kradan.offline.pages';
/** The offer shows on the reader's pages number OFFER_FROM to OFFER_UNTIL (then only the offline page offers). */
const OFFER_FROM = 2;
const OFFER_UNTIL = 4;
const PREFIX = 'kradan-';
const QUIET_MAX_MS = 20_000;
const sw = navigator.serviceWorker;
let registration = null;
let startError = null;

function stored(key) {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key, value) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // no storage: offline mode simply starts again on the next page, the offer may come back
  }
}

const isOff = () => stored(OFF_KEY) === 'off';
const setOff = (off) => store(OFF_KEY, off ? 'off' : null);

function dataScarce() {
  const connection = navigator.connection;
  return Boolean(connection && (connection.saveData || /2g/.test(connection.effectiveType || '')));
}

/** Send `message` to a service worker; resolves to its answer. */
function ask(worker, message) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = ({ data }) => resolve(data);
    worker.postMessage(message, [channel.port2]);
  });
}

/** The registration's active worker, once there is one (rejects if installing fails). */
function activeWorker(reg) {
  if (reg.active) return Promise.resolve(reg.active);
  const worker = reg.installing || reg.waiting;
  return new Promise((resolve, reject) => {
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') resolve(worker);
      else if (worker.state === 'redundant') reject(new Error('the offline copy could not be installed'));
    });
  });
}

/** Resolves when the page's engine is not downloading (a page with boards already has the client). */
async function engineSettled() {
  if (!document.querySelector('.kr-board[data-interactive="true"], #kr-sandbox, section.kr-pz')) return;
  const { engine } = await import('./core/engine-client.js');
  if (engine.status !== 'loading') return;
  await /** @type {Promise<void>} */ (new Promise((resolve) => {
    const stop = engine.onStatus((status) => { if (status !== 'loading') done(); });
    const timer = setTimeout(done, QUIET_MAX_MS);
    function done() {
      stop();
      clearTimeout(timer);
      resolve();
    }
  }));
}

/**
 * Resolves once the page is loaded, no board is loading, its engine is not downloading (each
 * wait at most QUIET_MAX_MS), and the browser is idle: offline mode never competes with them.
 */
async function quiet() {
  if (document.readyState !== 'complete') await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  await /** @type {Promise<void>} */ (new Promise((resolve) => {
    const loading = () => document.querySelector('[data-state="loading"]');
    if (!loading()) { resolve(); return; }
    const observer = new MutationObserver(() => { if (!loading()) done(); });
    const timer = setTimeout(done, QUIET_MAX_MS);
    function done() {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    }
    observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-state'] });
  }));
  await engineSettled();
  await new Promise((resolve) => (window.requestIdleCallback ? window.requestIdleCallback(resolve, { timeout: 3000 }) : setTimeout(resolve, 200)));
}

async function register() {
  registration = await sw.register('/sw.js', { scope: '/', updateViaCache: 'none' });
  watchUpdates(registration);
  return registration;
}

/** This page and every same-origin file it fetched (the worker keeps those of this build). */
function visitedPaths() {
  const urls = [window.location.href, ...performance.getEntriesByType('resource').map((item) => item.name)];
  return urls.filter((url) => url.startsWith(`${window.location.origin}/`)).map((url) => new URL(url).pathname);
}

// ---- a new version: offer it, never switch silently ----------------------------------------

let watched = false;

function watchUpdates(reg) {
  if (watched) return;
  watched = true;
  let controller = sw.controller;
  sw.addEventListener('controllerchange', () => {
    if (controller) window.location.reload(); // the new version took over: show its pages
    controller = sw.controller;
  });
  const offer = () => { if (reg.waiting && sw.controller) showUpdate(reg); };
  offer();
  reg.addEventListener('updatefound', () => {
    const worker = reg.installing;
    if (worker) worker.addEventListener('statechange', () => { if (worker.state === 'installed') offer(); });
  });
}

function element(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text) el.textContent = text;
  return el;
}

/**
 * A button of the page's style.
 * @param {string} text
 * @param {() => unknown} onClick
 * @param {string} [className]
 */
function makeButton(text, onClick, className = 'kr-btn') {
  const button = element('button', className, text);
  button.type = 'button';
  button.addEventListener('click', onClick);
  return button;
}

/** A notice at the bottom of the screen (a live region, so it is read out; notices stack); returns it. */
function bar(name, text) {
  let box = /** @type {HTMLElement | null} */ (document.querySelector(`.kr-offline-bar[data-bar="${name}"]`));
  if (!box) {
    box = element('div', 'kr-offline-bar');
    box.dataset.bar = name;
    box.setAttribute('role', 'status');
    let stack = document.querySelector('.kr-offline-bars');
    if (!stack) {
      stack = element('div', 'kr-offline-bars');
      document.body.append(stack);
    }
    stack.append(box);
  }
  requestAnimationFrame(() => { box.replaceChildren(element('p', '', text)); });
  return box;
}

async function showUpdate(reg) {
  await loadWords();
  const box = bar('update', t('ofUpdateReady'));
  requestAnimationFrame(() => {
    const button = makeButton(t('ofUpdateReload'), () => {
      button.disabled = true;
      if (reg.waiting) reg.waiting.postMessage({ type: 'activate' });
      else window.location.reload();
    }, 'kr-btn kr-btn-primary');
    box.append(button);
  });
}

const megabytes = (bytes) => t('ofMegabytes', { n: (bytes / 1e6).toFixed(1) });

// ---- saving the whole site: only when the reader says so ----------------------------------

/** The worker's state in words (the offline page's status line, the offer bar after saving). */
function statusText(status) {
  const meta = status.meta || {};
  const counts = { done: status.packDone, total: status.packTotal, saved: megabytes(status.savedBytes) };
  if (!status.cached) return t('ofGone');
  if (meta.error === 'quota') return t('ofQuota', counts);
  if (meta.error === 'network') return t('ofNetwork', counts);
  if (meta.error === 'update') return t('ofUpdating');
  if (meta.complete) return t('ofAllSaved', counts);
  if (meta.requested) return t('ofSaving', { percent: Math.floor(100 * (1 - status.toDownload / Math.max(status.siteSent, 1))) });
  return t('ofAsRead', { pages: status.pages.length });
}

/** Ask the worker to save the whole site (the reader pressed a save button); resolves to its status. */
async function saveWholeSite() {
  setOff(false);
  const worker = await activeWorker(registration || (await register()));
  return ask(worker, { type: 'pack', force: true });
}

/** The offer bar: "save the whole site (about N MB)?", Save / Not now. */
async function showOffer(status) {
  await loadWords();
  const box = bar('offer', t('ofOffer', { download: megabytes(status.toDownload) }));
  requestAnimationFrame(() => {
    const save = makeButton(t('ofSaveAll'), async () => {
      store(OFFER_KEY, null);
      saveInBar = true;
      bar('offer', t('ofStarting')); // its buttons go: the answer is given
      try {
        finishBar(await saveWholeSite());
      } catch (err) {
        finishBar({ error: String((err && err.message) || err) });
      }
    }, 'kr-btn kr-btn-primary');
    const later = makeButton(t('ofNotNow'), () => {
      store(OFFER_KEY, 'no');
      box.remove();
    });
    box.append(save, later);
  });
}

/** Shows the offer when this is the reader's 2nd to 4th page, they never said "not now" and the whole site is not asked for yet. */
function maybeOffer(status, pagesOpened) {
  if (!status || status.error || !status.cached || (status.meta && status.meta.requested)) return;
  if (pagesOpened < OFFER_FROM || pagesOpened > OFFER_UNTIL || stored(OFFER_KEY) === 'no' || dataScarce()) return;
  if (document.getElementById('kr-offline') || document.getElementById('kr-offline-fallback')) return; // those pages offer it themselves
  showOffer(status);
}

/** Progress of a save in a bar (on the page where it was asked for, or resumed): every 10%. */
let shownPercent = -10;
let saveInBar = false; // the offer bar shows a save (asked for here, or its progress)
let saveEnded = false; // the bar said how the save ended: a progress message after that is stale

function showProgress(data) {
  // the offline page shows its own; the worker's answer and its progress messages come by two
  // channels, so the last progress may arrive after the answer that ended the save
  if (page.onMessage || saveEnded || data.percent < shownPercent + 10) return;
  shownPercent = data.percent - (data.percent % 10);
  saveInBar = true;
  bar('offer', t('ofSaving', { percent: data.percent }));
}

/** The save ended (done, or stopped by a lost connection or a full device): say so in the bar, with a close button. */
function finishBar(status) {
  const box = document.querySelector('.kr-offline-bar[data-bar="offer"]');
  if (!box || !saveInBar) return; // no save shown here (the offer may still wait for an answer)
  saveInBar = false;
  saveEnded = true;
  bar('offer', status && !status.error ? statusText(status) : t('ofFailed', { reason: status && status.error }));
  requestAnimationFrame(() => box.append(makeButton(t('ofClose'), () => box.remove())));
}

async function onWorkerMessage({ data }) {
  if (!data) return;
  await loadWords();
  if (data.type === 'missing') bar('missing', t('ofMissing'));
  else if (data.type === 'unsaved') bar('missing', t('ofNotSaved'));
  else if (data.type === 'update' && registration) registration.update().catch(() => {});
  else if (data.type === 'pack') showProgress(data);
  page.onMessage?.(data);
}

// ---- the offline page --------------------------------------------------------------------

const page = {};

async function currentWorker() {
  const reg = await sw.getRegistration('/');
  return reg && (reg.active || reg.waiting || reg.installing);
}

async function offlinePage(root) {
  await loadWords();
  const state = element('p', 'kr-offline-state');
  state.setAttribute('role', 'status');
  const size = element('p', 'kr-offline-size');
  const storage = element('p', 'kr-offline-storage');
  const notes = element('ul', 'kr-offline-notes');
  const actions = element('p', 'kr-offline-actions');
  root.replaceChildren(state, size, storage, notes, actions);
  root.hidden = false;

  const button = (text, action) => {
    const b = makeButton(text, async () => {
      for (const other of actions.querySelectorAll('button')) other.disabled = true;
      try {
        await ACTIONS[action]();
      } catch (err) {
        state.textContent = t('ofFailed', { reason: String((err && err.message) || err) });
      }
      await refresh();
    });
    b.dataset.action = action;
    return b;
  };

  const ACTIONS = {
    async save() {
      state.textContent = t('ofStarting');
      show(await saveWholeSite());
    },
    async remove() {
      setOff(true);
      const worker = await currentWorker();
      if (worker) await ask(worker, { type: 'remove' });
      for (const reg of await sw.getRegistrations()) await reg.unregister();
      for (const name of await caches.keys()) if (name.startsWith(PREFIX)) await caches.delete(name);
      registration = null;
    },
    async enable() {
      setOff(false);
      await activeWorker(registration || (await register()));
    },
  };

  function show(status) {
    if (!status || status.error) return;
    state.textContent = statusText(status);
    const complete = status.cached && status.meta && status.meta.complete;
    size.textContent = t(complete ? 'ofSizeAll' : 'ofSize', {
      saved: megabytes(status.savedBytes), pages: status.pages.length, engine: megabytes(status.runtimeBytes),
      download: megabytes(status.toDownload), all: megabytes(status.siteBytes),
    });
    notes.replaceChildren(
      ...(status.health.repaired.length ? [element('li', '', t('ofRepaired', { n: status.health.repaired.length }))] : []),
      ...(status.health.missing.length ? [element('li', '', t('ofMissing'))] : []),
    );
    const saving = status.meta && status.meta.requested && !status.meta.error && !complete;
    const saveLabel = t('ofSaveAllSize', { download: megabytes(status.toDownload) });
    actions.replaceChildren(...(complete || saving ? [] : [button(saveLabel, 'save')]), button(t('ofRemove'), 'remove'));
  }

  async function refresh() {
    if (navigator.storage && navigator.storage.estimate) {
      const { usage = 0, quota = 0 } = await navigator.storage.estimate().catch(() => /** @type {StorageEstimate} */ ({}));
      storage.textContent = t('ofStorage', { used: megabytes(usage), quota: megabytes(quota) });
    }
    if (!sw) {
      state.textContent = t('ofUnsupported');
      actions.replaceChildren();
      return;
    }
    if (isOff()) {
      state.textContent = t('ofOff');
      size.textContent = '';
      notes.replaceChildren();
      actions.replaceChildren(button(t('ofEnable'), 'enable'));
      return;
    }
    const worker = await currentWorker();
    if (!worker) {
      state.textContent = startError ? t('ofFailed', { reason: startError.message }) : t('ofStarting');
      actions.replaceChildren(button(t('ofSaveAll'), 'save'));
      return;
    }
    show(await ask(worker, { type: 'status' }));
  }

  page.onMessage = (data) => {
    if (data.type === 'pack') state.textContent = t('ofSaving', { percent: data.percent });
    else if (data.type === 'install-failed') state.textContent = data.reason === 'quota' ? t('ofQuotaInstall') : t('ofInstallFailed');
  };
  page.refresh = refresh;
  await refresh();
}

// ---- the fallback page (shown by the worker for a page that is not saved) -----------------

async function fallbackPage(root) {
  await loadWords();
  const all = document.getElementById('kr-offline-all');
  const worker = sw && sw.controller;
  const status = worker ? await ask(worker, { type: 'status' }) : { pages: [] };
  const saved = new Set(status.pages || []);
  for (const item of [...all.children]) if (!saved.has(item.firstElementChild.getAttribute('href'))) item.remove();
  root.replaceChildren(element('p', '', all.children.length ? t('ofSavedPages', { n: all.children.length }) : t('ofNoPages')));
  root.hidden = false;
  all.hidden = false;
}

// ---- start --------------------------------------------------------------------------------

async function start() {
  if (!sw) return;
  sw.addEventListener('message', onWorkerMessage);
  if (isOff()) return;
  const pagesOpened = Math.min(Number(stored(PAGES_KEY)) + 1 || 1, 99);
  store(PAGES_KEY, String(pagesOpened));
  await quiet();
  try {
    await register();
  } catch (err) {
    startError = err; // e.g. the browser blocks service workers: the site works online as before
    page.refresh?.();
    return;
  }
  try {
    const worker = await activeWorker(registration);
    const status = await ask(worker, { type: 'keep', paths: visitedPaths() });
    maybeOffer(status, pagesOpened);
    ask(worker, { type: 'pack' }).then((result) => { // resumes a save the reader asked for, else nothing
      finishBar(result);
      page.refresh?.();
    });
    page.refresh?.();
  } catch {
    // the worker reports why (install-failed) to the offline page
  }
}

const offlineRoot = document.getElementById('kr-offline');
if (offlineRoot) offlinePage(offlineRoot);
const fallbackRoot = document.getElementById('kr-offline-fallback');
if (fallbackRoot) fallbackPage(fallbackRoot);
start();
