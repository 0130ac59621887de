import { dayNumber } from './proration.ts';
import type { TimelineBar } from './schemas.ts';

/**
 * The co-term timeline (issue 18): what the customer owns and what the quote adds, one bar each,
 * so a seller sees everything end on the same day. Pure: the server builds the bars, the page
 * places them on an axis.
 */

export interface TimelineContract {
  contract_number: string;
  entitlements: readonly {
    id: string;
    sku: string;
    quantity: number;
    start_date: string;
    end_date: string;
  }[];
}

export interface TimelineLine {
  key: string;
  sku: string;
  /** The contract line it renews or extends; null for a new product. */
  entitlement_id: string | null;
  quantity: number;
  /** The days it runs; null: the quote's term (`defaultPeriod`), or no bar without one. */
  period_start: string | null;
  period_end: string | null;
}

/**
 * Bars: EXISTING for every entitlement of the contracts, EXTENDED for a line carrying an
 * entitlement on (renewed or co-termed), NEW for a line without one. A line without a period of
 * its own runs `defaultPeriod` (a renewal's new term); with neither it has no bar (hardware).
 */
export function buildCotermTimeline(
  contracts: readonly TimelineContract[],
  lines: readonly TimelineLine[],
  defaultPeriod: { start: string; end: string } | null = null,
): TimelineBar[] {
  const numberOfEntitlement = new Map<string, string>();
  const bars: TimelineBar[] = [];
  for (const contract of contracts) {
    for (const e of contract.entitlements) {
      numberOfEntitlement.set(e.id, contract.contract_number);
      bars.push({
        key: `entitlement:${e.id}`,
        label: e.sku,
        kind: 'EXISTING',
        contract_number: contract.contract_number,
        start: e.start_date,
        end: e.end_date,
        quantity: e.quantity,
      });
    }
  }
  for (const line of lines) {
    const start = line.period_start ?? defaultPeriod?.start ?? null;
    const end = line.period_end ?? defaultPeriod?.end ?? null;
    if (start === null || end === null) continue;
    const extends_ = line.entitlement_id !== null;
    bars.push({
      key: `line:${line.key}`,
      label: line.sku,
      kind: extends_ ? 'EXTENDED' : 'NEW',
      contract_number: extends_
        ? (numberOfEntitlement.get(line.entitlement_id ?? '') ?? null)
        : null,
      start,
      end,
      quantity: line.quantity,
    });
  }
  return bars;
}

export interface PlacedBar extends TimelineBar {
  /** From the axis start, in percent of the axis (two decimals). */
  offset_percent: number;
  width_percent: number;
}

export interface TimelineAxis {
  /** The first and last day shown; null when there are no bars. */
  start: string | null;
  end: string | null;
  days: number;
  bars: PlacedBar[];
}

const twoDecimals = (value: number) => Math.round(value * 100) / 100;

/**
 * Places bars on one axis from the earliest start to the latest end, both days included: a bar's
 * offset and width are its days before it and its own days, as shares of the axis. Bars with a
 * date that is not a calendar date are left out.
 */
export function placeTimelineBars(bars: readonly TimelineBar[]): TimelineAxis {
  const dated = bars.flatMap((bar) => {
    const [start, end] = [dayNumber(bar.start), dayNumber(bar.end)];
    return start === null || end === null || end < start ? [] : [{ bar, start, end }];
  });
  const first = dated[0];
  if (!first) return { start: null, end: null, days: 0, bars: [] };
  let min = first;
  let max = first;
  for (const item of dated) {
    if (item.start < min.start) min = item;
    if (item.end > max.end) max = item;
  }
  const days = max.end - min.start + 1;
  return {
    start: min.bar.start,
    end: max.bar.end,
    days,
    bars: dated.map(({ bar, start, end }) => ({
      ...bar,
      offset_percent: twoDecimals(((start - min.start) / days) * 100),
      width_percent: twoDecimals(((end - start + 1) / days) * 100),
    })),
  };
}
