import { describe, expect, it } from 'vitest';
import { buildCotermTimeline, placeTimelineBars } from './timeline.ts';

const contract = {
  contract_number: 'C-2027-000001',
  entitlements: [
    {
      id: 'e1',
      sku: 'FW-SUB',
      quantity: 10,
      start_date: '2027-01-01',
      end_date: '2027-12-31',
    },
  ],
};
const merged = {
  contract_number: 'C-2027-000002',
  entitlements: [
    { id: 'e2', sku: 'VPN-SUB', quantity: 5, start_date: '2027-03-01', end_date: '2027-06-30' },
  ],
};

describe('buildCotermTimeline', () => {
  it.each([
    [
      'a new line runs its period',
      { key: 'a', sku: 'NEW', entitlement_id: null, quantity: 3 },
      { start: '2027-10-01', end: '2027-12-31' },
      { kind: 'NEW', contract_number: null },
    ],
    [
      'a merged contract line is extended to the end',
      { key: 'b', sku: 'VPN-SUB', entitlement_id: 'e2', quantity: 5 },
      { start: '2027-07-01', end: '2027-12-31' },
      { kind: 'EXTENDED', contract_number: 'C-2027-000002' },
    ],
    [
      'a bar may end on 29 February',
      { key: 'c', sku: 'NEW', entitlement_id: null, quantity: 1 },
      { start: '2028-01-01', end: '2028-02-29' },
      { kind: 'NEW', contract_number: null },
    ],
  ] as const)('%s', (_title, line, period, expected) => {
    const bars = buildCotermTimeline(
      [contract, merged],
      [{ ...line, period_start: period.start, period_end: period.end }],
    );
    expect(bars.map((b) => b.kind)).toEqual(['EXISTING', 'EXISTING', expected.kind]);
    expect(bars[2]).toEqual({
      key: `line:${line.key}`,
      label: line.sku,
      kind: expected.kind,
      contract_number: expected.contract_number,
      start: period.start,
      end: period.end,
      quantity: line.quantity,
    });
  });

  it('gives a line without a period the default one (a renewal term), else no bar', () => {
    const line = {
      key: 'r',
      sku: 'FW-SUB',
      entitlement_id: 'e1',
      quantity: 10,
      period_start: null,
      period_end: null,
    };
    expect(buildCotermTimeline([contract], [line])).toHaveLength(1);
    const bars = buildCotermTimeline([contract], [line], {
      start: '2028-01-01',
      end: '2028-12-31',
    });
    expect(bars[1]).toMatchObject({ kind: 'EXTENDED', start: '2028-01-01', end: '2028-12-31' });
  });
});

describe('placeTimelineBars', () => {
  const bar = (key: string, start: string, end: string) => ({
    key,
    label: key,
    kind: 'EXISTING' as const,
    contract_number: null,
    start,
    end,
    quantity: 1,
  });

  it('spreads bars from the first start to the last end, both days counted', () => {
    const axis = placeTimelineBars([
      bar('year', '2027-01-01', '2027-12-31'),
      bar('q4', '2027-10-01', '2027-12-31'),
    ]);
    expect(axis).toMatchObject({ start: '2027-01-01', end: '2027-12-31', days: 365 });
    expect(axis.bars.map((b) => [b.offset_percent, b.width_percent])).toEqual([
      [0, 100],
      // 273 days before 01-Oct, 92 days of Q4, out of 365.
      [74.79, 25.21],
    ]);
  });

  it('ends a bar on 29 February in a leap year', () => {
    const axis = placeTimelineBars([
      bar('leap', '2028-01-01', '2028-02-29'),
      bar('year', '2028-01-01', '2028-12-31'),
    ]);
    expect(axis.days).toBe(366);
    // 60 days (31 + 29) of 366.
    expect(axis.bars[0]).toMatchObject({ offset_percent: 0, width_percent: 16.39 });
  });

  it('leaves out bars that are not calendar dates, and an empty axis has no dates', () => {
    expect(placeTimelineBars([bar('bad', '2027-02-30', '2027-03-01')])).toEqual({
      start: null,
      end: null,
      days: 0,
      bars: [],
    });
  });
});
