/**
 * The header's search (base.html): with JavaScript, the link to the search page becomes a small
 * box on screens wide enough for it (site.css, .search-ready); on phones the link stays. The box
 * is a plain GET form: its words go to the search page as ?q=, where static/js/search.js searches.
 */
const header = document.querySelector('.site-header');
const form = /** @type {HTMLFormElement | null} */ (header?.querySelector('form.site-search'));
if (form) {
  form.hidden = false;
  header.classList.add('search-ready');
}
