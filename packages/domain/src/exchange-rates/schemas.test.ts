import { describe, expect, it } from 'vitest';
import { EXCHANGE_RATE_MESSAGES as M, exchangeRateSchema, rateText, readRate } from './schemas.ts';

const TODAY = '2026-12-07';
const schema = exchangeRateSchema(() => TODAY);
const good = { currency_code: 'EUR', units_per_usd: '0.92', effective_from: TODAY, note: '' };

/** The one problem of a rate, as path and message; null when it is good. */
function problemOf(change: Record<string, unknown>) {
  const parsed = schema.safeParse({ ...good, ...change });
  if (parsed.success) return null;
  const [issue] = parsed.error.issues;
  return [issue?.path.join('.'), issue?.message];
}

describe('a rate as text', () => {
  it.each([
    ['0.92', 920_000, '0.920000'],
    ['151.5', 151_500_000, '151.500000'],
    ['0.000001', 1, '0.000001'],
    [' 3.612345 ', 3_612_345, '3.612345'],
    ['1.2300000', 1_230_000, '1.230000'],
    ['10000000', 10_000_000_000_000, '10000000.000000'],
  ])('reads %j exactly', (text, micro, normal) => {
    expect(readRate(text)).toEqual({ ok: true, micro });
    expect(rateText(micro)).toBe(normal);
  });

  it.each([
    ['', M.rateMissing],
    ['0', M.rateNotPositive],
    ['0.0000004', M.rateDecimals],
    ['-1', M.rateNotPositive],
    ['1,5', M.rateFormat],
    ['.5', M.rateFormat],
    ['1e3', M.rateFormat],
    ['10000000.000001', M.rateTooLarge],
    ['999999999999999', M.rateTooLarge],
  ])('refuses %j', (text, message) => {
    expect(readRate(text)).toEqual({ ok: false, message });
  });
});

describe('a rate to add', () => {
  it('comes out upper-cased, trimmed and with six decimals', () => {
    expect(
      schema.parse({ currency_code: ' gbp ', units_per_usd: '0.79', effective_from: '2026-01-05' }),
    ).toEqual({
      currency_code: 'GBP',
      units_per_usd: '0.790000',
      effective_from: '2026-01-05',
      note: '',
    });
  });

  it.each([
    [{ currency_code: 'USD' }, 'currency_code', M.currencyIsBase],
    [{ currency_code: 'EU' }, 'currency_code', M.currencyFormat],
    [{ currency_code: '' }, 'currency_code', M.currencyMissing],
    [{ currency_code: 42 }, 'currency_code', M.currencyMissing],
    [{ units_per_usd: 0.92 }, 'units_per_usd', M.rateNotText],
    [{ units_per_usd: undefined }, 'units_per_usd', M.rateMissing],
    [{ effective_from: '2026-12-08' }, 'effective_from', M.dayInFuture(TODAY)],
    [{ effective_from: '2026-02-29' }, 'effective_from', M.dayFormat('2026-02-29')],
    [{ effective_from: '07-Dec-2026' }, 'effective_from', M.dayFormat('07-Dec-2026')],
    [{ effective_from: '1969-12-31' }, 'effective_from', M.dayTooEarly],
    [{ effective_from: '' }, 'effective_from', M.dayMissing],
    [{ note: 'x'.repeat(501) }, 'note', M.noteTooLong],
  ])('refuses %j at its field', (change, path, message) => {
    expect(problemOf(change)).toEqual([path, message]);
  });

  it('takes today and a leap day', () => {
    expect(problemOf({ effective_from: TODAY })).toBeNull();
    expect(problemOf({ effective_from: '2024-02-29' })).toBeNull();
  });
});
