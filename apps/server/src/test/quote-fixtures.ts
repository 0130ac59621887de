import { randomUUID } from 'node:crypto';
import type { Database } from '@bastion/db/client';
import { crmAccounts, crmContacts, crmOpportunities } from '@bastion/db/schema/crm';

/** Opportunities and quote header values for the quote tests, in the embedded CRM's tables. */

export const unique = () => randomUUID().replaceAll('-', '').slice(0, 12);

/** A customer (and partner) account with one opportunity, in the embedded CRM's tables. */
export interface OpportunityOptions {
  region: string;
  partner?: boolean;
  dealType?: string;
  ownerEmail?: string;
  currencyCode?: string;
}

export async function insertOpportunity(db: Database, options: OpportunityOptions) {
  const id = unique();
  await db.insert(crmAccounts).values({
    id: `001C${id}`,
    name: `Customer ${id}`,
    kind: 'CUSTOMER',
    region: options.region,
  });
  if (options.partner) {
    await db
      .insert(crmAccounts)
      .values({ id: `001P${id}`, name: `Partner ${id}`, kind: 'PARTNER', partnerType: 'PREMIER' });
    await db.insert(crmContacts).values({
      id: `003P${id}`,
      accountId: `001P${id}`,
      firstName: 'Pat',
      email: `pat-${id}@partner.example`,
    });
  }
  await db.insert(crmOpportunities).values({
    id: `006${id}`,
    name: `Firewall refresh ${id}`,
    accountId: `001C${id}`,
    partnerAccountId: options.partner ? `001P${id}` : null,
    partnerContactId: options.partner ? `003P${id}` : null,
    region: options.region,
    dealType: options.dealType ?? 'NB',
    currencyCode: options.currencyCode ?? 'EUR',
    amountMinor: 12_345_600,
    stage: 'Proposal',
    sla: '24/7',
    productsEvaluated: 'Network Firewall; Secure Access',
    contractStartDate: '2027-01-01',
    ownerEmail: options.ownerEmail ?? '',
  });
  return `006${id}`;
}

export const headerValues = (changes: Record<string, unknown> = {}) => ({
  quote_name: 'Acme firewall refresh',
  quote_type: 'STANDARD',
  contract_length: '12',
  deal_type: 'NB',
  partner_type: 'PREMIER',
  partner_contact_email: 'pat@partner.example',
  contract_start_date: '2027-01-01',
  contract_end_date: '2027-12-31',
  sla: '24/7',
  products_evaluated: ['FIREWALL'],
  ...changes,
});
