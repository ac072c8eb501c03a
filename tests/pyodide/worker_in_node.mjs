// Runs the site's real engine worker (static/js/core/engine-worker.js) in Node, as a browser
// would, with its fetches answered from a built site's folder:
//   node tests/pyodide/worker_in_node.mjs <worker.js> <site dir> <pyodide base> <wheel url> <cached snapshot | ->
// <pyodide base> and <wheel url> are the site's paths ("/pyodide/v…/", "/engine/<hash12>/…whl");
// <cached snapshot> is what the HTTP cache holds at the snapshot's URL ("-": nothing).
// Prints one JSON line: {ready: the worker's ready (or failed) message, reply: its answer to a
// `start` request, fetches: [{url, cache}] in the order asked}.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [worker, site, pyodideBase, wheelUrl, cachedSnapshot] = process.argv.slice(2);
const ORIGIN = 'http://kradan.test';
const fetches = [];

/** The site's file for a URL of the site (the worker imports Pyodide by path, fetches by URL). */
const fileOf = (url) => {
  const path = new URL(url, ORIGIN).pathname;
  return path.startsWith(site) ? path : join(site, path);
};

globalThis.self = globalThis;
self.location = new URL(`${ORIGIN}/th/`);
if (!self.navigator) self.navigator = { userAgent: `Node.js/${process.version}` }; // what Pyodide reads
globalThis.fetch = async (url, options = {}) => {
  fetches.push({ url: String(url), cache: options.cache || 'default' });
  const isSnapshot = /\/snapshot[^/]*\.bin\.gz$/.test(String(url));
  if (isSnapshot && options.cache === 'only-if-cached') {
    if (cachedSnapshot === '-') return new Response(null, { status: 504 });
    return new Response(readFileSync(cachedSnapshot));
  }
  try {
    return new Response(readFileSync(fileOf(url)));
  } catch {
    return new Response(null, { status: 404 });
  }
};

const messages = [];
let answered;
const done = new Promise((resolve) => { answered = resolve; });
self.postMessage = (message) => {
  messages.push(message);
  if (message.type === 'ready') self.onmessage({ data: { id: 1, request: '{"op": "start", "game": "makruk"}' } });
  else answered();
};
await import(pathToFileURL(worker).href);
self.onmessage({ data: { type: 'init', pyodide: join(site, pyodideBase, '/'), wheel: `${ORIGIN}${wheelUrl}` } });
await done;
await new Promise((resolve) => setTimeout(resolve, 100)); // a prefetch is asked for without waiting
const reply = messages.find((m) => m.id === 1);
// Exit once the line has reached the pipe (process.exit alone can drop a pending write).
process.stdout.write(`${JSON.stringify({ ready: messages[0], reply: reply ? JSON.parse(reply.reply) : null, fetches })}\n`, () => process.exit(0));
