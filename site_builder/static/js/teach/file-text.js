/**
 * The text of a file the teacher picks (teach/gradebook.js: result codes; teach/class-panel.js: a
 * class list): UTF-8, or UTF-16 as Excel may save it (a byte-order mark says which).
 */

/**
 * The text of `bytes`, UTF-8 unless a UTF-16 byte-order mark says otherwise.
 * @param {Uint8Array} bytes
 */
export function bytesText(bytes) {
  const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  return new TextDecoder(utf16 ? (bytes[0] === 0xff ? 'utf-16le' : 'utf-16be') : 'utf-8').decode(bytes);
}

/**
 * The text of an uploaded file.
 * @param {Blob} file
 */
export async function fileText(file) {
  return bytesText(new Uint8Array(await file.arrayBuffer()));
}
