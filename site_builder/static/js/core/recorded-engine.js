/**
 * An engine that answers from replies the build recorded in the page (site_builder/replies.py),
 * and goes to the live engine (Pyodide, core/engine-client.js) only for what is not recorded.
 *
 *   const engine = recordedEngine(table, { onLive });
 *   engine.call(request, options)  same contract as engine-client's call
 *   engine.live                    true once a request went to the live engine
 *   engine.knows(request)          can the table answer it (no live engine needed)?
 *   engine.goLive()                load the live engine and use it once it is ready (rejects,
 *                                  and changes nothing for the board, when it cannot load)
 *   engine.warm()                  start loading the live engine in the background; until a
 *                                  request needs it, its failure is nobody's business
 *   engine.status / onStatus(cb)   "ready" while everything comes from the table; the live
 *                                  engine's own once it is used or has loaded
 *
 * `table` = {game, position, plays: {moves joined by spaces: packed reply}, other: {request key:
 * reply}} (site_builder/replies.py page_table): each play reply but the root keeps only what
 * differs from its parent's (the same moves but the last); unpacking restores it.
 * `onLive(request)` is called once, when the first request the table cannot answer goes to the
 * live engine (the page says so). A call with `{optional: true}` (a board asking why a move is
 * illegal) never starts the live engine: it is refused unless that is loading or ready.
 * The live engine's failure reaches the board (status, onStatus) once a request needed it or once
 * it had loaded (a crash); a background load that fails stays quiet until a move needs it.
 * A call with `{live: true}` skips the table (a recorded reply marked `pending` lacks legal moves).
 *
 * replies(url): the JSON of a replies file beside a page (a lesson's, the sandbox's), fetched once
 * per page, or null when it cannot be read. warmOnTouch(element, engine): start loading the live
 * engine at the reader's first press or key inside `element` (a live board): a page that is only
 * read never downloads it.
 */
/** @import { Engine, EngineRequest, RecordedEngine, ReplyTable } from '../types/engine.js' */
import { engine as liveEngine } from './engine-client.js';

/** @type {Map<string, Promise<ReplyTable | null>>} */
const files = new Map(); // URL -> Promise of its JSON (or null)

/**
 * @param {string} url
 * @returns {Promise<ReplyTable | null>}
 */
export function replies(url) {
  const href = new URL(url, document.baseURI).href;
  if (!files.has(href)) {
    files.set(href, fetch(href).then((response) => (response.ok ? response.json() : null)).catch(() => null));
  }
  return /** @type {Promise<ReplyTable | null>} */ (files.get(href));
}

/**
 * Load the live engine once the reader first presses a pointer or a key inside `element`.
 * @param {EventTarget} element
 * @param {{warm(): void}} engine a recorded engine
 */
export function warmOnTouch(element, engine) {
  let done = false;
  const touched = () => {
    if (done) return;
    done = true;
    element.removeEventListener('pointerdown', touched, true);
    element.removeEventListener('keydown', touched, true);
    engine.warm();
  };
  element.addEventListener('pointerdown', touched, true);
  element.addEventListener('keydown', touched, true);
}

const LEGAL_DEFAULTS = { captures: [], drop: null, promotion: false, privilege: false };

/**
 * The canonical text of a request: keys sorted at every level (as replies.py request_key).
 * @param {any} value JSON
 * @returns {string}
 */
export function requestKey(value) {
  if (Array.isArray(value)) return `[${value.map(requestKey).join(',')}]`;
  if (value && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${requestKey(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Unpack the play replies of `plays`: each becomes a whole reply (memoised, parents first).
 * @param {Record<string, any>} plays
 */
function unpacker(plays) {
  /** @type {Map<string, any>} */
  const done = new Map();
  /** @type {(key: string) => any} */
  const unpack = (key) => {
    if (done.has(key)) return done.get(key);
    const packed = plays[key];
    if (!packed) return null;
    let reply;
    if (packed.full) {
      const { full, ...rest } = packed;
      reply = rest;
    } else {
      const cut = key.lastIndexOf(' ');
      const parent = unpack(cut < 0 ? '' : key.slice(0, cut));
      if (!parent) return null;
      const { board, '~': patches = {}, ...changed } = packed;
      reply = { ...parent, ...changed };
      if (board) {
        reply.board = { ...parent.board };
        for (const [square, piece] of Object.entries(board)) {
          if (piece === null) delete reply.board[square];
          else reply.board[square] = piece;
        }
      }
      for (const [field, patch] of Object.entries(patches)) reply[field] = { ...parent[field], ...patch };
      if ('last_move' in parent && !('last_move' in packed)) {
        const last = key.slice(cut + 1);
        reply.last_move = last;
        if (!('last_move_words' in packed)) reply.last_move_words = parent.legal?.find((/** @type {any} */ m) => m.move === last)?.words ?? null;
      }
    }
    if (reply.legal) reply.legal = reply.legal.map((/** @type {any} */ m) => ({ ...LEGAL_DEFAULTS, path: [m.to], ...m }));
    done.set(key, reply);
    return reply;
  };
  return unpack;
}

/**
 * Is `request` a board's play request from the table's own position (then its key is the moves)?
 * @param {Partial<ReplyTable>} table
 * @param {any} request
 * @returns {string | null}
 */
function playKey(table, request) {
  const keys = Object.keys(request).sort().join(',');
  if (keys !== 'game,moves,op,position' || request.op !== 'play') return null;
  if (request.game !== table.game || request.position !== table.position || !Array.isArray(request.moves)) return null;
  return request.moves.join(' ');
}

/**
 * @param {ReplyTable | null} table
 * @param {{onLive?: (request: EngineRequest) => void, live?: Engine}} [options]
 * @returns {RecordedEngine}
 */
export function recordedEngine(table, { onLive = () => {}, live = liveEngine } = {}) {
  const plays = table?.plays ?? {};
  const other = table?.other ?? {};
  const unpack = unpacker(plays);
  let usingLive = false;
  let wasReady = false; // the live engine loaded once: from then on its failure is the board's too
  /** @type {Set<(status: string, detail?: unknown) => void>} */
  const listeners = new Set();
  const watching = () => usingLive || wasReady;
  live.onStatus?.((status, detail) => {
    if (status === 'ready') wasReady = true;
    if (watching()) for (const cb of listeners) cb(status, detail);
  });

  /** @type {(request: EngineRequest) => any} */
  const lookup = (request) => {
    const key = playKey(table ?? {}, request);
    return (key !== null ? unpack(key) : other[requestKey(request)]) ?? null;
  };

  /** From now on the live engine answers what the table cannot, and its status is the board's. */
  const useLive = () => {
    if (usingLive) return;
    usingLive = true;
    for (const cb of listeners) cb(live.status);
  };

  return {
    call(request, options = {}) {
      const reply = options.live ? null : lookup(request);
      if (reply) return Promise.resolve(structuredClone(reply));
      if (options.optional) {
        if (live.status === 'idle' || live.status === 'failed') {
          return Promise.reject(Object.assign(new Error('not recorded'), { code: 'NOT_RECORDED' }));
        }
        return live.call(request, options); // already loading or loaded: worth the wait
      }
      if (!usingLive) {
        useLive();
        onLive(request);
      }
      return live.call(request, options);
    },
    /** Load the live engine for the reader (analysis): it is used once ready; a failure only rejects. */
    goLive() {
      return live.ready.then(useLive);
    },
    warm() { live.ready.catch(() => {}); },
    knows(request) { return lookup(request) !== null; },
    get live() { return usingLive; },
    get ready() { return usingLive ? live.ready : Promise.resolve(); },
    get status() { return watching() ? live.status : 'ready'; },
    onStatus(cb) {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
  };
}
