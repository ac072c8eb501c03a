/**
 * Kradan's service worker: offline mode. The build writes it to /sw.js (scope "/") with BUILD
 * filled in (site_builder/offline.py): version, shell and pack ({path: [sha256[:16], bytes]}),
 * runtime (folders cached on first use), pyodide, pyodideCache, fallback ({lang: path}).
 *
 * One build, one cache: "kradan-<version>" holds this build's shell (installed at once) and its
 * pages (the pack, fetched on request from the page, in batches). Every file is checked against
 * its hash before it is stored and again before it is served, so a version never serves another
 * build's file, and a damaged entry is fetched again from the network. Pyodide is cached on first
 * use in "kradan-pyodide-<hash of its folder>" (its URLs never change), Pagefind's files in
 * "kradan-<version>-runtime".
 *
 * Updates: a new worker installs its whole shell (and the pack, when the reader had saved it,
 * copying unchanged pages from the old cache), then waits. The page offers a reload button that
 * sends {type: 'activate'}; on activation every other Kradan cache is deleted. A page fetched
 * from the network that is not this build's (a newer deploy) gets its files from the network too,
 * never from this cache, and the page is told to look for the update.
 *
 * Messages in: {type: 'activate' | 'pack' (force: the reader asked; it also saves a lost shell
 * again and retries after a quota error) |
 * 'status' | 'remove'}, answered on event.ports[0]. Messages out (to pages): {type: 'pack', ...
 * status}, {type: 'missing', path} (a saved file is damaged and the network is down),
 * {type: 'update'} (the network has another build), {type: 'install-failed', reason}.
 */
const BUILD = __KRADAN_BUILD__;

const PREFIX = 'kradan-';
const CACHE = `${PREFIX}${BUILD.version}`;
const RUNTIME = `${CACHE}-runtime`;
const PYODIDE = `${PREFIX}pyodide-${BUILD.pyodideCache}`;
const META = '/__kradan/pack'; // {requested, complete, error} of this version's pack
const BATCH = 6;

const health = { repaired: [], missing: [] };
const foreign = new Set(); // ids of pages that came from another build
let removed = false; // the reader removed offline mode: never store anything again
let packing = null;
let packError = null; // why the last pack stopped

const entry = (path) => BUILD.shell[path] || BUILD.pack[path];
const isPage = (path) => path.endsWith('/');
const langOf = (path) => (path.startsWith('/en/') ? 'en' : 'th');

async function hashOf(response) {
  const digest = await crypto.subtle.digest('SHA-256', await response.clone().arrayBuffer());
  return Array.from(new Uint8Array(digest).slice(0, 8), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The response of `path` if it is the file of this build. */
async function isOurs(path, response) {
  return Boolean(response && response.ok && entry(path) && (await hashOf(response)) === entry(path)[0]);
}

/** This version's cache, or null when it is gone (never created here outside install). */
async function ownCache() {
  return (await caches.has(CACHE)) ? caches.open(CACHE) : null;
}

/** The saved copy of `path`: {response} when good, {problem: 'missing' | 'damaged'} when not. */
async function saved(path) {
  const cache = await ownCache();
  const response = cache && (await cache.match(path));
  if (!response) return { problem: 'missing' };
  if (await isOurs(path, response)) return { response };
  return { problem: 'damaged' };
}

/** `path` from an older Kradan cache if it has this build's bytes (an update reuses them). */
async function fromOlderCache(path) {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE || name.endsWith('-runtime') || name.startsWith(`${PREFIX}pyodide-`)) continue;
    const response = await (await caches.open(name)).match(path);
    if (await isOurs(path, response)) return response;
  }
  return null;
}

/** Fetch `path` from the network; throws unless it is this build's file. */
async function fetchOurs(path) {
  const response = await fetch(path, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${path}`);
  if (!(await isOurs(path, response))) throw Object.assign(new Error(`${path} belongs to another build`), { code: 'update' });
  return response;
}

/**
 * Store every path not in `cache` yet, BATCH at a time; `progress(stored)` after each batch.
 * @param {Cache} cache
 * @param {string[]} paths
 * @param {(stored: number) => unknown} [progress]
 */
async function store(cache, paths, progress = () => {}) {
  const have = new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
  const todo = paths.filter((path) => !have.has(path));
  let stored = paths.length - todo.length;
  for (let i = 0; i < todo.length; i += BATCH) {
    await Promise.all(todo.slice(i, i + BATCH).map(async (path) => {
      const response = (await fromOlderCache(path)) || (await fetchOurs(path));
      if (removed) throw Object.assign(new Error('offline mode was removed'), { code: 'removed' });
      await cache.put(path, response);
    }));
    stored += todo.slice(i, i + BATCH).length;
    progress(stored);
  }
}

const errorCode = (err) => (err && err.name === 'QuotaExceededError' ? 'quota' : (err && err.code) || 'network');

async function tell(message, clientId = null) {
  const clients = clientId ? [await self.clients.get(clientId)] : await self.clients.matchAll({ includeUncontrolled: true });
  for (const client of clients) if (client) client.postMessage(message);
}

async function readMeta(cache) {
  const response = cache && (await cache.match(META));
  try {
    return response ? await response.json() : {};
  } catch {
    return {};
  }
}

const writeMeta = (cache, meta) => cache.put(META, new Response(JSON.stringify(meta), { headers: { 'Content-Type': 'application/json' } }));

/** Did the reader save the pages with an older version? (Then an update saves them too.) */
async function packWanted() {
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== CACHE && (await readMeta(await caches.open(name))).requested) return true;
  }
  return false;
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    try {
      await store(cache, Object.keys(BUILD.shell));
    } catch (err) {
      await caches.delete(CACHE); // no half-installed version stays behind
      await tell({ type: 'install-failed', reason: errorCode(err) });
      throw err;
    }
    if (await packWanted()) {
      await writeMeta(cache, { requested: true, complete: false, error: null });
      await pack(false).catch(() => {}); // best effort: what is missing is fetched later
    }
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const keep = new Set([CACHE, RUNTIME, PYODIDE]);
    for (const name of await caches.keys()) if (name.startsWith(PREFIX) && !keep.has(name)) await caches.delete(name);
    await self.clients.claim();
  })());
});

/** Fetch and store every page of the pack (once at a time); resolves to the status. */
function pack(force) {
  if (force) removed = false; // the reader asked: offline mode is on again
  packing = packing || (async () => {
    let cache = await ownCache();
    if (removed || !(cache || force)) return;
    const meta = await readMeta(cache);
    if (!force && (meta.complete || meta.error === 'quota' || packError === 'quota')) return;
    cache = cache || (await caches.open(CACHE)); // the whole cache was lost: save the shell again first
    const paths = Object.keys(BUILD.pack);
    packError = null;
    try {
      await writeMeta(cache, { requested: true, complete: false, error: null });
      await store(cache, Object.keys(BUILD.shell));
      await store(cache, paths, (done) => tell({ type: 'pack', done, total: paths.length }));
      await writeMeta(cache, { requested: true, complete: true, error: null });
    } catch (err) {
      const code = errorCode(err);
      if (code === 'removed') return;
      // a quota error keeps the pages stored so far (each one whole) and stops asking; with no
      // room left to note it in the cache, this worker remembers it (a restarted one meets it again)
      packError = code;
      await writeMeta(cache, { requested: true, complete: false, error: code }).catch(() => {});
      if (code === 'update') self.registration.update().catch(() => {});
    }
  })().finally(() => { packing = null; });
  return packing.then(status);
}

/** What this version holds: files, pages, bytes, the pack's state, damage seen. */
async function status() {
  const cache = await ownCache();
  const paths = cache ? (await cache.keys()).map((request) => new URL(request.url).pathname) : [];
  const savedPaths = paths.filter((path) => entry(path));
  let runtimeBytes = 0;
  for (const name of [RUNTIME, PYODIDE]) {
    if (!(await caches.has(name))) continue;
    const runtime = await caches.open(name);
    for (const request of await runtime.keys()) runtimeBytes += (await (await runtime.match(request)).blob()).size;
  }
  const sum = (list) => Object.values(list).reduce((total, [, bytes]) => total + bytes, 0);
  return {
    version: BUILD.version,
    cached: Boolean(cache),
    pages: savedPaths.filter(isPage),
    savedBytes: savedPaths.reduce((total, path) => total + entry(path)[1], 0),
    runtimeBytes,
    shellBytes: sum(BUILD.shell),
    packBytes: sum(BUILD.pack),
    packTotal: Object.keys(BUILD.pack).length,
    packDone: savedPaths.filter((path) => BUILD.pack[path]).length,
    meta: { ...(await readMeta(cache)), ...(packError ? { error: packError } : {}) },
    health,
  };
}

function note(list, path) {
  if (!list.includes(path)) list.push(path);
}

/** A file of this build: the saved copy, else the network (repairing the copy), else an error. */
async function precached(event, path) {
  if (foreign.has(event.clientId)) return fetch(event.request);
  const copy = await saved(path);
  if (copy.response) return copy.response;
  let response;
  try {
    response = await fetch(event.request);
  } catch (err) {
    if (copy.problem === 'damaged' || (await caches.has(CACHE))) {
      note(health.missing, path);
      tell({ type: 'missing', path }, event.clientId);
    }
    throw err;
  }
  event.waitUntil(keep(path, response.clone(), copy.problem));
  return response;
}

/** Store a network copy of `path` if it is this build's (a repair when the saved one was bad). */
async function keep(path, response, problem) {
  const cache = await ownCache();
  if (!cache || removed || !(await isOurs(path, response))) return;
  const shouldHaveBeen = BUILD.shell[path] || (await readMeta(cache)).complete; // else: not saved yet
  if (problem === 'damaged' || (problem === 'missing' && shouldHaveBeen)) note(health.repaired, path);
  await cache.put(path, response).catch(() => {});
}

/** A page: the saved copy, else the network, else the offline fallback page. */
async function navigate(event, path) {
  if (entry(path)) {
    const copy = await saved(path);
    if (copy.response) return copy.response;
    try {
      const response = await fetch(event.request);
      if (response.ok && !(await isOurs(path, response))) {
        foreign.add(event.resultingClientId); // a page of another build: its files come from the network
        event.waitUntil(self.registration.update().catch(() => {}));
      } else if (response.ok) {
        event.waitUntil(keep(path, response.clone(), copy.problem));
      }
      return response;
    } catch {
      return fallback(path);
    }
  }
  try {
    return await fetch(event.request);
  } catch {
    return fallback(path);
  }
}

async function fallback(path) {
  const copy = await saved(BUILD.fallback[langOf(path)]);
  if (copy.response) return copy.response;
  const text = '<!doctype html><meta charset="utf-8"><title>ออฟไลน์ · Offline</title>'
    + '<p lang="th">ตอนนี้ไม่มีอินเทอร์เน็ต และหน้านี้ยังไม่ได้เก็บไว้ในเครื่อง</p>'
    + '<p lang="en">You are offline and this page is not saved on this device.</p>';
  return new Response(text, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

/** Pyodide and Pagefind: cache first, stored on first use (their URLs are versioned). */
async function runtime(event, path) {
  const name = path.startsWith(BUILD.pyodide) ? PYODIDE : RUNTIME;
  const hit = (await caches.has(name)) && (await (await caches.open(name)).match(path));
  if (hit) return hit;
  const response = await fetch(event.request);
  if (response.status === 200 && !removed && (await caches.has(CACHE))) {
    const copy = response.clone();
    event.waitUntil(caches.open(name).then((cache) => cache.put(path, copy)).catch(() => {}));
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || removed) return;
  const path = url.pathname;
  if (request.mode === 'navigate') event.respondWith(navigate(event, path));
  else if (BUILD.runtime.some((folder) => path.startsWith(folder))) event.respondWith(runtime(event, path));
  else if (entry(path)) event.respondWith(precached(event, path));
});

async function removeAll() {
  removed = true;
  for (const name of await caches.keys()) if (name.startsWith(PREFIX)) await caches.delete(name);
}

self.addEventListener('message', (event) => {
  const { type, force } = event.data || {};
  const reply = (value) => event.ports[0] && event.ports[0].postMessage(value);
  const answer = (promise) => event.waitUntil(promise.then(reply, (err) => reply({ error: errorCode(err) })));
  if (type === 'activate') self.skipWaiting();
  else if (type === 'pack') answer(pack(Boolean(force)));
  else if (type === 'status') answer(status());
  else if (type === 'remove') answer(removeAll().then(() => ({ removed: true })));
});
