import { eq } from 'drizzle-orm';
import { addDays } from '@bastion/domain/renewals/proration';
import type { Database } from '@bastion/db/client';
import { crmOpportunities } from '@bastion/db/schema/crm';
import { contracts, entitlements } from '@bastion/db/schema/quotes';
import { todayIso } from '../core/renewals/contracts.repository.ts';
import { insertOpportunity, unique, type OpportunityOptions } from './quote-fixtures.ts';

/** Contracts and their lines for the renewals tests, on an opportunity of the embedded CRM. */

export interface ContractOptions {
  region: string;
  /** The last day, or days from today to it (negative: passed). */
  end: string | number;
  start?: string;
  accountName?: string;
  csmEmail?: string;
  csmName?: string;
  camName?: string;
  /** No opportunity to quote on. */
  withoutOpportunity?: boolean;
  opportunity?: Partial<OpportunityOptions>;
  /** Lines: SKU, quantity, unit net minor, and the line's own end when not the contract's. */
  lines?: { sku: string; quantity: number; unitNetMinor: number; end?: string }[];
  renewed?: boolean;
  lost?: boolean;
  currencyCode?: string;
}

export interface InsertedContract {
  id: string;
  contractNumber: string;
  accountId: string;
  accountName: string;
  opportunityId: string | null;
  startDate: string;
  endDate: string;
}

export async function insertContract(
  db: Database,
  options: ContractOptions,
): Promise<InsertedContract> {
  const tag = unique();
  const endDate = typeof options.end === 'number' ? addDays(todayIso(), options.end) : options.end;
  const startDate = options.start ?? addDays(endDate, -364);
  const opportunityId = await insertOpportunity(db, {
    region: options.region,
    ...options.opportunity,
  });
  const [opportunity] = await db
    .select({ accountId: crmOpportunities.accountId })
    .from(crmOpportunities)
    .where(eq(crmOpportunities.id, opportunityId));
  const accountId = opportunity?.accountId ?? `001C${tag}`;
  const accountName = options.accountName ?? `Renewals account ${tag}`;
  const [row] = await db
    .insert(contracts)
    .values({
      contractNumber: `C-TEST-${tag}`,
      accountId,
      accountName,
      region: options.region,
      opportunityId: options.withoutOpportunity ? null : opportunityId,
      currencyCode: options.currencyCode ?? 'EUR',
      startDate,
      endDate,
      csmName: options.csmName ?? `Csm ${tag}`,
      csmEmail: options.csmEmail ?? '',
      camName: options.camName ?? `Cam ${tag}`,
      origin: 'IMPORT',
      renewedAt: options.renewed ? new Date() : null,
      lostAt: options.lost ? new Date() : null,
      lostReason: options.lost ? 'Went elsewhere' : null,
    })
    .returning();
  if (!row) throw new Error('contract insert returned nothing');
  if (options.lines && options.lines.length > 0) {
    await db.insert(entitlements).values(
      options.lines.map((line) => ({
        contractId: row.id,
        accountId,
        sku: line.sku,
        quantity: line.quantity,
        startDate,
        endDate: line.end ?? endDate,
        unitNetMinor: line.unitNetMinor,
        currencyCode: row.currencyCode,
      })),
    );
  }
  return {
    id: row.id,
    contractNumber: row.contractNumber,
    accountId,
    accountName,
    opportunityId: row.opportunityId,
    startDate,
    endDate,
  };
}
