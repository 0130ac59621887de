import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import type { AccountRecord, ContactRecord } from '@bastion/domain/crm/api';
import {
  findAccount,
  listContactsOf,
  type CrmAccountRow,
  type CrmContactRow,
} from './crm.repository.ts';

export function contactRecordOf(row: CrmContactRow): ContactRecord {
  return {
    id: row.id,
    account_id: row.accountId,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    title: row.title,
  };
}

export function accountRecordOf(
  row: CrmAccountRow,
  contacts: readonly CrmContactRow[],
): AccountRecord {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    region: row.region,
    country: row.country,
    billing_street: row.billingStreet,
    billing_city: row.billingCity,
    billing_state: row.billingState,
    billing_postal_code: row.billingPostalCode,
    billing_country: row.billingCountry,
    shipping_street: row.shippingStreet,
    shipping_city: row.shippingCity,
    shipping_state: row.shippingState,
    shipping_postal_code: row.shippingPostalCode,
    shipping_country: row.shippingCountry,
    payment_term_days: row.paymentTermDays,
    payment_term_name: row.paymentTermName,
    partner_type: row.partnerType,
    is_public_sector: row.isPublicSector,
    segment: row.segment,
    updated_at: row.updatedAt.toISOString(),
    contacts: contacts.map(contactRecordOf),
  };
}

export const accountNotFound = (id: string) =>
  new AppError('NOT_FOUND', `There is no account with the id ${id}.`);

/** One account of the built-in CRM with its contacts. */
export async function getAccount(db: Database, id: string): Promise<AccountRecord> {
  const [account, contacts] = await Promise.all([findAccount(db, id), listContactsOf(db, id)]);
  if (!account) throw accountNotFound(id);
  return accountRecordOf(account, contacts);
}
