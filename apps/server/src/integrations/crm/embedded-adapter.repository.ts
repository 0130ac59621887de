import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { crmOpportunities, crmOpportunityLineItems } from '@bastion/db/schema/crm';
import {
  planOpportunityProducts,
  type OpportunityProduct,
} from '@bastion/domain/crm/opportunity-products';
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

    async writeOpportunityProducts(opportunityId, { products }) {
      return db.transaction(async (tx) => {
        const [opportunity] = await tx
          .select({ id: crmOpportunities.id })
          .from(crmOpportunities)
          .where(eq(crmOpportunities.id, opportunityId))
          .for('update');
        if (!opportunity) {
          throw new UnknownOpportunityError(`The CRM has no opportunity ${opportunityId}.`);
        }
        const line = crmOpportunityLineItems;
        const written = await tx
          .select()
          .from(line)
          .where(and(eq(line.opportunityId, opportunityId), isNotNull(line.bastionLineKey)))
          .orderBy(asc(line.id));
        const plan = planOpportunityProducts(
          written.map((row) => ({
            id: row.id,
            key: row.bastionLineKey ?? '',
            product_code: row.productCode,
            quantity: row.quantity,
            total_minor: row.totalPriceMinor ?? row.quantity * row.unitPriceMinor,
            description: row.description,
          })),
          products,
        );
        const values = (product: OpportunityProduct) => ({
          productCode: product.product_code,
          name: product.name,
          quantity: product.quantity,
          unitPriceMinor: product.unit_price_minor,
          totalPriceMinor: product.total_minor,
          description: product.description,
          bastionLineKey: product.key,
          isManual: false,
        });
        if (plan.remove.length > 0) await tx.delete(line).where(inArray(line.id, plan.remove));
        for (const { id, product } of plan.update) {
          await tx.update(line).set(values(product)).where(eq(line.id, id));
        }
        if (plan.create.length > 0) {
          await tx.insert(line).values(
            plan.create.map((product) => ({
              id: randomUUID(),
              opportunityId,
              ...values(product),
            })),
          );
        }
        const outcome = {
          created: plan.create.length,
          updated: plan.update.length,
          removed: plan.remove.length,
        };
        if (outcome.created + outcome.updated + outcome.removed > 0) {
          // Like any change in the CRM: the next sync copies it.
          await tx
            .update(crmOpportunities)
            .set({ modifiedOn: new Date() })
            .where(eq(crmOpportunities.id, opportunityId));
        }
        return outcome;
      });
    },
  };
}
