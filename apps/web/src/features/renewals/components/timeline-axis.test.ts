import type { TimelineBar } from '@bastion/domain/renewals/schemas';
import { describe, expect, it } from 'vitest';
import { tickUnitFor, timelineAxis } from './timeline-axis.ts';

const bar = (key: string, start: string, end: string): TimelineBar => ({
  key,
  label: key,
  kind: 'EXISTING',
  contract_number: 'C-1',
  start,
  end,
  quantity: 1,
});

describe('tickUnitFor', () => {
  it.each([
    [365, 'month'],
    [731, 'month'],
    [732, 'quarter'],
    [5 * 366, 'quarter'],
    [5 * 366 + 1, 'year'],
  ] as const)('%i days: %s ticks', (days, unit) => {
    expect(tickUnitFor(days)).toBe(unit);
  });
});

describe('timelineAxis', () => {
  it('is null without a bar it can place', () => {
    expect(timelineAxis([])).toBeNull();
    expect(timelineAxis([bar('x', 'not a day', '2026-01-01')])).toBeNull();
  });

  it('spans the earliest start to the latest end, both days included, bars in percent', () => {
    const axis = timelineAxis([
      bar('a', '2026-01-01', '2026-01-10'),
      bar('b', '2026-01-06', '2026-01-20'),
    ]);
    expect(axis).not.toBeNull();
    if (!axis) return;
    expect([axis.start, axis.end, axis.days]).toEqual(['2026-01-01', '2026-01-20', 20]);
    expect(axis.bars.map((p) => [p.bar.key, p.left, p.width])).toEqual([
      ['a', 0, 50],
      ['b', 25, 75],
    ]);
    // A day's first moment and a term ending that day; off the axis is null.
    expect(axis.startOf('2026-01-11')).toBe(50);
    expect(axis.endOf('2026-01-20')).toBe(100);
    expect(axis.startOf('2025-12-31')).toBeNull();
    expect(axis.endOf('2026-01-21')).toBeNull();
  });

  it('names each month on a short axis, with the year on the first and in January', () => {
    const axis = timelineAxis([bar('a', '2025-11-15', '2026-02-14')]);
    expect(axis?.tickUnit).toBe('month');
    expect(axis?.ticks.map((tick) => [tick.iso, tick.label])).toEqual([
      ['2025-12-01', 'Dec 2025'],
      ['2026-01-01', 'Jan 2026'],
      ['2026-02-01', 'Feb'],
    ]);
  });

  it('draws months as lines and names the quarters past about half a year', () => {
    const axis = timelineAxis([bar('a', '2026-01-01', '2026-12-31')]);
    expect(axis?.ticks.filter((tick) => tick.label !== '').map((tick) => tick.label)).toEqual([
      'Jan 2026',
      'Apr',
      'Jul',
      'Oct',
    ]);
    expect(axis?.ticks).toHaveLength(12);
  });

  it('ticks years on an axis beyond five years', () => {
    const axis = timelineAxis([bar('a', '2024-03-01', '2030-02-28')]);
    expect(axis?.tickUnit).toBe('year');
    expect(axis?.ticks.map((tick) => tick.label)).toEqual([
      '2025',
      '2026',
      '2027',
      '2028',
      '2029',
      '2030',
    ]);
  });
});
