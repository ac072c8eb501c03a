/** The import graph of site_builder/static/js, parsed from the source (tests/js/imports.test.mjs). */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const JS_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'site_builder', 'static', 'js');

// import x from './a.js'; import { a,\n b } from '../b.js'; import './c.js'; export { x } from './d.js';
const STATIC = /^\s*(?:import|export)\s+(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
// import('./games/x.js') with a literal path
const DYNAMIC = /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every .js file under `dir`, as paths relative to JS_ROOT with "/". */
function modules(dir = JS_ROOT) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return modules(path);
    return entry.name.endsWith('.js') ? [relative(JS_ROOT, path).split('\\').join('/')] : [];
  });
}

/** Source text without comments (a commented-out import is no import). */
function code(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"\\])\/\/.*$/gm, '$1');
}

/**
 * module -> Set of the modules it imports (relative imports inside static/js only: the vendored
 * qrcode module and Pyodide are outside it).
 * @returns {Map<string, Set<string>>}
 */
export function importGraph() {
  const graph = new Map();
  for (const name of modules()) {
    const text = code(readFileSync(join(JS_ROOT, name), 'utf8'));
    const targets = new Set();
    for (const pattern of [STATIC, DYNAMIC]) {
      for (const [, spec] of text.matchAll(pattern)) {
        if (!spec.startsWith('.')) continue;
        const to = posix.normalize(posix.join(posix.dirname(name), spec));
        if (!to.startsWith('../')) targets.add(to);
      }
    }
    graph.set(name, targets);
  }
  return graph;
}

/**
 * Every elementary cycle found by a depth-first search, each once, as [a, b, …, a] starting at
 * its smallest name.
 * @param {Map<string, Set<string>>} graph
 * @returns {string[][]}
 */
export function cycles(graph) {
  const found = new Map();
  const visit = (node, path, onPath) => {
    for (const next of graph.get(node) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) {
        const loop = path.slice(at);
        const start = loop.indexOf([...loop].sort()[0]);
        const turned = [...loop.slice(start), ...loop.slice(0, start)];
        found.set(turned.join(' > '), [...turned, turned[0]]);
      } else if (!onPath.has(next)) {
        onPath.add(next);
        visit(next, [...path, next], onPath);
        onPath.delete(next);
      }
    }
  };
  for (const node of [...graph.keys()].sort()) visit(node, [node], new Set([node]));
  return [...found.values()];
}
