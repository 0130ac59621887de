import { describe, expect, it } from 'vitest';
import { itReturns } from '../testing/cases.ts';
import {
  defaultContractingEntity,
  defaultPaymentTerm,
  defaultSla,
  type PaymentTermCandidates,
  type PaymentTermSource,
} from './opportunity-defaults.ts';
import type { SalesChannel } from './sales-channel.ts';

describe('defaultContractingEntity (spec §9)', () => {
  itReturns('%j → %j', defaultContractingEntity, [
    ['EMEA', 'GMBH'],
    ['emea', 'GMBH'],
    [' Emea ', 'GMBH'],
    ['North America', 'INC'],
    ['north-america', 'INC'],
    ['NORTH_AMERICA', 'INC'],
    ['NA', 'INC'],
    ['N.A.', 'INC'],
    ['AMER', 'INC'],
    ['Americas', 'INC'],
    ['AMERICAS', 'INC'],
    ['LATAM', 'LTD'],
    ['LatAm', 'LTD'],
    ['Latin America', 'LTD'],
    ['APJ', 'LTD'],
    ['apj', 'LTD'],
    ['APAC', 'LTD'],
    ['Europe', null],
    ['ANZ', null],
    ['America', null],
    ['', null],
    ['   ', null],
    ['constructor', null],
    ['toString', null],
    [null, null],
    [undefined, null],
  ]);
});

const ALL_TERMS: PaymentTermCandidates<string> = {
  opportunity: 'Net 45 (opportunity)',
  partnerQuote: 'Net 60 (partner quote)',
  directAccount: 'Net 30 (account)',
  partner: 'Net 75 (partner)',
  distributor: 'Net 90 (distributor)',
};
const withOnly = (...keys: (keyof PaymentTermCandidates<string>)[]) =>
  Object.fromEntries(keys.map((key) => [key, ALL_TERMS[key]])) as PaymentTermCandidates<string>;

describe('defaultPaymentTerm (spec §9)', () => {
  it.each<[SalesChannel, PaymentTermCandidates<string>, PaymentTermSource | null]>([
    // The opportunity's term wins on every channel.
    ['DIRECT', ALL_TERMS, 'opportunity'],
    ['T1', ALL_TERMS, 'opportunity'],
    ['T2', ALL_TERMS, 'opportunity'],
    // Then the partner quote's term.
    [
      'DIRECT',
      withOnly('partnerQuote', 'directAccount', 'partner', 'distributor'),
      'partner_quote',
    ],
    ['T1', withOnly('partnerQuote', 'directAccount', 'partner', 'distributor'), 'partner_quote'],
    ['T2', withOnly('partnerQuote', 'directAccount', 'partner', 'distributor'), 'partner_quote'],
    // Then the term of the account billed on the channel.
    ['DIRECT', withOnly('directAccount', 'partner', 'distributor'), 'direct_account'],
    ['T1', withOnly('directAccount', 'partner', 'distributor'), 'partner'],
    ['T2', withOnly('directAccount', 'partner', 'distributor'), 'distributor'],
    // Another channel's account term never applies.
    ['DIRECT', withOnly('partner', 'distributor'), null],
    ['T1', withOnly('directAccount', 'distributor'), null],
    ['T2', withOnly('directAccount', 'partner'), null],
    ['DIRECT', {}, null],
    ['T1', {}, null],
    ['T2', {}, null],
  ])('%s with %j → %j', (channel, candidates, source) => {
    const chosen = defaultPaymentTerm(channel, candidates);
    expect(chosen?.source ?? null).toBe(source);
    if (chosen) {
      const key = {
        opportunity: 'opportunity',
        partner_quote: 'partnerQuote',
        direct_account: 'directAccount',
        partner: 'partner',
        distributor: 'distributor',
      } as const;
      expect(chosen.term).toBe(ALL_TERMS[key[chosen.source]]);
    }
  });

  it('skips blank and missing terms', () => {
    expect(
      defaultPaymentTerm<string>('T1', {
        opportunity: '  ',
        partnerQuote: null,
        partner: 'Net 30',
      }),
    ).toEqual({ term: 'Net 30', source: 'partner' });
    expect(
      defaultPaymentTerm<number>('DIRECT', {
        opportunity: Number.NaN,
        partnerQuote: undefined,
        directAccount: 30,
      }),
    ).toEqual({ term: 30, source: 'direct_account' });
  });

  it('takes zero days (due on receipt) and records as terms', () => {
    expect(defaultPaymentTerm<number>('T2', { opportunity: 0, distributor: 60 })).toEqual({
      term: 0,
      source: 'opportunity',
    });
    const term = { days: 45, name: 'Net 45' };
    expect(defaultPaymentTerm('T2', { partnerQuote: term })).toEqual({
      term,
      source: 'partner_quote',
    });
  });
});

describe('defaultSla (spec §9)', () => {
  const known = ['8/5', '24/7', 'Premium 24/7 '];
  it.each<[string | null | undefined, readonly string[], string]>([
    ['8/5', known, '8/5'],
    [' 8/5 ', known, '8/5'],
    ['premium 24/7', known, 'Premium 24/7'],
    ['24/7', known, '24/7'],
    ['12/5', known, '24/7'],
    ['', known, '24/7'],
    ['  ', known, '24/7'],
    [null, known, '24/7'],
    [undefined, known, '24/7'],
    ['8/5', [], '24/7'],
  ])('%j among %j → %j', (sla, list, expected) => {
    expect(defaultSla(sla, list)).toBe(expected);
  });
});
