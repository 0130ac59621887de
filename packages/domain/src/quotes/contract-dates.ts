import {
  formatCalendarDate,
  isValidCalendarDate,
  MONTH_ABBREVIATIONS,
} from '../format/date-time.ts';

/**
 * The contract start date (spec §3, §9) is a calendar date, not an instant: it is stored as ISO
 * YYYY-MM-DD and shown as DD-MMM-YYYY. A longer ISO string (a timestamp) counts by its first 10
 * characters, the date as written, with no time zone conversion that could move it a day.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DISPLAY_DATE = /^(\d{1,2})-([A-Za-z]{3})-(\d{4})$/;

/** DD-MMM-YYYY for an ISO date, e.g. '2026-03-05' → '05-Mar-2026'; null when not a real date. */
export function formatContractStartDate(iso: string | null | undefined): string | null {
  const match = ISO_DATE.exec(iso?.trim().slice(0, 10) ?? '');
  if (!match) return null;
  const [, year, month, day] = match.map(Number);
  if (year === undefined || month === undefined || day === undefined) return null;
  return formatCalendarDate(year, month, day) || null;
}

/**
 * The ISO date back from DD-MMM-YYYY ('05-Mar-2026' → '2026-03-05'). The month is read
 * case-insensitively and a one-digit day is taken, as people type them; null when not a real
 * date.
 */
export function parseContractStartDate(display: string | null | undefined): string | null {
  const match = DISPLAY_DATE.exec(display?.trim() ?? '');
  if (!match) return null;
  const [, dayText = '', monthText = '', yearText = ''] = match;
  const monthIndex = MONTH_ABBREVIATIONS.findIndex(
    (name) => name.toLowerCase() === monthText.toLowerCase(),
  );
  const [year, month, day] = [Number(yearText), monthIndex + 1, Number(dayText)];
  if (!isValidCalendarDate(year, month, day)) return null;
  return `${yearText}-${String(month).padStart(2, '0')}-${dayText.padStart(2, '0')}`;
}
