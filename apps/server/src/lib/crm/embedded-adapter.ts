import { and, asc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import {
  crmAccounts,
  crmContacts,
  crmOpportunities,
  crmOpportunityLineItems,
  crmOpportunityTeamMembers,
} from '@bastion/db/schema/crm';
import type { CrmAdapter, CrmOpportunitySnapshot, QuoteWriteBack } from './crm-adapter.ts';

type OpportunityRow = typeof crmOpportunities.$inferSelect;

/** Keeps each `in (…)` list well below PostgreSQL's 65,535 bind parameters. */
const BATCH = 1000;

/** Thrown when a quote writes back to an opportunity the CRM does not hold. */
export class UnknownOpportunityError extends Error {
  override readonly name = 'UnknownOpportunityError';
}

/** Opportunities with their accounts, contacts, team and lines, in as few queries as possible. */
async function snapshotsOf(
  db: Database,
  opportunities: readonly OpportunityRow[],
): Promise<CrmOpportunitySnapshot[]> {
  const result: CrmOpportunitySnapshot[] = [];
  for (let start = 0; start < opportunities.length; start += BATCH) {
    const batch = opportunities.slice(start, start + BATCH);
    const ids = batch.map((o) => o.id);
    const accountIds = [
      ...new Set(
        batch.flatMap((o) =>
          [o.accountId, o.partnerAccountId, o.distributorAccountId].filter(
            (id): id is string => id !== null,
          ),
        ),
      ),
    ];
    const [accounts, contacts, team, lineItems] = await Promise.all([
      db.select().from(crmAccounts).where(inArray(crmAccounts.id, accountIds)),
      db
        .select()
        .from(crmContacts)
        .where(inArray(crmContacts.accountId, accountIds))
        .orderBy(asc(crmContacts.id)),
      db
        .select()
        .from(crmOpportunityTeamMembers)
        .where(inArray(crmOpportunityTeamMembers.opportunityId, ids))
        .orderBy(asc(crmOpportunityTeamMembers.email)),
      db
        .select()
        .from(crmOpportunityLineItems)
        .where(inArray(crmOpportunityLineItems.opportunityId, ids))
        .orderBy(asc(crmOpportunityLineItems.id)),
    ]);
    const accountById = new Map(accounts.map((a) => [a.id, a]));
    for (const opportunity of batch) {
      const own = new Set(
        [
          opportunity.accountId,
          opportunity.partnerAccountId,
          opportunity.distributorAccountId,
        ].filter((id): id is string => id !== null),
      );
      result.push({
        opportunity,
        accounts: [...own].flatMap((id) => accountById.get(id) ?? []),
        contacts: contacts.filter((c) => own.has(c.accountId)),
        team: team.filter((m) => m.opportunityId === opportunity.id),
        lineItems: lineItems.filter((l) => l.opportunityId === opportunity.id),
      });
    }
  }
  return result;
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
      return snapshotsOf(db, rows);
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
      const [snapshot] = await snapshotsOf(db, rows);
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
