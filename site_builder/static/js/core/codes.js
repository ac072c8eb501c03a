/**
 * Short, checksummed text codes that carry a small JSON value: the progress code (progress.js,
 * "KR"), the assignment code (assignment.js, "KA") and the student's result code ("KS").
 *
 *   <tag><version>[Z]-<payload>-<check>
 *   payload = base64url of the JSON text, deflate-compressed (CompressionStream) when "Z";
 *   check = CRC-32 of the payload, base 36 (7 characters).
 *
 * Every character is URL-safe, so a code can sit in a link's #fragment as it is. Reading a code
 * ignores spaces and line breaks (a code copied out of a chat app). Errors are CodeError with a
 * stable code the pages turn into words.
 */

/** BAD_CODE | BAD_VERSION (detail {version, older}) | BAD_CHECKSUM | NO_DEFLATE | WRONG_KIND (detail {tag}),
 * and a kind's own: TOO_MANY_ITEMS (assignment.js, detail {count, max}), TOO_LONG (assignment.js, detail {chars, max}), BAD_FIELD (assignment.js, detail {field}). */
export class CodeError extends Error {
  /**
   * @param {string} code
   * @param {Record<string, unknown>} [detail]
   */
  constructor(code, detail = {}) {
    super(code);
    this.code = code;
    this.detail = detail;
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/**
 * CRC-32 of `bytes` (each 0…255), as an unsigned number (the zip files' CRC too: teach/xlsx-write.js).
 * @param {ArrayLike<number>} bytes
 */
export function crc32(bytes) {
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = CRC_TABLE[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * CRC-32 of an ASCII string, in base 36 (7 characters).
 * @param {string} text
 */
export function checksum(text) {
  return crc32(Array.from({ length: text.length }, (_, i) => text.charCodeAt(i))).toString(36).padStart(7, '0');
}

/**
 * The base64url text of `bytes` (no padding), as codes and links carry it.
 * @param {Uint8Array} bytes
 */
export function toBase64url(bytes) {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** @param {string} text */
function fromBase64url(text) {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/**
 * @param {Uint8Array} bytes
 * @param {CompressionStream | DecompressionStream} stream
 */
async function pipe(bytes, stream) {
  const out = new Blob([/** @type {Uint8Array<ArrayBuffer>} */ (bytes)]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

/** The most a code's JSON may hold once inflated: far more than any code the site writes (a whole
 * result is under a few hundred KB), far less than a "deflate bomb" would make a browser allocate. */
export const MAX_JSON_BYTES = 4 * 1024 * 1024;

/**
 * `bytes` inflated (deflate-raw), or CodeError('BAD_CODE') once they pass MAX_JSON_BYTES: read
 * chunk by chunk, so a crafted code is stopped before it fills the memory.
 * @param {Uint8Array} bytes
 */
async function inflate(bytes) {
  const stream = new Blob([/** @type {Uint8Array<ArrayBuffer>} */ (bytes)]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  const reader = stream.getReader();
  /** @type {Uint8Array[]} */
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_JSON_BYTES) {
      await reader.cancel();
      throw new CodeError('BAD_CODE');
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

const canDeflate = () => typeof CompressionStream === 'function' && typeof DecompressionStream === 'function';

/**
 * `json` (text) as a code "<tag><version>Z-…-…" ("<tag><version>-…-…" where the browser cannot compress).
 * @param {string} tag
 * @param {number} version
 * @param {string} json
 */
export async function pack(tag, version, json) {
  const bytes = new TextEncoder().encode(json);
  const zipped = canDeflate();
  const payload = toBase64url(zipped ? await pipe(bytes, new CompressionStream('deflate-raw')) : bytes);
  return `${tag}${version}${zipped ? 'Z' : ''}-${payload}-${checksum(payload)}`;
}

/**
 * The code's tag and version ("KS", 1), or null when `text` does not start like a code.
 * @param {unknown} text
 * @returns {{tag: string, version: number} | null}
 */
export function head(text) {
  const match = /^([A-Z]{2})(\d+)/i.exec(String(text).replace(/\s+/g, ''));
  return match ? { tag: match[1].toUpperCase(), version: Number(match[2]) } : null;
}

/**
 * The JSON text inside a code of kind `tag` and version `version`; CodeError if it is anything else.
 * @param {string} tag
 * @param {number} version
 * @param {unknown} text
 */
export async function unpack(tag, version, text) {
  const code = String(text).replace(/\s+/g, '');
  const start = head(code);
  if (start && start.tag !== tag) throw new CodeError('WRONG_KIND', { tag: start.tag });
  if (start && start.version !== version) {
    throw new CodeError('BAD_VERSION', { version: start.version, older: start.version < version });
  }
  const match = /^[A-Z]{2}\d+(Z?)-([A-Za-z0-9_-]+)-([0-9a-z]{7})$/i.exec(code);
  if (!match) throw new CodeError('BAD_CODE');
  const [, zipped, payload, check] = match;
  if (checksum(payload) !== check.toLowerCase()) throw new CodeError('BAD_CHECKSUM');
  if (zipped && !canDeflate()) throw new CodeError('NO_DEFLATE');
  try {
    let bytes = fromBase64url(payload);
    if (zipped) bytes = await inflate(bytes);
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new CodeError('BAD_CODE');
  }
}
