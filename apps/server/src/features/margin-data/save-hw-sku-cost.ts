import type { Database } from '@bastion/db/client';
import { invalidField } from './invalid-field.ts';
import {
  findFamily,
  findHwSkuCost,
  findSku,
  findUsdPricesOn,
  upsertHwSkuCost,
} from './margin-data.repository.ts';
import type { HwSkuCost } from '@bastion/domain/margin-data/api';
import { hwSkuCostOf, priceDateOf } from './list-hw-sku-costs.ts';
import { KIND_NAMES } from './product-kinds.ts';

/** The SKU, if it is one whose cost is set per SKU; a clear 400 on the sku field otherwise. */
async function findHardwareSku(db: Database, code: string) {
  const sku = await findSku(db, code);
  if (!sku) throw invalidField('sku', `SKU ${code} is not in the catalog.`);
  if (sku.kind !== 'HARDWARE' && sku.kind !== 'ACCESS_POINT') {
    throw invalidField(
      'sku',
      sku.kind === 'BUNDLE'
        ? `SKU ${code} is a bundle: it has no cost of its own, its components do.`
        : `SKU ${code} is one of the ${KIND_NAMES[sku.kind]}: its cost is a percentage of its list price, set under Cost lookup for its family.`,
    );
  }
  return sku;
}

/** Sets the landed unit cost (USD cents) of a hardware or access-point SKU, retired ones too. */
export async function saveHwSkuCost(
  db: Database,
  code: string,
  unitCostUsdMinor: number,
  now = new Date(),
): Promise<{ cost: HwSkuCost; before: number | null }> {
  return db.transaction(async (tx) => {
    const sku = await findHardwareSku(tx, code);
    const before = await findHwSkuCost(tx, sku.sku);
    const saved = await upsertHwSkuCost(tx, sku.sku, unitCostUsdMinor);
    const [family, prices] = await Promise.all([
      findFamily(tx, sku.familyId),
      findUsdPricesOn(tx, [sku.sku], priceDateOf(now)),
    ]);
    return {
      cost: hwSkuCostOf({
        sku: sku.sku,
        name: sku.name,
        kind: sku.kind,
        familyId: sku.familyId,
        familyName: family?.name ?? sku.familyId,
        isActive: sku.isActive,
        unitCostUsdMinor: saved.unitCostUsdMinor,
        updatedAt: saved.updatedAt,
        usdListPriceMinor: prices.get(sku.sku) ?? null,
      }),
      before: before?.unitCostUsdMinor ?? null,
    };
  });
}
