import { describe, expect, it } from 'vitest';
import { RENEWAL_MESSAGES } from '@bastion/domain/renewals/model';
import type { RenewalLine } from '@bastion/domain/renewals/schemas';
import {
  draftReducer,
  fileProblems,
  localProblems,
  needsUpliftReason,
  overageOf,
  pricedByKey,
  toDraft,
  type DraftState,
  type EditLine,
} from './renewal-draft.ts';

const contractLine = (overrides: Partial<EditLine> = {}): EditLine => ({
  key: 'ent-1',
  entitlement_id: 'ent-1',
  contract_id: 'contract-1',
  sku: 'EP-ADV-DEV',
  sku_name: 'Endpoint Advanced',
  billing: 'ANNUAL',
  successor_sku: null,
  prior_quantity: 100,
  entitled_quantity: 100,
  sku_type: 'SAME',
  quantity: '100',
  uplift_percent: '5',
  uplift_reason: '',
  manual_discount_percent: '',
  measured_quantity: '',
  ...overrides,
});

const draft = (overrides: Partial<DraftState> = {}): DraftState => ({
  kind: 'RENEWAL',
  default_uplift_percent: '5',
  contract_length: 12,
  term_start: '',
  contract_ids: ['contract-1'],
  measured_on: '',
  lines: [contractLine()],
  drops: [],
  isDirty: false,
  ...overrides,
});

describe('the renewal draft reducer', () => {
  it('drops a contract line with its prior quantity and restores it as it was', () => {
    const edited = draftReducer(draft(), {
      type: 'line',
      key: 'ent-1',
      field: 'quantity',
      value: '80',
    });
    const dropped = draftReducer(edited, { type: 'drop', key: 'ent-1' });
    expect(dropped.lines).toEqual([]);
    expect(dropped.drops).toMatchObject([{ entitlement_id: 'ent-1', quantity: 100, reason: '' }]);
    expect(dropped.isDirty).toBe(true);

    const restored = draftReducer(dropped, { type: 'restore', entitlement_id: 'ent-1' });
    expect(restored.drops).toEqual([]);
    expect(restored.lines).toEqual([contractLine({ quantity: '80' })]);
  });

  it('drops only contract lines: a new product is removed instead', () => {
    const added = draftReducer(draft({ lines: [] }), {
      type: 'add',
      sku: { sku: 'PS-TAM-QTR', name: 'TAM quarter', billing: 'ONE_TIME' },
    });
    const [line] = added.lines;
    expect(line).toMatchObject({ entitlement_id: null, sku: 'PS-TAM-QTR', quantity: '1' });
    expect(draftReducer(added, { type: 'drop', key: line!.key })).toBe(added);
    expect(draftReducer(added, { type: 'remove', key: line!.key }).lines).toEqual([]);
  });

  it('gives each new product a key of its own', () => {
    const sku = { sku: 'PS-TAM-QTR', name: 'TAM quarter', billing: 'ONE_TIME' as const };
    const twice = draftReducer(draftReducer(draft(), { type: 'add', sku }), { type: 'add', sku });
    const keys = twice.lines.map((line) => line.key);
    expect(new Set(keys).size).toBe(3);
  });
});

describe('what the browser checks before asking the server', () => {
  it.each([
    ['a whole quantity', { quantity: '12' }, 'quantity', undefined],
    [
      'a fractional quantity',
      { quantity: '1.5' },
      'quantity',
      'Quantities are whole numbers of 0 or more.',
    ],
    [
      'an empty quantity',
      { quantity: ' ' },
      'quantity',
      'Quantities are whole numbers of 0 or more.',
    ],
    ['an uplift of -2.5', { uplift_percent: '-2.5' }, 'uplift_percent', undefined],
    [
      'an uplift over 100',
      { uplift_percent: '101' },
      'uplift_percent',
      'Uplift: a percentage such as 5 or -2.5.',
    ],
    [
      'an uplift off the default, without a reason',
      { uplift_percent: '7' },
      'uplift_reason',
      RENEWAL_MESSAGES.upliftReasonRequired,
    ],
    [
      'an uplift off the default, with a reason',
      { uplift_percent: '7', uplift_reason: 'List change' },
      'uplift_reason',
      undefined,
    ],
    [
      'a discount of 12.5',
      { manual_discount_percent: '12.5' },
      'manual_discount_percent',
      undefined,
    ],
    [
      'a negative discount',
      { manual_discount_percent: '-1' },
      'manual_discount_percent',
      'Discount: a percentage such as 10 or 12.5.',
    ],
    [
      'a usage that is not a count',
      { measured_quantity: 'lots' },
      'measured_quantity',
      RENEWAL_MESSAGES.negativeUsage,
    ],
  ])('%s', (_case, change: Partial<EditLine>, field, message) => {
    const problems = localProblems(draft({ lines: [contractLine(change)] }));
    expect(problems.get(`lines.0.${field}`)).toBe(message);
  });

  it('names each problem by the path the server would use', () => {
    const problems = localProblems(
      draft({
        lines: [
          contractLine({ uplift_percent: '7' }),
          contractLine({ key: 'ent-2', manual_discount_percent: '-1', measured_quantity: '-3' }),
        ],
        drops: [
          {
            entitlement_id: 'ent-9',
            sku: 'X',
            sku_name: 'X',
            quantity: 1,
            reason: ' ',
            line: null,
          },
        ],
      }),
    );
    expect(Object.fromEntries(problems)).toEqual({
      'lines.0.uplift_reason': RENEWAL_MESSAGES.upliftReasonRequired,
      'lines.1.manual_discount_percent': 'Discount: a percentage such as 10 or 12.5.',
      'lines.1.measured_quantity': RENEWAL_MESSAGES.negativeUsage,
      'drops.0.reason': RENEWAL_MESSAGES.dropReasonRequired,
    });
  });

  it.each([
    ['the default', '5', false],
    ['the default written otherwise', '5.0', false],
    ['another uplift', '3', true],
    ['no uplift typed', '', false],
  ])('asks for an uplift reason for %s: %s', (_case, uplift, needed) => {
    expect(needsUpliftReason(contractLine({ uplift_percent: uplift }), '5')).toBe(needed);
  });

  it('asks no reason of a new product, whatever its uplift', () => {
    expect(
      needsUpliftReason(contractLine({ entitlement_id: null, uplift_percent: '9' }), '5'),
    ).toBe(false);
  });

  it.each([
    ['120', 100, 20],
    ['80', 100, 0],
    ['7', null, 7],
    ['', 100, null],
    ['1.5', 100, null],
  ])('counts usage %s over %s entitled as %s overage', (measured, entitled, overage) => {
    expect(overageOf({ measured_quantity: measured, entitled_quantity: entitled })).toBe(overage);
  });
});

describe('the draft as the server takes it', () => {
  it('sends a renewal with its term, SKU types, uplifts and reasons', () => {
    const state = draft({
      lines: [contractLine({ uplift_percent: '7', uplift_reason: ' Price list change ' })],
      drops: [
        {
          entitlement_id: 'ent-2',
          sku: 'X',
          sku_name: 'X',
          quantity: 3,
          reason: ' Gone ',
          line: null,
        },
      ],
    });
    expect(toDraft(state)).toEqual({
      contract_length: 12,
      term_start: null,
      contract_ids: ['contract-1'],
      measured_on: null,
      lines: [
        {
          entitlement_id: 'ent-1',
          sku: 'EP-ADV-DEV',
          sku_type: 'SAME',
          quantity: 100,
          uplift_percent: '7',
          uplift_reason: 'Price list change',
          manual_discount_percent: null,
          measured_quantity: null,
        },
      ],
      drops: [{ entitlement_id: 'ent-2', reason: 'Gone' }],
    });
  });

  it('sends a true-up with its measuring date and usage, and no renewal fields', () => {
    const state = draft({
      kind: 'TRUE_UP',
      measured_on: '2027-01-31',
      lines: [contractLine({ measured_quantity: '130' })],
    });
    const sent = toDraft(state);
    expect(sent).toMatchObject({
      contract_length: null,
      term_start: null,
      measured_on: '2027-01-31',
    });
    expect(sent.lines[0]).toMatchObject({
      sku_type: null,
      uplift_percent: null,
      measured_quantity: 130,
    });
  });

  it('sends a co-term with its start date', () => {
    expect(toDraft(draft({ kind: 'COTERM', term_start: '2027-03-01' }))).toMatchObject({
      contract_length: null,
      term_start: '2027-03-01',
      measured_on: null,
    });
  });
});

describe('answers matched to the lines that were sent', () => {
  const priced = (entitlementId: string | null, sku: string) =>
    ({ entitlement_id: entitlementId, sku }) as RenewalLine;

  it('finds contract lines by entitlement and new products in their order', () => {
    const lines = [
      contractLine({ key: 'new-a', entitlement_id: null, sku: 'A' }),
      contractLine(),
      contractLine({ key: 'new-b', entitlement_id: null, sku: 'B' }),
    ];
    const byKey = pricedByKey(lines, [priced('ent-1', 'EP'), priced(null, 'A'), priced(null, 'B')]);
    expect([...byKey].map(([key, line]) => [key, line.sku])).toEqual([
      ['new-a', 'A'],
      ['ent-1', 'EP'],
      ['new-b', 'B'],
    ]);
  });

  it('files the server problems under the keys of the lines sent', () => {
    const sent = draft({
      lines: [contractLine({ key: 'k0' }), contractLine({ key: 'k1' })],
      drops: [
        { entitlement_id: 'ent-7', sku: 'X', sku_name: 'X', quantity: 1, reason: '', line: null },
      ],
    });
    const filed = fileProblems(
      [
        { path: 'draft.lines.1.sku_type', message: 'Choose SAME or SUCCESSOR.' },
        { path: 'lines.0', message: 'Unknown SKU.' },
        { path: 'drops.0.reason', message: 'Say why.' },
        { path: 'term_start', message: 'A date, please.' },
        { path: 'lines.5.quantity', message: 'No such line.' },
        { path: 'version', message: 'The quote changed.' },
      ],
      sent,
    );
    expect(Object.fromEntries(filed.byField)).toEqual({
      'k1.sku_type': 'Choose SAME or SUCCESSOR.',
      'k0.sku': 'Unknown SKU.',
      'drop:ent-7.reason': 'Say why.',
      term_start: 'A date, please.',
    });
    expect(filed.general).toEqual(['No such line.', 'The quote changed.']);
  });
});
