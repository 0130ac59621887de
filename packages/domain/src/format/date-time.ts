/**
 * Dates and times as the app shows them (spec §9): 'DD-MMM-yyyy hh:mm A z', e.g.
 * `05-Mar-2026 02:07 PM UTC`, from epoch seconds. Month names are English abbreviations of our
 * own, so the text is the same whatever the browser's locale; Intl only converts to the time
 * zone and names it. Invalid input (not a finite number, a year outside 1–9999 in the time zone,
 * an unknown time zone) gives '' so a cell shows nothing rather than 'Invalid Date' or a crash.
 * The zone name is the engine's en-US short name: UTC, EST, PDT, or 'GMT+1' where en-US has no
 * abbreviation for the zone.
 */

export const MONTH_ABBREVIATIONS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

export const DEFAULT_TIME_ZONE = 'UTC';

/** The years a four-digit format can show. */
export const MIN_DISPLAY_YEAR = 1;
export const MAX_DISPLAY_YEAR = 9999;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** A proleptic Gregorian date with a four-digit year, month 1–12 and a day the month has. */
export function isValidCalendarDate(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    year >= MIN_DISPLAY_YEAR &&
    year <= MAX_DISPLAY_YEAR &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

/** DD-MMM-YYYY from calendar parts (month 1–12); '' when they are not a valid date. */
export function formatCalendarDate(year: number, month: number, day: number): string {
  if (!isValidCalendarDate(year, month, day)) return '';
  return `${pad(day)}-${MONTH_ABBREVIATIONS[month - 1] ?? ''}-${pad(year, 4)}`;
}

interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  zoneName: string;
}

// Building a DateTimeFormat costs far more than using one, and grids format hundreds of cells.
const formatterCache = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  const cached = formatterCache.get(timeZone);
  if (cached) return cached;
  try {
    const formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      // Without the era, 1 BC would read as year 1.
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      // h23, not hour12: false, because some engines print midnight as 24 under the latter.
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    formatterCache.set(timeZone, formatter);
    return formatter;
  } catch {
    // RangeError: not a time zone this engine knows.
    return null;
  }
}

function zonedParts(epochSeconds: number | null | undefined, timeZone: string): ZonedParts | null {
  if (epochSeconds == null || !Number.isFinite(epochSeconds)) return null;
  const date = new Date(epochSeconds * 1000);
  if (Number.isNaN(date.getTime())) return null;
  const formatter = formatterFor(timeZone);
  if (!formatter) return null;
  const parts = new Map(formatter.formatToParts(date).map((part) => [part.type, part.value]));
  const numberOf = (type: Intl.DateTimeFormatPartTypes) => Number(parts.get(type));
  const result = {
    year: numberOf('year'),
    month: numberOf('month'),
    day: numberOf('day'),
    hour: numberOf('hour') % 24,
    minute: numberOf('minute'),
    zoneName: parts.get('timeZoneName') ?? '',
  };
  const isUsable =
    parts.get('era') === 'AD' &&
    isValidCalendarDate(result.year, result.month, result.day) &&
    Number.isInteger(result.hour) &&
    Number.isInteger(result.minute);
  return isUsable ? result : null;
}

/** 'DD-MMM-YYYY hh:mm AM|PM zone' for an instant in epoch seconds; '' when invalid. */
export function formatDateTime(
  epochSeconds: number | null | undefined,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const parts = zonedParts(epochSeconds, timeZone);
  if (!parts) return '';
  const meridiem = parts.hour < 12 ? 'AM' : 'PM';
  // The 12-hour clock has no hour 0: midnight and noon are both 12.
  const hour12 = parts.hour % 12 === 0 ? 12 : parts.hour % 12;
  const date = formatCalendarDate(parts.year, parts.month, parts.day);
  const time = `${pad(hour12)}:${pad(parts.minute)} ${meridiem}`;
  return parts.zoneName ? `${date} ${time} ${parts.zoneName}` : `${date} ${time}`;
}

/** 'DD-MMM-YYYY' for an instant in epoch seconds, as its date falls in the time zone. */
export function formatDate(
  epochSeconds: number | null | undefined,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const parts = zonedParts(epochSeconds, timeZone);
  return parts ? formatCalendarDate(parts.year, parts.month, parts.day) : '';
}
