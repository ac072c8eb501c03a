/**
 * A tiny reader of zip files whose entries are stored (teach/xlsx-write.js writes such), for the
 * tests: every entry by the central directory, its local header checked against it, its CRC-32
 * checked with node's zlib. Throws on anything else.
 */
import { crc32 } from 'node:zlib';

/**
 * @param {Uint8Array} bytes
 * @returns {Map<string, string>} path -> text (UTF-8)
 */
export function unzipStored(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.length - 22;
  if (view.getUint32(end, true) !== 0x06054b50) throw new Error('no end of central directory');
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const files = new Map();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (let i = 0; i < count; i++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error(`no central header ${i}`);
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const extra = view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const offset = view.getUint32(at + 42, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (method !== 0 || view.getUint32(offset, true) !== 0x04034b50) throw new Error(`${name}: not a stored entry`);
    if (view.getUint32(offset + 14, true) !== crc || view.getUint32(offset + 22, true) !== size) throw new Error(`${name}: local header differs`);
    const start = offset + 30 + view.getUint16(offset + 26, true) + view.getUint16(offset + 28, true);
    const data = bytes.subarray(start, start + size);
    if (crc32(data) !== crc) throw new Error(`${name}: CRC-32 does not match`);
    files.set(name, decoder.decode(data));
    at += 46 + nameLength + extra;
  }
  return files;
}

/**
 * The cells of a worksheet's XML: ref -> {type, value, style} (inline strings unescaped).
 * @param {string} xml
 */
export function sheetCells(xml) {
  const cells = new Map();
  const unescape = (text) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  for (const [, attrs, body] of xml.matchAll(/<c ([^>]*)>(.*?)<\/c>/gs)) {
    const attr = (name) => new RegExp(`${name}="([^"]*)"`).exec(attrs)?.[1] ?? null;
    const value = attr('t') === 'inlineStr' ? unescape(/<t[^>]*>(.*?)<\/t>/s.exec(body)[1]) : Number(/<v>(.*?)<\/v>/.exec(body)[1]);
    cells.set(attr('r'), { type: attr('t'), value, style: attr('s') });
  }
  return cells;
}
