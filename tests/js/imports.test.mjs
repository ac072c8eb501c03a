/**
 * The import graph of site_builder/static/js (DESIGN.md, "Layout"): every `import … from '…'`,
 * `export … from '…'` and dynamic `import('…')` with a literal path, parsed from the source.
 * - core/, boards/ and judges/ never import games/ (the page entry points hand the game down);
 * - no import cycle anywhere, static or dynamic;
 * - judges/ are pure: they import only other judges.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { importGraph, cycles, JS_ROOT } from './helpers/imports.mjs';

const graph = importGraph();

test('the parser finds the imports the pages are made of', () => {
  assert.ok(graph.size > 50, `only ${graph.size} modules found under ${JS_ROOT}`);
  assert.ok(graph.get('puzzle.js').has('games/index.js'));
  assert.ok(graph.get('games/index.js').has('games/makruk/index.js'), 'dynamic imports are followed');
  assert.ok(graph.get('core/puzzle-shell.js').has('core/assignment-mode.js'), 'dynamic imports are followed');
});

test('every relative import names a module that exists', () => {
  for (const [from, targets] of graph) {
    for (const to of targets) assert.ok(graph.has(to), `${from} imports ${to}, which does not exist`);
  }
});

test('core, boards and judges never import games', () => {
  const bad = [];
  for (const [from, targets] of graph) {
    if (!/^(core|boards|judges)\//.test(from)) continue;
    for (const to of targets) if (to.startsWith('games/')) bad.push(`${from} -> ${to}`);
  }
  assert.deepEqual(bad, []);
});

test('judges import nothing but judges (no DOM, no engine client, no game)', () => {
  const bad = [];
  for (const [from, targets] of graph) {
    if (!from.startsWith('judges/')) continue;
    for (const to of targets) if (!to.startsWith('judges/')) bad.push(`${from} -> ${to}`);
  }
  assert.deepEqual(bad, []);
});

test('no import cycle in static/js (static or dynamic imports)', () => {
  assert.deepEqual(cycles(graph), []);
});

test('a cycle is found when there is one', () => {
  const toy = new Map([['a.js', new Set(['b.js'])], ['b.js', new Set(['c.js'])], ['c.js', new Set(['a.js'])], ['d.js', new Set(['a.js'])]]);
  assert.deepEqual(cycles(toy), [['a.js', 'b.js', 'c.js', 'a.js']]);
});
