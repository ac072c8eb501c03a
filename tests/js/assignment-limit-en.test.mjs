/** assignment-limit.test.mjs's words in English: a 41-item link names the 40-item limit. */
globalThis.document = /** @type {any} */ ({ documentElement: { lang: 'en' }, querySelectorAll: () => [] });
const { test } = await import('node:test');
const assert = (await import('node:assert/strict')).default;
const { pack } = await import('../../site_builder/static/js/core/codes.js');
const A = await import('../../site_builder/static/js/core/assignment.js');
const { codeErrorText } = await import('../../site_builder/static/js/core/code-words.js');

const ids = (n) => Array.from({ length: n }, (_, i) => `mh-win2-${String(i).padStart(3, '0')}`);

test('the English words say the 40-item limit, not a cut-off copy', async () => {
  const code = await pack('KA', 1, JSON.stringify(['Long', '', 'en', null, 1, 1, ids(41)]));
  const err = await A.decodeAssignment(code).then(() => assert.fail('no error'), (e) => e);
  const said = codeErrorText(err, 'assignment');
  assert.match(said, /has 41 exercises/);
  assert.match(said, /at most 40/);
  assert.doesNotMatch(said, /incomplete|damaged|cut off|copied/i);
});
