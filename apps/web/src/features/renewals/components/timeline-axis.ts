import { MONTH_ABBREVIATIONS } from '@bastion/domain/format/date-time';
import { dayNumber } from '@bastion/domain/renewals/proration';
import type { TimelineBar } from '@bastion/domain/renewals/schemas';
import { placeTimelineBars } from '@bastion/domain/renewals/timeline';

/*
 * The one time axis of the co-term timeline, as plain numbers so it can be tested without a
 * browser: every bar, tick and marker is a percentage of the axis width. A day is a slot on the
 * axis; a bar covers its first to its last day, both included (contract dates are inclusive).
 * The bars are placed by the domain (renewals/timeline.ts); the ticks and markers are the page's.
 */

export interface PlacedBar<T> {
  bar: T;
  /** Percent of the axis width from its left edge to the bar's first day. */
  left: number;
  /** Percent of the axis width the bar's days take. */
  width: number;
}

export interface AxisTick {
  /** The first day of the month the tick stands for. */
  iso: string;
  /** '' for a month tick drawn as a line only (on longer month axes only quarters are named). */
  label: string;
  left: number;
}

export interface TimelineAxis<T> {
  /** The earliest start and the latest end of the bars. */
  start: string;
  end: string;
  days: number;
  bars: PlacedBar<T>[];
  /** Month ticks on short axes, quarters on longer ones, years beyond five years. */
  ticks: AxisTick[];
  tickUnit: 'month' | 'quarter' | 'year';
  /** Where a day's first moment falls, or null when the day is off the axis. */
  startOf: (iso: string) => number | null;
  /** Where a day's last moment falls (a term ending that day), or null when off the axis. */
  endOf: (iso: string) => number | null;
}

const DAY_MS = 86_400_000;
const isoOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The month unit that keeps ticks readable: about a dozen or fewer labels. */
export function tickUnitFor(days: number): 'month' | 'quarter' | 'year' {
  if (days <= 731) return 'month';
  if (days <= 5 * 366) return 'quarter';
  return 'year';
}

/** The axis for these bars (those with unreadable dates are left off); null with no bars. */
export function timelineAxis<T extends TimelineBar>(bars: readonly T[]): TimelineAxis<T> | null {
  const placed = placeTimelineBars(bars);
  const { start, end } = placed;
  const first = start === null ? null : dayNumber(start);
  if (start === null || end === null || first === null) return null;
  const { days } = placed;
  const last = first + days - 1;
  // placeTimelineBars keeps the bars it placed in order: pair them back with the caller's.
  const byKey = new Map(bars.map((bar) => [bar.key, bar]));
  const percent = (slots: number) => (slots / days) * 100;
  const onAxis = (value: number) => (value < 0 || value > 100 ? null : value);

  const tickUnit = tickUnitFor(days);
  const step = tickUnit === 'month' ? 1 : tickUnit === 'quarter' ? 3 : 12;
  const ticks: AxisTick[] = [];
  const firstDate = new Date(first * DAY_MS);
  let month = firstDate.getUTCFullYear() * 12 + firstDate.getUTCMonth();
  // The first tick is the first month start on or after the axis start that is on the step.
  if (firstDate.getUTCDate() !== 1) month += 1;
  while (month % step !== 0) month += 1;
  for (; ; month += step) {
    const year = Math.floor(month / 12);
    const monthIndex = month % 12;
    const day = Date.UTC(year, monthIndex, 1) / DAY_MS;
    if (day > last) break;
    const name = MONTH_ABBREVIATIONS[monthIndex] ?? '';
    // Past about half a year, month names crowd: the months are lines and the quarters named.
    const isNamed = tickUnit !== 'month' || days <= 200 || monthIndex % 3 === 0;
    const showsYear = monthIndex === 0 || !ticks.some((tick) => tick.label !== '');
    ticks.push({
      iso: isoOfDay(day),
      label: !isNamed
        ? ''
        : tickUnit === 'year'
          ? String(year)
          : showsYear
            ? `${name} ${year}`
            : name,
      left: percent(day - first),
    });
  }

  return {
    start,
    end,
    days,
    bars: placed.bars.flatMap((p) => {
      const bar = byKey.get(p.key);
      return bar ? [{ bar, left: p.offset_percent, width: p.width_percent }] : [];
    }),
    ticks,
    tickUnit,
    startOf: (iso) => {
      const day = dayNumber(iso);
      return day === null ? null : onAxis(percent(day - first));
    },
    endOf: (iso) => {
      const day = dayNumber(iso);
      return day === null ? null : onAxis(percent(day - first + 1));
    },
  };
}
