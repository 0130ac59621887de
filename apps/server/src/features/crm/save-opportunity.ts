import type { Database } from '@bastion/db/client';
import type { AppErrorDetail } from '../../lib/app-error.ts';
import type { OpportunityRecord, SaveOpportunityInput } from '@bastion/domain/crm/api';
import {
  findAccounts,
  findContact,
  findOpportunity,
  insertOpportunity,
  replaceTeam,
  updateOpportunity,
  type CrmAccountRow,
  type CrmOpportunityRow,
} from './crm.repository.ts';
import { getOpportunity, opportunityNotFound } from './get-opportunity.ts';
import { invalidFields } from './invalid-field.ts';
import { newRecordId } from './record-ids.ts';

/** Who saves: their e-mail becomes the record's modified_by (and created_by when new). */
export interface RecordEditor {
  email: string;
}

const KIND_NAMES: Record<CrmAccountRow['kind'], string> = {
  CUSTOMER: 'a customer',
  PARTNER: 'a partner',
  DISTRIBUTOR: 'a distributor',
};

/** The accounts and contact the opportunity names exist and play their part; else 400. */
async function checkReferences(db: Database, input: SaveOpportunityInput): Promise<void> {
  const parts = [
    { path: 'account_id', id: input.account_id, kind: 'CUSTOMER' },
    { path: 'partner_account_id', id: input.partner_account_id, kind: 'PARTNER' },
    { path: 'distributor_account_id', id: input.distributor_account_id, kind: 'DISTRIBUTOR' },
  ] as const;
  const accounts = await findAccounts(
    db,
    parts.flatMap((part) => (part.id === null ? [] : [part.id])),
  );
  const errors: AppErrorDetail[] = [];
  for (const part of parts) {
    if (part.id === null) continue;
    const account = accounts.find((a) => a.id === part.id);
    if (!account) {
      errors.push({ path: part.path, message: `There is no account with the id ${part.id}.` });
    } else if (account.kind !== part.kind) {
      errors.push({
        path: part.path,
        message: `${account.name} is ${KIND_NAMES[account.kind]} account, not ${KIND_NAMES[part.kind]} account.`,
      });
    }
  }
  if (input.partner_contact_id !== null && input.partner_account_id !== null) {
    const contact = await findContact(db, input.partner_contact_id);
    const partner = accounts.find((a) => a.id === input.partner_account_id);
    if (!contact) {
      errors.push({
        path: 'partner_contact_id',
        message: `There is no contact with the id ${input.partner_contact_id}.`,
      });
    } else if (contact.accountId !== input.partner_account_id) {
      const who = `${contact.firstName} ${contact.lastName}`.trim() || contact.id;
      errors.push({
        path: 'partner_contact_id',
        message: `${who} is not a contact of ${partner?.name ?? 'the partner'}: the partner contact must be one of the partner’s contacts.`,
      });
    }
  }
  if (errors.length > 0) throw invalidFields(errors);
}

/** The CRM's user id of a CSM or CAM holds only while the person stays the same. */
const keptId = (id: string | null | undefined, before: string | undefined, after: string) =>
  id && before !== undefined && before.toLowerCase() === after.toLowerCase() ? id : null;

/**
 * Creates an opportunity of the built-in CRM (no id) or changes one (its id), with its team.
 * Every save stamps modified_on and modified_by, so the next sync and the grids pick it up.
 * Quotes' write-back columns and the removal mark are not the form's to change.
 */
export async function saveOpportunity(
  db: Database,
  editor: RecordEditor,
  input: SaveOpportunityInput,
  now: Date = new Date(),
): Promise<OpportunityRecord & { isCreated: boolean }> {
  const { id, isCreated } = await db.transaction(async (tx) => {
    let existing: CrmOpportunityRow | null = null;
    if (input.id !== undefined) {
      existing = await findOpportunity(tx, input.id);
      if (!existing) throw opportunityNotFound(input.id);
    }
    await checkReferences(tx, input);
    const fields = {
      name: input.name,
      accountId: input.account_id,
      partnerAccountId: input.partner_account_id,
      partnerContactId: input.partner_account_id === null ? null : input.partner_contact_id,
      distributorAccountId: input.distributor_account_id,
      region: input.region,
      dealType: input.deal_type,
      stage: input.stage,
      currencyCode: input.currency_code,
      amountMinor: input.amount,
      closeDate: input.close_date,
      contractStartDate: input.contract_start_date,
      paymentTermDays: input.payment_term_days,
      paymentTermName: input.payment_term_name,
      partnerPaymentTermDays: input.partner_payment_term_days,
      partnerPaymentTermName: input.partner_payment_term_name,
      sla: input.sla,
      isRegisteredDeal: input.is_registered_deal,
      dealReg: input.deal_reg,
      isPublicSector: input.is_public_sector,
      productsEvaluated: input.products_evaluated,
      ownerEmail: input.owner_email,
      ownerName: input.owner_name,
      csmId: keptId(existing?.csmId, existing?.csmEmail, input.csm_email),
      csmName: input.csm_name,
      csmEmail: input.csm_email,
      camId: keptId(existing?.camId, existing?.camEmail, input.cam_email),
      camName: input.cam_name,
      camEmail: input.cam_email,
      modifiedBy: editor.email,
      modifiedOn: now,
    };
    let savedId: string;
    if (existing) {
      savedId = existing.id;
      await updateOpportunity(tx, savedId, fields);
    } else {
      savedId = newRecordId('OPP');
      await insertOpportunity(tx, {
        id: savedId,
        ...fields,
        createdBy: editor.email,
        createdOn: now,
      });
    }
    await replaceTeam(tx, savedId, input.team);
    return { id: savedId, isCreated: existing === null };
  });
  return { ...(await getOpportunity(db, id)), isCreated };
}
