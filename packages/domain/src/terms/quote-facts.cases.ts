/** The deal the terms tests reason about: a new three-year EMEA deal through a T1 Premier partner. */
export const SAMPLE_DEAL_FACTS = {
  quote_type: 'STANDARD',
  deal_type: 'NB',
  contract_length: 36,
  sales_channel: 'T1',
  partner_type: 'PREMIER',
  region: 'EMEA',
  currency_code: 'EUR',
} as const;
