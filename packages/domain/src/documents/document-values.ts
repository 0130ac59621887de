import { formatBp } from '../pricing/decimal.ts';

/** The formats the quote document writes its values in, shared by its sections. */

/** A value the document has nothing for. */
export const NONE = '—';

export const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
export const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** Counts with US grouping ('1,200'), built here so every engine writes the same. */
export const formatCount = (n: number) =>
  `${n < 0 ? '-' : ''}${String(Math.abs(Math.trunc(n))).replace(/\B(?=(\d{3})+$)/g, ',')}`;

export const formatPercentBp = (bp: number) => `${formatBp(bp)}%`;

/** 'YYYY-MM-DD' plus days, as a calendar date (no time zone moves it). */
export function addDays(isoDate: string, days: number): string | null {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return null;
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export const contractYearsOf = (quoteType: string, contractLength: number) =>
  quoteType === 'ELA' ? Math.min(5, Math.max(1, Math.ceil(contractLength / 12))) : 1;

export function addressLines(value: unknown): string[] {
  const a = record(value);
  const cityLine = [text(a.city), [text(a.state), text(a.postal_code)].filter(Boolean).join(' ')]
    .filter((part) => part !== null && part !== '')
    .join(', ');
  return [text(a.street), cityLine === '' ? null : cityLine, text(a.country)].filter(
    (line): line is string => line !== null,
  );
}
