import { describe, expect, it } from 'vitest';
import { REPORT_MESSAGES } from './model.ts';
import { ZReportFilters, ZRunReportBody } from './schemas.ts';

const base = { date_from: '2026-01-01', date_to: '2026-12-31' };
const firstMessage = (input: unknown) => {
  const parsed = ZReportFilters.safeParse(input);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? '');
};

describe('ZReportFilters', () => {
  it('fills in any region, type and deal type, and USD', () => {
    expect(ZReportFilters.parse(base)).toEqual({
      ...base,
      region: '',
      quote_type: '',
      deal_type: '',
      currency_code: 'USD',
    });
    expect(ZReportFilters.parse({ ...base, currency_code: ' eur ' }).currency_code).toBe('EUR');
  });

  it.each([
    [{ ...base, date_from: '2026-02-30' }, REPORT_MESSAGES.date('From')],
    [{ ...base, date_to: '31-12-2026' }, REPORT_MESSAGES.date('To')],
    [{ date_from: '2026-02-01', date_to: '2026-01-31' }, REPORT_MESSAGES.dateOrder],
    [{ date_from: '2016-01-01', date_to: '2026-01-01' }, REPORT_MESSAGES.rangeTooLong],
    [{ ...base, region: 'Mars' }, REPORT_MESSAGES.region],
    [{ ...base, quote_type: 'BIG' }, REPORT_MESSAGES.quoteType],
    [{ ...base, deal_type: 'XX' }, REPORT_MESSAGES.dealType],
    [{ ...base, currency_code: 'EURO' }, REPORT_MESSAGES.currency],
    [{ ...base, currency_code: 12 }, REPORT_MESSAGES.currency],
  ])('refuses %j: %s', (input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it.each([
    [{ date_from: '2016-01-02', date_to: '2026-01-01' }],
    [{ ...base, region: 'EMEA', quote_type: 'ELA', deal_type: 'NB' }],
    [{ date_from: '2026-05-05', date_to: '2026-05-05' }],
  ])('accepts %j', (input) => {
    expect(firstMessage(input)).toBeNull();
  });
});

describe('ZRunReportBody', () => {
  it('needs a known report and a module name', () => {
    expect(
      ZRunReportBody.safeParse({ module_name: 'quotes', report: 'x', filters: base }).error
        ?.issues[0]?.message,
    ).toBe(REPORT_MESSAGES.report);
    expect(
      ZRunReportBody.safeParse({ module_name: ' ', report: 'pipeline', filters: base }).error
        ?.issues[0]?.message,
    ).toBe(REPORT_MESSAGES.moduleName);
  });
});
