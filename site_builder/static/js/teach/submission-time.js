/**
 * Times in the gradebook, in Thai time (Asia/Bangkok: UTC+7 all year, no daylight saving), whatever
 * the time zone of the teacher's computer. Pure: no DOM, no Intl (the same text in every browser).
 *
 *   dateTimeText(iso, lang) / submissionText(iso, lang) -> "27 พ.ย. 2569 14:05" (th: Buddhist year)
 *                                  | "27 Nov 2026 14:05" (en); '—' for no time or an unreadable one
 *   dueEnd(due)       -> the instant the due day ends in Thai time (Date), null without a due date
 *   dueText(due, lang) -> "25 พ.ย. 2569" | "25 Nov 2026" ('' without a due date)
 *   lateBy(iso, due)  -> null (on time, no due date, or no readable time) | {days, hours}: how long
 *                        after the due day ended, every hour begun counted (1 minute late: 1 hour)
 *   lateText(late, lang) -> "ส่งช้า 2 วัน 3 ชั่วโมง" | "2 days 3 hours late"
 *   spreadsheetTime(iso) -> {serial, text}: the Thai local time as a spreadsheet date-time number
 *                        (days since 1899-12-30, as Excel, LibreOffice and Google Sheets count) and
 *                        as 'YYYY-MM-DD HH:MM' text; null for no time or an unreadable one
 */

/** @typedef {'th' | 'en'} Lang */

const THAI_OFFSET_MS = 7 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;
const HOUR_MS = 3600 * 1000;
const BUDDHIST_ERA = 543;
/** Days from the spreadsheet epoch (1899-12-30) to 1970-01-01. */
const SPREADSHEET_EPOCH_DAYS = 25569;

const MONTHS = {
  th: ['ม.ค.', 'ก.พ.', 'มี.ค.', 'เม.ย.', 'พ.ค.', 'มิ.ย.', 'ก.ค.', 'ส.ค.', 'ก.ย.', 'ต.ค.', 'พ.ย.', 'ธ.ค.'],
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
};

const two = (/** @type {number} */ n) => String(n).padStart(2, '0');

/**
 * The Thai wall-clock time of `iso` as a Date whose UTC fields are the Thai fields; null if unreadable.
 * @param {string | null | undefined} iso
 */
function thaiClock(iso) {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? new Date(ms + THAI_OFFSET_MS) : null;
}

/**
 * "27 พ.ย. 2569" / "27 Nov 2026" for a clock whose UTC fields are the local ones.
 * @param {Date} clock
 * @param {Lang} lang
 */
function dayText(clock, lang) {
  const year = clock.getUTCFullYear() + (lang === 'th' ? BUDDHIST_ERA : 0);
  return `${clock.getUTCDate()} ${MONTHS[lang][clock.getUTCMonth()]} ${year}`;
}

/**
 * A time (ISO) in Thai time: "27 พ.ย. 2569 14:05" on Thai pages, "27 Nov 2026 14:05" on English ones.
 * @param {string | null | undefined} iso
 * @param {Lang} lang
 */
export function dateTimeText(iso, lang) {
  const clock = thaiClock(iso);
  if (!clock) return '—';
  return `${dayText(clock, lang)} ${two(clock.getUTCHours())}:${two(clock.getUTCMinutes())}`;
}

/** A submission's time (ISO) as the teacher reads it (dateTimeText). */
export const submissionText = dateTimeText;

/**
 * The instant the due day ('YYYY-MM-DD') ends in Thai time: midnight Thai time after it.
 * @param {string | null | undefined} due
 * @returns {Date | null}
 */
export function dueEnd(due) {
  if (!due || !/^\d{4}-\d{2}-\d{2}$/.test(due)) return null;
  const start = Date.parse(`${due}T00:00:00Z`);
  return Number.isFinite(start) ? new Date(start + DAY_MS - THAI_OFFSET_MS) : null;
}

/**
 * The due day in words: "25 พ.ย. 2569" / "25 Nov 2026"; '' without a due date.
 * @param {string | null | undefined} due
 * @param {Lang} lang
 */
export function dueText(due, lang) {
  const end = dueEnd(due);
  return end ? dayText(new Date(end.getTime() + THAI_OFFSET_MS - DAY_MS), lang) : '';
}

/**
 * How late a submission (ISO) is for the due day: null when on time (up to the last second of the
 * due day in Thai time), without a due date, or without a readable time.
 * @param {string | null | undefined} iso
 * @param {string | null | undefined} due
 * @returns {{days: number, hours: number} | null}
 */
export function lateBy(iso, due) {
  const end = dueEnd(due);
  const ms = iso ? Date.parse(iso) : NaN;
  if (!end || !Number.isFinite(ms) || ms < end.getTime()) return null;
  const hours = Math.max(1, Math.ceil((ms - end.getTime()) / HOUR_MS));
  return { days: Math.floor(hours / 24), hours: hours % 24 };
}

/**
 * How late, in words: "ส่งช้า 2 วัน 3 ชั่วโมง", "ส่งช้า 5 ชั่วโมง" / "2 days 3 hours late".
 * @param {{days: number, hours: number}} late
 * @param {Lang} lang
 */
export function lateText({ days, hours }, lang) {
  if (lang === 'th') {
    const parts = [days ? `${days} วัน` : '', hours ? `${hours} ชั่วโมง` : ''].filter(Boolean);
    return `ส่งช้า ${parts.join(' ')}`;
  }
  const parts = [days ? `${days} day${days === 1 ? '' : 's'}` : '', hours ? `${hours} hour${hours === 1 ? '' : 's'}` : ''];
  return `${parts.filter(Boolean).join(' ')} late`;
}

/**
 * A time (ISO) for a spreadsheet, in Thai local time: `serial` a date-time number (format the cell
 * as a date to see it), `text` 'YYYY-MM-DD HH:MM'. Null for no time or an unreadable one.
 * @param {string | null | undefined} iso
 * @returns {{serial: number, text: string} | null}
 */
export function spreadsheetTime(iso) {
  const clock = thaiClock(iso);
  if (!clock) return null;
  const minutes = Math.floor(clock.getTime() / 60000); // to the minute, as the text shows it
  const serial = Math.round((minutes / (24 * 60) + SPREADSHEET_EPOCH_DAYS) * 1e8) / 1e8;
  const text = `${clock.getUTCFullYear()}-${two(clock.getUTCMonth() + 1)}-${two(clock.getUTCDate())} ${two(clock.getUTCHours())}:${two(clock.getUTCMinutes())}`;
  return { serial, text };
}
