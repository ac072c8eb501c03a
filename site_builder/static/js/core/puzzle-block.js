/**
 * A puzzle page's data block, <script type="application/json" id="kr-puzzle-data"
 * data-sha256>: trusted only when the SHA-256 of its text matches data-sha256 (a damaged
 * page or a stale cache never feeds a puzzle). Used by the puzzle page itself, and by the
 * gradebook to replay an item with the very data its page judges by.
 */

/** @import { PuzzleData } from '../types/data.js' */

/**
 * SHA-256 of `text` in hex, or null where the browser cannot hash (not a secure context).
 * @param {string} text
 */
export async function sha256(text) {
  if (!globalThis.crypto?.subtle) return null;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The data of a page's block, or null when it cannot be read or its digest does not match.
 * @param {HTMLElement | null} block
 * @returns {Promise<PuzzleData | null>}
 */
export async function readBlock(block) {
  if (!block) return null;
  const text = block.textContent ?? '';
  try {
    const digest = await sha256(text);
    if (digest !== null && block.dataset.sha256 && digest !== block.dataset.sha256) return null;
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The data block of the puzzle page at `url` (this site; fetch `init`), or null when it cannot be had.
 * @param {string | URL} url
 * @param {RequestInit} [init]
 */
export async function fetchPuzzleData(url, init = {}) {
  try {
    const response = await fetch(url, init);
    if (!response.ok) return null;
    const html = new DOMParser().parseFromString(await response.text(), 'text/html');
    return await readBlock(html.getElementById('kr-puzzle-data'));
  } catch {
    return null;
  }
}
