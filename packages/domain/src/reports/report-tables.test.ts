import { describe, expect, it } from 'vitest';
import { reportCsv, reportCsvFileName, reportTable, winRatePercent } from './report-tables.ts';
import type { ReportResult } from './schemas.ts';

describe('winRatePercent', () => {
  it.each([
    [0, 0, null],
    [1, 0, '100.0'],
    [0, 3, '0.0'],
    [1, 2, '33.3'],
    [2, 1, '66.7'],
    [1, 7, '12.5'],
    [1, 15, '6.3'], // 6.25 → 6.3 (half away from zero)
    [999, 1, '99.9'],
  ])('%d won, %d lost is %s', (won, lost, expected) => {
    expect(winRatePercent(won, lost)).toBe(expected);
  });
});

describe('reportTable', () => {
  it('names the currency in money headers and labels statuses', () => {
    const table = reportTable({
      report: 'pipeline',
      currency_code: 'EUR',
      rows: [{ month: '2026-03', status_id: 'SH_HW_CONFIG', quote_count: 2, value_minor: 12_345 }],
    });
    expect(table.columns.map((c) => c.header)).toEqual([
      'Month',
      'Status',
      'Quotes',
      'Value (EUR)',
    ]);
    expect(table.rows).toEqual([['2026-03', 'Shipping & Hardware', 2, 12_345]]);
  });
});

describe('reportCsv', () => {
  const cases: [string, ReportResult, string][] = [
    [
      'top accounts, with a formula-like name and a comma',
      {
        report: 'top-accounts',
        currency_code: 'USD',
        rows: [
          { account_id: 'A1', account_name: '=cmd|calc', quote_count: 3, value_minor: 123_456 },
          { account_id: 'A2', account_name: 'Smith, Jones', quote_count: 1, value_minor: -5 },
        ],
      },
      'Account,Account ID,Quotes,Value (USD)\r\n' +
        "'=cmd|calc,A1,3,1234.56\r\n" +
        '"Smith, Jones",A2,1,-0.05\r\n',
    ],
    [
      'win rate, with no decided quotes',
      {
        report: 'win-rate',
        currency_code: 'GBP',
        rows: [
          {
            month: '2026-01',
            won_count: 0,
            rejected_count: 0,
            expired_count: 0,
            win_rate_percent: null,
            won_value_minor: 0,
          },
        ],
      },
      'Month,Won,Rejected,Expired,Win rate %,Won value (GBP)\r\n2026-01,0,0,0,,0.00\r\n',
    ],
    [
      'discounts',
      {
        report: 'discounts',
        currency_code: 'USD',
        rows: [
          {
            family_id: 'FW',
            family_name: 'Firewalls',
            line_count: 4,
            average_discount_percent: '12.50',
            max_discount_percent: '30.00',
            average_effective_discount_percent: '20.75',
            max_effective_discount_percent: '38.25',
          },
        ],
      },
      'Product family,Lines,Average seller discount %,Maximum seller discount %,Average effective discount %,Maximum effective discount %\r\nFirewalls,4,12.50,30.00,20.75,38.25\r\n',
    ],
    [
      'approval cycle',
      {
        report: 'approval-cycle',
        currency_code: 'USD',
        rows: [
          { group_name: '+Finance', decided_count: 2, median_hours: '3.5', p90_hours: '10.0' },
        ],
      },
      "Approval group,Decided steps,Median hours,90th percentile hours\r\n'+Finance,2,3.5,10.0\r\n",
    ],
    [
      'regions, with a quote of no region',
      {
        report: 'regions',
        currency_code: 'USD',
        rows: [{ region: '', quote_count: 1, value_minor: 100 }],
      },
      'Region,Quotes,Value (USD)\r\nNo region,1,1.00\r\n',
    ],
  ];
  it.each(cases)('%s', (_label, result, csv) => {
    expect(reportCsv(result)).toBe(csv);
  });

  it('names the file by module, report, range and currency', () => {
    expect(
      reportCsvFileName('quotes', 'win-rate', {
        date_from: '2026-01-01',
        date_to: '2026-06-30',
        region: '',
        quote_type: '',
        deal_type: '',
        currency_code: 'EUR',
      }),
    ).toBe('quotes-win-rate-2026-01-01-2026-06-30-EUR.csv');
  });
});
