import type { Database } from '@bastion/db/client';
import { insertPriceRows, updatePriceRow } from './catalog-admin.repository.ts';
import type { PricePlan } from './price-change-plan.ts';

/** Writes a planned set of price changes for one SKU in one currency; call in a transaction. */
export async function applyPricePlan(
  db: Database,
  target: { sku: string; currencyCode: string; userId: string | null; now: Date },
  plan: Pick<PricePlan<unknown>, 'updates' | 'inserts'>,
): Promise<void> {
  for (const update of plan.updates) {
    await updatePriceRow(db, update.id, {
      effectiveTo: update.effectiveTo,
      // A replaced price is the new author's.
      ...(update.unitPriceMinor === null
        ? {}
        : {
            unitPriceMinor: update.unitPriceMinor,
            createdBy: target.userId,
            createdAt: target.now,
          }),
    });
  }
  await insertPriceRows(
    db,
    plan.inserts.map((row) => ({
      sku: target.sku,
      currencyCode: target.currencyCode,
      unitPriceMinor: row.unitPriceMinor,
      effectiveFrom: row.effectiveFrom,
      effectiveTo: row.effectiveTo,
      createdBy: target.userId,
      createdAt: target.now,
    })),
  );
}
