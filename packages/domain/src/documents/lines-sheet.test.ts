import { describe, expect, it } from 'vitest';
import type { PricingInput } from '../pricing/model.ts';
import {
  catalogOf,
  catalogSku,
  priced,
  pricingInput,
  usdPrices,
} from '../pricing/pricing.test-support.ts';
import { formatUnitPrice } from '../catalog/price-text.ts';
import { formatBp } from '../pricing/decimal.ts';
import { buildLinesSheet, type SheetValue } from './lines-sheet.ts';

const catalog = catalogOf(
  catalogSku({ sku: 'BND-1', kind: 'BUNDLE', billing: 'ONE_TIME', name: 'Branch bundle' }),
  catalogSku({ sku: 'FW-1', kind: 'HARDWARE', billing: 'ONE_TIME', prices: usdPrices(100_000) }),
  catalogSku({ sku: 'SUB-1', kind: 'SUBSCRIPTION', billing: 'ANNUAL', prices: usdPrices(12_000) }),
);

function sheetOf(overrides: Partial<PricingInput>, names: Record<string, string> = {}) {
  const input = pricingInput({ catalog, ...overrides });
  const pricing = priced(input);
  return buildLinesSheet({
    quote_number: 'Q-2026-000042',
    years: pricing.years,
    lines: input.lines.map((line) => ({
      line_id: line.line_id,
      sku: line.sku,
      name: names[line.sku] ?? line.sku,
      kind: catalog[line.sku]?.kind ?? 'SUBSCRIPTION',
      parent_line_id: line.parent_line_id ?? null,
      quantities: line.quantities,
    })),
    pricing,
  });
}

/** A row as a reader sees it: text, counts, money as decimals, percents. */
const shown = (row: SheetValue[]) =>
  row.map((value) => {
    if (value === null) return '';
    if (value.kind === 'text') return value.text;
    if (value.kind === 'count') return String(value.count);
    if (value.kind === 'money') return formatUnitPrice(value.minor);
    return `${formatBp(value.bp)}%`;
  });

describe('buildLinesSheet', () => {
  it('writes a one-year quote: a row per line with both discounts, then its totals', () => {
    const sheet = sheetOf(
      {
        lines: [
          { line_id: 'a', sku: 'BND-1', quantities: [2] },
          {
            line_id: 'b',
            sku: 'FW-1',
            quantities: [2],
            parent_line_id: 'a',
            manual_discount_percent: '10',
          },
          { line_id: 'c', sku: 'SUB-1', quantities: [5] },
        ],
      },
      { 'BND-1': 'Branch bundle', 'FW-1': 'Firewall 100' },
    );
    expect(sheet.columns.map((c) => c.label)).toEqual([
      'Line',
      'SKU',
      'Product',
      'Part of bundle',
      'Quantity',
      'Unit list price',
      'Seller discount',
      'Effective discount',
      'Net amount',
    ]);
    expect(sheet.line_count).toBe(3);
    expect(sheet.rows.map(shown)).toEqual([
      // The bundle's price is its components': its own row carries none.
      ['1', 'BND-1', 'Branch bundle', '', '2', '', '', '', ''],
      ['2', 'FW-1', 'Firewall 100', 'BND-1', '2', '1000.00', '10%', '10%', '1800.00'],
      ['3', 'SUB-1', 'SUB-1', '', '5', '120.00', '0%', '0%', '600.00'],
      ['', '', '', '', '', '', '', '', ''],
      ['', '', 'List price total', '', '', '', '', '', '2600.00'],
      ['', '', 'Discounts', '', '', '', '', '', '-200.00'],
      ['', '', 'Net total (USD)', '', '', '', '', '', '2400.00'],
    ]);
  });

  it('gives a multi-year quote a quantity and a net column a year, and the years’ totals', () => {
    const sheet = sheetOf({
      quote_type: 'ELA',
      contract_length: 24,
      lines: [{ line_id: 'a', sku: 'SUB-1', quantities: [10, 20] }],
    });
    expect(sheet.columns.map((c) => c.label)).toEqual([
      'Line',
      'SKU',
      'Product',
      'Part of bundle',
      'Year 1 quantity',
      'Year 2 quantity',
      'Unit list price',
      'Seller discount',
      'Effective discount',
      'Year 1 net',
      'Year 2 net',
      'Net amount',
    ]);
    const [line, , , , net] = sheet.rows.map(shown);
    expect(line).toEqual([
      '1',
      'SUB-1',
      'SUB-1',
      '',
      '10',
      '20',
      '120.00',
      '0%',
      '0%',
      '1200.00',
      '2400.00',
      '3600.00',
    ]);
    expect(net).toEqual([
      '',
      '',
      'Net total (USD)',
      '',
      '',
      '',
      '',
      '',
      '',
      '1200.00',
      '2400.00',
      '3600.00',
    ]);
  });

  it('names the tab after the quote and keeps the quote currency', () => {
    const sheet = sheetOf({ lines: [{ line_id: 'a', sku: 'SUB-1', quantities: [1] }] });
    expect(sheet.title).toBe('Lines Q-2026-000042');
    expect(sheet.currency_code).toBe('USD');
  });
});
