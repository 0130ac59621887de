import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import type { OpportunityRecord } from '@bastion/domain/crm/api';
import {
  findAccounts,
  findContact,
  findOpportunity,
  listProductsOf,
  listTeamOf,
  type CrmOpportunityRow,
} from './crm.repository.ts';

export const opportunityNotFound = (id: string) =>
  new AppError('NOT_FOUND', `There is no opportunity with the id ${id}.`);

/** 1250050 → "12500.50": the amount as the edit form shows it. */
export function amountText(minorUnits: number): string {
  const sign = minorUnits < 0 ? '-' : '';
  const digits = String(Math.abs(minorUnits)).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** An opportunity of the built-in CRM with its team and the names of the records it names. */
export async function opportunityRecordOf(
  db: Database,
  row: CrmOpportunityRow,
): Promise<OpportunityRecord> {
  const accountIds = [row.accountId, row.partnerAccountId, row.distributorAccountId].filter(
    (id): id is string => id !== null,
  );
  const [accounts, contact, team, products] = await Promise.all([
    findAccounts(db, accountIds),
    row.partnerContactId ? findContact(db, row.partnerContactId) : null,
    listTeamOf(db, row.id),
    listProductsOf(db, row.id),
  ]);
  const nameOf = (id: string | null) =>
    id === null ? null : (accounts.find((a) => a.id === id)?.name ?? id);
  return {
    id: row.id,
    name: row.name,
    account_id: row.accountId,
    account_name: nameOf(row.accountId) ?? row.accountId,
    partner_account_id: row.partnerAccountId,
    partner_name: nameOf(row.partnerAccountId),
    partner_contact_id: row.partnerContactId,
    partner_contact_name: contact
      ? `${contact.firstName} ${contact.lastName}`.trim() || contact.id
      : null,
    distributor_account_id: row.distributorAccountId,
    distributor_name: nameOf(row.distributorAccountId),
    region: row.region,
    deal_type: row.dealType,
    stage: row.stage,
    currency_code: row.currencyCode,
    amount_minor: row.amountMinor,
    amount: amountText(row.amountMinor),
    close_date: row.closeDate,
    contract_start_date: row.contractStartDate,
    payment_term_days: row.paymentTermDays,
    payment_term_name: row.paymentTermName,
    partner_payment_term_days: row.partnerPaymentTermDays,
    partner_payment_term_name: row.partnerPaymentTermName,
    sla: row.sla,
    is_registered_deal: row.isRegisteredDeal,
    deal_reg: row.dealReg,
    is_public_sector: row.isPublicSector,
    products_evaluated: row.productsEvaluated,
    owner_email: row.ownerEmail,
    owner_name: row.ownerName,
    csm_name: row.csmName,
    csm_email: row.csmEmail,
    cam_name: row.camName,
    cam_email: row.camEmail,
    team: team.map((member) => ({ email: member.email, name: member.name, role: member.role })),
    products: products.map((line) => ({
      id: line.id,
      product_code: line.productCode,
      name: line.name,
      quantity: line.quantity,
      unit_price_minor: line.unitPriceMinor,
      total_minor: line.totalPriceMinor ?? line.quantity * line.unitPriceMinor,
      description: line.description,
      source: line.bastionLineKey === null ? ('crm' as const) : ('quote' as const),
    })),
    quote_number: row.quoteNumber,
    quote_status: row.quoteStatus,
    created_on: row.createdOn.toISOString(),
    created_by: row.createdBy,
    modified_on: row.modifiedOn.toISOString(),
    modified_by: row.modifiedBy,
    removed_at: row.removedFromCrmAt?.toISOString() ?? null,
  };
}

/** One opportunity of the built-in CRM, removed ones included (admins may restore them). */
export async function getOpportunity(db: Database, id: string): Promise<OpportunityRecord> {
  const row = await findOpportunity(db, id);
  if (!row) throw opportunityNotFound(id);
  return opportunityRecordOf(db, row);
}
