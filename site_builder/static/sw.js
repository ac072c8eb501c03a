/**
 * Kradan's service worker: offline mode. The build writes it to /sw.js (scope "/") with BUILD
 * filled in (site_builder/offline.py): version, shell and pack ({path: [sha256[:16], bytes,
 * bytes sent]}), runtime (folders cached on first use), pyodide, pyodideCache, snapshot (Pyodide's
 * memory snapshot with this build's engine), wheel, fallback ({lang: path}).
 *
 * Nothing is downloaded that the reader did not ask for. Installing saves the small shell (the
 * offline and fallback pages and the files every page loads); the page the reader has open and
 * the files it used are kept from the browser's HTTP cache ({type: 'keep'}; the engine never
 * from the network), and every page or file fetched later through this worker is kept as it is
 * read. The whole site, the pack (every page, the engine wheel and Pyodide), is fetched only when
 * the reader asks for it ({type: 'pack', force: true}), in batches; the request is remembered in
 * the cache (META), so a reload or a lost connection resumes it and an update saves it again.
 *
 * One build, one cache: "kradan-<version>" holds this build's files. Every file is checked
 * against its hash before it is stored and again before it is served, so a version never serves
 * another build's file, and a damaged entry is fetched again from the network. Pyodide is kept in
 * "kradan-pyodide-<hash of its folder>" (its URLs never change; it keeps only this build's engine
 * snapshot: another engine's is neither stored nor kept past activation), Pagefind's files in
 * "kradan-<version>-runtime".
 *
 * Updates: a new worker installs its shell, then the pack when the reader had asked for it, else
 * this build's copy of each file the reader had kept (unchanged ones copied from the old cache),
 * then waits. The page offers a reload button that sends {type: 'activate'}; on activation every
 * other Kradan cache is deleted. A page fetched from the network that is not this build's (a
 * newer deploy) gets its files from the network too, never from this cache, and the page is told
 * to look for the update.
 *
 * Messages in: {type: 'activate' | 'keep' (paths: what the page used) | 'pack' (force: the reader
 * asked; it also saves a lost shell again and retries after a quota error) | 'status' | 'remove'},
 * answered on event.ports[0]. Messages out (to pages): {type: 'pack', done, total, percent},
 * {type: 'missing', path} (a saved file is damaged or gone and the network is down),
 * {type: 'unsaved', path} (a file that was never saved is needed offline), {type: 'update'} (the
 * network has another build), {type: 'install-failed', reason}.
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
/** Pyodide's files and the engine wheel: big, and only ever fetched for them when the reader asks. */
const isEngine = (path) => path.startsWith(BUILD.pyodide) || path === BUILD.wheel;
/** Pyodide's files live in a cache of their own (their URLs never change between builds). */
const cacheOf = (path) => caches.open(path.startsWith(BUILD.pyodide) ? PYODIDE : CACHE);
/** A memory snapshot of another build's engine (the Pyodide folder outlives engine changes). */
const isOtherSnapshot = (path) => path.startsWith(`${BUILD.pyodide}snapshot-`) && path !== BUILD.snapshot;
/** A cache of an older build's files (not Pyodide's, not a runtime cache). */
const isOlderVersion = (name) => name.startsWith(PREFIX) && name !== CACHE && !name.endsWith('-runtime')
  && !name.startsWith(`${PREFIX}pyodide-`);

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

/** The paths this version has saved (its cache and Pyodide's). */
async function savedPaths() {
  const have = new Set();
  for (const name of [CACHE, PYODIDE]) {
    if (!(await caches.has(name))) continue;
    for (const request of await (await caches.open(name)).keys()) have.add(new URL(request.url).pathname);
  }
  return have;
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
    if (!isOlderVersion(name)) continue;
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

/** Save this build's `path`: from an older cache when unchanged, else from the network. */
async function saveOne(path) {
  const response = (await fromOlderCache(path)) || (await fetchOurs(path));
  if (removed) throw Object.assign(new Error('offline mode was removed'), { code: 'removed' });
  await (await cacheOf(path)).put(path, response);
}

/**
 * Save every path not saved yet, BATCH at a time; `progress(done)` after each batch. Stops at the
 * first error (what was saved stays), unless `bestEffort`.
 * @param {string[]} paths
 * @param {{progress?: (done: number) => unknown, bestEffort?: boolean}} [options]
 */
async function store(paths, { progress = () => {}, bestEffort = false } = {}) {
  const have = await savedPaths();
  const todo = paths.filter((path) => !have.has(path));
  let done = paths.length - todo.length;
  for (let i = 0; i < todo.length; i += BATCH) {
    const batch = todo.slice(i, i + BATCH).map(saveOne);
    if (bestEffort) await Promise.allSettled(batch);
    else await Promise.all(batch);
    done += batch.length;
    progress(done);
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

/** Did the reader save the whole site with an older version? (Then an update saves it too.) */
async function packWanted() {
  for (const name of await caches.keys()) {
    if (isOlderVersion(name) && (await readMeta(await caches.open(name))).requested) return true;
  }
  return false;
}

/** This build's copy of every file the reader kept with an older version (best effort). */
async function carryOver() {
  const kept = new Set();
  for (const name of await caches.keys()) {
    if (!isOlderVersion(name)) continue;
    for (const request of await (await caches.open(name)).keys()) kept.add(new URL(request.url).pathname);
  }
  await store([...kept].filter((path) => entry(path) && !isEngine(path)), { bestEffort: true });
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    try {
      await store(Object.keys(BUILD.shell));
    } catch (err) {
      await caches.delete(CACHE); // no half-installed version stays behind
      await tell({ type: 'install-failed', reason: errorCode(err) });
      throw err;
    }
    if (await packWanted()) {
      await writeMeta(cache, { requested: true, complete: false, error: null });
      await pack(false).catch(() => {}); // best effort: what is missing is fetched later
    } else {
      await carryOver();
    }
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const keep = new Set([CACHE, RUNTIME, PYODIDE]);
    for (const name of await caches.keys()) if (name.startsWith(PREFIX) && !keep.has(name)) await caches.delete(name);
    if (await caches.has(PYODIDE)) {
      const pyodide = await caches.open(PYODIDE);
      for (const request of await pyodide.keys()) {
        if (isOtherSnapshot(new URL(request.url).pathname)) await pyodide.delete(request);
      }
    }
    await self.clients.claim();
  })());
});

/**
 * Save the whole site (once at a time) when the reader asked for it, now (`force`) or before (the
 * request in META: a reload resumes it); resolves to the status.
 */
function pack(force) {
  if (force) removed = false; // the reader asked: offline mode is on again
  packing = packing || (async () => {
    let cache = await ownCache();
    if (removed || !(cache || force)) return;
    const meta = await readMeta(cache);
    if (!force && (!meta.requested || meta.complete || meta.error === 'quota' || packError === 'quota')) return;
    cache = cache || (await caches.open(CACHE)); // the whole cache was lost: save the shell again first
    const paths = Object.keys(BUILD.pack);
    const sent = (list) => list.reduce((total, path) => total + entry(path)[2], 0);
    const all = sent(paths);
    packError = null;
    try {
      await writeMeta(cache, { requested: true, complete: false, error: null });
      await store(Object.keys(BUILD.shell));
      await store(paths, {
        progress: async (done) => {
          const have = await savedPaths();
          const percent = Math.floor((100 * sent(paths.filter((path) => have.has(path)))) / Math.max(all, 1));
          await tell({ type: 'pack', done, total: paths.length, percent });
        },
      });
      await writeMeta(cache, { requested: true, complete: true, error: null });
    } catch (err) {
      const code = errorCode(err);
      if (code === 'removed') return;
      // a quota or network error keeps the files stored so far (each one whole); after a quota
      // error it stops asking; with no room left to note it in the cache, this worker remembers
      // it (a restarted one meets it again)
      packError = code;
      await writeMeta(cache, { requested: true, complete: false, error: code }).catch(() => {});
      if (code === 'update') self.registration.update().catch(() => {});
    }
  })().finally(() => { packing = null; });
  return packing.then(status);
}

/**
 * Keep the page the reader has open and the files it used, fetched before this worker controlled
 * it: from the browser's HTTP cache; a page or a small file not found there is fetched again, the
 * engine never. Resolves to the status.
 * @param {string[]} paths
 */
async function keepVisited(paths) {
  const cache = await ownCache();
  if (!cache || removed) return status();
  const have = await savedPaths();
  for (const path of new Set(paths)) {
    if (have.has(path) || !(entry(path) || path.startsWith(BUILD.pyodide))) continue;
    let response = await fetch(path, { cache: 'only-if-cached', mode: 'same-origin' }).catch(() => null);
    if (!(response && response.ok) && !isEngine(path)) response = await fetch(path).catch(() => null);
    if (!response || !response.ok || (entry(path) && !(await isOurs(path, response))) || removed) continue;
    await (await cacheOf(path)).put(path, response).catch(() => {});
  }
  return status();
}

/** What this version holds: files, pages, bytes, what the whole site still needs, the pack's state, damage seen. */
async function status() {
  const cache = await ownCache();
  const have = cache ? await savedPaths() : new Set();
  const savedList = [...have].filter((path) => entry(path));
  const packPaths = Object.keys(BUILD.pack);
  const every = [...Object.keys(BUILD.shell), ...packPaths];
  const sum = (list, i) => list.reduce((total, path) => total + entry(path)[i], 0);
  let runtimeBytes = 0; // Pagefind's files and Pyodide's memory snapshot, kept when first used
  for (const name of [RUNTIME, PYODIDE]) {
    if (!(await caches.has(name))) continue;
    const runtime = await caches.open(name);
    for (const request of await runtime.keys()) {
      if (!entry(new URL(request.url).pathname)) runtimeBytes += (await (await runtime.match(request)).blob()).size;
    }
  }
  return {
    version: BUILD.version,
    cached: Boolean(cache),
    pages: savedList.filter(isPage),
    savedBytes: sum(savedList, 1),
    runtimeBytes,
    engineSaved: every.filter(isEngine).every((path) => have.has(path)),
    shellBytes: sum(Object.keys(BUILD.shell), 1),
    packBytes: sum(packPaths, 1),
    siteBytes: sum(every, 1),
    siteSent: sum(every, 2),
    toDownload: sum(every.filter((path) => !have.has(path)), 2),
    packTotal: packPaths.length,
    packDone: packPaths.filter((path) => have.has(path)).length,
    meta: { ...(await readMeta(cache)), ...(packError ? { error: packError } : {}) },
    health,
  };
}

function note(list, path) {
  if (!list.includes(path)) list.push(path);
}

/** Was `path` meant to be saved (the shell, or the whole site once saved)? */
async function shouldHaveBeen(path) {
  const cache = await ownCache();
  return Boolean(cache && (BUILD.shell[path] || (await readMeta(cache)).complete));
}

/** A file of this build: the saved copy, else the network (keeping a copy), else an error. */
async function precached(event, path) {
  if (foreign.has(event.clientId)) return fetch(event.request);
  const copy = await saved(path);
  if (copy.response) return copy.response;
  let response;
  try {
    response = await fetch(event.request);
  } catch (err) {
    if (copy.problem === 'damaged' || (await shouldHaveBeen(path))) {
      note(health.missing, path);
      tell({ type: 'missing', path }, event.clientId);
    } else if (await caches.has(CACHE)) {
      tell({ type: 'unsaved', path }, event.clientId);
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
  if (problem === 'damaged' || (problem === 'missing' && (await shouldHaveBeen(path)))) note(health.repaired, path);
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
  if (response.status === 200 && !removed && !isOtherSnapshot(path) && (await caches.has(CACHE))) {
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
  const { type, force, paths } = event.data || {};
  const reply = (value) => event.ports[0] && event.ports[0].postMessage(value);
  const answer = (promise) => event.waitUntil(promise.then(reply, (err) => reply({ error: errorCode(err) })));
  if (type === 'activate') self.skipWaiting();
  else if (type === 'keep') answer(keepVisited(Array.isArray(paths) ? paths.map(String) : []));
  else if (type === 'pack') answer(pack(Boolean(force)));
  else if (type === 'status') answer(status());
  else if (type === 'remove') answer(removeAll().then(() => ({ removed: true })));
});
