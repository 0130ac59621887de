import { describe, expect, it } from 'vitest';
import { approvalFingerprintSource, canonicalJson, type FingerprintInput } from './fingerprint.ts';

const base: FingerprintInput = {
  quote_type: 'ELA',
  deal_type: 'NB',
  contract_length: 36,
  currency_code: 'USD',
  price_date: '2026-11-23',
  sales_channel: 'T1',
  partner_type: 'PREMIER',
  partner_account_id: '001P1',
  payment_term_days: 30,
  total_minor: 1_000_00,
  lines: [
    { sku: 'FW-100', quantities: [1, 2, 3], manual_discount_percent: '10', net_minor: 50_00 },
    { sku: 'TP-S', quantities: [5], manual_discount_percent: '0', net_minor: 50_00 },
  ],
  terms: [
    { clause_id: 'c1', title: 'Liability', body: 'Capped.' },
    { clause_id: null, title: 'Own', body: 'Our words.' },
  ],
  secure_access: null,
};

describe('canonicalJson', () => {
  it('sorts keys at every level and leaves out undefined', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: undefined }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"z":1}]},"b":1}',
    );
  });
});

describe('approvalFingerprintSource', () => {
  const source = approvalFingerprintSource(base);

  it('does not depend on line order or on how a discount is written', () => {
    expect(
      approvalFingerprintSource({
        ...base,
        lines: [
          { ...base.lines[1]!, manual_discount_percent: '0.00' },
          { ...base.lines[0]!, quantities: [1, 2, 3, 0, 0], manual_discount_percent: '10.0' },
        ],
      }),
    ).toBe(source);
  });

  it.each<[string, Partial<FingerprintInput>]>([
    ['a quantity', { lines: [{ ...base.lines[0]!, quantities: [1, 2, 4] }, base.lines[1]!] }],
    [
      'a discount',
      { lines: [{ ...base.lines[0]!, manual_discount_percent: '10.5' }, base.lines[1]!] },
    ],
    [
      'a line added',
      {
        lines: [
          ...base.lines,
          { sku: 'SUP', quantities: [1], manual_discount_percent: '0', net_minor: 1 },
        ],
      },
    ],
    ['a clause text', { terms: [base.terms[0]!, { ...base.terms[1]!, body: 'Other words.' }] }],
    ['the clause order', { terms: [base.terms[1]!, base.terms[0]!] }],
    ['the partner', { partner_account_id: '001P2' }],
    ['the payment term', { payment_term_days: 60 }],
    ['the price date', { price_date: '2026-12-01' }],
    ['the secure-access configuration', { secure_access: { pricing_model: 'DEVICE' } }],
  ])('changes with %s', (_name, change) => {
    expect(approvalFingerprintSource({ ...base, ...change })).not.toBe(source);
  });
});
