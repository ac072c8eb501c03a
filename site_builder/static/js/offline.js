/**
 * Offline mode in the page (every page loads this): registers /sw.js once the page is quiet
 * (loaded, its boards no longer loading, the browser idle), then asks the worker to save every
 * page unless data is scarce (Save-Data, 2G); offers a new version with a reload button; tells
 * the reader when a saved file is damaged while offline; and drives the offline page
 * (#kr-offline: size, save, remove, turn back on) and the fallback page (#kr-offline-fallback:
 * which pages this device has saved).
 *
 * The reader's "remove" is remembered as localStorage "kradan.offline" = "off" (nothing is
 * registered again until they turn it back on). Removing deletes only Kradan's caches: the
 * reader's progress (core/progress.js, "kradan.progress.*") is never touched.
 */
let t = null; // the UI strings (core/i18n.js), loaded only when this page shows something

async function loadWords() {
  if (!t) ({ t } = await import('./core/i18n.js'));
}

export const OFF_KEY = 'kradan.offline';
const PREFIX = 'kradan-';
const QUIET_MAX_MS = 20_000;
const sw = navigator.serviceWorker;
let registration = null;
let startError = null;

function isOff() {
  try {
    return window.localStorage.getItem(OFF_KEY) === 'off';
  } catch {
    return false;
  }
}

function setOff(off) {
  try {
    if (off) window.localStorage.setItem(OFF_KEY, 'off');
    else window.localStorage.removeItem(OFF_KEY);
  } catch {
    // no storage: offline mode simply starts again on the next page
  }
}

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
 * wait at most QUIET_MAX_MS), and the browser is idle: the offline copy never competes with them.
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

/** A notice at the bottom of the screen (a live region, so it is read out); returns it. */
function bar(name, text) {
  let box = /** @type {HTMLElement | null} */ (document.querySelector(`.kr-offline-bar[data-bar="${name}"]`));
  if (!box) {
    box = element('div', 'kr-offline-bar');
    box.dataset.bar = name;
    box.setAttribute('role', 'status');
    document.body.append(box);
  }
  requestAnimationFrame(() => { box.replaceChildren(element('p', '', text)); });
  return box;
}

async function showUpdate(reg) {
  await loadWords();
  const box = bar('update', t('ofUpdateReady'));
  requestAnimationFrame(() => {
    const button = element('button', 'kr-btn kr-btn-primary', t('ofUpdateReload'));
    button.type = 'button';
    button.addEventListener('click', () => {
      button.disabled = true;
      if (reg.waiting) reg.waiting.postMessage({ type: 'activate' });
      else window.location.reload();
    });
    box.append(button);
  });
}

async function onWorkerMessage({ data }) {
  if (!data) return;
  await loadWords();
  if (data.type === 'missing') bar('missing', t('ofMissing'));
  else if (data.type === 'update' && registration) registration.update().catch(() => {});
  page.onMessage?.(data);
}

// ---- the offline page --------------------------------------------------------------------

const page = {};

const megabytes = (bytes) => t('ofMegabytes', { n: (bytes / 1e6).toFixed(1) });

async function currentWorker() {
  const reg = await sw.getRegistration('/');
  return reg && (reg.active || reg.waiting || reg.installing);
}

function statusText(status) {
  const meta = status.meta || {};
  if (!status.cached) return t('ofGone');
  if (meta.error === 'quota') return t('ofQuota', { done: status.packDone, total: status.packTotal });
  if (meta.error === 'network') return t('ofNetwork', { done: status.packDone, total: status.packTotal });
  if (meta.error === 'update') return t('ofUpdating');
  if (meta.complete) return t('ofAllSaved', { total: status.packTotal });
  if (meta.requested) return t('ofSaving', { done: status.packDone, total: status.packTotal });
  return dataScarce() ? t('ofScarce') : t('ofShellOnly');
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

  const button = (key, action) => {
    const b = element('button', 'kr-btn', t(key));
    b.type = 'button';
    b.dataset.action = action;
    b.addEventListener('click', async () => {
      for (const other of actions.querySelectorAll('button')) other.disabled = true;
      try {
        await ACTIONS[action]();
      } catch (err) {
        state.textContent = t('ofFailed', { reason: String((err && err.message) || err) });
      }
      await refresh();
    });
    return b;
  };

  const ACTIONS = {
    async save() {
      state.textContent = t('ofStarting');
      setOff(false);
      const worker = await activeWorker(registration || (await register()));
      show(await ask(worker, { type: 'pack', force: true }));
    },
    async remove() {
      setOff(true);
      const worker = await currentWorker();
      if (worker) await ask(worker, { type: 'remove' });
      for (const reg of await sw.getRegistrations()) await reg.unregister();
      for (const name of await caches.keys()) if (name.startsWith(PREFIX)) await caches.delete(name);
      registration = null;
    },
  };
  ACTIONS.enable = ACTIONS.save;

  function show(status) {
    if (!status || status.error) return;
    state.textContent = statusText(status);
    size.textContent = t('ofSize', {
      saved: megabytes(status.savedBytes), engine: megabytes(status.runtimeBytes),
      pages: status.packDone, total: status.packTotal, all: megabytes(status.shellBytes + status.packBytes),
    });
    notes.replaceChildren(
      ...(status.health.repaired.length ? [element('li', '', t('ofRepaired', { n: status.health.repaired.length }))] : []),
      ...(status.health.missing.length ? [element('li', '', t('ofMissing'))] : []),
    );
    const complete = status.cached && status.meta && status.meta.complete;
    actions.replaceChildren(...(complete ? [] : [button('ofSave', 'save')]), button('ofRemove', 'remove'));
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
      actions.replaceChildren(button('ofEnable', 'enable'));
      return;
    }
    const worker = await currentWorker();
    if (!worker) {
      state.textContent = startError ? t('ofFailed', { reason: startError.message }) : t('ofStarting');
      actions.replaceChildren(button('ofSave', 'save'));
      return;
    }
    show(await ask(worker, { type: 'status' }));
  }

  page.onMessage = (data) => {
    if (data.type === 'pack') state.textContent = t('ofSaving', { done: data.done, total: data.total });
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
  await quiet();
  try {
    await register();
  } catch (err) {
    startError = err; // e.g. the browser blocks service workers: the site works online as before
    page.refresh?.();
    return;
  }
  if (dataScarce()) return; // pages are saved as they are visited; the offline page can save them all
  try {
    const worker = await activeWorker(registration);
    const status = await ask(worker, { type: 'pack' });
    page.refresh?.(status);
  } catch {
    // the worker reports why (install-failed) to the offline page
  }
}

const offlineRoot = document.getElementById('kr-offline');
if (offlineRoot) offlinePage(offlineRoot);
const fallbackRoot = document.getElementById('kr-offline-fallback');
if (fallbackRoot) fallbackPage(fallbackRoot);
start();
