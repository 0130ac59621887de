import { formatCalendarDate, isValidCalendarDate, MONTH_ABBREVIATIONS } from './date-time.ts';

/**
 * What people type in a date field (spec §9 shows calendar dates DD-MMM-YYYY), read into the ISO
 * date the API keeps (docs/decisions/033). Accepted: `15-Mar-2027`, `5 mar 2027`, `15-March-2027`
 * (any case, a dash, a space or a slash between the parts), and the ISO form `2027-03-15`, which
 * is what a pasted value or the calendar gives. Numeric day/month orders other than ISO are
 * refused: 03/04/2027 is a different day in Boston and in Berlin.
 */

export type DateInputResult =
  { kind: 'empty' } | { kind: 'date'; iso: string } | { kind: 'invalid' };

export const DATE_INPUT_PLACEHOLDER = 'DD-MMM-YYYY';
export const DATE_INPUT_EXAMPLE = '31-Mar-2027';
export const DATE_INPUT_INVALID_MESSAGE = `Enter a date like ${DATE_INPUT_EXAMPLE}.`;

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MONTH_YEAR = /^(\d{1,2})[-\s/]+([A-Za-z]{3,9})\.?[-\s/]+(\d{4})$/;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

const FULL_MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

function monthOf(name: string): number | null {
  const lower = name.toLowerCase();
  const short = MONTH_ABBREVIATIONS.findIndex(
    (abbreviation) => abbreviation.toLowerCase() === lower,
  );
  const index = short === -1 ? FULL_MONTHS.indexOf(lower) : short;
  return index === -1 ? null : index + 1;
}

const dateOf = (year: number, month: number, day: number): DateInputResult =>
  isValidCalendarDate(year, month, day)
    ? { kind: 'date', iso: `${pad(year, 4)}-${pad(month)}-${pad(day)}` }
    : { kind: 'invalid' };

export function parseDateInput(text: string): DateInputResult {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  const iso = ISO.exec(trimmed);
  if (iso) return dateOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const typed = DAY_MONTH_YEAR.exec(trimmed);
  if (!typed) return { kind: 'invalid' };
  const month = monthOf(typed[2] ?? '');
  return month === null ? { kind: 'invalid' } : dateOf(Number(typed[3]), month, Number(typed[1]));
}

/** An ISO date as a date field shows it (DD-MMM-YYYY); any other text as it is. */
export function dateInputText(value: string | null | undefined): string {
  const iso = ISO.exec(value?.trim() ?? '');
  if (!iso) return value ?? '';
  return formatCalendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3])) || (value ?? '');
}

/** Text in a date field that is neither empty nor an ISO date: what the user must correct. */
export function isUnreadableDate(value: string | null | undefined): boolean {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return false;
  return !(ISO.test(trimmed) && parseDateInput(trimmed).kind === 'date');
}
