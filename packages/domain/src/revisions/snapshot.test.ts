import { describe, expect, it } from 'vitest';
import type { PricingResult } from '../pricing/model.ts';
import { revisionSnapshotOf, type RevisionSource } from './snapshot.ts';

const source = (over: Partial<RevisionSource> = {}): RevisionSource => ({
  quote: {
    quote_name: 'Acme refresh',
    quote_type: 'STANDARD',
    deal_type: 'NB',
    sales_channel: 'T1',
    partner_type: 'GOLD',
    contract_length: 12,
    currency_code: 'EUR',
    price_date: '2026-12-01',
    status_id: 'TNC',
  },
  details: {
    opportunity: { payment_term_name: 'Net 45' },
    header: { contract_start_date: '2027-01-01', payment_term_name: 'Net 30' },
  },
  lines: [
    {
      line_id: 'l1',
      sku: 'B-1',
      name: 'Bundle',
      parent_line_id: null,
      quantities: [1],
      manual_discount_percent: '0.00',
    },
    {
      line_id: 'l2',
      sku: 'C-1',
      name: 'Component',
      parent_line_id: 'l1',
      quantities: [3],
      manual_discount_percent: '12.50',
    },
  ],
  pricing: null,
  terms: [
    { clause_id: 'a1', title: 'Warranty', text: 'One year.' },
    { clause_id: null, title: 'Custom clause', text: 'Delivery by March.' },
    { clause_id: null, title: 'Custom clause', text: 'Training included.' },
  ],
  approval: null,
  ...over,
});

const priced = (netPerYear: number[]): RevisionSource['pricing'] => ({
  ok: true,
  result: {
    lines: [
      {
        line_id: 'l2',
        net_minor: netPerYear.reduce((a, b) => a + b, 0),
        years: netPerYear.map((net_minor, i) => ({ year: i + 1, net_minor })),
      },
    ],
    totals: {
      list_minor: 50_000,
      discount_minor: 5_000,
      net_minor: 45_000,
      per_year: [{ year: 1, list_minor: 50_000, net_minor: 45_000 }],
    },
    price_book: { id: 'pb', name: 'EMEA partners 2027' },
  } as unknown as PricingResult,
});

describe('revisionSnapshotOf', () => {
  it('words the header as the document does, the header form winning over the CRM', () => {
    const facts = Object.fromEntries(
      revisionSnapshotOf(source()).header.map((fact) => [fact.key, fact.value]),
    );
    expect(facts).toMatchObject({
      quote_name: 'Acme refresh',
      status: 'Terms & Conditions',
      sales_channel: 'Partner (tier 1)',
      contract_length: '12 months',
      contract_dates: '01-Jan-2027',
      payment_term: 'Net 30',
      price_book: null,
    });
  });

  it('names a component’s bundle by SKU and keeps discounts in their shortest form', () => {
    const { lines } = revisionSnapshotOf(source());
    expect(lines.map((l) => [l.sku, l.parent_sku, l.discount_percent])).toEqual([
      ['B-1', null, '0'],
      ['C-1', 'B-1', '12.5'],
    ]);
  });

  it('keys standard clauses by clause and custom ones by their order', () => {
    expect(revisionSnapshotOf(source()).terms.map((t) => t.key)).toEqual([
      'a1',
      'custom-1',
      'custom-2',
    ]);
  });

  it.each([
    { case: 'unpriced', pricing: null, totals: null, net: [null], problems: [] },
    {
      case: 'priced',
      pricing: priced([45_000]),
      totals: 45_000,
      net: [null, 45_000],
      problems: [],
    },
    {
      case: 'not priceable',
      pricing: { ok: false as const, messages: ['No EUR price for C-1.'] },
      totals: null,
      net: [null],
      problems: ['No EUR price for C-1.'],
    },
  ])('carries the nets and totals of a quote $case', ({ pricing, totals, net, problems }) => {
    const snapshot = revisionSnapshotOf(source({ pricing }));
    expect(snapshot.totals?.net_minor ?? null).toBe(totals);
    expect([...new Set(snapshot.lines.map((l) => l.net_minor))]).toEqual(net);
    expect(snapshot.pricing_problems).toEqual(problems);
  });

  it('names the price book a priced quote uses', () => {
    const facts = revisionSnapshotOf(source({ pricing: priced([45_000]) })).header;
    expect(facts.find((f) => f.key === 'price_book')?.value).toBe('EMEA partners 2027');
  });
});
