/** teacher-exercise.test.mjs's TOO_LONG words in English: the page says how long and the most a link carries. */
globalThis.document = /** @type {any} */ ({ documentElement: { lang: 'en' }, querySelectorAll: () => [] });
const { test } = await import('node:test');
const assert = (await import('node:assert/strict')).default;
const { CodeError } = await import('../../site_builder/static/js/core/codes.js');
const { MAX_CODE_CHARS } = await import('../../site_builder/static/js/core/assignment.js');
const { codeErrorText } = await import('../../site_builder/static/js/core/code-words.js');

test('the English words say the code is too long for a link and its QR code', () => {
  const said = codeErrorText(new CodeError('TOO_LONG', { chars: 2500, max: MAX_CODE_CHARS }), 'assignment');
  assert.match(said, /2500 characters long/);
  assert.match(said, new RegExp(`at most ${MAX_CODE_CHARS}`));
  assert.doesNotMatch(said, /[\u0e00-\u0e7f]/);
});
