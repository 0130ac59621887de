import type { Database } from '@bastion/db/client';
import type { PriceHistory } from '@bastion/domain/catalog/admin-api';
import { listPriceHistory } from './catalog-admin.repository.ts';
import { listCurrencyCodes } from '../../core/pricing/list-prices.repository.ts';
import { requireSku } from './sku-lookup.ts';
import { isoDayOf } from '../../lib/clock.ts';

/** Where a price row stands on a day. */
export function priceStatusOn(
  row: { effectiveFrom: string; effectiveTo: string | null },
  day: string,
): 'in_effect' | 'scheduled' | 'past' {
  if (row.effectiveFrom > day) return 'scheduled';
  return row.effectiveTo === null || row.effectiveTo > day ? 'in_effect' : 'past';
}

/** Every price row of a SKU in every currency, newest first, with who set each. */
export async function listSkuPriceHistory(
  db: Database,
  code: string,
  now: Date = new Date(),
): Promise<PriceHistory> {
  const sku = await requireSku(db, code);
  const day = isoDayOf(now);
  const [rows, currencyCodes] = await Promise.all([
    listPriceHistory(db, sku.sku),
    listCurrencyCodes(db),
  ]);
  return {
    sku: sku.sku,
    name: sku.name,
    is_active: sku.isActive,
    today: day,
    currency_codes: currencyCodes,
    rows: rows.map(({ price, createdByEmail }) => ({
      id: price.id,
      currency_code: price.currencyCode,
      unit_price_minor: price.unitPriceMinor,
      effective_from: price.effectiveFrom,
      effective_to: price.effectiveTo,
      status: priceStatusOn(price, day),
      created_by_email: createdByEmail,
      created_at: price.createdAt.toISOString(),
    })),
  };
}
