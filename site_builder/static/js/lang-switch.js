/**
 * The language switch (a.lang-switch, on every page) carries the page's state to the other
 * language: the query and the hash at the moment it is followed, e.g. the sandbox's position
 * and moves, the puzzle index's filters, the counting trainer's material and seed. Pages keep
 * their state in the address (history.replaceState), so this is all it takes.
 */
for (const link of /** @type {NodeListOf<HTMLAnchorElement>} */ (document.querySelectorAll('a.lang-switch'))) {
  const base = link.getAttribute('href');
  const carry = () => { link.href = `${base}${location.search}${location.hash}`; };
  for (const type of ['pointerdown', 'focus', 'mouseenter', 'click']) link.addEventListener(type, carry);
}
