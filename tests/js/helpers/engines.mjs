/**
 * Engines for the judges, as the pages make them: core/recorded-engine.js over a page's recorded
 * replies, with a fake live engine behind it that answers only from given [request, reply]
 * pairs (anything else rejects, as a dead engine does) and counts its calls.
 */
import { recordedEngine, requestKey } from '../../../site_builder/static/js/core/recorded-engine.js';

/**
 * @param {any} data a puzzle page's data block
 * @param {[object, object][]} [pairs] what the live engine knows
 */
export function pageEngine(data, pairs = []) {
  const known = new Map(pairs.map(([request, reply]) => [requestKey(request), reply]));
  const live = {
    calls: 0,
    status: 'ready',
    ready: Promise.resolve(),
    onStatus() {},
    call(request) {
      live.calls += 1;
      const reply = known.get(requestKey(request));
      return reply ? Promise.resolve(structuredClone(reply)) : Promise.reject(new Error(`not known: ${requestKey(request)}`));
    },
  };
  const engine = recordedEngine(data.replies, { live });
  return { engine, live };
}
