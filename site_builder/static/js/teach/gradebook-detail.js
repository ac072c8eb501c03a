/**
 * What one student did on one item, line by line, in words, for the gradebook's detail dialog
 * (teach/gradebook.js) and the class's common wrong answers (teach/wrong-answers.js). Pure: the
 * recorded replies are looked up through a function handed in.
 *
 *   await detailLines(events, replay, data, look, lang) -> Line[]
 *     events: the item's events (core/assignment.js: ["m", move] | ["a", answer] | ["h"] | ["t"] |
 *       ["r"] | ["s"]); replay: the very replay the table shows (core/puzzle-replay.js: `steps`, the
 *       judge's verdict on each event, and `problems`), or null when the item was not replayed;
 *     data: the puzzle page's data; look(moves) -> the `play` reply after `moves` from the puzzle's
 *       position, or null (engineLook makes it from the item's engine: a catalog page's recorded
 *       replies, never going live; a teacher-made board exercise's from the live engine).
 *   Line = {kind, text, reply, mark, note, answer, before}:
 *     kind: 'move' | 'answer' | 'hint' | 'takeBack' | 'restart' | 'solution';
 *     text: a move in the engine's words ("เรือดำ f8 ไป f2"; its notation where the position is
 *       not recorded), an answer in words (a choice's text, the number, "ขา 2: 12"); '' otherwise;
 *     reply: the defence's answer to a move, in words, or null;
 *     mark: the judge's verdict on it, 'right' | 'wrong' | 'solved', or null (not judged);
 *     note: null | 'after' (after the solve: it changes nothing) | 'stopped' (the page could never
 *       have recorded it: the replay stopped here) | 'unchecked' (not replayed);
 *     answer: the same text for the same move from the same position, or the same answer (the
 *       grouping key of teach/wrong-answers.js); before: the moves before a move, in words.
 */

/**
 * @typedef {{kind: 'move' | 'answer' | 'hint' | 'takeBack' | 'restart' | 'solution', text: string,
 *   reply: string | null, mark: 'right' | 'wrong' | 'solved' | null, note: 'after' | 'stopped' | 'unchecked' | null,
 *   answer: string, before: string[]}} Line
 * @typedef {{legal?: {move: string, words?: Record<string, string>}[]}} PlayState
 * @typedef {(moves: string[]) => Promise<PlayState | null>} Look
 * @typedef {{steps?: ({verdict: string, reply?: unknown, refutation?: unknown} | null)[], problems: string[]}} Replay
 */

const KINDS = /** @type {const} */ ({ h: 'hint', t: 'takeBack', r: 'restart', s: 'solution' });
/** Problems that mean "not checked" (the engine, the bounds), not "could never have been recorded". */
const NOT_CHECKED = new Set(['ENGINE_FAILED', 'TOO_LONG']);

/**
 * The lookup of recorded play replies of the puzzle `data` through the page's `engine`
 * (core/recorded-engine.js): only what the page holds (`knows`), never the live engine.
 * @param {{knows?: (request: any) => boolean, call: (request: any) => Promise<any>} | null | undefined} engine
 * @param {{replies?: {game?: string, position?: string | null} | null}} data
 * @returns {Look}
 */
export function recordedLook(engine, data) {
  const table = data?.replies;
  return async (moves) => {
    if (!engine?.knows || !table?.position) return null;
    const request = { op: 'play', game: table.game, position: table.position, moves: [...moves] };
    if (!engine.knows(request)) return null;
    const reply = await engine.call(request).catch(() => null);
    return reply?.ok === false ? null : reply;
  };
}

/**
 * Are the moves of `data` put in words by the live engine: a teacher-made board exercise (its own
 * position, no recorded replies: core/teacher-exercise.js)?
 * @param {{replies?: unknown, position?: unknown, game?: unknown} | null | undefined} data
 */
export const needsLiveWords = (data) => !data?.replies && typeof data?.position === 'string' && data.position !== '' && typeof data.game === 'string';

/** @typedef {Look & {failed: boolean}} LiveLook a look that says whether the engine failed it */
/** @type {WeakMap<object, LiveLook>} */
const liveLooks = new WeakMap();

/**
 * The lookup of play replies of the puzzle `data` through its item's `engine` (core/recorded-engine.js):
 * a catalog page's recorded replies (recordedLook); a teacher-made board exercise's (needsLiveWords)
 * from the live engine, asked as the boards ask, `{op: 'play', game, position, moves}`: one look per
 * engine, each line of moves asked once. Its `failed` turns true when the engine fails; from then
 * on it asks no more (every move is its notation).
 * @param {{knows?: (request: any) => boolean, call: (request: any) => Promise<any>} | null | undefined} engine
 * @param {any} data
 * @returns {LiveLook}
 */
export function engineLook(engine, data) {
  if (!engine || !needsLiveWords(data)) return Object.assign(recordedLook(engine, data ?? {}), { failed: false });
  const known = liveLooks.get(engine);
  if (known) return known;
  /** @type {Map<string, Promise<PlayState | null>>} */
  const asked = new Map();
  /** @type {LiveLook} */
  const look = Object.assign(async (/** @type {string[]} */ moves) => {
    const key = moves.join(' ');
    if (!asked.has(key)) {
      asked.set(key, look.failed ? Promise.resolve(null) : engine.call({ op: 'play', game: data.game, position: data.position, moves: [...moves] })
        .then((reply) => (reply?.ok === false ? null : reply))
        .catch(() => {
          look.failed = true;
          return null;
        }));
    }
    return /** @type {Promise<PlayState | null>} */ (asked.get(key));
  }, { failed: false });
  liveLooks.set(engine, look);
  return look;
}

/** A look that knows no position: every move in its notation. */
export const NO_WORDS = /** @type {Look} */ (async () => null);

/**
 * The lines of what `row` (a checked row, gradebook-check.js checkStudent) did on the item at
 * `index` (the gradebook's loaded item {id, data, engine}), with `look` (by default the item's
 * engineLook). An item not replayed (data null / undefined) gives its events unchecked.
 * @param {any} row
 * @param {number} index
 * @param {any} item
 * @param {string} lang
 * @param {Look} [look]
 * @returns {Promise<Line[]>}
 */
export async function rowLines(row, index, item, lang, look = engineLook(item.data ? item.engine : null, item.data)) {
  const events = row.r.items.find((/** @type {any} */ c) => c.id === item.id)?.events ?? [];
  const data = item.data ?? null;
  const replay = data ? row.cells[index]?.replay ?? null : null;
  return detailLines(events, replay, data, look, lang);
}

/**
 * `move` of the position `state` in the engine's words, else its notation.
 * @param {PlayState | null} state
 * @param {string} move
 * @param {string} lang
 */
const moveWords = (state, move, lang) => state?.legal?.find((m) => m.move === move)?.words?.[lang] ?? move;

/** @param {string} text @param {Record<string, unknown>} vars */
const fill = (text, vars) => text.replace(/\{(\w+)\}/g, (m, key) => (key in vars ? String(vars[key]) : m));

/**
 * An answer in words: the chosen choices' texts, the number, or each figure of an answer by
 * seat ("ขา 2: 12", a tier by its name) with the page's own words.
 * @param {unknown} value
 * @param {any} data
 */
export function answerWords(value, data) {
  if (Array.isArray(value)) {
    const labels = new Map((data?.quiz?.choices ?? []).map((/** @type {any} */ c) => [String(c.id), c.label ?? String(c.id)]));
    return value.map((id) => labels.get(String(id)) ?? String(id)).join(', ');
  }
  if (value !== null && typeof value === 'object') {
    const seat = data?.words?.seat;
    return Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([pid, figure]) => {
      const who = typeof seat === 'string' ? fill(seat, { n: pid.replace(/^\D+/, '') }) : pid;
      return `${who}: ${data?.words?.tiers?.[figure] ?? figure}`;
    }).join(', ');
  }
  return String(value ?? '').trim();
}

/**
 * The same text for answers that mean the same (choices in any order, "12" and "12.0").
 * @param {unknown} value
 */
function answerKey(value) {
  if (Array.isArray(value)) return JSON.stringify(value.map(String).sort());
  if (value !== null && typeof value === 'object') return JSON.stringify(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)));
  const number = typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(number) ? String(number) : JSON.stringify(value);
}

/**
 * The student's events on one item, line by line (see the header).
 * @param {unknown[][]} events
 * @param {Replay | null | undefined} replay
 * @param {any} data
 * @param {Look} look
 * @param {string} lang
 * @returns {Promise<Line[]>}
 */
export async function detailLines(events, replay, data, look, lang) {
  const steps = replay?.steps ?? [];
  const problem = replay?.problems?.[0];
  const stoppedAt = problem ? steps.length - 1 : -1;
  const solvedAt = steps.findIndex((step) => step?.verdict === 'solved');
  /** @type {string[]} */
  let line = []; // the moves from the puzzle's position, as the board stands
  /** @type {string[]} */
  let lineWords = [];
  /** @type {Line[]} */
  const out = [];
  for (const [i, [kind, value]] of events.entries()) {
    const step = steps[i] ?? null;
    /** @type {Line['note']} */
    let note = null;
    if (!replay || i >= steps.length) note = 'unchecked'; // steps stop at the event that stopped the replay
    if (i === stoppedAt) note = NOT_CHECKED.has(/** @type {string} */ (problem)) ? 'unchecked' : 'stopped';
    if (solvedAt >= 0 && i > solvedAt && (kind === 'm' || kind === 'a')) note = 'after';
    const mark = /** @type {Line['mark']} */ (step && ['right', 'wrong', 'solved'].includes(step.verdict) ? step.verdict : null);
    /** @type {Line} */
    const entry = { kind: 'hint', text: '', reply: null, mark, note, answer: '', before: [] };
    if (kind === 'm') {
      const move = String(value);
      const text = moveWords(await look(line), move, lang);
      const answered = typeof step?.reply === 'string' ? step.reply : typeof step?.refutation === 'string' ? step.refutation : null;
      const reply = answered ? moveWords(await look([...line, move]), answered, lang) : null;
      Object.assign(entry, { kind: 'move', text, reply, answer: JSON.stringify([...line, move]), before: lineWords });
      if (mark === 'right' || !step) {
        line = [...line, move, ...(mark === 'right' && answered ? [answered] : [])];
        lineWords = [...lineWords, text, ...(mark === 'right' && reply ? [reply] : [])];
      }
    } else if (kind === 'a') {
      Object.assign(entry, { kind: 'answer', text: answerWords(value, data), answer: answerKey(value) });
    } else {
      entry.kind = KINDS[/** @type {keyof typeof KINDS} */ (kind)] ?? 'hint';
      if (kind === 'r') {
        line = [];
        lineWords = [];
      }
    }
    out.push(entry);
  }
  return out;
}
