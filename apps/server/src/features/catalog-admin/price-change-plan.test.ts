import { describe, expect, it } from 'vitest';
import { planPriceChanges, type PriceRowState } from './price-change-plan.ts';

const row = (id: string, from: string, to: string | null, price = 100): PriceRowState => ({
  id,
  unitPriceMinor: price,
  effectiveFrom: from,
  effectiveTo: to,
});

describe('planPriceChanges', () => {
  it('closes the row in effect and opens a new one', () => {
    const plan = planPriceChanges(
      [row('old', '2025-01-01', '2026-01-01'), row('now', '2026-01-01', null)],
      [{ key: 'a', unitPriceMinor: 120, effectiveFrom: '2027-01-01' }],
    );
    expect(plan).toEqual({
      updates: [{ id: 'now', effectiveTo: '2027-01-01', unitPriceMinor: null }],
      inserts: [{ unitPriceMinor: 120, effectiveFrom: '2027-01-01', effectiveTo: null }],
      conflicts: [],
      replaced: [],
    });
  });

  it('replaces a row starting the same day', () => {
    const plan = planPriceChanges(
      [row('now', '2026-01-01', '2027-01-01'), row('next', '2027-01-01', null)],
      [{ key: 1, unitPriceMinor: 130, effectiveFrom: '2027-01-01' }],
    );
    expect(plan.updates).toEqual([{ id: 'next', effectiveTo: null, unitPriceMinor: 130 }]);
    expect(plan.inserts).toEqual([]);
    expect(plan.replaced).toEqual([1]);
  });

  it('refuses a change under a later scheduled price, naming its first day', () => {
    const plan = planPriceChanges(
      [row('now', '2026-01-01', '2027-01-01'), row('next', '2027-01-01', null)],
      [{ key: 7, unitPriceMinor: 110, effectiveFrom: '2026-06-01' }],
    );
    expect(plan.conflicts).toEqual([{ key: 7, laterFrom: '2027-01-01' }]);
    expect(plan.updates).toEqual([]);
    expect(plan.inserts).toEqual([]);
  });

  it('applies several changes in date order, whatever order they come in', () => {
    const plan = planPriceChanges(
      [row('now', '2026-01-01', null)],
      [
        { key: 'late', unitPriceMinor: 300, effectiveFrom: '2028-01-01' },
        { key: 'early', unitPriceMinor: 200, effectiveFrom: '2027-01-01' },
      ],
    );
    expect(plan.conflicts).toEqual([]);
    expect(plan.updates).toEqual([{ id: 'now', effectiveTo: '2027-01-01', unitPriceMinor: null }]);
    expect(plan.inserts).toEqual([
      { unitPriceMinor: 200, effectiveFrom: '2027-01-01', effectiveTo: '2028-01-01' },
      { unitPriceMinor: 300, effectiveFrom: '2028-01-01', effectiveTo: null },
    ]);
  });

  it('keeps a planned end: a change inside an ending price ends with it', () => {
    const plan = planPriceChanges(
      [row('ending', '2026-01-01', '2027-06-30')],
      [{ key: 0, unitPriceMinor: 90, effectiveFrom: '2027-01-01' }],
    );
    expect(plan.inserts).toEqual([
      { unitPriceMinor: 90, effectiveFrom: '2027-01-01', effectiveTo: '2027-06-30' },
    ]);
  });

  it('starts a first price when there is none', () => {
    const plan = planPriceChanges(
      [],
      [{ key: 0, unitPriceMinor: 50, effectiveFrom: '2027-01-01' }],
    );
    expect(plan.inserts).toEqual([
      { unitPriceMinor: 50, effectiveFrom: '2027-01-01', effectiveTo: null },
    ]);
    expect(plan.updates).toEqual([]);
  });
});
