import { and, asc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { crmOpportunities, crmOpportunityLineItems } from '@bastion/db/schema/crm';
import type { CrmAdapter, QuoteWriteBack } from './crm-adapter.ts';
import { readSnapshots } from './local-copy.repository.ts';

/** Thrown when a quote writes back to an opportunity the CRM does not hold. */
export class UnknownOpportunityError extends Error {
  override readonly name = 'UnknownOpportunityError';
}

/**
 * The CRM that ships with Bastion: its crm_* tables are the source of truth, so reading is a
 * query and a sync copies the tables onto themselves (docs/decisions/008).
 */
export function createEmbeddedAdapter(db: Database): CrmAdapter {
  return {
    kind: 'embedded',

    async ping() {
      await db.execute(sql`select 1`);
    },

    async fetchChangedOpportunities(since) {
      // `>=`: a record changed in the very millisecond of the last sync is fetched again, never
      // missed; writing it twice changes nothing.
      const rows = await db
        .select()
        .from(crmOpportunities)
        .where(since ? gte(crmOpportunities.modifiedOn, since) : undefined)
        .orderBy(asc(crmOpportunities.modifiedOn), asc(crmOpportunities.id));
      return readSnapshots(db, rows);
    },

    async fetchRemovedOpportunityIds(since) {
      // The embedded CRM marks removals on the record itself; reporting them is harmless.
      const rows = await db
        .select({ id: crmOpportunities.id })
        .from(crmOpportunities)
        .where(
          since
            ? gte(crmOpportunities.removedFromCrmAt, since)
            : isNotNull(crmOpportunities.removedFromCrmAt),
        );
      return rows.map((row) => row.id);
    },

    async getOpportunity(id) {
      // A removed opportunity is, to its users, one the CRM no longer has.
      const rows = await db
        .select()
        .from(crmOpportunities)
        .where(and(eq(crmOpportunities.id, id), isNull(crmOpportunities.removedFromCrmAt)));
      const [snapshot] = await readSnapshots(db, rows);
      return snapshot ?? null;
    },

    async hasManualProductLines(id) {
      const [manual] = await db
        .select({ id: crmOpportunityLineItems.id })
        .from(crmOpportunityLineItems)
        .where(
          and(
            eq(crmOpportunityLineItems.opportunityId, id),
            eq(crmOpportunityLineItems.isManual, true),
          ),
        )
        .limit(1);
      return manual !== undefined;
    },

    async writeBackQuote(opportunityId: string, quote: QuoteWriteBack) {
      // The amount is stored as the quote states it: a quote takes its opportunity's currency.
      const updated = await db
        .update(crmOpportunities)
        .set({
          quoteNumber: quote.quoteNumber,
          quoteStatus: quote.status,
          quoteAmountMinor: quote.amountMinor,
          ...(quote.stage === undefined ? {} : { stage: quote.stage }),
          modifiedOn: new Date(),
        })
        .where(eq(crmOpportunities.id, opportunityId))
        .returning({ id: crmOpportunities.id });
      if (updated.length === 0) {
        throw new UnknownOpportunityError(`The CRM has no opportunity ${opportunityId}.`);
      }
    },
  };
}
