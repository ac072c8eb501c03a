/**
 * What core/i18n.js reads when it loads (the page language) and what a game's module touches
 * when it loads (Komayo's piece style looks for pieces in the page): set before importing the
 * games' modules, which the pages load in a browser.
 */
globalThis.document ??= /** @type {any} */ ({ documentElement: { lang: 'th' }, querySelectorAll: () => [] });
