import { describe, expect, it } from 'vitest';
import type { RevisionLine } from '../revisions/snapshot.ts';
import {
  opportunityProductsOf,
  planOpportunityProducts,
  unitPriceOf,
  type OpportunityProduct,
  type WrittenOpportunityProduct,
} from './opportunity-products.ts';
import { revisionLine } from '../revisions/revision.test-support.ts';

const QUOTE = { id: 'q1', quote_number: 'Q-1001' };

const line = revisionLine;

const productsOf = (lines: RevisionLine[], problems: string[] = []) => {
  const outcome = opportunityProductsOf(QUOTE, { lines, pricing_problems: problems });
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.products;
};

describe('unitPriceOf', () => {
  it.each([
    [100_000, 10, 10_000],
    [1_000, 3, 333],
    [2_000, 3, 667],
    [5, 2, 3],
    [-5, 2, -3],
    [0, 4, 0],
    [100, 0, 0],
  ])('%i over %i is %i', (total, quantity, unit) => {
    expect(unitPriceOf(total, quantity)).toBe(unit);
  });
});

describe('opportunityProductsOf', () => {
  it('makes one product of a one-year line, its total the line net', () => {
    expect(productsOf([line('BX-100')])).toEqual([
      {
        key: 'q1:BX-100#1:y1',
        product_code: 'BX-100',
        name: 'Product BX-100',
        quantity: 10,
        total_minor: 100_000,
        unit_price_minor: 10_000,
        description: 'Q-1001',
      },
    ]);
  });

  it('makes one product per contract year with a quantity, totals adding up to the net', () => {
    const ramped = line('ELA-1', {
      quantities: [10, 0, 30],
      net_per_year_minor: [10_000, 0, 29_999],
      net_minor: 39_999,
    });
    const products = productsOf([ramped]);
    expect(products.map((p) => [p.key, p.quantity, p.total_minor, p.description])).toEqual([
      ['q1:ELA-1#1:y1', 10, 10_000, 'Q-1001 · year 1 of 3'],
      ['q1:ELA-1#1:y3', 30, 29_999, 'Q-1001 · year 3 of 3'],
    ]);
    expect(products.reduce((sum, p) => sum + p.total_minor, 0)).toBe(ramped.net_minor);
  });

  it('keys two lines of one SKU apart and names the bundle of a component', () => {
    const products = productsOf([
      line('BX-100'),
      line('SVC-1', { parent_sku: 'BX-100', net_per_year_minor: [0], net_minor: 0 }),
      line('BX-100', { quantities: [2] }),
    ]);
    expect(products.map((p) => [p.key, p.description])).toEqual([
      ['q1:BX-100#1:y1', 'Q-1001'],
      ['q1:SVC-1#1:y1', 'Q-1001 · in bundle BX-100'],
      ['q1:BX-100#2:y1', 'Q-1001'],
    ]);
  });

  it('writes nothing of a quote that could not be priced, and says why', () => {
    const unpriced = line('BX-100', { net_per_year_minor: [], net_minor: null });
    expect(
      opportunityProductsOf(QUOTE, {
        lines: [unpriced],
        pricing_problems: ['BX-100 has no price on 2026-12-01.'],
      }),
    ).toEqual({
      ok: false,
      message:
        'Quote Q-1001 cannot be priced, so its lines were not written to the CRM: BX-100 has no price on 2026-12-01.',
    });
  });

  it('makes no product of a quote without lines (an earlier write is then removed)', () => {
    expect(productsOf([])).toEqual([]);
  });
});

describe('planOpportunityProducts', () => {
  const wanted = (key: string, over: Partial<OpportunityProduct> = {}): OpportunityProduct => ({
    key,
    product_code: 'BX-100',
    name: 'Product BX-100',
    quantity: 10,
    total_minor: 100_000,
    unit_price_minor: 10_000,
    description: 'Q-1001',
    ...over,
  });
  const written = (
    id: string,
    key: string,
    over: Partial<WrittenOpportunityProduct> = {},
  ): WrittenOpportunityProduct => ({
    id,
    key,
    product_code: 'BX-100',
    quantity: 10,
    total_minor: 100_000,
    description: 'Q-1001',
    ...over,
  });

  it.each<{
    name: string;
    written: WrittenOpportunityProduct[];
    wanted: OpportunityProduct[];
    create: string[];
    update: string[];
    remove: string[];
  }>([
    {
      name: 'changes nothing when the CRM holds what is wanted',
      written: [written('r1', 'a'), written('r2', 'b')],
      wanted: [wanted('a'), wanted('b')],
      create: [],
      update: [],
      remove: [],
    },
    {
      name: 'creates all on a first write',
      written: [],
      wanted: [wanted('a'), wanted('b')],
      create: ['a', 'b'],
      update: [],
      remove: [],
    },
    {
      name: 'updates a product whose quantity, total or description moved',
      written: [
        written('r1', 'a', { quantity: 9 }),
        written('r2', 'b', { total_minor: 1 }),
        written('r3', 'c', { description: 'old' }),
      ],
      wanted: [wanted('a'), wanted('b'), wanted('c')],
      create: [],
      update: ['r1', 'r2', 'r3'],
      remove: [],
    },
    {
      name: 'removes what is no longer wanted (another quote became primary)',
      written: [written('r1', 'a'), written('r2', 'b')],
      wanted: [wanted('c')],
      create: ['c'],
      update: [],
      remove: ['r1', 'r2'],
    },
    {
      name: 'replaces a record whose product differs under the same key',
      written: [written('r1', 'a', { product_code: 'OLD' })],
      wanted: [wanted('a')],
      create: ['a'],
      update: [],
      remove: ['r1'],
    },
    {
      name: 'keeps the first of a key written twice',
      written: [written('r1', 'a'), written('r2', 'a')],
      wanted: [wanted('a')],
      create: [],
      update: [],
      remove: ['r2'],
    },
  ])('$name', (row) => {
    const plan = planOpportunityProducts(row.written, row.wanted);
    expect(plan.create.map((p) => p.key)).toEqual(row.create);
    expect(plan.update.map((u) => u.id)).toEqual(row.update);
    expect(plan.remove).toEqual(row.remove);
  });
});
