/**
 * The QR code library the teachers' builder imports from the built site (site_builder/assets.py
 * copies npm qrcode-generator's qrcode.mjs to /static/vendor/): the part teach/assign.js uses,
 * as the package's own dist/qrcode.d.ts declares it. Types only; not shipped.
 */
declare module '*/vendor/qrcode-generator/qrcode.mjs' {
  interface QRCode {
    addData(data: string, mode?: 'Numeric' | 'Alphanumeric' | 'Byte' | 'Kanji'): void;
    make(): void;
    getModuleCount(): number;
    isDark(row: number, col: number): boolean;
  }
  /** typeNumber 0 = the smallest that fits; throws when the data fits in no QR code. */
  export default function qrcode(typeNumber: number, errorCorrectionLevel: 'L' | 'M' | 'Q' | 'H'): QRCode;
}
