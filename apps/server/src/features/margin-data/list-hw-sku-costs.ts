import { BP_PER_WHOLE, multiplyRatio } from '@bastion/domain/pricing/decimal';
import type { Database } from '@bastion/db/client';
import {
  countMissingHwCosts,
  findHwSkuCostPage,
  findMarkup,
  findUsdPricesOn,
} from './margin-data.repository.ts';
import {
  HW_KINDS,
  normalizedPercent,
  percentText,
  type HwSkuCost,
  type ListHwSkuCostsInput,
} from '@bastion/domain/margin-data/api';
import { pageOf, pageWindow } from '../../lib/db/paging.ts';

/** The day list prices are read on: today, as the catalogue's pickers read it. */
export const priceDateOf = (now: Date) => now.toISOString().slice(0, 10);

interface HwSkuFacts {
  sku: string;
  name: string;
  kind: string;
  familyId: string;
  familyName: string;
  isActive: boolean;
  unitCostUsdMinor: number | null;
  updatedAt: Date | null;
  usdListPriceMinor: number | null;
}

/** One row of the page: the cost beside today's USD list price and their ratio. */
export function hwSkuCostOf(facts: HwSkuFacts): HwSkuCost {
  const { unitCostUsdMinor: cost, usdListPriceMinor: price } = facts;
  const impliedBp =
    cost !== null && price !== null && price > 0 ? multiplyRatio(cost, BP_PER_WHOLE, price) : null;
  return {
    sku: facts.sku,
    name: facts.name,
    kind: facts.kind === 'ACCESS_POINT' ? 'ACCESS_POINT' : 'HARDWARE',
    family_id: facts.familyId,
    family_name: facts.familyName,
    is_active: facts.isActive,
    unit_cost_usd_minor: cost,
    updated_at: facts.updatedAt ? facts.updatedAt.toISOString() : null,
    usd_list_price_minor: price,
    implied_cost_percent: impliedBp === null ? null : percentText(impliedBp),
  };
}

/**
 * Hardware and access-point SKUs with their landed unit cost (USD): searched by part number or
 * name, optionally only those without a cost, or one SKU alone.
 */
export async function listHwSkuCosts(
  db: Database,
  input: ListHwSkuCostsInput,
  options: { canEdit: boolean; now?: Date },
) {
  const day = priceDateOf(options.now ?? new Date());
  const kinds = input.kind ? [input.kind] : [...HW_KINDS];
  const [{ rows, total }, missingCount, hardwareMarkup, accessPointMarkup] = await Promise.all([
    findHwSkuCostPage(db, {
      kinds,
      search: input.search,
      isMissingCostOnly: input.missing_cost,
      includeRetired: input.include_retired,
      focusSku: input.focus_sku,
      ...pageWindow(input),
    }),
    countMissingHwCosts(db, [...HW_KINDS]),
    findMarkup(db, 'HARDWARE'),
    findMarkup(db, 'ACCESS_POINT'),
  ]);
  const prices = await findUsdPricesOn(
    db,
    rows.map((row) => row.sku.sku),
    day,
  );
  return {
    rows: rows.map(({ sku, familyName, cost }) =>
      hwSkuCostOf({
        sku: sku.sku,
        name: sku.name,
        kind: sku.kind,
        familyId: sku.familyId,
        familyName,
        isActive: sku.isActive,
        unitCostUsdMinor: cost?.unitCostUsdMinor ?? null,
        updatedAt: cost?.updatedAt ?? null,
        usdListPriceMinor: prices.get(sku.sku) ?? null,
      }),
    ),
    total,
    ...pageOf(input),
    price_date: day,
    missing_cost_count: missingCount,
    markups: {
      HARDWARE: hardwareMarkup ? normalizedPercent(hardwareMarkup.percent) : '0.00',
      ACCESS_POINT: accessPointMarkup ? normalizedPercent(accessPointMarkup.percent) : '0.00',
    },
    can_edit: options.canEdit,
  };
}
