import { formatBp, parsePercentBp } from '@bastion/domain/pricing/decimal';
import type { SkuPricingView } from '@bastion/domain/pricing/methods-views';
import { storedSkuAttributes } from '@bastion/domain/product-rules/schemas';
import type { Database } from '@bastion/db/client';
import { listCurrencyCodes } from '../../core/pricing/list-prices.repository.ts';
import { requireSku } from './sku-lookup.ts';
import { priceStatusOn } from './list-price-history.ts';
import {
  findScheduleOf,
  listBlocksOf,
  listMethodHistory,
  type MethodRow,
} from './pricing-methods.repository.ts';
import { isoDayOf } from '../../lib/clock.ts';

/** A stored percentage as the shortest text of its value: "20.00" is "20". */
export function percentView(stored: string | null): string | null {
  if (stored === null) return null;
  const parsed = parsePercentBp(stored);
  return parsed.ok ? formatBp(parsed.value) : stored;
}

/** A method row as answers and audit entries name its fields. */
export const methodFieldsOf = (row: MethodRow) => ({
  method: row.method,
  percent: percentView(row.percent),
  covers: row.covers ?? null,
  floor_usd_minor: row.floorUsdMinor,
  ceiling_usd_minor: row.ceilingUsdMinor,
  effective_from: row.effectiveFrom,
  effective_to: row.effectiveTo,
});

/**
 * A SKU's pricing beyond its price rows, for its panel: every pricing method it had, has and
 * will have (newest first, who set each), the one in effect today (LIST when none is), its block
 * bands in every currency, and the discount schedule it follows.
 */
export async function getSkuPricing(
  db: Database,
  code: string,
  now: Date = new Date(),
): Promise<SkuPricingView> {
  const sku = await requireSku(db, code);
  const day = isoDayOf(now);
  const [history, blocks, currencyCodes, scheduleId] = await Promise.all([
    listMethodHistory(db, sku.sku),
    listBlocksOf(db, sku.sku),
    listCurrencyCodes(db),
    findScheduleOf(db, sku.sku),
  ]);
  const rows = history.map(({ method, createdByEmail }) => ({
    id: method.id,
    ...methodFieldsOf(method),
    status: priceStatusOn(method, day),
    created_by_email: createdByEmail,
    created_at: method.createdAt.toISOString(),
  }));
  return {
    sku: sku.sku,
    name: sku.name,
    kind: sku.kind,
    family_id: sku.familyId,
    model: storedSkuAttributes(sku.attributes).model ?? null,
    is_active: sku.isActive,
    today: day,
    method_today: rows.find((row) => row.status === 'in_effect')?.method ?? 'LIST',
    rows,
    currency_codes: currencyCodes,
    blocks: blocks.map((block) => ({
      currency_code: block.currencyCode,
      min_quantity: block.minQuantity,
      max_quantity: block.maxQuantity,
      price_minor: block.priceMinor,
    })),
    discount_schedule_id: scheduleId,
  };
}
