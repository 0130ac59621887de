import { describe, expect, it } from 'vitest';
import { UNDO_DEPTH, linesReducer, type DraftLine, type LinesState } from './line-state.ts';

/* Issue 38: changes to several selected lines at once, and their undo before saving. */

const line = (key: string, overrides: Partial<DraftLine> = {}): DraftLine => ({
  key,
  sku: `SKU-${key}`,
  name: `Product ${key}`,
  kind: 'SUBSCRIPTION',
  billing: 'ANNUAL',
  quantities: ['1', '1', '1'],
  discount: '',
  unitList: null,
  ...overrides,
});

const start = (): LinesState => ({
  isDirty: false,
  lines: [
    line('a'),
    line('b', { discount: '5' }),
    line('kit', { kind: 'BUNDLE', billing: 'ONE_TIME', quantities: ['2', '0', '0'] }),
    line('opt', { parentKey: 'kit', perBundle: 3, quantities: ['6', '0', '0'] }),
    line('fw', {
      kind: 'HARDWARE',
      billing: 'ONE_TIME',
      haCapable: true,
      quantities: ['2', '0', '0'],
    }),
    line('sized', { isSized: true }),
  ],
});

const pick = (state: LinesState, field: 'quantities' | 'discount' | 'highAvailability') =>
  Object.fromEntries(state.lines.map((l) => [l.key, l[field]]));

describe('changing several lines at once', () => {
  it('sets one year’s quantity, options following their bundle, the sizing’s lines left alone', () => {
    const next = linesReducer(start(), {
      type: 'editMany',
      keys: ['a', 'kit', 'opt', 'sized'],
      change: { quantity: { year: 0, value: '4' } },
    });
    expect(pick(next, 'quantities')).toMatchObject({
      a: ['4', '1', '1'],
      kit: ['4', '0', '0'],
      opt: ['12', '0', '0'],
      sized: ['1', '1', '1'],
    });
    expect(next.isDirty).toBe(true);
  });

  it('sets every year’s quantity, a discount (not on a bundle) and the pair where it can be one', () => {
    const next = linesReducer(start(), {
      type: 'editMany',
      keys: ['a', 'b', 'kit', 'fw'],
      change: { quantity: { year: 'all', value: '6' }, discount: '12.5', highAvailability: true },
    });
    expect(pick(next, 'quantities')).toMatchObject({ a: ['6', '6', '6'], fw: ['6', '6', '6'] });
    expect(pick(next, 'discount')).toMatchObject({ a: '12.5', b: '12.5', kit: '', fw: '12.5' });
    expect(pick(next, 'highAvailability')).toMatchObject({ fw: true, a: undefined });
  });

  it('fills the first selected line’s quantities or discount down the others', () => {
    // From the selected line highest in the table, whatever order they were picked in.
    const quantities = linesReducer(start(), {
      type: 'fillDown',
      keys: ['kit', 'sized', 'b'],
      field: 'quantities',
    });
    expect(pick(quantities, 'quantities')).toMatchObject({
      kit: ['1', '1', '1'],
      opt: ['3', '3', '3'],
      sized: ['1', '1', '1'],
    });
    const discounts = linesReducer(start(), {
      type: 'fillDown',
      keys: ['fw', 'b'],
      field: 'discount',
    });
    expect(pick(discounts, 'discount')).toMatchObject({ a: '', b: '5', fw: '5' });
  });

  it('removes the selected lines, a bundle with its options', () => {
    const next = linesReducer(start(), { type: 'removeMany', keys: ['a', 'kit'] });
    expect(next.lines.map((l) => l.key)).toEqual(['b', 'fw', 'sized']);
  });

  it('undoes each change to several lines in turn, until an edit of one line', () => {
    const first = linesReducer(start(), { type: 'removeMany', keys: ['a'] });
    const second = linesReducer(first, {
      type: 'editMany',
      keys: ['b'],
      change: { discount: '9' },
    });
    const undone = linesReducer(second, { type: 'undo' });
    expect(undone.lines).toEqual(first.lines);
    expect(linesReducer(undone, { type: 'undo' }).lines).toEqual(start().lines);
    // Typing in one line is not undone by the button: it would throw that typing away.
    const typed = linesReducer(second, { type: 'discount', key: 'b', value: '7' });
    expect(typed.undo).toBeUndefined();
  });

  it('keeps the last changes to undo, and a change that changes nothing is none', () => {
    let state = start();
    for (let i = 0; i < UNDO_DEPTH + 5; i++) {
      state = linesReducer(state, {
        type: 'editMany',
        keys: ['a'],
        change: { discount: String(i) },
      });
    }
    expect(state.undo).toHaveLength(UNDO_DEPTH);
    expect(
      linesReducer(state, { type: 'editMany', keys: ['kit'], change: { discount: '3' } }),
    ).toBe(state);
  });
});
