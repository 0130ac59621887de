import { describe, expect, it } from 'vitest';
import { SAMPLE_DEAL_FACTS } from './quote-facts.cases.ts';
import { termsContextOf, type TermsQuote } from './quote-facts.ts';

/** The quote's columns that are facts as they stand. */
const COLUMN_FACTS = {
  ...SAMPLE_DEAL_FACTS,
  is_renewal: false,
  is_coterm: false,
  account_id: '001C1',
  account_name: 'Acme',
  has_hardware: true,
};

const quote = (overrides: Partial<TermsQuote> = {}): TermsQuote => ({
  quote_number: 'Q-2026-000042',
  quote_name: 'Acme firewall refresh',
  ...COLUMN_FACTS,
  total_amount_minor: 12_345_650,
  details: {
    opportunity: {
      account_legal_entity_name: 'Acme AG',
      end_customer_name: 'Acme',
      partner_legal_entity_name: 'Channel GmbH',
      reseller_name: 'Channel',
      payment_term_days: 45,
      payment_term_name: 'Net 45',
      is_public_sector: true,
      contracting_entity_id: 'GMBH',
      contracting_entity_name: 'Bastion Security GmbH',
      sla: '24/7',
      sla_name: '24/7',
      contract_start_date: '01-Jan-2027',
    },
    header: { sla: '12/5', contract_start_date: '2027-02-01' },
  },
  ...overrides,
});

describe('termsContextOf', () => {
  it('takes facts from the quote columns and the mapped opportunity', () => {
    expect(termsContextOf(quote()).facts).toEqual({
      ...COLUMN_FACTS,
      is_public_sector: true,
      payment_term_days: 45,
      total: 123_456.5,
      contracting_entity_id: 'GMBH',
      sla: '12/5',
    });
  });

  it('fills placeholders, the header winning over the opportunity', () => {
    expect(
      termsContextOf(quote(), { sla_labels: { '12/5': '12/5 business hours' } }).values,
    ).toEqual({
      customer_name: 'Acme AG',
      partner_name: 'Channel GmbH',
      quote_number: 'Q-2026-000042',
      quote_name: 'Acme firewall refresh',
      contract_length: '36 months',
      contract_start_date: '01-Feb-2027',
      currency: 'EUR',
      payment_term: 'Net 45',
      payment_term_days: '45',
      sla: '12/5 business hours',
      contracting_entity: 'Bastion Security GmbH',
      governing_law: 'the Federal Republic of Germany',
    });
  });

  it.each<[string, Partial<TermsQuote>, Record<string, unknown>]>([
    [
      'no details at all',
      { details: null, sales_channel: 'DIRECT' },
      {
        customer_name: 'Acme',
        partner_name: undefined,
        payment_term: undefined,
        contracting_entity: undefined,
        governing_law: undefined,
        sla: undefined,
      },
    ],
    [
      'a term with days only',
      { details: { opportunity: { payment_term_days: 30, payment_term_name: '' } } },
      { payment_term: 'Net 30', payment_term_days: '30' },
    ],
    ['one month', { contract_length: 1 }, { contract_length: '1 month' }],
    [
      'a direct deal has no partner, whatever the CRM still lists',
      { sales_channel: 'DIRECT' },
      { partner_name: undefined },
    ],
    [
      'governing law by entity',
      { details: { opportunity: { contracting_entity_id: 'LTD' } } },
      { governing_law: 'England and Wales' },
    ],
  ])('%s', (_name, overrides, expected) => {
    expect(termsContextOf(quote(overrides)).values).toMatchObject(expected);
  });

  it('reads a missing payment term as undefined, so is-undefined holds', () => {
    const { facts } = termsContextOf(quote({ details: {} }));
    expect(facts.payment_term_days).toBeUndefined();
    expect(facts.is_public_sector).toBe(false);
  });
});
