import { describe, expect, it } from 'vitest';
import { compareRevisions } from './compare.ts';
import type { RevisionSnapshot } from './snapshot.ts';
import { revisionLine } from './revision.test-support.ts';

const line = revisionLine;

const snapshot = (over: Partial<RevisionSnapshot> = {}): RevisionSnapshot => ({
  currency_code: 'USD',
  header: [
    { key: 'quote_name', label: 'Quote name', value: 'Acme refresh' },
    { key: 'payment_term', label: 'Payment term', value: 'Net 30' },
  ],
  lines: [line('BX-100'), line('BX-200')],
  terms: [
    { key: 'clause-1', title: 'Warranty', text: 'One year.' },
    { key: 'custom-1', title: 'Custom clause', text: 'Delivery by March.' },
  ],
  totals: { list_minor: 200_000, discount_minor: 0, net_minor: 200_000, per_year: [] },
  pricing_problems: [],
  approval: null,
  ...over,
});

describe('compareRevisions', () => {
  it('finds nothing between a snapshot and itself', () => {
    const result = compareRevisions(snapshot(), snapshot());
    expect(result.is_same).toBe(true);
    expect(result.unchanged_line_count).toBe(2);
    expect(result.totals.net_delta_minor).toBe(0);
  });

  it.each([
    {
      case: 'a quantity',
      after: line('BX-100', {
        quantities: [12],
        net_per_year_minor: [120_000],
        net_minor: 120_000,
      }),
      changed: ['quantity', 'net'],
    },
    {
      case: 'a discount alone',
      after: line('BX-100', { discount_percent: '5' }),
      changed: ['discount'],
    },
    {
      case: 'a discount and the net it makes',
      after: line('BX-100', { discount_percent: '10', net_per_year_minor: [90_000] }),
      changed: ['discount', 'net'],
    },
  ])('reports $case changed on a line, with both figures', ({ after, changed }) => {
    const result = compareRevisions(snapshot(), snapshot({ lines: [after, line('BX-200')] }));
    expect(result.is_same).toBe(false);
    expect(result.lines).toEqual([
      expect.objectContaining({ change: 'changed', sku: 'BX-100', changed }),
    ]);
    expect(result.lines[0]?.before?.quantities).toEqual([10]);
    expect(result.unchanged_line_count).toBe(1);
  });

  it('lists lines added in the newer order and removed ones last', () => {
    const result = compareRevisions(
      snapshot(),
      snapshot({ lines: [line('BX-300'), line('BX-200')] }),
    );
    expect(result.lines.map((l) => [l.change, l.sku])).toEqual([
      ['added', 'BX-300'],
      ['removed', 'BX-100'],
    ]);
    expect(result.lines[0]?.before).toBeNull();
    expect(result.lines[1]?.after).toBeNull();
  });

  it('matches the n-th line of a SKU with the n-th, and a component under its own bundle', () => {
    const before = snapshot({
      lines: [
        line('BX-100'),
        line('BX-100', { quantities: [5] }),
        line('C-1', { parent_sku: 'B-1' }),
      ],
    });
    const after = snapshot({
      lines: [
        line('BX-100'),
        line('BX-100', { quantities: [6] }),
        line('C-1', { parent_sku: 'B-2' }),
      ],
    });
    const result = compareRevisions(before, after);
    expect(result.lines.map((l) => [l.change, l.sku, l.parent_sku, l.changed])).toEqual([
      ['changed', 'BX-100', null, ['quantity']],
      ['added', 'C-1', 'B-2', []],
      ['removed', 'C-1', 'B-1', []],
    ]);
  });

  it('reports header facts that changed, a fact that appeared included', () => {
    const after = snapshot({
      header: [
        { key: 'quote_name', label: 'Quote name', value: 'Acme refresh v2' },
        { key: 'payment_term', label: 'Payment term', value: 'Net 30' },
        { key: 'sla', label: 'SLA', value: 'Premium' },
      ],
    });
    expect(compareRevisions(snapshot(), after).header).toEqual([
      { key: 'quote_name', label: 'Quote name', before: 'Acme refresh', after: 'Acme refresh v2' },
      { key: 'sla', label: 'SLA', before: null, after: 'Premium' },
    ]);
  });

  it('reports clauses added, edited and removed with their texts', () => {
    const after = snapshot({
      terms: [
        { key: 'custom-1', title: 'Custom clause', text: 'Delivery by April.' },
        { key: 'clause-2', title: 'Liability', text: 'Capped.' },
      ],
    });
    expect(compareRevisions(snapshot(), after).terms).toEqual([
      {
        change: 'edited',
        title: 'Custom clause',
        before: 'Delivery by March.',
        after: 'Delivery by April.',
      },
      { change: 'added', title: 'Liability', before: null, after: 'Capped.' },
      { change: 'removed', title: 'Warranty', before: 'One year.', after: null },
    ]);
  });

  it.each([
    { case: 'a lower net', net: 150_000, delta: -50_000 },
    { case: 'a higher net', net: 260_000, delta: 60_000 },
  ])('gives the totals of both sides and the change of net: $case', ({ net, delta }) => {
    const result = compareRevisions(
      snapshot(),
      snapshot({
        totals: { list_minor: 200_000, discount_minor: 0, net_minor: net, per_year: [] },
      }),
    );
    expect(result.totals.net_delta_minor).toBe(delta);
    expect(result.is_same).toBe(false);
  });

  it('has no change of net when one side could not be priced, and says they differ', () => {
    const result = compareRevisions(
      snapshot(),
      snapshot({ totals: null, pricing_problems: ['No price for BX-100.'] }),
    );
    expect(result.totals.net_delta_minor).toBeNull();
    expect(result.is_same).toBe(false);
  });
});
