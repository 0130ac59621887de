import { describe, expect, it } from 'vitest';
import { CATALOG_DEMO } from './catalog-demo-data.ts';
import { PRICE_PERIODS } from './catalog-demo-tables.ts';
import { crmDemoData } from './crm-demo-data.ts';
import { priceBooksDemoData } from './price-books-demo-data.ts';

const data = priceBooksDemoData();
const skuByCode = new Map(CATALOG_DEMO.skus.map((s) => [s.sku, s]));
const listOf = (sku: string, currency: string) =>
  CATALOG_DEMO.prices.find(
    (p) =>
      p.sku === sku && p.currencyCode === currency && p.effectiveFrom === PRICE_PERIODS.current,
  )?.unitPriceMinor;
const bookNamed = (name: string) => data.books.find((b) => b.name === name);
const entriesOf = (name: string) =>
  data.entries.filter((entry) => entry.priceBookId === bookNamed(name)?.id);

describe('the demo price books', () => {
  it('is the same on every run', () => {
    expect(priceBooksDemoData()).toEqual(data);
  });

  it('matches on the segment or the partner only, so accounts without a segment keep the list', () => {
    expect(
      data.books.map((b) => [
        b.name,
        b.segment,
        b.region,
        b.salesChannel,
        b.partnerType,
        b.priority,
      ]),
    ).toEqual([
      ['Public sector', 'Public sector', null, null, null, 10],
      ['Education', 'Education', null, null, null, 10],
      ['Partner Premier', null, null, 'T1', 'PREMIER', 5],
    ]);
    const segments = new Set(crmDemoData().accounts.map((a) => a.segment ?? ''));
    expect(segments).toEqual(new Set(['', 'Public sector', 'Education']));
  });

  it('prices firewall hardware and subscriptions about 8 and 12 % below list, in USD, EUR and GBP', () => {
    for (const [name, percent] of [
      ['Public sector', 8],
      ['Education', 12],
      ['Partner Premier', 5],
    ] as const) {
      const entries = entriesOf(name);
      expect(entries.length, name).toBeGreaterThan(name === 'Partner Premier' ? 10 : 100);
      expect(new Set(entries.map((e) => e.currencyCode)), name).toEqual(
        new Set(['USD', 'EUR', 'GBP']),
      );
      for (const entry of entries) {
        const sku = skuByCode.get(entry.sku);
        expect(sku?.familyId, entry.sku).toBe('FIREWALL');
        expect(['HARDWARE', 'SUBSCRIPTION'], entry.sku).toContain(sku?.kind);
        const list = listOf(entry.sku, entry.currencyCode) ?? Number.NaN;
        // Whole units, within a unit of the percentage below list.
        expect(entry.unitPriceMinor % 100, entry.sku).toBe(0);
        expect(Math.abs(entry.unitPriceMinor - (list * (100 - percent)) / 100)).toBeLessThanOrEqual(
          50,
        );
        expect(entry.unitPriceMinor, entry.sku).toBeLessThan(list);
      }
    }
  });

  it('gives public-sector accounts their segment, and one university Education', () => {
    const customers = crmDemoData().accounts.filter((a) => a.kind === 'CUSTOMER');
    expect(customers.filter((a) => a.isPublicSector).every((a) => a.segment !== '')).toBe(true);
    expect(customers.filter((a) => !a.isPublicSector).every((a) => a.segment === '')).toBe(true);
    expect(customers.find((a) => a.name === 'Lakeshore University')?.segment).toBe('Education');
    expect(customers.find((a) => a.name === 'City of Springfield')?.segment).toBe('Public sector');
  });
});
