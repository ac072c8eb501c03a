/** The teachers' exercise catalog, /<lang>/teach/catalog.json (site_builder/teach/catalog.py). */

/** The catalog at `url`; rejects with an Error saying why ("HTTP 404", a network error, bad JSON). */
export async function fetchCatalog(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
}
