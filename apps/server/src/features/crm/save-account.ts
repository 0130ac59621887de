import type { Database } from '@bastion/db/client';
import type { AccountRecord, SaveAccountInput } from '@bastion/domain/crm/api';
import {
  countAccountUses,
  findAccount,
  insertAccount,
  updateAccount,
  type CrmAccountRow,
} from './crm.repository.ts';
import { accountNotFound, getAccount } from './get-account.ts';
import { invalidField } from './invalid-field.ts';
import { newRecordId } from './record-ids.ts';

const KIND_NAMES: Record<CrmAccountRow['kind'], string> = {
  CUSTOMER: 'customer',
  PARTNER: 'partner',
  DISTRIBUTOR: 'distributor',
};

const opportunities = (n: number) => (n === 1 ? '1 opportunity' : `${n} opportunities`);

/**
 * An account may change kind only while no opportunity names it in its old part: a customer
 * account of an opportunity must stay a customer, and so on.
 */
async function requireKindChangeAllowed(
  db: Database,
  account: CrmAccountRow,
  kind: CrmAccountRow['kind'],
) {
  if (account.kind === kind) return;
  const uses = await countAccountUses(db, account.id);
  const used = {
    CUSTOMER: uses.asCustomer,
    PARTNER: uses.asPartner,
    DISTRIBUTOR: uses.asDistributor,
  }[account.kind];
  if (used > 0) {
    throw invalidField(
      'kind',
      `${account.name} is the ${KIND_NAMES[account.kind]} of ${opportunities(used)}, so it stays a ${KIND_NAMES[account.kind]} account.`,
    );
  }
}

/**
 * Creates an account of the built-in CRM (no id) or changes one (its id). Returns it as saved,
 * with its contacts.
 */
export async function saveAccount(
  db: Database,
  input: SaveAccountInput,
  now: Date = new Date(),
): Promise<AccountRecord & { isCreated: boolean }> {
  const fields = {
    name: input.name,
    kind: input.kind,
    region: input.region,
    country: input.country,
    billingStreet: input.billing_street,
    billingCity: input.billing_city,
    billingState: input.billing_state,
    billingPostalCode: input.billing_postal_code,
    billingCountry: input.billing_country,
    shippingStreet: input.shipping_street,
    shippingCity: input.shipping_city,
    shippingState: input.shipping_state,
    shippingPostalCode: input.shipping_postal_code,
    shippingCountry: input.shipping_country,
    paymentTermDays: input.payment_term_days,
    paymentTermName: input.payment_term_name,
    partnerType: input.kind === 'PARTNER' ? input.partner_type : null,
    isPublicSector: input.is_public_sector,
    segment: input.segment,
    updatedAt: now,
  };

  const id = input.id;
  if (id === undefined) {
    const created = newRecordId('ACC');
    await insertAccount(db, { id: created, ...fields });
    return { ...(await getAccount(db, created)), isCreated: true };
  }

  await db.transaction(async (tx) => {
    const account = await findAccount(tx, id);
    if (!account) throw accountNotFound(id);
    await requireKindChangeAllowed(tx, account, input.kind);
    await updateAccount(tx, id, fields);
  });
  return { ...(await getAccount(db, id)), isCreated: false };
}
