import { describe, expect, it } from 'vitest';
import { formatCurrency } from '../format/currency.ts';
import type { ContractPriceResult } from '../pricing/model.ts';
import { itReturns } from '../testing/cases.ts';
import {
  explainContractPrice,
  explainDrop,
  lineExplanations,
  renewalHeadline,
  type RenewalOverview,
} from './explanations.ts';
import { prorate } from './proration.ts';

const usd = (minor: number) => formatCurrency(minor, 'USD');
const price = (uplift_bp: number, renewal_unit_minor: number): ContractPriceResult => ({
  prior_unit_net_minor: 100_000,
  uplift_bp,
  renewal_unit_minor,
  current_unit_list_minor: 110_000,
});

describe('explaining a contract price', () => {
  itReturns('uplift %j reads %j', (p: ContractPriceResult) => explainContractPrice(p, usd), [
    [
      price(500, 105_000),
      'Contract price: prior $1,000.00 + 5.00 % uplift = $1,050.00 a unit (current list $1,100.00)',
    ],
    [
      price(0, 100_000),
      'Contract price: prior $1,000.00, no uplift = $1,000.00 a unit (current list $1,100.00)',
    ],
    [
      price(-250, 97_500),
      'Contract price: prior $1,000.00 − 2.50 % reduction = $975.00 a unit (current list $1,100.00)',
    ],
    [
      price(1, 100_010),
      'Contract price: prior $1,000.00 + 0.01 % uplift = $1,000.10 a unit (current list $1,100.00)',
    ],
    [
      price(10_000, 200_000),
      'Contract price: prior $1,000.00 + 100.00 % uplift = $2,000.00 a unit (current list $1,100.00)',
    ],
  ]);
});

describe('explaining a line', () => {
  const quarter = prorate({
    fullTermMinor: 120_000,
    termMonths: 12,
    start: '2027-10-01',
    end: '2027-12-31',
  });

  /** A line priced from its price row, with nothing of issue 35 to say. */
  const LISTED = { pricing_method: null, unit_list_price_minor: 0, years: [] };

  it('says nothing about a line priced from the catalogue', () => {
    expect(lineExplanations({ ...LISTED, contract_price: null, proration: null }, usd)).toEqual([]);
  });

  it('gives one sentence for a prorated line', () => {
    expect(lineExplanations({ ...LISTED, contract_price: null, proration: quarter }, usd)).toEqual([
      '$1,200.00 × 92 / 365 days (0.252055), 01-Oct-2027 to 31-Dec-2027 = $302.47',
    ]);
  });

  it('gives the contract price first, then the proration of a true-up line', () => {
    expect(
      lineExplanations({ ...LISTED, contract_price: price(500, 105_000), proration: quarter }, usd),
    ).toEqual([
      'Contract price: prior $1,000.00 + 5.00 % uplift = $1,050.00 a unit (current list $1,100.00)',
      '$1,200.00 × 92 / 365 days (0.252055), 01-Oct-2027 to 31-Dec-2027 = $302.47',
    ]);
  });

  it('sums the segments of a period longer than a term', () => {
    const twoTerms = prorate({
      fullTermMinor: 120_000,
      termMonths: 12,
      start: '2026-10-01',
      end: '2027-12-31',
    });
    expect(lineExplanations({ ...LISTED, contract_price: null, proration: twoTerms }, usd)).toEqual(
      [
        '$1,200.00 × 92 / 365 days (0.252055), 01-Oct-2026 to 31-Dec-2026 = $302.47',
        '$1,200.00 × 365 / 365 days (1.000000), 01-Jan-2027 to 31-Dec-2027 = $1,200.00',
        'List amount: $302.47 + $1,200.00 = $1,502.47',
      ],
    );
  });

  it('writes the amounts in the quote currency', () => {
    const eur = (minor: number) => formatCurrency(minor, 'EUR');
    expect(
      lineExplanations({ ...LISTED, contract_price: null, proration: quarter }, eur)[0],
    ).toContain(`= ${eur(30_247)}`);
  });
});

describe('the headline of a renewal, co-term or true-up quote', () => {
  const overview = (
    kind: RenewalOverview['kind'],
    contract_numbers: string[],
  ): RenewalOverview => ({
    kind,
    contract_numbers,
    term_start: '2028-01-01',
    term_end: '2028-12-31',
    drops: [],
  });
  itReturns('%j reads %j', renewalHeadline, [
    [overview('RENEWAL', ['C-000123']), 'Renewal of C-000123 from 01-Jan-2028 to 31-Dec-2028'],
    [overview('TRUE_UP', ['C-000123']), 'True-up of C-000123 from 01-Jan-2028 to 31-Dec-2028'],
    [overview('COTERM', ['C-000123']), 'Co-term with C-000123 from 01-Jan-2028 to 31-Dec-2028'],
    [
      overview('COTERM', ['C-000123', 'C-000124', 'C-000125']),
      'Co-term with C-000123 (merging C-000124, C-000125) from 01-Jan-2028 to 31-Dec-2028',
    ],
  ]);

  it('says why a contract line is dropped', () => {
    expect(
      explainDrop({ sku: 'FW-100', quantity: 3, reason: ' Moved to the cloud service ' }),
    ).toBe('Not renewed: FW-100 × 3 (Moved to the cloud service)');
  });
});
