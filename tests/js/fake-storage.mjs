/** A Storage-like map for the node tests; `full`: every setItem throws as a full storage does. */
export class FakeStorage {
  constructor(entries = {}, { full = false } = {}) {
    this.map = new Map(Object.entries(entries));
    this.full = full;
  }

  get length() { return this.map.size; }

  key(i) { return [...this.map.keys()][i] ?? null; }

  getItem(key) { return this.map.has(key) ? this.map.get(key) : null; }

  setItem(key, value) {
    if (this.full) throw Object.assign(new Error('QuotaExceededError'), { name: 'QuotaExceededError' });
    this.map.set(key, String(value));
  }

  removeItem(key) { this.map.delete(key); }
}
